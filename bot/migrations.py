"""The database schema as numbered migrations, applied in order at start (``schema_version`` table).

Never edit a migration that has shipped; add the next number. Each one runs in its own transaction.
Times are Unix seconds (REAL), ready for Discord's ``<t:…>`` timestamps. Discord ids are INTEGER.
"""

from __future__ import annotations

from typing import Final

MIGRATIONS: Final[tuple[tuple[int, str], ...]] = (
    (1, """
CREATE TABLE guild_settings (
    guild_id          INTEGER PRIMARY KEY,
    moderator_role_id INTEGER,
    default_variant   TEXT    NOT NULL DEFAULT 'basic' CHECK (default_variant IN ('basic', 'auction')),
    use_threads       INTEGER NOT NULL DEFAULT 1,
    turn_hours        INTEGER,                         -- a turn's deadline; NULL: no deadline
    reminder_hours    INTEGER,                         -- remind the player to act after; NULL: never
    updated_at        REAL    NOT NULL
);

CREATE TABLE games (
    id               INTEGER PRIMARY KEY,
    guild_id         INTEGER NOT NULL,
    channel_id       INTEGER NOT NULL,                 -- where the lobby was opened
    thread_id        INTEGER,                          -- the game's own thread, if it has one
    place_id         INTEGER NOT NULL,                 -- the channel or thread the game occupies now
    lobby_message_id INTEGER,
    turn_message_id  INTEGER,
    status           TEXT    NOT NULL CHECK (status IN ('lobby', 'running', 'finished', 'aborted')),
    variant          TEXT    NOT NULL CHECK (variant IN ('basic', 'auction')),
    seats_wanted     INTEGER NOT NULL CHECK (seats_wanted BETWEEN 2 AND 4),
    use_thread       INTEGER NOT NULL,
    creator_id       INTEGER NOT NULL,
    seed             TEXT    NOT NULL,                 -- secret until the game ends (SPEC ruling 13); 64 bits
    setup_json       TEXT,                             -- the record without moves, set at start
    version          INTEGER NOT NULL DEFAULT 0,       -- moves in the log
    created_at       REAL    NOT NULL,
    updated_at       REAL    NOT NULL,
    started_at       REAL,
    finished_at      REAL,
    turn_started_at  REAL,                             -- when the player to act became the player to act
    deadline_at      REAL,                             -- for the reminders issue
    reminded_at      REAL
);
-- One open lobby or running game per channel or thread, enforced by the database itself.
CREATE UNIQUE INDEX games_one_per_place ON games (guild_id, place_id) WHERE status IN ('lobby', 'running');
CREATE INDEX games_by_guild ON games (guild_id, status);
CREATE INDEX games_by_deadline ON games (deadline_at) WHERE status = 'running' AND deadline_at IS NOT NULL;

CREATE TABLE seats (
    game_id      INTEGER NOT NULL REFERENCES games (id),
    member_id    INTEGER NOT NULL,
    display_name TEXT    NOT NULL,
    joined_order INTEGER NOT NULL,
    joined_at    REAL    NOT NULL,
    seat         INTEGER,                              -- 0-based, set at start
    seat_name    TEXT,                                 -- SPEC section 6, set at start, kept if the member is replaced
    PRIMARY KEY (game_id, member_id)
);
CREATE UNIQUE INDEX seats_by_seat ON seats (game_id, seat) WHERE seat IS NOT NULL;

-- The source of truth: a game's state is the fold of the engine over this log.
CREATE TABLE moves (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    idx        INTEGER NOT NULL,                       -- 0-based; the game's version before the move
    move       TEXT    NOT NULL,                       -- canonical notation
    seat       INTEGER NOT NULL,                       -- the seat that acted
    actor_id   INTEGER,                                -- the member who sent it; NULL: the bot, for an absent seat
    created_at REAL    NOT NULL,
    PRIMARY KEY (game_id, idx)
) WITHOUT ROWID;
CREATE TRIGGER moves_no_update BEFORE UPDATE ON moves
BEGIN SELECT RAISE(ABORT, 'the move log is append-only'); END;
CREATE TRIGGER moves_no_delete BEFORE DELETE ON moves
BEGIN SELECT RAISE(ABORT, 'the move log is append-only'); END;

-- A cache only: replayed from the log whenever its version differs from the game's.
CREATE TABLE snapshots (
    game_id    INTEGER PRIMARY KEY REFERENCES games (id),
    version    INTEGER NOT NULL,
    state_json TEXT    NOT NULL,
    updated_at REAL    NOT NULL
);

-- Posts that follow a committed move, written in the move's transaction and sent after it.
CREATE TABLE outbox (
    id           INTEGER PRIMARY KEY,
    game_id      INTEGER NOT NULL REFERENCES games (id),
    guild_id     INTEGER NOT NULL,
    channel_id   INTEGER NOT NULL,
    kind         TEXT    NOT NULL,
    version      INTEGER NOT NULL,                     -- the game's version the post describes
    payload_json TEXT    NOT NULL,
    nonce        TEXT    NOT NULL UNIQUE,              -- Discord's message nonce: a re-send is not duplicated
    created_at   REAL    NOT NULL,
    sent_at      REAL,
    message_id   INTEGER,
    attempts     INTEGER NOT NULL DEFAULT 0,
    last_error   TEXT
);
CREATE INDEX outbox_pending ON outbox (id) WHERE sent_at IS NULL;
CREATE INDEX outbox_by_game ON outbox (game_id, id);
"""),
)
