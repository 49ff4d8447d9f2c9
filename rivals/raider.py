"""Raider: a rival that plans its turn as projects, not by judging positions.

    python -m engine tournament --players strong,rivals/raider.py:decide,rivals/raider.py:decide,…

It shares no code or numbers with ``engine.ai`` (nor with the Sentinel, but for ``rivals.position``).
A project is a short sequence of actions with an AP cost and a worth in points: take or reinforce a
temple to a lead of six (the cheapest figures that can reach it, from the board's spare figures or the supply), uncover
a temple it leads comfortably, recover wafers it stands by (or walks or deploys to), guard a temple worth it. It
takes the project with the best worth per AP that it can afford, again and again, and spends what is
left deploying. Its placements favour temples and treasures its figures are nearer to than the rivals';
in an auction it pays a little for a clearly better hexagon. It returns one move at a time.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import (
    Bid,
    Declare,
    Deploy,
    End,
    GameState,
    GameView,
    Guard,
    IllegalMove,
    Move,
    Option,
    Pass,
    Phase,
    Pick,
    Place,
    Recover,
    Terrain,
    Uncover,
    Walk,
    apply,
    legal_moves,
    parse_move,
    path_costs,
)
from engine.rules import score_now
from engine.state import LEADER_SUPPLY, NOBODY
from rivals.position import rebuild

SPACES = 40
BASE = 0
SET_GAIN = 4.0
"""Worth of a wafer of unknown kind per scoring left: what it adds to a collection, and what the rivals' collections
miss (1.6, its mean gain alone, recovered next to nothing and lost to easy; 3.2 and 4.0 won half or more)."""
FUTURE = 0.55
"""Share of a temple's value per later scoring credited to taking it now."""
GUARD_FROM = 5
"""The least temple value worth a guard while two scorings or more are left."""
MUSTER_STEP, MUSTER_UNTIL, MUSTER_WORTH = 4, 12, 0.6
"""Workers brought from the supply at a time, until the board holds so many, and their worth each."""
LOST_FIGURE = 1.5
"""Points a figure is worth that a guard sends out of the game (the leader counts three)."""
NEAR = 6
"""Path cost within which a figure counts as near a new hexagon."""
BID_CAP = 4
LEAD = 6
"""The lead over the strongest rival a temple project builds in a normal turn (as near as the AP allow; a lead of
one is enough to start one). Against three easy players a lead of 2 won 66–68% of games, 3 75%, 4 79%, 6 85% and
8–10 83–84% (seeds 300–359, 120 games each; 6 won 82.5% of 200 more, seeds 500–599): a thin majority is
taken back before it scores."""
SCORING_LEAD = 1
"""The lead a temple project builds in a scoring turn: the temple scores at the turn's end."""
KEEP_LEAD = 2
"""On a temple it leads, the workers beyond this lead may leave for other projects."""


@dataclass(frozen=True)
class Project:
    moves: tuple[Move, ...]
    cost: int
    worth: float


def decide(game: GameView, seed: int) -> list[Move]:
    """The tournament's entry point: the seat's next move from its view (the seed is not needed)."""
    state = rebuild(game)
    me = state.to_act
    if state.phase is Phase.PLACE:
        return [best_placement(state, me)]
    if state.phase in (Phase.BID, Phase.PICK):
        return [auction(state, me)]
    if state.phase is Phase.DECLARE:
        totals = [sum(score_now(state, q)) for q in range(len(state.players))]
        return [Declare(totals[me] >= max(totals))]
    if state.phase not in (Phase.ACTIONS, Phase.SCORING):
        raise ValueError(f"Raider cannot play the phase {state.phase.value}")
    return [next_move(state, me)]


# --- facts ---------------------------------------------------------------------------------------


def strength(state: GameState, q: int, s: int) -> int:
    return state.workers[q][s] + (3 if state.leader[q] == s else 0)


def best_rival(state: GameState, me: int, s: int) -> int:
    return max(strength(state, q, s) for q in range(len(state.players)) if q != me)


def scorings_after_this(state: GameState) -> int:
    if state.setup.has(Option.RANDOMTERRAIN):
        return 3 - state.volcanoes_taken
    return 4 - state.scoring_round


def temple_weight(state: GameState) -> float:
    """What a point of temple value held now is worth: at the scoring of this turn (a scoring turn), or at
    the next one and some of the later ones."""
    later = scorings_after_this(state)
    if state.phase is Phase.SCORING:
        return 1 + FUTURE * later
    return (1 + FUTURE * (later - 1)) if later else 0.0


def arrived(state: GameState) -> set[int]:
    """Spaces the turn's walks went to: figures there stay (no going back and forth)."""
    return {m.target for m in map(parse_move, state.turn_moves) if isinstance(m, Walk)}


def spare(state: GameState, me: int, s: int) -> int:
    """Workers at ``s`` that may leave: all of them, but on a temple it leads, those beyond ``KEEP_LEAD``,
    and none that walked there this turn."""
    workers = state.workers[me][s]
    if s in arrived(state):
        return 0
    if state.terrain[s] is Terrain.TEMPLE and state.guard[s] == NOBODY:
        mine = strength(state, me, s)
        if mine > best_rival(state, me, s):
            return max(0, min(workers, mine - best_rival(state, me, s) - KEEP_LEAD))
    if state.wafers[s]:
        return max(0, workers - min(2, len(state.wafers[s])))
    return workers


# --- projects ------------------------------------------------------------------------------------


def take_temple(state: GameState, me: int, t: int) -> Project | None:
    """Bring the cheapest figures to ``t`` until ``me`` leads there by ``LEAD`` (``SCORING_LEAD`` in a scoring
    turn), or by as much as the AP allow if that is at least one."""
    lead = SCORING_LEAD if state.phase is Phase.SCORING else LEAD
    need = best_rival(state, me, t) + lead - strength(state, me, t)
    if need <= 0:
        return None
    units: list[tuple[float, int, Move]] = []  # (AP per point, AP, move) for one figure each
    for s in range(SPACES):
        if s == t:
            continue
        cost = None
        if spare(state, me, s) or state.leader[me] == s:
            cost = path_costs(state, s).get(t)
        if cost is None:
            continue
        units += [(cost, cost, Walk(s, t, 1))] * spare(state, me, s)
        if state.leader[me] == s and not (state.terrain[s] is Terrain.TEMPLE and strength(state, me, s) >
                                          best_rival(state, me, s) >= strength(state, me, s) - 3):
            units.append((cost / 3, cost, Walk(s, t, 1, leader=True)))
    entry = path_costs(state, BASE).get(t)
    if entry is not None:
        units += [(entry + 1, entry + 1, Deploy(BASE, 1))] * min(state.supply[me], need)
        if state.leader[me] == LEADER_SUPPLY:
            units.append(((entry + 1) / 3, entry + 1, Deploy(BASE, 1, leader=True)))
    units.sort(key=lambda u: u[0])
    moves: list[Move] = []
    ap, got = state.ap, 0
    for _, cost, move in units:
        if got >= need:
            break
        if cost > ap:
            continue
        ap -= cost
        got += 3 if getattr(move, "leader", False) else 1
        if isinstance(move, Deploy):
            moves += [move, Walk(BASE, t, 1, leader=move.leader)]
        else:
            moves.append(move)
    if not moves or got < need - lead + 1:
        return None
    worth = state.value[t] * temple_weight(state)
    held_by_other = best_rival(state, me, t) > strength(state, me, t)
    return Project(tuple(moves), state.ap - ap, worth * (1.3 if held_by_other else 1.0))


def uncover(state: GameState, me: int, t: int) -> Project | None:
    if state.guard[t] != NOBODY or strength(state, me, t) < best_rival(state, me, t) + 3:
        return None
    return Project((Uncover(t, 1),), 2, temple_weight(state))


def recover(state: GameState, me: int, s: int) -> Project | None:
    if not state.wafers[s]:
        return None
    worth = SET_GAIN * (scorings_after_this(state) + (state.phase is Phase.SCORING))
    if state.workers[me][s] or state.leader[me] == s:
        return Project((Recover(s, 1),), 3, worth)
    sources = [x for x in range(SPACES) if spare(state, me, x)]
    found = min(((c, x) for x in sources if (c := path_costs(state, x).get(s)) is not None), default=None)
    entry = path_costs(state, BASE).get(s)
    if state.supply[me] and entry is not None and (found is None or entry + 1 < found[0]):
        return Project((Deploy(BASE, 1), Walk(BASE, s, 1), Recover(s, 1)), entry + 4, worth)
    if found is None:
        return None
    return Project((Walk(found[1], s, 1), Recover(s, 1)), found[0] + 3, worth)


def guard(state: GameState, me: int, t: int) -> Project | None:
    if state.guards_left[me] == 0 or state.guard[t] != NOBODY:
        return None
    mine, rival = strength(state, me, t), best_rival(state, me, t)
    later = scorings_after_this(state)
    if mine <= rival or (later >= 2 and state.value[t] < GUARD_FROM):
        return None
    use_leader = state.leader[me] == t and state.workers[me][t] == 0
    lost = state.workers[me][t] - (0 if use_leader else 1) + (3 if state.leader[me] == t else 0)
    worth = state.value[t] * (later + (state.phase is Phase.SCORING)) * 0.6 - lost * LOST_FIGURE
    return Project((Guard(t, leader=use_leader),), 5, worth)


def muster(state: GameState, me: int) -> Project | None:
    """Bring workers from the supply into the base camp while the board holds few of them."""
    on_board = sum(state.workers[me])
    count = min(state.supply[me], MUSTER_STEP, state.ap)
    if count <= 0 or on_board >= MUSTER_UNTIL or scorings_after_this(state) < 2:
        return None
    return Project((Deploy(BASE, count),), count, count * MUSTER_WORTH)


def projects(state: GameState, me: int) -> list[Project]:
    found: list[Project | None] = [muster(state, me)]
    for s in range(SPACES):
        if state.terrain[s] is Terrain.TEMPLE and state.guard[s] == NOBODY:
            found += [take_temple(state, me, s), uncover(state, me, s), guard(state, me, s)]
        elif state.terrain[s] is Terrain.TREASURE:
            found.append(recover(state, me, s))
    return [p for p in found if p is not None and p.cost <= state.ap and p.worth > 0]


def _playable(state: GameState, moves: tuple[Move, ...]) -> bool:
    try:
        for move in moves:
            state = apply(state, move)
    except IllegalMove:
        return False
    return True


def next_move(state: GameState, me: int) -> Move:
    """The first move of the best affordable project, else a deployment with the AP left, else ``end``."""
    for project in sorted(projects(state, me), key=lambda p: -p.worth / max(p.cost, 1)):
        if _playable(state, project.moves):
            return project.moves[0]
    if state.supply[me] and state.ap >= 1 and scorings_after_this(state) >= 1:
        count = min(state.supply[me], state.ap)
        if _playable(state, (Deploy(BASE, count),)):
            return Deploy(BASE, count)
    return End()


# --- placements and auctions ---------------------------------------------------------------------


def closeness(state: GameState, q: int, space: int) -> int:
    """Figures of ``q`` (the leader counts three) within ``NEAR`` AP of ``space``."""
    total = 0
    for s in range(SPACES):
        figures = state.workers[q][s] + (3 if state.leader[q] == s else 0)
        if figures:
            cost = path_costs(state, s).get(space)
            if cost is not None and cost <= NEAR:
                total += figures
    return total


def placement_worth(state: GameState, me: int, move: Place) -> float:
    after = apply(state, move)
    space = move.space
    terrain = after.terrain[space]
    if terrain is Terrain.TEMPLE:
        worth = float(after.value[space])
    elif terrain is Terrain.TREASURE:
        worth = 1.2 * len(after.wafers[space])
    else:
        worth = 0.5
    near = [closeness(after, q, space) for q in range(len(after.players))]
    rival = max(c for q, c in enumerate(near) if q != me)
    return worth * (min(near[me], 6) - min(rival, 6)) + 0.1 * near[me]


def best_placement(state: GameState, me: int) -> Place:
    entries = [e.move for e in legal_moves(state)]
    places = [m for m in entries if isinstance(m, Place)]
    return max(places, key=lambda m: placement_worth(state, me, m))


def _holding(state: GameState, tile: str) -> GameState:
    s = state.clone()
    s.hand, s.phase, s.ap, s.shown = tile, Phase.PLACE, 10, ()
    return s


def tile_worths(state: GameState, me: int) -> list[float]:
    worths = []
    for tile in state.shown:
        holding = _holding(state, tile)
        places = [e.move for e in legal_moves(holding) if isinstance(e.move, Place)]
        worths.append(max((placement_worth(holding, me, m) for m in places), default=0.0))
    return worths


def auction(state: GameState, me: int) -> Move:
    worths = tile_worths(state, me)
    if state.phase is Phase.PICK:
        return Pick(worths.index(max(worths)) + 1)
    low = state.high_bid + 1
    ranked = sorted(worths, reverse=True)
    if len(ranked) < 2 or low > state.score[me]:
        return Pass()
    edge = (ranked[0] - ranked[1]) / 4
    return Bid(low) if low <= min(edge, BID_CAP) else Pass()
