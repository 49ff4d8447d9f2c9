"""A step's goal checked against the engine, and the move to suggest for it.

``reached`` judges one move of the player (the state before, the move, the state after): any legal move that does
what the goal asks counts. ``suggestion`` finds a move to try in the game as it is now, the lesson's own first: one
that reaches the goal, else the first move of two that do, else ending the turn (the goal is out of reach this
turn); None when nothing leads there (the step is then passed).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final, Literal

import engine
from bot.core.tutorial.lesson import Goal, Step
from engine import GameState, Move

Lead = Literal["try", "first", "end"]
SEARCHED: Final = 600
"""At most this many positions are tried for a move of two (a second or so at worst, far less as a rule)."""
PREPARING: Final = frozenset({"place", "deploy", "transfer", "move", "pick", "bid", "pass"})
"""The moves that may prepare another: the first of a move of two is one of these."""


@dataclass(frozen=True, slots=True)
class Suggestion:
    move: Move
    lead: Lead
    """``try``: it reaches the goal; ``first``: the move after it does; ``end``: not this turn any more."""


def verb_of(move: Move) -> str:
    return str(move).split()[0]


def target(move: Move) -> int | None:
    """The space a move goes to or acts on (None: an exchange, an end, a bid …)."""
    match move:
        case engine.Place(space=space) | engine.Deploy(space=space) | engine.Uncover(space=space) | \
                engine.Recover(space=space) | engine.Camp(space=space) | engine.Guard(space=space):
            return space
        case engine.Transfer(target=space) | engine.Walk(target=space):
            return space
    return None


def reached(goal: Goal, before: GameState, move: Move, after: GameState) -> bool:
    """Whether ``move`` (made in ``before``, giving ``after``) does what the goal asks."""
    if verb_of(move) != goal.verb or (goal.phase is not None and before.phase.value != goal.phase):
        return False
    if goal.onto is None:
        return True
    space = target(move)
    terrain = after.terrain[space] if space is not None else None
    return terrain is not None and terrain.value == goal.onto


def _moves(state: GameState) -> Iterator[Move]:
    """Every legal move but undo, counts spelled out."""
    for entry in engine.legal_moves(state):
        if isinstance(entry.move, engine.Undo):
            continue
        yield from entry.moves()


def _reaching(goal: Goal, state: GameState) -> Move | None:
    for move in _moves(state):
        if verb_of(move) == goal.verb and reached(goal, state, move, engine.apply(state, move)):
            return move
    return None


def _lesson_move(step: Step, state: GameState) -> Move | None:
    if step.suggested is None:
        return None
    move = engine.parse_move(step.suggested)
    if not engine.is_legal(state, move):
        return None
    return move if reached(step.goal, state, move, engine.apply(state, move)) else None


def _first_of_two(step: Step, state: GameState) -> Move | None:
    """A move after which the step's goal is one move away: one that leads to the lesson's own move if there is,
    else the first found."""
    found: Move | None = None
    tried = 0
    for first in _moves(state):
        if verb_of(first) not in PREPARING:
            continue
        after = engine.apply(state, first)
        if after.to_act != state.to_act:
            continue
        if _lesson_move(step, after) is not None:
            return first
        if found is None and _reaching(step.goal, after) is not None:
            found = first
        tried += 1
        if tried >= SEARCHED:
            break
    return found


def suggestion(step: Step, state: GameState) -> Suggestion | None:
    """The move to try now for ``step`` (the player to act is the one learning)."""
    if state.finished:
        return None
    direct = _lesson_move(step, state) or _reaching(step.goal, state)
    if direct is not None:
        return Suggestion(direct, "try")
    first = _first_of_two(step, state)
    if first is not None:
        return Suggestion(first, "first")
    end = engine.End()
    if engine.is_legal(state, end):
        return Suggestion(end, "end")
    return None


def highlighted(step: Step, shown: Suggestion | None) -> tuple[int, ...]:
    """The spaces the step's picture marks: its own, with ``try`` standing for the suggested move's."""
    spaces: list[int] = []
    for name in step.highlight:
        if name == "try":
            space = target(shown.move) if shown is not None and shown.lead != "end" else None
        else:
            space = engine.parse_space(name)
        if space is not None and space not in spaces:
            spaces.append(space)
    return tuple(spaces)


__all__ = ["Lead", "Suggestion", "highlighted", "reached", "suggestion", "target", "verb_of"]
