"""The rules' entry point: apply a move (``apply``, ``validate``, ``is_legal``); the legal moves are in
``engine.legal``.

Every function here is pure: a state is never changed, ``apply`` returns a new one. Errors are
``EngineError`` subclasses whose message names the rule and says what would be legal. The checks
and mutations per action are in ``engine.actions``, the turn and auction flow in ``engine.flow``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any, Final

from . import actions, guns, obstacles, rapido
from .actions import (
    CAMP_AP,
    EXCHANGE_AP,
    GUARD_AP,
    RECOVER_AP,
    UNCOVER_AP,
    find_player,
)
from .errors import GameOver, IllegalMove, NotYourTurn, StaleState, UnreadableMove
from .flow import declare, end_normal_turn, end_scoring_turn, finish_game, next_bidder, pick, score_now
from .flow import start_game as start_basic_or_auction
from .geometry import border_cost, legal_placements, path_costs
from .members import (
    PHASE_ACTIONS,
    PHASE_BID,
    PHASE_DECLARE,
    PHASE_FINISHED,
    PHASE_JUMP,
    PHASE_PICK,
    PHASE_PLACE,
    PHASE_SCORING,
    STAGE_JUMPS,
    STAGE_NONE,
    STAGE_PLACING,
    VARIANT_RAPIDO,
)
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
    parse_written,
)
from .options import option_words
from .state import LOG_TAIL, NOBODY, GameState

__all__ = [
    "CAMP_AP", "EXCHANGE_AP", "GUARD_AP", "RECOVER_AP", "UNCOVER_AP", "apply", "border_cost", "is_legal",
    "legal_placements", "path_costs", "read_move", "score_now", "start_game", "validate",
]


# ---------------------------------------------------------------------------------------------
# The one entry point that changes anything


_OPTION_MOVES: Final[dict[type, str]] = {Obstacle: "obstacle", Fire: "fire", Jump: "jump", Declare: "score",
                                          Guard: "gun"}
"""Moves with a word of rules.md §7.0.3 (a guard only with ``gun``), by that word: unknown in a game without its
option."""
_READ: dict[str, tuple[Move, str]] = {}
"""Move texts ``apply`` has read, as the game writes them, each with the move it is (the log's entry is the text
itself). Games repeat most texts (``end``, ``pass``, ``deploy A1 1`` …), the service validates a move before it
applies it, and one process runs many games: such a text is read once. Moves are values, so one serves every
game. At most ``_READ_MOST`` texts are kept (the table starts afresh when full); texts spelt otherwise (lower case,
extra spaces, leading zeros) are read every time."""
_READ_MOST: Final = 4096
_GAME_WORDS: dict[tuple[tuple[str, ...], str], tuple[str, ...]] = {}
_LAST_WORDS: list[Any] = [None, ()]
"""The last game's setup and its words: a replay or a search asks for the same game's words at every move."""

# How ``_play`` carries out a kind of move (the third item of its ``_RULES`` entry).
_PLAIN: Final = 0
"""Not an action of a turn: a bid, a pass, a pick, an end, a jump, a declaration."""
_ACTION: Final = 1
"""An action of a turn: it goes into ``turn_moves`` and, outside Tikal Rápido, can be undone."""
_DIG: Final = 2
"""An uncovering or a recovery: an action that may be final (``_final``)."""
_NAMING: Final = 3
"""An action that names a seat (exchange, fire): the game writes the seat as the game spells it."""
_UNDO: Final = 4


def _final(state: GameState, move: Move) -> bool:
    """Whether an action cannot be taken back (ruling 12 and rules.md §7.2.3, §7.6.3, §7.6.5)."""
    kind = type(move)
    if kind is Recover:
        return True
    if kind is Uncover and state.setup.rolls:
        return True
    stage = state.stage
    return stage is not STAGE_NONE and (stage is STAGE_PLACING or stage is STAGE_JUMPS)


def _play(state: GameState, move: Move, into: GameState | None = None, text: str | None = None,
          undone: bool = True) -> GameState:
    """Validate ``move`` for the player to act and return the state after it, its version one more and the move
    at the end of its log as the game writes it (``text``, when known; an exchange or a shot names the seat as the
    game spells it).

    The state after is built in a fork of ``state``, or in ``into``: a state with the same fields as ``state``
    sharing its containers, neither owning them (``engine.inplace``), or ``state`` itself, which is then changed
    in place where the rules keep no earlier state (any move but an action that can be taken back; ``replay``).
    An ``undo`` always returns another state.

    ``undone=False`` (``into`` is ``state``): the caller knows that no ``undo`` follows before the turn ends, so
    an action that can be taken back changes ``state`` in place too and keeps no state to take it back to
    (``replay``, which knows the moves to come)."""
    # A tuple grows by ``t + (x,)`` here (RUF005 prefers ``(*t, x)``, which builds a list first: 30–40 ns slower).
    check, mutate, how = _RULES[type(move)]
    version, head, tail = state.version, state._log_head, state._log_tail
    if how is _ACTION and state.stage is STAGE_NONE:
        # The usual action, one that can be taken back (``_action`` does the same for the others).
        found = check(state, move)
        if text is None:
            text = str(move)
        undo = state.undo_moves
        if undone or into is not state:
            new = state.fork() if into is None or into is state else into
            if not undo:
                new.undo_base = state
            new._prev = state
        else:  # nothing will take it back: no state to keep (the turn's end clears what undo would need)
            new = state
            new.undo_base = new._prev = None
        new.turn_moves = state.turn_moves + (text,)  # noqa: RUF005
        new.undo_moves = undo + (move,)  # noqa: RUF005
        if found is None:
            mutate(new, move)
        else:
            mutate(new, move, found)
        if not new.undo_moves:
            new._prev = None  # the game ended with this placement: let the states before go
    elif how is _PLAIN:
        check(state, move)
        new = state.fork() if into is None else into
        mutate(new, move)
        if text is None:
            text = str(move)
    elif how is _UNDO:
        new, text = _undo(state), "undo"
    else:
        found = check(state, move)
        if how is _NAMING:
            named = _as_named(state, move)
            if named is not move or text is None:
                move, text = named, str(named)
        elif text is None:
            text = str(move)
        new = _action(state, move, into, text, mutate if found is None else partial(mutate, found=found), undone)
    new.version = version + 1
    # The log is head + tail: appending copies only the short tail (``GameState.log``).
    if len(tail) < LOG_TAIL:
        new._log_head, new._log_tail = head, tail + (text,)  # noqa: RUF005
    else:
        new._log_head, new._log_tail = head + tail, (text,)
    return new


def _action(state: GameState, move: Move, into: GameState | None, text: str,
            mutate: Callable[..., None], undone: bool = True) -> GameState:
    """Carry out an action that may be final (a recovery, an uncovering with dice, any action in Tikal Rápido)
    as ``_play`` says."""
    final = _final(state, move)
    new = state.fork() if into is None or (into is state and not final and undone) else into
    new.turn_moves = state.turn_moves + (text,)  # noqa: RUF005
    if final:
        new.undo_base, new.undo_moves = None, ()
    elif new is state:  # not final, but nothing will take it back (``_play``): no state to keep
        new.undo_moves = state.undo_moves + (move,)  # noqa: RUF005
        new.undo_base = new._prev = None
    else:
        if not state.undo_moves:
            new.undo_base = state
        new.undo_moves = state.undo_moves + (move,)  # noqa: RUF005
        new._prev = state
    if state.stage is STAGE_NONE:
        mutate(new, move)
    else:
        slot = rapido.in_slot(state)
        mutate(new, move)
        if slot:
            rapido.end_slot(new)
    if new._prev is not None and not new.undo_moves:
        new._prev = None  # nothing to undo any more: let the states before go
    return new


def _as_named(state: GameState, move: Move) -> Move:
    """An exchange or a shot with the seat it names written as the game spells it (``move`` itself if it does)."""
    if isinstance(move, Exchange | Fire) and move.player in state.setup.players:
        return move
    if isinstance(move, Exchange):
        return Exchange(move.give, state.players[find_player(state, move.player)], move.take)
    assert isinstance(move, Fire)
    return Fire(move.space, state.players[find_player(state, move.player)])


def _check_end(state: GameState, move: Move) -> None:
    if state.phase is not PHASE_ACTIONS and state.phase is not PHASE_SCORING:
        actions.check_action_phase(state, move)


def _check_guard(state: GameState, move: Guard) -> None:
    actions.check_guard(state, move)
    if move.gun:
        guns.check_gun(state, move)


def _no_check(state: GameState, move: Move) -> None:
    pass


def _place(state: GameState, move: Place) -> None:
    actions.do_place(state, move)
    if state.final_placement:
        finish_game(state)
    elif state.stage is STAGE_PLACING:
        rapido.after_place(state, move.space)


def _walk(state: GameState, move: Walk, found: int) -> None:
    actions.do_walk_or_transfer(state, move, found)  # found: the cost per figure check_walk found


def _transfer(state: GameState, move: Transfer) -> None:
    actions.do_walk_or_transfer(state, move, 1)


def _bid(state: GameState, move: Bid) -> None:
    state.high_bid, state.high_bidder = move.count, state.to_act
    next_bidder(state)


def _pass(state: GameState, move: Pass) -> None:
    state.mutable("passed")[state.to_act] = True
    if state.first_passer == NOBODY:
        state.first_passer = state.to_act
    next_bidder(state)


def _pick(state: GameState, move: Pick) -> None:
    if state.setup.variant is VARIANT_RAPIDO:
        rapido.pick(state, move)
    else:
        pick(state, move)


def _end(state: GameState, move: End) -> None:
    if state.phase is PHASE_SCORING:
        end_scoring_turn(state)
    elif state.setup.variant is not VARIANT_RAPIDO:
        end_normal_turn(state)
    elif state.stage is STAGE_JUMPS:  # in a slot (rapido.in_slot: the phase is actions)
        rapido.end_slot(state)
    else:
        rapido.end_extra_turn(state)


def _undo_is_no_mutation(state: GameState, move: Move) -> None:
    raise AssertionError("undo is not a mutation")


def check_jump(state: GameState, move: Jump) -> None:
    """Raise ``IllegalMove`` unless the player to act may take ``move.count`` chips into the jump."""
    if state.phase is not PHASE_JUMP:
        raise IllegalMove("jump.not_now")
    most = rapido.most_chips(state, state.to_act)
    if move.count > most:
        raise IllegalMove("jump.range", most=most, chips=state.chips[state.to_act])


def check_declare(state: GameState, move: Declare) -> None:
    """Raise ``IllegalMove`` unless the player to act declares whether its volcano scores."""
    if state.phase is not PHASE_DECLARE:
        raise IllegalMove("declare.not_now")


_RULES: Final[dict[type, tuple[Callable[[GameState, Any], Any], Callable[..., None], int]]] = {
    Place: (actions.check_place, _place, _ACTION),
    Deploy: (actions.check_deploy, actions.do_deploy, _ACTION),
    Transfer: (actions.check_transfer, _transfer, _ACTION),
    Walk: (actions.check_walk, _walk, _ACTION),
    Uncover: (actions.check_uncover, actions.do_uncover, _DIG),
    Recover: (actions.check_recover, actions.do_recover, _DIG),
    Exchange: (actions.check_exchange, actions.do_exchange, _NAMING),
    Camp: (actions.check_camp, actions.do_camp, _ACTION),
    Guard: (_check_guard, actions.do_guard, _ACTION),
    Obstacle: (obstacles.check_obstacle, obstacles.do_obstacle, _ACTION),
    Fire: (guns.check_fire, guns.do_fire, _NAMING),
    Bid: (actions.check_bid, _bid, _PLAIN),
    Pass: (actions.check_pass, _pass, _PLAIN),
    Pick: (actions.check_pick, _pick, _PLAIN),
    Jump: (check_jump, rapido.choose, _PLAIN),
    Declare: (check_declare, declare, _PLAIN),
    End: (_check_end, _end, _PLAIN),
    Undo: (_no_check, _undo_is_no_mutation, _UNDO),
}
"""Per move type: the check that raises the ``IllegalMove`` forbidding the move now, if any (and may return what
it found for the mutation, given to it as ``found``: a walk's cost); the mutation that carries out a checked move
on a fresh fork (an action in a Rápido slot also ends the slot); and how ``_play`` handles it (``_PLAIN``,
``_ACTION``, ``_DIG``, ``_NAMING``, ``_UNDO``)."""


def _undo(state: GameState) -> GameState:
    if state.phase not in (PHASE_ACTIONS, PHASE_SCORING, PHASE_PLACE) or not state.undo_moves:
        if state.phase in (PHASE_BID, PHASE_PICK):
            raise IllegalMove("undo.auction")
        if state.phase in (PHASE_JUMP, PHASE_DECLARE):
            raise IllegalMove("undo.jump")
        if state.stage in (STAGE_PLACING, STAGE_JUMPS):
            raise IllegalMove("undo.rapido")
        if state.turn_moves:
            raise IllegalMove("undo.dice" if state.setup.rolls else "undo.wafer")
        raise IllegalMove("undo.nothing")
    if state._prev is not None:
        return state._prev.fork()
    # A state read from a snapshot, or changed by hand, keeps no earlier states: replay the turn.
    assert state.undo_base is not None
    s = state.undo_base.clone()
    for m in state.undo_moves[:-1]:
        s = _play(s, m)
    return s


def _read(state: GameState, text: str) -> tuple[Move, str]:
    """Return the move ``text`` is and the move as the game writes it, for a text not in ``_READ`` (the callers looked
    first); raises ``UnreadableMove`` in the game's words (see ``_READ`` and ``read_move``)."""
    try:
        found = parse_written(text)
    except UnreadableMove:
        move = read_move(state, text)  # raises again, in the game's words
        found = (move, str(move))
    if found[1] == text:  # only the game's own spelling, the one records hold, is kept: not every typo
        if len(_READ) >= _READ_MOST:
            _READ.clear()
        _READ[text] = found
    return found


def start_game(state: GameState) -> None:
    """Begin play on a blank state (seat 1 acts first): used by ``engine.new_game``."""
    if state.variant is VARIANT_RAPIDO:
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
        move, text = _READ.get(move) or _read(state, move)
    else:
        text = None
    if type(move) in _OPTION_MOVES:
        _check_words(state, move)
    if state.phase is PHASE_FINISHED:
        raise GameOver("game.over")
    if player is not None and player != state.to_act:
        raise NotYourTurn("turn.not_yours", player=state.players[state.to_act])
    return _play(state, move, None, text)


def play_into(state: GameState, move: Move | str, into: GameState | None, player: int | None = None,
              text: str | None = None, undone: bool = True) -> GameState:
    """``apply`` without the version check (the same checks otherwise, written out again on ``apply``'s hot
    path), building the state after in ``into`` as ``_play`` says (``None``: a fresh fork; ``state``
    itself: changed in place where nothing needs the state before). ``text``: the move as the game writes it,
    when the caller knows it. ``undone=False``: no ``undo`` follows before the turn ends (see ``_play``). Raises
    like ``apply``, changing nothing."""
    if isinstance(move, str):
        move, text = _READ.get(move) or _read(state, move)
    if type(move) in _OPTION_MOVES:
        _check_words(state, move)
    if state.phase is PHASE_FINISHED:
        raise GameOver("game.over")
    if player is not None and player != state.to_act:
        raise NotYourTurn("turn.not_yours", player=state.players[state.to_act])
    return _play(state, move, into, text, undone)


def _check_words(state: GameState, move: Move) -> None:
    """Raise ``UnreadableMove`` for a move of rules.md §7.0.3 whose word this game does not have."""
    if isinstance(move, Guard) and not move.gun:
        return
    words = game_words(state)
    if _OPTION_MOVES[type(move)] not in words:
        unknown = not_in_game(move, words)
        if unknown is not None:
            raise unknown


def read_move(state: GameState, text: str) -> Move:
    """``parse_move`` for this game: a refusal names the forms the game has (``guard``'s ``gun`` with machine guns)."""
    try:
        return parse_move(text)
    except UnreadableMove:  # read again only to say it in this game's words (the same text is refused again)
        return parse_move(text, game_words(state))


def game_words(state: GameState) -> tuple[str, ...]:
    """Return the words of rules.md §7.0.3 that are verbs in this game."""
    setup = state.setup
    if setup is _LAST_WORDS[0]:
        known: tuple[str, ...] = _LAST_WORDS[1]
        return known
    key = (setup.options, setup.variant)
    words = _GAME_WORDS.get(key)
    if words is None:
        words = _GAME_WORDS[key] = option_words(setup.options, setup.variant.value)
    _LAST_WORDS[:] = setup, words
    return words


def validate(state: GameState, move: Move | str) -> Move:
    """Check a move without keeping its result. Returns the move in canonical form (an exchange names
    the seat as the game spells it); raises like ``apply``."""
    if isinstance(move, str):
        move = read_move(state, move)
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
