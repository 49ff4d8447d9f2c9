"""The channel picture, phone-first: posted after every turn and read in a 400-px-wide chat column.

From top to bottom: whose turn and the phase, a caption of what the last turn did; the board turned a
quarter (column A on top, rows 1…5 left to right) beside a narrow column with the hexagon in hand (or
the auction's shown hexagons) and the stack; a strip with one cell per player. Every size is chosen so
that text is at least 11 px tall at 400 px wide; stones and border costs live in the detail picture.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from functools import lru_cache
from typing import Final

from PIL import Image, ImageDraw, ImageFont

from engine import GameView, Phase, SpaceView, Terrain
from engine.board import SPACE_COUNT, space_name

from . import sprites
from .channel_hex import draw_contents, draw_loose
from .encode import to_png
from .geometry import TurnedGrid
from .highlight import changed_spaces
from .layout import Box, Layout
from .palette import BACKGROUND, FRAME, HIGHLIGHT, INK, SPOTLIGHT, WHITE, font
from .status import SEP, auction_parts, status_parts, story_lines
from .strip import STRIP_HEIGHT, draw_strip
from .textrun import Part, draw_line, fit_line, fitted_size, line_width, wrap
from .variants import draw_obstacles
from .words import Words, words_for

WIDTH: Final = 1000
MARGIN: Final = 10
FRAME_WIDTH: Final = 3
STATUS_FONT: Final = 38
LINE_FONT: Final = 30
MIN_FONT: Final = 28
"""11.2 px at 400 px wide."""
STATUS_FLOOR: Final = 32
STATUS_Y: Final = MARGIN + 26
LINE_HEIGHT: Final = 38
HEADER_BOTTOM: Final = STATUS_Y + 24 + 2 * LINE_HEIGHT + 2
RADIUS: Final = 90
GRID: Final = TurnedGrid(RADIUS, (MARGIN, HEADER_BOTTOM + 4))
BOARD_BOTTOM: Final = round(GRID.origin[1] + GRID.height)
STRIP_TOP: Final = BOARD_BOTTOM + 8
HEIGHT: Final = STRIP_TOP + STRIP_HEIGHT + MARGIN
SIDE: Final = (round(MARGIN + GRID.width + 14), HEADER_BOTTOM + 8, WIDTH - MARGIN, BOARD_BOTTOM)
SIDE_FONT: Final = 28
LOOSE_RADIUS: Final = 84
SIDE_SHIFT: Final = 30
"""How far the hexagons beside the board stand off from it."""
BADGE: Final = 36
VOLCANO_ICON: Final = (150, 60, 40)
STACK_ICON: Final = 30
HIGHLIGHT_BANDS: Final = ((INK, 2), (HIGHLIGHT, 6), (INK, 2))
SPOTLIGHT_BANDS: Final = ((WHITE, 3), (SPOTLIGHT, 10), (WHITE, 3))

Caption = Callable[[GameView, Words, float, ImageFont.FreeTypeFont, int], list[list[Part]]]
"""What the header's caption says: ``(view, words, room, font, max_lines)`` → lines of parts; by default the
last turn (``status.story_lines``), in the replay also its number or a scoring round's points."""


def _base(radius: int, terrain: Terrain | None) -> Image.Image:
    glyph = {Terrain.JUNGLE: 0.3, Terrain.BASECAMP: 0.3, Terrain.VOLCANO: 0.42}.get(terrain, 0.0) if terrain else 0.0
    return sprites.terrain_hex(radius, terrain, pointy=True, glyph_scale=glyph, glyph_y=0.58 if glyph < 0.4 else 0.2)


def _paste(canvas: Image.Image, sprite: Image.Image, centre: tuple[float, float]) -> None:
    canvas.paste(sprite, (round(centre[0] - sprite.width / 2), round(centre[1] - sprite.height / 2)), sprite)


@lru_cache(maxsize=2)
def _empty(draw_text: bool) -> tuple[Image.Image, tuple[Layout, ...]]:
    """The static layer (background, frame, the 40 spaces unexplored with their names) and each space's
    recorded name."""
    canvas = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    ImageDraw.Draw(canvas).rectangle((0, 0, WIDTH - 1, HEIGHT - 1), outline=FRAME, width=FRAME_WIDTH)
    base = _base(RADIUS, None)
    names = []
    for space in range(SPACE_COUNT):
        _paste(canvas, base, GRID.centre(space))
    for space in range(SPACE_COUNT):
        layout = Layout(WIDTH, HEIGHT, draw_text)
        draw_contents(canvas, layout, GRID.centre(space), RADIUS, _unexplored(space))
        names.append(layout)
    return canvas, tuple(names)


def _unexplored(space: int) -> SpaceView:
    return SpaceView(space=space, name=space_name(space), explored=False, terrain=None, tile=None, rotation=0,
                     stones=(0,) * 6, value=None, wafers=0, camp=None, guard=None, workers=(), leaders=())


def _draw_board(canvas: Image.Image, layout: Layout, view: GameView, highlight: bool,
                spotlight: Collection[int] = ()) -> None:
    for s in view.spaces:
        if s.explored:
            _paste(canvas, _base(RADIUS, s.terrain), GRID.centre(s.space))
    if highlight:
        ring = sprites.ring(RADIUS, HIGHLIGHT_BANDS, pointy=True)
        for space in sorted(changed_spaces(view)):
            _paste(canvas, ring, GRID.centre(space))
    if spotlight:
        ring = sprites.ring(RADIUS, SPOTLIGHT_BANDS, pointy=True)
        for space in sorted(spotlight):
            _paste(canvas, ring, GRID.centre(space))
    draw_obstacles(canvas, view, GRID.side_midpoint, RADIUS, turned=True, layout=layout)
    for s in view.spaces:
        if s.explored:
            draw_contents(canvas, layout, GRID.centre(s.space), RADIUS, s)


def _status_and_caption(view: GameView, w: Words, room: float,
                        caption: Caption) -> tuple[list[Part], int, list[list[Part]]]:
    """The status line, its font size and up to two caption lines. The auction's state joins the status
    line when it fits there (without who passed, which the strip's tags also tell), else it takes the
    first caption line."""
    status = status_parts(view, w)
    line_font = font(LINE_FONT)
    auction = auction_parts(view, w)
    if auction is not None:
        for extra in (auction, auction_parts(view, w, passed=False) or []):
            joined = [*status, SEP, *extra]
            size = fitted_size(joined, STATUS_FONT, STATUS_FLOOR, room, bold=True)
            if line_width(joined, font(size, True)) <= room:
                return joined, size, caption(view, w, room, line_font, 2)
    size = fitted_size(status, STATUS_FONT, STATUS_FLOOR, room, bold=True)
    head = [auction] if auction is not None else []
    return status, size, [*head, *caption(view, w, room, line_font, 2 - len(head))]


def _draw_header(canvas: Image.Image, layout: Layout, view: GameView, w: Words, caption: Caption) -> None:
    box: Box = (MARGIN, MARGIN, WIDTH - MARGIN, HEADER_BOTTOM)
    room = box[2] - box[0] - 8
    status, size, lines = _status_and_caption(view, w, room, caption)
    f = font(size, True)
    draw_line(canvas, layout, (box[0] + 4, STATUS_Y), fit_line(status, f, room), f, BACKGROUND, within=box,
              role="status")
    line_font = font(LINE_FONT)
    for i, line in enumerate(lines[:2]):
        draw_line(canvas, layout, (box[0] + 4, STATUS_Y + 22 + LINE_HEIGHT * i + LINE_HEIGHT / 2 - 2),
                  fit_line(line, line_font, room), line_font, BACKGROUND, within=box, role="caption")


def _side_label(canvas: Image.Image, layout: Layout, text: str, *, top: float | None = None,
                bottom: float | None = None) -> float:
    """A short label in the side column, wrapped to its width, from ``top`` or ending at ``bottom``;
    return the y under it."""
    left, _, right, _ = SIDE
    f = font(SIDE_FONT)
    draw = ImageDraw.Draw(canvas)
    lines = wrap(text, f, right - left, 2)
    y = top if top is not None else (bottom or 0) - len(lines) * (SIDE_FONT + 4)
    for line in lines:
        layout.text(draw, ((left + right) / 2, y), line, f, INK, BACKGROUND, within=SIDE, role="side", anchor="mt")
        y += SIDE_FONT + 4
    return y


def _number_badge(canvas: Image.Image, layout: Layout, label: str, centre: tuple[float, float]) -> None:
    badge = sprites.disc(BADGE, INK, WHITE, 2)
    _paste(canvas, badge, centre)
    x, y = centre
    box = (x - BADGE / 2, y - BADGE / 2, x + BADGE / 2, y + BADGE / 2)
    layout.text(ImageDraw.Draw(canvas), centre, label, font(MIN_FONT + 1, True), WHITE, INK, within=box,
                role="side", anchor="mm")


def beside_board(k: int) -> tuple[float, float]:
    """The centre of the k-th hexagon drawn beside the board: in the notches right of rows B, D, F, H."""
    x, y = GRID.centre(5 + 10 * k + 4)
    return x + GRID.step + SIDE_SHIFT, y


def _draw_side(canvas: Image.Image, layout: Layout, view: GameView, w: Words) -> None:
    left, top, right, _ = SIDE
    cx = (left + right) / 2
    f = font(SIDE_FONT)
    draw = ImageDraw.Draw(canvas)
    y: float = top
    counts = [(sprites.terrain_hex(STACK_ICON // 2, None, pointy=True), view.stack_left)]
    if view.volcanoes_to_come:
        counts.append((sprites.glyph(Terrain.VOLCANO, STACK_ICON, VOLCANO_ICON), view.volcanoes_to_come))
    for icon, count in counts:
        text = str(count)
        width = icon.width + 6 + f.getlength(text)
        canvas.paste(icon, (round(cx - width / 2), round(y)), icon)
        layout.text(draw, (cx + width / 2, y + icon.height / 2), text, f, INK, BACKGROUND, within=SIDE, role="side",
                    anchor="rm")
        y += icon.height + 6
    if view.phase in (Phase.BID, Phase.PICK) and view.shown:
        tiles, label = list(view.shown), w.shown()
    elif view.hand and view.phase in (Phase.PLACE, Phase.SCORING, Phase.DECLARE):
        tiles, label = [view.hand], w.set_aside() if view.phase is Phase.SCORING else w.in_hand()
    else:
        return
    _side_label(canvas, layout, label, bottom=beside_board(0)[1] - LOOSE_RADIUS - 2)
    for i, tile in enumerate(tiles[:4]):
        centre = beside_board(i)
        draw_loose(canvas, layout, centre, LOOSE_RADIUS, tile)
        if len(tiles) > 1:
            _number_badge(canvas, layout, str(i + 1), (centre[0] - LOOSE_RADIUS * 0.55, centre[1] - LOOSE_RADIUS * 0.6))


def channel_image(view: GameView, *, highlight: bool = True, draw_text: bool = True,
                  caption: Caption = story_lines, words: Words | None = None,
                  spotlight: Collection[int] = ()) -> tuple[Image.Image, Layout]:
    """The channel picture and the record of what it drew, in the language of ``words`` (English by default);
    ``spotlight``: spaces marked in magenta (the tutorial's)."""
    w = words or words_for()
    empty, names = _empty(draw_text)
    canvas = empty.copy()
    layout = Layout(WIDTH, HEIGHT, draw_text)
    for s in view.spaces:
        if not s.explored:
            layout.labels.extend(names[s.space].labels)
    _draw_board(canvas, layout, view, highlight, spotlight)
    _draw_header(canvas, layout, view, w, caption)
    _draw_side(canvas, layout, view, w)
    draw_strip(canvas, layout, view, (MARGIN, STRIP_TOP, WIDTH - MARGIN, STRIP_TOP + STRIP_HEIGHT), w)
    return canvas, layout


def render_board(view: GameView, *, highlight: bool = True, spotlight: Collection[int] = (), size: int | None = None,
                 locale: str = "en") -> bytes:
    """Return the channel picture as a PNG, designed to be read on a phone (400 px wide): whose turn,
    the phase and AP, a caption of the last turn, every space with its temple value, wafers left, camp
    and each player's figures (shape and number, crown for the leader), the hexagon in hand or shown,
    and every player's score and what scores now.

    ``highlight`` outlines the spaces named by the last turn's moves (or the current turn's so far);
    ``spotlight`` marks spaces (0–39) in magenta, over that outline: the tutorial's "here".
    ``size`` scales the picture so its longer side has that many pixels (default 1388, 1000 wide).
    ``locale`` is the reader's language (``de``, ``es-419`` … resolved by ``lang``; English by default).
    """
    return to_png(channel_image(view, highlight=highlight, words=words_for(locale), spotlight=spotlight)[0], size)

