"""Views and pixel helpers shared by the render tests."""

from __future__ import annotations

import io
from dataclasses import replace
from functools import lru_cache
from typing import Any

from PIL import Image, ImageChops

from engine import GameState, GameView, new_game, view
from render.detail import GRID
from render.gallery import mid_game
from render.hexes import FEATURE_Y

PLAYERS = ("Ana", "Alex", "Ben", "Cara")
RGB = tuple[int, int, int]


@lru_cache(maxsize=1)
def crowded_state() -> GameState:
    return mid_game()


def crowded_view() -> GameView:
    return view(crowded_state(), None)


def opening_view(players: tuple[str, ...] = PLAYERS) -> GameView:
    """The first view of a 4-player game: the four printed spaces, nobody on the board yet."""
    return view(new_game(list(players), "basic", seed=1), None)


def with_space(v: GameView, name: str, **changes: Any) -> GameView:
    """``v`` with the fields of the space ``name`` changed."""
    target = v.space(name)
    spaces = tuple(replace(s, **changes) if s.space == target.space else s for s in v.spaces)
    return replace(v, spaces=spaces)


def decode(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def diff_box(a: bytes, b: bytes, threshold: int = 40, height: int | None = None) -> tuple[int, int, int, int] | None:
    """The bounding box of the pixels that differ clearly between two PNGs (the palette is chosen per
    picture, so unchanged areas may shift by a few levels), in the top ``height`` rows if given."""
    first, second = decode(a), decode(b)
    if height is not None:
        first, second = first.crop((0, 0, first.width, height)), second.crop((0, 0, second.width, height))
    r, g, b_ = ImageChops.difference(first, second).split()
    most = ImageChops.lighter(ImageChops.lighter(r, g), b_)
    return most.point(lambda v: 255 if v > threshold else 0).getbbox()


def hex_box(name: str, shrink: float = 0.0) -> tuple[int, int, int, int]:
    """The bounding box of a board space in the full picture."""
    from engine import parse_space

    space = parse_space(name)
    assert space is not None
    cx, cy = GRID.centre(space)
    r = GRID.half_width * (1 - shrink)
    h = GRID.half_height * (1 - shrink)
    return round(cx - r), round(cy - h), round(cx + r), round(cy + h)


def inside(box: tuple[int, int, int, int] | None, outer: tuple[int, int, int, int], slack: int = 3) -> bool:
    if box is None:
        return False
    return (box[0] >= outer[0] - slack and box[1] >= outer[1] - slack
            and box[2] <= outer[2] + slack and box[3] <= outer[3] + slack)


def count_near(img: Image.Image, box: tuple[int, int, int, int], colour: RGB, tolerance: int = 12) -> int:
    """How many pixels in ``box`` are within ``tolerance`` of ``colour`` on every channel."""
    data = img.crop(box).tobytes()
    r, g, b = colour
    return sum(
        1 for i in range(0, len(data), 3)
        if abs(data[i] - r) <= tolerance and abs(data[i + 1] - g) <= tolerance and abs(data[i + 2] - b) <= tolerance
    )


def pixels(img: Image.Image, box: tuple[int, int, int, int]) -> list[RGB]:
    data = img.crop(box).tobytes()
    return [(data[i], data[i + 1], data[i + 2]) for i in range(0, len(data), 3)]


def value_box(name: str) -> tuple[int, int, int, int]:
    """The middle of a temple's value tile (or a treasure hex's coin)."""
    from engine import parse_space

    space = parse_space(name)
    assert space is not None
    cx, cy = GRID.centre(space)
    y = cy + FEATURE_Y * GRID.radius
    return round(cx) - 24, round(y) - 24, round(cx) + 24, round(y) + 24
