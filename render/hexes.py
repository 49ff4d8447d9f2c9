"""Drawing one space of the board and the borders between spaces, at any hex size: pointy-topped hexes, the board
turned a quarter as every picture shows it (column A on top)."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from functools import lru_cache
from typing import Final

from PIL import Image, ImageDraw

from engine import HEXAGONS, GameView, SpaceView, Terrain
from engine.board import NEIGHBOURS

from . import sprites
from .geometry import SQRT3, Point, TurnedGrid, half_width, side_point
from .palette import (
    HIGHLIGHT,
    INK,
    RGB,
    UNEXPLORED_INK,
    WHITE,
    font,
    player_colour,
    player_marker,
    text_on,
)
from .variants import gun_badge

REFERENCE_RADIUS: Final = 104
"""Every size below is for this hex radius and scales with the actual one."""
STONE_SIZE: Final = 10
STONE_GAP: Final = 12
STONE_INSET: Final = 21
COST_SIZE: Final = 25
COST_FONT: Final = 17
NAME_FONT: Final = 18
UNEXPLORED_NAME_FONT: Final = 30
VALUE_BOX: Final = 58
VALUE_FONT: Final = 40
PILL_HEIGHT: Final = 28
PILL_FONT: Final = 20
PILL_GAP: Final = 5
CAMP_SIZE: Final = 40
HIGHLIGHT_BANDS: Final = ((INK, 2), (HIGHLIGHT, 7), (INK, 2))


def _px(value: float, radius: float) -> int:
    return max(1, round(value * radius / REFERENCE_RADIUS))


def paste(canvas: Image.Image, sprite: Image.Image, centre: Point) -> None:
    """Paste ``sprite`` centred on ``centre``."""
    x = round(centre[0] - sprite.width / 2)
    y = round(centre[1] - sprite.height / 2)
    canvas.paste(sprite, (x, y), sprite)


def temple_leader(space: SpaceView) -> int | None:
    """The seat the temple scores for now: its guard's owner, or the single strongest player."""
    if space.guard is not None:
        return space.guard
    strengths = [space.strength(p) for p in range(len(space.workers))]
    best = max(strengths, default=0)
    if best == 0 or strengths.count(best) > 1:
        return None
    return strengths.index(best)


@lru_cache(maxsize=256)
def value_tile(radius: int, value: int, leader: int | None, guarded: bool) -> Image.Image:
    """A temple's square value tile, filled with the colour of the player it scores for."""
    size = _px(VALUE_BOX, radius)
    fill: RGB = player_colour(leader) if leader is not None else WHITE
    line = _px(5 if guarded else 2.5, radius)
    tile = sprites.rounded(size, size, fill, INK, line, _px(8, radius)).copy()
    if guarded:
        inner = sprites.rounded(size - 2 * line - 2, size - 2 * line - 2, fill, WHITE, _px(2, radius), _px(5, radius))
        tile.paste(inner, (line + 1, line + 1), inner)
    text = str(value)
    f = font(_px(VALUE_FONT if value < 10 else VALUE_FONT - 6, radius), True)
    ImageDraw.Draw(tile).text((size / 2, size / 2 + 1), text, font=f, fill=text_on(fill), anchor="mm")
    return tile


@lru_cache(maxsize=512)
def pill(radius: int, seat: int, workers: int, leader: bool, guard: str = "") -> Image.Image:
    """One player's figures on a hex: marker and worker count, a crown when the leader is there; a guard
    shows ``guard``, the word for it."""
    colour = player_colour(seat)
    ink = text_on(colour)
    h = _px(PILL_HEIGHT, radius)
    line = _px(4 if guard else 2, radius)
    pad = _px(3, radius) + line
    mark = h - 2 * _px(6, radius)
    f = font(_px(PILL_FONT, radius), True)
    text = guard or (str(workers) if workers else "")
    text_w = round(f.getlength(text)) if text else 0
    crown_w = h - _px(6, radius) if leader else 0
    width = pad + mark + (_px(3, radius) + text_w if text else 0) + (_px(3, radius) + crown_w if leader else 0) + pad
    img = sprites.rounded(width, h, colour, INK, line, h / 2).copy()
    x = pad
    m = sprites.marker(player_marker(seat), mark, ink)
    img.paste(m, (x, (h - mark) // 2), m)
    x += mark + _px(3, radius)
    if text:
        ImageDraw.Draw(img).text((x, h / 2 + 1), text, font=f, fill=ink, anchor="lm")
        x += text_w + _px(3, radius)
    if leader:
        c = sprites.crown(crown_w, ink, ink)
        img.paste(c, (x, (h - crown_w) // 2), c)
    return img


@lru_cache(maxsize=32)
def camp_sprite(radius: int, seat: int) -> Image.Image:
    size = _px(CAMP_SIZE, radius)
    colour = player_colour(seat)
    img = sprites.flag(size, colour).copy()
    mark = round(size * 0.38)
    m = sprites.marker(player_marker(seat), mark, text_on(colour))
    img.paste(m, (round(size * 0.545 - mark / 2), round(size * 0.35 - mark / 2)), m)
    return img


@lru_cache(maxsize=64)
def name_label(radius: int, name: str) -> Image.Image:
    f = font(_px(NAME_FONT, radius), True)
    w = round(f.getlength(name)) + _px(10, radius)
    h = _px(NAME_FONT + 6, radius)
    img = sprites.rounded(w, h, WHITE, INK, max(1, _px(1.5, radius)), _px(5, radius)).copy()
    ImageDraw.Draw(img).text((w / 2, h / 2 + 1), name, font=f, fill=INK, anchor="mm")
    return img


@lru_cache(maxsize=16)
def cost_badge(radius: int, cost: int) -> Image.Image:
    size = _px(COST_SIZE, radius)
    img = sprites.disc(size, WHITE, INK, max(1.5, _px(2, radius))).copy()
    ImageDraw.Draw(img).text((size / 2, size / 2 + 1), str(cost), font=font(_px(COST_FONT, radius), True),
                             fill=INK, anchor="mm")
    return img


def pill_rows(radius: int, space: SpaceView, guard_word: str) -> list[list[Image.Image]]:
    """The figure pills of a space, laid out in at most a few rows that fit the hex (each row as wide as the hex's
    sides leave it, the last width for any further row)."""
    pills = [pill(radius, p, w, lead) for p, (w, lead) in enumerate(zip(space.workers, space.leaders, strict=True))
             if w or lead]
    if space.guard is not None:
        pills.insert(0, pill(radius, space.guard, 0, False, guard=guard_word))
    limits = _row_widths(radius)
    rows: list[list[Image.Image]] = [[]]
    width = 0
    for p in pills:
        gap = _px(PILL_GAP, radius)
        if rows[-1] and width + gap + p.width > limits[min(len(rows), len(limits)) - 1]:
            rows.append([])
            width = 0
        width += (gap if rows[-1] else 0) + p.width
        rows[-1].append(p)
    return [r for r in rows if r]


def draw_stones(canvas: Image.Image, centre: Point, radius: int, stones: tuple[int, ...]) -> None:
    size = _px(STONE_SIZE, radius)
    dot = sprites.stone(size)
    inset = radius * SQRT3 / 2 - _px(STONE_INSET, radius)
    for side, count in enumerate(stones):
        for i in range(count):
            along = (i - (count - 1) / 2) * _px(STONE_GAP, radius)
            paste(canvas, dot, side_point(centre, inset, side, along, turned=True))


def unexplored_name(canvas: Image.Image, centre: Point, radius: int, name: str) -> None:
    ImageDraw.Draw(canvas).text(centre, name, font=font(_px(UNEXPLORED_NAME_FONT, radius), True),
                                fill=UNEXPLORED_INK, anchor="mm")


NAME_AT: Final = (-0.30, -0.52)
CAMP_AT: Final = (0.31, -0.50)
"""The name label's and the camp's (or gun's) centre, from the hex's, in radii: the top's two corners."""
FEATURE_Y: Final = -0.13
"""The temple value's or the wafers' centre, below the hex's (in radii)."""
FIGURES_Y: Final = 0.27
CROWDED_Y: Final = 0.13
"""The first row of figures (of three rows), below the hex's centre (in radii)."""


def _row_widths(radius: int) -> tuple[float, ...]:
    """The width of each row of figures: what the hex's sides leave at the row's lower edge."""
    row = _px(PILL_HEIGHT + 4, radius)
    margin = _px(10, radius)
    return tuple(2 * half_width(radius, FIGURES_Y * radius + k * row + row / 2) - 2 * margin for k in range(3))


def draw_space(canvas: Image.Image, centre: Point, radius: int, space: SpaceView, *, name: bool = True,
               guard_word: str = "guard") -> None:
    """Everything on one space except its base and its borders' costs: stones, name, value, figures."""
    cx, cy = centre
    if not space.explored:
        unexplored_name(canvas, centre, radius, space.name)
        return
    draw_stones(canvas, centre, radius, space.stones)
    if name:
        paste(canvas, name_label(radius, space.name), (cx + NAME_AT[0] * radius, cy + NAME_AT[1] * radius))
    if space.terrain is Terrain.VOLCANO:
        return
    camp = (cx + CAMP_AT[0] * radius, cy + CAMP_AT[1] * radius)
    if space.camp is not None:
        paste(canvas, camp_sprite(radius, space.camp), camp)
    if space.gun is not None:  # a temple has no camp: its gun takes the camp's place
        paste(canvas, gun_badge(space.gun, _px(CAMP_SIZE * 0.8, radius)), (camp[0] - 0.04 * radius, camp[1]))
    feature_y = cy + FEATURE_Y * radius
    if space.terrain is Terrain.TEMPLE and space.value is not None:
        paste(canvas, value_tile(radius, space.value, temple_leader(space), space.guard is not None), (cx, feature_y))
    elif space.terrain is Terrain.TREASURE:
        masks = HEXAGONS[space.tile].value if space.tile else space.wafers
        paste(canvas, sprites.wafer_row(space.wafers, max(0, masks - space.wafers)), (cx, feature_y))
    rows = pill_rows(radius, space, guard_word)
    if not rows:
        return
    row_h = _px(PILL_HEIGHT + 4, radius)
    top = cy + (FIGURES_Y if len(rows) < 3 else CROWDED_Y) * radius
    gap = _px(PILL_GAP, radius)
    for i, row in enumerate(rows):
        total = sum(p.width for p in row) + gap * (len(row) - 1)
        x = cx - total / 2
        y = top + i * row_h
        for p in row:
            paste(canvas, p, (x + p.width / 2, y))
            x += p.width + gap


def draw_costs(canvas: Image.Image, grid: TurnedGrid, view: GameView, only: Collection[int] | None = None) -> None:
    """Draw the cost badge of every passable border (between spaces of ``only`` if given), priced by the
    engine."""
    radius = round(grid.radius)
    for space, side, cost in view.border_costs():
        if only is None or (space in only and NEIGHBOURS[space][side] in only):
            paste(canvas, cost_badge(radius, cost), grid.side_midpoint(space, side))


def draw_grid(canvas: Image.Image, grid: TurnedGrid, spaces: Iterable[SpaceView], highlight: Iterable[int] = (), *,
              guard_word: str = "guard") -> None:
    """Draw the given spaces (bases, highlights, contents) and every passable border's cost."""
    radius = round(grid.radius)
    chosen = list(spaces)
    for s in chosen:
        paste(canvas, sprites.terrain_hex(radius, s.terrain if s.explored else None, pointy=True), grid.centre(s.space))
    bands = tuple((c, _px(w, radius)) for c, w in HIGHLIGHT_BANDS)
    for space in highlight:
        paste(canvas, sprites.ring(radius, bands, pointy=True), grid.centre(space))
    for s in chosen:
        draw_space(canvas, grid.centre(s.space), radius, s, guard_word=guard_word)


def hexagon_space(tile_id: str, rotation: int = 0) -> SpaceView:
    """A terrain hexagon off the board (in hand, shown in an auction) as a space without figures."""
    hexagon = HEXAGONS[tile_id]
    temple = hexagon.terrain is Terrain.TEMPLE
    return SpaceView(
        space=-1, name=tile_id, explored=True, terrain=hexagon.terrain, tile=tile_id, rotation=rotation,
        stones=hexagon.rotated(rotation), value=hexagon.value if temple else None,
        wafers=hexagon.value if hexagon.terrain is Terrain.TREASURE else 0, camp=None, guard=None,
        workers=(), leaders=(),
    )


def draw_hexagon(canvas: Image.Image, centre: Point, radius: int, tile_id: str, rotation: int = 0) -> None:
    """Draw a terrain hexagon as it would lie on the board with ``rotation``."""
    paste(canvas, sprites.terrain_hex(radius, HEXAGONS[tile_id].terrain, pointy=True), centre)
    draw_space(canvas, centre, radius, hexagon_space(tile_id, rotation), name=False)
