"""Restarts and crashes: every game resumes from the log; a crash leaves a game as before or after a move."""

from __future__ import annotations

import random
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import engine
from bot.core.storage import Status, Transaction
from tests.bot.core.servicekit import GUILD, MEMBERS, open_service, play_to_end, replay_from_file, table_counts
from tests.bot.core.servicekit import started_game as start


async def test_a_restart_mid_game_resumes_every_game(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    async with open_service(path) as svc:
        basic = await start(svc, 3, "basic", channel=1)
        auction = await start(svc, 2, "auction", channel=2)
        await play_to_end(svc, basic, random.Random(1), limit=70)
        await play_to_end(svc, auction, random.Random(2), limit=50)
        before = {g.id: await svc.view(GUILD, g.id) for g in (basic, auction)}
    async with open_service(path) as svc:
        assert sorted(await svc.running_games()) == [(GUILD, basic.id), (GUILD, auction.id)]
        for game in (basic, auction):
            view = await svc.view(GUILD, game.id)
            assert view == before[game.id] == engine.view(replay_from_file(path, game.id), None)
            await play_to_end(svc, game, random.Random(game.id))
            assert (await svc.game(GUILD, game.id)).status is Status.FINISHED
            assert await svc.view(GUILD, game.id) == engine.view(replay_from_file(path, game.id), None)


@pytest.mark.parametrize("damage", [
    "UPDATE snapshots SET version = version - 1",
    "UPDATE snapshots SET state_json = '{\"not\": \"a state\"}'",
    "DELETE FROM snapshots",
])
async def test_a_stale_or_broken_snapshot_is_replaced_by_the_replay_of_the_log(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "t.sqlite3"
    async with open_service(path) as svc:
        game = await start(svc, 2)
        await play_to_end(svc, game, random.Random(4), limit=30)
        before = await svc.view(GUILD, game.id)
    with sqlite3.connect(path) as db:
        db.execute(damage)
    async with open_service(path) as svc:
        assert await svc.view(GUILD, game.id) == before
        await play_to_end(svc, game, random.Random(5), limit=5)
        assert await svc.view(GUILD, game.id) == engine.view(replay_from_file(path, game.id), None)
    with sqlite3.connect(path) as db:  # the next move wrote a current snapshot again
        version, state_json = db.execute("SELECT version, state_json FROM snapshots").fetchone()
    assert version == 35 and engine.state_from_json(state_json) == replay_from_file(path, game.id)


@pytest.mark.parametrize("step", ["put_snapshot", "add_post", "append_moves"])
async def test_an_error_between_two_writes_leaves_the_game_unchanged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, step: str
) -> None:
    path = tmp_path / "t.sqlite3"
    async with open_service(path) as svc:
        game = await start(svc, 2)
        await svc.act(GUILD, game.id, MEMBERS[0], engine.legal_moves(replay_from_file(path, game.id))[0].move)
        before, view = table_counts(path, game.id), await svc.view(GUILD, game.id)
        original = getattr(Transaction, step)

        async def crash(self: Transaction, *args: object, **kwargs: object) -> object:
            await original(self, *args, **kwargs)  # the write happens inside the transaction…
            raise OSError("disk on fire")  # …and then the process fails before the commit

        monkeypatch.setattr(Transaction, step, crash)
        with pytest.raises(OSError, match="disk on fire"):
            await svc.act(GUILD, game.id, MEMBERS[0], "end")  # an `end` writes log, snapshot and a post
        assert table_counts(path, game.id) == before
        assert await svc.view(GUILD, game.id) == view
        monkeypatch.undo()
        moved = await svc.act(GUILD, game.id, MEMBERS[0], "end")
        assert moved.turn_ended and [p.kind for p in moved.posts] == ["wait"]
        assert table_counts(path, game.id)["moves"] == before["moves"] + 1  # type: ignore[operator]


async def test_a_process_killed_inside_the_transaction_loses_only_that_move(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    async with open_service(path) as svc:
        game = await start(svc, 2)
        await play_to_end(svc, game, random.Random(6), limit=12)
        before, view = table_counts(path, game.id), await svc.view(GUILD, game.id)
    child = textwrap.dedent(f"""
        import asyncio, os
        from bot.core.sqlite_storage import SqliteStorage
        from bot.core.storage import NewMove

        async def main():
            storage = await SqliteStorage.open({str(path)!r})
            async with storage.transaction() as tx:
                await tx.advance({game.id}, {view.version}, {view.version + 1})
                await tx.append_moves({game.id}, {view.version}, [NewMove("end", 0, 1)])
                os._exit(9)  # killed between the writes and the commit

        asyncio.run(main())
    """)
    done = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, timeout=60)
    assert done.returncode == 9, done.stderr
    assert table_counts(path, game.id) == before
    async with open_service(path) as svc:  # the dead process's lock went with it
        assert await svc.view(GUILD, game.id) == view
        await play_to_end(svc, game, random.Random(7), limit=3)
        assert await svc.view(GUILD, game.id) == engine.view(replay_from_file(path, game.id), None)
