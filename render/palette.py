"""Colours, player markers and fonts of every picture.

Player colours come from the Okabe–Ito palette and always go with a marker shape, so colour is never
the only cue. All text sits on opaque fills chosen for a contrast of at least 4.5:1.
"""

from __future__ import annotations

import io
from functools import lru_cache
from importlib import resources
from typing import Final

from PIL import ImageFont

from engine import Terrain

RGB = tuple[int, int, int]

BACKGROUND: Final[RGB] = (244, 240, 230)
FRAME: Final[RGB] = (58, 58, 58)
INK: Final[RGB] = (26, 26, 26)
SOFT_INK: Final[RGB] = (70, 70, 70)
WHITE: Final[RGB] = (255, 255, 255)
CARD: Final[RGB] = (255, 255, 255)
HEX_OUTLINE: Final[RGB] = (72, 72, 72)
UNEXPLORED: Final[RGB] = (221, 226, 231)
UNEXPLORED_INK: Final[RGB] = (84, 92, 100)
STONE: Final[RGB] = (96, 96, 96)
STONE_EDGE: Final[RGB] = (30, 30, 30)
HIGHLIGHT: Final[RGB] = (240, 228, 66)
SPOTLIGHT: Final[RGB] = (196, 0, 120)
"""The tutorial's marks: a magenta no terrain, player or last-turn outline uses."""
"""Okabe–Ito yellow, used by no player: the outline of hexes the last turn changed."""
LEGAL: Final[RGB] = (255, 255, 255)
LEGAL_EDGE: Final[RGB] = (0, 0, 0)
GOLD: Final[RGB] = (222, 178, 40)

TERRAIN_FILL: Final[dict[Terrain, RGB]] = {
    Terrain.BASECAMP: (226, 204, 160),
    Terrain.JUNGLE: (176, 208, 150),
    Terrain.TEMPLE: (200, 194, 182),
    Terrain.TREASURE: (246, 226, 150),
    Terrain.VOLCANO: (122, 58, 44),
}
TERRAIN_GLYPH: Final[dict[Terrain, RGB]] = {
    Terrain.BASECAMP: (150, 110, 60),
    Terrain.JUNGLE: (96, 150, 80),
    Terrain.TEMPLE: (160, 152, 138),
    Terrain.TREASURE: (222, 178, 40),
    Terrain.VOLCANO: (200, 90, 50),
}

PLAYER_COLOURS: Final[tuple[RGB, ...]] = (
    (0, 114, 178),  # blue
    (230, 159, 0),  # orange
    (0, 158, 115),  # bluish green
    (204, 121, 167),  # reddish purple
)
PLAYER_MARKERS: Final[tuple[str, ...]] = ("circle", "square", "triangle", "diamond")
"""The marker of each seat: a shape drawn with the colour everywhere the player appears."""
MARKER_SYMBOLS: Final[tuple[str, ...]] = ("●", "■", "▲", "◆")
"""The same markers as text (for the alt text)."""

FONT_DIR: Final = resources.files("render") / "fonts"
REGULAR: Final = "DejaVuSans.ttf"
BOLD: Final = "DejaVuSans-Bold.ttf"
CONDENSED_BOLD: Final = "DejaVuSansCondensed-Bold.ttf"
"""For numbers in tight chips."""


@lru_cache(maxsize=3)
def _font_bytes(name: str) -> bytes:
    return (FONT_DIR / name).read_bytes()


@lru_cache(maxsize=128)
def font(size: int, bold: bool = False, condensed: bool = False) -> ImageFont.FreeTypeFont:
    """Return the bundled DejaVu Sans at ``size`` pixels (read from the package, so it works from a wheel);
    ``condensed`` gives the condensed bold."""
    name = CONDENSED_BOLD if condensed else BOLD if bold else REGULAR
    return ImageFont.truetype(io.BytesIO(_font_bytes(name)), size)


def luminance(colour: RGB) -> float:
    """Return the relative luminance of an sRGB colour (WCAG 2)."""

    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    """Return the WCAG contrast ratio of two colours (1 … 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def text_on(fill: RGB) -> RGB:
    """Return black-ish or white text, whichever contrasts more with ``fill``."""
    return INK if contrast(INK, fill) >= contrast(WHITE, fill) else WHITE


def player_colour(seat: int) -> RGB:
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def player_marker(seat: int) -> str:
    return PLAYER_MARKERS[seat % len(PLAYER_MARKERS)]
