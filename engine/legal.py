"""Legal moves: what the player to act may do now, exactly (``legal_moves``), and what an absent
player does (``absent_moves``, SPEC ruling 14 and 7.6.9).

``legal_moves`` lists exactly the moves ``engine.rules.apply`` accepts: counted moves as one entry per
range of counts (``LegalMove``), obstacles once per border.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

from . import guns, obstacles, rapido
from .actions import (
    CAMP_AP,
    EXCHANGE_AP,
    GUARD_AP,
    RECOVER_AP,
    UNCOVER_AP,
    camp_spaces,
    recover_most,
    singles,
    strongest_other,
    uncover_most,
)
from .board import SPACE_COUNT
from .geometry import legal_placements, path_costs
from .members import (
    OPTION_GUNS,
    OPTION_OBSTACLES,
    PHASE_BID,
    PHASE_DECLARE,
    PHASE_FINISHED,
    PHASE_JUMP,
    PHASE_PICK,
    PHASE_PLACE,
    TERRAIN_JUNGLE,
    TERRAIN_TEMPLE,
    TERRAIN_TREASURE,
)
from .moves import (
    COUNTED,
    Bid,
    Camp,
    Declare,
    Deploy,
    End,
    Exchange,
    Fire,
    Guard,
    Jump,
    Move,
    Obstacle,
    Pass,
    Pick,
    Place,
    Recover,
    Transfer,
    Uncover,
    Undo,
    Walk,
)
from .rules import apply
from .state import LEADER_SUPPLY, NOBODY, GameState
from .values import quick_init

Counted = Deploy | Transfer | Walk | Uncover | Recover | Bid | Jump


def _ranged(move: Move) -> Counted | None:
    """Return the move if one legal-move entry may stand for a range of its counts."""
    if isinstance(move, COUNTED) and not getattr(move, "leader", False):
        return move
    return None


@quick_init
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
        if isinstance(move, Exchange | Fire) and isinstance(self.move, Exchange | Fire):
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


_WALKS: list[list[Walk | None]] = [[None] * SPACE_COUNT for _ in range(SPACE_COUNT)]
"""``_WALKS[source][target]``: the walk of one worker, made once (a move is a value): ``legal_moves`` lists dozens."""


def _walk(source: int, target: int) -> Walk:
    walk = _WALKS[source][target] = Walk(source, target, 1)
    return walk


def legal_moves(state: GameState) -> list[LegalMove]:
    """Return every legal move of the player to act (empty once the game is finished).

    Exact: every listed move applies and every move that applies is listed. Counted moves are one
    entry per range of counts (see ``LegalMove``); obstacles one entry per border.
    """
    phase = state.phase
    out: list[LegalMove] = []
    if phase is PHASE_FINISHED:
        return out
    if phase is PHASE_PLACE:
        return [LegalMove(Place(s, r), 1, 0) for s, r in legal_placements(state)]
    if phase is PHASE_BID:
        low, high = state.high_bid + 1, state.score[state.to_act]
        if low <= high:
            out.append(LegalMove(Bid(low), high, 0))
        out.append(LegalMove(Pass(), 1, 0))
        return out
    if phase is PHASE_PICK:
        return [LegalMove(Pick(k), 1, 0) for k in range(1, len(state.shown) + 1)]
    if phase is PHASE_DECLARE:
        return [LegalMove(Declare(True), 1, 0), LegalMove(Declare(False), 1, 0)]
    if phase is PHASE_JUMP:
        return [LegalMove(Jump(1), rapido.most_chips(state, state.to_act), 0)]
    _action_moves(state, out)
    out.append(LegalMove(End(), 1, 0))
    if state.undo_moves:
        out.append(LegalMove(Undo(), 1, 0))
    return out


def _action_moves(state: GameState, out: list[LegalMove]) -> None:
    """Append the AP-spending moves of the player to act (a normal, scoring or Rápido turn)."""
    p, ap = state.to_act, state.ap
    camps = camp_spaces(state, p)
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
        here, leader_here = row[src], at_leader == src
        if not here and not leader_here:
            continue
        walks = _WALKS[src]
        for dst, cost in path_costs(state, src, p).items():
            if cost > ap or dst == src:
                continue
            if here:
                most = ap // cost
                walk = walks[dst] or _walk(src, dst)
                out.append(LegalMove(walk, here if here < most else most, cost))
            if leader_here:
                out.append(LegalMove(Walk(src, dst, 1, True), 1, cost))
    has_guns = state.setup.has(OPTION_GUNS)
    terrain, guard, wafers, camp = state.terrain, state.guard, state.wafers, state.camp
    may_camp = ap >= CAMP_AP and state.camps_left[p]
    for s in range(SPACE_COUNT):
        t = terrain[s]
        if t is TERRAIN_TEMPLE:
            if guard[s] == NOBODY:
                if ap >= UNCOVER_AP:
                    k = uncover_most(state, p, s)
                    if k:
                        out.append(LegalMove(Uncover(s, 1), k, UNCOVER_AP))
                if ap >= GUARD_AP and state.guards_left[p] and state.strength(p, s) > strongest_other(state, p, s):
                    _guard_moves(state, s, has_guns, out)
        elif t is TERRAIN_TREASURE:
            if wafers[s]:
                if ap >= RECOVER_AP:
                    k = recover_most(state, p, s)
                    if k:
                        out.append(LegalMove(Recover(s, 1), k, RECOVER_AP))
            elif may_camp and camp[s] == NOBODY:  # campable: a treasure hexagon without wafers
                out.append(LegalMove(Camp(s), 1, CAMP_AP))
        elif t is TERRAIN_JUNGLE and may_camp and camp[s] == NOBODY:  # campable: a jungle
            out.append(LegalMove(Camp(s), 1, CAMP_AP))
    if ap >= EXCHANGE_AP:
        mine = singles(state, p)
        for q in range(len(state.players)):
            if q == p:
                continue
            for take in singles(state, q):
                for give in mine:
                    if give != take:
                        out.append(LegalMove(Exchange(give, state.players[q], take), 1, EXCHANGE_AP))
    if ap >= obstacles.OBSTACLE_AP and state.setup.has(OPTION_OBSTACLES):
        for a, b in obstacles.open_borders(state):
            if obstacles.free_worker(state, p, a) or obstacles.free_worker(state, p, b):
                out.append(LegalMove(Obstacle(a, b), 1, obstacles.OBSTACLE_AP))
    if ap >= guns.FIRE_AP and state.guns_mounted:
        for s in guns.guns_of(state, p):
            if s not in state.fired:
                for q in range(len(state.players)):
                    if q != p and state.workers[q][s]:
                        out.append(LegalMove(Fire(s, state.players[q]), 1, guns.FIRE_AP))


def _guard_moves(state: GameState, s: int, has_guns: bool, out: list[LegalMove]) -> None:
    p, ap = state.to_act, state.ap
    workers = state.workers[p][s]
    for leader in (False, True):
        if (state.leader[p] == s) if leader else workers:
            out.append(LegalMove(Guard(s, leader), 1, GUARD_AP))
            if has_guns and ap >= guns.GUN_AP and workers >= guns.crew_needed(state, p, s, leader):
                out.append(LegalMove(Guard(s, leader, True), 1, guns.GUN_AP))


def absent_moves(state: GameState) -> list[Move]:
    """Return the moves SPEC ruling 14 (and 7.6.9) makes for the player to act when that player is absent.

    They take the seat through its current obligation (a turn, a scoring turn, a bid, a pick and
    the turn that follows it, a declaration, a jump's choice or slot) until someone else acts or the
    game ends. Empty once finished.
    """
    seat = state.to_act
    out: list[Move] = []
    s = state
    while s.to_act == seat and s.phase is not PHASE_FINISHED and len(out) < 24:
        if s.phase is PHASE_PLACE:
            space, rotation = legal_placements(s)[0]
            move: Move = Place(space, rotation)
        elif s.phase is PHASE_BID:
            move = Pass()
        elif s.phase is PHASE_PICK:
            move = Pick(1)
        elif s.phase is PHASE_DECLARE:
            move = Declare(True)
        elif s.phase is PHASE_JUMP:
            move = Jump(rapido.most_chips(s, seat))
        else:
            move = End()
        out.append(move)
        s = apply(s, move)
    return out
