"""Lines of words and player markers, fitted to a width by rule: shrink down to a floor, then wrap or
shorten with an ellipsis. Every word drawn goes through ``Layout.text``."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw, ImageFont

from . import sprites, words
from .layout import Box, Layout
from .palette import INK, RGB, font, player_colour, player_marker

Part = str | int
"""A piece of rich text: words, or a seat number drawn as that player's marker."""

MARKER_EM = 0.8
MARKER_GAP_EM = 0.3


def part_width(part: Part, f: ImageFont.FreeTypeFont) -> float:
    size = float(f.size)
    if isinstance(part, int):
        return round(size * MARKER_EM) + size * MARKER_GAP_EM
    return f.getlength(part)


def line_width(parts: Sequence[Part], f: ImageFont.FreeTypeFont) -> float:
    return sum(part_width(p, f) for p in parts)


def shorten(text: str, f: ImageFont.FreeTypeFont, width: float) -> str:
    """``text`` shortened with an ellipsis to fit ``width`` pixels."""
    if f.getlength(text) <= width:
        return text
    while len(text) > 1 and f.getlength(text + words.ELLIPSIS) > width:
        text = text[:-1]
    return text.rstrip() + words.ELLIPSIS


def fitted_size(parts: Sequence[Part], size: int, floor: int, width: float, bold: bool = False) -> int:
    """The largest size from ``size`` down to ``floor`` at which the line fits ``width``."""
    while size > floor and line_width(parts, font(size, bold)) > width:
        size -= 1
    return size


def fit_line(parts: Sequence[Part], f: ImageFont.FreeTypeFont, width: float) -> list[Part]:
    """``parts`` with the longest word part shortened until the line fits ``width``."""
    out = list(parts)
    for _ in range(len(out) + 1):
        extra = line_width(out, f) - width
        if extra <= 0:
            break
        texts = [i for i, p in enumerate(out) if isinstance(p, str) and len(p) > 2]
        if not texts:
            break
        i = max(texts, key=lambda k: f.getlength(str(out[k])))
        text = str(out[i])
        out[i] = shorten(text, f, max(f.getlength(text) - extra, f.getlength(text[:2] + words.ELLIPSIS)))
    return out


def wrap(text: str, f: ImageFont.FreeTypeFont, width: float, max_lines: int) -> list[str]:
    """``text`` broken into at most ``max_lines`` lines at spaces; the last one shortened if needed."""
    lines: list[str] = []
    current = ""
    for word in text.split(" "):
        candidate = f"{current} {word}".strip()
        if f.getlength(candidate) <= width or not current:
            current = candidate
            continue
        lines.append(current)
        current = word
    lines.append(current)
    if len(lines) > max_lines:
        lines = [*lines[:max_lines - 1], " ".join(lines[max_lines - 1:])]
    return [shorten(line, f, width) for line in lines]


def draw_line(canvas: Image.Image, layout: Layout, xy: tuple[float, float], parts: Sequence[Part],
              f: ImageFont.FreeTypeFont, bg: RGB, *, within: Box, role: str, colour: RGB = INK) -> float:
    """Draw words and player markers on one line starting at ``xy`` (left, middle); return the end x."""
    draw = ImageDraw.Draw(canvas)
    size = float(f.size)
    x, y = xy
    merged: list[Part] = []
    for part in parts:
        if merged and isinstance(part, str) and isinstance(merged[-1], str):
            merged[-1] += part
        else:
            merged.append(part)
    for part in merged:
        if isinstance(part, int):
            mark = round(size * MARKER_EM)
            m = sprites.marker(player_marker(part), mark, player_colour(part), INK)
            canvas.paste(m, (round(x), round(y - mark / 2)), m)
            x += mark + size * MARKER_GAP_EM
        else:
            text = part.strip()
            x += f.getlength(part[:len(part) - len(part.lstrip())])
            if text:
                layout.text(draw, (x, y), text, f, colour, bg, within=within, role=role, anchor="lm")
            x += f.getlength(part.lstrip())
    return x
