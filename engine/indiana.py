"""Indiana Jones (docs/rules.md §7.2): every level uncovered rolls the game's dice; a roll at most the temple's
new value takes one of the uncovering player's workers on that hex out of the game."""

from __future__ import annotations

from .state import GameState


def roll_for_level(state: GameState, player: int, space: int) -> None:
    """Make the next roll for a level just uncovered on ``space`` (its new value already set) and
    carry out its effect on a fresh clone. Does nothing in a game without an Indiana Jones option."""
    if not state.setup.rolls:
        return
    roll = state.setup.rolls[state.roll_pos]
    state.roll_pos += 1
    if roll <= state.value[space] and state.workers[player][space]:
        state.mutable_workers(player)[space] -= 1
        state.mutable("removed")[player] += 1


def rolls_made(state: GameState) -> tuple[int, ...]:
    """Return the rolls made so far, in order (public once made, rules.md §7.0.2)."""
    return state.setup.rolls[: state.roll_pos]
