"""The lesson's computer player: it plays the turns the lesson wrote for it, so that every step comes when the lesson
expects it. Where the player's own choices made a written move illegal (a space taken, a path cut), it finishes
that obligation as an absent seat would (docs/rules.md, ruling 14: its hexagon on the first legal space, then the
end)."""

from __future__ import annotations

import engine
from bot.core.tutorial.lesson import Lesson
from engine import GameState, Move


def opponent_moves(lesson: Lesson, state: GameState, turn: int) -> list[Move]:
    """The moves of the computer player's ``turn``-th obligation (0-based), which begins in ``state``: the lesson's
    while they are legal, then ruling 14's up to the end of the obligation."""
    seat = state.to_act
    moves: list[Move] = []
    current = state
    written = lesson.opponent_turns[turn] if turn < len(lesson.opponent_turns) else ()
    for text in written:
        move = engine.parse_move(text)
        if not engine.is_legal(current, move):
            break
        current = engine.apply(current, move)
        moves.append(move)
        if current.finished or current.to_act != seat:
            return moves
    for move in engine.absent_moves(current):
        current = engine.apply(current, move)
        moves.append(move)
        if current.finished or current.to_act != seat:
            break
    return moves


__all__ = ["opponent_moves"]
