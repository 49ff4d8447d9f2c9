"""Every guild's games in one SQLite file, through aiosqlite.

The file is opened in WAL mode with foreign keys on and a busy timeout; the numbered migrations of
``bot.migrations`` are applied at open; an exclusive lock file keeps a second process out. All access
goes through one connection, serialised by an ``asyncio.Lock``: ``read()`` for reads, ``transaction()``
(``BEGIN IMMEDIATE … COMMIT``, rolled back on any exception) for writes. Every read of game data is
scoped by guild id, so nothing of one guild is reachable from another.
"""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any, Final

import aiosqlite

from bot.core.migrations import MIGRATIONS
from bot.core.posts import NewPost
from bot.core.process_lock import ProcessLock
from engine import StaleState

Clock = Callable[[], float]


class Status(StrEnum):
    LOBBY = "lobby"
    RUNNING = "running"
    FINISHED = "finished"
    ABORTED = "aborted"


ACTIVE: Final = (Status.LOBBY, Status.RUNNING)


@dataclass(frozen=True, slots=True)
class GameRow:
    """A row of ``games``. It holds the seed: it stays inside the service."""

    id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    place_id: int
    lobby_message_id: int | None
    turn_message_id: int | None
    status: Status
    variant: str
    seats_wanted: int
    use_thread: bool
    creator_id: int
    seed: int
    setup: dict[str, Any] | None
    version: int
    created_at: float
    updated_at: float
    started_at: float | None
    finished_at: float | None
    turn_started_at: float | None
    deadline_at: float | None


_GAME_COLUMNS: Final = (
    "id, guild_id, channel_id, thread_id, place_id, lobby_message_id, turn_message_id, status, variant, "
    "seats_wanted, use_thread, creator_id, seed, setup_json, version, created_at, updated_at, started_at, "
    "finished_at, turn_started_at, deadline_at"
)


def _game(row: sqlite3.Row | tuple[Any, ...]) -> GameRow:
    (id_, guild, channel, thread, place, lobby_msg, turn_msg, status, variant, wanted, use_thread, creator,
     seed, setup_json, version, created, updated, started, finished, turn_started, deadline) = tuple(row)
    return GameRow(
        id=id_, guild_id=guild, channel_id=channel, thread_id=thread, place_id=place,
        lobby_message_id=lobby_msg, turn_message_id=turn_msg, status=Status(status), variant=variant,
        seats_wanted=wanted, use_thread=bool(use_thread), creator_id=creator, seed=int(seed),
        setup=json.loads(setup_json) if setup_json else None, version=version, created_at=created,
        updated_at=updated, started_at=started, finished_at=finished, turn_started_at=turn_started,
        deadline_at=deadline,
    )


@dataclass(frozen=True, slots=True)
class SeatRow:
    game_id: int
    member_id: int
    display_name: str
    joined_order: int
    seat: int | None
    seat_name: str | None


@dataclass(frozen=True, slots=True)
class MoveRow:
    game_id: int
    index: int
    move: str
    seat: int
    actor_id: int | None
    created_at: float


@dataclass(frozen=True, slots=True)
class OutboxRow:
    id: int
    game_id: int
    guild_id: int
    channel_id: int
    kind: str
    version: int
    payload: dict[str, Any]
    nonce: str
    created_at: float
    sent_at: float | None
    message_id: int | None
    attempts: int
    last_error: str | None
    first_failed_at: float | None = None
    """When the current run of failures began (None: not failing)."""
    retry_at: float | None = None
    """Not tried again before this (backoff)."""
    given_up_at: float | None = None
    """Given up (never sent) until a moderator resends it."""


_OUTBOX_COLUMNS: Final = (
    "id, game_id, guild_id, channel_id, kind, version, payload_json, nonce, created_at, sent_at, message_id, "
    "attempts, last_error, first_failed_at, retry_at, given_up_at"
)


def _outbox(row: sqlite3.Row | tuple[Any, ...]) -> OutboxRow:
    (id_, game, guild, channel, kind, version, payload, nonce, created, sent, message, attempts, error, failed,
     retry, given_up) = tuple(row)
    return OutboxRow(id_, game, guild, channel, kind, version, json.loads(payload), nonce, created, sent, message,
                     attempts, error, failed, retry, given_up)


@dataclass(frozen=True, slots=True)
class GuildSettings:
    guild_id: int
    moderator_role_id: int | None = None
    default_variant: str = "basic"
    use_threads: bool = True
    turn_hours: int | None = None
    reminder_hours: int | None = None


@dataclass(frozen=True, slots=True)
class NewMove:
    """A move to append to the log."""

    text: str
    seat: int
    actor_id: int | None


class Reader:
    """Reads inside the storage lock (consistent: no transaction of this process is half done)."""

    def __init__(self, db: aiosqlite.Connection, clock: Clock) -> None:
        self._db = db
        self._clock = clock

    async def _one(self, sql: str, params: Sequence[Any] = ()) -> tuple[Any, ...] | None:
        async with self._db.execute(sql, params) as cursor:
            row = await cursor.fetchone()
        return None if row is None else tuple(row)

    async def _all(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        async with self._db.execute(sql, params) as cursor:
            rows = await cursor.fetchall()
        return [tuple(r) for r in rows]

    async def schema_version(self) -> int:
        row = await self._one("SELECT MAX(version) FROM schema_version")
        return int(row[0]) if row and row[0] is not None else 0

    async def game(self, guild_id: int, game_id: int) -> GameRow | None:
        row = await self._one(f"SELECT {_GAME_COLUMNS} FROM games WHERE guild_id = ? AND id = ?", (guild_id, game_id))
        return None if row is None else _game(row)

    async def active_game_at(self, guild_id: int, place_id: int) -> GameRow | None:
        """The open lobby or running game occupying a channel or thread (or whose thread this is)."""
        row = await self._one(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE guild_id = ? AND status IN ('lobby', 'running') "
            "AND (place_id = ? OR thread_id = ?) ORDER BY place_id = ? DESC, id DESC LIMIT 1",
            (guild_id, place_id, place_id, place_id),
        )
        return None if row is None else _game(row)

    async def games(self, guild_id: int, statuses: Iterable[Status] = tuple(Status)) -> list[GameRow]:
        wanted = [s.value for s in statuses]
        marks = ", ".join("?" * len(wanted))
        rows = await self._all(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE guild_id = ? AND status IN ({marks}) ORDER BY id",
            (guild_id, *wanted),
        )
        return [_game(r) for r in rows]

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
        rows = [_game(r) for r in await self._all(f"SELECT {_GAME_COLUMNS} FROM games WHERE {chosen} ORDER BY id",
                                                   params)]
        seats: dict[int, list[SeatRow]] = {}
        for r in await self._all(
            "SELECT game_id, member_id, display_name, joined_order, seat, seat_name FROM seats WHERE game_id IN "
            f"(SELECT id FROM games WHERE {chosen}) ORDER BY game_id, seat IS NULL, seat, joined_order", params,
        ):
            seats.setdefault(r[0], []).append(SeatRow(*r))
        return [(row, seats.get(row.id, [])) for row in rows]

    async def running_game_ids(self) -> list[tuple[int, int]]:
        """``(guild_id, game_id)`` of every running game, for resuming after a restart."""
        rows = await self._all("SELECT guild_id, id FROM games WHERE status = 'running' ORDER BY id")
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

    async def outbox_pending(self, limit: int = 50) -> list[OutboxRow]:
        """Unsent posts of every guild, oldest first (for the one sender loop of the process)."""
        rows = await self._all(f"SELECT {_OUTBOX_COLUMNS} FROM outbox WHERE sent_at IS NULL AND given_up_at IS NULL "
                               "ORDER BY id LIMIT ?", (limit,))
        return [_outbox(r) for r in rows]

    async def outbox_of_game(self, guild_id: int, game_id: int) -> list[OutboxRow]:
        rows = await self._all(
            f"SELECT {_OUTBOX_COLUMNS} FROM outbox WHERE guild_id = ? AND game_id = ? ORDER BY id", (guild_id, game_id)
        )
        return [_outbox(r) for r in rows]

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        row = await self._one(
            "SELECT guild_id, moderator_role_id, default_variant, use_threads, turn_hours, reminder_hours "
            "FROM guild_settings WHERE guild_id = ?",
            (guild_id,),
        )
        if row is None:
            return GuildSettings(guild_id)
        g, role, variant, threads, turn, remind = row
        return GuildSettings(g, role, variant, bool(threads), turn, remind)


class Transaction(Reader):
    """Reads and writes inside one ``BEGIN IMMEDIATE`` transaction."""

    async def _run(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Execute one statement; return the rows it changed."""
        async with self._db.execute(sql, params) as cursor:
            return cursor.rowcount

    async def insert_game(
        self, *, guild_id: int, channel_id: int, variant: str, seats_wanted: int, use_thread: bool, creator_id: int,
        seed: int,
    ) -> int:
        now = self._clock()
        async with self._db.execute(
            "INSERT INTO games (guild_id, channel_id, place_id, status, variant, seats_wanted, use_thread, creator_id, "
            "seed, created_at, updated_at) VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?)",
            (guild_id, channel_id, channel_id, variant, seats_wanted, int(use_thread), creator_id, str(seed), now, now),
        ) as cursor:
            game_id = cursor.lastrowid
        assert game_id is not None
        return game_id

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
            "turn_started_at = CASE WHEN ? THEN ? ELSE turn_started_at END, "
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
        await self._db.executemany(
            "INSERT INTO moves (game_id, idx, move, seat, actor_id, created_at) VALUES (?, ?, ?, ?, ?, ?)",
            [(game_id, first_index + i, m.text, m.seat, m.actor_id, now) for i, m in enumerate(moves)],
        )

    async def put_snapshot(self, game_id: int, version: int, state_json: str) -> None:
        await self._run(
            "INSERT INTO snapshots (game_id, version, state_json, updated_at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, state_json = excluded.state_json, "
            "updated_at = excluded.updated_at",
            (game_id, version, state_json, self._clock()),
        )

    async def add_post(self, game: GameRow, version: int, post: NewPost, place_id: int | None = None) -> OutboxRow:
        """Queue a post in the game's channel or thread (``place_id``, default its current one)."""
        nonce = secrets.token_hex(10)  # Discord takes nonces of up to 25 characters
        channel = game.place_id if place_id is None else place_id
        now = self._clock()
        payload = json.dumps(post.payload)
        async with self._db.execute(
            "INSERT INTO outbox (game_id, guild_id, channel_id, kind, version, payload_json, nonce, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (game.id, game.guild_id, channel, post.kind, version, payload, nonce, now),
        ) as cursor:
            post_id = cursor.lastrowid
        assert post_id is not None
        return OutboxRow(post_id, game.id, game.guild_id, channel, post.kind, version, json.loads(payload), nonce, now,
                         None, None, 0, None)

    async def set_creator(self, game_id: int, member_id: int) -> None:
        await self._touch(game_id, "creator_id = ?", (member_id,))

    async def mark_sent(self, post_id: int, message_id: int | None) -> bool:
        """Record a post as sent; return False if it already was."""
        return await self._run(
            "UPDATE outbox SET sent_at = ?, message_id = ?, attempts = attempts + 1 WHERE id = ? AND sent_at IS NULL",
            (self._clock(), message_id, post_id),
        ) == 1

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
            "reminder_hours, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET "
            "moderator_role_id = excluded.moderator_role_id, default_variant = excluded.default_variant, "
            "use_threads = excluded.use_threads, turn_hours = excluded.turn_hours, "
            "reminder_hours = excluded.reminder_hours, updated_at = excluded.updated_at",
            (settings.guild_id, settings.moderator_role_id, settings.default_variant, int(settings.use_threads),
             settings.turn_hours, settings.reminder_hours, self._clock()),
        )


async def _migrate(db: aiosqlite.Connection, clock: Clock) -> None:
    await db.execute(
        "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, applied_at REAL NOT NULL)"
    )
    async with db.execute("SELECT COALESCE(MAX(version), 0) FROM schema_version") as cursor:
        row = await cursor.fetchone()
    current = int(row[0]) if row else 0
    for number, sql in MIGRATIONS:
        if number <= current:
            continue
        # One script, so the migration and its schema_version row commit together or not at all.
        try:
            await db.executescript(
                f"BEGIN IMMEDIATE;\n{sql}\nINSERT INTO schema_version (version, applied_at) VALUES ({number}, "
                f"{clock()!r});\nCOMMIT;"
            )
        except BaseException:
            if db.in_transaction:
                await db.execute("ROLLBACK")
            raise


class Storage:
    """The open database of one bot process. Build with ``await Storage.open(path)``; ``await close()``."""

    def __init__(self, db: aiosqlite.Connection, lock: ProcessLock | None, path: str, clock: Clock) -> None:
        self._db = db
        self._process_lock = lock
        self.path = path
        self._clock = clock
        self._lock = asyncio.Lock()
        self.reads = 0
        self.transactions = 0
        """Read blocks and write transactions so far: what commands cost, for tests and benchmarks."""

    @classmethod
    async def open(
        cls, path: str | os.PathLike[str], *, clock: Clock = time.time, busy_timeout_ms: int = 5000
    ) -> Storage:
        """Open (creating if needed) and migrate the database. Raises ``DatabaseInUse`` if another process has it."""
        path = os.fspath(path)
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        lock = None if path == ":memory:" else ProcessLock.acquire(path)
        try:
            db = await aiosqlite.connect(path, isolation_level=None)
            try:
                await db.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
                await db.execute("PRAGMA journal_mode = WAL")
                # FULL: a move whose post went out must survive a power cut, not only a process crash.
                await db.execute("PRAGMA synchronous = FULL")
                await db.execute("PRAGMA foreign_keys = ON")
                await _migrate(db, clock)
            except BaseException:
                await db.close()
                raise
        except BaseException:
            if lock is not None:
                lock.release()
            raise
        return cls(db, lock, path, clock)

    async def close(self) -> None:
        async with self._lock:
            await self._db.close()
        if self._process_lock is not None:
            self._process_lock.release()
            self._process_lock = None

    async def __aenter__(self) -> Storage:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Reader]:
        async with self._lock:
            self.reads += 1
            yield Reader(self._db, self._clock)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        """``BEGIN IMMEDIATE`` … ``COMMIT``; any exception inside rolls everything back and propagates."""
        async with self._lock:
            self.transactions += 1
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield Transaction(self._db, self._clock)
                await self._db.execute("COMMIT")
            except BaseException:
                if self._db.in_transaction:
                    await self._db.execute("ROLLBACK")
                raise

    async def backup(self, target: str | os.PathLike[str]) -> None:
        """Write a consistent copy of the whole database to ``target`` (a new file) while the bot runs."""
        async with self._lock:
            await self._db.execute("VACUUM INTO ?", (os.fspath(target),))

    async def pragma(self, name: str) -> Any:
        """Return a PRAGMA's value (for checks and tests)."""
        async with self._lock, self._db.execute(f"PRAGMA {name}") as cursor:
            row = await cursor.fetchone()
        return None if row is None else row[0]
