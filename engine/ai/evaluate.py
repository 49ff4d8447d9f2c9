"""How good a position is for one player: the computer players' judgement.

The value of a seat is its score plus what it is expected to collect in the scorings still to come:
temples it holds (by how safe its majority is and how soon the next scoring comes), treasure sets,
wafers within its figures' reach, figures on the board, camps near temples and unused guards. A
position is judged by the seat's value against its opponents' (the best of them and their mean).

Wafers recovered while the computer player tries moves count at their expected value over the
unseen wafers, never at the kinds its sampled state happens to hold.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Final

from ..board import BASE_CAMP, SPACE_COUNT
from ..geometry import path_costs
from ..options import Option
from ..state import LEADER_SUPPLY, NOBODY, GameState, Phase
from ..tiles import (
    AP_PER_TURN,
    HEXAGONS,
    LEADER_STRENGTH,
    TREASURE_KINDS,
    TREASURE_POINTS,
    WAFERS_PER_KIND,
    Terrain,
)
from ..view import GameView

SCORINGS: Final = 4
RANDOM_TERRAIN_SCORINGS: Final = 3
VOLCANO_LETTERS: Final = {"B": "B-1", "D": "D-3", "F": "F-2"}


@dataclass(frozen=True, slots=True)
class Weights:
    """The tunable constants of the judgement; ``easy`` uses a cruder set than ``strong``."""

    hold: float = 0.55
    """Share of a temple's value credited for a majority of 1 (rising with the margin)."""
    hold_margin: float = 0.1
    urgency: float = 0.2
    """Extra share for a held temple when the next scoring is near."""
    tie: float = 0.2
    behind: float = 0.08
    later: float = 0.1
    """Share of each later scoring (after the next) credited for a temple held now."""
    worker: float = 0.3
    leader: float = 3.0
    guard_option: float = 1.0
    camp_reach: float = 0.2
    wafer_reach: float = 0.5
    opponents_best: float = 0.3
    opponents_mean: float = 0.2
    safe: float = 0.9
    """Share of a temple's value credited for a majority no single opponent can overturn with one turn's AP
    (0: the threat is not looked at)."""
    gun: float = 3.0
    """Machine guns (rules.md §7.4): credit for a gun while scorings remain (it bars rivals' paths)."""
    gun_target: float = 0.3
    """Credit per rival worker on one's gun hex (the gun may fire at it)."""
    obstacle: float = 0.25
    """Obstacles (rules.md §7.3): share of a held temple's value credited per obstacle on its borders."""


STRONG: Final = Weights()
EASY: Final = Weights(urgency=0.0, hold_margin=0.05, later=0.5, guard_option=3.0, camp_reach=0.05,
                      opponents_best=0.0, opponents_mean=0.0, safe=0.0, gun=0.0, gun_target=0.0, obstacle=0.0)


def _set_points(held: Mapping[str, int]) -> int:
    return sum(TREASURE_POINTS[min(n, 3)] for n in held.values() if n > 0)


def expected_gain(held: Mapping[str, int], pool: Mapping[str, int]) -> float:
    """Expected points one more wafer drawn from ``pool`` adds to the set ``held``."""
    total = sum(pool.values())
    if not total:
        return 0.0
    gain = 0.0
    for kind, count in pool.items():
        n = held.get(kind, 0)
        if count and n < 3:
            gain += count * (TREASURE_POINTS[n + 1] - TREASURE_POINTS[n])
    return gain / total


def volcano_urgency(view: GameView) -> float:
    """Chance that a scoring round begins before the player to act has its next normal turn.

    From the stack's letters: the next unseen volcano hides uniformly among its letter's hexagons,
    below every hexagon of the letters above it. With no volcano to come, the final scoring comes
    when the stack runs out.
    """
    n = len(view.players)
    return volcano_within(view, n - 1 if view.variant.value == "basic" else n)


def volcano_within(view: GameView, draws: int) -> float:
    """Chance that one of the next ``draws`` hexagons drawn from the stack is a volcano (or that the stack runs
    out first)."""
    if Option.RANDOMTERRAIN in view.options:
        return random_terrain_urgency(view.stack_left, view.volcanoes_to_come, draws)
    counts = dict(view.stack_by_letter)
    seen = {s.tile for s in view.spaces if s.tile} | set(view.shown) | ({view.hand} if view.hand else set())
    above = 0
    for letter, _ in view.stack_by_letter:
        c = counts[letter]
        if letter in VOLCANO_LETTERS and VOLCANO_LETTERS[letter] not in seen:
            within = max(0, min(draws - above, c))
            return within / c
        above += c
    return 1.0 if view.stack_left <= draws else 0.0


def acts_first(view: GameView, me: int) -> tuple[float, ...] | None:
    """Scoring without a round (``noround``, rules §7.1): per seat, the chance that it plays a normal turn before
    the next volcano scores everyone at once, seen from ``me``'s turn (``None`` in other games, where every seat
    has a scoring turn first). The seats after ``me`` begin their turns with the next draws, ``me`` with the
    n-th; a volcano shown in the auction's display scores this round, so the others act first only half the
    time."""
    if Option.NOROUND not in view.options:
        return None
    n = len(view.players)
    shown = any(HEXAGONS[t].terrain is Terrain.VOLCANO for t in view.shown)
    out = []
    for q in range(n):
        ahead = (q - me) % n or n
        out.append(0.5 if shown and q != me else 0.0 if shown else 1.0 - volcano_within(view, ahead))
    return tuple(out)


def random_terrain_urgency(stack: int, volcanoes: int, draws: int) -> float:
    """Random terrain: the chance that the next ``draws`` hexagons from a stack of ``stack`` hold one of its
    ``volcanoes`` (the volcanoes still to be shuffled in are left out)."""
    none = 1.0
    for i in range(min(draws, stack)):
        none *= max(stack - volcanoes - i, 0) / (stack - i)
    return 1.0 - none


@dataclass(slots=True)
class Context:
    """What a judgement needs besides the position: whose it is, and facts fixed for the decision."""

    me: int
    weights: Weights
    urgency: float
    pool: dict[str, int]
    """Unseen wafers by kind (on the board or to come)."""
    root_wafers: list[tuple[str, ...]]
    root_recovered: dict[int, int]
    root_scoring_round: int
    camp_cache: dict[tuple[object, ...], tuple[object, float]] = field(default_factory=dict)
    threat_cache: dict[tuple[object, ...], tuple[object, list[int]]] = field(default_factory=dict)
    values: Callable[[GameState, Context], list[float]] | None = None
    """Every seat's value in a position, when not ``player_values`` (the strong player's fitted model)."""
    acts: tuple[float, ...] | None = None
    """``noround``: per seat, the chance it plays a normal turn before the next volcano scores (``acts_first``)."""
    at_most: tuple[float, ...] | None = None
    """Indiana Jones, when the search judges an uncover over the dice (the strong player): the chance that a
    roll is at most ``v``, by ``v``. Its sampled state's rolls to come then never hit (``dice.never_hit``)."""


def make_context(view: GameView, state: GameState, me: int, weights: Weights) -> Context:
    held: Counter[str] = Counter()
    for p in view.players:
        for kind, count in p.treasures:
            held[kind] += count
    pool = {k: WAFERS_PER_KIND - held[k] for k in TREASURE_KINDS}
    return Context(me, weights, volcano_urgency(view), pool, list(state.wafers), dict(state.recovered),
                   state.scoring_round, acts=acts_first(view, me))


def _remaining(state: GameState, q: int) -> tuple[bool, int]:
    """Whether ``q`` scores in the scoring turn under way (acting or queued) and how many later scorings follow."""
    if state.phase is Phase.FINISHED:
        return False, 0
    if state.setup.has(Option.RANDOMTERRAIN):
        later = RANDOM_TERRAIN_SCORINGS - state.volcanoes_taken  # each volcano to come scores at most once
    else:
        later = SCORINGS - state.scoring_round
    if state.phase is Phase.SCORING:
        now = q == state.to_act or q in state.scoring_queue
        return now, later
    return False, later


def _my_treasures(state: GameState, ctx: Context) -> float:
    """Treasure points of the computer player, counting wafers recovered in its search at their expected value."""
    held = dict(state.treasures[ctx.me])
    fresh = 0
    for space, count in state.recovered.items():
        new = count - ctx.root_recovered.get(space, 0)
        if new > 0:
            for kind in ctx.root_wafers[space][:new]:
                held[kind] = held.get(kind, 0) - 1
                fresh += 1
    if fresh == 0 or any(n < 0 for n in held.values()):
        return float(_set_points(state.treasures[ctx.me]))
    points = float(_set_points(held))
    for _ in range(fresh):
        points += expected_gain(held, ctx.pool)
    return points


def _camp_value(state: GameState, space: int, ctx: Context, temples: list[int]) -> float:
    key = (id(state._paths), space, tuple(state.value[t] for t in temples), tuple(state.guard))
    cached = ctx.camp_cache.get(key)
    if cached is None:
        costs, base = path_costs(state, space), path_costs(state, BASE_CAMP)
        near = sum(state.value[t] for t in temples
                   if costs.get(t, 99) <= 4 < base.get(t, 99) and state.guard[t] == NOBODY)
        # Holding the path cache keeps its id from being reused by another one meanwhile.
        cached = ctx.camp_cache[key] = (state._paths, ctx.weights.camp_reach * near)
    return cached[1]


def _threats(state: GameState, q: int, temples: list[int]) -> list[int]:
    """Per temple, the strength ``q`` could add there in one turn of 10 AP (figures on the board walking
    in, figures in the supply deployed and walking in), cheapest strength first."""
    row, leader = state.workers[q], state.leader[q]
    walkers = [(path_costs(state, s, q), row[s], leader == s) for s in range(SPACE_COUNT) if row[s] or leader == s]
    supply, leader_in_supply = state.supply[q], leader == LEADER_SUPPLY
    camps = [path_costs(state, c, q) for c in (BASE_CAMP, *(s for s in range(SPACE_COUNT) if state.camp[s] == q))
             ] if supply or leader_in_supply else []
    out = []
    for t in temples:
        offers: list[tuple[float, int, int, int]] = []  # (AP per strength, AP per figure, strength, figures)
        for costs, workers, with_leader in walkers:
            cost = costs.get(t)
            if cost and cost <= AP_PER_TURN:
                if workers:
                    offers.append((cost, cost, 1, workers))
                if with_leader:
                    offers.append((cost / LEADER_STRENGTH, cost, LEADER_STRENGTH, 1))
        if camps:
            reach = [c for c in (costs.get(t) for costs in camps) if c is not None]
            if reach:
                cost = 1 + min(reach)
                if supply:
                    offers.append((cost, cost, 1, supply))
                if leader_in_supply:
                    offers.append((cost / LEADER_STRENGTH, cost, LEADER_STRENGTH, 1))
        if not offers:
            out.append(0)
            continue
        offers.sort()
        ap, added = AP_PER_TURN, 0
        for _, cost, strength, count in offers:
            k = min(count, ap // cost)
            added += k * strength
            ap -= k * cost
        out.append(added)
    return out


def _cached_threats(state: GameState, q: int, temples: list[int], ctx: Context) -> list[int]:
    # Paths change only when a hexagon is placed, and a new placement gets a new path cache.
    key = (id(state._paths), q, tuple(temples), tuple(state.workers[q]), state.leader[q], state.supply[q],
           tuple(state.camp))
    found = ctx.threat_cache.get(key)
    if found is None:
        # The cache holds the path cache too, so that its id cannot be reused by another one meanwhile.
        found = ctx.threat_cache[key] = (state._paths, _threats(state, q, temples))
    return found[1]


def player_values(state: GameState, ctx: Context) -> list[float]:
    """Return every seat's expected final value (score plus what it should still collect)."""
    w = ctx.weights
    n = len(state.players)
    values = [float(x) for x in state.score]
    now_later = [_remaining(state, q) for q in range(n)]
    temples = [s for s in range(SPACE_COUNT) if state.terrain[s] is Terrain.TEMPLE]
    threats = [_cached_threats(state, q, temples, ctx) for q in range(n)] if w.safe else []
    seats = range(n)
    workers, leader, to_act = state.workers, state.leader, state.to_act
    for i, t in enumerate(temples):
        v = state.value[t]
        owner = state.guard[t]
        if owner != NOBODY:
            now, later = now_later[owner]
            values[owner] += v * (later + (1 if now else 0))
            continue
        strengths = [workers[q][t] + (3 if leader[q] == t else 0) for q in seats]
        top = max(strengths)
        if not top:
            continue
        second = sorted(strengths)[-2]
        for q in seats:
            mine = strengths[q]
            if not mine:
                continue
            margin = mine - (second if mine == top else top)
            now, later = now_later[q]
            if margin > 0 and threats and all(
                mine > strengths[r] + threats[r][i] for r in seats if r != q
            ):
                share = w.safe
            elif margin > 0:
                share = w.hold + w.hold_margin * min(margin, 3) + w.urgency * ctx.urgency
            elif margin == 0:
                share = w.tie
            else:
                share = w.behind
            if now:
                certain = q == to_act
                values[q] += v * ((1.0 if margin > 0 else 0.0) if certain else share)
                values[q] += v * share * w.later * later
            elif later:
                values[q] += v * share * (1 + w.later * (later - 1))
    for q in seats:
        now, later = now_later[q]
        scorings = later + (1 if now else 0)
        points = _my_treasures(state, ctx) if q == ctx.me else float(_set_points(state.treasures[q]))
        values[q] += points * scorings
        if later >= 1:
            on_board = sum(workers[q])
            values[q] += w.worker * on_board * min(later, 2) / 2
            if leader[q] >= 0:
                values[q] += w.leader * min(later, 2) / 2
            values[q] += w.guard_option * state.guards_left[q] * min(later - 1, 2) / 2
    pool_gain = expected_gain({}, ctx.pool) if ctx.pool else 0.0
    for s in range(SPACE_COUNT):
        if state.wafers[s]:
            left = len(state.wafers[s])
            for q in seats:
                figures = workers[q][s] + (1 if leader[q] == s else 0)
                if figures:
                    _, later = now_later[q]
                    values[q] += w.wafer_reach * min(figures, left, 2) * pool_gain * max(later, 1)
        owner = state.camp[s]
        if owner != NOBODY and now_later[owner][1] >= 1:
            values[owner] += _camp_value(state, s, ctx, temples)
    if state.guns_mounted or state.obstacles:
        _option_values(state, values, [later for _, later in now_later], w)
    return values


def _option_values(state: GameState, values: list[float], later: list[int], w: Weights) -> None:
    """Credit guns (and the rival workers they may fire at) and obstacles that guard a held temple."""
    n = len(state.players)
    for s, owner in enumerate(state.gun):
        if owner != NOBODY and later[owner] >= 1:
            rivals = sum(state.workers[q][s] for q in range(n) if q != owner)
            values[owner] += w.gun + w.gun_target * rivals
    for pair in state.obstacles:
        for t in pair:
            if state.terrain[t] is not Terrain.TEMPLE or state.guard[t] != NOBODY:
                continue
            strengths = [state.strength(q, t) for q in range(n)]
            best = max(strengths)
            if best and strengths.count(best) == 1 and later[strengths.index(best)] >= 1:
                values[strengths.index(best)] += w.obstacle * state.value[t]


def judge(state: GameState, ctx: Context) -> float:
    """Return how good ``state`` is for ``ctx.me``: its value against its opponents'."""
    values = ctx.values(state, ctx) if ctx.values is not None else player_values(state, ctx)
    me = values[ctx.me]
    others = [v for q, v in enumerate(values) if q != ctx.me]
    w = ctx.weights
    return me - w.opponents_best * max(others) - w.opponents_mean * sum(others) / len(others)


def tile_access(state: GameState, space: int, ctx: Context) -> float:
    """How much nearer the computer player's figures are than its opponents' to a temple or treasure
    hexagon just placed on ``space`` (positive: nearer), weighted by what the hexagon is worth."""
    tile = state.tile[space]
    if tile is None:
        return 0.0
    hexagon = HEXAGONS[tile]
    if hexagon.terrain is Terrain.TEMPLE:
        worth = float(hexagon.value)
    elif hexagon.terrain is Terrain.TREASURE:
        worth = 1.5 * hexagon.value
    else:
        return 0.0
    closeness = []
    for q in range(len(state.players)):
        sources = [s for s in range(SPACE_COUNT) if state.workers[q][s] or state.leader[q] == s]
        if state.supply[q] or state.leader[q] == LEADER_SUPPLY:
            sources += [0, *(s for s in range(SPACE_COUNT) if state.camp[s] == q)]
        best = 0.0
        for src in sources:
            cost = path_costs(state, src).get(space)
            if cost is not None and cost <= 10:
                best = max(best, (11 - cost) / 10 * min(state.figures_at(q, src) or 3, 4) / 4)
        closeness.append(best)
    mine = closeness[ctx.me]
    others = max(c for q, c in enumerate(closeness) if q != ctx.me)
    return worth * (mine - others) * 0.5
