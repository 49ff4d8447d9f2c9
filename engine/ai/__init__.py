"""Computer players: they decide from a ``GameView``, like a person, never from the state.

    moves = plan(view(state, seat), "strong", seed=1)   # the seat's moves from now on
    state, played = computer_turn(state, "easy", seed=1)  # a driver: plays the seat to act
    why = explain(view(state, seat), moves)  # a Msg: why those moves are good, in one line

Levels: ``random`` (any legal move), ``easy`` (greedy, judges only its own position) and ``strong``
(a beam search over the turn's actions, judged against its opponents, with bids; its auction pick comes with
the turn that follows it). Where a player
simulates, it samples the unseen hexagons and wafers with its own generator (``sample``); its search
is bounded by positions tried, not by time, so the same view and seed always give the same moves.

With the options of docs/rules.md §7 the same levels play on: the sampled state also draws the rolls to come,
random terrain's draws and the jump choices not yet revealed. Declarations, jumps and a jump's one
action are decided on their own (``levels``, ``rapido``); the strong player chooses a jump by the first
action of its best plan for all its chips.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from ..errors import IllegalMove
from ..legal import absent_moves
from ..moves import Move, parse_move
from ..rules import apply
from ..state import GameState
from ..view import GameView, view
from .explain import explain
from .levels import plan
from .sample import determinize

LEVELS: Final = ("random", "easy", "strong")

__all__ = ["LEVELS", "Decide", "choose_move", "computer_turn", "determinize", "explain", "plan", "play_decisions"]

Decide = Callable[[GameView, int], Sequence[Move | str]]
"""A player as a function: the seat's view and a seed in, its moves out (as ``plan`` returns them)."""

_MAX_PLANS = 40
"""A seat's obligation takes a handful of plans (one per recover); more is a bug, not a game."""


def choose_move(game_view: GameView, level: str, seed: int) -> Move:
    """Return the next move the computer player of ``level`` makes from ``game_view``."""
    moves = plan(game_view, level, seed)
    if not moves:
        raise ValueError("the game is over: there is no move to choose")
    return moves[0]


def computer_turn(state: GameState, level: str, seed: int, *, strict: bool = False) -> tuple[GameState, list[Move]]:
    """Play the seat to act through its current obligation (a turn, a scoring turn, a bid or a pick).

    The decisions see only ``view(state, seat)``; this driver holds the state to apply them, as the
    service layer does for a person. Returns the new state and the moves played. Should a planned
    move ever be refused, the seat falls back to ruling 14's absent moves rather than stall a game,
    unless ``strict`` (tests, tournaments), when the ``IllegalMove`` is raised.
    """
    return play_decisions(state, lambda v, s: plan(v, level, s), seed, strict=strict, name=level)


def play_decisions(
    state: GameState, decide: Decide, seed: int, *, strict: bool = False, name: str = "player"
) -> tuple[GameState, list[Move]]:
    """``computer_turn`` for any player given as a function (a level's ``plan``, or one loaded from a file):
    it is asked again with the new view until the seat's obligation is done. Moves may be given as text."""
    seat = state.to_act
    played: list[Move] = []
    for _ in range(_MAX_PLANS):
        if state.finished or state.to_act != seat:
            return state, played
        moves = decide(view(state, seat), seed)
        if not moves and strict:
            raise IllegalMove("ai.stuck", level=name, n=0)
        for given in moves:
            move = parse_move(given) if isinstance(given, str) else given
            try:
                state = apply(state, move, player=seat)
            except IllegalMove:
                if strict:
                    raise
                break
            played.append(move)
            if state.finished or state.to_act != seat:
                return state, played
        else:
            if not moves:
                break
            continue
        break
    if strict:
        raise IllegalMove("ai.stuck", level=name, n=_MAX_PLANS)
    for move in absent_moves(state):
        state = apply(state, move)
        played.append(move)
    return state, played
