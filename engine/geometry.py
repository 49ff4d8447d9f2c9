"""Board geometry that depends on the game: border costs, cheapest paths, where a hexagon may go
(SPEC rulings 1 and 2).

The cost rules are written once, over plain per-space sequences (explored, terrain, stones), so a
``GameState`` and a ``GameView`` price a border or a path with the same code.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator, Sequence
from collections.abc import Set as AbstractSet
from typing import Final

from .board import NEIGHBOURS, SPACE_COUNT
from .state import NOBODY, GameState
from .tiles import HEXAGONS, Terrain

Explored = Sequence[bool]
Terrains = Sequence[Terrain | None]
Stones = Sequence[tuple[int, ...]]
Borders = AbstractSet[tuple[int, int]]
"""Borders as ``(lower space, higher space)`` pairs, e.g. the borders with an obstacle."""

NO_BORDERS: Final[frozenset[tuple[int, int]]] = frozenset()
NO_SPACES: Final[frozenset[int]] = frozenset()
OBSTACLE_EXTRA: Final = 2
"""AP more per figure to cross a border with an obstacle (SPEC 7.3.3)."""


def border(a: int, b: int) -> tuple[int, int]:
    """Return the border between neighbours ``a`` and ``b`` as ``(lower, higher)``."""
    return (a, b) if a < b else (b, a)


def crossing_cost(
    explored: Explored, terrain: Terrains, stones: Stones, space: int, side: int, obstacles: Borders = NO_BORDERS
) -> int:
    """Return the AP to cross from ``space`` over ``side``: the stones on both sides added, 0 if
    there is no path (no stones, off the board, unexplored or a volcano on either side), plus 2 for
    an obstacle on the border (SPEC 7.3.3)."""
    other = NEIGHBOURS[space][side]
    if other < 0 or not explored[space] or not explored[other]:
        return 0
    if terrain[other] is Terrain.VOLCANO or terrain[space] is Terrain.VOLCANO:
        return 0
    cost = stones[space][side] + stones[other][(side + 3) % 6]
    if cost and obstacles and border(space, other) in obstacles:
        cost += OBSTACLE_EXTRA
    return cost


def passable_borders(
    explored: Explored, terrain: Terrains, stones: Stones, obstacles: Borders = NO_BORDERS
) -> Iterator[tuple[int, int, int]]:
    """Yield ``(space, side, cost)`` for every border a figure may cross, each border once (from the
    space whose side is N, NE or SE)."""
    for space in range(SPACE_COUNT):
        for side in range(3):
            cost = crossing_cost(explored, terrain, stones, space, side, obstacles)
            if cost:
                yield space, side, cost


def cheapest_paths(
    explored: Explored,
    terrain: Terrains,
    stones: Stones,
    source: int,
    obstacles: Borders = NO_BORDERS,
    blocked: AbstractSet[int] = NO_SPACES,
) -> dict[int, int]:
    """Return the cheapest AP cost per figure from ``source`` to every reachable space (ruling 1).

    Crossing an obstacle costs 2 more (SPEC 7.3.3); a ``blocked`` space (a rival's machine gun,
    SPEC 7.4.3) can be neither entered nor crossed, though ``source`` itself may be one.
    """
    dist = {source: 0}
    heap = [(0, source)]
    while heap:
        d, here = heapq.heappop(heap)
        if d > dist[here]:
            continue
        row = stones[here]
        for side, there in enumerate(NEIGHBOURS[here]):
            if there < 0 or not explored[there] or terrain[there] is Terrain.VOLCANO:
                continue
            step = row[side] + stones[there][(side + 3) % 6]
            if not step or (blocked and there in blocked):
                continue
            if obstacles and border(here, there) in obstacles:
                step += OBSTACLE_EXTRA
            if d + step < dist.get(there, 1 << 30):
                dist[there] = d + step
                heapq.heappush(heap, (d + step, there))
    return dist


def border_cost(state: GameState, space: int, side: int) -> int:
    """Return the AP to cross from ``space`` over ``side`` on the state's board (see ``crossing_cost``)."""
    return crossing_cost(state.explored, state.terrain, state.stones, space, side, state.obstacles)


def gun_blocked(gun: Sequence[int], mover: int) -> frozenset[int]:
    """Return the spaces whose machine gun belongs to someone other than ``mover`` (SPEC 7.4.3)."""
    return frozenset(s for s, owner in enumerate(gun) if owner != NOBODY and owner != mover)


def path_costs(state: GameState, source: int, mover: int = NOBODY) -> dict[int, int]:
    """Return the cheapest AP cost per figure of ``mover`` from ``source`` to every reachable space
    (ruling 1, obstacles and the other players' machine guns counted), cached on the state until
    the board changes (a hexagon, an obstacle or a gun). ``NOBODY`` as ``mover``: no gun blocks."""
    blocked = gun_blocked(state.gun, mover) if state.guns_mounted and mover != NOBODY else NO_SPACES
    key = source if not blocked else source + SPACE_COUNT * (mover + 1)  # one cache entry per blocked mover
    cached = state._paths.get(key)
    if cached is None:
        cached = state._paths[key] = cheapest_paths(
            state.explored, state.terrain, state.stones, source, state.obstacles, blocked)
    return cached


def _placement_ok(state: GameState, stones: tuple[int, ...], space: int) -> bool:
    return any(
        other >= 0 and state.explored[other] and state.terrain[other] is not Terrain.VOLCANO
        and stones[side] + state.stones[other][(side + 3) % 6] > 0
        for side, other in enumerate(NEIGHBOURS[space])
    )


def _frontier(state: GameState) -> list[int]:
    """Empty spaces next to an explored hex, in the order A1, A2 … H5."""
    return [
        s for s in range(SPACE_COUNT)
        if not state.explored[s] and any(o >= 0 and state.explored[o] for o in NEIGHBOURS[s])
    ]


def legal_placements(state: GameState, tile_id: str | None = None) -> list[tuple[int, int]]:
    """Return every legal ``(space, rotation)`` for the hexagon in hand (or ``tile_id``), ordered
    by space A1…H5 then rotation (ruling 2, including the volcano and the no-legal-space cases)."""
    tile_id = tile_id or state.hand
    if tile_id is None:
        return []
    hexagon = HEXAGONS[tile_id]
    frontier = _frontier(state)
    if hexagon.terrain is Terrain.VOLCANO:
        return [(s, r) for s in frontier for r in range(6)]
    rotations = [hexagon.rotated(r) for r in range(6)]
    found = [(s, r) for s in frontier for r in range(6) if _placement_ok(state, rotations[r], s)]
    return found or [(s, r) for s in frontier for r in range(6)]
