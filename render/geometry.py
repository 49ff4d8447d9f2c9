"""Where things go: flat-topped hexagons, columns A…H left to right, rows 1…5 bottom to top, columns
A, C, E, G half a hex higher than B, D, F, H (SPEC section 1)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from engine.board import COLUMNS, ROWS, col_row

Point = tuple[float, float]

SQRT3: Final = math.sqrt(3)

BOARD_RADIUS: Final = 104
"""Circumradius of a board hex in pixels (centre to corner; a side is as long)."""
CANVAS_WIDTH: Final = 1440
MARGIN: Final = 20
HEADER_HEIGHT: Final = 118
CARD_HEIGHT: Final = 214

SIDE_ANGLES: Final = tuple(math.radians(90 - 60 * side) for side in range(6))
"""Direction of each side's midpoint from the centre (N=0 … NW=5), counter-clockwise from east."""


@dataclass(frozen=True, slots=True)
class Grid:
    """The board's hexes at circumradius ``radius`` with hex A's bottom-left corner area at ``origin``."""

    radius: float
    origin: Point

    @property
    def half_height(self) -> float:
        """Centre to side midpoint (the apothem)."""
        return self.radius * SQRT3 / 2

    @property
    def width(self) -> float:
        return self.radius * (1.5 * (len(COLUMNS) - 1) + 2)

    @property
    def height(self) -> float:
        return self.half_height * (2 * ROWS + 1)

    def centre(self, space: int) -> Point:
        col, row = col_row(space)
        h = self.half_height
        x = self.origin[0] + self.radius + 1.5 * self.radius * col
        y = self.origin[1] + h + 2 * h * (ROWS - row) + (h if col % 2 else 0)
        return x, y

    def side_midpoint(self, space: int, side: int, inset: float = 0) -> Point:
        return side_point(self.centre(space), self.half_height - inset, side)


def hex_corners(centre: Point, radius: float) -> list[Point]:
    """Corners of a flat-topped hexagon, starting east and going clockwise on screen."""
    cx, cy = centre
    return [(cx + radius * math.cos(math.radians(60 * k)), cy + radius * math.sin(math.radians(60 * k)))
            for k in range(6)]


def side_point(centre: Point, distance: float, side: int, along: float = 0) -> Point:
    """The point ``distance`` from the centre towards ``side``'s midpoint, shifted ``along`` the side
    (clockwise positive)."""
    a = SIDE_ANGLES[side]
    x = centre[0] + distance * math.cos(a) + along * math.sin(a)
    y = centre[1] - distance * math.sin(a) + along * math.cos(a)
    return x, y


def board_grid(radius: float = BOARD_RADIUS, top: float = MARGIN + HEADER_HEIGHT) -> Grid:
    """The grid of the full board picture, centred horizontally."""
    width = radius * (1.5 * (len(COLUMNS) - 1) + 2)
    return Grid(radius, ((CANVAS_WIDTH - width) / 2, top))
