"""The PostgreSQL backend of ``Storage`` (asyncpg): one database server, any number of bot processes.

Selected by ``DATABASE_URL=postgresql://…`` (``bot.core.storage.backends.open_storage``). A pool of connections serves
the process: ``read()`` is one ``REPEATABLE READ, READ ONLY`` transaction (its reads agree with each other even
while other processes commit), ``transaction()`` one ``READ COMMITTED`` transaction. What keeps several
processes apart is in the SQL, not in memory: a move commits only if the game's version is still the one it was
validated against (the ``UPDATE … WHERE version = ?`` waits for a concurrent writer of the same row and then
finds the version moved on), the game rows a transaction reads to change are locked with ``FOR UPDATE``, and the
outbox claims posts with ``FOR UPDATE SKIP LOCKED``. There is no process lock: that is the point.

The SQL of ``Reader``/``Transaction`` is written with ``?`` parameters; ``numbered`` turns them into ``$1, $2 …``
here, in one place. The migrations are ``bot.core.storage.migrations_pg``, applied at open under an advisory lock.
"""

from __future__ import annotations

import functools
import re
import time
from collections.abc import AsyncIterator, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager
from typing import Any, Final

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from bot.core.storage.base import (
    POSTGRESQL,
    Clock,
    DatabaseUnavailable,
    Dialect,
    IntegrityError,
    Reader,
    Storage,
    Transaction,
)
from bot.core.storage.migrations_pg import POSTGRES_MIGRATIONS
from engine import StaleState

PgConnection = asyncpg.Connection | PoolConnectionProxy
MIGRATION_LOCK: Final = 0x54494B414C  # "TIKAL": the advisory lock that lets one process migrate at a time


@functools.lru_cache(maxsize=4096)
def numbered(sql: str) -> str:
    """``?`` parameters as PostgreSQL's ``$1, $2 …`` (a ``?`` inside a quoted literal or name stays)."""
    out: list[str] = []
    count = 0
    quote: str | None = None
    for ch in sql:
        if quote is not None:
            if ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        elif ch == "?":
            count += 1
            out.append(f"${count}")
            continue
        out.append(ch)
    return "".join(out)


def without_password(url: str) -> str:
    """The URL to show in a message: ``postgresql://user:***@host/name``."""
    return re.sub(r"(://[^:/@]*):[^@/]*@", r"\1:***@", url)


def _changed(status: str) -> int:
    """The row count of a command tag (``UPDATE 3``, ``INSERT 0 1``, ``DELETE 0``)."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


@contextmanager
def _translated() -> Iterator[None]:
    """The driver's errors as the storage's: a broken rule is ``IntegrityError``; a deadlock or a serialization
    failure between two processes' transactions (PostgreSQL rolled this one back) is ``StaleState``, which the
    service answers by trying the move again on the new state."""
    try:
        yield
    except asyncpg.IntegrityConstraintViolationError as e:
        raise IntegrityError(str(e)) from e
    except (asyncpg.DeadlockDetectedError, asyncpg.SerializationError) as e:
        raise StaleState("Someone else changed this game at the same moment; look at the board again and retry.") \
            from e


class _Connection:
    """``Connection`` over one asyncpg connection."""

    dialect: Dialect = POSTGRESQL

    def __init__(self, conn: PgConnection) -> None:
        self._conn = conn

    async def one(self, sql: str, params: Sequence[Any] = ()) -> tuple[Any, ...] | None:
        with _translated():
            row = await self._conn.fetchrow(numbered(sql), *params)
        return None if row is None else tuple(row)

    async def all(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with _translated():
            rows = await self._conn.fetch(numbered(sql), *params)
        return [tuple(r) for r in rows]

    async def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        with _translated():
            return _changed(await self._conn.execute(numbered(sql), *params))

    async def run_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        with _translated():
            await self._conn.executemany(numbered(sql), rows)

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        row = await self.one(sql, params)
        assert row is not None, "an INSERT … RETURNING id returns the id"
        return int(row[0])


async def _migrate(conn: PgConnection, clock: Clock) -> None:
    """Apply the migrations this database lacks, each in its own transaction under the advisory lock (a second
    process starting at the same moment waits, then finds them applied)."""
    async with conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
        await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, "
                           "applied_at DOUBLE PRECISION NOT NULL)")
    for number, sql in POSTGRES_MIGRATIONS:
        async with conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            # Every number not applied yet (not only those above the highest): see the SQLite backend.
            if await conn.fetchval("SELECT 1 FROM schema_version WHERE version = $1", number):
                continue
            await conn.execute(sql)
            await conn.execute("INSERT INTO schema_version (version, applied_at) VALUES ($1, $2)", number, clock())


class PostgresStorage(Storage):
    """A pool of connections to one PostgreSQL database. Build with ``await PostgresStorage.open(url)``."""

    dialect = POSTGRESQL
    shared = True

    def __init__(self, pool: asyncpg.Pool, url: str, clock: Clock) -> None:
        super().__init__()
        self._pool = pool
        self.url = url
        self._clock = clock

    @classmethod
    async def open(cls, url: str, *, clock: Clock = time.time, pool_size: int = 10) -> PostgresStorage:
        """Connect to the database at ``url`` (``postgresql://user:password@host:port/name``) and migrate it.
        Raises ``DatabaseUnavailable`` when the server cannot be reached or refuses the connection."""
        try:
            pool = await asyncpg.create_pool(url, min_size=1, max_size=pool_size)
        except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as e:
            raise DatabaseUnavailable(f"Could not open the PostgreSQL database {without_password(url)}: "
                                      f"{e or type(e).__name__}") from None
        try:
            async with pool.acquire() as conn:
                await _migrate(conn, clock)
        except BaseException:
            await pool.close()
            raise
        return cls(pool, url, clock)

    async def close(self) -> None:
        await self._pool.close()

    async def columns(self, table: str) -> list[str]:
        async with self._pool.acquire() as conn:
            rows = await conn.fetch("SELECT column_name FROM information_schema.columns WHERE table_schema = "
                                    "current_schema() AND table_name = $1 ORDER BY ordinal_position", table)
        return [str(r[0]) for r in rows]

    async def ids_follow_rows(self) -> None:
        async with self._pool.acquire() as conn:
            for table in ("games", "outbox", "seasons"):
                await conn.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                                   f"COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)")

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Reader]:
        async with self._pool.acquire() as conn, conn.transaction(isolation="repeatable_read", readonly=True):
            self.reads += 1
            yield Reader(_Connection(conn), self._clock)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        """``BEGIN`` … ``COMMIT`` (read committed); any exception inside rolls everything back and propagates."""
        async with self._pool.acquire() as conn, conn.transaction():
            self.transactions += 1
            yield Transaction(_Connection(conn), self._clock)


__all__ = ["MIGRATION_LOCK", "PostgresStorage", "numbered", "without_password"]
