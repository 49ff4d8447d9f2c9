"""The storage interface: every guild's games in one database, SQLite or PostgreSQL behind the same methods.

``Storage`` is what the core holds: ``read()`` for reads, ``transaction()`` for writes (all or nothing: any
exception inside rolls everything back), ``close()``. Two backends implement it: ``SqliteStorage``
(``bot.core.storage.sqlite``: one file, one process, the default) and ``PostgresStorage``
(``bot.core.storage.postgres``: one server, several processes); ``bot.core.storage.backends.open_storage`` picks one
from a path or a ``postgresql://`` URL. Both apply the same numbered migrations (one SQL text per dialect).

``Reader`` and ``Transaction`` hold the named methods, written once in SQL both dialects accept, with ``?``
parameters: a backend's ``Connection`` translates the parameter style in one place. Every read of game data is
scoped by guild id, so nothing of one guild is reachable from another. Nothing here knows a turn: a post is a kind
and a JSON payload (what it says is the table's, ``bot.core.table.posts``), a move's public facts are JSON.
"""

from __future__ import annotations

import json
import secrets
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any, Final, Protocol

from bot.core.storage.rows import (
    ACTIVE,
    GAME_COLUMNS,
    OUTBOX_COLUMNS,
    GameRow,
    GuildSettings,
    MoveRow,
    NewMove,
    OutboxRow,
    PostToQueue,
    SeatRow,
    Status,
    game_row,
    outbox_row,
)
from bot.core.storage.shards import EVERY_GUILD, Shards
from engine import StaleState

Clock = Callable[[], float]


class IntegrityError(Exception):
    """The database refused a write that breaks one of its rules (a unique key, a foreign key, the append-only
    log), whatever the backend: the driver's own error is its ``__cause__``."""


class DatabaseUnavailable(RuntimeError):
    """The database server could not be reached or refused the connection (the message names it, without a
    password)."""


@dataclass(frozen=True, slots=True)
class Dialect:
    """What differs between the backends' SQL, in the few places where one text cannot serve both."""

    name: str
    """``sqlite`` or ``postgresql``."""
    for_update: str
    """Appended to a ``SELECT`` of rows a transaction is about to change: locks them against other processes
    (PostgreSQL); empty where one writer at a time is the rule anyway (SQLite's ``BEGIN IMMEDIATE``)."""
    skip_locked: str
    """Appended to a ``SELECT`` that claims rows: rows another process holds are skipped, not waited for."""


SQLITE: Final = Dialect("sqlite", "", "")
POSTGRESQL: Final = Dialect("postgresql", " FOR UPDATE", " FOR UPDATE SKIP LOCKED")


class Connection(Protocol):
    """What ``Reader`` and ``Transaction`` need of a backend: SQL with ``?`` parameters, rows as tuples."""

    dialect: Dialect

    async def one(self, sql: str, params: Sequence[Any] = ()) -> tuple[Any, ...] | None: ...

    async def all(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]: ...

    async def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Execute one statement; the rows it changed."""
        ...

    async def run_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Execute an ``INSERT … RETURNING id``; the new row's id."""
        ...


class Reader:
    """Reads that agree with each other: no transaction is seen half done (SQLite: under the storage's lock;
    PostgreSQL: one repeatable-read snapshot)."""

    def __init__(self, db: Connection, clock: Clock) -> None:
        self._db = db
        self._clock = clock

    @property
    def _locking(self) -> str:
        """What a read of rows about to change appends (``Dialect.for_update``): nothing outside a transaction."""
        return ""

    @property
    def dialect(self) -> Dialect:
        return self._db.dialect

    async def _one(self, sql: str, params: Sequence[Any] = ()) -> tuple[Any, ...] | None:
        return await self._db.one(sql, params)

    async def _all(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return await self._db.all(sql, params)

    async def schema_version(self) -> int:
        row = await self._one("SELECT MAX(version) FROM schema_version")
        return int(row[0]) if row and row[0] is not None else 0

    async def game(self, guild_id: int, game_id: int) -> GameRow | None:
        """The game (in a transaction: locked against other processes until the commit)."""
        row = await self._one(f"SELECT {GAME_COLUMNS} FROM games WHERE guild_id = ? AND id = ?{self._locking}",
                              (guild_id, game_id))
        return None if row is None else game_row(row)

    async def active_game_at(self, guild_id: int, place_id: int) -> GameRow | None:
        """The open lobby or running game occupying a channel or thread (or whose thread this is)."""
        row = await self._one(
            f"SELECT {GAME_COLUMNS} FROM games WHERE guild_id = ? AND status IN ('lobby', 'running') "
            f"AND (place_id = ? OR thread_id = ?) ORDER BY place_id = ? DESC, id DESC LIMIT 1{self._locking}",
            (guild_id, place_id, place_id, place_id),
        )
        return None if row is None else game_row(row)

    async def games(self, guild_id: int, statuses: Iterable[Status] = tuple(Status)) -> list[GameRow]:
        wanted = [s.value for s in statuses]
        marks = ", ".join("?" * len(wanted))
        rows = await self._all(
            f"SELECT {GAME_COLUMNS} FROM games WHERE guild_id = ? AND status IN ({marks}) ORDER BY id",
            (guild_id, *wanted),
        )
        return [game_row(r) for r in rows]

    async def games_with_seats(self, guild_id: int, statuses: Iterable[Status] = tuple(Status), *,
                               member_id: int | None = None) -> list[tuple[GameRow, list[SeatRow]]]:
        """The guild's games with those statuses and their seats, in two queries (however many games); with
        ``member_id``, only the games where that member has a seat (index ``seats_by_member``)."""
        wanted = [s.value for s in statuses]
        marks = ", ".join("?" * len(wanted))
        chosen = f"guild_id = ? AND status IN ({marks})"
        params: tuple[Any, ...] = (guild_id, *wanted)
        if member_id is not None:
            chosen += " AND id IN (SELECT game_id FROM seats WHERE member_id = ?)"
            params = (*params, member_id)
        rows = [game_row(r) for r in await self._all(f"SELECT {GAME_COLUMNS} FROM games WHERE {chosen} ORDER BY id",
                                                   params)]
        seats: dict[int, list[SeatRow]] = {}
        for r in await self._all(
            "SELECT game_id, member_id, display_name, joined_order, seat, seat_name FROM seats WHERE game_id IN "
            f"(SELECT id FROM games WHERE {chosen}) ORDER BY game_id, seat IS NULL, seat, joined_order", params,
        ):
            seats.setdefault(r[0], []).append(SeatRow(*r))
        return [(row, seats.get(row.id, [])) for row in rows]

    async def running_game_ids(self, shards: Shards = EVERY_GUILD) -> list[tuple[int, int]]:
        """``(guild_id, game_id)`` of every running game of the guilds ``shards`` owns, for resuming after a
        restart."""
        rows = await self._all(f"SELECT guild_id, id FROM games WHERE status = 'running'{shards.where()} ORDER BY id")
        return [(int(g), int(i)) for g, i in rows]

    async def seats(self, game_id: int) -> list[SeatRow]:
        rows = await self._all(
            "SELECT game_id, member_id, display_name, joined_order, seat, seat_name FROM seats WHERE game_id = ? "
            "ORDER BY seat IS NULL, seat, joined_order",
            (game_id,),
        )
        return [SeatRow(*r) for r in rows]

    async def moves(self, game_id: int, start: int = 0) -> list[str]:
        rows = await self._all("SELECT move FROM moves WHERE game_id = ? AND idx >= ? ORDER BY idx", (game_id, start))
        return [r[0] for r in rows]

    async def move_rows(self, game_id: int) -> list[MoveRow]:
        rows = await self._all(
            "SELECT game_id, idx, move, seat, actor_id, created_at FROM moves WHERE game_id = ? ORDER BY idx",
            (game_id,),
        )
        return [MoveRow(*r) for r in rows]

    async def snapshot(self, game_id: int) -> tuple[int, str] | None:
        row = await self._one("SELECT version, state_json FROM snapshots WHERE game_id = ?", (game_id,))
        return None if row is None else (int(row[0]), str(row[1]))

    async def outbox_pending(self, limit: int = 50, shards: Shards = EVERY_GUILD) -> list[OutboxRow]:
        """Unsent posts of the guilds ``shards`` owns, oldest first (for the process's one sender loop)."""
        rows = await self._all(f"SELECT {OUTBOX_COLUMNS} FROM outbox WHERE sent_at IS NULL AND given_up_at IS NULL"
                               f"{shards.where()} ORDER BY id LIMIT ?", (limit,))
        return [outbox_row(r) for r in rows]

    async def outbox_of_game(self, guild_id: int, game_id: int) -> list[OutboxRow]:
        rows = await self._all(
            f"SELECT {OUTBOX_COLUMNS} FROM outbox WHERE guild_id = ? AND game_id = ? ORDER BY id", (guild_id, game_id)
        )
        return [outbox_row(r) for r in rows]

    async def latest_post(self, guild_id: int, game_id: int, kind: str, before: int) -> OutboxRow | None:
        """The game's last post of ``kind`` queued before the post ``before`` (e.g. the scoring round it continues)."""
        row = await self._one(f"SELECT {OUTBOX_COLUMNS} FROM outbox WHERE guild_id = ? AND game_id = ? AND kind = ? "
                              "AND id < ? ORDER BY id DESC LIMIT 1", (guild_id, game_id, kind, before))
        return None if row is None else outbox_row(row)

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        row = await self._one(
            "SELECT guild_id, moderator_role_id, default_variant, use_threads, turn_hours, reminder_hours, "
            "log_channel_id FROM guild_settings WHERE guild_id = ?",
            (guild_id,),
        )
        if row is None:
            return GuildSettings(guild_id)
        g, role, variant, threads, turn, remind, log_channel = row
        return GuildSettings(g, role, variant, bool(threads), turn, remind, log_channel)


class Transaction(Reader):
    """Reads and writes inside one transaction (SQLite: ``BEGIN IMMEDIATE``; PostgreSQL: read committed, the game
    rows it reads locked with ``FOR UPDATE``)."""

    @property
    def _locking(self) -> str:
        return self.dialect.for_update

    async def _run(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Execute one statement; return the rows it changed."""
        return await self._db.run(sql, params)

    async def _run_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Execute one statement for each row of parameters."""
        await self._db.run_many(sql, rows)

    async def insert_game(
        self, *, guild_id: int, channel_id: int, variant: str, seats_wanted: int, use_thread: bool, creator_id: int,
        seed: int,
    ) -> int:
        now = self._clock()
        return await self._db.insert(
            "INSERT INTO games (guild_id, channel_id, place_id, status, variant, seats_wanted, use_thread, creator_id, "
            "seed, created_at, updated_at) VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (guild_id, channel_id, channel_id, variant, seats_wanted, int(use_thread), creator_id, str(seed), now, now),
        )

    async def _touch(self, game_id: int, assignments: str, params: Sequence[Any]) -> None:
        await self._run(f"UPDATE games SET {assignments}, updated_at = ? WHERE id = ?",
                        (*params, self._clock(), game_id))

    async def set_status(self, game_id: int, status: Status) -> None:
        now = self._clock()
        if status is Status.RUNNING:
            await self._touch(game_id, "status = ?, started_at = ?", (status.value, now))
        elif status in (Status.FINISHED, Status.ABORTED):
            await self._touch(game_id, "status = ?, finished_at = ?", (status.value, now))
        else:
            await self._touch(game_id, "status = ?", (status.value,))

    async def set_place(self, game_id: int, place_id: int) -> None:
        await self._touch(game_id, "place_id = ?", (place_id,))

    async def set_use_thread(self, game_id: int, use_thread: bool) -> None:
        await self._touch(game_id, "use_thread = ?", (int(use_thread),))

    async def set_thread(self, game_id: int, thread_id: int | None) -> None:
        await self._touch(game_id, "thread_id = ?", (thread_id,))

    async def set_lobby_message(self, game_id: int, message_id: int | None) -> None:
        await self._touch(game_id, "lobby_message_id = ?", (message_id,))

    async def set_turn_message(self, game_id: int, message_id: int | None) -> None:
        await self._touch(game_id, "turn_message_id = ?", (message_id,))

    async def set_setup(self, game_id: int, setup: dict[str, Any]) -> None:
        await self._touch(game_id, "setup_json = ?, turn_started_at = ?", (json.dumps(setup), self._clock()))

    async def add_seat(self, game_id: int, member_id: int, display_name: str) -> None:
        await self._run(
            "INSERT INTO seats (game_id, member_id, display_name, joined_order, joined_at) VALUES "
            "(?, ?, ?, (SELECT COALESCE(MAX(joined_order), 0) + 1 FROM seats WHERE game_id = ?), ?)",
            (game_id, member_id, display_name, game_id, self._clock()),
        )

    async def remove_seat(self, game_id: int, member_id: int) -> None:
        await self._run("DELETE FROM seats WHERE game_id = ? AND member_id = ?", (game_id, member_id))

    async def assign_seat(self, game_id: int, member_id: int, seat: int, seat_name: str) -> None:
        await self._run(
            "UPDATE seats SET seat = ?, seat_name = ? WHERE game_id = ? AND member_id = ?",
            (seat, seat_name, game_id, member_id),
        )

    async def advance(
        self, game_id: int, expected_version: int, new_version: int, *, status: Status | None = None,
        turn_started: bool = False,
    ) -> None:
        """Move the game's version on, if it still is ``expected_version`` (the optimistic check).

        Raises ``StaleState`` when another command committed first.
        """
        now = self._clock()
        changed = await self._run(
            "UPDATE games SET version = ?, updated_at = ?, "
            "turn_started_at = CASE WHEN ? = 1 THEN ? ELSE turn_started_at END, "
            "status = COALESCE(?, status), "
            "finished_at = CASE WHEN ? IN ('finished', 'aborted') THEN ? ELSE finished_at END "
            "WHERE id = ? AND version = ? AND status = 'running'",
            (new_version, now, int(turn_started), now, status and status.value, status and status.value, now,
             game_id, expected_version),
        )
        if changed != 1:
            raise StaleState("The game has moved on since you looked (someone else was quicker); "
                             "look at the board again and retry.")

    async def append_moves(self, game_id: int, first_index: int, moves: Sequence[NewMove]) -> None:
        now = self._clock()
        await self._db.run_many(
            "INSERT INTO moves (game_id, idx, move, seat, actor_id, created_at, story) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(game_id, first_index + i, m.text, m.seat, m.actor_id, now, json.dumps(m.story) if m.story else None)
             for i, m in enumerate(moves)],
        )

    async def put_snapshot(self, game_id: int, version: int, state_json: str) -> None:
        await self._run(
            "INSERT INTO snapshots (game_id, version, state_json, updated_at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, state_json = excluded.state_json, "
            "updated_at = excluded.updated_at",
            (game_id, version, state_json, self._clock()),
        )

    async def add_post(self, game: GameRow, version: int, post: PostToQueue, place_id: int | None = None) -> OutboxRow:
        """Queue a post in the game's channel or thread (``place_id``, default its current one)."""
        nonce = secrets.token_hex(10)  # Discord takes nonces of up to 25 characters
        channel = game.place_id if place_id is None else place_id
        now = self._clock()
        payload = json.dumps(post.payload)
        post_id = await self._db.insert(
            "INSERT INTO outbox (game_id, guild_id, channel_id, kind, version, payload_json, nonce, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (game.id, game.guild_id, channel, post.kind, version, payload, nonce, now),
        )
        return OutboxRow(post_id, game.id, game.guild_id, channel, post.kind, version, json.loads(payload), nonce, now,
                         None, None, 0, None)

    async def add_posts(self, posts: Sequence[tuple[GameRow, int, PostToQueue]]) -> list[OutboxRow]:
        """Queue many posts at once, each ``(game, version, post)`` in its game's current channel or thread: one
        statement (the scheduler's batches), the rows in the order given."""
        if not posts:
            return []
        now = self._clock()
        rows = [(game, version, post, secrets.token_hex(10), json.dumps(post.payload)) for game, version, post in posts]
        returned = dict(await self._all(
            "INSERT INTO outbox (game_id, guild_id, channel_id, kind, version, payload_json, nonce, created_at) VALUES "
            + ", ".join(["(?, ?, ?, ?, ?, ?, ?, ?)"] * len(rows)) + " RETURNING nonce, id",
            [value for game, version, post, nonce, payload in rows
             for value in (game.id, game.guild_id, game.place_id, post.kind, version, payload, nonce, now)]))
        return [OutboxRow(int(returned[nonce]), game.id, game.guild_id, game.place_id, post.kind, version,
                          json.loads(payload), nonce, now, None, None, 0, None)
                for game, version, post, nonce, payload in rows]

    async def set_creator(self, game_id: int, member_id: int) -> None:
        await self._touch(game_id, "creator_id = ?", (member_id,))

    async def mark_sent(self, post_id: int, message_id: int | None) -> bool:
        """Record a post as sent; return False if it already was."""
        return await self._run(
            "UPDATE outbox SET sent_at = ?, message_id = ?, attempts = attempts + 1 WHERE id = ? AND sent_at IS NULL",
            (self._clock(), message_id, post_id),
        ) == 1

    async def claim_posts(self, post_ids: Sequence[int], until: float) -> set[int]:
        """Claim unsent posts for sending until ``until``: the ones no other process holds (rows locked by another
        transaction are skipped, ``FOR UPDATE SKIP LOCKED``) and none claimed before (``retry_at`` in the future:
        another sender's claim, or a backoff). Returns the ids claimed; the others are not this sender's now."""
        if not post_ids:
            return set()
        marks = ", ".join("?" * len(post_ids))
        rows = await self._all(
            f"SELECT id FROM outbox WHERE id IN ({marks}) AND sent_at IS NULL AND given_up_at IS NULL "
            f"AND (retry_at IS NULL OR retry_at <= ?){self.dialect.skip_locked}", (*post_ids, self._clock()))
        claimed = {int(r[0]) for r in rows}
        if claimed:
            await self._run(f"UPDATE outbox SET retry_at = ? WHERE id IN ({', '.join('?' * len(claimed))})",
                            (until, *sorted(claimed)))
        return claimed

    async def release_posts(self, post_ids: Sequence[int]) -> None:
        """End the claims of posts not tried after all (failed ones keep their backoff: ``mark_failed``)."""
        await self._run(f"UPDATE outbox SET retry_at = NULL WHERE id IN ({', '.join('?' * len(post_ids))}) "
                        "AND sent_at IS NULL", tuple(post_ids))

    async def mark_failed(self, post_id: int, error: str, retry_at: float) -> None:
        """Count a failed try; the post waits until ``retry_at`` (its run of failures starts now, if new)."""
        now = self._clock()
        await self._run("UPDATE outbox SET attempts = attempts + 1, last_error = ?, "
                        "first_failed_at = COALESCE(first_failed_at, ?), retry_at = ? WHERE id = ?",
                        (error[:500], now, retry_at, post_id))

    async def give_up(self, game_id: int, channel_id: int) -> int:
        """Give up every unsent post of the game in that channel or thread; return how many."""
        return await self._run(
            "UPDATE outbox SET given_up_at = ? WHERE game_id = ? AND channel_id = ? AND sent_at IS NULL "
            "AND given_up_at IS NULL", (self._clock(), game_id, channel_id))

    async def requeue(self, game_id: int) -> int:
        """Send the game's given-up and waiting posts again at once (their runs of failures start over)."""
        return await self._run(
            "UPDATE outbox SET given_up_at = NULL, retry_at = NULL, first_failed_at = NULL "
            "WHERE game_id = ? AND sent_at IS NULL", (game_id,))

    async def put_guild_settings(self, settings: GuildSettings) -> None:
        await self._run(
            "INSERT INTO guild_settings (guild_id, moderator_role_id, default_variant, use_threads, turn_hours, "
            "reminder_hours, log_channel_id, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO "
            "UPDATE SET moderator_role_id = excluded.moderator_role_id, default_variant = excluded.default_variant, "
            "use_threads = excluded.use_threads, turn_hours = excluded.turn_hours, "
            "reminder_hours = excluded.reminder_hours, log_channel_id = excluded.log_channel_id, "
            "updated_at = excluded.updated_at",
            (settings.guild_id, settings.moderator_role_id, settings.default_variant, int(settings.use_threads),
             settings.turn_hours, settings.reminder_hours, settings.log_channel_id, self._clock()),
        )


class Storage(ABC):
    """The open database of a bot process; see the module's docstring. ``await close()`` when done."""

    dialect: Dialect
    shared: bool
    """True when other processes may use the same database at the same time (PostgreSQL): the outbox then claims
    each post before sending it. SQLite's single-process lock makes it False."""

    def __init__(self) -> None:
        self.reads = 0
        self.transactions = 0
        """Read blocks and write transactions so far: what commands cost, for tests and benchmarks."""

    @abstractmethod
    def read(self) -> AbstractAsyncContextManager[Reader]:
        """A consistent view for reads: no transaction is seen half done."""

    @abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[Transaction]:
        """One transaction; any exception inside rolls everything back and propagates."""

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    async def columns(self, table: str) -> list[str]:
        """The names of a table's columns (for copying a database into another)."""

    @abstractmethod
    async def ids_follow_rows(self) -> None:
        """After rows were written with their ids (a copy), let new rows get ids after the highest (PostgreSQL's
        identity sequences; SQLite's ids follow the rows by themselves)."""

    async def __aenter__(self) -> Storage:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()


__all__ = [
    "ACTIVE", "POSTGRESQL", "SQLITE", "Connection", "DatabaseUnavailable", "Dialect", "GameRow", "GuildSettings",
    "IntegrityError", "MoveRow", "NewMove", "OutboxRow", "Reader", "SeatRow", "Status", "Storage",
    "Transaction",
]
