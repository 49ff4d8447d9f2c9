"""Open the storage a setting names: a ``postgresql://`` URL opens PostgreSQL, anything else is a SQLite file."""

from __future__ import annotations

import os
import time

from bot.core.storage.base import Clock, Storage

SCHEMES = ("postgresql://", "postgres://")


def is_postgres(database: str | os.PathLike[str]) -> bool:
    return isinstance(database, str) and database.startswith(SCHEMES)


async def open_storage(database: str | os.PathLike[str], *, clock: Clock = time.time,
                       busy_timeout_ms: int = 5000) -> Storage:
    """Open and migrate the database: PostgreSQL for a ``postgresql://`` URL, else the SQLite file at that path
    (which takes the one-process lock: raises ``DatabaseInUse``)."""
    if is_postgres(database):
        from bot.core.storage.postgres import PostgresStorage

        return await PostgresStorage.open(str(database), clock=clock)
    from bot.core.storage.sqlite import SqliteStorage

    return await SqliteStorage.open(database, clock=clock, busy_timeout_ms=busy_timeout_ms)


__all__ = ["SCHEMES", "is_postgres", "open_storage"]
