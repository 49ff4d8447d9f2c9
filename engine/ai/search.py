"""Choosing a turn's actions: a beam search over the moves of one turn, judged by ``evaluate.judge``.

Every position reached may end the turn, so the best plan is the best position seen, however deep.
The search is bounded by a number of positions tried (nodes), never by time, so it is repeatable.
Moves that cannot help are left out: walks go only to temples and to treasure hexes with wafers
(camps need no figure), and counts are tried as 1, 2, 3 and the most possible.

The strong player then checks its best few plans against its opponents' likely replies: each
opponent in turn, clockwise, takes a greedy turn of 10 AP on the sampled state judged by its own
position (without drawing a hexagon), and the plan whose position survives them best is chosen.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from ..actions import strongest_other
from ..board import SPACE_COUNT
from ..errors import IllegalMove
from ..legal import legal_moves
from ..moves import COUNTED, Bid, Declare, End, Jump, Move, Obstacle, Pass, Pick, Place, Recover, Uncover, Undo, Walk
from ..options import Option
from ..rules import apply
from ..state import NOBODY, GameState, Phase, Variant
from ..tiles import AP_PER_TURN, Terrain
from .dice import expected_uncover
from .evaluate import EASY, Context, judge, tile_access


@dataclass(frozen=True, slots=True)
class Budget:
    width: int
    """Positions kept from one depth to the next."""
    nodes: int
    """Positions tried in one turn's search at most."""
    placements: int
    """Placements searched in full (the rest are judged by the position they leave)."""
    replies: int = 0
    """Best plans of a normal turn that are checked against the opponents' likely replies (0: none)."""
    reply_nodes: int = 0
    """Positions each opponent's reply may try."""


def _counts(low: int, high: int) -> Iterable[int]:
    return sorted({c for c in (1, 2, 3, high) if low <= c <= high})


def _targets(state: GameState) -> set[int]:
    return {
        s for s in range(SPACE_COUNT)
        if (state.terrain[s] is Terrain.TEMPLE and state.guard[s] == NOBODY)
        or (state.terrain[s] is Terrain.TREASURE and state.wafers[s])
    }


def _held_temples(state: GameState) -> set[int]:
    """Unguarded temples where the player to act is the strongest: the ones an obstacle may protect."""
    p = state.to_act
    return {s for s in range(SPACE_COUNT) if state.terrain[s] is Terrain.TEMPLE and state.guard[s] == NOBODY
            and state.strength(p, s) > strongest_other(state, p, s)}


def candidates(state: GameState) -> list[Move]:
    """The moves worth trying now in a turn (no place, end, undo or auction moves; obstacles only on a
    border of a temple the player holds)."""
    targets = _targets(state)
    held = _held_temples(state) if state.setup.has(Option.OBSTACLES) else set()
    out: list[Move] = []
    for entry in legal_moves(state):
        move = entry.move
        if isinstance(move, Place | End | Undo | Bid | Pass | Pick | Jump | Declare):
            continue
        if isinstance(move, Walk) and move.target not in targets:
            continue
        if isinstance(move, Obstacle) and move.first not in held and move.second not in held:
            continue
        if isinstance(move, COUNTED) and not getattr(move, "leader", False):
            out.extend(replace(move, count=c) for c in _counts(entry.low, entry.high))
        else:
            out.append(move)
    return out


def _signature(state: GameState, me: int) -> tuple[object, ...]:
    return (
        state.ap, tuple(state.workers[me]), state.leader[me], state.supply[me], tuple(state.value),
        tuple(map(len, state.wafers)), tuple(state.camp), tuple(state.guard),
        tuple(tuple(sorted(t.items())) for t in state.treasures),
    )


Found = tuple[float, int, GameState, list[Move]]


def search_turn(state: GameState, ctx: Context, budget: Budget) -> tuple[float, list[Move]]:
    """Return the best value reachable in the turn under way and the actions that reach it (``end`` not included)."""
    value, _, _, plan = search_top(state, ctx, budget, 1)[0]
    return value, plan


def search_top(state: GameState, ctx: Context, budget: Budget, keep: int) -> list[Found]:
    """Return the ``keep`` best positions reachable in the turn under way, best first, with their values and
    the actions that reach them (``end`` not included)."""
    top: list[Found] = [(judge(state, ctx), -1, state, [])]
    # Each position of the beam carries what the dice took off its judgement (an uncover before it, judged
    # over the rolls while the position goes on from the rolls that missed).
    beam: list[tuple[GameState, list[Move], float]] = [(state, [], 0.0)]
    seen = {_signature(state, ctx.me)}
    nodes = 0
    while beam and nodes < budget.nodes:
        children: list[tuple[float, int, GameState, list[Move], float]] = []
        for here, plan, offset in beam:
            for move in candidates(here):
                if nodes >= budget.nodes:
                    break
                try:
                    child = apply(here, move)
                except IllegalMove:  # pragma: no cover - candidates come from legal_moves
                    continue
                nodes += 1
                key = _signature(child, ctx.me)
                if key in seen:
                    continue
                seen.add(key)
                value = judge(child, ctx)
                shift = offset
                if ctx.at_most is not None and isinstance(move, Uncover):
                    shift += expected_uncover(here, move, child, ctx, value) - value
                children.append((value + shift, nodes, child, [*plan, move], shift))
        children.sort(key=lambda c: (-c[0], c[1]))
        top = sorted(top + [c[:4] for c in children[:keep]], key=lambda c: (-c[0], c[1]))[:keep]
        beam = [(c[2], c[3], c[4]) for c in children[: budget.width] if c[2].ap > 0]
    return top


def _fresh_turn(state: GameState, seat: int) -> GameState:
    """The position as if ``seat`` began a normal turn's actions now (its hexagon already placed)."""
    s = state.clone()
    s.to_act, s.phase, s.ap, s.hand = seat, Phase.ACTIONS, AP_PER_TURN, None
    s.uncovered, s.recovered, s.turn_moves, s.undo_base, s.undo_moves = {}, {}, (), None, ()
    return s


def reply_delta(state: GameState, ctx: Context, nodes: int) -> float:
    """How much the opponents' likely replies (each a greedy turn judged by its own position, clockwise,
    without hexagons) change the computer player's judgement of ``state``."""
    base = _fresh_turn(state, ctx.me)
    before = judge(base, ctx)
    s = base
    n = len(state.players)
    for k in range(1, n):
        q = (ctx.me + k) % n
        s = _fresh_turn(s, q)
        reply_ctx = replace(ctx, me=q, weights=EASY, root_wafers=list(s.wafers), root_recovered={}, camp_cache={},
                            values=None)
        _, plan = search_turn(s, reply_ctx, Budget(width=1, nodes=nodes, placements=0))
        for move in plan:
            s = apply(s, move)
    return judge(_fresh_turn(s, ctx.me), ctx) - before


def scoring_reply_delta(end: GameState, ctx: Context, nodes: int) -> float | None:
    """Two players, the turn ending into the opponent's scoring turn: how much that turn (a greedy one, judged
    by its own position, then scored) changes the computer player's judgement of what its own turn left.
    ``None`` when the opponent does not score next."""
    after = apply(end, End())
    if (after.phase is not Phase.SCORING or after.to_act == ctx.me or len(after.players) != 2
            or after.stack_pos != end.stack_pos):  # a hexagon drawn from the sampled stack: not known to score
        return None
    q = after.to_act
    reply_ctx = replace(ctx, me=q, weights=EASY, root_wafers=list(after.wafers), root_recovered={}, camp_cache={},
                        values=None)
    _, plan = search_turn(after, reply_ctx, Budget(width=1, nodes=nodes, placements=0))
    s = after
    for move in plan:
        s = apply(s, move)
    return judge(apply(s, End()), ctx) - judge(after, ctx)


def scorers_delta(end: GameState, ctx: Context, nodes: int) -> float:
    """Three or four players, the computer player's scoring turn ending: how much the scoring turns of the players
    after it in the round (each a greedy turn judged by its own position, then scored) change its judgement of
    what its own turn left. Those players' moves score only themselves, so a scoring turn is judged by what it
    leaves them as well as by what it scores."""
    s = apply(end, End())
    before = judge(s, ctx)
    while s.phase is Phase.SCORING and s.to_act != ctx.me:
        q = s.to_act
        reply_ctx = replace(ctx, me=q, weights=EASY, root_wafers=list(s.wafers), root_recovered={}, camp_cache={},
                            values=None)
        _, plan = search_turn(s, reply_ctx, Budget(width=1, nodes=nodes, placements=0))
        for move in plan:
            s = apply(s, move)
        after = apply(s, End())
        if after.stack_pos != end.stack_pos:  # a hexagon drawn from the sampled stack: judged before it
            break
        s = after
    return judge(s, ctx) - before


def rank_placements(state: GameState, ctx: Context, access: float = 1.0) -> list[tuple[float, Place, GameState]]:
    """Every legal placement of the hexagon in hand with the position it leaves, best first."""
    ranked = []
    for i, entry in enumerate(legal_moves(state)):
        move = entry.move
        assert isinstance(move, Place)
        after = apply(state, move)
        value = judge(after, ctx) + access * tile_access(after, move.space, ctx)
        ranked.append((value, i, move, after))
    ranked.sort(key=lambda r: (-r[0], r[1]))
    return [(r[0], r[2], r[3]) for r in ranked]


def plan_normal_turn(state: GameState, ctx: Context, budget: Budget, access: float = 1.0,
                     ranked: list[tuple[float, Place, GameState]] | None = None) -> list[Move]:
    """Place the hexagon in hand (if any) and choose the actions that follow (``ranked``: the placements as
    ``rank_placements`` ranks them, when already known)."""
    if state.phase is not Phase.PLACE:
        if state.phase is Phase.SCORING and budget.replies and len(state.players) == 2:
            return _checked(search_top(state, ctx, budget, budget.replies), ctx, budget)[0][3]
        if state.phase is Phase.SCORING and budget.replies and state.variant is not Variant.RAPIDO:
            top = search_top(state, ctx, budget, budget.replies)
            checked = [(f[0] + scorers_delta(f[2], ctx, budget.reply_nodes), f[1], f[2], f[3]) for f in top]
            checked.sort(key=lambda f: (-f[0], f[1]))
            return checked[0][3]
        _, plan = search_turn(state, ctx, budget)
        return plan
    if ranked is None:
        ranked = rank_placements(state, ctx, access)
    found: list[tuple[float, int, GameState, list[Move]]] = []
    for static, place, after in ranked[: max(1, budget.placements)]:
        bonus = access * (static - judge(after, ctx))
        for value, _, end, plan in search_top(after, ctx, budget, max(1, budget.replies)):
            found.append((value + bonus, len(found), end, [place, *plan]))
    found.sort(key=lambda f: (-f[0], f[1]))
    if budget.replies and len(state.players) == 2:
        found = _checked(found, ctx, budget)
    elif budget.replies and len(state.players) > 1:
        found = [(f[0] + reply_delta(f[2], ctx, budget.reply_nodes), f[1], f[2], f[3])
                 for f in found[: budget.replies]]
        found.sort(key=lambda f: (-f[0], f[1]))
    return found[0][3]


def _checked(found: list[Found], ctx: Context, budget: Budget) -> list[Found]:
    """Two players: the best plans again, each after the opponent's reply, best first. A reply that is the
    opponent's scoring turn is played and scored; after a normal turn it is the greedy turn of ``reply_delta``;
    the last scoring turn of a round (the opponent scored before it) is kept as it is, as before."""
    checked = []
    for value, order, end, plan in found[: budget.replies]:
        delta = scoring_reply_delta(end, ctx, budget.reply_nodes)
        if delta is None:
            delta = 0.0 if end.phase is Phase.SCORING else reply_delta(end, ctx, budget.reply_nodes)
        checked.append((value + delta, order, end, plan))
    checked.sort(key=lambda f: (-f[0], f[1]))
    return checked


def finish(plan: list[Move], dice: bool = False) -> list[Move]:
    """Cut a plan after its first recover (it reveals a wafer: the rest is chosen again on the new view)
    or, with ``dice`` (Indiana Jones), after its first uncover (it rolls the dice), else close it with ``end``."""
    reveals = (Recover, Uncover) if dice else (Recover,)
    for i, move in enumerate(plan):
        if isinstance(move, reveals):
            return plan[: i + 1]
    return [*plan, End()]
