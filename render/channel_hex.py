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
    GOLD,
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
from .variants import gun_badge

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
TILE_FRAME: Final = 2.5
GUARD_FRAME: Final = 4
"""A guarded temple's tile: a thick black frame with a white line inside it."""
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


@dataclass(frozen=True, slots=True)
class ChipStyle:
    """Sizes of a chip: the compact one is for crowded hexes, its leader's crown a badge on the corner."""

    pad: int
    mark: int
    gap: int
    font: int
    end: int
    crown_inside: bool


NORMAL: Final = ChipStyle(5, 20, 3, 30, 5, True)
COMPACT: Final = ChipStyle(3, 18, 2, 28, 4, False)
BADGE: Final = 20
"""A compact chip's crown badge, centred over the chip's top-left corner."""
BADGE_LEFT: Final = 4
"""How far the badge stands out left of the chip."""
COMPACT_EDGE: Final = 4


def chip_width(count: int, leader: bool, style: ChipStyle = NORMAL) -> int:
    """The chip's own width (a compact leader's badge stands out of it by ``BADGE_LEFT``)."""
    width: float = 2 * CHIP_LINE + style.pad + style.mark + style.end
    if count:
        width += style.gap + _text_width(str(count), style.font)
    if leader and style.crown_inside:
        width += style.gap + style.mark + 2
    return round(width)


@lru_cache(maxsize=256)
def chip_base(width: int, seat: int, leader: bool, style: ChipStyle = NORMAL) -> Image.Image:
    """A player's chip without its number: colour, outline, shape and the leader's crown (inside, or as a
    gold badge on the top-left corner of a compact chip, which makes the sprite taller and wider)."""
    colour = player_colour(seat)
    ink = text_on(colour)
    body = sprites.rounded(width, CHIP_HEIGHT, colour, INK, CHIP_LINE, CHIP_HEIGHT / 2)
    badge = leader and not style.crown_inside
    top = BADGE // 2 if badge else 0
    left = BADGE_LEFT if badge else 0
    img = Image.new("RGBA", (width + left, CHIP_HEIGHT + top), (*INK, 0))
    img.paste(body, (left, top), body)
    m = sprites.marker(player_marker(seat), style.mark, ink)
    img.paste(m, (left + CHIP_LINE + style.pad, top + (CHIP_HEIGHT - style.mark) // 2), m)
    if leader and style.crown_inside:
        c = sprites.crown(style.mark, ink, ink)
        img.paste(c, (width - CHIP_LINE - style.end - style.mark, (CHIP_HEIGHT - style.mark) // 2 - 1), c)
    elif badge:
        disc = sprites.disc(BADGE, GOLD, INK, 2)
        img.paste(disc, (0, 0), disc)
        c = sprites.crown(BADGE - 8, INK, INK)
        img.paste(c, (4, 3), c)
    return img


def chip(space: int, hexagon: tuple[float, float, float], seat: int, count: int, leader: bool,
         style: ChipStyle = NORMAL) -> Item:
    width = chip_width(count, leader, style)
    base = chip_base(width, seat, leader, style)
    top = base.height - CHIP_HEIGHT
    left = base.width - width

    def draw(canvas: Image.Image, layout: Layout, x: float, y: float) -> None:
        canvas.paste(base, (round(x), round(y)), base)
        x += left
        box = (x, y + top, x + width, y + top + CHIP_HEIGHT)
        layout.piece("figures", space, seat, count, leader, box)
        if count:
            colour = player_colour(seat)
            tx = x + CHIP_LINE + style.pad + style.mark + style.gap
            layout.text(ImageDraw.Draw(canvas), (tx, y + top + CHIP_HEIGHT / 2), str(count),
                        font(style.font, True, True), text_on(colour), colour, within=box, role="figures",
                        anchor="lm", hexagon=hexagon)

    return Item(base.width, base.height, draw)


def tile_width(value: int, seat: int | None, guarded: bool) -> int:
    frame = GUARD_FRAME if guarded else TILE_FRAME
    inner = _text_width(str(value), TILE_FONT) + (TILE_MARK + 4 if seat is not None else 0)
    return max(TILE_HEIGHT, round(inner + 2 * frame + 12))


@lru_cache(maxsize=128)
def tile_base(width: int, seat: int | None, guarded: bool) -> Image.Image:
    fill: RGB = player_colour(seat) if seat is not None else WHITE
    frame = GUARD_FRAME if guarded else TILE_FRAME
    img = sprites.rounded(width, TILE_HEIGHT, fill, INK, frame, 7).copy()
    if guarded:
        inner = sprites.rounded(width - 2 * GUARD_FRAME, TILE_HEIGHT - 2 * GUARD_FRAME, fill, WHITE, 2, 4)
        img.paste(inner, (GUARD_FRAME, GUARD_FRAME), inner)
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
        frame = GUARD_FRAME if guarded else TILE_FRAME
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


def gun(space: SpaceView, seat: int) -> Item:
    """A machine gun on a temple (rules.md §7.4), in its owner's colour and shape."""
    img = gun_badge(seat, CAMP_HEIGHT)

    def draw(canvas: Image.Image, layout: Layout, x: float, y: float) -> None:
        canvas.paste(img, (round(x), round(y)), img)
        layout.piece("gun", space.space, seat, 1, False, (x, y, x + img.width, y + img.height))

    return Item(img.width, img.height, draw)


def items(space: SpaceView, hexagon: tuple[float, float, float], style: ChipStyle = NORMAL) -> list[Item]:
    """What a space shows below its name, most important first."""
    out: list[Item] = []
    if space.terrain is Terrain.TEMPLE and space.value is not None:
        out.append(temple_tile(space, hexagon))
    elif space.terrain is Terrain.TREASURE and (space.wafers or space.tile):
        out.append(wafers(space))
    if space.camp is not None:
        out.append(camp(space, space.camp))
    if space.gun is not None:
        out.append(gun(space, space.gun))
    for seat, (count, leader) in enumerate(zip(space.workers, space.leaders, strict=True)):
        if count or leader:
            out.append(chip(space.space, hexagon, seat, count, leader, style))
    return out


def _room(radius: float, y: float, height: float, edge: float) -> float:
    """The widest row of ``height`` at ``y`` (relative to the centre): its sides at half height and its
    corners, rounded by about a third of the height, stay ``edge`` inside the hex."""
    corners = 2 * (min(half_width(radius, y), half_width(radius, y + height)) - edge) + 0.6 * height
    return min(corners, 2 * (half_width(radius, y + height / 2) - edge))


def _rows(parts: list[Item], radius: float, top: float, edge: float = EDGE) -> tuple[list[list[Item]], bool]:
    """Pack ``parts`` into rows from ``top`` (relative to the centre), ``edge`` away from the hex's sides;
    whether every row fits."""
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
            if sum(p.width for p in row) + ITEM_GAP * len(row) + parts[i].width > _room(radius, y, h, edge):
                break
            row.append(parts[i])
            height = h
            i += 1
        fits = fits and sum(p.width for p in row) + ITEM_GAP * (len(row) - 1) <= _room(radius, y, height, edge)
        rows.append(row)
        y += height + ROW_GAP
    fits = fits and y - ROW_GAP <= radius - edge
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
    below_name = _name_y(radius) + NAME_FONT * 0.55 + ROW_GAP
    parts = items(space, hexagon)
    named, edge = True, float(EDGE)
    if not _rows(parts, radius, below_name)[1]:
        parts, edge = items(space, hexagon, COMPACT), COMPACT_EDGE
        # A crowded hex gives up its name before its figures (the base camp, most often).
        named = _rows(parts, radius, below_name, edge)[1]
    if named:
        fill = TERRAIN_FILL[space.terrain] if space.terrain else UNEXPLORED
        name_ink = SOFT_INK if text_on(fill) == INK else WHITE
        layout.text(draw, (cx, cy + _name_y(radius)), space.name, font(NAME_FONT, True), name_ink, fill,
                    within=(cx - radius, cy - radius, cx + radius, cy + radius), role="space", anchor="mm",
                    hexagon=hexagon)
    if parts:
        _pack(canvas, layout, centre, radius, parts, below_name if named else edge - radius, edge)


def _pack(canvas: Image.Image, layout: Layout, centre: Point, radius: float, parts: list[Item], first: float,
          edge: float = EDGE) -> None:
    """Draw ``parts`` in rows, as low and centred as fits below ``first`` (relative to the centre)."""
    cx, cy = centre
    rows, _ = _rows(parts, radius, first, edge)
    total = sum(max(p.height for p in r) for r in rows) + ROW_GAP * (len(rows) - 1)
    centred = max(first, (first + radius - edge) / 2 - total / 2)
    last = max(first, radius - edge - total)
    starts = sorted((first + k * 2.0 for k in range(int((last - first) / 2) + 1)), key=lambda t: abs(t - centred))
    start = centred
    for candidate in starts:
        _, fits = _rows(parts, radius, candidate, edge)
        if fits:
            start = candidate
            break
    rows, _ = _rows(parts, radius, start, edge)
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
