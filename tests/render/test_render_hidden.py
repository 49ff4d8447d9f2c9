"""Hidden information (docs/rules.md, ruling 13) never shows: states that differ only in what nobody may see
draw the same pictures."""

from __future__ import annotations

from dataclasses import replace

from engine import GameState, view
from engine.serial import state_to_dict
from engine.tiles import TREASURE_KINDS
from render import describe, render_board, render_detail, render_placement, render_zoom
from render.gallery import placing
from tests.render.render_cases import crowded_state


def _hide_differently(state: GameState) -> GameState:
    """The same game with the face-down stack reordered (within each letter, beyond ``stack_pos``),
    the face-down wafer order changed and other wafer kinds lying on the board."""
    other = state.clone()
    order = state.setup.tile_order
    head, rest = order[:state.stack_pos], order[state.stack_pos:]
    by_letter: dict[str, list[str]] = {}
    for tile in rest:
        by_letter.setdefault(tile[0], []).append(tile)
    shuffled = tuple(t for letter in sorted(by_letter) for t in reversed(by_letter[letter]))
    wafers = state.setup.treasure_order
    kinds = iter(TREASURE_KINDS[(i * 3) % len(TREASURE_KINDS)] for i in range(100))
    other.wafers = [tuple(next(kinds) for _ in w) for w in state.wafers]
    other.setup = replace(state.setup, tile_order=head + shuffled,
                          treasure_order=wafers[:state.wafer_pos] + tuple(reversed(wafers[state.wafer_pos:])))
    return other


def test_hidden_parts_do_not_change_the_board_picture() -> None:
    state = crowded_state()
    other = _hide_differently(state)
    assert state_to_dict(state) != state_to_dict(other)
    assert other.setup.tile_order != state.setup.tile_order
    assert other.wafers != state.wafers
    a, b = view(state, None), view(other, None)
    assert render_board(a) == render_board(b)
    assert render_detail(a) == render_detail(b)
    assert describe(a) == describe(b)
    busiest = max(a.spaces, key=lambda s: sum(s.workers))
    assert render_zoom(a, busiest.name) == render_zoom(b, busiest.name)


def test_hidden_parts_do_not_change_the_placement_preview() -> None:
    state = placing()
    other = _hide_differently(state)
    assert other.setup.tile_order != state.setup.tile_order
    assert render_placement(view(state, None)) == render_placement(view(other, None))


def test_a_players_view_draws_like_a_spectators() -> None:
    state = crowded_state()
    assert render_board(view(state, 0)) == render_board(view(state, None))
    assert render_detail(view(state, 0)) == render_detail(view(state, None))
