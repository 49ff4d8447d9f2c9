"""The SQLite file: pragmas, migrations, the append-only log, the optimistic check and the process lock."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import bot.core.storage.sqlite
import engine
from bot.core.storage.base import IntegrityError
from bot.core.storage.migrations import MIGRATIONS
from bot.core.storage.process_lock import DatabaseInUse
from bot.core.storage.rows import NewMove
from bot.core.storage.sqlite import SqliteStorage
from engine import StaleState
from tests.bot.core.servicekit import GUILD, as_before_options, open_service, replay_from_file, table_counts
from tests.bot.core.servicekit import started_game as start


def svc_first_place(path: Path, game_id: int) -> str:
    """The first legal placement of a game's first hexagon."""
    return str(engine.legal_moves(replay_from_file(path, game_id))[0].move)


async def test_the_database_runs_in_wal_with_foreign_keys_and_a_busy_timeout(tmp_path: Path) -> None:
    async with await SqliteStorage.open(tmp_path / "t.sqlite3", busy_timeout_ms=3000) as storage:
        assert await storage.pragma("journal_mode") == "wal"
        assert await storage.pragma("foreign_keys") == 1
        assert await storage.pragma("busy_timeout") == 3000
        with pytest.raises(IntegrityError, match="FOREIGN KEY"):
            async with storage.transaction() as tx:
                await tx.add_seat(12345, 1, "Nobody")  # no such game


async def test_migrations_apply_once_and_reopening_is_idempotent(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    async with open_service(path) as svc:
        game = await start(svc, 2)
    for _ in range(2):
        async with await SqliteStorage.open(path) as storage, storage.read() as r:
            assert await r.schema_version() == MIGRATIONS[-1][0]
            assert (await r.game(GUILD, game.id)) is not None
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT version FROM schema_version").fetchall() == [(n,) for n, _ in MIGRATIONS]


async def test_a_new_migration_is_applied_at_the_next_start_and_a_failing_one_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "t.sqlite3"
    await (await SqliteStorage.open(path)).close()
    broken = (*MIGRATIONS, (MIGRATIONS[-1][0] + 1, "CREATE TABLE half_done (x INTEGER); SELECT * FROM no_such_table;"))
    monkeypatch.setattr(bot.core.storage.sqlite, "MIGRATIONS", broken)
    with pytest.raises(sqlite3.OperationalError, match="no_such_table"):
        await SqliteStorage.open(path)
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT MAX(version) FROM schema_version").fetchone() == (MIGRATIONS[-1][0],)
        assert db.execute("SELECT name FROM sqlite_master WHERE name = 'half_done'").fetchone() is None
    added = (*MIGRATIONS, (MIGRATIONS[-1][0] + 1, "ALTER TABLE games ADD COLUMN note TEXT;"))
    monkeypatch.setattr(bot.core.storage.sqlite, "MIGRATIONS", added)
    for _ in range(2):
        async with await SqliteStorage.open(path) as storage, storage.read() as r:
            assert await r.schema_version() == added[-1][0]
    with sqlite3.connect(path) as db:
        assert "note" in [c[1] for c in db.execute("PRAGMA table_info(games)")]


async def test_the_move_log_is_append_only(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    async with open_service(path) as svc:
        game = await start(svc, 2)
        await svc.turns.act(GUILD, game.id, 11, svc_first_place(path, game.id))
    with sqlite3.connect(path) as db:
        for sql in ("UPDATE moves SET move = 'end'", "DELETE FROM moves"):
            with pytest.raises(sqlite3.IntegrityError, match="append-only"):
                db.execute(sql)


async def test_a_commit_for_an_old_version_is_refused_and_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    async with open_service(path) as svc:
        game = await start(svc, 2)
        await svc.turns.act(GUILD, game.id, 11, svc_first_place(path, game.id))
        before = table_counts(path, game.id)
        with pytest.raises(StaleState, match="moved on"):
            async with svc.storage.transaction() as tx:
                await tx.append_moves(game.id, 1, [NewMove("deploy A1 1", 0, 11)])
                await tx.advance(game.id, 0, 2)  # validated against version 0, but the game is at 1
        assert table_counts(path, game.id) == before
        # the log's key refuses a second move with the same index even without the version check
        with pytest.raises(IntegrityError):
            async with svc.storage.transaction() as tx:
                await tx.append_moves(game.id, 0, [NewMove("deploy A1 1", 0, 11)])
        assert table_counts(path, game.id) == before


async def test_a_seed_of_64_bits_survives_the_database(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    async with open_service(path, seed=2**64 - 1) as svc:
        game = await start(svc, 2)
        assert (await svc.games.view(GUILD, game.id)).version == 0
    assert replay_from_file(path, game.id).setup.seed == 2**64 - 1


async def test_a_backup_taken_while_running_replays_the_same_game(tmp_path: Path) -> None:
    path = tmp_path / "data" / "t.sqlite3"  # a missing folder is created
    async with open_service(path) as svc:
        game = await start(svc, 2)
        await svc.turns.act(GUILD, game.id, 11, svc_first_place(path, game.id))
        await svc.storage.backup(tmp_path / "copy.sqlite3")
        await svc.turns.act(GUILD, game.id, 11, "end")
    copy, live = replay_from_file(tmp_path / "copy.sqlite3", game.id), replay_from_file(path, game.id)
    assert copy.version == 1 and live.version == 2 and copy.log == live.log[:1]


async def test_a_second_open_of_the_same_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    storage = await SqliteStorage.open(path)
    try:
        with pytest.raises(DatabaseInUse, match="already using the database"):
            await SqliteStorage.open(path)
    finally:
        await storage.close()
    await (await SqliteStorage.open(path)).close()  # free again once closed


async def test_a_second_process_refuses_to_start_with_a_clear_message(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    holder = textwrap.dedent(f"""
        import asyncio, sys
        from bot.core.storage.sqlite import SqliteStorage

        async def main():
            storage = await SqliteStorage.open({str(path)!r})
            print("ready", flush=True)
            sys.stdin.readline()
            await storage.close()

        asyncio.run(main())
    """)
    proc = subprocess.Popen([sys.executable, "-c", holder], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        with pytest.raises(DatabaseInUse) as refused:
            await SqliteStorage.open(path)
        assert f"pid {proc.pid}" in str(refused.value) and "Only one process" in str(refused.value)
    finally:
        assert proc.stdin is not None
        proc.stdin.close()
        proc.wait(timeout=60)
    await (await SqliteStorage.open(path)).close()


async def test_a_database_of_an_older_version_migrates_forward_and_keeps_its_given_up_posts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file of schema 3, from before the outbox gave posts up by time: posts the old outbox gave up (marked sent
    without a message after an error) become given-up posts that a moderator can send again; sent ones stay sent."""
    path = tmp_path / "t.sqlite3"
    monkeypatch.setattr(bot.core.storage.sqlite, "MIGRATIONS", MIGRATIONS[:3])
    as_before_options(monkeypatch)
    async with open_service(path) as svc:
        game = await start(svc, 2)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE outbox SET sent_at = 1.0, message_id = NULL, attempts = 8, last_error = '403 Forbidden'")
        db.execute("INSERT INTO outbox (game_id, guild_id, channel_id, kind, version, payload_json, nonce, "
                   "created_at, sent_at, message_id) SELECT game_id, guild_id, channel_id, kind, version, "
                   "payload_json, 'sent-one', created_at, 2.0, 99 FROM outbox")
    monkeypatch.setattr(bot.core.storage.sqlite, "MIGRATIONS", MIGRATIONS)
    async with open_service(path) as svc:
        async with svc.storage.read() as r:
            assert await r.schema_version() == MIGRATIONS[-1][0] >= 6
        (given_up,) = await svc.outbox.undelivered(GUILD, game.id)
        assert given_up.given_up_at == 1.0 and given_up.sent_at is None and given_up.last_error == "403 Forbidden"
        assert await svc.outbox.pending_posts() == []  # given up: it waits for a moderator
        assert await svc.outbox.resend(GUILD, game.id) == 1
        assert [p.id for p in await svc.outbox.pending_posts()] == [given_up.id]
