"""Board geometry that depends on the game: border costs, cheapest paths, where a hexagon may go
(SPEC rulings 1 and 2).

The cost rules are written once, over plain per-space sequences (explored, terrain, stones), so a
``GameState`` and a ``GameView`` price a border or a path with the same code.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator, Sequence

from .board import NEIGHBOURS, SPACE_COUNT
from .state import GameState
from .tiles import HEXAGONS, Terrain

Explored = Sequence[bool]
Terrains = Sequence[Terrain | None]
Stones = Sequence[tuple[int, ...]]


def crossing_cost(explored: Explored, terrain: Terrains, stones: Stones, space: int, side: int) -> int:
    """Return the AP to cross from ``space`` over ``side``: the stones on both sides added, 0 if
    there is no path (no stones, off the board, unexplored or a volcano on either side)."""
    other = NEIGHBOURS[space][side]
    if other < 0 or not explored[space] or not explored[other]:
        return 0
    if terrain[other] is Terrain.VOLCANO or terrain[space] is Terrain.VOLCANO:
        return 0
    return stones[space][side] + stones[other][(side + 3) % 6]


def passable_borders(explored: Explored, terrain: Terrains, stones: Stones) -> Iterator[tuple[int, int, int]]:
    """Yield ``(space, side, cost)`` for every border a figure may cross, each border once (from the
    space whose side is N, NE or SE)."""
    for space in range(SPACE_COUNT):
        for side in range(3):
            cost = crossing_cost(explored, terrain, stones, space, side)
            if cost:
                yield space, side, cost


def cheapest_paths(explored: Explored, terrain: Terrains, stones: Stones, source: int) -> dict[int, int]:
    """Return the cheapest AP cost per figure from ``source`` to every reachable space (ruling 1)."""
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
            if step and d + step < dist.get(there, 1 << 30):
                dist[there] = d + step
                heapq.heappush(heap, (d + step, there))
    return dist


def border_cost(state: GameState, space: int, side: int) -> int:
    """Return the AP to cross from ``space`` over ``side`` on the state's board (see ``crossing_cost``)."""
    return crossing_cost(state.explored, state.terrain, state.stones, space, side)


def path_costs(state: GameState, source: int) -> dict[int, int]:
    """Return the cheapest AP cost per figure from ``source`` to every reachable space (ruling 1),
    cached on the state until the next hexagon is placed."""
    cached = state._paths.get(source)
    if cached is None:
        cached = state._paths[source] = cheapest_paths(state.explored, state.terrain, state.stones, source)
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
