"""The board: 40 spaces A1…H5, their neighbours and the four pre-printed spaces (docs/rules.md §1).

Spaces are numbered 0…39 column by column (A1=0, A2=1 … A5=4, B1=5 … H5=39), which is also the
order ruling 14 uses to place an absent player's hexagon.
"""

from __future__ import annotations

from typing import Final

COLUMNS: Final = "ABCDEFGH"
ROWS: Final = 5
SPACE_COUNT: Final = len(COLUMNS) * ROWS

N, NE, SE, S, SW, NW = range(6)
SIDE_NAMES: Final = ("N", "NE", "SE", "S", "SW", "NW")

SPACE_NAMES: Final[tuple[str, ...]] = tuple(f"{c}{r}" for c in COLUMNS for r in range(1, ROWS + 1))
SPACE_INDEX: Final[dict[str, int]] = {name: i for i, name in enumerate(SPACE_NAMES)}
"""Space index by upper-case name."""

BASE_CAMP: Final = 0  # A1


def space_index(col: int, row: int) -> int:
    """Return the index of the space at column ``col`` (A=0) and row ``row`` (1…5)."""
    return col * ROWS + (row - 1)


def space_name(space: int) -> str:
    """Return the name of a space index, e.g. ``0`` → ``"A1"``."""
    return SPACE_NAMES[space]


def parse_space(text: str) -> int | None:
    """Return the index of a space name (case-insensitive), or ``None`` if it names no space."""
    return SPACE_INDEX.get(text.upper())


def col_row(space: int) -> tuple[int, int]:
    """Return ``(column index, row)`` of a space, column A=0 and rows 1…5."""
    return divmod(space, ROWS)[0], space % ROWS + 1


def _neighbours(space: int) -> tuple[int, ...]:
    c, n = col_row(space)
    if c % 2 == 0:
        offsets = ((0, 1), (1, 1), (1, 0), (0, -1), (-1, 0), (-1, 1))
    else:
        offsets = ((0, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0))
    result = []
    for dc, dn in offsets:
        cc, nn = c + dc, n + dn
        result.append(space_index(cc, nn) if 0 <= cc < len(COLUMNS) and 1 <= nn <= ROWS else -1)
    return tuple(result)


NEIGHBOURS: Final[tuple[tuple[int, ...], ...]] = tuple(_neighbours(s) for s in range(SPACE_COUNT))
"""``NEIGHBOURS[space][side]`` is the neighbouring space on that side, or -1 off the board."""


def opposite(side: int) -> int:
    """Return the side facing ``side`` across a border (N↔S, NE↔SW, SE↔NW)."""
    return (side + 3) % 6
