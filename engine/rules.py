"""The rules' entry points: apply a move, list the legal moves, the moves of an absent player.

Every function here is pure: a state is never changed, ``apply`` returns a new one. Errors are
``EngineError`` subclasses whose message names the rule and says what would be legal. The checks
and mutations per action are in ``engine.actions``, the turn and auction flow in ``engine.flow``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Final

from . import actions, guns, obstacles, rapido
from .actions import (
    CAMP_AP,
    EXCHANGE_AP,
    GUARD_AP,
    RECOVER_AP,
    UNCOVER_AP,
    camp_spaces,
    campable,
    find_player,
    recover_limit,
    singles,
    strongest_other,
    uncover_limit,
)
from .board import SPACE_COUNT
from .errors import GameOver, IllegalMove, NotYourTurn, StaleState
from .flow import declare, end_normal_turn, end_scoring_turn, finish_game, next_bidder, pick, score_now
from .flow import start_game as start_basic_or_auction
from .geometry import border_cost, legal_placements, path_costs
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
    not_in_game,
    parse_move,
)
from .options import Option, option_words
from .state import LEADER_SUPPLY, NOBODY, GameState, Phase, Stage, Variant
from .tiles import Terrain

__all__ = [
    "CAMP_AP", "EXCHANGE_AP", "GUARD_AP", "RECOVER_AP", "UNCOVER_AP", "LegalMove", "absent_moves", "apply",
    "border_cost", "is_legal", "legal_moves", "legal_placements", "path_costs", "score_now", "start_game",
    "validate",
]


# ---------------------------------------------------------------------------------------------
# The one entry point that changes anything


_ACTIONS: Final = (Place, Deploy, Transfer, Walk, Uncover, Recover, Exchange, Camp, Guard, Obstacle, Fire)
"""Moves that are actions of a turn: they go into ``turn_moves`` and, unless final, can be undone."""


def _final(state: GameState, move: Move) -> bool:
    """Whether an action cannot be taken back (ruling 12 and SPEC 7.2.3, 7.6.3, 7.6.5)."""
    if isinstance(move, Recover):
        return True
    if isinstance(move, Uncover) and state.setup.rolls:
        return True
    return state.stage in (Stage.PLACING, Stage.JUMPS)


def _apply_action(state: GameState, move: Move) -> GameState:
    """Validate ``move`` for the player to act and return the state after it (version unchanged)."""
    if isinstance(move, Undo):
        return _undo(state)
    _check(state, move)
    if isinstance(move, Exchange | Fire):
        move = replace(move, player=state.players[find_player(state, move.player)])
    new = state.clone()
    if isinstance(move, _ACTIONS):
        new.turn_moves = (*state.turn_moves, str(move))
        if _final(state, move):
            new.undo_base, new.undo_moves = None, ()
        else:
            if not state.undo_moves:
                new.undo_base = state
            new.undo_moves = (*state.undo_moves, move)
    _mutate(new, move)
    return new


def _check(state: GameState, move: Move) -> None:
    """Raise the ``IllegalMove`` that forbids ``move`` now, if any."""
    match move:
        case Place():
            actions.check_place(state, move)
        case Deploy():
            actions.check_deploy(state, move)
        case Transfer():
            actions.check_transfer(state, move)
        case Walk():
            actions.check_walk(state, move)
        case Uncover():
            actions.check_uncover(state, move)
        case Recover():
            actions.check_recover(state, move)
        case Exchange():
            actions.check_exchange(state, move)
        case Camp():
            actions.check_camp(state, move)
        case Guard():
            actions.check_guard(state, move)
            if move.gun:
                guns.check_gun(state, move)
        case Obstacle():
            obstacles.check_obstacle(state, move)
        case Fire():
            guns.check_fire(state, move)
        case Bid():
            actions.check_bid(state, move)
        case Pass():
            actions.check_pass(state, move)
        case Pick():
            actions.check_pick(state, move)
        case Jump():
            check_jump(state, move)
        case Declare():
            check_declare(state, move)
        case End():
            if state.phase not in (Phase.ACTIONS, Phase.SCORING):
                actions.check_action_phase(state, move)
        case Undo():
            pass


def _mutate(state: GameState, move: Move) -> None:
    """Carry out a validated move on a fresh clone."""
    slot = rapido.in_slot(state)
    match move:
        case Place():
            actions.do_place(state, move)
            if state.final_placement:
                finish_game(state)
            elif state.stage is Stage.PLACING:
                rapido.after_place(state, move.space)
        case Deploy():
            actions.do_deploy(state, move)
        case Transfer():
            actions.do_walk_or_transfer(state, move, 1)
        case Walk():
            cost = path_costs(state, move.source, state.to_act)[move.target]
            actions.do_walk_or_transfer(state, move, cost)
        case Uncover():
            actions.do_uncover(state, move)
        case Recover():
            actions.do_recover(state, move)
        case Exchange():
            actions.do_exchange(state, move)
        case Camp():
            actions.do_camp(state, move)
        case Guard():
            actions.do_guard(state, move)
        case Obstacle():
            obstacles.do_obstacle(state, move)
        case Fire():
            guns.do_fire(state, move)
        case End():
            _end(state)
            return
        case Bid():
            state.high_bid, state.high_bidder = move.count, state.to_act
            next_bidder(state)
        case Pass():
            state.passed[state.to_act] = True
            if state.first_passer == NOBODY:
                state.first_passer = state.to_act
            next_bidder(state)
        case Pick():
            if state.variant is Variant.RAPIDO:
                rapido.pick(state, move)
            else:
                pick(state, move)
        case Jump():
            rapido.choose(state, move)
        case Declare():
            declare(state, move)
        case Undo():
            raise AssertionError("undo is not a mutation")
    if slot:
        rapido.end_slot(state)


def _end(state: GameState) -> None:
    if state.phase is Phase.SCORING:
        end_scoring_turn(state)
    elif state.variant is not Variant.RAPIDO:
        end_normal_turn(state)
    elif rapido.in_slot(state):
        rapido.end_slot(state)
    else:
        rapido.end_extra_turn(state)


def check_jump(state: GameState, move: Jump) -> None:
    """Raise ``IllegalMove`` unless the player to act may take ``move.count`` chips into the jump."""
    if state.phase is not Phase.JUMP:
        raise IllegalMove("jump.not_now")
    most = rapido.most_chips(state, state.to_act)
    if move.count > most:
        raise IllegalMove("jump.range", most=most, chips=state.chips[state.to_act])


def check_declare(state: GameState, move: Declare) -> None:
    """Raise ``IllegalMove`` unless the player to act declares whether its volcano scores."""
    if state.phase is not Phase.DECLARE:
        raise IllegalMove("declare.not_now")


def _undo(state: GameState) -> GameState:
    if state.phase not in (Phase.ACTIONS, Phase.SCORING, Phase.PLACE) or not state.undo_moves:
        if state.phase in (Phase.BID, Phase.PICK):
            raise IllegalMove("undo.auction")
        if state.phase in (Phase.JUMP, Phase.DECLARE):
            raise IllegalMove("undo.jump")
        if state.stage in (Stage.PLACING, Stage.JUMPS):
            raise IllegalMove("undo.rapido")
        if state.turn_moves:
            raise IllegalMove("undo.dice" if state.setup.rolls else "undo.wafer")
        raise IllegalMove("undo.nothing")
    assert state.undo_base is not None
    s = state.undo_base.clone()
    for m in state.undo_moves[:-1]:
        s = _apply_action(s, m)
    return s


def start_game(state: GameState) -> None:
    """Begin play on a blank state (seat 1 acts first): used by ``engine.new_game``."""
    if state.variant is Variant.RAPIDO:
        rapido.start_game(state)
    else:
        start_basic_or_auction(state)


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
        raise StaleState("state.stale", version=state.version, expected=expected_version)
    if isinstance(move, str):
        move = parse_move(move)
    if isinstance(move, Obstacle | Fire | Jump | Declare) or (isinstance(move, Guard) and move.gun):
        unknown = not_in_game(move, game_words(state))
        if unknown is not None:
            raise unknown
    if state.phase is Phase.FINISHED:
        raise GameOver("game.over")
    if player is not None and player != state.to_act:
        raise NotYourTurn("turn.not_yours", player=state.players[state.to_act])
    new = _apply_action(state, move)
    new.version = state.version + 1
    if isinstance(move, Exchange | Fire):
        move = replace(move, player=state.players[find_player(state, move.player)])
    new.log = (*state.log, str(move))
    return new


def game_words(state: GameState) -> tuple[str, ...]:
    """Return the words of SPEC 7.0.3 that are verbs in this game."""
    return option_words(state.setup.options, state.variant.value)


def validate(state: GameState, move: Move | str) -> Move:
    """Check a move without keeping its result. Returns the move in canonical form (an exchange names
    the seat as the game spells it); raises like ``apply``."""
    if isinstance(move, str):
        move = parse_move(move)
    apply(state, move)
    if isinstance(move, Exchange | Fire):
        move = replace(move, player=state.players[find_player(state, move.player)])
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


Counted = Deploy | Transfer | Walk | Uncover | Recover | Bid | Jump


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


def legal_moves(state: GameState) -> list[LegalMove]:
    """Return every legal move of the player to act (empty once the game is finished).

    Exact: every listed move applies and every move that applies is listed. Counted moves are one
    entry per range of counts (see ``LegalMove``); obstacles one entry per border.
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
    if phase is Phase.DECLARE:
        return [LegalMove(Declare(True), 1, 0), LegalMove(Declare(False), 1, 0)]
    if phase is Phase.JUMP:
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
        if not row[src] and at_leader != src:
            continue
        for dst, cost in path_costs(state, src, p).items():
            if dst == src or cost > ap:
                continue
            if row[src]:
                out.append(LegalMove(Walk(src, dst, 1), min(row[src], ap // cost), cost))
            if at_leader == src:
                out.append(LegalMove(Walk(src, dst, 1, True), 1, cost))
    has_guns = state.setup.has(Option.GUNS)
    for s in range(SPACE_COUNT):
        t = state.terrain[s]
        if t is Terrain.TEMPLE and state.guard[s] == NOBODY:
            if ap >= UNCOVER_AP:
                k, _ = uncover_limit(state, p, s)
                if k:
                    out.append(LegalMove(Uncover(s, 1), k, UNCOVER_AP))
            if ap >= GUARD_AP and state.guards_left[p] and state.strength(p, s) > strongest_other(state, p, s):
                _guard_moves(state, s, has_guns, out)
        elif t is Terrain.TREASURE and state.wafers[s] and ap >= RECOVER_AP:
            k, _ = recover_limit(state, p, s)
            if k:
                out.append(LegalMove(Recover(s, 1), k, RECOVER_AP))
        if ap >= CAMP_AP and state.camps_left[p] and campable(state, s):
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
    if ap >= obstacles.OBSTACLE_AP and state.setup.has(Option.OBSTACLES):
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
    while s.to_act == seat and s.phase is not Phase.FINISHED and len(out) < 24:
        if s.phase is Phase.PLACE:
            space, rotation = legal_placements(s)[0]
            move: Move = Place(space, rotation)
        elif s.phase is Phase.BID:
            move = Pass()
        elif s.phase is Phase.PICK:
            move = Pick(1)
        elif s.phase is Phase.DECLARE:
            move = Declare(True)
        elif s.phase is Phase.JUMP:
            move = Jump(rapido.most_chips(s, seat))
        else:
            move = End()
        out.append(move)
        s = apply(s, move)
    return out
