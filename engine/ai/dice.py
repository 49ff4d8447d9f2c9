"""Indiana Jones (rules §7.2) for the strong player: an ``uncover`` judged over the dice, not at one roll.

A sampled state holds one imagined roll per level to come. Judged at that roll, every uncover of a search
looks free when the roll misses and ruinous when it hits, and the search takes the uncovers whose imagined
roll happened to miss: it uncovered far more than the dice allow. Instead the strong player's sampled
state never hits (``never_hit``), and an uncover's position is judged as the mean over how many workers the
rolls could take, each count with its chance (``expected_uncover``).
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import Final

from ..moves import Uncover
from ..state import GameState
from ..view import GameView
from .evaluate import Context, judge

MISS: Final = 1000
"""A roll above every temple value: the rolls of a state that never hits."""
TOP: Final = 20
"""The highest roll of any option's dice (1d20)."""


@cache
def at_most(dice: int, faces: int) -> tuple[float, ...]:
    """The chance that ``dice`` dice of ``faces`` faces total at most ``v``, for ``v`` from 0 to ``TOP``."""
    ways = {0: 1.0}
    for _ in range(dice):
        nxt: dict[int, float] = {}
        for total, chance in ways.items():
            for face in range(1, faces + 1):
                nxt[total + face] = nxt.get(total + face, 0.0) + chance / faces
        ways = nxt
    out, running = [], 0.0
    for v in range(TOP + 1):
        running += ways.get(v, 0.0)
        out.append(min(running, 1.0))
    return tuple(out)


def never_hit(state: GameState, game_view: GameView) -> None:
    """Make the sampled ``state``'s rolls to come all miss (the rolls made so far stay)."""
    state.setup = replace(state.setup, rolls=(*game_view.rolls, *(MISS,) * (len(state.setup.rolls)
                                                                           - len(game_view.rolls))))


def hits(chances: list[float]) -> list[float]:
    """The chance of each number of hits (0, 1, …) in rolls that hit with ``chances``."""
    out = [1.0]
    for p in chances:
        nxt = [0.0] * (len(out) + 1)
        for k, w in enumerate(out):
            nxt[k] += w * (1 - p)
            nxt[k + 1] += w * p
        out = nxt
    return out


def expected_uncover(before: GameState, move: Uncover, after: GameState, ctx: Context, value: float) -> float:
    """The judgement of an uncover's position over the dice: ``value`` (the judgement of ``after``, where every
    roll missed) for no hit, and ``after`` with the workers a hit takes for each other count, by chance."""
    if ctx.at_most is None:
        return value
    t, me = move.space, before.to_act
    levels = after.value[t] - before.value[t]  # each level is the value before plus one (ruling 4)
    chances = [ctx.at_most[min(before.value[t] + k, TOP)] for k in range(1, levels + 1)]
    total = 0.0
    for k, chance in enumerate(hits(chances)):
        lost = min(k, after.workers[me][t])
        if not lost:
            total += chance * value
            continue
        hit = after.clone()
        hit.mutable_workers(me)[t] -= lost
        hit.mutable("removed")[me] += lost
        total += chance * judge(hit, ctx)
    return total
