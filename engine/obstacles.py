"""Obstacles (docs/rules.md §7.3): ``obstacle <hex> <hex>``, 4 AP, on a border with a path, once per border,
by a player with a free worker on one of the two hexes. Crossing it costs 2 AP more
(``engine.geometry``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from .actions import afford, check_action_phase
from .board import NEIGHBOURS, SPACE_COUNT, space_name
from .errors import IllegalMove
from .geometry import board_changed, border, crossing_cost
from .messages import Msg
from .moves import Obstacle
from .state import GameState

OBSTACLE_AP: Final = 4


def free_worker(state: GameState, player: int, space: int) -> bool:
    """Whether the player has a free worker on ``space`` (rules.md §7.3.2): a worker there, and more own
    figures there than the levels uncovered and wafers recovered there this turn."""
    if not state.workers[player][space]:
        return False
    dug = state.uncovered.get(space, 0) + state.recovered.get(space, 0)
    return state.figures_at(player, space) > dug


def _side(a: int, b: int) -> int:
    return NEIGHBOURS[a].index(b) if b in NEIGHBOURS[a] else -1


def open_borders(state: GameState) -> Iterator[tuple[int, int]]:
    """Yield every border with a path and no obstacle yet, as ``(lower, higher)`` in space order."""
    for a in range(SPACE_COUNT):
        for side in range(6):
            b = NEIGHBOURS[a][side]
            if b > a and crossing_cost(state.explored, state.terrain, state.stones, a, side) \
                    and (a, b) not in state.obstacles:
                yield a, b


def check_obstacle(state: GameState, move: Obstacle) -> None:
    """Raise ``IllegalMove`` unless the player to act may build ``move`` now."""
    check_action_phase(state, move)
    a, b = move.first, move.second
    names = {"first": space_name(a), "second": space_name(b)}
    side = _side(a, b)
    if side < 0:
        raise IllegalMove("obstacle.not_neighbours", **names)
    if not crossing_cost(state.explored, state.terrain, state.stones, a, side):
        raise IllegalMove("obstacle.no_path", **names)
    if border(a, b) in state.obstacles:
        raise IllegalMove("obstacle.taken", **names)
    p = state.to_act
    if not (free_worker(state, p, a) or free_worker(state, p, b)):
        raise IllegalMove("obstacle.no_free_worker", **names)
    afford(state, OBSTACLE_AP, Msg("doing.obstacle"))


def do_obstacle(state: GameState, move: Obstacle) -> None:
    state.obstacles = state.obstacles | {(move.first, move.second)}
    state.ap -= OBSTACLE_AP
    board_changed(state, (move.first, move.second))
