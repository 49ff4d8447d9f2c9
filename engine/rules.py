"""The rules' entry point: apply a move (``apply``, ``validate``, ``is_legal``); the legal moves are in
``engine.legal``.

Every function here is pure: a state is never changed, ``apply`` returns a new one. Errors are
``EngineError`` subclasses whose message names the rule and says what would be legal. The checks
and mutations per action are in ``engine.actions``, the turn and auction flow in ``engine.flow``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from . import actions, guns, obstacles, rapido
from .actions import (
    CAMP_AP,
    EXCHANGE_AP,
    GUARD_AP,
    RECOVER_AP,
    UNCOVER_AP,
    find_player,
)
from .errors import GameOver, IllegalMove, NotYourTurn, StaleState
from .flow import declare, end_normal_turn, end_scoring_turn, finish_game, next_bidder, pick, score_now
from .flow import start_game as start_basic_or_auction
from .geometry import border_cost, legal_placements, path_costs
from .moves import (
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
from .options import option_words
from .state import NOBODY, GameState, Phase, Stage, Variant

__all__ = [
    "CAMP_AP", "EXCHANGE_AP", "GUARD_AP", "RECOVER_AP", "UNCOVER_AP", "apply", "border_cost", "is_legal",
    "legal_placements", "path_costs", "score_now", "start_game", "validate",
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
