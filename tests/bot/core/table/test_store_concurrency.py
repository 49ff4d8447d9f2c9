"""Simultaneous commands on one game: exactly one wins each AP, the others get a clear error (on both backends)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

import engine
from bot.core.assembly import Core
from bot.core.storage.backends import open_storage
from bot.core.table.results import Moved
from engine import EngineError, GameState, IllegalMove, NotYourTurn, StaleState
from tests.bot.core.servicekit import GUILD, MEMBERS, play_to_end, replays_to_snapshot
from tests.bot.core.servicekit import started_game as start

ANA, BEN, _, _ = MEMBERS

pytestmark = pytest.mark.backends


async def _placed(svc: Core) -> int:
    """A 2-player game where Ana has placed her hexagon and has 10 AP."""
    game = await start(svc, 2)
    await svc.turns.act(GUILD, game.id, ANA, (await svc.turns.legal_moves(GUILD, game.id, ANA))[0].move)
    return game.id


async def _replayed(svc: Core, game_id: int) -> GameState:
    """The game's stored log replayed (checked against its stored snapshot)."""
    async with svc.storage.read() as r:
        return await replays_to_snapshot(r, GUILD, game_id)


def _split(outcomes: list[Moved | BaseException]) -> tuple[list[Moved], list[BaseException]]:
    won = [o for o in outcomes if isinstance(o, Moved)]
    lost = [o for o in outcomes if not isinstance(o, Moved)]
    return won, lost


async def test_many_simultaneous_commands_spend_each_ap_once(database: Path | str) -> None:
    storage = await open_storage(database)
    try:
        svc = Core.build(storage, seed_source=lambda: 7)
        game_id = await _placed(svc)
        calls = [svc.turns.act(GUILD, game_id, ANA, "deploy A1 1") for _ in range(16)]
        calls += [svc.turns.act(GUILD, game_id, BEN, "deploy A1 1") for _ in range(4)]
        won, lost = _split(await asyncio.gather(*calls, return_exceptions=True))
        assert len(won) == 10  # 10 AP, 1 AP each
        assert sorted(m.view.ap_left or 0 for m in won) == list(range(10))
        assert all(isinstance(e, EngineError) for e in lost) and len(lost) == 10
        assert sum(isinstance(e, NotYourTurn) and "Ana's turn" in str(e) for e in lost) == 4
        assert sum(isinstance(e, IllegalMove) and "Not enough AP" in str(e) for e in lost) == 6
        replayed = await _replayed(svc, game_id)
        assert replayed.log[1:] == ("deploy A1 1",) * 10 and replayed.ap == 0
        assert engine.view(replayed, None) == await svc.games.view(GUILD, game_id)
        # and many `end`s at once end exactly one turn
        won, lost = _split(await asyncio.gather(*[svc.turns.act(GUILD, game_id, ANA, "end") for _ in range(5)],
                                                return_exceptions=True))
        assert len(won) == 1 and all(isinstance(e, NotYourTurn) for e in lost)
        assert len([p for p in await svc.outbox.posts_of(GUILD, game_id) if p.kind == "wait"]) == 2  # the start, Ben
    finally:
        await storage.close()


async def test_two_services_racing_on_one_database_are_kept_apart_by_the_version_check(
    database: Path | str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without the in-process game lock (two service objects) the stored version still decides."""
    storage = await open_storage(database)
    try:
        first = Core.build(storage, seed_source=lambda: 7)
        second = Core.build(storage, seed_source=lambda: 7, retries=1)
        game_id = await _placed(first)
        await second.games.view(GUILD, game_id)  # second caches version 1

        # Hold the second service's commit until the first one has committed a move of its own.
        first_done = asyncio.Event()
        commit = second.store._commit

        async def late_commit(*args: object, **kwargs: object) -> object:
            await first_done.wait()
            return await commit(*args, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(second.store, "_commit", late_commit)

        async def first_moves() -> Moved:
            moved = await first.turns.act(GUILD, game_id, ANA, "deploy A1 2")
            first_done.set()
            return moved

        outcome = await asyncio.gather(second.turns.act(GUILD, game_id, ANA, "deploy A1 3"), first_moves(),
                                       return_exceptions=True)
        assert isinstance(outcome[0], StaleState) and "moved on" in str(outcome[0])
        assert isinstance(outcome[1], Moved)
        assert (await _replayed(first, game_id)).log[1:] == ("deploy A1 2",)

        # With a retry, the late command is validated again against the new state and goes through.
        second.store.retries = 3
        first_done.clear()
        outcome = await asyncio.gather(second.turns.act(GUILD, game_id, ANA, "deploy A1 3"), first_moves(),
                                       return_exceptions=True)
        assert all(isinstance(o, Moved) for o in outcome)
        replayed = await _replayed(first, game_id)
        assert replayed.log[1:] == ("deploy A1 2", "deploy A1 2", "deploy A1 3") and replayed.ap == 3
        assert await first.games.view(GUILD, game_id) == await second.games.view(GUILD, game_id) \
            == engine.view(replayed, None)
    finally:
        await storage.close()


async def test_a_stale_cache_is_refreshed_by_the_version_check(database: Path | str) -> None:
    storage = await open_storage(database)
    try:
        first, second = Core.build(storage, seed_source=lambda: 7), Core.build(storage, seed_source=lambda: 7)
        game_id = await _placed(first)
        stale = await second.games.view(GUILD, game_id)
        await first.turns.act(GUILD, game_id, ANA, "deploy A1 4")
        fresh = await second.games.view(GUILD, game_id)
        assert fresh.version == stale.version + 1 and fresh.ap_left == 6
        moved = await second.turns.act(GUILD, game_id, ANA, "deploy A1 6")
        assert moved.view.ap_left == 0
        with pytest.raises(IllegalMove, match="Not enough AP"):
            await first.turns.act(GUILD, game_id, ANA, "deploy A1 1")
    finally:
        await storage.close()


async def test_concurrent_commands_on_different_games_all_go_through(database: Path | str) -> None:
    storage = await open_storage(database)
    try:
        svc = Core.build(storage, seed_source=lambda: 7)
        games = [await start(svc, 2, channel=600 + i) for i in range(4)]
        played = await asyncio.gather(*[play_to_end(svc, g, random.Random(i), limit=40) for i, g in enumerate(games)])
        for game, results in zip(games, played, strict=True):
            assert len(results) == 40
            assert engine.view(await _replayed(svc, game.id), None) == await svc.games.view(GUILD, game.id)
    finally:
        await storage.close()
