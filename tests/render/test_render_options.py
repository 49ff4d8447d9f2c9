"""The options of docs/rules.md §7 in the pictures: obstacles on their borders (and their +2 in the detailed costs),
machine guns on their temples, the dice in the caption, random terrain's mixed stack, Tikal Rápido's round order, chips
and jumps. The layout checks of every channel picture run on these positions too (``test_render_channel.positions``)."""

from __future__ import annotations

import pytest

from engine import Phase, view
from engine.board import NEIGHBOURS
from render import describe, option_legend_lines, render_detail, render_zoom
from render.channel import GRID as CHANNEL_GRID
from render.channel import channel_image
from render.detail import GRID as DETAIL_GRID
from render.panel import stack_line
from render.rapido import phase3
from render.variants import OBSTACLE_COST
from render.words import words_for
from tests.render.option_cases import option_positions
from tests.render.render_cases import count_near, decode


def drawn(name: str):  # type: ignore[no-untyped-def]
    v = view(option_positions()[name], None)
    return (v, *channel_image(v))


@pytest.mark.parametrize("name", ["3p-obstacles-guns", "4p-obstacles-guns-crowded", "4p-rapido-slot"])
def test_every_obstacle_is_drawn_across_its_border(name: str) -> None:
    v, _, layout = drawn(name)
    assert v.obstacles
    bars = {(p.space, p.count): p.box for p in layout.pieces if p.kind == "obstacle"}
    assert set(bars) == set(v.obstacles)
    for (first, second), (left, top, right, bottom) in bars.items():
        x, y = CHANNEL_GRID.side_midpoint(first, NEIGHBOURS[first].index(second))
        assert left <= x <= right and top <= y <= bottom


@pytest.mark.parametrize("name", ["3p-obstacles-guns", "4p-obstacles-guns-crowded", "3p-guns-fired"])
def test_every_machine_gun_is_drawn_on_its_temple_in_its_owners_colour(name: str) -> None:
    v, _, layout = drawn(name)
    guns = {(p.space, p.seat) for p in layout.pieces if p.kind == "gun"}
    assert guns and guns == {(s.space, s.gun) for s in v.spaces if s.gun is not None}


def test_the_detail_and_the_zoom_price_an_obstacle_in_red_with_its_two_more_ap() -> None:
    v = view(option_positions()["3p-obstacles-guns"], None)
    first, second = v.obstacles[0]
    side = NEIGHBOURS[first].index(second)
    plain = v.border_cost(first, side)
    assert plain >= 3  # the stones' price plus 2
    x, y = DETAIL_GRID.side_midpoint(first, side)
    img = decode(render_detail(v))
    assert count_near(img, (round(x) - 12, round(y) - 12, round(x) + 12, round(y) + 12), OBSTACLE_COST, 30) > 40
    zoom = decode(render_zoom(v, v.spaces[first].name))
    assert count_near(zoom, (0, 0, zoom.width, zoom.height), OBSTACLE_COST, 30) > 100


def test_the_caption_tells_the_dice() -> None:
    _, _, layout = drawn("2p-indiana-rolled")
    caption = " ".join(label.text for label in layout.labels if label.role == "caption")
    assert "rolled" in caption and ("safe" in caption or "falls" in caption)
    v = view(option_positions()["2p-indiana-rolled"], None)
    assert "3d6: rolled" in stack_line(v, words_for())


def test_random_terrain_shows_no_letters() -> None:
    v = view(option_positions()["3p-randomterrain-bidding"], None)
    assert v.stack_by_letter == ()
    line = stack_line(v, words_for())
    assert "mixed" in line and "A:" not in line and f"Stack {v.stack_left} left" in line


def test_a_declaration_shows_the_volcano_in_hand() -> None:
    v, _, layout = drawn("4p-randomterrain-declare")
    assert v.phase is Phase.DECLARE
    status = " ".join(label.text for label in layout.labels if label.role == "status")
    assert v.players[v.to_act or 0].name in status and "declares" in status
    assert words_for().in_hand() in [label.text for label in layout.labels if label.role == "side"]


def test_rapido_the_status_and_the_strip_tell_the_round() -> None:
    v, _, layout = drawn("4p-rapido-jump")
    status = " ".join(label.text for label in layout.labels if label.role == "status")
    assert "jump 2" in status and "chooses chips" in status
    tags = [label.text for label in layout.labels if label.role == "tag"]
    assert tags == [words_for().tag_chips(c) for c in v.chips]
    caption = " ".join(label.text for label in layout.labels if label.role == "caption")
    assert caption.startswith("Jump 1")  # the jump before, its numbers revealed then and its actions
    assert ":," not in caption  # the head ends in a colon, the players' doings follow it
    v, _, layout = drawn("4p-rapido-slot")
    tags = [label.text for label in layout.labels if label.role == "tag"]
    assert any(t.startswith("jump ") for t in tags) and words_for().tag_to_act() in tags
    (told,) = phase3(v)
    assert told.chosen and len(told.actions) == len(told.order) - len(v.slots) - 1
    v, _, layout = drawn("4p-rapido-placing")
    status = " ".join(label.text for label in layout.labels if label.role == "status")
    assert "places 3rd of 4" in status


def test_the_alt_text_names_what_the_options_add() -> None:
    text = describe(view(option_positions()["3p-obstacles-guns"], None))
    assert "Obstacles:" in text and "Machine guns:" in text
    text = describe(view(option_positions()["4p-rapido-jump"], None))
    assert "Round order:" in text and "Chips:" in text and "None AP" not in text


def test_the_legend_explains_what_an_option_draws() -> None:
    assert option_legend_lines(["obstacles", "guns"]) == [words_for().legend_obstacle(), words_for().legend_gun()]
    assert option_legend_lines(["noround"]) == []
