"""Small anti-aliased pictures (hexagons, markers, badges), drawn once at four times the size, shrunk
and cached: pasting them is much cheaper than drawing them again for every picture."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Final

from PIL import Image, ImageDraw

from engine import Terrain

from .geometry import SQRT3, Point, hex_corners
from .palette import (
    GOLD,
    HEX_OUTLINE,
    INK,
    RGB,
    STONE,
    STONE_EDGE,
    TERRAIN_FILL,
    TERRAIN_GLYPH,
    UNEXPLORED,
    WHITE,
)

SUPERSAMPLE: Final = 4
WAFER: Final = 20
WAFER_GAP: Final = 4
WAFER_LEFT: Final[RGB] = (250, 204, 60)

Painter = Callable[[ImageDraw.ImageDraw, float], None]


def _render(width: int, height: int, paint: Painter, edge: RGB = INK) -> Image.Image:
    """Run ``paint(draw, scale)`` on a transparent canvas ``SUPERSAMPLE`` times larger and shrink it."""
    s = SUPERSAMPLE
    big = Image.new("RGBA", (width * s, height * s), (*edge, 0))
    paint(ImageDraw.Draw(big), s)
    return big.resize((width, height), Image.Resampling.BOX)


def _scaled(points: Sequence[Point], s: float, dx: float = 0, dy: float = 0) -> list[tuple[float, float]]:
    return [((x + dx) * s, (y + dy) * s) for x, y in points]


def hex_box(radius: int, pointy: bool = False) -> tuple[int, int]:
    """The sprite size of a hexagon of ``radius``; its centre is at half of each."""
    flat = (2 * radius + 4, math.ceil(SQRT3 * radius) + 4)
    return (flat[1], flat[0]) if pointy else flat


@lru_cache(maxsize=32)
def ring(radius: int, colours: tuple[tuple[RGB, int], ...], pointy: bool = False) -> Image.Image:
    """A hexagonal outline of nested bands ``(colour, width)``, outermost first, hollow inside."""
    w, h = hex_box(radius, pointy)

    def paint(d: ImageDraw.ImageDraw, s: float) -> None:
        centre = (w / 2, h / 2)
        r = float(radius)
        for colour, width in colours:
            d.polygon(_scaled(hex_corners(centre, r, pointy), s), fill=colour)
            r -= width * 2 / SQRT3
        d.polygon(_scaled(hex_corners(centre, r, pointy), s), fill=(0, 0, 0, 0))

    return _render(w, h, paint, colours[0][0])


def _glyph_points(terrain: Terrain, r: float) -> list[list[Point]]:
    """Silhouettes that tell terrains apart by shape, in units of the hex radius around (0, 0)."""
    if terrain is Terrain.TEMPLE:
        steps = []
        for i, (half, top) in enumerate(((0.72, 0.05), (0.54, -0.22), (0.36, -0.49), (0.2, -0.7))):
            bottom = 0.32 if i == 0 else top + 0.27
            steps.append([(-half, bottom), (half, bottom), (half, top), (-half, top)])
        return [[(x * r, y * r) for x, y in poly] for poly in steps]
    if terrain is Terrain.JUNGLE:
        trees = []
        for cx, cy, size in ((-0.42, -0.08, 0.3), (0.42, -0.08, 0.3), (0.0, -0.32, 0.36)):
            trees.append([(cx, cy - size * 1.4), (cx + size, cy + size * 0.6), (cx - size, cy + size * 0.6)])
            trees.append([(cx - 0.05, cy + size * 0.6), (cx + 0.05, cy + size * 0.6),
                          (cx + 0.05, cy + size * 0.95), (cx - 0.05, cy + size * 0.95)])
        return [[(x * r, y * r) for x, y in poly] for poly in trees]
    if terrain is Terrain.TREASURE:
        gem = [(-0.62, -0.28), (-0.38, -0.62), (0.38, -0.62), (0.62, -0.28), (0.0, 0.3)]
        return [[(x * r, y * r) for x, y in gem]]
    if terrain is Terrain.VOLCANO:
        mountain = [(-0.8, 0.5), (-0.22, -0.42), (-0.1, -0.3), (0.1, -0.3), (0.22, -0.42), (0.8, 0.5)]
        lava = [(-0.14, -0.36), (0.14, -0.36), (0.05, 0.1), (0.2, 0.5), (-0.2, 0.5), (-0.05, 0.1)]
        return [[(x * r, y * r) for x, y in mountain], [(x * r, y * r) for x, y in lava]]
    tent = [(-0.55, 0.3), (0.0, -0.55), (0.55, 0.3)]
    door = [(-0.14, 0.3), (0.0, 0.02), (0.14, 0.3)]
    pole = [(-0.02, -0.55), (0.02, -0.55), (0.02, -0.8), (-0.02, -0.8)]
    flag = [(0.02, -0.8), (0.3, -0.71), (0.02, -0.62)]
    return [[(x * r, y * r) for x, y in poly] for poly in (tent, door, pole, flag)]


@lru_cache(maxsize=32)
def terrain_hex(radius: int, terrain: Terrain | None, pointy: bool = False, glyph_scale: float = 0.62,
                glyph_y: float = 0.0, outline: float = 2.5) -> Image.Image:
    """An explored hex's base (fill, silhouette, outline), or an unexplored space's. The silhouette is
    ``glyph_scale`` of the radius large, its centre ``glyph_y`` radii below the hex's (none if 0)."""
    w, h = hex_box(radius, pointy)
    fill = TERRAIN_FILL[terrain] if terrain else UNEXPLORED

    def paint(d: ImageDraw.ImageDraw, s: float) -> None:
        centre = (w / 2, h / 2)
        d.polygon(_scaled(hex_corners(centre, radius, pointy), s), fill=HEX_OUTLINE)
        d.polygon(_scaled(hex_corners(centre, radius - outline, pointy), s), fill=fill)
        if terrain is None or not glyph_scale:
            return
        centre = (w / 2, h / 2 + glyph_y * radius)
        glyph = TERRAIN_GLYPH[terrain]
        polys = _glyph_points(terrain, radius * glyph_scale)
        for i, poly in enumerate(polys):
            colour = glyph
            if terrain is Terrain.BASECAMP and i == 1:
                colour = fill
            if terrain is Terrain.VOLCANO and i == 1:
                colour = (236, 140, 60)
            d.polygon(_scaled(poly, s, *centre), fill=colour)

    return _render(w, h, paint, HEX_OUTLINE)


@lru_cache(maxsize=8)
def stone(diameter: int) -> Image.Image:
    def paint(d: ImageDraw.ImageDraw, s: float) -> None:
        d.ellipse((0, 0, diameter * s - 1, diameter * s - 1), fill=STONE_EDGE)
        d.ellipse((1.4 * s, 1.4 * s, (diameter - 1.4) * s - 1, (diameter - 1.4) * s - 1), fill=STONE)

    return _render(diameter, diameter, paint, STONE_EDGE)


@lru_cache(maxsize=64)
def disc(diameter: int, fill: RGB, outline: RGB, line: float = 2) -> Image.Image:
    def paint(d: ImageDraw.ImageDraw, s: float) -> None:
        d.ellipse((0, 0, diameter * s - 1, diameter * s - 1), fill=outline)
        d.ellipse((line * s, line * s, (diameter - line) * s - 1, (diameter - line) * s - 1), fill=fill)

    return _render(diameter, diameter, paint, outline)


@lru_cache(maxsize=64)
def rounded(width: int, height: int, fill: RGB, outline: RGB, line: float = 2, corner: float = 6) -> Image.Image:
    def paint(d: ImageDraw.ImageDraw, s: float) -> None:
        d.rounded_rectangle((0, 0, width * s - 1, height * s - 1), corner * s, fill=outline)
        d.rounded_rectangle((line * s, line * s, (width - line) * s - 1, (height - line) * s - 1),
                            max(corner - line, 0) * s, fill=fill)

    return _render(width, height, paint, outline)


def marker_points(shape: str, size: float) -> list[Point]:
    """The outline of a player's marker shape in a ``size`` × ``size`` box at (0, 0)."""
    if shape == "square":
        m = size * 0.1
        return [(m, m), (size - m, m), (size - m, size - m), (m, size - m)]
    if shape == "triangle":
        return [(size / 2, 0), (size, size * 0.9), (0, size * 0.9)]
    if shape == "diamond":
        return [(size / 2, 0), (size, size / 2), (size / 2, size), (0, size / 2)]
    return [(size / 2 + size / 2 * math.cos(a * math.pi / 16), size / 2 + size / 2 * math.sin(a * math.pi / 16))
            for a in range(32)]


@lru_cache(maxsize=64)
def marker(shape: str, size: int, fill: RGB, outline: RGB | None = None) -> Image.Image:
    """A player's marker shape, optionally with an outline of another colour."""

    def paint(d: ImageDraw.ImageDraw, s: float) -> None:
        if outline is None:
            d.polygon(_scaled(marker_points(shape, size), s), fill=fill)
            return
        d.polygon(_scaled(marker_points(shape, size), s), fill=outline)
        inner = [(x * 0.62 + size * 0.19, y * 0.62 + size * 0.19 + (size * 0.06 if shape == "triangle" else 0))
                 for x, y in marker_points(shape, size)]
        d.polygon(_scaled(inner, s), fill=fill)

    return _render(size, size, paint, outline or fill)


@lru_cache(maxsize=16)
def crown(size: int, fill: RGB = GOLD, outline: RGB = INK) -> Image.Image:
    """The leader's crown."""
    pts = [(0.06, 0.92), (0.94, 0.92), (0.98, 0.22), (0.72, 0.5), (0.5, 0.08), (0.28, 0.5), (0.02, 0.22)]

    def paint(d: ImageDraw.ImageDraw, s: float) -> None:
        d.polygon([(x * size * s, y * size * s) for x, y in pts], fill=outline)
        inner = [(0.5 + (x - 0.5) * 0.78, 0.56 + (y - 0.56) * 0.72) for x, y in pts]
        d.polygon([(x * size * s, y * size * s) for x, y in inner], fill=fill)

    return _render(size, size, paint, outline)


@lru_cache(maxsize=16)
def flag(size: int, fill: RGB, outline: RGB = INK) -> Image.Image:
    """A camp: a flag in its owner's colour on a pole (no player marker is a flag)."""

    def paint(d: ImageDraw.ImageDraw, s: float) -> None:
        u = size * s
        d.rectangle((0.04 * u, 0.02 * u, 0.16 * u, 0.98 * u), fill=outline)
        d.rectangle((0.1 * u, 0.04 * u, 0.98 * u, 0.66 * u), fill=outline)
        d.rectangle((0.17 * u, 0.1 * u, 0.92 * u, 0.6 * u), fill=fill)

    return _render(size, size, paint, outline)


@lru_cache(maxsize=16)
def glyph(terrain: Terrain, size: int, fill: RGB) -> Image.Image:
    """A terrain's silhouette alone, ``size`` pixels square (an icon for temples or treasures)."""

    def paint(d: ImageDraw.ImageDraw, s: float) -> None:
        for poly in _glyph_points(terrain, size * 0.62):
            d.polygon(_scaled(poly, s, size / 2, size / 2), fill=fill)

    return _render(size, size, paint, fill)


@lru_cache(maxsize=16)
def wafer_row(left: int, taken: int) -> Image.Image:
    """A treasure hex's wafers: gold dots for those left, hollow ones for those taken."""
    n = max(1, left + taken)
    img = Image.new("RGBA", (n * WAFER + (n - 1) * WAFER_GAP, WAFER), (0, 0, 0, 0))
    for i in range(left + taken):
        dot = disc(WAFER, WAFER_LEFT if i < left else WHITE, INK, 2.5 if i < left else 2)
        img.paste(dot, (i * (WAFER + WAFER_GAP), 0), dot)
    return img
