"""Tikal Rápido for computer players (docs/rules.md §7.6): how many chips to take into a jump, and the one action
of a jump's slot.

Both judge single actions: each candidate action is tried on the sampled state with the jump's AP and
the position it leaves is judged (``evaluate.judge``). A jump takes the fewest chips that buy nearly
the best action, since chips left over buy later actions.
"""

from __future__ import annotations

from ..legal import legal_moves
from ..moves import COUNTED, End, Jump, Move, Uncover
from ..rapido import most_chips
from ..rules import apply
from ..state import GameState, Phase, Stage
from .dice import expected_uncover
from .evaluate import Context, judge
from .search import Budget, candidates, search_turn

CHIP_VALUE = 0.35
"""What a chip kept for a later jump is worth to the strong player, in points of the judgement."""


def _slot(state: GameState, ap: int) -> GameState:
    """The position as if the computer player were in its slot with ``ap`` AP."""
    s = state.clone()
    me = s.to_act
    counts = s.counts[me]
    s.phase, s.stage, s.ap = Phase.ACTIONS, Stage.JUMPS, ap
    s.uncovered, s.recovered, s.turn_moves = dict(counts.uncovered), dict(counts.recovered), counts.moves
    s.undo_base, s.undo_moves, s.slots = None, (), ()
    s.jump = (*s.jump[:me], ap, *s.jump[me + 1:])
    return s


def _costs(state: GameState) -> dict[Move, int]:
    """The AP of every legal action now (by move)."""
    out: dict[Move, int] = {}
    for entry in legal_moves(state):
        if isinstance(entry.move, COUNTED) and not getattr(entry.move, "leader", False):
            for move in entry.moves():
                out[move] = entry.ap_each * getattr(move, "count", 1)
        else:
            out[entry.move] = entry.ap_each
    return out


def single_actions(state: GameState, ctx: Context, ap: int) -> list[tuple[float, int, Move]]:
    """Return ``(value, cost, move)`` for each action worth trying with at most ``ap`` AP, best first."""
    slot = _slot(state, ap)
    costs = _costs(slot)
    found = []
    for i, move in enumerate(candidates(slot)):
        after = apply(slot, move)
        value = judge(after, ctx)
        if isinstance(move, Uncover):
            value = expected_uncover(slot, move, after, ctx, value)
        found.append((value, costs.get(move, ap), i, move))
    found.sort(key=lambda f: (-f[0], f[2]))
    return [(value, cost, move) for value, cost, _, move in found]


def planned_action(state: GameState, ctx: Context, budget: Budget, ap: int) -> tuple[Move, int] | None:
    """Return the first action of the best plan for ``ap`` AP spent as in one turn, with its cost
    (``None`` when no action helps): the strong player's way to look past a single jump."""
    s = _slot(state, ap)
    s.stage = Stage.VOLCANOES  # a turn-like position: actions follow each other without slots
    _, plan = search_turn(s, ctx, budget)
    if not plan:
        return None
    return plan[0], s.ap - apply(s, plan[0]).ap


def choose_jump(state: GameState, ctx: Context, chip_value: float = CHIP_VALUE, budget: Budget | None = None) -> Jump:
    """Return the chips to take. With a ``budget`` (the strong player): the cost of the first action of
    the best plan for all its chips, if one jump can pay it. Else the number whose best single action,
    less what the chips are worth later, gains most over doing nothing (1 when nothing gains)."""
    most = most_chips(state, ctx.me)
    if budget is not None:
        found = planned_action(state, ctx, budget, state.chips[ctx.me])
        if found is not None and 1 <= found[1] <= most:
            return Jump(found[1])
    base = judge(_slot(state, 0), ctx)
    best = {n: base for n in range(1, most + 1)}
    for value, cost, _ in single_actions(state, ctx, most):
        for n in range(max(cost, 1), most + 1):
            best[n] = max(best[n], value)
    score = {n: best[n] - base - chip_value * n for n in best}
    pick = max(sorted(score), key=lambda n: score[n])
    return Jump(pick if score[pick] > -chip_value else 1)


def plan_slot(state: GameState, ctx: Context, budget: Budget | None = None) -> list[Move]:
    """Return the one action of the computer player's slot, or ``end`` when none helps. With a
    ``budget``: the first action of the best plan for this slot's AP and the chips left, if it fits."""
    if budget is not None:
        planned = planned_action(state, ctx, budget, state.ap + state.chips[ctx.me])
        if planned is not None and planned[1] <= state.ap:
            return [planned[0]]
    base = judge(state, ctx)
    found = single_actions(state, ctx, state.ap)
    if found and found[0][0] > base:
        return [found[0][2]]
    return [End()]

