"""A computer player's thinking, away from the event loop, so it never blocks the bot.

A decision of the strong player takes up to a second of CPU. In a thread it would hold the interpreter's lock
against the event loop for that long, so it runs in the worker pool (``bot.core.table.cpu_pool``): the worker gets a
snapshot of the state (its JSON) or a seat's view, and gives back moves. ``off_loop`` runs a job there, or in a
thread when there is no pool (the core's own tests, the local console) or the pool fails.

``Computers`` thinks without holding the game's lock and commits what was thought with the version check: if the
game moved meanwhile, the thought is dropped and the computer thinks again on the new state.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any, Final, TypeVar

import engine
from bot.core.table.cpu_pool import CpuPool, PoolError
from engine import GameState, Move
from engine.ai import computer_turn

log = logging.getLogger(__name__)

T = TypeVar("T")
TIMEOUT: Final = 120.0
"""Seconds a decision may take in a worker before it is stopped and thought again in a thread (a decision's
budget is counted in positions, about a second at most)."""


def obligation(state: GameState, level: str, seed: int) -> list[Move]:
    """The computer player's moves for the seat to act: its turn, bid, pick or scoring turn. A Tikal Rápido jump's
    chips are never among them: the seat chooses in secret with the others."""
    _, moves = computer_turn(state, level, seed)
    jump = next((i for i, m in enumerate(moves) if isinstance(m, engine.Jump)), len(moves))
    return list(moves[:jump])


def obligation_of_snapshot(snapshot: str, level: str, seed: int) -> list[Move]:
    """A worker's job: ``obligation`` of the state a snapshot (``engine.state_to_json``) holds."""
    return obligation(engine.state_from_json(snapshot), level, seed)


async def off_loop(pool: CpuPool | None, fn: Callable[..., T], *args: Any, timeout: float = TIMEOUT) -> T:
    """``fn(*args)`` in the worker pool, or in a thread without one or when the pool fails (the job's own
    exceptions are raised as they are)."""
    if pool is not None:
        try:
            return await pool.run(fn, *args, timeout=timeout)
        except PoolError as error:
            log.warning("the worker pool failed (%s): %s runs in a thread instead", error, fn.__name__)
    return await asyncio.to_thread(fn, *args)


__all__ = ["TIMEOUT", "obligation", "obligation_of_snapshot", "off_loop"]
