"""Which spaces the last turn changed: every space its moves name."""

from __future__ import annotations

from engine import GameView, parse_space


def moves_to_outline(view: GameView) -> tuple[str, ...]:
    """The moves whose spaces are outlined: the current turn's so far, else the last finished turn's."""
    if view.turn_moves:
        return view.turn_moves
    return view.last_turn.moves if view.last_turn else ()


def changed_spaces(view: GameView) -> frozenset[int]:
    """Spaces named in the moves of ``moves_to_outline`` (a move's path in between is unchanged)."""
    found: set[int] = set()
    for move in moves_to_outline(view):
        for word in move.split()[1:]:
            space = parse_space(word)
            if space is not None and word.upper() == word:
                found.add(space)
    return frozenset(found)
