"""The full-detail picture: deterministic, within size limits, and every element provably drawn."""

from __future__ import annotations

import hashlib
import io
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from engine import Terrain
from render import render_detail
from render.detail import CARDS_TOP
from render.geometry import SQRT3
from render.hexes import NAME_AT
from render.palette import HIGHLIGHT, PLAYER_COLOURS, WHITE
from tests.render.render_cases import (
    count_near,
    crowded_view,
    decode,
    diff_box,
    hex_box,
    inside,
    opening_view,
    pixels,
    value_box,
    with_space,
)

ROOT = Path(__file__).resolve().parents[2]
MAX_BYTES = 300 * 1024


def test_same_view_gives_same_bytes() -> None:
    v = crowded_view()
    assert render_detail(v) == render_detail(v)


def test_a_fresh_process_draws_the_same_bytes() -> None:
    """Caches (sprites, static layers) never change the output: a cold start draws identical bytes."""
    code = (
        "import hashlib; from engine import view; from render import render_detail; "
        "from render.gallery import mid_game; "
        "print(hashlib.sha256(render_detail(view(mid_game(), None))).hexdigest())"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == hashlib.sha256(render_detail(crowded_view())).hexdigest()


def test_png_dimensions_and_size() -> None:
    for v in (opening_view(), crowded_view()):
        png = render_detail(v)
        assert len(png) <= MAX_BYTES
        img = Image.open(io.BytesIO(png))
        assert img.format == "PNG"
        assert img.width == 1200 and 2000 <= img.height <= 2400  # the board turned as the channel's, the legend


def test_size_scales_the_long_side() -> None:
    img = Image.open(io.BytesIO(render_detail(opening_view(), size=1280)))
    assert max(img.size) == 1280


def test_a_figure_count_is_drawn_on_its_hex() -> None:
    base = opening_view()
    three = with_space(base, "B2", workers=(0, 0, 3, 0))
    four = with_space(base, "B2", workers=(0, 0, 4, 0))
    box = hex_box("B2")
    changed = diff_box(render_detail(base, highlight=False), render_detail(three, highlight=False))
    assert inside(changed, box)
    assert inside(diff_box(render_detail(three, highlight=False), render_detail(four, highlight=False)), box)
    ben = PLAYER_COLOURS[2]
    assert count_near(decode(render_detail(three)), box, ben) > 100
    assert count_near(decode(render_detail(base)), box, ben) == 0


def test_the_leader_is_drawn_apart_from_the_workers() -> None:
    base = with_space(opening_view(), "A1", workers=(2, 0, 0, 0))
    lead = with_space(base, "A1", leaders=(True, False, False, False))
    changed = diff_box(render_detail(base), render_detail(lead), height=CARDS_TOP)
    assert inside(changed, hex_box("A1"))


def test_temple_value_is_drawn_large() -> None:
    base = with_space(opening_view(), "A2", value=3)
    seven = with_space(base, "A2", value=7)
    changed = diff_box(render_detail(base), render_detail(seven))
    assert changed is not None and inside(changed, hex_box("A2"))
    width, height = changed[2] - changed[0], changed[3] - changed[1]
    assert height >= 20 and width >= 12


def test_temple_tile_takes_the_leading_players_colour() -> None:
    base = opening_view()
    led = with_space(base, "A2", workers=(0, 2, 1, 0))
    tile = value_box("A2")
    alex = PLAYER_COLOURS[1]
    assert count_near(decode(render_detail(led)), tile, alex) > 1200
    tied = with_space(base, "A2", workers=(0, 1, 1, 0))
    assert count_near(decode(render_detail(tied)), tile, alex) == 0


def test_a_guard_is_drawn_with_its_owner() -> None:
    base = opening_view()
    guarded = with_space(base, "B1", guard=3)
    box = hex_box("B1")
    cara = PLAYER_COLOURS[3]
    assert count_near(decode(render_detail(base)), box, cara) == 0
    assert count_near(decode(render_detail(guarded)), value_box("B1"), cara) > 800
    assert inside(diff_box(render_detail(base), render_detail(guarded)), box)


def test_a_camp_is_drawn_in_its_owners_colour() -> None:
    base = opening_view()
    camp = with_space(base, "B2", camp=1)
    box = hex_box("B2")
    alex = PLAYER_COLOURS[1]
    assert count_near(decode(render_detail(camp)), box, alex) > 150
    assert inside(diff_box(render_detail(base), render_detail(camp)), box)


def test_wafers_left_are_drawn_on_treasure_hexes() -> None:
    base = with_space(opening_view(), "B2", terrain=Terrain.TREASURE, wafers=3)
    two = with_space(base, "B2", wafers=2)
    assert inside(diff_box(render_detail(base), render_detail(two)), hex_box("B2"))


def test_last_turns_spaces_are_outlined() -> None:
    v = crowded_view()
    assert v.turn_moves, "the crowded view is in the middle of a turn"
    from render.highlight import changed_spaces

    changed = changed_spaces(v)
    assert changed
    on, off = decode(render_detail(v)), decode(render_detail(v, highlight=False))
    for space in changed:
        box = hex_box(v.spaces[space].name)
        assert count_near(on, box, HIGHLIGHT, 20) > 400
        assert count_near(off, box, HIGHLIGHT, 20) < 50


def test_every_passable_border_shows_its_cost() -> None:
    v = crowded_view()
    img = decode(render_detail(v, highlight=False))
    from render.detail import GRID

    borders = list(v.border_costs())
    assert len(borders) > 20
    for space, side, cost in borders:
        x, y = GRID.side_midpoint(space, side)
        assert cost > 0
        assert count_near(img, (round(x) - 4, round(y) - 9, round(x) + 4, round(y) + 9), WHITE, 30) > 5


def test_no_cost_where_a_border_has_no_stones() -> None:
    base = opening_view()
    # A1's NE side (1 stone) faces B2's SW side (none): cost 1. Without A1's stone there is no path.
    without = with_space(base, "A1", stones=(1, 0, 1, 0, 0, 0))
    assert (0, 1, 1) in set(base.border_costs())
    assert not any(space == 0 and side == 1 for space, side, _ in without.border_costs())
    from render.detail import GRID

    x, y = GRID.side_midpoint(0, 1)
    box = (round(x) - 5, round(y) - 5, round(x) + 5, round(y) + 5)
    assert count_near(decode(render_detail(base)), box, WHITE, 20) > 20
    assert count_near(decode(render_detail(without)), box, WHITE, 20) == 0


def test_every_space_name_is_drawn_explored_or_not() -> None:
    v = crowded_view()
    img = decode(render_detail(v))
    from render.detail import GRID

    for s in v.spaces:
        cx, cy = GRID.centre(s.space)
        if s.explored:
            lx, ly = cx + NAME_AT[0] * GRID.radius, cy + NAME_AT[1] * GRID.radius
            box = (round(lx) - 14, round(ly) - 8, round(lx) + 14, round(ly) + 8)
        else:
            box = (round(cx) - 18, round(cy) - 10, round(cx) + 18, round(cy) + 10)
        dark = sum(1 for px in pixels(img, box) if sum(px) < 330)
        assert dark > 25, s.name


def test_the_board_is_turned_as_in_the_channel_picture() -> None:
    """One orientation everywhere. Column A on top and H at the bottom, rows 1–5 from left to right, the
    columns A, C, E, G half a hex to the right: every space where the channel picture shows it, at another scale."""
    from render import channel, detail, zoom

    a1, a2, b1, h5 = (detail.GRID.centre(s) for s in (0, 1, 5, 39))
    assert a2[0] - a1[0] == pytest.approx(detail.GRID.radius * SQRT3) and a2[1] == a1[1]  # rows left to right
    assert b1[1] - a1[1] == pytest.approx(1.5 * detail.GRID.radius)  # B below A
    assert a1[0] - b1[0] == pytest.approx(detail.GRID.half_width)  # A half a hex to the right of B
    assert h5[1] > a1[1] and h5[0] > a1[0]
    scale = detail.GRID.radius / channel.GRID.radius
    for space in range(40):
        dx = detail.GRID.centre(space)[0] - detail.GRID.centre(0)[0]
        dy = detail.GRID.centre(space)[1] - detail.GRID.centre(0)[1]
        cx = channel.GRID.centre(space)[0] - channel.GRID.centre(0)[0]
        cy = channel.GRID.centre(space)[1] - channel.GRID.centre(0)[1]
        assert (dx, dy) == (pytest.approx(cx * scale), pytest.approx(cy * scale)), space
    grid, _ = zoom.shown_spaces("D3")
    assert grid.centre(16)[0] - grid.centre(15)[0] == pytest.approx(grid.radius * SQRT3)  # D4 right of D3


def test_hexes_are_pointy_topped_as_in_the_channel_picture() -> None:
    """The top corner of a space is on its hex (terrain colour) and the side corners' height is not: a flat-topped
    hex would be the other way round."""
    from render.detail import GRID

    img = decode(render_detail(opening_view(), highlight=False))
    cx, cy = GRID.centre(0)
    top = img.getpixel((round(cx), round(cy - GRID.radius + 6)))
    corner = img.getpixel((round(cx - GRID.radius + 6), round(cy)))
    background = img.getpixel((4 + 3, round(cy)))  # the canvas's margin beside the frame
    assert top != background and corner == background
