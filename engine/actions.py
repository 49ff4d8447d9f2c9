"""The actions of a turn: for each move type a check that raises ``IllegalMove`` with a message for a
person (the rule, and what would be legal), and a mutation that carries it out on a fresh clone."""

from __future__ import annotations

from typing import Final

from .board import BASE_CAMP, NEIGHBOURS, SPACE_COUNT, space_name
from .errors import IllegalMove
from .geometry import board_changed, legal_placements, path_costs, placement_legal, walk_cost
from .indiana import roll_for_level
from .members import (
    PHASE_ACTIONS,
    PHASE_BID,
    PHASE_DECLARE,
    PHASE_JUMP,
    PHASE_PICK,
    PHASE_PLACE,
    PHASE_SCORING,
    TERRAIN_JUNGLE,
    TERRAIN_TEMPLE,
    TERRAIN_TREASURE,
    TERRAIN_VOLCANO,
    VARIANT_BASIC,
)
from .messages import Msg, Param, counted, listed, treasure
from .moves import Bid, Camp, Deploy, Exchange, Guard, Move, Pass, Pick, Place, Recover, Transfer, Uncover, Walk
from .state import LEADER_GUARD, LEADER_REMOVED, LEADER_SUPPLY, NOBODY, GameState
from .tiles import HEXAGONS, ROTATED

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


def _figs(count: int, leader: bool) -> Msg:
    return Msg("figures.leader") if leader else counted("count.workers", count)


def _spaces(spaces: list[int], limit: int = 12) -> Param:
    return listed([space_name(s) for s in spaces], limit)


def _own_camps(state: GameState, player: int) -> list[int]:
    return [s for s in range(SPACE_COUNT) if state.camp[s] == player]


def camp_spaces(state: GameState, player: int) -> list[int]:
    return [BASE_CAMP, *_own_camps(state, player)]


def _own_camp(state: GameState, player: int, space: int) -> bool:
    """Whether ``space`` is one of ``camp_spaces``: the base camp or one of the player's camps."""
    return space == BASE_CAMP or state.camp[space] == player


def _has_figures(state: GameState, player: int, space: int, count: int, leader: bool) -> None:
    if leader:
        if state.leader[player] != space:
            raise IllegalMove("figures.leader_not_on", space=space_name(space), where=_leader_where(state, player))
    elif state.workers[player][space] < count:
        have = state.workers[player][space]
        raise IllegalMove("figures.too_few_on", have=counted("count.workers", have), space=space_name(space),
                          count=count)


def _leader_where(state: GameState, player: int) -> Msg:
    pos = state.leader[player]
    if pos == LEADER_SUPPLY:
        return Msg("leader.in_supply")
    if pos == LEADER_GUARD:
        return Msg("leader.guards")
    if pos == LEADER_REMOVED:
        return Msg("leader.removed")
    return Msg("leader.on", space=space_name(pos))


def afford(state: GameState, cost: int, doing: Msg, could: Msg | None = None) -> None:
    """Raise ``IllegalMove`` unless the player to act has ``cost`` AP; ``could`` says what would be affordable."""
    if cost > state.ap:
        if could is None:
            raise IllegalMove("ap.short", doing=doing, cost=cost, n=state.ap)
        raise IllegalMove("ap.short_could", doing=doing, cost=cost, n=state.ap, could=could)


# ---------------------------------------------------------------------------------------------
# Validation and application, one pair per move type


def check_action_phase(state: GameState, move: Move) -> None:
    """Raise ``IllegalMove`` unless the player to act is in a turn's actions (the hot checks test the phase
    themselves before calling this)."""
    if state.phase in (PHASE_ACTIONS, PHASE_SCORING):
        return
    if state.phase is PHASE_PLACE:
        spaces = sorted({s for s, _ in legal_placements(state)})
        raise IllegalMove("phase.place_first", spaces=_spaces(spaces))
    who = _name(state, state.to_act)
    if state.phase is PHASE_BID:
        raise IllegalMove("phase.bid_first", player=who)
    if state.phase is PHASE_DECLARE:
        raise IllegalMove("phase.declare_first", player=who)
    if state.phase is PHASE_JUMP:
        raise IllegalMove("phase.jump_first", player=who, most=min(5, state.chips[state.to_act]))
    raise IllegalMove("phase.pick_first", player=who)


def check_place(state: GameState, move: Place) -> None:
    if state.phase is not PHASE_PLACE or state.hand is None:
        if state.phase in (PHASE_ACTIONS, PHASE_SCORING):
            why = Msg("place.scoring_turn" if state.phase is PHASE_SCORING else "place.already")
            raise IllegalMove("place.not_now", why=why)
        check_action_phase(state, move)
    if placement_legal(state, move.space, move.rotation):
        return
    legal = legal_placements(state)
    if (move.space, move.rotation) in legal:
        return
    where = space_name(move.space)
    spaces = sorted({s for s, _ in legal})
    if state.explored[move.space]:
        why = Msg("place.explored", space=where)
    elif move.space not in spaces and not any(
        o >= 0 and state.explored[o] for o in NEIGHBOURS[move.space]
    ):
        why = Msg("place.not_adjacent", space=where)
    elif move.space not in spaces:
        why = Msg("place.no_stone", space=where)
    else:
        rotations = tuple(r for s, r in legal if s == move.space)
        raise IllegalMove("place.rotation", rotation=move.rotation, space=where, rotations=rotations)
    raise IllegalMove("place.illegal", space=where, why=why, spaces=_spaces(spaces))


def do_place(state: GameState, move: Place) -> None:
    assert state.hand is not None
    hexagon = HEXAGONS[state.hand]
    s = move.space
    explored, tile, terrain, rotation, stones = state.mutable_placement()
    explored[s] = True
    tile[s] = hexagon.id
    terrain[s] = hexagon.terrain
    rotation[s] = move.rotation
    stones[s] = ROTATED[hexagon.id][move.rotation]
    if hexagon.terrain is TERRAIN_TEMPLE:
        state.mutable("value")[s] = hexagon.value
    elif hexagon.terrain is TERRAIN_TREASURE:
        end = state.wafer_pos + hexagon.value
        state.mutable("wafers")[s] = state.setup.treasure_order[state.wafer_pos:end]
        state.wafer_pos = end
    state.hand = None
    state.phase = PHASE_ACTIONS
    board_changed(state, (s,))


def check_deploy(state: GameState, move: Deploy) -> None:
    if state.phase is not PHASE_ACTIONS and state.phase is not PHASE_SCORING:
        check_action_phase(state, move)
    p = state.to_act
    if move.space != BASE_CAMP and state.camp[move.space] != p:
        owner = state.camp[move.space]
        where = space_name(move.space)
        why = Msg("deploy.others_camp", space=where, owner=_name(state, owner)) if owner >= 0 else (
            Msg("deploy.not_camp", space=where))
        raise IllegalMove("deploy.wrong_space", why=why, spaces=_spaces(camp_spaces(state, p)))
    if move.leader:
        if state.leader[p] != LEADER_SUPPLY:
            raise IllegalMove("deploy.leader_not_in_supply", where=_leader_where(state, p))
    elif state.supply[p] < move.count:
        raise IllegalMove("deploy.supply_short", have=counted("count.workers", state.supply[p]), count=move.count)
    if move.count > state.ap:
        most = min(state.supply[p], state.ap)
        afford(state, move.count, Msg("doing.deploy", figures=_figs(move.count, move.leader)),
               Msg("could.deploy", n=most) if most and not move.leader else None)


def do_deploy(state: GameState, move: Deploy) -> None:
    p = state.to_act
    if move.leader:
        state.mutable("leader")[p] = move.space
    else:
        state.mutable_supply()[p] -= move.count
        state.mutable_workers(p)[move.space] += move.count
    state.ap -= move.count


def check_transfer(state: GameState, move: Transfer) -> None:
    if state.phase is not PHASE_ACTIONS and state.phase is not PHASE_SCORING:
        check_action_phase(state, move)
    p = state.to_act
    source, target = move.source, move.target
    if source == target or not _own_camp(state, p, source) or not _own_camp(state, p, target):
        camps = camp_spaces(state, p)
        if len(camps) == 1:
            raise IllegalMove("transfer.no_camp")
        raise IllegalMove("transfer.wrong_spaces", spaces=_spaces(camps))
    _has_figures(state, p, source, move.count, move.leader)
    if move.count > state.ap:
        afford(state, move.count, Msg("doing.transfer", figures=_figs(move.count, move.leader)),
               Msg("could.transfer", n=min(state.ap, state.workers[p][source])) if state.ap else None)


def do_walk_or_transfer(state: GameState, move: Transfer | Walk, each: int) -> None:
    p = state.to_act
    if move.leader:
        state.mutable("leader")[p] = move.target
    else:
        row = state.mutable_workers(p)
        row[move.source] -= move.count
        row[move.target] += move.count
    state.ap -= each * move.count


def check_walk(state: GameState, move: Walk) -> int:
    """Raise ``IllegalMove`` unless the player to act may make the walk; return its cost per figure."""
    if state.phase is not PHASE_ACTIONS and state.phase is not PHASE_SCORING:
        check_action_phase(state, move)
    p = state.to_act
    if move.source == move.target:
        raise IllegalMove("move.same_space", space=space_name(move.source))
    _has_figures(state, p, move.source, move.count, move.leader)
    if move.count > 0:
        cost = walk_cost(state, move.source, move.target, p, state.ap // move.count)
        if cost is not None:
            return cost
    cost = path_costs(state, move.source, p).get(move.target)
    if cost is not None and cost * move.count <= state.ap:
        return cost
    src, dst = space_name(move.source), space_name(move.target)
    if cost is None:
        raise IllegalMove("move.no_path", source=src, target=dst, why=_no_path_reason(state, move.target, p))
    figures = Msg("figures.leader") if move.leader else counted("count.figures", move.count)
    could = min(state.ap // cost, state.workers[p][move.source])
    alt = Msg("could.move", figures=counted("count.figures", could), ap=could * cost) if could and not move.leader \
        else None
    afford(state, cost * move.count, Msg("doing.move", figures=figures, source=src, target=dst), alt)
    raise AssertionError("afford raises when the walk costs more than the AP left")


def _no_path_reason(state: GameState, target: int, player: int) -> Msg:
    dst = space_name(target)
    if not state.explored[target]:
        return Msg("path.unexplored", space=dst)
    if state.terrain[target] is TERRAIN_VOLCANO:
        return Msg("path.volcano", space=dst)
    owner = state.gun[target]
    if owner != NOBODY and owner != player:
        return Msg("path.gun", space=dst, owner=_name(state, owner))
    if state.guns_mounted:
        return Msg("path.guns_in_way", space=dst)
    return Msg("path.no_stones", space=dst)


def uncover_most(state: GameState, player: int, space: int) -> int:
    """How many more levels the player may uncover on this temple now (``uncover_limit``'s number)."""
    used = state.uncovered.get(space, 0)
    tiles = 0
    top = state.value[space]
    while tiles < PER_TURN_LIMIT and state.temple_supply.get(top + tiles + 1, 0) > 0:
        tiles += 1
    n = min(PER_TURN_LIMIT - used, state.figures_at(player, space) - used, tiles, state.ap // UNCOVER_AP)
    return n if n > 0 else 0


def uncover_limit(state: GameState, player: int, space: int) -> tuple[int, Msg]:
    """How many more levels the player may uncover on this temple now, and why not more."""
    used = state.uncovered.get(space, 0)
    figures = state.figures_at(player, space)
    tiles = 0
    top = state.value[space]
    while tiles < PER_TURN_LIMIT and state.temple_supply.get(top + tiles + 1, 0) > 0:
        tiles += 1
    have = counted("count.figures", figures)
    limits = [
        (PER_TURN_LIMIT - used, Msg("uncover.per_turn", n=PER_TURN_LIMIT, used=used)),
        (figures - used, Msg("uncover.figures_used", figures=have, used=used) if used
         else Msg("uncover.figures", figures=have)),
        # With tiles for a whole turn's levels this limit is never the first lowest, so it needs no reason.
        *([(tiles, Msg("uncover.no_tile", value=top + tiles + 1))] if tiles < PER_TURN_LIMIT else []),
        (state.ap // UNCOVER_AP, Msg("uncover.ap", cost=UNCOVER_AP, ap=state.ap)),
    ]
    n, why = min(limits, key=lambda x: x[0])
    return max(n, 0), why


def check_uncover(state: GameState, move: Uncover) -> None:
    check_action_phase(state, move)
    p, s = state.to_act, move.space
    if state.terrain[s] is not TERRAIN_TEMPLE:
        raise IllegalMove("uncover.not_temple", space=space_name(s), terrain=_terrain_name(state, s))
    if state.guard[s] != NOBODY:
        raise IllegalMove("uncover.guarded", space=space_name(s), guard=_name(state, state.guard[s]))
    if move.count <= uncover_most(state, p, s):
        return
    limit, why = uncover_limit(state, p, s)
    if move.count > limit:
        levels = counted("count.levels", move.count)
        if limit:
            raise IllegalMove("uncover.refused_could", levels=levels, space=space_name(s), why=why, could=limit)
        raise IllegalMove("uncover.refused", levels=levels, space=space_name(s), why=why)


def do_uncover(state: GameState, move: Uncover) -> None:
    supply, value = state.mutable("temple_supply"), state.mutable("value")
    for _ in range(move.count):
        top = value[move.space] + 1
        supply[top] -= 1
        value[move.space] = top
        roll_for_level(state, state.to_act, move.space)
    uncovered = state.mutable("uncovered")
    uncovered[move.space] = uncovered.get(move.space, 0) + move.count
    state.ap -= UNCOVER_AP * move.count


def recover_most(state: GameState, player: int, space: int) -> int:
    """How many more wafers the player may recover on this hex now (``recover_limit``'s number)."""
    used = state.recovered.get(space, 0)
    n = min(PER_TURN_LIMIT - used, state.figures_at(player, space) - used, len(state.wafers[space]),
            state.ap // RECOVER_AP)
    return n if n > 0 else 0


def recover_limit(state: GameState, player: int, space: int) -> tuple[int, Msg]:
    used = state.recovered.get(space, 0)
    figures = state.figures_at(player, space)
    have = counted("count.figures", figures)
    limits = [
        (PER_TURN_LIMIT - used, Msg("recover.per_turn", n=PER_TURN_LIMIT, used=used)),
        (figures - used, Msg("recover.figures_used", figures=have, used=used) if used
         else Msg("recover.figures", figures=have)),
        (len(state.wafers[space]), Msg("recover.left", wafers=counted("count.wafers", len(state.wafers[space])))),
        (state.ap // RECOVER_AP, Msg("recover.ap", cost=RECOVER_AP, ap=state.ap)),
    ]
    n, why = min(limits, key=lambda x: x[0])
    return max(n, 0), why


def check_recover(state: GameState, move: Recover) -> None:
    check_action_phase(state, move)
    s = move.space
    if state.terrain[s] is not TERRAIN_TREASURE:
        raise IllegalMove("recover.not_treasure", space=space_name(s), terrain=_terrain_name(state, s))
    if not state.wafers[s]:
        raise IllegalMove("recover.empty", space=space_name(s))
    if move.count <= recover_most(state, state.to_act, s):
        return
    limit, why = recover_limit(state, state.to_act, s)
    if move.count > limit:
        wafers = counted("count.wafers", move.count)
        if limit:
            raise IllegalMove("recover.refused_could", wafers=wafers, space=space_name(s), why=why, could=limit)
        raise IllegalMove("recover.refused", wafers=wafers, space=space_name(s), why=why)


def do_recover(state: GameState, move: Recover) -> None:
    p, s = state.to_act, move.space
    wafers = state.mutable("wafers")
    got, wafers[s] = wafers[s][: move.count], wafers[s][move.count:]
    held = state.mutable_treasures(p)
    for kind in got:
        held[kind] = held.get(kind, 0) + 1
    recovered = state.mutable("recovered")
    recovered[s] = recovered.get(s, 0) + move.count
    state.ap -= RECOVER_AP * move.count


def singles(state: GameState, player: int) -> list[str]:
    return sorted(k for k, n in state.treasures[player].items() if n == 1)


def find_player(state: GameState, name: str) -> int:
    players = state.setup.players
    if name in players:  # seats differ ignoring case, so a seat spelt exactly is the only one
        return players.index(name)
    wanted = name.lower()
    for i, seat in enumerate(players):
        if seat.lower() == wanted:
            return i
    raise IllegalMove("player.unknown", name=name, players=tuple(state.players))


def check_exchange(state: GameState, move: Exchange) -> None:
    check_action_phase(state, move)
    p = state.to_act
    other = find_player(state, move.player)
    if other == p:
        raise IllegalMove("exchange.self")
    mine, theirs = singles(state, p), singles(state, other)
    if move.give not in mine:
        raise IllegalMove("exchange.give_single", singles=listed([treasure(k) for k in mine]))
    if move.take not in theirs:
        raise IllegalMove("exchange.take_single", player=state.players[other],
                          singles=listed([treasure(k) for k in theirs]))
    if move.give == move.take:
        raise IllegalMove("exchange.same_kind")
    if state.ap < EXCHANGE_AP:
        afford(state, EXCHANGE_AP, Msg("doing.exchange"))


def do_exchange(state: GameState, move: Exchange) -> None:
    p = state.to_act
    other = find_player(state, move.player)
    mine, theirs = state.mutable_treasures(p), state.mutable_treasures(other)
    del mine[move.give]
    mine[move.take] = mine.get(move.take, 0) + 1
    del theirs[move.take]
    theirs[move.give] = theirs.get(move.give, 0) + 1
    state.ap -= EXCHANGE_AP


def campable(state: GameState, space: int) -> bool:
    t = state.terrain[space]
    return state.camp[space] == NOBODY and (
        t is TERRAIN_JUNGLE or (t is TERRAIN_TREASURE and not state.wafers[space])
    )


def check_camp(state: GameState, move: Camp) -> None:
    check_action_phase(state, move)
    p, s = state.to_act, move.space
    if state.camps_left[p] == 0:
        raise IllegalMove("camp.none_left")
    if state.camp[s] != NOBODY:
        raise IllegalMove("camp.taken", space=space_name(s), owner=_name(state, state.camp[s]))
    if not campable(state, s):
        t = state.terrain[s]
        why = Msg("camp.wafers_left") if t is TERRAIN_TREASURE else Msg("camp.terrain",
                                                                        terrain=_terrain_name(state, s))
        sites = [x for x in range(SPACE_COUNT) if campable(state, x)]
        raise IllegalMove("camp.wrong_space", space=space_name(s), why=why, spaces=_spaces(sites))
    if state.ap < CAMP_AP:
        afford(state, CAMP_AP, Msg("doing.camp"))


def do_camp(state: GameState, move: Camp) -> None:
    p = state.to_act
    state.mutable("camp")[move.space] = p
    state.mutable("camps_left")[p] -= 1
    state.ap -= CAMP_AP


def strongest_other(state: GameState, player: int, space: int) -> int:
    """Return the greatest strength of any other single player on ``space`` (0 if none)."""
    best = 0
    for q in range(len(state.players)):
        if q != player:
            strength = state.workers[q][space] + (3 if state.leader[q] == space else 0)
            if strength > best:
                best = strength
    return best


def check_guard(state: GameState, move: Guard) -> None:
    """Ruling 8's conditions (a gun's own conditions and its AP are ``engine.guns.check_gun``'s)."""
    check_action_phase(state, move)
    p, s = state.to_act, move.space
    if state.guards_left[p] == 0:
        raise IllegalMove("guard.none_left")
    if state.terrain[s] is not TERRAIN_TEMPLE:
        raise IllegalMove("guard.not_temple", space=space_name(s), terrain=_terrain_name(state, s))
    if state.guard[s] != NOBODY:
        raise IllegalMove("guard.taken", space=space_name(s), guard=_name(state, state.guard[s]))
    mine, best = state.strength(p, s), strongest_other(state, p, s)
    if mine <= best:
        raise IllegalMove("guard.too_weak", space=space_name(s), mine=mine, best=best)
    if move.leader and state.leader[p] != s:
        raise IllegalMove("guard.no_leader", space=space_name(s))
    if not move.leader and state.workers[p][s] == 0:
        raise IllegalMove("guard.no_worker", space=space_name(s))
    if not move.gun and state.ap < GUARD_AP:
        afford(state, GUARD_AP, Msg("doing.guard"))


def do_guard(state: GameState, move: Guard) -> None:
    p, s = state.to_act, move.space
    staying = (0 if move.leader else 1) + (GUN_CREW if move.gun else 0)
    leaving = state.workers[p][s] - staying
    if state.leader[p] == s:
        if move.leader:
            state.mutable("leader")[p] = LEADER_GUARD
        else:
            state.mutable("leader")[p] = LEADER_REMOVED
            leaving += 1
    state.mutable_workers(p)[s] = 0
    state.mutable("removed")[p] += leaving
    state.mutable("guard")[s] = p
    state.mutable("guards_left")[p] -= 1
    state.ap -= GUARD_AP
    if move.gun:
        state.gun = (*state.gun[:s], p, *state.gun[s + 1:])
        state.fired = state.fired | {s}
        state.ap -= GUN_EXTRA_AP
        board_changed(state)


def _terrain_name(state: GameState, space: int) -> Msg:
    t = state.terrain[space]
    return Msg("terrain.unexplored" if t is None else f"terrain.{t.value}")


# ---------------------------------------------------------------------------------------------
# Bids and picks


def check_bid(state: GameState, move: Bid) -> None:
    if state.phase is not PHASE_BID:
        raise IllegalMove(_no_auction(state))
    p = state.to_act
    low, high = state.high_bid + 1, state.score[p]
    if not low <= move.count <= high:
        if low > high:
            raise IllegalMove("bid.cannot_outbid", high=state.high_bid, score=high)
        raise IllegalMove("bid.range", high=state.high_bid, score=high, low=low)


def _no_auction(state: GameState) -> str:
    """The code of the message that says there is no bidding now."""
    if state.phase is PHASE_PICK:
        return "auction.over"
    if state.variant is VARIANT_BASIC:
        return "auction.basic"
    return "auction.none_now"


def check_pass(state: GameState, move: Pass) -> None:
    if state.phase is not PHASE_BID:
        if state.phase in (PHASE_ACTIONS, PHASE_SCORING):
            raise IllegalMove("pass.use_end", why=Msg(_no_auction(state)))
        raise IllegalMove(_no_auction(state))


def check_pick(state: GameState, move: Pick) -> None:
    if state.phase is not PHASE_PICK:
        if state.phase is PHASE_BID:
            raise IllegalMove("pick.bidding_open")
        raise IllegalMove("pick.nothing")
    if move.index > len(state.shown):
        raise IllegalMove("pick.range", n=len(state.shown))
