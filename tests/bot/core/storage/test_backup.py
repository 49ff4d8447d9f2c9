"""``python -m bot backup FILE`` while the bot runs on its SQLite file, and ``restore FILE`` once it is stopped, give
back every game identically: every row of every table, and each game's log replaying to its snapshot. A PostgreSQL
database is sent to pg_dump; a running bot's database is not restored over."""

from __future__ import annotations

import os
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.core.storage.backends import open_storage
from tests.bot.core.servicekit import GUILD, core_on, play_to_end, replays_to_snapshot, started_game

ROOT = Path(__file__).resolve().parents[4]


def bot_command(*args: str, database: Path, url: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DISCORD_TOKEN": "", "DATABASE_PATH": str(database), "DATABASE_URL": url}
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)


def every_row(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every table's rows, sorted (sqlite_sequence and the like included)."""
    with sqlite3.connect(path) as db:
        tables = [name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {table: sorted(db.execute(f'SELECT * FROM "{table}"').fetchall(), key=repr) for table in tables}


@pytest.mark.slow
async def test_a_backup_taken_while_the_bot_runs_restores_every_game_identically(tmp_path: Path) -> None:
    database = tmp_path / "tikal.sqlite3"
    storage = await open_storage(database)  # the bot's own lock on the file, held throughout the backup
    try:
        core = core_on(storage)
        rng = random.Random(3)
        finished = await started_game(core, 2, channel=1)
        await play_to_end(core, finished, rng)
        running = await started_game(core, 3, "auction", channel=2)
        await play_to_end(core, running, rng, limit=25)
        await core.lobby.new_game(GUILD, 3, 11, "Ana", variant="basic", seats=4)  # a lobby
        made = bot_command("backup", str(tmp_path / "copy.sqlite3"), database=database)
        assert made.returncode == 0, made.stderr
        assert made.stdout.startswith("backed up 3 games (schema ")
        again = bot_command("backup", str(tmp_path / "copy.sqlite3"), database=database)
        assert again.returncode == 1 and "exists already" in again.stderr  # never over an earlier backup
        refused = bot_command("restore", str(tmp_path / "copy.sqlite3"), database=database)
        assert refused.returncode == 1 and "stop it first" in refused.stderr
        await play_to_end(core, running, rng, limit=1)  # a move after the backup
    finally:
        await storage.close()
    before = every_row(tmp_path / "copy.sqlite3")
    restored = bot_command("restore", str(tmp_path / "copy.sqlite3"), database=database)
    assert restored.returncode == 0, restored.stderr
    assert "restored 3 games" in restored.stdout and "tikal.sqlite3.before-restore" in restored.stdout
    assert every_row(database) == before  # the move made after the backup is gone, nothing else changed
    assert len(every_row(database)["moves"]) < len(every_row(tmp_path / "tikal.sqlite3.before-restore")["moves"])
    storage = await open_storage(database)
    try:
        async with storage.read() as r:
            for game_id in (1, 2):
                await replays_to_snapshot(r, GUILD, game_id)
    finally:
        await storage.close()


def test_postgresql_is_sent_to_pg_dump(tmp_path: Path) -> None:
    for command in ("backup", "restore"):
        done = bot_command(command, str(tmp_path / "copy"), database=tmp_path / "x.sqlite3",
                           url="postgresql://tikal@localhost/tikal")
        assert done.returncode == 2 and "pg_dump" in done.stderr and "pg_restore" in done.stderr


def test_a_file_that_is_no_tikal_database_is_not_restored(tmp_path: Path) -> None:
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not a database at all" * 100)
    done = bot_command("restore", str(junk), database=tmp_path / "tikal.sqlite3")
    assert done.returncode == 1 and "not a SQLite database" in done.stderr
    assert not (tmp_path / "tikal.sqlite3").exists()
