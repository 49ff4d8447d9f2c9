"""The SQLite schema as numbered migrations, applied in order at start (``schema_version`` table).

Never edit a migration that has shipped; add the next number, here and its PostgreSQL twin with the same number
in ``bot.core.storage.migrations_pg`` (a test fails while the two lists differ). Each one runs in its own
transaction. Times are Unix seconds (REAL), ready for Discord's ``<t:…>`` timestamps. Discord ids are INTEGER.
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
    seed             TEXT    NOT NULL,                 -- secret until the game ends (ruling 13); 64 bits
    setup_json       TEXT,                             -- the record without moves, set at start
    version          INTEGER NOT NULL DEFAULT 0,       -- moves in the log
    created_at       REAL    NOT NULL,
    updated_at       REAL    NOT NULL,
    started_at       REAL,
    finished_at      REAL,
    turn_started_at  REAL,                             -- when the player to act became the player to act
    deadline_at      REAL,                             -- for the reminders
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
    seat_name    TEXT,                                 -- rules.md §6, set at start, kept if the member is replaced
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
    (2, """
-- Games that live for days: members' reminder settings, per-game clocks (reminders, deadlines, pause), absent seats,
-- results for statistics, and the removal of guilds that dropped the bot.

-- Global per Discord user (a person has one time zone), not per guild; "forget me" deletes the row.
CREATE TABLE member_settings (
    user_id     INTEGER PRIMARY KEY,
    delivery    TEXT    NOT NULL DEFAULT 'channel' CHECK (delivery IN ('channel', 'dm')),
    time_zone   TEXT,                                  -- IANA name
    quiet_start TEXT,                                  -- 'HH:MM' wall clock in time_zone
    quiet_end   TEXT,
    updated_at  REAL    NOT NULL
);

-- Guild defaults beside guild_settings (whose turn_hours is the default turn deadline).
CREATE TABLE guild_timing (
    guild_id   INTEGER PRIMARY KEY,
    reminders  INTEGER NOT NULL DEFAULT 1,
    bid_hours  REAL,
    policy     TEXT    NOT NULL DEFAULT 'wait' CHECK (policy IN ('skip', 'wait')),
    updated_at REAL    NOT NULL
);

-- One row per game: its configuration (copied from the guild's defaults when the game is created) and the
-- schedule of the current wait (the player to act or to bid). next_due is when the scheduler must look again.
CREATE TABLE game_clocks (
    game_id       INTEGER PRIMARY KEY REFERENCES games (id),
    guild_id      INTEGER NOT NULL,
    reminders     INTEGER NOT NULL DEFAULT 1,
    turn_hours    REAL,
    bid_hours     REAL,
    policy        TEXT    NOT NULL DEFAULT 'wait' CHECK (policy IN ('skip', 'wait')),
    paused_at     REAL,
    paused_by     INTEGER,
    wait_key      TEXT,                                -- 'turn:seat:kind' of the wait the schedule is for
    seat          INTEGER,
    kind          TEXT,                                -- 'turn' or 'bid'
    wait_started  REAL,
    reminder_step INTEGER NOT NULL DEFAULT 0,          -- reminder steps of this wait used up
    reminded_at   REAL,
    remind_at     REAL,
    deadline_at   REAL,
    deadline_done INTEGER NOT NULL DEFAULT 0,          -- the deadline's policy was applied for this wait
    next_due      REAL
);
CREATE INDEX game_clocks_due ON game_clocks (next_due) WHERE next_due IS NOT NULL;
CREATE INDEX game_clocks_by_guild ON game_clocks (guild_id);
INSERT INTO game_clocks (game_id, guild_id, turn_hours, next_due)
SELECT g.id, g.guild_id, s.turn_hours, CASE WHEN g.status = 'running' THEN 0 END
FROM games g LEFT JOIN guild_settings s ON s.guild_id = g.guild_id;

CREATE TRIGGER games_clock_at_new AFTER INSERT ON games
BEGIN
    INSERT INTO game_clocks (game_id, guild_id, reminders, turn_hours, bid_hours, policy) VALUES (
        NEW.id, NEW.guild_id,
        COALESCE((SELECT reminders FROM guild_timing WHERE guild_id = NEW.guild_id), 1),
        (SELECT turn_hours FROM guild_settings WHERE guild_id = NEW.guild_id),
        (SELECT bid_hours FROM guild_timing WHERE guild_id = NEW.guild_id),
        COALESCE((SELECT policy FROM guild_timing WHERE guild_id = NEW.guild_id), 'wait'));
END;
CREATE TRIGGER games_clock_at_end AFTER UPDATE OF status ON games WHEN NEW.status <> 'running'
BEGIN
    UPDATE game_clocks SET next_due = NULL WHERE game_id = NEW.id;
END;

-- A kicked or resigned seat: its member is replaced in seats by a placeholder id below 0 (-1 - seat).
CREATE TABLE absent_seats (
    game_id          INTEGER NOT NULL REFERENCES games (id),
    seat             INTEGER NOT NULL,
    former_member_id INTEGER NOT NULL,
    reason           TEXT    NOT NULL CHECK (reason IN ('kicked', 'resigned')),
    by_id            INTEGER NOT NULL,
    since            REAL    NOT NULL,
    PRIMARY KEY (game_id, seat)
);

-- Final scores, written in the transaction of a game's last move (statistics read only this).
CREATE TABLE game_results (
    game_id     INTEGER NOT NULL REFERENCES games (id),
    guild_id    INTEGER NOT NULL,
    seat        INTEGER NOT NULL,
    member_id   INTEGER NOT NULL,                      -- the seat's member at the end (its former one if absent)
    seat_name   TEXT    NOT NULL,
    score       INTEGER NOT NULL,
    winner      INTEGER NOT NULL,                      -- shared wins count for everyone sharing them
    absent      INTEGER NOT NULL,
    finished_at REAL    NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX game_results_by_guild ON game_results (guild_id, member_id);

-- Auction standing orders: what the bot bids for a seat in one round (max_bid NULL: pass).
CREATE TABLE standing_orders (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    seat       INTEGER NOT NULL,
    round      INTEGER NOT NULL,
    max_bid    INTEGER,
    member_id  INTEGER NOT NULL,
    created_at REAL    NOT NULL,
    PRIMARY KEY (game_id, seat)
);

-- Guilds that removed the bot: their games are purged at purge_at unless the bot is added back before.
CREATE TABLE guild_removals (
    guild_id   INTEGER PRIMARY KEY,
    removed_at REAL NOT NULL,
    purge_at   REAL NOT NULL
);
CREATE INDEX guild_removals_due ON guild_removals (purge_at);

-- The move log stays append-only, except for the games a purge names here inside its own transaction.
CREATE TABLE purge_permits (game_id INTEGER PRIMARY KEY);
DROP TRIGGER moves_no_delete;
CREATE TRIGGER moves_no_delete BEFORE DELETE ON moves
WHEN NOT EXISTS (SELECT 1 FROM purge_permits WHERE game_id = OLD.game_id)
BEGIN SELECT RAISE(ABORT, 'the move log is append-only'); END;
"""),
    (3, """
-- Seats played by a computer player: its level and its own seed (never the game's).
CREATE TABLE computer_seats (
    game_id INTEGER NOT NULL REFERENCES games (id),
    seat    INTEGER NOT NULL,
    level   TEXT    NOT NULL CHECK (level IN ('random', 'easy', 'strong')),
    ai_seed INTEGER NOT NULL,
    by_id   INTEGER NOT NULL,
    since   REAL    NOT NULL,
    PRIMARY KEY (game_id, seat)
);
-- A lobby opened with computer players: its computer seats (member ids -100, -101, …) get this level at start.
CREATE TABLE computer_lobbies (
    game_id INTEGER PRIMARY KEY REFERENCES games (id),
    level   TEXT    NOT NULL CHECK (level IN ('random', 'easy', 'strong'))
);

-- The deadline policy 'computer' (a computer player takes an overdue turn): SQLite cannot change a CHECK,
-- so both tables are rebuilt with their rows, indexes and triggers.
CREATE TABLE guild_timing_v3 (
    guild_id   INTEGER PRIMARY KEY,
    reminders  INTEGER NOT NULL DEFAULT 1,
    bid_hours  REAL,
    policy     TEXT    NOT NULL DEFAULT 'wait' CHECK (policy IN ('skip', 'wait', 'computer')),
    updated_at REAL    NOT NULL
);
INSERT INTO guild_timing_v3 (guild_id, reminders, bid_hours, policy, updated_at)
SELECT guild_id, reminders, bid_hours, policy, updated_at FROM guild_timing;
DROP TRIGGER games_clock_at_new;
DROP TRIGGER games_clock_at_end;
DROP TABLE guild_timing;
ALTER TABLE guild_timing_v3 RENAME TO guild_timing;

CREATE TABLE game_clocks_v3 (
    game_id       INTEGER PRIMARY KEY REFERENCES games (id),
    guild_id      INTEGER NOT NULL,
    reminders     INTEGER NOT NULL DEFAULT 1,
    turn_hours    REAL,
    bid_hours     REAL,
    policy        TEXT    NOT NULL DEFAULT 'wait' CHECK (policy IN ('skip', 'wait', 'computer')),
    paused_at     REAL,
    paused_by     INTEGER,
    wait_key      TEXT,
    seat          INTEGER,
    kind          TEXT,
    wait_started  REAL,
    reminder_step INTEGER NOT NULL DEFAULT 0,
    reminded_at   REAL,
    remind_at     REAL,
    deadline_at   REAL,
    deadline_done INTEGER NOT NULL DEFAULT 0,
    next_due      REAL
);
INSERT INTO game_clocks_v3 (game_id, guild_id, reminders, turn_hours, bid_hours, policy, paused_at, paused_by,
    wait_key, seat, kind, wait_started, reminder_step, reminded_at, remind_at, deadline_at, deadline_done, next_due)
SELECT game_id, guild_id, reminders, turn_hours, bid_hours, policy, paused_at, paused_by, wait_key, seat, kind,
    wait_started, reminder_step, reminded_at, remind_at, deadline_at, deadline_done, next_due FROM game_clocks;
DROP TABLE game_clocks;
ALTER TABLE game_clocks_v3 RENAME TO game_clocks;
CREATE INDEX game_clocks_due ON game_clocks (next_due) WHERE next_due IS NOT NULL;
CREATE INDEX game_clocks_by_guild ON game_clocks (guild_id);

CREATE TRIGGER games_clock_at_new AFTER INSERT ON games
BEGIN
    INSERT INTO game_clocks (game_id, guild_id, reminders, turn_hours, bid_hours, policy) VALUES (
        NEW.id, NEW.guild_id,
        COALESCE((SELECT reminders FROM guild_timing WHERE guild_id = NEW.guild_id), 1),
        (SELECT turn_hours FROM guild_settings WHERE guild_id = NEW.guild_id),
        (SELECT bid_hours FROM guild_timing WHERE guild_id = NEW.guild_id),
        COALESCE((SELECT policy FROM guild_timing WHERE guild_id = NEW.guild_id), 'wait'));
END;
CREATE TRIGGER games_clock_at_end AFTER UPDATE OF status ON games WHEN NEW.status <> 'running'
BEGIN
    UPDATE game_clocks SET next_due = NULL WHERE game_id = NEW.id;
END;
"""),
    (4, """
-- The outbox gives a post up by elapsed time (not by attempts), backs off between tries, and keeps
-- a given-up post (not sent) so that a moderator can send it again (/tikal-mod resend).
ALTER TABLE outbox ADD COLUMN first_failed_at REAL;  -- the first failure of the current run of failures
ALTER TABLE outbox ADD COLUMN retry_at REAL;         -- not tried again before this (backoff)
ALTER TABLE outbox ADD COLUMN given_up_at REAL;      -- given up: never sent, until a moderator resends it
-- Posts given up before (marked sent without a message after an error) become given-up posts.
UPDATE outbox SET given_up_at = sent_at, sent_at = NULL
WHERE sent_at IS NOT NULL AND message_id IS NULL AND last_error IS NOT NULL;
DROP INDEX outbox_pending;
CREATE INDEX outbox_pending ON outbox (id) WHERE sent_at IS NULL AND given_up_at IS NULL;
CREATE INDEX outbox_given_up ON outbox (game_id) WHERE sent_at IS NULL AND given_up_at IS NOT NULL;
"""),
    (5, """
-- What the process keeps between starts that is no game's, e.g. the hash and ids of the slash
-- commands last synced with Discord (they are synced again only when the tree changed).
CREATE TABLE app_state (
    key        TEXT PRIMARY KEY,
    value      TEXT NOT NULL,
    updated_at REAL NOT NULL
);
"""),
    (6, """
-- A member's games (/tikal-game games mine) by index, not by reading every game of the guild.
CREATE INDEX seats_by_member ON seats (member_id, game_id);
"""),
    (7, """
-- The variants of rules.md §7. A game's variant and options as chosen in its lobby; Start writes them into
-- setup_json (the record), which holds them from then on. games.variant's CHECK cannot hold 'rapido' (SQLite
-- changes a CHECK only by rebuilding the table), so a Rápido game keeps 'auction' there (its rounds open with
-- auctions) and its true variant here. A game without a row here is as games.variant says, without options.
CREATE TABLE game_options (
    game_id INTEGER PRIMARY KEY REFERENCES games (id),
    variant TEXT    NOT NULL CHECK (variant IN ('basic', 'auction', 'rapido')),
    options TEXT    NOT NULL DEFAULT ''                -- rules.md §7.0.1 names in canonical order, space-separated
);

-- Tikal Rápido's jumps are secret and simultaneous (rules.md §7.6.4): a player's chips for the jump under way, kept
-- here until everyone has chosen; then every jump move is logged in round order in one transaction and these
-- rows are deleted. Never shown to anyone but the seat's member (no post, view, export or log holds them).
CREATE TABLE jump_choices (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    seat       INTEGER NOT NULL,
    jump       INTEGER NOT NULL,                       -- the game's version when the jump opened
    chips      INTEGER NOT NULL CHECK (chips BETWEEN 1 AND 5),
    member_id  INTEGER,                                -- who chose; NULL: the bot (computer, absent seat, deadline)
    created_at REAL    NOT NULL,
    PRIMARY KEY (game_id, seat)
);
"""),
    (8, """
-- Ratings per server (OpenSkill's Plackett-Luce model), seasons, and how a server counts the seats that
-- left a game and the games that were stopped.

-- How a server rates a seat whose player resigned or was kicked, and a stopped game (no row: the defaults).
CREATE TABLE guild_rating (
    guild_id   INTEGER PRIMARY KEY,
    resigned   TEXT    NOT NULL DEFAULT 'last' CHECK (resigned IN ('last', 'score', 'unrated')),
    kicked     TEXT    NOT NULL DEFAULT 'resigned' CHECK (kicked IN ('resigned', 'last', 'score', 'unrated')),
    aborted    TEXT    NOT NULL DEFAULT 'unrated' CHECK (aborted IN ('unrated', 'scores')),
    updated_at REAL    NOT NULL
);

-- Seasons that a server's moderators start and end: at most one open at a time, names unique in the server.
CREATE TABLE seasons (
    id         INTEGER PRIMARY KEY,
    guild_id   INTEGER NOT NULL,
    name       TEXT    NOT NULL,
    started_at REAL    NOT NULL,
    started_by INTEGER NOT NULL,
    ended_at   REAL,
    ended_by   INTEGER
);
CREATE UNIQUE INDEX seasons_one_open ON seasons (guild_id) WHERE ended_at IS NULL;
CREATE UNIQUE INDEX seasons_by_name ON seasons (guild_id, lower(name));

-- Each player's current rating per server and season (season_id 0: all time). A player is a member (their Discord
-- id) or a computer level (-201 random, -202 easy, -203 strong). ordinal is openskill's mu - 3 sigma (sorting).
CREATE TABLE ratings (
    guild_id    INTEGER NOT NULL,
    season_id   INTEGER NOT NULL,
    player_id   INTEGER NOT NULL,
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL,
    ordinal     REAL    NOT NULL,
    games       INTEGER NOT NULL,
    wins        INTEGER NOT NULL,
    last_played REAL    NOT NULL,
    PRIMARY KEY (guild_id, season_id, player_id)
);
CREATE INDEX ratings_board ON ratings (guild_id, season_id, ordinal);

-- Whether an ended game was rated: one row per finished or stopped game, written in the transaction that ends it
-- (its primary key makes a second rating of a game impossible). Games that ended before ratings existed are marked
-- 'before' here and never rated.
CREATE TABLE rated_games (
    game_id   INTEGER PRIMARY KEY REFERENCES games (id),
    guild_id  INTEGER NOT NULL,
    season_id INTEGER,                                 -- the season open when the game ended, if any
    outcome   TEXT    NOT NULL CHECK (outcome IN ('rated', 'aborted', 'too_few', 'before')),
    rated_at  REAL    NOT NULL
);
INSERT INTO rated_games (game_id, guild_id, season_id, outcome, rated_at)
SELECT id, guild_id, NULL, 'before', COALESCE(finished_at, updated_at) FROM games
WHERE status IN ('finished', 'aborted');

-- What a rated game did to each seat's rating, per scope (all time, and the season open then).
CREATE TABLE rating_history (
    game_id      INTEGER NOT NULL REFERENCES games (id),
    season_id    INTEGER NOT NULL,
    seat         INTEGER NOT NULL,
    guild_id     INTEGER NOT NULL,
    player_id    INTEGER NOT NULL,
    place        INTEGER NOT NULL,                     -- 1: first (equal places are ties)
    seats        INTEGER NOT NULL,                     -- how many seats were rated
    counted      TEXT    NOT NULL CHECK (counted IN ('score', 'last')),
    mu_before    REAL    NOT NULL,
    sigma_before REAL    NOT NULL,
    mu_after     REAL    NOT NULL,
    sigma_after  REAL    NOT NULL,
    rated_at     REAL    NOT NULL,
    PRIMARY KEY (game_id, season_id, seat)
);
CREATE INDEX rating_history_by_player ON rating_history (guild_id, player_id, season_id, rated_at);
"""),
    (9, """
-- A ping that is deleted once answered (the next bidder's, a pick's, a reminder …). A post sent as such
-- a ping keeps ping = 1 until its message is deleted (or deleting it kept failing); the game moving past the
-- post's version answers it. Migration 8 is the ratings' and seasons'.
ALTER TABLE outbox ADD COLUMN ping INTEGER NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN ping_tries INTEGER NOT NULL DEFAULT 0;  -- failed deletions in a row
ALTER TABLE outbox ADD COLUMN ping_retry_at REAL;                     -- not tried again before this
CREATE INDEX outbox_pings ON outbox (game_id) WHERE ping = 1;
"""),
    (10, """
-- The bot in six languages. A server's language for its channel posts, as a moderator set it
-- (/tikal-mod config language); no row: the server's own preferred locale, English when unknown.
CREATE TABLE guild_languages (
    guild_id   INTEGER PRIMARY KEY,
    language   TEXT    NOT NULL CHECK (language IN ('en', 'de', 'fr', 'es', 'it', 'nl')),
    updated_at REAL    NOT NULL
);

-- A member's Discord locale as last seen in an interaction (global per user, like member_settings): direct
-- messages are written in it. Written only when it changed; "forget me" deletes the row.
CREATE TABLE member_locales (
    user_id    INTEGER PRIMARY KEY,
    locale     TEXT    NOT NULL,
    seen_at    REAL    NOT NULL
);
"""),
    (11, """
-- A server's clock out of the box and its moderators' log channel. In the server's defaults
-- (guild_settings.turn_hours, guild_timing.bid_hours) NULL now means the bot's default (bot.core.timing.DEFAULTS)
-- and 0 "no deadline"; a game's own clock (game_clocks) is as before. A new game's clock is written by the
-- service from those defaults (bot.core.timing.clock_of), so the trigger that copied the raw columns goes.
ALTER TABLE guild_settings ADD COLUMN log_channel_id INTEGER;  -- moderator notices go here; NULL: none
DROP TRIGGER games_clock_at_new;
"""),
    (12, """
-- The channel: one message per wait, pings never deleted. Each move keeps the public facts of what it
-- did (the hexagon placed or picked, the points scored, the auction it closed: bot.core.story) as JSON, what a
-- wait's "since your last turn" is told from; a move of an older game has none. The answered pings migration 9 deleted
-- are gone, and their columns with them. A member is told of their waits in the channel, by DM or both
-- (/tikal-game notify): SQLite changes a CHECK only by rebuilding the table.
ALTER TABLE moves ADD COLUMN story TEXT;
CREATE TABLE member_settings_new (
    user_id     INTEGER PRIMARY KEY,
    delivery    TEXT    NOT NULL DEFAULT 'channel' CHECK (delivery IN ('channel', 'dm', 'both')),
    time_zone   TEXT,
    quiet_start TEXT,
    quiet_end   TEXT,
    updated_at  REAL    NOT NULL
);
INSERT INTO member_settings_new SELECT user_id, delivery, time_zone, quiet_start, quiet_end, updated_at
    FROM member_settings;
DROP TABLE member_settings;
ALTER TABLE member_settings_new RENAME TO member_settings;
DROP INDEX outbox_pings;
ALTER TABLE outbox DROP COLUMN ping;
ALTER TABLE outbox DROP COLUMN ping_tries;
ALTER TABLE outbox DROP COLUMN ping_retry_at;
"""),
    (13, """
-- The guided first game. A tutorial's game names its lesson (NULL: an ordinary game); it is private to
-- its member, posts nothing in a channel and counts for no rating, statistic or season. Its place is a private
-- thread, or (ephemeral answers only) a place of its own below zero: -member_id. Each lesson a member started keeps
-- a row, naming the lesson's latest game (the moderators count them); at most one is under way per member and
-- server.
ALTER TABLE games ADD COLUMN lesson TEXT;
CREATE TABLE tutorials (
    guild_id      INTEGER NOT NULL,
    member_id     INTEGER NOT NULL,
    lesson        TEXT    NOT NULL,
    game_id       INTEGER NOT NULL REFERENCES games (id),  -- the lesson's latest game
    seat          INTEGER NOT NULL DEFAULT 0,              -- the member's seat in it
    step          INTEGER NOT NULL DEFAULT 0,              -- the step under way (0-based); the steps' count: done
    opponent_turn INTEGER NOT NULL DEFAULT 0,              -- the computer player's turns played from the lesson
    outcome       TEXT,                                    -- what the member's last move did: advanced, other
    private       TEXT    NOT NULL CHECK (private IN ('thread', 'ephemeral')),
    started_at    REAL    NOT NULL,
    finished_at   REAL,                                    -- when the member last reached its end
    skipped       INTEGER NOT NULL DEFAULT 0,
    closed        INTEGER NOT NULL DEFAULT 0,              -- its game is over: done, skipped, restarted or left
    updated_at    REAL    NOT NULL,
    PRIMARY KEY (guild_id, member_id, lesson)
);
CREATE UNIQUE INDEX tutorials_one_under_way ON tutorials (guild_id, member_id) WHERE closed = 0;
CREATE UNIQUE INDEX tutorials_by_game ON tutorials (game_id);
"""),
    (14, """
-- The web view. Each game's page has one unguessable address: a token of 192 bits from `secrets`, made
-- when the game is first linked (bot.core.spectators.links) and replaced when a moderator renews it
-- (/tikal-mod weblink): the old address then leads nowhere.
CREATE TABLE web_links (
    game_id    INTEGER PRIMARY KEY REFERENCES games (id),
    token      TEXT    NOT NULL UNIQUE,
    created_at REAL    NOT NULL
);
"""),
    (15, """
-- The review of a finished game (bot.core.league.review, engine.ai.review): every turn judged by the strong
-- computer player, as JSON, kept so that the next request is answered at once. A cache only: made again when the
-- judgement it was made with (judged_by) is no longer the bot's.
CREATE TABLE game_reviews (
    game_id    INTEGER PRIMARY KEY REFERENCES games (id),
    judged_by  TEXT    NOT NULL,
    turns_json TEXT    NOT NULL,
    created_at REAL    NOT NULL
);
"""),
    (16, """
-- The scheduler's batches: a game's clock keeps the phase its wait was last planned in (a reminder says "your pick"
-- or "your turn" from it), so a due reminder needs no load of the game. NULL in a clock written before: the
-- scheduler loads that game once, and the next plan fills it in.
ALTER TABLE game_clocks ADD COLUMN phase TEXT;
"""),
    (17, """
-- Playing from the web page: a member's own link (for one seat of one game) and the browser sessions it opens.
-- Only SHA-256 hashes of the link's token and of each session's id are kept: the database never holds what a browser
-- presents. A seat has one link at a time (a new one replaces it); a moderator's renewal of the page's address and a
-- seat changing hands delete the seat's link and sessions (bot.core.web_play).
CREATE TABLE web_member_links (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    seat       INTEGER NOT NULL,
    member_id  INTEGER NOT NULL,
    token_hash TEXT    NOT NULL UNIQUE,
    created_at REAL    NOT NULL,
    expires_at REAL    NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE web_sessions (
    session_hash TEXT    PRIMARY KEY,
    game_id      INTEGER NOT NULL REFERENCES games (id),
    seat         INTEGER NOT NULL,
    member_id    INTEGER NOT NULL,
    created_at   REAL    NOT NULL,
    expires_at   REAL    NOT NULL
);
CREATE INDEX web_sessions_by_seat ON web_sessions (game_id, seat);
"""),
)
