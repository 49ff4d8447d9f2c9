"""What the storage's SQL runs on: a backend's connection (``?`` parameters, rows as tuples), the dialect where the
two backends' SQL differs, the errors every backend raises, and the base of the classes that hold the named
queries (``Queries`` for reads, ``Statements`` for a transaction's writes)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Protocol

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


class Queries:
    """Named reads over one connection; the reads agree with each other (see ``Reader``)."""

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


class Statements(Queries):
    """Named reads and writes inside one transaction: rows read to be changed are locked (``Dialect.for_update``)."""

    @property
    def _locking(self) -> str:
        return self.dialect.for_update

    async def _run(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Execute one statement; return the rows it changed."""
        return await self._db.run(sql, params)

    async def _run_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Execute one statement for each row of parameters."""
        await self._db.run_many(sql, rows)
