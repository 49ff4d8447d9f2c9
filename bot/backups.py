"""``python -m bot backup FILE`` and ``python -m bot restore FILE``: the SQLite database (``DATABASE_PATH``) copied
while the bot runs, and put back while it is stopped (``bot.core.storage.backup``). A PostgreSQL database
(``DATABASE_URL``) is backed up with ``pg_dump`` instead (README, "For hosts")."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bot.config import Settings
from bot.core.storage.backup import BackupError, backup, restore
from bot.core.storage.process_lock import DatabaseInUse

POSTGRES: str = ("DATABASE_URL names a PostgreSQL database: back it up with PostgreSQL's own tools, e.g. "
                 "pg_dump --format=custom --file=tikal.dump \"$DATABASE_URL\", and put it back into an empty database "
                 "with pg_restore --dbname=\"$DATABASE_URL\" tikal.dump (README, \"For hosts\").")


def _megabytes(size: int) -> str:
    return f"{size / 2**20:.1f} MB"


def run_backup(settings: Settings, argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot backup", description=(
        "Copy the SQLite database (DATABASE_PATH) into a new file, consistently, while the bot runs."))
    parser.add_argument("file", type=Path, help="the new file to write (it must not exist)")
    parser.add_argument("--database", type=Path, default=None, help="the database (default: DATABASE_PATH)")
    args = parser.parse_args(argv)
    if settings.database_url is not None and args.database is None:
        print(POSTGRES, file=sys.stderr)
        return 2
    database = args.database or settings.database_path
    try:
        done = backup(database, args.file)
    except BackupError as error:
        print(error, file=sys.stderr)
        return 1
    print(f"backed up {done.games} games (schema {done.schema}, {_megabytes(done.size)}) from {database} to "
          f"{args.file}")
    return 0


def run_restore(settings: Settings, argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot restore", description=(
        "Put a backup in place of the SQLite database (DATABASE_PATH). Stop the bot first; the database as it was "
        "is kept beside it as <database>.before-restore."))
    parser.add_argument("file", type=Path, help="the backup to restore")
    parser.add_argument("--database", type=Path, default=None, help="the database (default: DATABASE_PATH)")
    args = parser.parse_args(argv)
    if settings.database_url is not None and args.database is None:
        print(POSTGRES, file=sys.stderr)
        return 2
    database = args.database or settings.database_path
    try:
        done, kept = restore(args.file, database)
    except DatabaseInUse:
        print(f"a bot is running on {database}: stop it first, then restore", file=sys.stderr)
        return 1
    except BackupError as error:
        print(error, file=sys.stderr)
        return 1
    before = f"; the database as it was is kept as {kept}" if kept is not None else ""
    print(f"restored {done.games} games (schema {done.schema}) from {args.file} into {database}{before}. "
          "Start the bot: it upgrades an older schema itself.")
    return 0


__all__ = ["run_backup", "run_restore"]
