"""The actions of a turn: for each move type a check that raises ``IllegalMove`` with a message for a
person (the rule, and what would be legal), and a mutation that carries it out on a fresh clone."""

from __future__ import annotations

from typing import Final

from .board import BASE_CAMP, NEIGHBOURS, SPACE_COUNT, space_name
from .errors import IllegalMove
from .geometry import legal_placements, path_costs
from .indiana import roll_for_level
from .moves import Bid, Camp, Deploy, Exchange, Guard, Move, Pass, Pick, Place, Recover, Transfer, Uncover, Walk
from .state import LEADER_GUARD, LEADER_REMOVED, LEADER_SUPPLY, NOBODY, GameState, Phase, Variant
from .tiles import HEXAGONS, Terrain

UNCOVER_AP: Final = 2
RECOVER_AP: Final = 3
EXCHANGE_AP: Final = 3
CAMP_AP: Final = 5
GUARD_AP: Final = 5
GUN_EXTRA_AP: Final = 1
"""A machine gun costs 1 AP more than its guard (SPEC 7.4.1: 6 AP)."""
GUN_CREW: Final = 2
PER_TURN_LIMIT: Final = 2  # levels per temple, wafers per treasure hex


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


def camp_spaces(state: GameState, player: int) -> list[int]:
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


def afford(state: GameState, cost: int, doing: str, alternative: str = "") -> None:
    if cost > state.ap:
        tail = f" {alternative}" if alternative else ""
        raise IllegalMove(f"Not enough AP: {doing} costs {cost} AP, you have {state.ap} left.{tail}")


# ---------------------------------------------------------------------------------------------
# Validation and application, one pair per move type


def check_action_phase(state: GameState, move: Move) -> None:
    if state.phase in (Phase.ACTIONS, Phase.SCORING):
        return
    if state.phase is Phase.PLACE:
        spaces = sorted({s for s, _ in legal_placements(state)})
        raise IllegalMove(
            f"Place your hexagon first (`place <hex> <rotation>`); it may go on {_spaces(spaces)}."
        )
    if state.phase is Phase.BID:
        raise IllegalMove(f"{_name(state, state.to_act)} must bid or pass now (`bid <n>` or `pass`).")
    if state.phase is Phase.DECLARE:
        raise IllegalMove(DECLARE_FIRST.format(name=_name(state, state.to_act)))
    if state.phase is Phase.JUMP:
        raise IllegalMove(JUMP_FIRST.format(name=_name(state, state.to_act), most=min(5, state.chips[state.to_act])))
    raise IllegalMove(f"{_name(state, state.to_act)} must pick a shown hexagon now (`pick <k>`).")


DECLARE_FIRST: Final = ("{name} must first declare whether the volcano just taken starts a scoring round: "
                        "`score yes` or `score no` (random terrain).")
JUMP_FIRST: Final = "{name} must first choose chips for the next jump: `jump <n>`, 1–{most} (Tikal Rápido)."


def check_place(state: GameState, move: Place) -> None:
    if state.phase is not Phase.PLACE or state.hand is None:
        if state.phase in (Phase.ACTIONS, Phase.SCORING):
            what = "a scoring turn has no hexagon to place" if state.phase is Phase.SCORING else (
                "you have already placed your hexagon this turn")
            raise IllegalMove(f"You cannot place now: {what}.")
        check_action_phase(state, move)
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


def do_place(state: GameState, move: Place) -> None:
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


def check_deploy(state: GameState, move: Deploy) -> None:
    check_action_phase(state, move)
    p = state.to_act
    if move.space != BASE_CAMP and state.camp[move.space] != p:
        owner = state.camp[move.space]
        why = f"{space_name(move.space)} is {_name(state, owner)}'s camp" if owner >= 0 else (
            f"{space_name(move.space)} is not a camp of yours")
        raise IllegalMove(
            f"Figures from the supply go into the base camp or your own camps: {why}. "
            f"You can deploy to {_spaces(camp_spaces(state, p))}."
        )
    if move.leader:
        if state.leader[p] != LEADER_SUPPLY:
            raise IllegalMove(f"Your leader is not in your supply ({_leader_where(state, p)}).")
    elif state.supply[p] < move.count:
        raise IllegalMove(f"You have {_plural(state.supply[p], 'worker')} in your supply, not {move.count}.")
    most = min(state.supply[p], state.ap)
    afford(state, move.count, f"deploying {_figs(move.count, move.leader)}",
            f"You could deploy {most}." if most and not move.leader else "")


def do_deploy(state: GameState, move: Deploy) -> None:
    p = state.to_act
    if move.leader:
        state.leader[p] = move.space
    else:
        state.supply[p] -= move.count
        state.workers[p][move.space] += move.count
    state.ap -= move.count


def check_transfer(state: GameState, move: Transfer) -> None:
    check_action_phase(state, move)
    p = state.to_act
    camps = camp_spaces(state, p)
    if move.source == move.target or move.source not in camps or move.target not in camps:
        if len(camps) == 1:
            raise IllegalMove("Transfers run between the base camp and your own camps, and you have no camp yet.")
        raise IllegalMove(
            f"Transfers run between two different spaces of the base camp and your own camps: {_spaces(camps)}."
        )
    _has_figures(state, p, move.source, move.count, move.leader)
    afford(state, move.count, f"transferring {_figs(move.count, move.leader)}",
            f"You could transfer {min(state.ap, state.workers[p][move.source])}." if state.ap else "")


def do_walk_or_transfer(state: GameState, move: Transfer | Walk, each: int) -> None:
    p = state.to_act
    if move.leader:
        state.leader[p] = move.target
    else:
        state.workers[p][move.source] -= move.count
        state.workers[p][move.target] += move.count
    state.ap -= each * move.count


def check_walk(state: GameState, move: Walk) -> None:
    check_action_phase(state, move)
    p = state.to_act
    if move.source == move.target:
        raise IllegalMove(f"A move needs two different spaces; both are {space_name(move.source)}.")
    _has_figures(state, p, move.source, move.count, move.leader)
    cost = path_costs(state, move.source, p).get(move.target)
    src, dst = space_name(move.source), space_name(move.target)
    if cost is None:
        raise IllegalMove(f"No path from {src} to {dst}: {_no_path_reason(state, move.target, p)}.")
    figures = "the leader" if move.leader else _plural(move.count, "figure")
    could = min(state.ap // cost, state.workers[p][move.source])
    alt = f"You could move {_plural(could, 'figure')} ({could * cost} AP)." if could and not move.leader else ""
    afford(state, cost * move.count, f"moving {figures} from {src} to {dst}", alt)


def _no_path_reason(state: GameState, target: int, player: int) -> str:
    dst = space_name(target)
    if not state.explored[target]:
        return f"{dst} is not explored"
    if state.terrain[target] is Terrain.VOLCANO:
        return f"{dst} is a volcano"
    owner = state.gun[target]
    if owner != NOBODY and owner != player:
        return f"{dst} holds {_name(state, owner)}'s machine gun, and no rival may end a move there or cross it"
    if state.guns_mounted:
        return f"{dst} has no path of stones to it that avoids the other players' machine guns"
    return f"{dst} has no path of stones to it"


def uncover_limit(state: GameState, player: int, space: int) -> tuple[int, str]:
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


def check_uncover(state: GameState, move: Uncover) -> None:
    check_action_phase(state, move)
    p, s = state.to_act, move.space
    where = space_name(s)
    if state.terrain[s] is not Terrain.TEMPLE:
        raise IllegalMove(f"Only temples can be uncovered; {where} is {_terrain_name(state, s)}.")
    if state.guard[s] != NOBODY:
        raise IllegalMove(f"The temple on {where} is guarded by {_name(state, state.guard[s])}; its value is fixed.")
    limit, why = uncover_limit(state, p, s)
    if move.count > limit:
        could = f" You could uncover {limit}." if limit else ""
        raise IllegalMove(f"Cannot uncover {_plural(move.count, 'level')} on {where}: {why}.{could}")


def do_uncover(state: GameState, move: Uncover) -> None:
    for _ in range(move.count):
        top = state.value[move.space] + 1
        state.temple_supply[top] -= 1
        state.value[move.space] = top
        roll_for_level(state, state.to_act, move.space)
    state.uncovered[move.space] = state.uncovered.get(move.space, 0) + move.count
    state.ap -= UNCOVER_AP * move.count


def recover_limit(state: GameState, player: int, space: int) -> tuple[int, str]:
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


def check_recover(state: GameState, move: Recover) -> None:
    check_action_phase(state, move)
    s = move.space
    where = space_name(s)
    if state.terrain[s] is not Terrain.TREASURE:
        raise IllegalMove(f"Wafers are recovered on treasure hexes; {where} is {_terrain_name(state, s)}.")
    if not state.wafers[s]:
        raise IllegalMove(f"The treasure hex {where} has no wafers left.")
    limit, why = recover_limit(state, state.to_act, s)
    if move.count > limit:
        could = f" You could recover {limit}." if limit else ""
        raise IllegalMove(f"Cannot recover {_plural(move.count, 'wafer')} on {where}: {why}.{could}")


def do_recover(state: GameState, move: Recover) -> None:
    p, s = state.to_act, move.space
    got, state.wafers[s] = state.wafers[s][: move.count], state.wafers[s][move.count:]
    for kind in got:
        state.treasures[p][kind] = state.treasures[p].get(kind, 0) + 1
    state.recovered[s] = state.recovered.get(s, 0) + move.count
    state.ap -= RECOVER_AP * move.count


def singles(state: GameState, player: int) -> list[str]:
    return sorted(k for k, n in state.treasures[player].items() if n == 1)


def find_player(state: GameState, name: str) -> int:
    for i, seat in enumerate(state.players):
        if seat.lower() == name.lower():
            return i
    raise IllegalMove(f"There is no player called “{name}”; the players are {', '.join(state.players)}.")


def check_exchange(state: GameState, move: Exchange) -> None:
    check_action_phase(state, move)
    p = state.to_act
    other = find_player(state, move.player)
    if other == p:
        raise IllegalMove("An exchange is with another player, not with yourself.")
    mine, theirs = singles(state, p), singles(state, other)
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
    afford(state, EXCHANGE_AP, "an exchange")


def do_exchange(state: GameState, move: Exchange) -> None:
    p = state.to_act
    other = find_player(state, move.player)
    mine, theirs = state.treasures[p], state.treasures[other]
    del mine[move.give]
    mine[move.take] = mine.get(move.take, 0) + 1
    del theirs[move.take]
    theirs[move.give] = theirs.get(move.give, 0) + 1
    state.ap -= EXCHANGE_AP


def campable(state: GameState, space: int) -> bool:
    t = state.terrain[space]
    return state.camp[space] == NOBODY and (
        t is Terrain.JUNGLE or (t is Terrain.TREASURE and not state.wafers[space])
    )


def check_camp(state: GameState, move: Camp) -> None:
    check_action_phase(state, move)
    p, s = state.to_act, move.space
    where = space_name(s)
    if state.camps_left[p] == 0:
        raise IllegalMove("You have established both your camps; each player has two per game.")
    if state.camp[s] != NOBODY:
        raise IllegalMove(f"{where} already has {_name(state, state.camp[s])}'s camp; one camp per hex.")
    if not campable(state, s):
        t = state.terrain[s]
        why = "its wafers are not all recovered" if t is Terrain.TREASURE else f"it is {_terrain_name(state, s)}"
        sites = [x for x in range(SPACE_COUNT) if campable(state, x)]
        raise IllegalMove(
            f"Camps go on jungle hexes or emptied treasure hexes; {where} is not possible: {why}. "
            f"Possible: {_spaces(sites)}."
        )
    afford(state, CAMP_AP, "a camp")


def do_camp(state: GameState, move: Camp) -> None:
    p = state.to_act
    state.camp[move.space] = p
    state.camps_left[p] -= 1
    state.ap -= CAMP_AP


def strongest_other(state: GameState, player: int, space: int) -> int:
    return max((state.strength(q, space) for q in range(len(state.players)) if q != player), default=0)


def check_guard(state: GameState, move: Guard) -> None:
    """Ruling 8's conditions (a gun's own conditions and its AP are ``engine.guns.check_gun``'s)."""
    check_action_phase(state, move)
    p, s = state.to_act, move.space
    where = space_name(s)
    if state.guards_left[p] == 0:
        raise IllegalMove("You have placed both your guards; each player has two per game.")
    if state.terrain[s] is not Terrain.TEMPLE:
        raise IllegalMove(f"Guards go on temples; {where} is {_terrain_name(state, s)}.")
    if state.guard[s] != NOBODY:
        raise IllegalMove(f"The temple on {where} is already guarded by {_name(state, state.guard[s])}.")
    mine, best = state.strength(p, s), strongest_other(state, p, s)
    if mine <= best:
        raise IllegalMove(
            f"To guard {where} your strength there must beat every other player's: you have {mine}, "
            f"the strongest other has {best} (leader 3, worker 1)."
        )
    if move.leader and state.leader[p] != s:
        raise IllegalMove(f"Your leader is not on {where}; `guard {where}` makes a worker the guard.")
    if not move.leader and state.workers[p][s] == 0:
        raise IllegalMove(f"You have no worker on {where}; `guard {where} leader` makes your leader the guard.")
    if not move.gun:
        afford(state, GUARD_AP, "a guard")


def do_guard(state: GameState, move: Guard) -> None:
    p, s = state.to_act, move.space
    staying = (0 if move.leader else 1) + (GUN_CREW if move.gun else 0)
    leaving = state.workers[p][s] - staying
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
    if move.gun:
        state.gun = (*state.gun[:s], p, *state.gun[s + 1:])
        state.fired = state.fired | {s}
        state.ap -= GUN_EXTRA_AP
        state._paths = {}


def _terrain_name(state: GameState, space: int) -> str:
    t = state.terrain[space]
    if t is None:
        return "unexplored"
    return {"basecamp": "the base camp", "temple": "a temple", "jungle": "jungle",
            "treasure": "a treasure hex", "volcano": "a volcano"}[t.value]



# ---------------------------------------------------------------------------------------------
# Bids and picks


def check_bid(state: GameState, move: Bid) -> None:
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


def check_pass(state: GameState, move: Pass) -> None:
    if state.phase is not Phase.BID:
        raise IllegalMove(_no_auction(state) + (" To finish your turn, use `end`." if state.phase in (
            Phase.ACTIONS, Phase.SCORING) else ""))


def check_pick(state: GameState, move: Pick) -> None:
    if state.phase is not Phase.PICK:
        if state.phase is Phase.BID:
            raise IllegalMove("The bidding is still open: bid or pass first.")
        raise IllegalMove("Nothing to pick now: hexagons are picked after winning an auction.")
    if move.index > len(state.shown):
        raise IllegalMove(f"Only {len(state.shown)} hexagons are shown: pick 1–{len(state.shown)}.")
