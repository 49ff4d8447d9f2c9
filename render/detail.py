"""The full-detail picture for the private ``/tikal board``: header with the stack, the 40 spaces with stones and
every border's cost, one card per player, and the legend. The board is turned as in the channel picture (column A
on top, rows 1–5 from left to right), so a player finds every space where the channel shows it."""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from PIL import Image, ImageDraw

from engine import GameView
from engine.board import SPACE_COUNT, space_name

from . import sprites
from .encode import to_png
from .geometry import BOARD_RADIUS, CANVAS_WIDTH, CARD_HEIGHT, HEADER_HEIGHT, MARGIN, TurnedGrid, board_grid
from .hexes import COST_FONT, COST_SIZE, draw_costs, draw_grid, paste, unexplored_name
from .highlight import changed_spaces
from .legend import draw_legend, legend_height
from .palette import BACKGROUND, FRAME
from .panel import draw_cards, draw_header
from .variants import draw_obstacle_costs, draw_obstacles
from .words import Words, words_for

BOARD_GAP: Final = 14
FRAME_WIDTH: Final = 4
GRID: Final[TurnedGrid] = board_grid()
CARDS_TOP: Final = round(MARGIN + HEADER_HEIGHT + GRID.height + BOARD_GAP)
LEGEND_TOP: Final = CARDS_TOP + CARD_HEIGHT + BOARD_GAP
CANVAS_HEIGHT: Final = LEGEND_TOP + legend_height(CANVAS_WIDTH - 2 * MARGIN) + MARGIN


@lru_cache(maxsize=1)
def empty_board() -> Image.Image:
    """The static layer: background, frame and all 40 spaces unexplored with their names."""
    canvas = Image.new("RGB", (CANVAS_WIDTH, CANVAS_HEIGHT), BACKGROUND)
    ImageDraw.Draw(canvas).rectangle((0, 0, CANVAS_WIDTH - 1, CANVAS_HEIGHT - 1), outline=FRAME, width=FRAME_WIDTH)
    base = sprites.terrain_hex(BOARD_RADIUS, None, pointy=True)
    for space in range(SPACE_COUNT):
        paste(canvas, base, GRID.centre(space))
    for space in range(SPACE_COUNT):
        unexplored_name(canvas, GRID.centre(space), BOARD_RADIUS, space_name(space))
    return canvas


def detail_image(view: GameView, *, highlight: bool = True, cards: bool = True,
                 words: Words | None = None) -> Image.Image:
    """The detail picture as an RGB image (see ``render_detail``)."""
    w = words or words_for()
    canvas = empty_board().copy()
    explored = [s for s in view.spaces if s.explored]
    draw_grid(canvas, GRID, explored, changed_spaces(view) if highlight else (), guard_word=w.guard_word())
    draw_obstacles(canvas, view, GRID.side_midpoint, GRID.radius, turned=True)
    draw_costs(canvas, GRID, view)
    draw_obstacle_costs(canvas, view, GRID.side_midpoint, COST_SIZE, COST_FONT)
    draw_header(canvas, view, (MARGIN, MARGIN, CANVAS_WIDTH - MARGIN, MARGIN + HEADER_HEIGHT), w)
    if cards:
        draw_cards(canvas, view, (MARGIN, CARDS_TOP, CANVAS_WIDTH - MARGIN, CARDS_TOP + CARD_HEIGHT), w)
    draw_legend(canvas, (MARGIN, LEGEND_TOP, CANVAS_WIDTH - MARGIN, CANVAS_HEIGHT - MARGIN), w)
    return canvas


def render_detail(view: GameView, *, highlight: bool = True, size: int | None = None, locale: str = "en") -> bytes:
    """Return the full-detail board as a PNG (for the private ``/tikal board``): every space with its name,
    terrain, stones, border costs (priced by the engine), temple values, wafers, camps, guards and
    figures; a status header with the stack; a card per player (supply, camps and guards left,
    treasures); and the legend.

    ``highlight`` outlines the spaces named by the last turn's moves (or the current turn's so far).
    ``size`` scales the picture so its longer side has that many pixels (default its height, about 2,100).
    ``locale`` is the reader's language (English by default).
    """
    return to_png(detail_image(view, highlight=highlight, words=words_for(locale)), size)

