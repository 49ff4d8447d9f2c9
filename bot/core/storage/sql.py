"""Plain SQL on the storage's connection, for the modules that own their own tables.

``Reader``/``Transaction`` keep their statement helpers private so callers go through named methods;
the newer modules (member settings, clocks, moderation, history, guild removal) keep their SQL beside
their logic and reach the connection only through these functions. The SQL is one text for both backends
(SQLite and PostgreSQL) with ``?`` parameters; the backend translates the parameter style.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.core.storage.base import Reader, Transaction


async def one(reader: Reader, sql: str, params: Sequence[Any] = ()) -> tuple[Any, ...] | None:
    """The first row of a query, or None."""
    return await reader._one(sql, params)


async def rows(reader: Reader, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
    """Every row of a query."""
    return await reader._all(sql, params)


async def run(tx: Transaction, sql: str, params: Sequence[Any] = ()) -> int:
    """Execute one statement inside a transaction; return the rows it changed."""
    return await tx._run(sql, params)


async def run_many(tx: Transaction, sql: str, rows: Sequence[Sequence[Any]]) -> None:
    """Execute one statement for each row of parameters inside a transaction (one batch for the driver)."""
    await tx._run_many(sql, rows)


def now(reader: Reader) -> float:
    """The storage clock's time (Unix seconds): the same clock that stamps moves and posts."""
    return reader._clock()
