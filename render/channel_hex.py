"""One space of the channel picture: a pointy-topped hex with its name at the top and, packed in rows
below it, the temple value (in the colour and shape of whom it scores for), the wafers left, a camp
and a chip per player with figures there (shape, number, crown for the leader)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from PIL import Image, ImageDraw

from engine import HEXAGONS, SpaceView, Terrain

from . import sprites
from .geometry import Point, half_width
from .hexes import hexagon_space, temple_leader
from .layout import Layout
from .palette import (
    INK,
    RGB,
    SOFT_INK,
    TERRAIN_FILL,
    UNEXPLORED,
    UNEXPLORED_INK,
    WHITE,
    font,
    player_colour,
    player_marker,
    text_on,
)

CHIP_HEIGHT: Final = 36
CHIP_LINE: Final = 2
CHIP_PAD: Final = 5
CHIP_MARK: Final = 20
CHIP_GAP: Final = 3
CHIP_FONT: Final = 30
CHIP_TEXT_X: Final = CHIP_LINE + CHIP_PAD + CHIP_MARK + CHIP_GAP
TILE_HEIGHT: Final = 42
TILE_FONT: Final = 36
TILE_MARK: Final = 22
CAMP_HEIGHT: Final = 36
NAME_FONT: Final = 29
UNEXPLORED_FONT: Final = 34
ITEM_GAP: Final = 5
ROW_GAP: Final = 4
EDGE: Final = 8
"""Room kept between the contents and the hex's edge (the outline, a highlight ring)."""

Draw = Callable[[Image.Image, Layout, float, float], None]
"""Draws an item with its top-left corner at (x, y)."""


@dataclass(frozen=True, slots=True)
class Item:
    width: float
    height: float
    draw: Draw


def _text_width(text: str, size: int, condensed: bool = True) -> float:
    return font(size, True, condensed).getlength(text)


def chip_width(count: int, leader: bool) -> float:
    text = str(count) if count else ""
    width: float = CHIP_LINE + CHIP_PAD + CHIP_MARK + CHIP_PAD + CHIP_LINE
    if text:
        width += CHIP_GAP + _text_width(text, CHIP_FONT)
    if leader:
        width += CHIP_GAP + CHIP_MARK + 2
    return round(width)


@lru_cache(maxsize=256)
def chip_base(width: int, seat: int, leader: bool) -> Image.Image:
    """A player's chip without its number: colour, outline, shape and the leader's crown."""
    colour = player_colour(seat)
    ink = text_on(colour)
    img = sprites.rounded(width, CHIP_HEIGHT, colour, INK, CHIP_LINE, CHIP_HEIGHT / 2).copy()
    m = sprites.marker(player_marker(seat), CHIP_MARK, ink)
    img.paste(m, (CHIP_LINE + CHIP_PAD, (CHIP_HEIGHT - CHIP_MARK) // 2), m)
    if leader:
        c = sprites.crown(CHIP_MARK, ink, ink)
        img.paste(c, (width - CHIP_LINE - CHIP_PAD - CHIP_MARK, (CHIP_HEIGHT - CHIP_MARK) // 2 - 1), c)
    return img


def chip(space: int, hexagon: tuple[float, float, float], seat: int, count: int, leader: bool) -> Item:
    width = chip_width(count, leader)

    def draw(canvas: Image.Image, layout: Layout, x: float, y: float) -> None:
        base = chip_base(width, seat, leader)
        canvas.paste(base, (round(x), round(y)), base)
        box = (x, y, x + width, y + CHIP_HEIGHT)
        layout.piece("figures", space, seat, count, leader, box)
        if count:
            colour = player_colour(seat)
            tx = x + CHIP_TEXT_X
            layout.text(ImageDraw.Draw(canvas), (tx, y + CHIP_HEIGHT / 2), str(count), font(CHIP_FONT, True, True),
                        text_on(colour), colour, within=box, role="figures", anchor="lm", hexagon=hexagon)

    return Item(width, CHIP_HEIGHT, draw)


def tile_width(value: int, seat: int | None, guarded: bool) -> int:
    frame = 5 if guarded else 2.5
    inner = _text_width(str(value), TILE_FONT) + (TILE_MARK + 4 if seat is not None else 0)
    return max(TILE_HEIGHT, round(inner + 2 * frame + 12))


@lru_cache(maxsize=128)
def tile_base(width: int, seat: int | None, guarded: bool) -> Image.Image:
    fill: RGB = player_colour(seat) if seat is not None else WHITE
    frame = 5 if guarded else 2.5
    img = sprites.rounded(width, TILE_HEIGHT, fill, INK, frame, 7).copy()
    if guarded:
        inner = sprites.rounded(width - 12, TILE_HEIGHT - 12, fill, WHITE, 2, 4)
        img.paste(inner, (6, 6), inner)
    if seat is not None:
        m = sprites.marker(player_marker(seat), TILE_MARK, text_on(fill))
        img.paste(m, (round(frame) + 5, (TILE_HEIGHT - TILE_MARK) // 2), m)
    return img


def temple_tile(space: SpaceView, hexagon: tuple[float, float, float]) -> Item:
    value = space.value or 0
    seat = temple_leader(space)
    guarded = space.guard is not None
    width = tile_width(value, seat, guarded)

    def draw(canvas: Image.Image, layout: Layout, x: float, y: float) -> None:
        base = tile_base(width, seat, guarded)
        canvas.paste(base, (round(x), round(y)), base)
        box = (x, y, x + width, y + TILE_HEIGHT)
        layout.piece("guard" if guarded else "temple", space.space, seat, value, False, box)
        fill = player_colour(seat) if seat is not None else WHITE
        frame = 5 if guarded else 2.5
        right = x + width - frame - 6
        layout.text(ImageDraw.Draw(canvas), (right, y + TILE_HEIGHT / 2), str(value), font(TILE_FONT, True, True),
                    text_on(fill), fill, within=box, role="temple", anchor="rm", hexagon=hexagon)

    return Item(width, TILE_HEIGHT, draw)


def wafers(space: SpaceView) -> Item:
    masks = HEXAGONS[space.tile].value if space.tile else space.wafers
    taken = max(0, masks - space.wafers)
    img = sprites.wafer_row(space.wafers, taken)

    def draw(canvas: Image.Image, layout: Layout, x: float, y: float) -> None:
        canvas.paste(img, (round(x), round(y)), img)
        layout.piece("wafers", space.space, None, space.wafers, False, (x, y, x + img.width, y + img.height))

    return Item(img.width, img.height, draw)


@lru_cache(maxsize=8)
def camp_badge(seat: int) -> Image.Image:
    colour = player_colour(seat)
    ink = text_on(colour)
    width = CAMP_HEIGHT + CHIP_MARK + 4
    img = sprites.rounded(width, CAMP_HEIGHT, colour, INK, CHIP_LINE, 6).copy()
    flag = sprites.flag(CAMP_HEIGHT - 12, ink, ink)
    img.paste(flag, (5, 6), flag)
    m = sprites.marker(player_marker(seat), CHIP_MARK, ink)
    img.paste(m, (width - CHIP_MARK - 6, (CAMP_HEIGHT - CHIP_MARK) // 2), m)
    return img


def camp(space: SpaceView, seat: int) -> Item:
    img = camp_badge(seat)

    def draw(canvas: Image.Image, layout: Layout, x: float, y: float) -> None:
        canvas.paste(img, (round(x), round(y)), img)
        layout.piece("camp", space.space, seat, 1, False, (x, y, x + img.width, y + img.height))

    return Item(img.width, img.height, draw)


def items(space: SpaceView, hexagon: tuple[float, float, float]) -> list[Item]:
    """What a space shows below its name, most important first."""
    out: list[Item] = []
    if space.terrain is Terrain.TEMPLE and space.value is not None:
        out.append(temple_tile(space, hexagon))
    elif space.terrain is Terrain.TREASURE and (space.wafers or space.tile):
        out.append(wafers(space))
    if space.camp is not None:
        out.append(camp(space, space.camp))
    for seat, (count, leader) in enumerate(zip(space.workers, space.leaders, strict=True)):
        if count or leader:
            out.append(chip(space.space, hexagon, seat, count, leader))
    return out


def _rows(parts: list[Item], radius: float, top: float) -> tuple[list[list[Item]], bool]:
    """Pack ``parts`` into rows from ``top`` (relative to the centre); whether every row fits."""
    rows: list[list[Item]] = []
    y = top
    fits = True
    i = 0
    while i < len(parts):
        row = [parts[i]]
        height = parts[i].height
        i += 1
        while i < len(parts):
            h = max(height, parts[i].height)
            room = 2 * (min(half_width(radius, y), half_width(radius, y + h)) - EDGE)
            if sum(p.width for p in row) + ITEM_GAP * len(row) + parts[i].width > room:
                break
            row.append(parts[i])
            height = h
            i += 1
        room = 2 * (min(half_width(radius, y + height * 0.25), half_width(radius, y + height * 0.75)) - EDGE)
        fits = fits and sum(p.width for p in row) + ITEM_GAP * (len(row) - 1) <= room
        rows.append(row)
        y += height + ROW_GAP
    fits = fits and y - ROW_GAP <= radius - EDGE
    return rows, fits


def _name_y(radius: float) -> float:
    return -0.64 * radius


def draw_contents(canvas: Image.Image, layout: Layout, centre: Point, radius: float, space: SpaceView) -> None:
    """The space's name and contents, centred on ``centre``."""
    cx, cy = centre
    hexagon = (cx, cy, radius)
    draw = ImageDraw.Draw(canvas)
    if not space.explored:
        layout.text(draw, centre, space.name, font(UNEXPLORED_FONT, True), UNEXPLORED_INK, UNEXPLORED,
                    within=(cx - radius, cy - radius, cx + radius, cy + radius), role="space", anchor="mm",
                    hexagon=hexagon)
        return
    fill = TERRAIN_FILL[space.terrain] if space.terrain else UNEXPLORED
    name_ink = SOFT_INK if text_on(fill) == INK else WHITE
    layout.text(draw, (cx, cy + _name_y(radius)), space.name, font(NAME_FONT, True), name_ink, fill,
                within=(cx - radius, cy - radius, cx + radius, cy + radius), role="space", anchor="mm",
                hexagon=hexagon)
    parts = items(space, hexagon)
    if not parts:
        return
    _pack(canvas, layout, centre, radius, parts, _name_y(radius) + NAME_FONT * 0.55 + ROW_GAP)


def _pack(canvas: Image.Image, layout: Layout, centre: Point, radius: float, parts: list[Item], first: float) -> None:
    """Draw ``parts`` in rows, as low and centred as fits below ``first`` (relative to the centre)."""
    cx, cy = centre
    rows, _ = _rows(parts, radius, first)
    total = sum(max(p.height for p in r) for r in rows) + ROW_GAP * (len(rows) - 1)
    start = max(first, (first + radius - EDGE) / 2 - total / 2)
    while True:
        rows, fits = _rows(parts, radius, start)
        if fits or start <= first:
            break
        start = max(first, start - 4)
    y = cy + start
    for row in rows:
        height = max(p.height for p in row)
        width = sum(p.width for p in row) + ITEM_GAP * (len(row) - 1)
        x = cx - width / 2
        for p in row:
            p.draw(canvas, layout, x, y + (height - p.height) / 2)
            x += p.width + ITEM_GAP
        y += height + ROW_GAP


def draw_loose(canvas: Image.Image, layout: Layout, centre: Point, radius: int, tile: str) -> None:
    """A terrain hexagon off the board (in hand, shown in an auction): terrain, value or masks."""
    space = hexagon_space(tile)
    base = sprites.terrain_hex(radius, space.terrain, pointy=True,
                               glyph_scale=0.0 if space.terrain in (Terrain.TEMPLE, Terrain.TREASURE) else 0.62)
    canvas.paste(base, (round(centre[0] - base.width / 2), round(centre[1] - base.height / 2)), base)
    parts = items(space, (centre[0], centre[1], radius))
    if parts:
        total = max(p.height for p in parts)
        _pack(canvas, layout, centre, radius, parts, -total / 2)
