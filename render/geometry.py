"""Where things go: the board of docs/rules.md §1 (columns A…H, rows 1…5, columns A, C, E, G half a hex higher than
B, D, F, H) turned a quarter clockwise, the one orientation of every picture (``TurnedGrid``: pointy-topped hexes,
column A on top, rows 1…5 from left to right, rows A, C, E, G half a hex to the right)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from engine.board import COLUMNS, ROWS, col_row

Point = tuple[float, float]

SQRT3: Final = math.sqrt(3)

BOARD_RADIUS: Final = 116
"""Circumradius of a board hex in pixels (centre to corner; a side is as long)."""
CANVAS_WIDTH: Final = 1200
MARGIN: Final = 20
HEADER_HEIGHT: Final = 118
CARD_HEIGHT: Final = 214

SIDE_ANGLES: Final = tuple(math.radians(90 - 60 * side) for side in range(6))
"""Direction of each side's midpoint from the centre (N=0 … NW=5), counter-clockwise from east."""


def hex_corners(centre: Point, radius: float, pointy: bool = False) -> list[Point]:
    """Corners of a flat-topped hexagon (starting east) or a pointy-topped one (starting 30° below east),
    going clockwise on screen."""
    cx, cy = centre
    turn = 30 if pointy else 0
    return [(cx + radius * math.cos(math.radians(60 * k + turn)), cy + radius * math.sin(math.radians(60 * k + turn)))
            for k in range(6)]


def half_width(radius: float, y: float) -> float:
    """Half the width of a pointy-topped hexagon of ``radius`` at ``y`` below its centre (0 outside)."""
    y = abs(y)
    if y <= radius / 2:
        return radius * SQRT3 / 2
    return max(0.0, (radius - y) * SQRT3)


def side_point(centre: Point, distance: float, side: int, along: float = 0, turned: bool = False) -> Point:
    """The point ``distance`` from the centre towards ``side``'s midpoint, shifted ``along`` the side
    (clockwise positive); ``turned`` for the board turned a quarter clockwise."""
    a = SIDE_ANGLES[side] - (math.pi / 2 if turned else 0)
    x = centre[0] + distance * math.cos(a) + along * math.sin(a)
    y = centre[1] - distance * math.sin(a) + along * math.cos(a)
    return x, y




@dataclass(frozen=True, slots=True)
class TurnedGrid:
    """The board turned a quarter clockwise, for tall pictures: pointy-topped hexes, column A the top row
    and H the bottom one, rows 1…5 from left to right, rows A, C, E, G half a hex to the right.
    ``origin`` is the top-left corner of the board's bounding box."""

    radius: float
    origin: Point

    @property
    def step(self) -> float:
        """Centre to centre along a row (a hex's width)."""
        return self.radius * SQRT3

    @property
    def half_width(self) -> float:
        """Centre to a side (the apothem): a pointy-topped hex's half width."""
        return self.radius * SQRT3 / 2

    @property
    def half_height(self) -> float:
        """Centre to the top corner."""
        return self.radius

    @property
    def width(self) -> float:
        return self.step * (ROWS + 0.5)

    @property
    def height(self) -> float:
        return self.radius * (1.5 * (len(COLUMNS) - 1) + 2)

    def centre(self, space: int) -> Point:
        col, row = col_row(space)
        x = self.origin[0] + self.step * (row - 0.5) + (self.step / 2 if col % 2 == 0 else 0)
        y = self.origin[1] + self.radius + 1.5 * self.radius * col
        return x, y

    def side_midpoint(self, space: int, side: int, inset: float = 0) -> Point:
        return side_point(self.centre(space), self.radius * SQRT3 / 2 - inset, side, turned=True)


def board_grid(radius: float = BOARD_RADIUS, top: float = MARGIN + HEADER_HEIGHT) -> TurnedGrid:
    """The grid of the full board picture, turned as the channel picture's, centred horizontally."""
    width = radius * SQRT3 * (ROWS + 0.5)
    return TurnedGrid(radius, ((CANVAS_WIDTH - width) / 2, top))
