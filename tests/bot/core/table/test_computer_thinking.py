"""Computer players think in the worker pool, so they never block the bot: on a snapshot, without the game's
lock, and what they thought is committed only if the game is still where it was (else they think again); a Tikal
Rápido jump's chips too."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from bot.core.assembly import Core
from bot.core.table import thinking
from bot.core.table.cpu_pool import CpuPool
from bot.core.table.plans import apply_all
from bot.core.table.posts import PostKind
from engine import Phase
from tests.bot.core import pool_jobs
from tests.bot.core.clockkit import MOD, Kit
from tests.bot.core.optionkit import drive, options_game
from tests.bot.core.servicekit import CHANNEL, GUILD, MEMBERS, choose

ANA = MEMBERS[0]


async def computers_turn(svc: Core, level: str = "easy") -> int:
    """A game of Ana and a computer player, played by Ana (at random) up to the computer's first turn."""
    game = await svc.lobby.new_game(GUILD, CHANNEL, ANA, "Ana", seats=2, computers=1, computer_level=level)
    started = (await svc.lobby.start(GUILD, game.id, ANA)).game
    rng = random.Random(2)
    while (await svc.games.view(GUILD, started.id)).to_act == started.seat_of(ANA).seat:  # type: ignore[union-attr]
        await svc.turns.act(GUILD, started.id, ANA, choose(await svc.turns.legal_moves(GUILD, started.id, ANA), rng,
                                                     allow_undo=False))
    return started.id


async def queued(pool: CpuPool, jobs: int) -> None:
    """Wait until the pool holds ``jobs`` jobs (running or waiting)."""
    for _ in range(6000):
        executor = pool._executor
        if executor is not None and len(executor._pending_work_items) >= jobs:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"the pool never held {jobs} jobs")


@pytest.mark.backends
async def test_a_computer_thinks_in_a_worker_and_plays_what_it_would_have_played(svc: Core,
                                                                                 pool: CpuPool) -> None:
    game_id = await computers_turn(svc)
    loaded = await svc.store.load(GUILD, game_id)
    computer = loaded.computers[loaded.state.to_act]
    expected = thinking.obligation(loaded.state, computer.level, computer.ai_seed + loaded.state.version)
    svc.computers.pool = pool
    played = await svc.computers.play_computers(GUILD, game_id)
    assert pool.started == 1  # thought in a worker process
    assert played and list(played[0].moves) == list(apply_all(loaded.state, expected)[-1][1].log[-len(expected):])
    assert played[-1].to_act is not None and played[-1].to_act.member_id == ANA


@pytest.mark.backends
async def test_the_game_lock_is_free_while_a_computer_thinks_and_a_stale_thought_is_dropped(
        svc: Core, pool: CpuPool, tmp_path: Path) -> None:
    game_id = await computers_turn(svc)
    svc.computers.pool = pool
    gate = tmp_path / "go"
    busy = asyncio.create_task(pool.run(pool_jobs.wait_for, str(gate)))  # the one worker is busy until the gate
    await queued(pool, 1)
    computer = asyncio.create_task(svc.computers.play_computers(GUILD, game_id))
    await queued(pool, 2)  # the computer's thinking waits behind it
    # Meanwhile a moderator plays the computer's turn: the game's lock is free, so it goes through at once.
    before = (await svc.games.view(GUILD, game_id)).version
    skipped = await svc.turns.skip(GUILD, game_id, 77, is_moderator=True)
    assert skipped.view.version > before and not computer.done()
    gate.touch()
    assert await busy is None
    # What the computer thought was for the position before the skip: dropped; now it is Ana's turn, so nothing.
    assert await computer == []
    assert (await svc.games.view(GUILD, game_id)).version == skipped.view.version


async def test_without_a_pool_or_when_it_fails_the_computer_thinks_in_a_thread(svc: Core) -> None:
    game_id = await computers_turn(svc)
    closed = CpuPool(1)
    await closed.close()
    svc.computers.pool = closed  # every job is refused (PoolClosed): a thread thinks instead
    played = await svc.computers.play_computers(GUILD, game_id)
    assert played and played[-1].to_act is not None and played[-1].to_act.member_id == ANA


@pytest.mark.backends
async def test_a_jumps_chips_are_thought_without_the_game_lock_and_a_choice_made_meanwhile_stands(
        kit: Kit, pool: CpuPool, tmp_path: Path) -> None:
    game = await options_game(kit.svc, 3, "rapido")
    await drive(kit.svc, game, random.Random(3), until=lambda v: v.phase is Phase.JUMP)
    await kit.mod.set_timing(GUILD, game.id, MOD, is_moderator=True, turn_hours=24, policy="computer")
    kit.svc.computers.pool = pool
    gate = tmp_path / "go"
    busy = asyncio.create_task(pool.run(pool_jobs.wait_for, str(gate)))
    await queued(pool, 1)
    deadline = asyncio.create_task(kit.tick(24))  # a computer player chooses for everyone still to choose
    await queued(pool, 2)  # its thinking waits behind the busy worker
    # The game's lock is free meanwhile: Ana's own choice goes through at once (a timeout here means it waited).
    chosen = await asyncio.wait_for(kit.svc.jumps.choose_jump(GUILD, game.id, ANA, 2), 60)
    assert chosen.moved is None and not deadline.done()
    gate.touch()
    assert await busy is None
    kinds = await deadline
    assert PostKind.DEADLINE_SKIPPED in kinds and PostKind.WAIT in kinds
    after = await kit.svc.games.view(GUILD, game.id)
    ana = next(p.seat for p in after.players if p.name == "Ana")
    assert after.phase is Phase.ACTIONS and after.jump[ana] == 2  # her choice stood; the others' were thought
    assert all(1 <= (j or 0) <= 5 for j in after.jump)
