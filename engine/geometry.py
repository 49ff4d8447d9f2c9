"""Board geometry that depends on the game: border costs, cheapest paths, where a hexagon may go
(docs/rules.md, rulings 1 and 2).

The cost rules are written once, over plain per-space sequences (explored, terrain, stones), so a
``GameState`` and a ``GameView`` price a border or a path with the same code.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from collections.abc import Set as AbstractSet
from typing import Final

from .board import NEIGHBOURS, SPACE_COUNT
from .members import TERRAIN_VOLCANO
from .state import NO_GUNS, NOBODY, Edges, GameState, PathCache
from .tiles import HEXAGONS, Terrain
from .tiles import ROTATED as _ROTATED

Explored = Sequence[bool]
Terrains = Sequence[Terrain | None]
Stones = Sequence[tuple[int, ...]]
Borders = AbstractSet[tuple[int, int]]
"""Borders as ``(lower space, higher space)`` pairs, e.g. the borders with an obstacle."""

NEAR: Final[tuple[tuple[tuple[int, int], ...], ...]] = tuple(
    tuple((side, other) for side, other in enumerate(NEIGHBOURS[space]) if other >= 0) for space in range(SPACE_COUNT)
)
"""``NEAR[space]``: ``(side, neighbour)`` for every neighbour on the board."""
FACING: Final[tuple[tuple[tuple[int, int, int], ...], ...]] = tuple(
    tuple((side, other, (side + 3) % 6) for side, other in near) for near in NEAR
)
"""``FACING[space]``: ``(side, neighbour, the neighbour's side facing back)`` for every neighbour on the board."""
NO_BORDERS: Final[frozenset[tuple[int, int]]] = frozenset()
NO_SPACES: Final[frozenset[int]] = frozenset()
_FAR: Final = 1 << 30
OBSTACLE_EXTRA: Final = 2
"""AP more per figure to cross a border with an obstacle (rules.md §7.3.3)."""


def border(a: int, b: int) -> tuple[int, int]:
    """Return the border between neighbours ``a`` and ``b`` as ``(lower, higher)``."""
    return (a, b) if a < b else (b, a)


def crossing_cost(
    explored: Explored, terrain: Terrains, stones: Stones, space: int, side: int, obstacles: Borders = NO_BORDERS
) -> int:
    """Return the AP to cross from ``space`` over ``side``: the stones on both sides added, 0 if
    there is no path (no stones, off the board, unexplored or a volcano on either side), plus 2 for
    an obstacle on the border (rules.md §7.3.3)."""
    other = NEIGHBOURS[space][side]
    if other < 0 or not explored[space] or not explored[other]:
        return 0
    if terrain[other] is TERRAIN_VOLCANO or terrain[space] is TERRAIN_VOLCANO:
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


def _edge_row(explored: Explored, terrain: Terrains, stones: Stones, obstacles: Borders, here: int) -> tuple[
        tuple[int, int], ...]:
    """Return ``(neighbour, AP)`` for every border a figure may cross from ``here``, sides N … NW in order.
    An unexplored space keeps the borders of its printed stones (a state changed by hand may start a path there)."""
    if terrain[here] is TERRAIN_VOLCANO:
        return ()
    mine = stones[here]
    row = []
    for side, there, facing in FACING[here]:
        if explored[there] and terrain[there] is not TERRAIN_VOLCANO:
            step = mine[side] + stones[there][facing]
            if step:
                if obstacles and border(here, there) in obstacles:
                    step += OBSTACLE_EXTRA
                row.append((there, step))
    return tuple(row)


def board_edges(explored: Explored, terrain: Terrains, stones: Stones, obstacles: Borders = NO_BORDERS) -> Edges:
    """Return the board as a graph: per space, ``(neighbour, AP)`` for every border a figure may cross there
    (ruling 1; an obstacle adds 2). Unexplored spaces have none."""
    return tuple(_edge_row(explored, terrain, stones, obstacles, s) if explored[s] else () for s in range(SPACE_COUNT))


def shortest_paths(edges: Edges, source: int, first: tuple[tuple[int, int], ...],
                   blocked: AbstractSet[int] = NO_SPACES) -> dict[int, int]:
    """Return the cheapest AP per figure from ``source`` (whose borders are ``first``) to every space it can
    reach over ``edges``, never entering a ``blocked`` space.

    Costs are small whole numbers, so the spaces wait in one bucket per distance (Dial's algorithm) rather than in
    a heap. A bucket is taken in space order, which is the order a heap of ``(distance, space)`` would pop them
    in: the result lists the spaces in the order they were first reached, as ``legal_moves`` relies on.
    """
    if first is not edges[source]:
        edges = (*edges[:source], first, *edges[source + 1:])
    dist = {source: 0}
    reached = dist.get
    buckets: list[list[int]] = [[source]]
    top = d = 0
    while d <= top:
        bucket = buckets[d]
        if len(bucket) > 1:
            bucket.sort()
        for here in bucket:
            if dist[here] != d:
                continue  # reached more cheaply since it was put in this bucket
            for there, step in edges[here]:
                nd = d + step
                if nd < reached(there, _FAR) and not (blocked and there in blocked):
                    dist[there] = nd
                    while top < nd:
                        buckets.append([])
                        top += 1
                    buckets[nd].append(there)
        d += 1
    return dist


def cheapest_paths(
    explored: Explored,
    terrain: Terrains,
    stones: Stones,
    source: int,
    obstacles: Borders = NO_BORDERS,
    blocked: AbstractSet[int] = NO_SPACES,
) -> dict[int, int]:
    """Return the cheapest AP cost per figure from ``source`` to every reachable space (ruling 1).

    Crossing an obstacle costs 2 more (rules.md §7.3.3); a ``blocked`` space (a rival's machine gun,
    rules.md §7.4.3) can be neither entered nor crossed, though ``source`` itself may be one.
    """
    edges = board_edges(explored, terrain, stones, obstacles)
    return shortest_paths(edges, source, _edge_row(explored, terrain, stones, obstacles, source), blocked)


def border_cost(state: GameState, space: int, side: int) -> int:
    """Return the AP to cross from ``space`` over ``side`` on the state's board (see ``crossing_cost``)."""
    return crossing_cost(state.explored, state.terrain, state.stones, space, side, state.obstacles)


def gun_blocked(gun: Sequence[int], mover: int) -> frozenset[int]:
    """Return the spaces whose machine gun belongs to someone other than ``mover`` (rules.md §7.4.3)."""
    return frozenset(s for s, owner in enumerate(gun) if owner != NOBODY and owner != mover)


def path_costs(state: GameState, source: int, mover: int = NOBODY) -> dict[int, int]:
    """Return the cheapest AP cost per figure of ``mover`` from ``source`` to every reachable space
    (ruling 1, obstacles and the other players' machine guns counted), cached on the state until
    the board changes (a hexagon, an obstacle or a gun). ``NOBODY`` as ``mover``: no gun blocks."""
    cache = state._paths
    blocked: AbstractSet[int] = NO_SPACES
    if state.gun is NO_GUNS and type(cache) is PathCache:  # the usual case, without a call
        key = source
    else:
        cache, key, blocked = _cache_entry(state, source, mover)
    found = cache.get(key)
    if found is None:
        edges, first = _graph(state, cache, source)
        found = cache[key] = shortest_paths(edges, source, first, blocked)
    return found


def walk_cost(state: GameState, source: int, target: int, mover: int, most: int) -> int | None:
    """Return the cheapest AP per figure of ``mover`` from ``source`` to ``target`` if it is at most ``most``,
    else ``None`` (as ``path_costs`` counts them). Without the source's costs cached, it searches only as far
    as ``most``: a walk needs one cost, not the whole board's, and the board changes often between walks."""
    cache = state._paths
    blocked: AbstractSet[int] = NO_SPACES
    if state.gun is NO_GUNS and type(cache) is PathCache:  # the usual case, without a call
        key = source
    else:
        cache, key, blocked = _cache_entry(state, source, mover)
    found = cache.get(key)
    if found is not None:
        cost = found.get(target)
        return cost if cost is not None and cost <= most else None
    cost = cache.costs.get((key, target))
    if cost is None:
        edges, first = _graph(state, cache, source)
        cost = _bounded_cost(edges, source, first, blocked, target, most)
        if cost is None:
            return None
        cache.costs[key, target] = cost
    return cost if cost <= most else None


def _cache_entry(state: GameState, source: int, mover: int) -> tuple[PathCache, int, AbstractSet[int]]:
    """Return the state's path cache, the key of ``source``'s costs for ``mover`` in it, and the spaces
    rivals' guns block for ``mover``."""
    cache = state._paths
    if not isinstance(cache, PathCache):  # a plain dict put there by hand
        cache = state._paths = PathCache(entries=cache)
    blocked: AbstractSet[int] = NO_SPACES
    if state.gun is not NO_GUNS and mover != NOBODY:
        known = cache.blocked.get(mover)
        blocked = cache.blocked[mover] = known if known is not None else gun_blocked(state.gun, mover)
    return cache, source if not blocked else source + SPACE_COUNT * (mover + 1), blocked  # an entry per blocked mover


def _graph(state: GameState, cache: PathCache, source: int) -> tuple[Edges, tuple[tuple[int, int], ...]]:
    """Return the board's graph (kept in ``cache``) and the borders a figure may cross from ``source``."""
    edges = cache.edges
    if edges is None:
        explored, terrain, stones, obstacles = state.explored, state.terrain, state.stones, state.obstacles
        if cache.stale is None:
            edges = board_edges(explored, terrain, stones, obstacles)
        else:
            known, spaces = cache.stale
            rows = list(known)
            for s in spaces:
                rows[s] = _edge_row(explored, terrain, stones, obstacles, s) if explored[s] else ()
            # A border costs the same both ways: a neighbour's row differs only in its entry for a changed space,
            # which is the changed space's entry for the neighbour (or none), so it is patched, not worked out again.
            for s in spaces:
                row = rows[s]
                for there, step in row:
                    if there not in spaces:
                        rows[there] = _with_entry(rows[there], there, s, step)
                for there, _ in known[s]:
                    if there not in spaces and all(other != there for other, _ in row):
                        rows[there] = _with_entry(rows[there], there, s, 0)
            edges = tuple(rows)
            cache.stale = None
        cache.edges = edges
    first = edges[source] if state.explored[source] else _edge_row(
        state.explored, state.terrain, state.stones, state.obstacles, source)
    return edges, first


_SIDE: Final[tuple[dict[int, int], ...]] = tuple({other: side for side, other in near} for near in NEAR)
"""``_SIDE[space][neighbour]``: the side of ``space`` the neighbour is on."""


def _with_entry(row: tuple[tuple[int, int], ...], here: int, space: int, step: int) -> tuple[tuple[int, int], ...]:
    """``here``'s row of the board's graph with its entry for the neighbour ``space`` made ``(space, step)``, or
    taken out when ``step`` is 0 (the entries stay in the order of ``here``'s sides, as ``_edge_row`` makes them)."""
    sides = _SIDE[here]
    side = sides[space]
    out = []
    for entry in row:
        there = entry[0]
        if there == space:
            continue
        if step and sides[there] > side:
            out.append((space, step))
            step = 0
        out.append(entry)
    if step:
        out.append((space, step))
    return tuple(out)


def _bounded_cost(edges: Edges, source: int, first: tuple[tuple[int, int], ...], blocked: AbstractSet[int],
                  target: int, most: int) -> int | None:
    """``shortest_paths``'s cost to ``target`` if it is at most ``most``, else ``None``, searching no further.
    Distances are kept in a list by space (a few hundred nanoseconds less a walk than a dict's ``get``); a
    ``blocked`` space starts at distance 0, so that no step ever enters it."""
    if source == target:
        return 0
    dist = [_FAR] * SPACE_COUNT
    for space in blocked:
        dist[space] = 0
    dist[source] = 0
    buckets: list[list[int]] = [[]]
    top = 0
    for there, step in first:
        if step <= most and step < dist[there]:
            dist[there] = step
            while top < step:
                buckets.append([])
                top += 1
            buckets[step].append(there)
    d = 1
    while d <= top:
        for here in buckets[d]:
            if dist[here] != d:
                continue
            if here == target:
                return d
            for there, step in edges[here]:
                nd = d + step
                if nd <= most and nd < dist[there]:
                    dist[there] = nd
                    while top < nd:
                        buckets.append([])
                        top += 1
                    buckets[nd].append(there)
        d += 1
    return None


def board_changed(state: GameState, spaces: Sequence[int] = ()) -> None:
    """Give a state being built whose board changed (a hexagon placed, an obstacle built, a gun mounted) a new
    path cache. If the board's graph was known (or an earlier one, and what changed since), only the rows of
    ``spaces`` (the spaces whose hexagon or borders changed) and of their neighbours across a border are worked out
    again, and only when a path is first asked for (``_graph``): the board often changes again, or the turn ends,
    before any path is needed."""
    old = state._paths
    if type(old) is not PathCache:
        state._paths = PathCache()
    elif old.edges is not None:
        state._paths = PathCache(stale=(old.edges, tuple(spaces))) if spaces else PathCache(old.edges)
    elif old.stale is not None:
        known, changed = old.stale
        state._paths = PathCache(stale=(known, tuple({*changed, *spaces})))
    else:
        state._paths = PathCache()


def _placement_rotations(state: GameState, space: int, rotations: Sequence[tuple[int, ...]]) -> list[int]:
    """Return the rotations (0–5) with which a non-volcano hexagon (``rotations[r]``: its stones turned r
    times) may go on the empty ``space`` (ruling 2): a border with an explored non-volcano neighbour
    carries at least one stone, on either side."""
    explored, terrain, stones = state.explored, state.terrain, state.stones
    mine: list[int] = []
    for side, other in NEAR[space]:
        if explored[other] and terrain[other] is not TERRAIN_VOLCANO:
            if stones[other][(side + 3) % 6]:
                return [0, 1, 2, 3, 4, 5]
            mine.append(side)
    return [r for r in range(6) if any(rotations[r][side] for side in mine)]


def _frontier(state: GameState) -> list[int]:
    """Empty spaces next to an explored hex, in the order A1, A2 … H5."""
    explored = state.explored
    out = []
    for s in range(SPACE_COUNT):
        if not explored[s]:
            for _, other in NEAR[s]:
                if explored[other]:
                    out.append(s)
                    break
    return out


def placement_legal(state: GameState, space: int, rotation: int) -> bool:
    """Whether the hexagon in hand may go on ``space`` with ``rotation`` because a stone allows it (or it is
    a volcano). ``False`` also when it may go there only because it fits nowhere (``legal_placements`` knows)."""
    hand, explored = state.hand, state.explored
    if hand is None or explored[space] or not 0 <= rotation <= 5:
        return False
    terrain, stones = state.terrain, state.stones
    turned = _ROTATED[hand][rotation]
    adjacent = False
    for side, other, facing in FACING[space]:
        if explored[other]:
            adjacent = True
            # Ruling 2, as ``_placement_rotations`` says: a stone on either side of a border with an explored hex.
            if terrain[other] is not TERRAIN_VOLCANO and (stones[other][facing] or turned[side]):
                return True
    return adjacent and HEXAGONS[hand].terrain is TERRAIN_VOLCANO


def legal_placements(state: GameState, tile_id: str | None = None) -> list[tuple[int, int]]:
    """Return every legal ``(space, rotation)`` for the hexagon in hand (or ``tile_id``), ordered
    by space A1…H5 then rotation (ruling 2, including the volcano and the no-legal-space cases)."""
    tile_id = tile_id or state.hand
    if tile_id is None:
        return []
    hexagon = HEXAGONS[tile_id]
    frontier = _frontier(state)
    if hexagon.terrain is not TERRAIN_VOLCANO:
        found = [(s, r) for s in frontier for r in _placement_rotations(state, s, hexagon.rotations)]
        if found:
            return found
    return [(s, r) for s in frontier for r in range(6)]
