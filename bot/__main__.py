"""``python -m bot``: the Discord bot with ``DISCORD_TOKEN``, the local console without it.

``python -m bot migrate-db [--from PATH] [--to URL]``: copy every game of a SQLite file (default ``DATABASE_PATH``)
into an empty PostgreSQL database (default ``DATABASE_URL``) and check that each replays to its snapshot there.

``python -m bot backup FILE`` / ``restore FILE``: the SQLite database copied while the bot runs / put back.

``python -m bot doctor``: what would stop the bot, in plain words (exit 1 when something would).

``python -m bot healthcheck``: whether the running bot is ready (its ``/healthz``); the Docker image's health check.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from pathlib import Path

from pydantic import ValidationError

from bot.config import Settings
from bot.core.storage.base import DatabaseUnavailable
from bot.core.storage.process_lock import DatabaseInUse


def migrate_db(settings: Settings, argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot migrate-db", description=(
        "Copy every game of the SQLite file into an empty PostgreSQL database, then check that each game's log "
        "replays to its snapshot there. Stop the bot first; the SQLite file is not changed."))
    parser.add_argument("--from", dest="source", type=Path, default=settings.database_path,
                        help="the SQLite file (default: DATABASE_PATH, %(default)s)")
    parser.add_argument("--to", dest="target", default=None,
                        help="the PostgreSQL database, postgresql://… (default: DATABASE_URL)")
    args = parser.parse_args(argv)
    target = args.target or (settings.database_url.get_secret_value() if settings.database_url else None)
    if not target:
        parser.error("name the PostgreSQL database with --to or DATABASE_URL")
    if not args.source.is_file():
        parser.error(f"there is no SQLite file at {args.source}")

    async def run() -> int:
        from bot.core.storage.backends import is_postgres, open_storage
        from bot.core.storage.copy_db import copy_database
        from bot.core.storage.sqlite import SqliteStorage

        if not is_postgres(target):
            print("the target must be a postgresql:// URL", file=sys.stderr)
            return 2
        source = await SqliteStorage.open(args.source)
        try:
            destination = await open_storage(target)
            try:
                done = await copy_database(source, destination, progress=lambda line: print(line, flush=True))
            finally:
                await destination.close()
        finally:
            await source.close()
        rows = ", ".join(f"{table} {count}" for table, count in done.rows.items() if count)
        print(f"copied {done.games} games ({rows}); {done.replayed} started games replay to their snapshots")
        for problem in done.problems:
            print(f"problem: {problem}", file=sys.stderr)
        if done.ok:
            print("done: set DATABASE_URL to the new database and start the bot (keep the SQLite file as a backup)")
        return 0 if done.ok else 1

    try:
        return asyncio.run(run())
    except (DatabaseInUse, DatabaseUnavailable) as error:
        print(error, file=sys.stderr)
        return 1

QUIET: tuple[str, ...] = ("aiosqlite", "discord.http", "discord.webhook.async_")
"""Loggers whose DEBUG lines hold SQL parameters or request bodies: a Tikal Rápido player's secret chips (kept in
``jump_choices``, answered privately) among them. They never log below INFO."""


def configure_logging(level: str) -> None:
    logging.basicConfig(level=level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    for name in QUIET:
        logging.getLogger(name).setLevel(max(logging.INFO, logging.getLogger().level))


def main(argv: list[str] | None = None) -> int:
    """Run the bot; ``migrate-db`` copies SQLite into PostgreSQL; without a token, the local console (which
    reads the console's options from ``argv``). ``--help`` says all three, token or not."""
    argv = sys.argv[1:] if argv is None else argv
    try:
        settings = Settings()
    except ValidationError as error:  # a setting that cannot be used: say which, without a traceback
        for problem in error.errors():
            where = ".".join(str(part).upper() for part in problem["loc"]) or "settings"
            print(f"✗ {where}: {problem['msg'].removeprefix('Value error, ')}", file=sys.stderr)
        return 2
    configure_logging(settings.log_level)
    if argv[:1] == ["migrate-db"]:
        return migrate_db(settings, argv[1:])
    if argv[:1] in (["backup"], ["restore"]):
        from bot.backups import run_backup, run_restore

        return (run_backup if argv[0] == "backup" else run_restore)(settings, argv[1:])
    if argv[:1] == ["doctor"]:
        from bot.doctor import run_doctor

        return run_doctor(settings, argv[1:])
    if argv[:1] == ["healthcheck"]:
        from bot.healthcheck import probe

        return probe(settings)
    if not settings.has_token or {"-h", "--help"} & set(argv):
        from bot.local_console import run

        return run(settings.board_dir, argv)
    import aiohttp
    import discord

    from bot.adapter.app import make_bot

    assert settings.discord_token is not None
    bot = make_bot(settings)
    try:
        bot.run(settings.discord_token.get_secret_value(), log_handler=None)
    except (DatabaseInUse, DatabaseUnavailable) as error:
        print(error, file=sys.stderr)
        return 1
    except discord.LoginFailure:
        print("Discord refused the token: check DISCORD_TOKEN (developer portal → Bot → Reset Token).",
              file=sys.stderr)
        return 1
    except (aiohttp.ClientError, OSError, TimeoutError) as error:
        print(f"Could not reach Discord: {error or type(error).__name__} — check the network.", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
