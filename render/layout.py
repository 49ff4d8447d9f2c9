"""What a picture drew and where: every label (text, font size, box, colours) and every game piece.

Drawing functions put text through ``Layout.text``, which measures with the same ``textbbox`` call that
positions the text and records the result; tests read the record (sizes at phone width, contrast, boxes,
overlaps, every figure present) instead of comparing pixels with a reference picture.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from PIL import ImageDraw, ImageFont

from .palette import RGB

Box = tuple[float, float, float, float]
"""left, top, right, bottom in picture pixels."""

PHONE_WIDTH: Final = 400
"""The width a phone's chat column gives an attached picture, in device-independent pixels."""


@dataclass(frozen=True, slots=True)
class Label:
    text: str
    size: int
    """Font size in picture pixels."""
    box: Box
    """The text's bounding box as drawn (``ImageDraw.textbbox``)."""
    within: Box
    """The box the text must stay inside (its chip, its cell, the header)."""
    fg: RGB
    bg: RGB
    """The colour the text is drawn on."""
    role: str
    hexagon: tuple[float, float, float] | None = None
    """``(x, y, radius)`` of the pointy-topped hex the text must also stay inside, if any."""


@dataclass(frozen=True, slots=True)
class Piece:
    """A game piece drawn on a space: ``kind`` is ``figures``, ``camp``, ``temple``, ``guard`` or ``wafers``."""

    kind: str
    space: int
    seat: int | None
    count: int
    leader: bool
    box: Box


@dataclass(slots=True)
class Layout:
    """The record of one picture. With ``draw_text`` false the labels are measured and recorded but not
    drawn (tests compare such a picture with the real one)."""

    width: int
    height: int
    draw_text: bool = True
    labels: list[Label] = field(default_factory=list)
    pieces: list[Piece] = field(default_factory=list)

    @property
    def phone_scale(self) -> float:
        """Picture pixels → pixels on a 400-px-wide phone column."""
        return PHONE_WIDTH / self.width

    def text(self, draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, font: ImageFont.FreeTypeFont,
             fg: RGB, bg: RGB, *, within: Box, role: str, anchor: str = "la",
             hexagon: tuple[float, float, float] | None = None) -> Label:
        """Draw ``text`` at ``xy`` and record it."""
        box = draw.textbbox(xy, text, font=font, anchor=anchor)
        if self.draw_text:
            draw.text(xy, text, font=font, fill=fg, anchor=anchor)
        label = Label(text, int(font.size), box, within, fg, bg, role, hexagon)
        self.labels.append(label)
        return label

    def piece(self, kind: str, space: int, seat: int | None, count: int, leader: bool, box: Box) -> None:
        self.pieces.append(Piece(kind, space, seat, count, leader, box))
