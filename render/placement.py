"""The placement preview: the hexagon in hand in its six rotations, and where it may go."""

from __future__ import annotations

from collections import defaultdict
from typing import Final

from PIL import Image, ImageDraw

from engine import GameView

from . import sprites
from .detail import CARDS_TOP, GRID, detail_image
from .encode import to_png
from .geometry import BOARD_RADIUS, CANVAS_WIDTH, CARD_HEIGHT, MARGIN
from .hexes import draw_hexagon, paste
from .palette import BACKGROUND, INK, LEGAL, WHITE, font
from .panel import Part, rich, rich_width
from .words import Words, words_for

ROTATION_RADIUS: Final = 70
LEGAL_BANDS: Final = ((INK, 3), (LEGAL, 5), (INK, 2))
ROTATIONS_FONT: Final = 19
LABEL_FONT: Final = 26
SCORES_FONT: Final = 22


def legal_rotations(view: GameView) -> dict[int, list[int]]:
    """The legal rotations per space for the hexagon in hand."""
    found: dict[int, list[int]] = defaultdict(list)
    for space, rotation in view.placements:
        found[space].append(rotation)
    return dict(found)


def _mark_space(canvas: Image.Image, centre: tuple[float, float], rotations: list[int], w: Words) -> None:
    paste(canvas, sprites.ring(BOARD_RADIUS, LEGAL_BANDS, pointy=True), centre)
    text = w.all_rotations() if len(rotations) == 6 else " ".join(str(r) for r in rotations)
    f = font(ROTATIONS_FONT, True)
    width = round(f.getlength(text)) + 14
    chip = sprites.rounded(width, 30, WHITE, INK, 2, 8)
    cx, cy = centre
    paste(canvas, chip, (cx, cy + 40))
    draw = ImageDraw.Draw(canvas)
    draw.text((cx, cy + 41), text, font=f, fill=INK, anchor="mm")
    draw.text((cx, cy + 62), w.rotations(), font=font(15), fill=INK, anchor="mm")


def _draw_scores(canvas: Image.Image, view: GameView, right: int, y: float) -> None:
    """Every player's marker, name and score on one line ending at ``right``: placing keeps them in view."""
    parts: list[Part] = []
    for p in view.players:
        parts += [p.seat, f"{p.name} {p.score}   "]
    size = SCORES_FONT
    rich(canvas, (right - rich_width(parts, size, True), y), parts, size, True)


def _draw_rotations(canvas: Image.Image, view: GameView, tile: str, box: tuple[int, int, int, int],
                    w: Words) -> None:
    left, top, right, bottom = box
    draw = ImageDraw.Draw(canvas)
    draw.rectangle(box, fill=BACKGROUND)
    draw.text((left + 4, top + 16), w.rotations_title(), font=font(21, True), fill=INK, anchor="lm")
    _draw_scores(canvas, view, right, bottom - 16)  # under the rotations: the title takes the top line's width
    step = (right - left) / 6
    for r in range(6):
        cx = left + step * (r + 0.5)
        cy = top + 34 + ROTATION_RADIUS
        draw_hexagon(canvas, (cx, cy), ROTATION_RADIUS, tile, r)
        badge = sprites.disc(36, INK, WHITE, 2).copy()
        ImageDraw.Draw(badge).text((18, 19), str(r), font=font(LABEL_FONT, True), fill=WHITE, anchor="mm")
        paste(canvas, badge, (cx - ROTATION_RADIUS * 0.8, cy - ROTATION_RADIUS * 0.7))


def placement_image(view: GameView, words: Words | None = None) -> Image.Image:
    """The board with the legal spaces marked and, instead of the player cards, the hexagon in hand in its
    six rotations; outside the placing phase, the plain board."""
    placing = view.hand is not None and bool(view.placements)
    w = words or words_for()
    canvas = detail_image(view, highlight=False, cards=not placing, words=w)
    for space, rotations in sorted(legal_rotations(view).items()):
        _mark_space(canvas, GRID.centre(space), rotations, w)
    if placing and view.hand is not None:
        _draw_rotations(canvas, view, view.hand, (MARGIN, CARDS_TOP, CANVAS_WIDTH - MARGIN, CARDS_TOP + CARD_HEIGHT), w)
    return canvas


def render_placement(view: GameView, *, locale: str = "en") -> bytes:
    """Return a PNG of the board with the spaces where the hexagon in hand may go outlined (with their
    legal rotations) and the hexagon drawn in its six rotations labelled 0–5."""
    return to_png(placement_image(view, words_for(locale)))
