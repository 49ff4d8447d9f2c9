"""Sentinel: a one-turn greedy rival that values each temple majority by how safe it is.

    python -m engine tournament --players strong,rivals/sentinel.py:decide,rivals/sentinel.py:decide,…

It shares no code or numbers with ``engine.ai``. Each call returns one move: the placement whose position
(with a greedy turn after it) looks best, then the single action that raises its judgement most, until
none does and it ends the turn. Its judgement of a seat: score, plus per temple the value it scores,
times the scorings left for a guard, or times a safety share for a majority (how many rivals could
overturn it with the figures they have within one turn's reach), treasure sets per scoring left, wafers
within reach, figures on the board, camps, and an unused guard's worth later. A position is the seat's
value less most of its best rival's. In an auction it bids a share of how much better the best shown
hexagon is than the others.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from engine import (
    Bid,
    Declare,
    End,
    GameState,
    GameView,
    Move,
    Option,
    Pass,
    Phase,
    Pick,
    Place,
    Terrain,
    Undo,
    Walk,
    apply,
    legal_moves,
    path_costs,
)
from engine.moves import COUNTED
from engine.rules import score_now
from engine.state import LEADER_SUPPLY, NOBODY
from rivals.position import rebuild

SPACES = 40
BASE = 0
REACH_AP = 10
SCORINGS = 4
SET_POINTS = (0, 1, 3, 6)

SAFE, TIES_ONLY, ONE_THREAT, MANY_THREATS = 0.92, 0.6, 0.42, 0.3
LATER_SHARE = 0.35
TIE_SHARE = 0.12
WORKER, IDLE_WORKER, SUPPLY_WORKER, LEADER, CAMP = 0.9, 0.6, 0.4, 2.0, 1.0
"""Figures while two scorings or more are left: on a temple or treasure hex, elsewhere, in the supply."""
PROSPECT = 0.25
"""Share of a temple's value for a seat that does not lead there but could in one turn."""
NEW_WAFER = 1.7
"""A wafer recovered while trying moves, per scoring left: its kind is unknown until it is played."""
WAFER = 1.4
GUARD_LATER = 2.4
RIVAL_SHARE = 0.7
ACCESS = 0.6
PLACEMENTS_SEARCHED = 3
AP_WORTH = 0.35
"""What an action point left for the rest of the turn is worth, in points."""
BID_SHARE = 0.35


def decide(game: GameView, seed: int) -> list[Move]:
    """The tournament's entry point: the seat's next move from its view (the seed is not needed)."""
    state = rebuild(game)
    me = state.to_act
    seat = Seat(me, state)
    if state.phase is Phase.PLACE:
        return [best_placement(state, seat)]
    if state.phase is Phase.BID:
        return [bid(state, seat)]
    if state.phase is Phase.PICK:
        values = shown_values(state, seat)
        return [Pick(values.index(max(values)) + 1)]
    if state.phase is Phase.DECLARE:
        mine, best = _score_now_lead(state, me)
        return [Declare(mine >= best)]
    if state.phase not in (Phase.ACTIONS, Phase.SCORING):
        raise ValueError(f"Sentinel cannot play the phase {state.phase.value}")
    found = best_action(state, seat)
    return [found[1] if found else End()]


# --- the judgement -----------------------------------------------------------------------------


def scorings_left(state: GameState) -> int:
    """Scorings after the one under way (if any): three volcanoes and the final one."""
    if state.phase is Phase.FINISHED:
        return 0
    if state.setup.has(Option.RANDOMTERRAIN):
        return 3 - state.volcanoes_taken
    return SCORINGS - state.scoring_round


def _strength(state: GameState, q: int, space: int) -> int:
    return state.workers[q][space] + (3 if state.leader[q] == space else 0)


def reach(state: GameState, q: int, target: int) -> int:
    """Strength ``q`` could bring to ``target`` with one turn's AP, nearest figures first."""
    offers: list[tuple[float, int, int]] = []  # (AP per point of strength, AP per figure, points per figure)
    camps = [BASE, *(s for s in range(SPACES) if state.camp[s] == q)]
    for s in range(SPACES):
        count = state.workers[q][s]
        lead = state.leader[q] == s
        if s == target or not (count or lead):
            continue
        cost = path_costs(state, s).get(target)
        if cost is None or cost > REACH_AP:
            continue
        offers += [(cost, cost, 1)] * count
        if lead:
            offers.append((cost / 3, cost, 3))
    if state.supply[q] or state.leader[q] == LEADER_SUPPLY:
        entry = min((c for c in (path_costs(state, camp).get(target) for camp in camps) if c is not None),
                    default=None)
        if entry is not None and entry + 1 <= REACH_AP:
            offers += [(entry + 1, entry + 1, 1)] * min(state.supply[q], 5)
            if state.leader[q] == LEADER_SUPPLY:
                offers.append(((entry + 1) / 3, entry + 1, 3))
    offers.sort()
    ap, added = REACH_AP, 0
    for _, cost, points in offers:
        if cost <= ap:
            ap -= cost
            added += points
    return added


def treasure_points(held: dict[str, int]) -> int:
    return sum(SET_POINTS[min(c, 3)] for c in held.values())


def seat_values(state: GameState, root: GameState) -> list[float]:
    """Every seat's expected worth: score now plus what it should still collect (``root``: the position
    decided from, whose treasures are known)."""
    n = len(state.players)
    left = scorings_left(state)
    scoring = state.phase is Phase.SCORING
    now = [scoring and (q == state.to_act or q in state.scoring_queue) for q in range(n)]
    times = [left + now[q] for q in range(n)]
    values = [float(x) for x in state.score]
    reach_cache: dict[tuple[int, int], int] = {}
    for t in range(SPACES):
        if state.terrain[t] is not Terrain.TEMPLE:
            continue
        v = state.value[t]
        if state.guard[t] != NOBODY:
            values[state.guard[t]] += v * times[state.guard[t]]
            continue
        strengths = [_strength(state, q, t) for q in range(n)]
        top = max(strengths)
        for q in range(n):
            if strengths[q] < top or top == 0:
                key = (q, t)
                if key not in reach_cache:
                    reach_cache[key] = reach(state, q, t)
                if strengths[q] + reach_cache[key] > top and times[q]:
                    values[q] += v * PROSPECT
        if top == 0:
            continue
        leaders = [q for q in range(n) if strengths[q] == top]
        if len(leaders) > 1:
            for q in leaders:
                values[q] += v * TIE_SHARE * min(times[q], 1)
            continue
        q = leaders[0]
        if scoring and q == state.to_act:
            values[q] += v + v * LATER_SHARE * left * _safety(state, q, t, strengths, reach_cache)
            continue
        share = _safety(state, q, t, strengths, reach_cache)
        if times[q]:
            values[q] += v * share * (1 + LATER_SHARE * (times[q] - 1))
    for q in range(n):
        new = sum(state.treasures[q].values()) - sum(root.treasures[q].values())
        if new > 0:
            values[q] += (treasure_points(root.treasures[q]) + NEW_WAFER * new) * times[q]
        else:
            values[q] += treasure_points(state.treasures[q]) * times[q]
        if left >= 1:
            keep = min(left, 2) / 2
            useful = sum(state.workers[q][s] for s in range(SPACES)
                         if state.terrain[s] is Terrain.TEMPLE or state.wafers[s])
            idle = sum(state.workers[q]) - useful
            supply = state.supply[q] if left >= 2 else 0
            values[q] += keep * (WORKER * useful + IDLE_WORKER * idle + SUPPLY_WORKER * supply
                                 + (LEADER if state.leader[q] >= 0 else 0.0))
            values[q] += CAMP * sum(1 for s in range(SPACES) if state.camp[s] == q)
            values[q] += GUARD_LATER * state.guards_left[q] * (left - 1)
    for s in range(SPACES):
        if state.wafers[s]:
            for q in range(n):
                figures = state.workers[q][s] + (1 if state.leader[q] == s else 0)
                values[q] += WAFER * min(figures, len(state.wafers[s]), 2)
    return values


def _safety(state: GameState, q: int, t: int, strengths: list[int], cache: dict[tuple[int, int], int]) -> float:
    overturn = ties = 0
    for r in range(len(strengths)):
        if r == q:
            continue
        key = (r, t)
        if key not in cache:
            cache[key] = reach(state, r, t)
        could = strengths[r] + cache[key]
        overturn += could > strengths[q]
        ties += could == strengths[q]
    if overturn == 0:
        return TIES_ONLY if ties else SAFE
    return ONE_THREAT if overturn == 1 else MANY_THREATS


@dataclass(frozen=True)
class Seat:
    """Who decides, and the position it decides from."""

    me: int
    root: GameState


def judge(state: GameState, seat: Seat) -> float:
    values = seat_values(state, seat.root)
    return values[seat.me] - RIVAL_SHARE * max(v for q, v in enumerate(values) if q != seat.me)


# --- turns ---------------------------------------------------------------------------------------


def actions(state: GameState) -> Iterator[Move]:
    """The actions worth trying: every legal count, walks only to temples and treasure hexes with wafers."""
    for entry in legal_moves(state):
        move = entry.move
        if isinstance(move, End | Undo | Place | Bid | Pass | Pick):
            continue
        if isinstance(move, Walk):
            target = move.target
            useful = state.terrain[target] is Terrain.TEMPLE or bool(state.wafers[target])
            if not useful:
                continue
        if isinstance(move, COUNTED) and not getattr(move, "leader", False):
            yield from entry.moves()
        else:
            yield move


def best_action(state: GameState, seat: Seat) -> tuple[float, Move] | None:
    """The single action that raises the judgement most for the AP it spends (each AP counted at
    ``AP_WORTH``), or ``None`` if none raises it at all."""
    here = judge(state, seat)
    best: tuple[float, Move] | None = None
    for move in actions(state):
        after = apply(state, move)
        gain = judge(after, seat) - here
        net = gain - AP_WORTH * (state.ap - after.ap)
        if gain > 1e-9 and (best is None or net > best[0]):
            best = (net, move)
    return best


def greedy_turn(state: GameState, seat: Seat) -> GameState:
    """The position after the greedy actions of the turn under way."""
    for _ in range(12):
        found = best_action(state, seat)
        if found is None:
            return state
        state = apply(state, found[1])
    return state


def access(state: GameState, space: int, me: int) -> float:
    """How much nearer ``me`` is than its nearest rival to a temple or treasure just placed on ``space``."""
    terrain = state.terrain[space]
    if terrain is Terrain.TEMPLE:
        worth = float(state.value[space])
    elif terrain is Terrain.TREASURE:
        worth = 1.5 * len(state.wafers[space])
    else:
        return 0.0
    near = [reach(state, q, space) for q in range(len(state.players))]
    return ACCESS * worth * (near[me] - max(c for q, c in enumerate(near) if q != me)) / 4


def ranked_placements(state: GameState, seat: Seat) -> list[tuple[float, Place, GameState]]:
    out = []
    for entry in legal_moves(state):
        move = entry.move
        assert isinstance(move, Place)
        after = apply(state, move)
        out.append((judge(after, seat) + access(after, move.space, seat.me), move, after))
    out.sort(key=lambda r: -r[0])
    return out


def best_placement(state: GameState, seat: Seat) -> Place:
    ranked = ranked_placements(state, seat)
    best: tuple[float, Place] | None = None
    for static, move, after in ranked[:PLACEMENTS_SEARCHED]:
        bonus = static - judge(after, seat)
        value = judge(greedy_turn(after, seat), seat) + bonus
        if best is None or value > best[0]:
            best = (value, move)
    assert best is not None
    return best[1]


# --- auctions ------------------------------------------------------------------------------------


def _as_if_holding(state: GameState, tile: str) -> GameState:
    s = state.clone()
    s.hand, s.phase, s.ap, s.shown = tile, Phase.PLACE, 10, ()
    s.uncovered, s.recovered, s.turn_moves = {}, {}, ()
    return s


def _score_now_lead(state: GameState, me: int) -> tuple[int, int]:
    totals = [sum(score_now(state, q)) for q in range(len(state.players))]
    return totals[me], max(t for q, t in enumerate(totals) if q != me)


def shown_values(state: GameState, seat: Seat) -> list[float]:
    """What each shown hexagon is worth to ``me``: its best placement's judgement."""
    values = []
    for tile in state.shown:
        holding = _as_if_holding(state, tile)
        ranked = ranked_placements(holding, seat)
        if ranked:
            values.append(ranked[0][0])
        else:
            mine, best = _score_now_lead(state, seat.me)
            values.append(judge(state, seat) + 0.5 * (mine - best))
    return values


def bid(state: GameState, seat: Seat) -> Move:
    values = sorted(shown_values(state, seat), reverse=True)
    low = state.high_bid + 1
    if len(values) < 2 or low > state.score[seat.me]:
        return Pass()
    rest = values[1:]
    worth = BID_SHARE * (values[0] - sum(rest) / len(rest))
    return Bid(low) if low <= worth else Pass()
