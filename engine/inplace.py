"""Moves applied in place, for search: ``apply_in_place`` changes one position and returns what
``undo_in_place`` needs to take the move back, so a search can walk a single position down and up a tree
of moves instead of keeping a state per node. ``engine.apply`` stays the pure function the service uses.

    position = state.fork()  # a state of the search's own: apply_in_place changes it
    for move in moves:
        before = apply_in_place(position, move)
        ...  # look at position, go deeper the same way
        undo_in_place(position, before)  # position is again what it was

Both are cheap because states are copy-on-write (``GameState.fork``): the position before a move shares
every list and dict with the position, and the rules copy one only when the move changes it. Applying in
place costs about what ``apply`` costs (the same checks and changes; the position before is a fork), taking
back costs a copy of the fields and no container. A search that keeps each node's state instead
(``apply``) pays the same and needs no taking back; either way, pass ``Move`` values rather than text to
skip reading the notation.
"""

from __future__ import annotations

from .moves import Move
from .rules import play_into
from .state import GameState


def apply_in_place(state: GameState, move: Move | str, *, player: int | None = None) -> GameState:
    """Apply ``move`` for the player to act to ``state`` itself and return the position before it: give that
    to ``undo_in_place`` to take the move back, and change it no other way.

    ``state`` must be the search's own (``state.fork()``): a state that ``apply`` built other states from may
    be where they take an ``undo`` back to. The move is checked as ``apply`` checks it (``player``, when given,
    must be the player to act) and raises the same errors, leaving ``state`` unchanged; an ``undo`` move
    is applied too. Lists and dicts read from ``state`` before the call may be the position before's
    afterwards: read them again from ``state``.
    """
    before = state.fork()
    after = play_into(before, move, state, player)
    if after is not state:  # an undo move takes back to an earlier state
        state.become(after)
    return before


def undo_in_place(state: GameState, before: GameState) -> None:
    """Take ``state`` back to ``before``, the position ``apply_in_place`` returned for the last move applied to
    it and not yet taken back (moves are taken back in the opposite order)."""
    state.become(before)
