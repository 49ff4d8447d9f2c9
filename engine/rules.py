"""The rules: validate a move against a state, apply it, list the legal moves.

Every function here is pure: a state is never changed, ``apply`` returns a new one. Errors are
``EngineError`` subclasses whose message names the rule and says what would be legal.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Final

from .board import BASE_CAMP, NEIGHBOURS, SPACE_COUNT, space_name
from .errors import GameOver, IllegalMove, NotYourTurn, StaleState
from .moves import (
    COUNTED,
    Bid,
    Camp,
    Deploy,
    End,
    Exchange,
    Guard,
    Move,
    Pass,
    Pick,
    Place,
    Recover,
    Transfer,
    Uncover,
    Undo,
    Walk,
    parse_move,
)
from .state import (
    LEADER_GUARD,
    LEADER_REMOVED,
    LEADER_SUPPLY,
    NOBODY,
    GameState,
    Phase,
    ScoreEntry,
    TurnRecord,
    Variant,
    is_volcano,
)
from .tiles import AP_PER_TURN, HEXAGONS, TREASURE_POINTS, Terrain

UNCOVER_AP: Final = 2
RECOVER_AP: Final = 3
EXCHANGE_AP: Final = 3
CAMP_AP: Final = 5
GUARD_AP: Final = 5
PER_TURN_LIMIT: Final = 2  # levels per temple, wafers per treasure hex


# ---------------------------------------------------------------------------------------------
# Board geometry that depends on the state


def border_cost(state: GameState, space: int, side: int) -> int:
    """Return the AP to cross from ``space`` over ``side``: the stones on both sides added, 0 if
    there is no path (no stones, off the board, unexplored or a volcano on either side)."""
    other = NEIGHBOURS[space][side]
    if other < 0 or not state.explored[other]:
        return 0
    if state.terrain[other] is Terrain.VOLCANO or state.terrain[space] is Terrain.VOLCANO:
        return 0
    return state.stones[space][side] + state.stones[other][(side + 3) % 6]


def path_costs(state: GameState, source: int) -> dict[int, int]:
    """Return the cheapest AP cost per figure from ``source`` to every reachable space (ruling 1)."""
    cached = state._paths.get(source)
    if cached is not None:
        return cached
    dist = {source: 0}
    heap = [(0, source)]
    explored, terrain, stones = state.explored, state.terrain, state.stones
    while heap:
        d, here = heapq.heappop(heap)
        if d > dist[here]:
            continue
        row = stones[here]
        for side, there in enumerate(NEIGHBOURS[here]):
            if there < 0 or not explored[there] or terrain[there] is Terrain.VOLCANO:
                continue
            step = row[side] + stones[there][(side + 3) % 6]
            if step and d + step < dist.get(there, 1 << 30):
                dist[there] = d + step
                heapq.heappush(heap, (d + step, there))
    state._paths[source] = dist
    return dist


def _placement_ok(state: GameState, stones: tuple[int, ...], space: int) -> bool:
    return any(
        other >= 0 and state.explored[other] and state.terrain[other] is not Terrain.VOLCANO
        and stones[side] + state.stones[other][(side + 3) % 6] > 0
        for side, other in enumerate(NEIGHBOURS[space])
    )


def _frontier(state: GameState) -> list[int]:
    """Empty spaces next to an explored hex, in the order A1, A2 … H5."""
    return [
        s for s in range(SPACE_COUNT)
        if not state.explored[s] and any(o >= 0 and state.explored[o] for o in NEIGHBOURS[s])
    ]


def legal_placements(state: GameState, tile_id: str | None = None) -> list[tuple[int, int]]:
    """Return every legal ``(space, rotation)`` for the hexagon in hand (or ``tile_id``), ordered
    by space A1…H5 then rotation (ruling 2, including the volcano and the no-legal-space cases)."""
    tile_id = tile_id or state.hand
    if tile_id is None:
        return []
    hexagon = HEXAGONS[tile_id]
    frontier = _frontier(state)
    if hexagon.terrain is Terrain.VOLCANO:
        return [(s, r) for s in frontier for r in range(6)]
    rotations = [hexagon.rotated(r) for r in range(6)]
    found = [(s, r) for s in frontier for r in range(6) if _placement_ok(state, rotations[r], s)]
    return found or [(s, r) for s in frontier for r in range(6)]


# ---------------------------------------------------------------------------------------------
# Small helpers for messages


def _name(state: GameState, player: int) -> str:
    return state.players[player]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _figs(count: int, leader: bool) -> str:
    return "the leader" if leader else _plural(count, "worker")


def _spaces(spaces: list[int], limit: int = 12) -> str:
    names = [space_name(s) for s in spaces]
    if len(names) > limit:
        return ", ".join(names[:limit]) + f" and {len(names) - limit} more"
    return ", ".join(names) if names else "none"


def _own_camps(state: GameState, player: int) -> list[int]:
    return [s for s in range(SPACE_COUNT) if state.camp[s] == player]


def _camp_spaces(state: GameState, player: int) -> list[int]:
    return [BASE_CAMP, *_own_camps(state, player)]


def _has_figures(state: GameState, player: int, space: int, count: int, leader: bool) -> None:
    where = space_name(space)
    if leader:
        if state.leader[player] != space:
            raise IllegalMove(f"Your leader is not on {where} ({_leader_where(state, player)}).")
    elif state.workers[player][space] < count:
        have = state.workers[player][space]
        raise IllegalMove(f"You have {_plural(have, 'worker')} on {where}, not {count}.")


def _leader_where(state: GameState, player: int) -> str:
    pos = state.leader[player]
    if pos == LEADER_SUPPLY:
        return "it is in your supply"
    if pos == LEADER_GUARD:
        return "it guards a temple"
    if pos == LEADER_REMOVED:
        return "it has left the game"
    return f"it is on {space_name(pos)}"


def _afford(state: GameState, cost: int, doing: str, alternative: str = "") -> None:
    if cost > state.ap:
        tail = f" {alternative}" if alternative else ""
        raise IllegalMove(f"Not enough AP: {doing} costs {cost} AP, you have {state.ap} left.{tail}")


# ---------------------------------------------------------------------------------------------
# Validation and application, one pair per move type


def _check_action_phase(state: GameState, move: Move) -> None:
    if state.phase in (Phase.ACTIONS, Phase.SCORING):
        return
    if state.phase is Phase.PLACE:
        spaces = sorted({s for s, _ in legal_placements(state)})
        raise IllegalMove(
            f"Place your hexagon first (`place <hex> <rotation>`); it may go on {_spaces(spaces)}."
        )
    if state.phase is Phase.BID:
        raise IllegalMove(f"{_name(state, state.to_act)} must bid or pass now (`bid <n>` or `pass`).")
    raise IllegalMove(f"{_name(state, state.to_act)} must pick a shown hexagon now (`pick <k>`).")


def _check_place(state: GameState, move: Place) -> None:
    if state.phase is not Phase.PLACE or state.hand is None:
        if state.phase in (Phase.ACTIONS, Phase.SCORING):
            what = "a scoring turn has no hexagon to place" if state.phase is Phase.SCORING else (
                "you have already placed your hexagon this turn")
            raise IllegalMove(f"You cannot place now: {what}.")
        _check_action_phase(state, move)
    legal = legal_placements(state)
    if (move.space, move.rotation) in legal:
        return
    where = space_name(move.space)
    spaces = sorted({s for s, _ in legal})
    if state.explored[move.space]:
        why = f"{where} is already explored"
    elif move.space not in spaces and not any(
        o >= 0 and state.explored[o] for o in NEIGHBOURS[move.space]
    ):
        why = f"{where} is not next to an explored hex"
    elif move.space not in spaces:
        why = f"no rotation gives {where} a stone on a border with an explored hex"
    else:
        rots = ", ".join(str(r) for s, r in legal if s == move.space)
        raise IllegalMove(
            f"Rotation {move.rotation} leaves no stone on a border between {where} and an explored hex; "
            f"legal rotations there: {rots}."
        )
    raise IllegalMove(f"You cannot place the hexagon on {where}: {why}. Legal spaces: {_spaces(spaces)}.")


def _do_place(state: GameState, move: Place) -> None:
    assert state.hand is not None
    hexagon = HEXAGONS[state.hand]
    s = move.space
    state.explored[s] = True
    state.tile[s] = hexagon.id
    state.terrain[s] = hexagon.terrain
    state.rotation[s] = move.rotation
    state.stones[s] = hexagon.rotated(move.rotation)
    if hexagon.terrain is Terrain.TEMPLE:
        state.value[s] = hexagon.value
    elif hexagon.terrain is Terrain.TREASURE:
        end = state.wafer_pos + hexagon.value
        state.wafers[s] = state.setup.treasure_order[state.wafer_pos:end]
        state.wafer_pos = end
    state.hand = None
    state.phase = Phase.ACTIONS
    state._paths = {}


def _check_deploy(state: GameState, move: Deploy) -> None:
    _check_action_phase(state, move)
    p = state.to_act
    if move.space != BASE_CAMP and state.camp[move.space] != p:
        owner = state.camp[move.space]
        why = f"{space_name(move.space)} is {_name(state, owner)}'s camp" if owner >= 0 else (
            f"{space_name(move.space)} is not a camp of yours")
        raise IllegalMove(
            f"Figures from the supply go into the base camp or your own camps: {why}. "
            f"You can deploy to {_spaces(_camp_spaces(state, p))}."
        )
    if move.leader:
        if state.leader[p] != LEADER_SUPPLY:
            raise IllegalMove(f"Your leader is not in your supply ({_leader_where(state, p)}).")
    elif state.supply[p] < move.count:
        raise IllegalMove(f"You have {_plural(state.supply[p], 'worker')} in your supply, not {move.count}.")
    most = min(state.supply[p], state.ap)
    _afford(state, move.count, f"deploying {_figs(move.count, move.leader)}",
            f"You could deploy {most}." if most and not move.leader else "")


def _do_deploy(state: GameState, move: Deploy) -> None:
    p = state.to_act
    if move.leader:
        state.leader[p] = move.space
    else:
        state.supply[p] -= move.count
        state.workers[p][move.space] += move.count
    state.ap -= move.count


def _check_transfer(state: GameState, move: Transfer) -> None:
    _check_action_phase(state, move)
    p = state.to_act
    camps = _camp_spaces(state, p)
    if move.source == move.target or move.source not in camps or move.target not in camps:
        if len(camps) == 1:
            raise IllegalMove("Transfers run between the base camp and your own camps, and you have no camp yet.")
        raise IllegalMove(
            f"Transfers run between two different spaces of the base camp and your own camps: {_spaces(camps)}."
        )
    _has_figures(state, p, move.source, move.count, move.leader)
    _afford(state, move.count, f"transferring {_figs(move.count, move.leader)}",
            f"You could transfer {min(state.ap, state.workers[p][move.source])}." if state.ap else "")


def _do_walk_or_transfer(state: GameState, move: Transfer | Walk, each: int) -> None:
    p = state.to_act
    if move.leader:
        state.leader[p] = move.target
    else:
        state.workers[p][move.source] -= move.count
        state.workers[p][move.target] += move.count
    state.ap -= each * move.count


def _check_walk(state: GameState, move: Walk) -> None:
    _check_action_phase(state, move)
    p = state.to_act
    if move.source == move.target:
        raise IllegalMove(f"A move needs two different spaces; both are {space_name(move.source)}.")
    _has_figures(state, p, move.source, move.count, move.leader)
    cost = path_costs(state, move.source).get(move.target)
    src, dst = space_name(move.source), space_name(move.target)
    if cost is None:
        why = "is not explored" if not state.explored[move.target] else (
            "is a volcano" if state.terrain[move.target] is Terrain.VOLCANO else "has no path of stones to it")
        raise IllegalMove(f"No path from {src} to {dst}: {dst} {why}.")
    figures = "the leader" if move.leader else _plural(move.count, "figure")
    could = min(state.ap // cost, state.workers[p][move.source])
    alt = f"You could move {_plural(could, 'figure')} ({could * cost} AP)." if could and not move.leader else ""
    _afford(state, cost * move.count, f"moving {figures} from {src} to {dst}", alt)


def _uncover_limit(state: GameState, player: int, space: int) -> tuple[int, str]:
    """How many more levels the player may uncover on this temple now, and why not more."""
    used = state.uncovered.get(space, 0)
    figures = state.figures_at(player, space)
    tiles = 0
    top = state.value[space]
    while tiles < PER_TURN_LIMIT and state.temple_supply.get(top + tiles + 1, 0) > 0:
        tiles += 1
    limits = [
        (PER_TURN_LIMIT - used, f"at most {PER_TURN_LIMIT} levels per temple per turn ({used} done)"),
        (figures - used, f"one own figure per level: you have {_plural(figures, 'figure')} there"
                         + (f" and uncovered {used} this turn" if used else "")),
        (tiles, f"no temple tile of value {top + tiles + 1} is left" if tiles < PER_TURN_LIMIT else ""),
        (state.ap // UNCOVER_AP, f"each level costs {UNCOVER_AP} AP and you have {state.ap}"),
    ]
    n, why = min(limits, key=lambda x: x[0])
    return max(n, 0), why


def _check_uncover(state: GameState, move: Uncover) -> None:
    _check_action_phase(state, move)
    p, s = state.to_act, move.space
    where = space_name(s)
    if state.terrain[s] is not Terrain.TEMPLE:
        raise IllegalMove(f"Only temples can be uncovered; {where} is {_terrain_name(state, s)}.")
    if state.guard[s] != NOBODY:
        raise IllegalMove(f"The temple on {where} is guarded by {_name(state, state.guard[s])}; its value is fixed.")
    limit, why = _uncover_limit(state, p, s)
    if move.count > limit:
        could = f" You could uncover {limit}." if limit else ""
        raise IllegalMove(f"Cannot uncover {_plural(move.count, 'level')} on {where}: {why}.{could}")


def _do_uncover(state: GameState, move: Uncover) -> None:
    for _ in range(move.count):
        top = state.value[move.space] + 1
        state.temple_supply[top] -= 1
        state.value[move.space] = top
    state.uncovered[move.space] = state.uncovered.get(move.space, 0) + move.count
    state.ap -= UNCOVER_AP * move.count


def _recover_limit(state: GameState, player: int, space: int) -> tuple[int, str]:
    used = state.recovered.get(space, 0)
    figures = state.figures_at(player, space)
    limits = [
        (PER_TURN_LIMIT - used, f"at most {PER_TURN_LIMIT} wafers per treasure hex per turn ({used} done)"),
        (figures - used, f"one own figure per wafer: you have {_plural(figures, 'figure')} there"
                         + (f" and recovered {used} this turn" if used else "")),
        (len(state.wafers[space]), f"{_plural(len(state.wafers[space]), 'wafer')} left there"),
        (state.ap // RECOVER_AP, f"each wafer costs {RECOVER_AP} AP and you have {state.ap}"),
    ]
    n, why = min(limits, key=lambda x: x[0])
    return max(n, 0), why


def _check_recover(state: GameState, move: Recover) -> None:
    _check_action_phase(state, move)
    s = move.space
    where = space_name(s)
    if state.terrain[s] is not Terrain.TREASURE:
        raise IllegalMove(f"Wafers are recovered on treasure hexes; {where} is {_terrain_name(state, s)}.")
    if not state.wafers[s]:
        raise IllegalMove(f"The treasure hex {where} has no wafers left.")
    limit, why = _recover_limit(state, state.to_act, s)
    if move.count > limit:
        could = f" You could recover {limit}." if limit else ""
        raise IllegalMove(f"Cannot recover {_plural(move.count, 'wafer')} on {where}: {why}.{could}")


def _do_recover(state: GameState, move: Recover) -> None:
    p, s = state.to_act, move.space
    got, state.wafers[s] = state.wafers[s][: move.count], state.wafers[s][move.count:]
    for kind in got:
        state.treasures[p][kind] = state.treasures[p].get(kind, 0) + 1
    state.recovered[s] = state.recovered.get(s, 0) + move.count
    state.ap -= RECOVER_AP * move.count


def _singles(state: GameState, player: int) -> list[str]:
    return sorted(k for k, n in state.treasures[player].items() if n == 1)


def _find_player(state: GameState, name: str) -> int:
    for i, seat in enumerate(state.players):
        if seat.lower() == name.lower():
            return i
    raise IllegalMove(f"There is no player called “{name}”; the players are {', '.join(state.players)}.")


def _check_exchange(state: GameState, move: Exchange) -> None:
    _check_action_phase(state, move)
    p = state.to_act
    other = _find_player(state, move.player)
    if other == p:
        raise IllegalMove("An exchange is with another player, not with yourself.")
    mine, theirs = _singles(state, p), _singles(state, other)
    if move.give not in mine:
        raise IllegalMove(
            f"You can only give a single treasure (pairs and triples stay together); your singles: "
            f"{', '.join(mine) or 'none'}."
        )
    if move.take not in theirs:
        raise IllegalMove(
            f"You can only take a single treasure of {state.players[other]}'s; theirs: {', '.join(theirs) or 'none'}."
        )
    if move.give == move.take:
        raise IllegalMove("An exchange swaps two different kinds of treasure.")
    _afford(state, EXCHANGE_AP, "an exchange")


def _do_exchange(state: GameState, move: Exchange) -> None:
    p = state.to_act
    other = _find_player(state, move.player)
    mine, theirs = state.treasures[p], state.treasures[other]
    del mine[move.give]
    mine[move.take] = mine.get(move.take, 0) + 1
    del theirs[move.take]
    theirs[move.give] = theirs.get(move.give, 0) + 1
    state.ap -= EXCHANGE_AP


def _campable(state: GameState, space: int) -> bool:
    t = state.terrain[space]
    return state.camp[space] == NOBODY and (
        t is Terrain.JUNGLE or (t is Terrain.TREASURE and not state.wafers[space])
    )


def _check_camp(state: GameState, move: Camp) -> None:
    _check_action_phase(state, move)
    p, s = state.to_act, move.space
    where = space_name(s)
    if state.camps_left[p] == 0:
        raise IllegalMove("You have established both your camps; each player has two per game.")
    if state.camp[s] != NOBODY:
        raise IllegalMove(f"{where} already has {_name(state, state.camp[s])}'s camp; one camp per hex.")
    if not _campable(state, s):
        t = state.terrain[s]
        why = "its wafers are not all recovered" if t is Terrain.TREASURE else f"it is {_terrain_name(state, s)}"
        sites = [x for x in range(SPACE_COUNT) if _campable(state, x)]
        raise IllegalMove(
            f"Camps go on jungle hexes or emptied treasure hexes; {where} is not possible: {why}. "
            f"Possible: {_spaces(sites)}."
        )
    _afford(state, CAMP_AP, "a camp")


def _do_camp(state: GameState, move: Camp) -> None:
    p = state.to_act
    state.camp[move.space] = p
    state.camps_left[p] -= 1
    state.ap -= CAMP_AP


def _strongest_other(state: GameState, player: int, space: int) -> int:
    return max((state.strength(q, space) for q in range(len(state.players)) if q != player), default=0)


def _check_guard(state: GameState, move: Guard) -> None:
    _check_action_phase(state, move)
    p, s = state.to_act, move.space
    where = space_name(s)
    if state.guards_left[p] == 0:
        raise IllegalMove("You have placed both your guards; each player has two per game.")
    if state.terrain[s] is not Terrain.TEMPLE:
        raise IllegalMove(f"Guards go on temples; {where} is {_terrain_name(state, s)}.")
    if state.guard[s] != NOBODY:
        raise IllegalMove(f"The temple on {where} is already guarded by {_name(state, state.guard[s])}.")
    mine, best = state.strength(p, s), _strongest_other(state, p, s)
    if mine <= best:
        raise IllegalMove(
            f"To guard {where} your strength there must beat every other player's: you have {mine}, "
            f"the strongest other has {best} (leader 3, worker 1)."
        )
    if move.leader and state.leader[p] != s:
        raise IllegalMove(f"Your leader is not on {where}; `guard {where}` makes a worker the guard.")
    if not move.leader and state.workers[p][s] == 0:
        raise IllegalMove(f"You have no worker on {where}; `guard {where} leader` makes your leader the guard.")
    _afford(state, GUARD_AP, "a guard")


def _do_guard(state: GameState, move: Guard) -> None:
    p, s = state.to_act, move.space
    leaving = state.workers[p][s] - (0 if move.leader else 1)
    if state.leader[p] == s:
        if move.leader:
            state.leader[p] = LEADER_GUARD
        else:
            state.leader[p] = LEADER_REMOVED
            leaving += 1
    state.workers[p][s] = 0
    state.removed[p] += leaving
    state.guard[s] = p
    state.guards_left[p] -= 1
    state.ap -= GUARD_AP


def _terrain_name(state: GameState, space: int) -> str:
    t = state.terrain[space]
    if t is None:
        return "unexplored"
    return {"basecamp": "the base camp", "temple": "a temple", "jungle": "jungle",
            "treasure": "a treasure hex", "volcano": "a volcano"}[t.value]


# ---------------------------------------------------------------------------------------------
# Turn flow


def _begin_turn(state: GameState, player: int, phase: Phase) -> None:
    state.to_act = player
    state.phase = phase
    state.ap = AP_PER_TURN
    state.uncovered = {}
    state.recovered = {}
    state.turn_moves = ()
    state.undo_base = None
    state.undo_moves = ()


def _clockwise(state: GameState, first: int) -> list[int]:
    n = len(state.players)
    return [(first + i) % n for i in range(n)]


def _take_hexagon(state: GameState, player: int, tile_id: str) -> None:
    """The player has the hexagon in hand: a volcano starts a scoring round, anything else is placed."""
    state.hand = tile_id
    if is_volcano(tile_id):
        _start_scoring(state, _clockwise(state, player), volcano_player=player)
    else:
        state.turn += 1
        _begin_turn(state, player, Phase.PLACE)


def _start_basic_turn(state: GameState, player: int) -> None:
    if state.stack_left == 0:
        _start_final_scoring(state)
        return
    tile_id = state.setup.tile_order[state.stack_pos]
    state.stack_pos += 1
    _take_hexagon(state, player, tile_id)


def _start_scoring(state: GameState, order: list[int], volcano_player: int) -> None:
    state.scoring_round += 1
    state.volcano_player = volcano_player
    state.scoring_queue = tuple(order[1:])
    _begin_turn(state, order[0], Phase.SCORING)


def _start_final_scoring(state: GameState) -> None:
    n = len(state.players)
    last = state.last_placer
    state.hand = None
    if state.variant is Variant.BASIC:
        order = _clockwise(state, (last + 1) % n)
    else:
        def distance(q: int) -> int:
            return (q - last) % n or n

        order = sorted(range(n), key=lambda q: (state.score[q], distance(q)))
    _start_scoring(state, order, volcano_player=NOBODY)


def _score_player(state: GameState, player: int) -> ScoreEntry:
    """Return what the player scores now (ruling 9), without adding it."""
    temples = 0
    for s in range(SPACE_COUNT):
        if state.terrain[s] is not Terrain.TEMPLE:
            continue
        owner = state.guard[s]
        if owner != NOBODY:
            if owner == player:
                temples += state.value[s]
        elif state.strength(player, s) > _strongest_other(state, player, s):
            temples += state.value[s]
    treasures = sum(TREASURE_POINTS[n] for n in state.treasures[player].values())
    return ScoreEntry(state.scoring_round, player, temples, treasures, 0)


def score_now(state: GameState, player: int) -> tuple[int, int]:
    """Return ``(temple points, treasure points)`` the player would score if scored now."""
    entry = _score_player(state, player)
    return entry.temples, entry.treasures


def _end_scoring_turn(state: GameState) -> None:
    p = state.to_act
    entry = _score_player(state, p)
    state.score[p] += entry.temples + entry.treasures
    state.score_log = (*state.score_log, replace(entry, total=state.score[p]))
    state.last_turn = TurnRecord(p, True, state.turn_moves)
    if state.scoring_queue:
        nxt, state.scoring_queue = state.scoring_queue[0], state.scoring_queue[1:]
        _begin_turn(state, nxt, Phase.SCORING)
    elif state.volcano_player != NOBODY:
        vp, state.volcano_player = state.volcano_player, NOBODY
        state.turn += 1
        _begin_turn(state, vp, Phase.PLACE)
    else:
        _begin_turn(state, NOBODY, Phase.FINISHED)
        state.ap = 0


def _end_normal_turn(state: GameState) -> None:
    p = state.to_act
    state.last_turn = TurnRecord(p, False, state.turn_moves)
    state.last_placer = p
    if state.variant is Variant.BASIC:
        _start_basic_turn(state, (p + 1) % len(state.players))
        return
    state.had_turn[p] = True
    waiting = [q for q in _clockwise(state, (p + 1) % len(state.players)) if not state.had_turn[q]]
    if len(waiting) >= 2:
        _start_bidding(state, waiting)
    elif len(waiting) == 1:
        last, state.shown = state.shown[0], state.shown[1:]
        _take_hexagon(state, waiting[0], last)
    elif state.stack_left == 0:
        _start_final_scoring(state)
    else:
        _start_round(state, (p + 1) % len(state.players))


def _start_round(state: GameState, opener: int) -> None:
    n = len(state.players)
    state.round += 1
    state.shown = state.setup.tile_order[state.stack_pos: state.stack_pos + n]
    state.stack_pos += len(state.shown)
    state.had_turn = [False] * n
    _start_bidding(state, _clockwise(state, opener))


def _start_bidding(state: GameState, bidders: list[int]) -> None:
    state.bidders = tuple(bidders)
    state.passed = [False] * len(state.players)
    state.high_bid = 0
    state.high_bidder = NOBODY
    state.first_passer = NOBODY
    _begin_turn(state, bidders[0], Phase.BID)
    state.hand = None


def _next_bidder(state: GameState) -> None:
    active = [q for q in state.bidders if not state.passed[q]]
    if not active:
        _win_auction(state, state.first_passer, 0)
        return
    if len(active) == 1 and active[0] == state.high_bidder:
        _win_auction(state, state.high_bidder, state.high_bid)
        return
    order = state.bidders
    i = order.index(state.to_act)
    for k in range(1, len(order) + 1):
        q = order[(i + k) % len(order)]
        if not state.passed[q]:
            state.to_act = q
            return


def _win_auction(state: GameState, winner: int, price: int) -> None:
    state.score[winner] -= price
    state.to_act = winner
    state.phase = Phase.PICK


def start_game(state: GameState) -> None:
    """Begin play on a blank state (seat 1 acts first): used by ``engine.new_game``."""
    if state.variant is Variant.BASIC:
        _start_basic_turn(state, 0)
    else:
        _start_round(state, 0)


# ---------------------------------------------------------------------------------------------
# Bids and picks


def _check_bid(state: GameState, move: Bid) -> None:
    if state.phase is not Phase.BID:
        raise IllegalMove(_no_auction(state))
    p = state.to_act
    low, high = state.high_bid + 1, state.score[p]
    if not low <= move.count <= high:
        if low > high:
            raise IllegalMove(f"You cannot outbid {state.high_bid} with a score of {high}: you can only pass.")
        raise IllegalMove(
            f"A bid must beat the high bid ({state.high_bid}) and be at most your score ({high}): bid {low}–{high} "
            f"or pass."
        )


def _no_auction(state: GameState) -> str:
    if state.phase is Phase.PICK:
        return "The bidding is over: pick a shown hexagon (`pick <k>`)."
    if state.variant is Variant.BASIC:
        return "There is no auction in the basic game."
    return "Nobody is bidding now; the next auction opens when this turn ends."


def _check_pass(state: GameState, move: Pass) -> None:
    if state.phase is not Phase.BID:
        raise IllegalMove(_no_auction(state) + (" To finish your turn, use `end`." if state.phase in (
            Phase.ACTIONS, Phase.SCORING) else ""))


def _check_pick(state: GameState, move: Pick) -> None:
    if state.phase is not Phase.PICK:
        if state.phase is Phase.BID:
            raise IllegalMove("The bidding is still open: bid or pass first.")
        raise IllegalMove("Nothing to pick now: hexagons are picked after winning an auction.")
    if move.index > len(state.shown):
        raise IllegalMove(f"Only {len(state.shown)} hexagons are shown: pick 1–{len(state.shown)}.")


# ---------------------------------------------------------------------------------------------
# The one entry point that changes anything


_UNDOABLE: Final = (Place, Deploy, Transfer, Walk, Uncover, Exchange, Camp, Guard)


def _apply_action(state: GameState, move: Move) -> GameState:
    """Validate ``move`` for the player to act and return the state after it (version unchanged)."""
    if isinstance(move, Undo):
        return _undo(state)
    _check(state, move)
    if isinstance(move, Exchange):
        move = replace(move, player=state.players[_find_player(state, move.player)])
    new = state.clone()
    _mutate(new, move)
    if isinstance(move, _UNDOABLE):
        if not state.undo_moves:
            new.undo_base = state
        new.undo_moves = (*state.undo_moves, move)
        new.turn_moves = (*state.turn_moves, str(move))
    elif isinstance(move, Recover):
        new.undo_base, new.undo_moves = None, ()
        new.turn_moves = (*state.turn_moves, str(move))
    return new


def _check(state: GameState, move: Move) -> None:
    """Raise the ``IllegalMove`` that forbids ``move`` now, if any."""
    match move:
        case Place():
            _check_place(state, move)
        case Deploy():
            _check_deploy(state, move)
        case Transfer():
            _check_transfer(state, move)
        case Walk():
            _check_walk(state, move)
        case Uncover():
            _check_uncover(state, move)
        case Recover():
            _check_recover(state, move)
        case Exchange():
            _check_exchange(state, move)
        case Camp():
            _check_camp(state, move)
        case Guard():
            _check_guard(state, move)
        case Bid():
            _check_bid(state, move)
        case Pass():
            _check_pass(state, move)
        case Pick():
            _check_pick(state, move)
        case End():
            if state.phase not in (Phase.ACTIONS, Phase.SCORING):
                _check_action_phase(state, move)
        case Undo():
            pass


def _mutate(state: GameState, move: Move) -> None:
    """Carry out a validated move on a fresh clone."""
    match move:
        case Place():
            _do_place(state, move)
        case Deploy():
            _do_deploy(state, move)
        case Transfer():
            _do_walk_or_transfer(state, move, 1)
        case Walk():
            _do_walk_or_transfer(state, move, path_costs(state, move.source)[move.target])
        case Uncover():
            _do_uncover(state, move)
        case Recover():
            _do_recover(state, move)
        case Exchange():
            _do_exchange(state, move)
        case Camp():
            _do_camp(state, move)
        case Guard():
            _do_guard(state, move)
        case End():
            if state.phase is Phase.SCORING:
                _end_scoring_turn(state)
            else:
                _end_normal_turn(state)
        case Bid():
            state.high_bid, state.high_bidder = move.count, state.to_act
            _next_bidder(state)
        case Pass():
            state.passed[state.to_act] = True
            if state.first_passer == NOBODY:
                state.first_passer = state.to_act
            _next_bidder(state)
        case Pick():
            _pick(state, move)
        case Undo():
            raise AssertionError("undo is not a mutation")


def _undo(state: GameState) -> GameState:
    if state.phase not in (Phase.ACTIONS, Phase.SCORING, Phase.PLACE) or not state.undo_moves:
        if state.phase in (Phase.BID, Phase.PICK):
            raise IllegalMove("Bids, passes and picks cannot be taken back.")
        if state.turn_moves:
            raise IllegalMove("Nothing to take back: a recovered wafer cannot be undone, nor anything before it.")
        raise IllegalMove("Nothing to take back: you have not acted yet this turn.")
    assert state.undo_base is not None
    s = state.undo_base.clone()
    for m in state.undo_moves[:-1]:
        s = _apply_action(s, m)
    return s


def _pick(state: GameState, move: Pick) -> None:
    i = move.index - 1
    tile_id = state.shown[i]
    state.shown = state.shown[:i] + state.shown[i + 1:]
    _take_hexagon(state, state.to_act, tile_id)


def apply(
    state: GameState,
    move: Move | str,
    *,
    player: int | None = None,
    expected_version: int | None = None,
) -> GameState:
    """Apply one move for the player to act and return the new state; ``state`` is unchanged.

    ``move`` may be text in the notation. ``player`` (a seat index), when given, must be the
    player to act; ``expected_version``, when given, must equal ``state.version``.

    Raises ``UnreadableMove``, ``IllegalMove``, ``NotYourTurn``, ``GameOver`` or ``StaleState``.
    """
    if expected_version is not None and expected_version != state.version:
        raise StaleState(
            f"The game has moved on (version {state.version}, your action was for version {expected_version}); "
            "look at the board again and retry."
        )
    if isinstance(move, str):
        move = parse_move(move)
    if state.phase is Phase.FINISHED:
        raise GameOver("The game is over; no more moves can be made.")
    if player is not None and player != state.to_act:
        raise NotYourTurn(f"It is {state.players[state.to_act]}'s turn, not yours.")
    new = _apply_action(state, move)
    new.version = state.version + 1
    if isinstance(move, Exchange):
        move = replace(move, player=state.players[_find_player(state, move.player)])
    new.log = (*state.log, str(move))
    return new


def validate(state: GameState, move: Move | str) -> Move:
    """Check a move without keeping its result. Returns the move in canonical form (an exchange names
    the seat as the game spells it); raises like ``apply``."""
    if isinstance(move, str):
        move = parse_move(move)
    apply(state, move)
    if isinstance(move, Exchange):
        move = replace(move, player=state.players[_find_player(state, move.player)])
    return move


def is_legal(state: GameState, move: Move) -> bool:
    """Return whether ``move`` applies to ``state``."""
    try:
        apply(state, move)
    except IllegalMove:
        return False
    return True


# ---------------------------------------------------------------------------------------------
# Legal moves


Counted = Deploy | Transfer | Walk | Uncover | Recover | Bid


def _ranged(move: Move) -> Counted | None:
    """Return the move if one legal-move entry may stand for a range of its counts."""
    if isinstance(move, COUNTED) and not getattr(move, "leader", False):
        return move
    return None


@dataclass(frozen=True, slots=True)
class LegalMove:
    """One entry of ``legal_moves``: a move, or a range of counts of one move.

    ``move`` carries the lowest legal count; every count from it up to ``high`` is legal too.
    ``ap_each`` is the AP one unit costs (per figure, level or wafer); 0 where no AP are spent.
    """

    move: Move
    high: int
    ap_each: int

    @property
    def low(self) -> int:
        ranged = _ranged(self.move)
        return ranged.count if ranged else 1

    def moves(self) -> Iterator[Move]:
        """Yield every concrete move this entry stands for."""
        ranged = _ranged(self.move)
        if ranged is None:
            yield self.move
            return
        for n in range(ranged.count, self.high + 1):
            yield replace(ranged, count=n)

    def __contains__(self, move: object) -> bool:
        if type(move) is not type(self.move):
            return False
        if isinstance(move, Exchange) and isinstance(self.move, Exchange):
            return replace(move, player=move.player.lower()) == replace(self.move, player=self.move.player.lower())
        ranged = _ranged(move)
        if ranged is None:
            return move == self.move
        return replace(ranged, count=self.low) == self.move and self.low <= ranged.count <= self.high

    def __str__(self) -> str:
        text = str(self.move)
        if self.high != self.low:
            head = text.rsplit(" ", 1)[0]
            text = f"{head} {self.low}–{self.high}"
        if self.ap_each:
            text += f" · {self.ap_each} AP" + (" each" if self.high > 1 or self.low > 1 else "")
        return text


def legal_moves(state: GameState) -> list[LegalMove]:
    """Return every legal move of the player to act (empty once the game is finished).

    Exact: every listed move applies and every move that applies is listed. Counted moves are one
    entry per range of counts (see ``LegalMove``).
    """
    phase = state.phase
    out: list[LegalMove] = []
    if phase is Phase.FINISHED:
        return out
    if phase is Phase.PLACE:
        return [LegalMove(Place(s, r), 1, 0) for s, r in legal_placements(state)]
    if phase is Phase.BID:
        low, high = state.high_bid + 1, state.score[state.to_act]
        if low <= high:
            out.append(LegalMove(Bid(low), high, 0))
        out.append(LegalMove(Pass(), 1, 0))
        return out
    if phase is Phase.PICK:
        return [LegalMove(Pick(k), 1, 0) for k in range(1, len(state.shown) + 1)]
    p, ap = state.to_act, state.ap
    camps = _camp_spaces(state, p)
    at_leader = state.leader[p]
    if ap >= 1:
        for c in camps:
            if state.supply[p]:
                out.append(LegalMove(Deploy(c, 1), min(state.supply[p], ap), 1))
            if at_leader == LEADER_SUPPLY:
                out.append(LegalMove(Deploy(c, 1, True), 1, 1))
        for src in camps:
            for dst in camps:
                if src != dst:
                    if state.workers[p][src]:
                        out.append(LegalMove(Transfer(src, dst, 1), min(state.workers[p][src], ap), 1))
                    if at_leader == src:
                        out.append(LegalMove(Transfer(src, dst, 1, True), 1, 1))
    row = state.workers[p]
    for src in range(SPACE_COUNT):
        if not row[src] and at_leader != src:
            continue
        for dst, cost in path_costs(state, src).items():
            if dst == src or cost > ap:
                continue
            if row[src]:
                out.append(LegalMove(Walk(src, dst, 1), min(row[src], ap // cost), cost))
            if at_leader == src:
                out.append(LegalMove(Walk(src, dst, 1, True), 1, cost))
    for s in range(SPACE_COUNT):
        t = state.terrain[s]
        if t is Terrain.TEMPLE and state.guard[s] == NOBODY:
            if ap >= UNCOVER_AP:
                k, _ = _uncover_limit(state, p, s)
                if k:
                    out.append(LegalMove(Uncover(s, 1), k, UNCOVER_AP))
            if ap >= GUARD_AP and state.guards_left[p] and state.strength(p, s) > _strongest_other(state, p, s):
                if row[s]:
                    out.append(LegalMove(Guard(s), 1, GUARD_AP))
                if at_leader == s:
                    out.append(LegalMove(Guard(s, True), 1, GUARD_AP))
        elif t is Terrain.TREASURE and state.wafers[s] and ap >= RECOVER_AP:
            k, _ = _recover_limit(state, p, s)
            if k:
                out.append(LegalMove(Recover(s, 1), k, RECOVER_AP))
        if ap >= CAMP_AP and state.camps_left[p] and _campable(state, s):
            out.append(LegalMove(Camp(s), 1, CAMP_AP))
    if ap >= EXCHANGE_AP:
        mine = _singles(state, p)
        for q in range(len(state.players)):
            if q == p:
                continue
            for take in _singles(state, q):
                for give in mine:
                    if give != take:
                        out.append(LegalMove(Exchange(give, state.players[q], take), 1, EXCHANGE_AP))
    out.append(LegalMove(End(), 1, 0))
    if state.undo_moves:
        out.append(LegalMove(Undo(), 1, 0))
    return out


def absent_moves(state: GameState) -> list[Move]:
    """Return the moves SPEC ruling 14 makes for the player to act when that player is absent.

    They take the seat through its current obligation (a turn, a scoring turn, a bid, a pick and
    the turn that follows it) until someone else acts or the game ends. Empty once finished.
    """
    seat = state.to_act
    out: list[Move] = []
    s = state
    while s.to_act == seat and s.phase is not Phase.FINISHED and len(out) < 8:
        if s.phase is Phase.PLACE:
            space, rotation = legal_placements(s)[0]
            move: Move = Place(space, rotation)
        elif s.phase is Phase.BID:
            move = Pass()
        elif s.phase is Phase.PICK:
            move = Pick(1)
        else:
            move = End()
        out.append(move)
        s = apply(s, move)
    return out
