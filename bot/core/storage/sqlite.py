"""The SQLite backend of ``Storage``: every game in one file, used by one bot process (the default).

The file is opened in WAL mode with foreign keys on and a busy timeout; the numbered migrations of
``bot.core.storage.migrations`` are applied at open; an exclusive lock file keeps a second process out
(``bot.core.storage.process_lock``). All access goes through one connection, serialised by an ``asyncio.Lock``:
``read()`` for reads, ``transaction()`` (``BEGIN IMMEDIATE … COMMIT``, rolled back on any exception) for writes.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Final

import aiosqlite

from bot.core.storage.base import SQLITE, Clock, Dialect, IntegrityError, Reader, Storage, Transaction
from bot.core.storage.migrations import MIGRATIONS
from bot.core.storage.process_lock import ProcessLock

OLDEST: Final = (3, 35, 0)
"""``RETURNING`` (3.35) and ``INSERT … ON CONFLICT`` (3.24): the oldest SQLite the bot's SQL runs on."""


class _Connection:
    """``Connection`` over one aiosqlite connection (``?`` parameters are SQLite's own)."""

    dialect: Dialect = SQLITE

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def one(self, sql: str, params: Sequence[Any] = ()) -> tuple[Any, ...] | None:
        try:
            async with self._db.execute(sql, params) as cursor:
                row = await cursor.fetchone()
        except sqlite3.IntegrityError as e:
            raise IntegrityError(str(e)) from e
        return None if row is None else tuple(row)

    async def all(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        async with self._db.execute(sql, params) as cursor:
            rows = await cursor.fetchall()
        return [tuple(r) for r in rows]

    async def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        try:
            async with self._db.execute(sql, params) as cursor:
                return cursor.rowcount
        except sqlite3.IntegrityError as e:
            raise IntegrityError(str(e)) from e

    async def run_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        try:
            await self._db.executemany(sql, rows)
        except sqlite3.IntegrityError as e:
            raise IntegrityError(str(e)) from e

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        row = await self.one(sql, params)
        assert row is not None, "an INSERT … RETURNING id returns the id"
        return int(row[0])


async def _migrate(db: aiosqlite.Connection, clock: Clock) -> None:
    await db.execute(
        "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, applied_at REAL NOT NULL)"
    )
    async with db.execute("SELECT version FROM schema_version") as cursor:
        applied = {int(v) for (v,) in await cursor.fetchall()}
    # Every number not applied yet, in order: numbers are taken by branches merged in any order, so a database
    # migrated to 9 before 8 was merged still gets 8.
    for number, sql in MIGRATIONS:
        if number in applied:
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


class SqliteStorage(Storage):
    """The open SQLite file of the one bot process. Build with ``await SqliteStorage.open(path)``."""

    dialect = SQLITE
    shared = False

    def __init__(self, db: aiosqlite.Connection, lock: ProcessLock | None, path: str, clock: Clock) -> None:
        super().__init__()
        self._db = db
        self._connection = _Connection(db)
        self._process_lock = lock
        self.path = path
        self._clock = clock
        self._lock = asyncio.Lock()

    @classmethod
    async def open(
        cls, path: str | os.PathLike[str], *, clock: Clock = time.time, busy_timeout_ms: int = 5000
    ) -> SqliteStorage:
        """Open (creating if needed) and migrate the database. Raises ``DatabaseInUse`` if another process has it."""
        if sqlite3.sqlite_version_info < OLDEST:
            raise RuntimeError(f"SQLite {'.'.join(map(str, OLDEST))} or newer is needed; this Python has "
                               f"{sqlite3.sqlite_version}.")
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

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Reader]:
        async with self._lock:
            self.reads += 1
            yield Reader(self._connection, self._clock)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        """``BEGIN IMMEDIATE`` … ``COMMIT``; any exception inside rolls everything back and propagates."""
        async with self._lock:
            self.transactions += 1
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield Transaction(self._connection, self._clock)
                await self._db.execute("COMMIT")
            except BaseException:
                if self._db.in_transaction:
                    await self._db.execute("ROLLBACK")
                raise

    async def columns(self, table: str) -> list[str]:
        async with self._lock, self._db.execute("SELECT name FROM pragma_table_info(?) ORDER BY cid",
                                                (table,)) as cursor:
            return [str(r[0]) for r in await cursor.fetchall()]

    async def ids_follow_rows(self) -> None:
        """An ``INTEGER PRIMARY KEY`` takes the highest id plus one by itself."""

    async def backup(self, target: str | os.PathLike[str]) -> None:
        """Write a consistent copy of the whole database to ``target`` (a new file) while the bot runs."""
        async with self._lock:
            await self._db.execute("VACUUM INTO ?", (os.fspath(target),))

    async def pragma(self, name: str) -> Any:
        """Return a PRAGMA's value (for checks and tests)."""
        async with self._lock, self._db.execute(f"PRAGMA {name}") as cursor:
            row = await cursor.fetchone()
        return None if row is None else row[0]


__all__ = ["OLDEST", "SqliteStorage"]
