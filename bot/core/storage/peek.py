"""A read straight from a database, beside the storage: no lock, no migration, one connection of the driver's
own (``python -m bot doctor`` reads a running bot's database this way). Driver-level by nature, like the two
backends; everything else reaches the database through ``Storage``."""

from __future__ import annotations

import asyncio
import sqlite3
from contextlib import closing
from pathlib import Path

from bot.core.storage.backends import is_postgres

TIMEOUT = 10.0


def _sqlite_read(path: Path, query: str) -> list[tuple[object, ...]]:
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=TIMEOUT)) as db:
        return db.execute(query).fetchall()


async def _postgres_read(url: str, query: str) -> list[tuple[object, ...]]:
    import asyncpg

    connection = await asyncpg.connect(url, timeout=TIMEOUT)
    try:
        return [tuple(row) for row in await connection.fetch(query)]
    finally:
        await connection.close()


async def read_database(database: str | Path, query: str) -> list[tuple[object, ...]]:
    """Rows of ``query`` read straight from the database (no lock, no migration); raises what the driver raises."""
    if is_postgres(str(database)):
        return await asyncio.wait_for(_postgres_read(str(database), query), TIMEOUT * 2)
    return await asyncio.to_thread(_sqlite_read, Path(database), query)


__all__ = ["read_database"]
