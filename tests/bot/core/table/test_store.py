"""The game store the table's services share: a game loaded in one read, a plan's moves committed in one transaction
(or nothing at all), a game named by its number or by its place."""

from __future__ import annotations

import pytest

import engine
from bot.core.assembly import Core
from bot.core.table.plans import Loaded, Place, Planned, apply_all
from bot.core.words.errors import NoGame, WrongStatus
from engine import IllegalMove
from tests.bot.core.servicekit import CHANNEL, GUILD, MEMBERS, OTHER_GUILD
from tests.bot.core.servicekit import started_game as start

ANA = MEMBERS[0]


async def costs(svc: Core) -> tuple[int, int, int]:
    return svc.store.loads, svc.storage.reads, svc.storage.transactions


async def first_place(svc: Core, game_id: int) -> str:
    return str((await svc.turns.legal_moves(GUILD, game_id, ANA))[0].move)


@pytest.mark.backends
async def test_an_ordinary_move_costs_one_load_and_one_transaction(svc: Core) -> None:
    game = await start(svc, 2)
    place = await first_place(svc, game.id)
    before = await costs(svc)
    moved = await svc.turns.act(GUILD, Place(CHANNEL), ANA, place)
    after = await costs(svc)
    assert moved.view.version == 1
    assert (after[0] - before[0], after[1] - before[1], after[2] - before[2]) == (1, 1, 1)
    assert (await svc.games.view(GUILD, game.id)).version == 1


@pytest.mark.backends
async def test_a_plan_that_makes_no_move_or_refuses_commits_nothing(svc: Core) -> None:
    game = await start(svc, 2)
    seen: list[Loaded] = []

    async def nothing(loaded: Loaded) -> Planned | None:
        seen.append(loaded)
        return None

    before = await costs(svc)
    assert await svc.store.play(GUILD, game.id, nothing, actor_id=None) is None
    assert (await costs(svc))[2] == before[2] and seen[0].state.version == 0 and seen[0].seat_of(ANA) == 0

    async def refused(loaded: Loaded) -> Planned:
        return Planned(apply_all(loaded.state, [engine.parse_move("deploy A1 9")]))

    with pytest.raises(IllegalMove):
        await svc.store.play(GUILD, game.id, refused, actor_id=ANA)
    assert (await costs(svc))[2] == before[2] and (await svc.games.view(GUILD, game.id)).version == 0


async def test_a_game_is_found_by_number_or_place_in_its_own_guild_only(svc: Core) -> None:
    lobby = await svc.lobby.new_game(GUILD, CHANNEL, ANA, "Ana")
    with pytest.raises(WrongStatus, match="has not started yet"):
        await svc.store.load(GUILD, lobby.id)
    await svc.lobby.join(GUILD, lobby.id, MEMBERS[1], "Ben")
    await svc.lobby.start(GUILD, lobby.id, ANA)
    by_number, by_place = await svc.store.load(GUILD, lobby.id), await svc.store.load(GUILD, Place(CHANNEL))
    assert by_number.row == by_place.row and by_number.state is by_place.state  # the cached state, not a replay
    with pytest.raises(NoGame, match="no game here"):
        await svc.store.load(GUILD, Place(CHANNEL + 1))
    with pytest.raises(NoGame, match=f"no game #{lobby.id} in this server"):
        await svc.store.load(OTHER_GUILD, lobby.id)


async def test_a_forgotten_state_is_read_back_from_the_snapshot(svc: Core) -> None:
    game = await start(svc, 2)
    await svc.turns.act(GUILD, game.id, ANA, await first_place(svc, game.id))
    cached = (await svc.store.load(GUILD, game.id)).state
    svc.store.forget(game.id)
    reread = (await svc.store.load(GUILD, game.id)).state
    assert reread is not cached and engine.state_to_json(reread) == engine.state_to_json(cached)
