"""Ranger: a one-turn greedy rival that knows the game options (rules §7).

    python -m engine tournament --players strong,rivals/ranger.py:decide,rivals/ranger.py:decide,… --options guns

It shares no code or numbers with ``engine.ai`` (nor with the other rivals, but for ``rivals.position``, whose
rebuilt state it reads). Each call returns one move (or two): the placement whose position (after a greedy turn) looks
best, then the single action (or a deploy and the walk it serves) whose expected gain, less what its AP could
buy later, is largest, until none gains and it ends the turn. What it knows of the options:

- *Indiana Jones* (§7.2): an ``uncover`` is judged over the dice, never at one outcome: every number of
  workers the rolls may take is judged with its chance (the game's dice, the temple's new values).
- *noround* (§7.1): a volcano scores everyone at once, so a rival can overturn a majority before the next
  scoring only if it gets a normal turn before that volcano shows; that chance comes from the stack.
- *Obstacles* (§7.3): figures reach temples by paths that pay the obstacles, so an obstacle on the border of a
  temple it leads is worth what it takes from the rivals' reach; it tries those borders.
- *Machine guns* (§7.4): the rivals' reach goes around guns (they cannot cross one), a gun is worth its guard
  and what it blocks, a rival's worker on one's gun is as good as lost (``fire`` takes it, 1 AP).
- *Random terrain* (§7.5): three scorings, the next volcano's chance from the stack's size and the volcanoes
  in it; ``score yes``/``score no`` is whichever position it judges better.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from functools import cache

from engine import (
    HEXAGONS,
    Bid,
    Declare,
    Deploy,
    End,
    GameState,
    GameView,
    IllegalMove,
    Move,
    Obstacle,
    Option,
    Pass,
    Phase,
    Pick,
    Place,
    Terrain,
    Uncover,
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
TURN_AP = 10
SET_POINTS = (0, 1, 3, 6)
VOLCANO_LETTER = {"B": "B-1", "D": "D-3", "F": "F-2"}
NEVER = 1000
"""A roll no temple reaches: the rebuilt state rolls it, the chances are counted apart."""

CAPTURE = 0.75
"""Chance that a rival able to overturn a majority (and given a turn to) does so."""
LATER = 0.4
"""Share of a temple held now credited for each scoring after the next."""
TIE = 0.15
CHASE = 0.2
"""Share of a temple's value for a seat that does not lead there but could in one turn."""
ON_TEMPLE, ELSEWHERE, IN_SUPPLY, LEADER_OUT = 0.8, 0.5, 0.35, 1.8
"""A figure's worth while two scorings or more are left: on a temple or treasure, elsewhere, in the supply."""
CAMP = 0.9
GUARD_KEPT = 2.2
"""An unused guard per scoring after the next."""
GUN = 1.5
"""A gun per scoring left, beside its guard: the paths it closes, the shots to come."""
STUCK = 0.6
"""A rival's worker on one's gun: likely shot."""
WAFER_BY = 1.2
FRESH_WAFER = 1.8
"""A wafer recovered while trying moves, per scoring: its kind is unknown until it is played."""
RIVAL_WEIGHT = 0.65
AP_VALUE = 0.3
PLACEMENTS = 3
NEARNESS = 0.5
BID_PART = 0.3


def decide(game: GameView, seed: int) -> list[Move]:
    """The tournament's entry point: the seat's next move from its view (the seed is not needed)."""
    state = rebuild(game)
    if game.dice is not None:
        state.setup = replace(state.setup, rolls=(*game.rolls, *[NEVER] * 60))
    me = state.to_act
    seat = Seat(me, state, Outlook.of(game, me))
    if state.phase is Phase.PLACE:
        return [best_placement(state, seat)]
    if state.phase is Phase.BID:
        return [bid(state, seat)]
    if state.phase is Phase.PICK:
        return [pick(state, seat)]
    if state.phase is Phase.DECLARE:
        yes, no = (judge(apply(state, Declare(d)), seat) for d in (True, False))
        return [Declare(yes >= no)]
    if state.phase not in (Phase.ACTIONS, Phase.SCORING):
        raise ValueError(f"Ranger cannot play the phase {state.phase.value}")
    found = best_action(state, seat)
    return list(found[1]) if found else [End()]


# --- what the view tells of the options ---------------------------------------------------------


@cache
def dice_at_most(count: int, faces: int) -> tuple[float, ...]:
    """``[v]``: the chance that ``count`` dice of ``faces`` total at most ``v`` (v up to 40)."""
    ways = [1.0]
    for _ in range(count):
        nxt = [0.0] * (len(ways) + faces)
        for total, w in enumerate(ways):
            for face in range(1, faces + 1):
                nxt[total + face] += w / faces
        ways = nxt
    out, running = [], 0.0
    for v in range(41):
        running += ways[v] if v < len(ways) else 0.0
        out.append(min(running, 1.0))
    return tuple(out)


def volcano_within(game: GameView, draws: int) -> float:
    """The chance that one of the next ``draws`` hexagons drawn is a volcano."""
    if draws <= 0:
        return 0.0
    if Option.RANDOMTERRAIN in game.options:
        stack, volcanoes = game.stack_left, game.volcanoes_to_come
        none = 1.0
        for i in range(min(draws, stack)):
            none *= max(stack - volcanoes - i, 0) / (stack - i)
        return 1.0 - none
    seen = {s.tile for s in game.spaces if s.tile} | set(game.shown) | ({game.hand} if game.hand else set())
    above = 0
    for letter, count in game.stack_by_letter:
        volcano = VOLCANO_LETTER.get(letter)
        if volcano and volcano not in seen and count:
            return max(0.0, min(1.0, (draws - above) / count))
        above += count
    return 1.0 if game.stack_left <= draws else 0.0


@dataclass(frozen=True)
class Outlook:
    """Facts of the decision that positions tried do not change."""

    noround: bool
    random_terrain: bool
    at_most: tuple[float, ...] | None
    """Indiana Jones: the chance a roll is at most v."""
    acts_first: tuple[float, ...]
    """noround: per seat, the chance it plays a normal turn before the next volcano scores (1 without it)."""

    @staticmethod
    def of(game: GameView, me: int) -> Outlook:
        n = len(game.players)
        noround = Option.NOROUND in game.options
        acts = [1.0] * n
        if noround:
            for q in range(n):
                ahead = (q - me) % n or n  # the decider's next turn begins with the n-th draw from now
                acts[q] = 1.0 - volcano_within(game, ahead)
        at_most = dice_at_most(*game.dice) if game.dice else None
        return Outlook(noround, Option.RANDOMTERRAIN in game.options, at_most, tuple(acts))


@dataclass
class Seat:
    """Who decides, the position it decides from, and what the view tells."""

    me: int
    root: GameState
    outlook: Outlook
    reach_cache: dict[tuple[object, ...], int] = field(default_factory=dict)
    """Reach by board, seat, temple and figures."""


# --- the judgement -------------------------------------------------------------------------------


def scorings_after(state: GameState) -> int:
    """Scorings after the one under way (if any)."""
    if state.phase is Phase.FINISHED:
        return 0
    if state.setup.has(Option.RANDOMTERRAIN):
        return 3 - state.volcanoes_taken
    return 4 - state.scoring_round


def strength(state: GameState, q: int, s: int) -> int:
    return state.workers[q][s] + (3 if state.leader[q] == s else 0)


def reach(state: GameState, q: int, target: int, seat: Seat, where: tuple[object, ...]) -> int:
    """Strength ``q`` could bring to ``target`` in one turn: its own paths (obstacles paid, rivals' guns closed),
    cheapest strength first. ``where``: ``board(state)``."""
    key = (where, q, target, tuple(state.workers[q]), state.leader[q], state.supply[q], tuple(state.camp))
    found = seat.reach_cache.get(key)
    if found is not None:
        return found
    offers: list[tuple[float, int, int, int]] = []  # AP per strength, AP each, strength each, how many
    for s in range(SPACES):
        count, lead = state.workers[q][s], state.leader[q] == s
        if s == target or not (count or lead):
            continue
        cost = path_costs(state, s, q).get(target)
        if cost is None or cost > TURN_AP:
            continue
        if count:
            offers.append((cost, cost, 1, count))
        if lead:
            offers.append((cost / 3, cost, 3, 1))
    if state.supply[q] or state.leader[q] == LEADER_SUPPLY:
        homes = [BASE, *(s for s in range(SPACES) if state.camp[s] == q)]
        entry = min((c for c in (path_costs(state, h, q).get(target) for h in homes) if c is not None), default=None)
        if entry is not None and entry + 1 <= TURN_AP:
            if state.supply[q]:
                offers.append((entry + 1, entry + 1, 1, state.supply[q]))
            if state.leader[q] == LEADER_SUPPLY:
                offers.append(((entry + 1) / 3, entry + 1, 3, 1))
    offers.sort()
    ap, added = TURN_AP, 0
    for _, cost, each, count in offers:
        k = min(count, ap // cost)
        added += k * each
        ap -= k * cost
    seat.reach_cache[key] = added
    return added


def board(state: GameState) -> tuple[object, ...]:
    """What paths depend on: the hexagons placed, the obstacles and the guns."""
    return tuple(state.tile), state.obstacles, tuple(state.gun)


def set_points(held: dict[str, int]) -> int:
    return sum(SET_POINTS[min(c, 3)] for c in held.values())


def seat_values(state: GameState, seat: Seat) -> list[float]:
    """Every seat's expected worth: its score and what it should still collect."""
    n = len(state.players)
    left = scorings_after(state)
    scoring = state.phase is Phase.SCORING
    now = [scoring and (q == state.to_act or q in state.scoring_queue) for q in range(n)]
    times = [left + now[q] for q in range(n)]
    values = [float(x) for x in state.score]
    acts = seat.outlook.acts_first
    where = board(state)
    for t in range(SPACES):
        if state.terrain[t] is not Terrain.TEMPLE:
            continue
        v = state.value[t]
        owner = state.guard[t]
        if owner != NOBODY:
            values[owner] += v * times[owner]
            if state.gun[t] == owner:
                values[owner] += GUN * left
                for q in range(n):
                    if q != owner:
                        values[q] -= STUCK * state.workers[q][t]
            continue
        strengths = [strength(state, q, t) for q in range(n)]
        top = max(strengths)
        if top == 0:
            continue
        leaders = [q for q in range(n) if strengths[q] == top]
        for q in range(n):
            if strengths[q] < top and times[q] and strengths[q] + reach(state, q, t, seat, where) > top:
                values[q] += v * CHASE
        if len(leaders) > 1:
            for q in leaders:
                values[q] += v * TIE * min(times[q], 1)
            continue
        q = leaders[0]
        if not times[q]:
            continue
        holds = 1.0
        for r in range(n):
            if r != q and strengths[r] + reach(state, r, t, seat, where) > top:
                holds *= 1.0 - CAPTURE * acts[r]
        if scoring and q == state.to_act:
            values[q] += v + v * LATER * left * holds
        else:
            values[q] += v * holds * (1 + LATER * (times[q] - 1))
    for q in range(n):
        fresh = sum(state.treasures[q].values()) - sum(seat.root.treasures[q].values())
        if fresh > 0:
            values[q] += (set_points(seat.root.treasures[q]) + FRESH_WAFER * fresh) * times[q]
        else:
            values[q] += set_points(state.treasures[q]) * times[q]
        if left >= 1:
            keep = min(left, 2) / 2
            useful = sum(state.workers[q][s] for s in range(SPACES)
                         if state.terrain[s] is Terrain.TEMPLE or state.wafers[s])
            idle = sum(state.workers[q]) - useful
            supply = state.supply[q] if left >= 2 else 0
            values[q] += keep * (ON_TEMPLE * useful + ELSEWHERE * idle + IN_SUPPLY * supply
                                 + (LEADER_OUT if state.leader[q] >= 0 else 0.0))
            values[q] += CAMP * sum(1 for s in range(SPACES) if state.camp[s] == q)
            values[q] += GUARD_KEPT * state.guards_left[q] * (left - 1)
    for s in range(SPACES):
        if state.wafers[s]:
            for q in range(n):
                figures = state.workers[q][s] + (1 if state.leader[q] == s else 0)
                values[q] += WAFER_BY * min(figures, len(state.wafers[s]), 2)
    return values


def judge(state: GameState, seat: Seat) -> float:
    values = seat_values(state, seat)
    return values[seat.me] - RIVAL_WEIGHT * max(v for q, v in enumerate(values) if q != seat.me)


# --- turns ---------------------------------------------------------------------------------------


def _led_temples(state: GameState, me: int) -> set[int]:
    n = len(state.players)
    return {t for t in range(SPACES) if state.terrain[t] is Terrain.TEMPLE and state.guard[t] == NOBODY
            and strength(state, me, t) > max(strength(state, q, t) for q in range(n) if q != me)}


def actions(state: GameState) -> Iterator[Move]:
    """The actions worth trying: walks only to temples and treasure hexes with wafers, counts 1, 2, 3 and all,
    obstacles only on a border of a temple it leads."""
    led: set[int] | None = None
    for entry in legal_moves(state):
        move = entry.move
        if isinstance(move, End | Undo | Place | Bid | Pass | Pick | Declare):
            continue
        if isinstance(move, Walk) and not (state.terrain[move.target] is Terrain.TEMPLE
                                           or state.wafers[move.target]):
            continue
        if isinstance(move, Obstacle):
            if led is None:
                led = _led_temples(state, state.to_act)
            if move.first not in led and move.second not in led:
                continue
        if isinstance(move, COUNTED) and not getattr(move, "leader", False):
            for c in sorted({1, 2, 3, entry.high}):
                if entry.low <= c <= entry.high:
                    yield replace(move, count=c)
        else:
            yield move


def expected_after(state: GameState, move: Move, seat: Seat) -> tuple[float, GameState]:
    """The judgement expected after ``move`` and the position it goes on from (an uncover's rolls all missed)."""
    after = apply(state, move)
    at_most = seat.outlook.at_most
    if at_most is None or not isinstance(move, Uncover):
        return judge(after, seat), after
    t, me = move.space, state.to_act
    # each level is the value before plus one (ruling 4); a roll at most the new value takes a worker
    chances = [at_most[min(state.value[t] + k, 40)] for k in range(1, move.count + 1)]
    hits = [1.0]  # chance of k workers taken so far
    for p in chances:
        nxt = [0.0] * (len(hits) + 1)
        for k, w in enumerate(hits):
            nxt[k] += w * (1 - p)
            nxt[k + 1] += w * p
        hits = nxt
    total = 0.0
    for k, w in enumerate(hits):
        if not w:
            continue
        lost = min(k, after.workers[me][t])
        if lost:
            hit = after.clone()
            hit.mutable_workers(me)[t] -= lost
            hit.mutable("removed")[me] += lost
            total += w * judge(hit, seat)
        else:
            total += w * judge(after, seat)
    return total, after


def arrivals(state: GameState) -> Iterator[tuple[Move, ...]]:
    """Workers brought from the supply to a temple or a treasure hex with wafers in one go (deploy, then walk):
    each step alone gains too little to be chosen."""
    me = state.to_act
    if not state.supply[me] or state.ap < 2:
        return
    homes = [BASE, *(s for s in range(SPACES) if state.camp[s] == me)]
    for target in range(SPACES):
        if not ((state.terrain[target] is Terrain.TEMPLE and state.guard[target] == NOBODY) or state.wafers[target]):
            continue
        found = min(((c, h) for h in homes if (c := path_costs(state, h, me).get(target)) is not None and c > 0),
                    default=None)
        if found is None:
            continue
        cost, home = found
        for k in (1, 2, 3):
            if k <= state.supply[me] and k * (1 + cost) <= state.ap:
                yield Deploy(home, k), Walk(home, target, k)


def _apply_all(state: GameState, moves: tuple[Move, ...]) -> GameState | None:
    try:
        for move in moves:
            state = apply(state, move)
    except IllegalMove:
        return None
    return state


def best_action(state: GameState, seat: Seat) -> tuple[float, tuple[Move, ...]] | None:
    """The single action (or a deploy and its walk) with the largest expected gain less its AP's worth, or
    ``None`` if none gains."""
    here = judge(state, seat)
    best: tuple[float, tuple[Move, ...]] | None = None
    tried: list[tuple[tuple[Move, ...], float, GameState]] = []
    for move in actions(state):
        value, after = expected_after(state, move, seat)
        tried.append(((move,), value, after))
    for pair in arrivals(state):
        after_pair = _apply_all(state, pair)
        if after_pair is not None:
            tried.append((pair, judge(after_pair, seat), after_pair))
    for moves, value, after in tried:
        gain = value - here
        net = gain - AP_VALUE * (state.ap - after.ap)
        if gain > 1e-9 and (best is None or net > best[0]):
            best = (net, moves)
    return best


def greedy_turn(state: GameState, seat: Seat) -> GameState:
    for _ in range(12):
        found = best_action(state, seat)
        if found is None:
            return state
        for move in found[1]:
            state = apply(state, move)
    return state


def nearness(state: GameState, space: int, seat: Seat) -> float:
    """How much more strength ``me`` than its nearest rival could bring to a temple or treasure just placed."""
    terrain = state.terrain[space]
    if terrain is Terrain.TEMPLE:
        worth = float(state.value[space])
    elif terrain is Terrain.TREASURE:
        worth = 1.5 * len(state.wafers[space])
    else:
        return 0.0
    where = board(state)
    near = [reach(state, q, space, seat, where) for q in range(len(state.players))]
    return NEARNESS * worth * (near[seat.me] - max(c for q, c in enumerate(near) if q != seat.me)) / 4


def ranked_placements(state: GameState, seat: Seat) -> list[tuple[float, Place, GameState]]:
    out = []
    for entry in legal_moves(state):
        move = entry.move
        if not isinstance(move, Place):
            continue
        after = apply(state, move)
        out.append((judge(after, seat) + nearness(after, move.space, seat), move, after))
    out.sort(key=lambda r: -r[0])
    return out


def best_placement(state: GameState, seat: Seat) -> Place:
    best: tuple[float, Place] | None = None
    for static, move, after in ranked_placements(state, seat)[:PLACEMENTS]:
        value = judge(greedy_turn(after, seat), seat) + static - judge(after, seat)
        if best is None or value > best[0]:
            best = (value, move)
    assert best is not None
    return best[1]


# --- auctions ------------------------------------------------------------------------------------


def _holding(state: GameState, tile: str) -> GameState:
    s = state.clone()
    s.hand, s.phase, s.ap, s.shown = tile, Phase.PLACE, TURN_AP, ()
    s.uncovered, s.recovered, s.turn_moves = {}, {}, ()
    return s


def tile_values(state: GameState, seat: Seat) -> list[float]:
    """What each shown hexagon is worth: its best placement's judgement; a volcano by the scoring it starts."""
    values = []
    totals = [sum(score_now(state, q)) for q in range(len(state.players))]
    lead = totals[seat.me] - max(t for q, t in enumerate(totals) if q != seat.me)
    for tile in state.shown:
        if HEXAGONS[tile].terrain is Terrain.VOLCANO:
            values.append(judge(state, seat) + (1.0 if seat.outlook.noround else 0.5) * lead)
            continue
        ranked = ranked_placements(_holding(state, tile), seat)
        values.append(ranked[0][0] if ranked else judge(state, seat))
    return values


def pick(state: GameState, seat: Seat) -> Pick:
    values = tile_values(state, seat)
    return Pick(values.index(max(values)) + 1)


def bid(state: GameState, seat: Seat) -> Move:
    values = sorted(tile_values(state, seat), reverse=True)
    low = state.high_bid + 1
    if len(values) < 2 or low > state.score[seat.me]:
        return Pass()
    worth = BID_PART * (values[0] - sum(values[1:]) / (len(values) - 1))
    return Bid(low) if low <= worth else Pass()

