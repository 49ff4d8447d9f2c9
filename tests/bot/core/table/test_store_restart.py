"""Restarts and crashes: every game resumes from the log; a crash leaves a game as before or after a move (on both
backends)."""

from __future__ import annotations

import random
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import engine
from bot.core.assembly import Core
from bot.core.storage import sql
from bot.core.storage.backends import open_storage
from bot.core.storage.base import Reader, Transaction
from bot.core.storage.rows import Status
from engine import GameState
from tests.bot.core.servicekit import GUILD, MEMBERS, open_service, play_to_end, replays_to_snapshot
from tests.bot.core.servicekit import started_game as start

pytestmark = pytest.mark.backends


async def replayed(svc: Core, game_id: int) -> GameState:
    """The game's stored log replayed (checked against its stored snapshot)."""
    async with svc.storage.read() as r:
        return await replays_to_snapshot(r, GUILD, game_id)


async def counts(reader: Reader, game_id: int) -> dict[str, object]:
    """What a crash must not change: version, log, snapshot and outbox of a game."""
    return {
        "version": (await sql.one(reader, "SELECT version FROM games WHERE id = ?", (game_id,)) or (None,))[0],
        "moves": (await sql.one(reader, "SELECT COUNT(*) FROM moves WHERE game_id = ?", (game_id,)) or (0,))[0],
        "snapshot": await reader.snapshot(game_id),
        "outbox": (await sql.one(reader, "SELECT COUNT(*) FROM outbox WHERE game_id = ?", (game_id,)) or (0,))[0],
    }


async def stored_counts(database: Path | str, game_id: int) -> dict[str, object]:
    storage = await open_storage(database)
    try:
        async with storage.read() as r:
            return await counts(r, game_id)
    finally:
        await storage.close()


@pytest.mark.slow
async def test_a_restart_mid_game_resumes_every_game(database: Path | str) -> None:
    async with open_service(database) as svc:
        basic = await start(svc, 3, "basic", channel=1)
        auction = await start(svc, 2, "auction", channel=2)
        await play_to_end(svc, basic, random.Random(1), limit=70)
        await play_to_end(svc, auction, random.Random(2), limit=50)
        before = {g.id: await svc.games.view(GUILD, g.id) for g in (basic, auction)}
    async with open_service(database) as svc:
        assert sorted(await svc.games.running_games()) == [(GUILD, basic.id), (GUILD, auction.id)]
        for game in (basic, auction):
            view = await svc.games.view(GUILD, game.id)
            assert view == before[game.id] == engine.view(await replayed(svc, game.id), None)
            await play_to_end(svc, game, random.Random(game.id))
            assert (await svc.games.game(GUILD, game.id)).status is Status.FINISHED
            assert await svc.games.view(GUILD, game.id) == engine.view(await replayed(svc, game.id), None)


@pytest.mark.parametrize("damage", [
    "UPDATE snapshots SET version = version - 1",
    "UPDATE snapshots SET state_json = '{\"not\": \"a state\"}'",
    "DELETE FROM snapshots",
])
async def test_a_stale_or_broken_snapshot_is_replaced_by_the_replay_of_the_log(database: Path | str,
                                                                               damage: str) -> None:
    async with open_service(database) as svc:
        game = await start(svc, 2)
        await play_to_end(svc, game, random.Random(4), limit=30)
        before = await svc.games.view(GUILD, game.id)
        async with svc.storage.transaction() as tx:
            await sql.run(tx, damage)
    async with open_service(database) as svc:
        assert await svc.games.view(GUILD, game.id) == before
        await play_to_end(svc, game, random.Random(5), limit=5)
        final = await replayed(svc, game.id)  # the next move wrote a current snapshot again
        assert await svc.games.view(GUILD, game.id) == engine.view(final, None) and final.version == 35


@pytest.mark.parametrize("step", ["put_snapshot", "add_post", "append_moves"])
async def test_an_error_between_two_writes_leaves_the_game_unchanged(
    database: Path | str, monkeypatch: pytest.MonkeyPatch, step: str
) -> None:
    async with open_service(database) as svc:
        game = await start(svc, 2)
        first = (await svc.turns.legal_moves(GUILD, game.id, MEMBERS[0]))[0].move
        await svc.turns.act(GUILD, game.id, MEMBERS[0], first)
        async with svc.storage.read() as r:
            before = await counts(r, game.id)
        view = await svc.games.view(GUILD, game.id)
        original = getattr(Transaction, step)

        async def crash(self: Transaction, *args: object, **kwargs: object) -> object:
            await original(self, *args, **kwargs)  # the write happens inside the transaction…
            raise OSError("disk on fire")  # …and then the process fails before the commit

        monkeypatch.setattr(Transaction, step, crash)
        with pytest.raises(OSError, match="disk on fire"):
            await svc.turns.act(GUILD, game.id, MEMBERS[0], "end")  # an `end` writes log, snapshot and a post
        async with svc.storage.read() as r:
            assert await counts(r, game.id) == before
        assert await svc.games.view(GUILD, game.id) == view
        monkeypatch.undo()
        moved = await svc.turns.act(GUILD, game.id, MEMBERS[0], "end")
        assert moved.turn_ended and [p.kind for p in moved.posts] == ["wait"]
        async with svc.storage.read() as r:
            assert (await counts(r, game.id))["moves"] == before["moves"] + 1  # type: ignore[operator]


async def test_a_process_killed_inside_the_transaction_loses_only_that_move(database: Path | str) -> None:
    async with open_service(database) as svc:
        game = await start(svc, 2)
        await play_to_end(svc, game, random.Random(6), limit=12)
        view = await svc.games.view(GUILD, game.id)
    before = await stored_counts(database, game.id)
    child = textwrap.dedent(f"""
        import asyncio, os
        from bot.core.storage.backends import open_storage
        from bot.core.storage.base import NewMove

        async def main():
            storage = await open_storage({str(database)!r})
            async with storage.transaction() as tx:
                await tx.advance({game.id}, {view.version}, {view.version + 1})
                await tx.append_moves({game.id}, {view.version}, [NewMove("end", 0, 1)])
                os._exit(9)  # killed between the writes and the commit

        asyncio.run(main())
    """)
    done = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, timeout=60)
    assert done.returncode == 9, done.stderr
    assert await stored_counts(database, game.id) == before
    async with open_service(database) as svc:  # the dead process's lock (SQLite's) went with it
        assert await svc.games.view(GUILD, game.id) == view
        await play_to_end(svc, game, random.Random(7), limit=3)
        assert await svc.games.view(GUILD, game.id) == engine.view(await replayed(svc, game.id), None)
