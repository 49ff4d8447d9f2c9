"""How to read the pictures: the legend as lines of text (for ``/tikal rules``) and as a picture with a
sample of each thing (for the detail picture, or on its own)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from PIL import Image, ImageDraw

from engine import Terrain

from . import sprites
from .channel_hex import CHIP_TEXT_X, camp_badge, chip_base, chip_width, tile_base, tile_width
from .encode import to_png
from .palette import BACKGROUND, FRAME, HIGHLIGHT, INK, font
from .textrun import wrap
from .words import Words, words_for

LINE_FONT: Final = 20
SMALLEST_FONT: Final = 13
LEADING: Final = 2
ROW: Final = 50
SAMPLE: Final = 118
LEGEND_WIDTH: Final = 1440
HIGHLIGHT_BANDS: Final = ((INK, 2), (HIGHLIGHT, 6), (INK, 2))

Sample = Callable[[], Image.Image]


def legend_lines(*, locale: str = "en") -> list[str]:
    """The legend in words, one line per thing, for a text reply, in the reader's language."""
    return _lines(words_for(locale))


def _lines(w: Words) -> list[str]:
    return [w.legend_players(), w.legend_temple(), w.legend_wafers(), w.legend_camp(), w.legend_outline(),
            w.legend_scores(), w.legend_stack(), w.legend_costs()]


def _chips() -> Image.Image:
    a, b = chip_base(chip_width(3, False), 0, False), chip_base(chip_width(0, True), 2, True)
    img = Image.new("RGBA", (a.width + b.width + 6, a.height), (0, 0, 0, 0))
    img.paste(a, (0, 0), a)
    img.paste(b, (a.width + 6, 0), b)
    ImageDraw.Draw(img).text((CHIP_TEXT_X, a.height / 2), "3", font=font(30, True, True), fill=(255, 255, 255),
                             anchor="lm")
    return img


def _temple() -> Image.Image:
    img = tile_base(tile_width(5, 3, True), 3, True).copy()
    ImageDraw.Draw(img).text((img.width - 11, img.height / 2), "5", font=font(36, True, True), fill=INK, anchor="rm")
    return img


def _outline() -> Image.Image:
    return sprites.ring(22, HIGHLIGHT_BANDS, pointy=True)


def _scores() -> Image.Image:
    img = Image.new("RGBA", (100, 34), (0, 0, 0, 0))
    for i, terrain in enumerate((Terrain.TEMPLE, Terrain.TREASURE)):
        icon = sprites.glyph(terrain, 30, (96, 86, 70))
        img.paste(icon, (i * 50, 2), icon)
    return img


def _stack() -> Image.Image:
    hexagon = sprites.terrain_hex(15, None, pointy=True)
    volcano = sprites.glyph(Terrain.VOLCANO, 30, (150, 60, 40))
    img = Image.new("RGBA", (hexagon.width + volcano.width + 12, 34), (0, 0, 0, 0))
    img.paste(hexagon, (0, 1), hexagon)
    img.paste(volcano, (hexagon.width + 12, 2), volcano)
    return img


def _cost() -> Image.Image:
    img = sprites.disc(26, (255, 255, 255), INK, 2).copy()
    ImageDraw.Draw(img).text((13, 14), "2", font=font(17, True), fill=INK, anchor="mm")
    return img


SAMPLES: Final[tuple[Sample, ...]] = (_chips, _temple, lambda: sprites.wafer_row(2, 1), lambda: camp_badge(1), _outline,
                                      _scores, _stack, _cost)


def legend_height(width: int) -> int:
    columns = 2 if width >= 1200 else 1
    rows = -(-len(SAMPLES) // columns)
    return 40 + rows * ROW


def draw_legend(canvas: Image.Image, box: tuple[int, int, int, int], w: Words) -> None:
    """The legend's title and, in one or two columns, a sample and a line per thing."""
    left, top, right, _ = box
    draw = ImageDraw.Draw(canvas)
    draw.text((left + 4, top + 16), w.legend_title(), font=font(22, True), fill=INK, anchor="lm")
    columns = 2 if right - left >= 1200 else 1
    width = (right - left) / columns
    rows = -(-len(SAMPLES) // columns)
    for i, (sample, line) in enumerate(zip(SAMPLES, _lines(w), strict=True)):
        col, row = divmod(i, rows)
        x = left + col * width
        y = top + 40 + row * ROW + ROW / 2
        img = sample()
        canvas.paste(img, (round(x + SAMPLE / 2 - img.width / 2), round(y - img.height / 2)), img)
        size, lines = fitted(line, width - SAMPLE - 12)
        f = font(size)
        for k, text in enumerate(lines):
            draw.text((x + SAMPLE + 4, y + (k - (len(lines) - 1) / 2) * (size + LEADING)), text, font=f, fill=INK,
                      anchor="lm")


def fitted(line: str, room: float) -> tuple[int, list[str]]:
    """The largest font size at which ``line`` wraps, whole, into as many lines as a row holds at that size, and
    those lines. A language with longer words than English gets a smaller size (and a third line) rather than
    a cut sentence; only below ``SMALLEST_FONT`` is the last line shortened."""
    for size in range(LINE_FONT, SMALLEST_FONT - 1, -1):
        f = font(size)
        lines = wrap(line, f, room, ROW)
        if len(lines) <= max(1, ROW // (size + LEADING)) and all(f.getlength(text) <= room for text in lines):
            return size, lines
    return SMALLEST_FONT, wrap(line, font(SMALLEST_FONT), room, ROW // (SMALLEST_FONT + LEADING))


def render_legend(width: int = 900, *, locale: str = "en") -> bytes:
    """The legend on its own as a PNG (for ``/tikal rules``), in the reader's language."""
    height = legend_height(width) + 16
    canvas = Image.new("RGB", (width, height), BACKGROUND)
    draw_legend(canvas, (8, 8, width - 8, height - 8), words_for(locale))
    ImageDraw.Draw(canvas).rectangle((0, 0, width - 1, height - 1), outline=FRAME, width=3)
    return to_png(canvas)

