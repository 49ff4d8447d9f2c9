"""Board geometry that depends on the game: border costs, cheapest paths, where a hexagon may go
(SPEC rulings 1 and 2)."""

from __future__ import annotations

import heapq

from .board import NEIGHBOURS, SPACE_COUNT
from .state import GameState
from .tiles import HEXAGONS, Terrain


def border_cost(state: GameState, space: int, side: int) -> int:
    """Return the AP to cross from ``space`` over ``side``: the stones on both sides added, 0 if
    there is no path (no stones, off the board, unexplored or a volcano on either side)."""
    other = NEIGHBOURS[space][side]
    if other < 0 or not state.explored[other]:
        return 0
    if state.terrain[other] is Terrain.VOLCANO or state.terrain[space] is Terrain.VOLCANO:
        return 0
    return state.stones[space][side] + state.stones[other][(side + 3) % 6]


def path_costs(state: GameState, source: int) -> dict[int, int]:
    """Return the cheapest AP cost per figure from ``source`` to every reachable space (ruling 1)."""
    cached = state._paths.get(source)
    if cached is not None:
        return cached
    dist = {source: 0}
    heap = [(0, source)]
    explored, terrain, stones = state.explored, state.terrain, state.stones
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
    state._paths[source] = dist
    return dist


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
