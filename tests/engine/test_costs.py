"""The cost rules are written once (engine.geometry) and read from a state or from a view alike."""

from __future__ import annotations

import pytest

import engine
from engine import GameState, Phase
from engine.board import NEIGHBOURS, SPACE_COUNT
from engine.geometry import border_cost, path_costs
from engine.state import PathCache
from tests.engine.randomplay import random_game

STATES = [s for seed in (3, 11) for s in random_game(3, "basic", seed)[::9]]


@pytest.mark.parametrize("state", STATES[::4], ids=lambda s: f"v{s.version}")
def test_a_view_prices_borders_and_paths_as_the_state_does(state: GameState) -> None:
    v = engine.view(state, None)
    for space in range(SPACE_COUNT):
        for side in range(6):
            assert v.border_cost(space, side) == border_cost(state, space, side)
        if state.explored[space]:
            assert v.path_costs(space) == path_costs(state, space)
    listed = {(space, side): cost for space, side, cost in v.border_costs()}
    for space in range(SPACE_COUNT):
        for side in range(3):
            assert listed.get((space, side), 0) == border_cost(state, space, side)
    assert all(side < 3 for _, side in listed)


@pytest.mark.parametrize("state", [s for s in STATES if s.phase is Phase.ACTIONS][:8], ids=lambda s: f"v{s.version}")
def test_move_cost_is_what_apply_takes(state: GameState) -> None:
    v = engine.view(state, None)
    priced = 0
    for entry in engine.legal_moves(state):
        if isinstance(entry.move, engine.End | engine.Undo):
            continue  # they end or take back a turn; they are no action with a price
        after = engine.apply(state, entry.move)
        assert engine.move_cost(v, entry.move) == state.ap - after.ap, str(entry.move)
        priced += 1
    assert priced


def test_placement_costs_are_the_borders_the_placed_hexagon_opens() -> None:
    state = engine.new_game(["Ana", "Ben"], "basic", seed=5)
    v = engine.view(state, 0)
    assert v.phase is Phase.PLACE and v.placements
    for space, rotation in v.placements[:12]:
        after = engine.apply(state, engine.Place(space, rotation))
        expected = tuple((side, c) for side in range(6) if (c := border_cost(after, space, side)))
        assert v.placement_costs(space, rotation) == expected
        assert all(NEIGHBOURS[space][side] >= 0 for side, _ in expected)


@pytest.mark.parametrize(("variant", "options"), [("basic", ()), ("auction", ("obstacles", "guns")),
                                                  ("rapido", ("obstacles",))])
def test_the_board_graph_kept_between_moves_is_the_board_s(variant: str, options: tuple[str, ...]) -> None:
    """A hexagon or an obstacle works out again only the rows of the graph it changes, and only when a path is
    asked for (``board_changed``): the graph is always the one worked out from scratch, also after several
    changes with no path asked for in between (the game is replayed with ``apply`` alone, paths asked every
    seventh move)."""
    from engine.geometry import _graph, board_edges

    moves = random_game(3, variant, 23, options)[-1].log
    state = engine.new_game(["Ana", "Ben", "Cy"], variant, seed=23, options=options)
    for i, move in enumerate(moves):
        state = engine.apply(state, move)
        if i % 7 == 6 or i == len(moves) - 1:
            cache = state._paths
            assert isinstance(cache, PathCache)
            edges, _ = _graph(state, cache, 0)
            assert edges == board_edges(state.explored, state.terrain, state.stones, state.obstacles), i
