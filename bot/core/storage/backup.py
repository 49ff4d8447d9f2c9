"""A SQLite database copied while the bot runs, and put back while it does not (``python -m bot backup`` and
``restore``). SQLite's online backup API copies a consistent snapshot page by page through a connection of its own,
so the bot's writes (and its WAL) are never half copied; the restore writes through a connection to the bot's file
too, so a write-ahead log beside it is taken into account instead of being replayed over the copy.

PostgreSQL has its own tools (``pg_dump``/``pg_restore``): a ``postgresql://`` database is refused here."""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from bot.core.storage.process_lock import ProcessLock


class BackupError(RuntimeError):
    """The copy cannot be made or put back; the message says why in plain words."""


@dataclass(frozen=True, slots=True)
class Copied:
    """What a backup or restore copied: the games in it, its schema version and its size in bytes."""

    games: int
    schema: int
    size: int


def _described(connection: sqlite3.Connection, path: Path) -> Copied:
    try:
        (schema,) = connection.execute("SELECT MAX(version) FROM schema_version").fetchone()
        (games,) = connection.execute("SELECT COUNT(*) FROM games").fetchone()
    except sqlite3.DatabaseError as error:
        raise BackupError(f"{path} is not a Tikal database ({error})") from None
    return Copied(int(games), int(schema or 0), path.stat().st_size)


def _checked(connection: sqlite3.Connection, path: Path) -> Copied:
    """A whole, readable Tikal database, or ``BackupError``."""
    try:
        (verdict,) = connection.execute("PRAGMA integrity_check").fetchone()
    except sqlite3.DatabaseError as error:
        raise BackupError(f"{path} is not a SQLite database ({error})") from None
    if verdict != "ok":
        raise BackupError(f"{path} is damaged: {verdict}")
    return _described(connection, path)


def backup(database: Path, target: Path) -> Copied:
    """Copy ``database`` (the bot may be running on it) into a new file ``target``, checked."""
    if not database.is_file():
        raise BackupError(f"there is no database at {database}")
    if target.exists():
        raise BackupError(f"{target} exists already: name a new file")
    partial = target.with_name(target.name + ".partial")
    source = sqlite3.connect(database, timeout=30)
    try:
        copy = sqlite3.connect(partial)
        try:
            source.backup(copy)  # one step: the snapshot is consistent even while the bot writes
            copy.execute("PRAGMA journal_mode = DELETE")  # one self-contained file, no WAL beside it
            done = _checked(copy, partial)
        finally:
            copy.close()
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    finally:
        source.close()
    os.replace(partial, target)
    return Copied(done.games, done.schema, target.stat().st_size)


def restore(source: Path, database: Path) -> tuple[Copied, Path | None]:
    """Put the backup ``source`` in place of ``database`` (the bot must be stopped: its lock is taken). The database
    as it was is kept beside it first (``<database>.before-restore``); returns what was restored and that file."""
    if not source.is_file():
        raise BackupError(f"there is no backup at {source}")
    backup_connection = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    try:
        copied = _checked(backup_connection, source)
        lock = ProcessLock.acquire(database)  # raises DatabaseInUse while a bot runs on it
        try:
            kept: Path | None = None
            if database.exists():
                kept = database.with_name(database.name + ".before-restore")
                kept.unlink(missing_ok=True)
                current = sqlite3.connect(database)
                try:
                    saved = sqlite3.connect(kept)
                    try:
                        current.backup(saved)
                    finally:
                        saved.close()
                finally:
                    current.close()
            target = sqlite3.connect(database)
            try:
                backup_connection.backup(target)
                target.execute("PRAGMA journal_mode = WAL")  # as the bot keeps it
                _checked(target, database)  # raises before the lock is let go: the bot does not start on it
            finally:
                target.close()
        finally:
            lock.release()
    finally:
        backup_connection.close()
    return copied, kept


__all__ = ["BackupError", "Copied", "backup", "restore"]
