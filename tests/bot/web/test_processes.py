"""Any process serves any game (PostgreSQL, real OS processes): a process that serves only the web view and does
the work of shard 1 of 2 (``web_child``) shows the pages of games on both shards, played by this process, and
follows them live — the database is all the processes share. A renewed address stops working in that process
too."""

from __future__ import annotations

import asyncio
import json
import random
import sys
from pathlib import Path

import aiohttp
import pytest

from bot.core.assembly import Core
from bot.core.spectators.view_data import view_data
from bot.core.storage.shards import Shards
from engine import GameView
from tests.bot.core.servicekit import choose, open_service, started_game
from tests.bot.web.webkit import STREAM, next_event

ROOT = Path(__file__).resolve().parents[3]
SHARD_0, SHARD_1 = 4 << 22, 5 << 22  # (guild >> 22) % 2

pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]


async def play(core: Core, guild: int, game_id: int, moves: int, rng: random.Random) -> GameView:
    """``moves`` random legal moves of the players to act (a basic game: no secret choices); the view after."""
    game = await core.games.game(guild, game_id)
    for _ in range(moves):
        view = await core.games.view(guild, game_id)
        assert view.to_act is not None
        member = game.at_seat(view.to_act)
        assert member is not None
        entries = await core.turns.legal_moves(guild, game_id, member.member_id)
        await core.turns.act(guild, game_id, member.member_id, choose(entries, rng, allow_undo=False))
    return await core.games.view(guild, game_id)


async def test_a_process_of_another_shard_serves_every_game_and_follows_it_live(pg_url: str, tmp_path: Path) -> None:
    log = tmp_path / "web_child.log"
    async with open_service(pg_url) as core:
        assert Shards.of(2, [1]).shard_of(SHARD_0) == 0 and Shards.of(2, [1]).shard_of(SHARD_1) == 1
        games = {guild: await started_game(core, 2, guild=guild) for guild in (SHARD_0, SHARD_1)}
        tokens = {guild: await core.spectators.links.token(guild, game.id) for guild, game in games.items()}
        child = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tests.bot.web.web_child", pg_url, cwd=ROOT, stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE, stderr=log.open("wb"))
        try:
            assert child.stdout is not None
            line = await asyncio.wait_for(child.stdout.readline(), timeout=120)
            assert line, log.read_text()[-4000:]
            base = f"http://127.0.0.1:{json.loads(line)['port']}"
            async with aiohttp.ClientSession() as session:
                for guild, game in games.items():
                    page = f"{base}/g/{tokens[guild]}"
                    async with session.get(page) as response:
                        assert response.status == 200
                    async with session.get(f"{page}/events", timeout=STREAM) as stream:
                        view = await play(core, guild, game.id, 5, random.Random(guild))
                        while True:  # the moves' events, up to the last one
                            sent = await next_event(stream)
                            data = json.loads(sent.split("data: ", 1)[1])
                            if data["version"] == view.version:
                                break
                    assert {k: data["board"][k] for k in ("spaces", "players", "version")} == {
                        k: view_data(view)[k] for k in ("spaces", "players", "version")}
                    async with session.get(f"{page}/history.json") as response:
                        frames = (await response.json())["frames"]  # the start and each turn since
                        assert response.status == 200 and frames[0]["version"] == 0 and len(frames) >= 2

                guild = SHARD_0
                new = await core.spectators.links.renew(guild, games[guild].id)
                async with session.get(f"{base}/g/{tokens[guild]}") as response:
                    assert response.status == 404
                async with session.get(f"{base}/g/{new}") as response:
                    assert response.status == 200
        finally:
            assert child.stdin is not None
            child.stdin.close()
            try:
                await asyncio.wait_for(child.wait(), timeout=30)
            except TimeoutError:
                child.kill()
                await child.wait()
