"""A close-up of one space and its neighbours, for small screens, turned as the channel picture."""

from __future__ import annotations

from typing import Final

from PIL import Image, ImageDraw

from engine import GameView, parse_space
from engine.board import NEIGHBOURS

from .encode import to_png
from .geometry import TurnedGrid
from .hexes import COST_FONT, COST_SIZE, REFERENCE_RADIUS, draw_costs, draw_grid
from .highlight import changed_spaces
from .palette import BACKGROUND, FRAME, INK, font
from .variants import draw_obstacle_costs, draw_obstacles
from .words import Words, words_for

ZOOM_RADIUS: Final = 180
ZOOM_WIDTH: Final = 1000
ZOOM_HEIGHT: Final = 1040
TITLE_HEIGHT: Final = 56


def _fits(grid: TurnedGrid, space: int) -> bool:
    """Whether the whole hex lies inside the picture below the title."""
    x, y = grid.centre(space)
    return (x - grid.half_width >= 0 and x + grid.half_width <= ZOOM_WIDTH
            and y - grid.half_height >= TITLE_HEIGHT and y + grid.half_height <= ZOOM_HEIGHT)


def shown_spaces(space_name: str, words: Words | None = None) -> tuple[TurnedGrid, frozenset[int]]:
    """The grid centred on the space and its neighbours, and the spaces drawn: those and every further
    neighbour whose whole hex fits the picture (a hex cut by the edge is left out)."""
    space = parse_space(space_name)
    if space is None:
        raise ValueError((words or words_for()).no_such_space(space_name))
    probe = TurnedGrid(ZOOM_RADIUS, (0, 0))
    core = {space, *(n for n in NEIGHBOURS[space] if n >= 0)}
    xs = [probe.centre(s)[0] for s in core]
    ys = [probe.centre(s)[1] for s in core]
    px, py = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    grid = TurnedGrid(ZOOM_RADIUS, (ZOOM_WIDTH / 2 - px, TITLE_HEIGHT + (ZOOM_HEIGHT - TITLE_HEIGHT) / 2 - py))
    ring = {n for s in core for n in NEIGHBOURS[s] if n >= 0}
    return grid, frozenset(core | {s for s in ring if _fits(grid, s)})


def zoom_image(view: GameView, space_name: str, *, highlight: bool = True, words: Words | None = None) -> Image.Image:
    w = words or words_for()
    grid, shown = shown_spaces(space_name, w)
    space = parse_space(space_name)
    assert space is not None
    canvas = Image.new("RGB", (ZOOM_WIDTH, ZOOM_HEIGHT), BACKGROUND)
    spaces = [view.spaces[s] for s in sorted(shown)]
    marked = changed_spaces(view) & shown if highlight else frozenset()
    draw_grid(canvas, grid, spaces, marked, guard_word=w.guard_word())
    draw_obstacles(canvas, view, grid.side_midpoint, grid.radius, turned=True, only=shown)
    draw_costs(canvas, grid, view, shown)
    scale = ZOOM_RADIUS / REFERENCE_RADIUS
    draw_obstacle_costs(canvas, view, grid.side_midpoint, round(COST_SIZE * scale), round(COST_FONT * scale), shown)
    draw = ImageDraw.Draw(canvas)
    draw.rectangle((0, 0, ZOOM_WIDTH - 1, TITLE_HEIGHT), fill=BACKGROUND)
    draw.text((20, TITLE_HEIGHT / 2), w.close_up(view.spaces[space].name),
              font=font(30, True), fill=INK, anchor="lm")
    draw.rectangle((0, 0, ZOOM_WIDTH - 1, ZOOM_HEIGHT - 1), outline=FRAME, width=4)
    return canvas


def render_zoom(view: GameView, space_name: str, *, highlight: bool = True, locale: str = "en") -> bytes:
    """Return a PNG close-up of the space ``space_name`` and its neighbours (larger type for phones), in the
    reader's language. Raises ``ValueError`` for a name that is not a space."""
    return to_png(zoom_image(view, space_name, highlight=highlight, words=words_for(locale)))
