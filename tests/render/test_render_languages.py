"""The pictures in the six languages of the rulebooks: the channel picture's layout holds in each (every label
at least 11 px at the phone's 400 px, inside its box, no overlaps) at the positions with the longest texts, and
every other picture and the alt text draw their words from the reader's catalogue."""

from __future__ import annotations

import io
import itertools
from functools import lru_cache

import pytest
from PIL import Image

from engine import GameView, view
from lang import LOCALES
from render import describe, legend_lines, render_board, render_detail, render_legend, render_placement, render_zoom
from render.channel import channel_image
from render.describe import ALT_TEXT_LIMIT
from render.layout import Layout
from render.words import words_for
from tests.render.test_render_channel import MIN_CAP, MIN_SIZE, cap_height, positions

POSITIONS = ("4p-basic-crowded", "4p-auction-bidding", "3p-basic-scoring", "4p-long-names", "4p-long-names-placing",
             "4p-basic-finished", "2p-auction-picking", "3p-auction-early")


@lru_cache(maxsize=64)
def drawn(name: str, locale: str) -> tuple[GameView, Layout]:
    v = view(positions()[name], None)
    return v, channel_image(v, words=words_for(locale))[1]


@pytest.mark.parametrize(("locale", "name"), list(itertools.product(LOCALES, POSITIONS)))
def test_the_channel_picture_holds_in_every_language(locale: str, name: str) -> None:
    _, layout = drawn(name, locale)
    for label in layout.labels:
        assert label.size * layout.phone_scale >= MIN_SIZE, label
        assert cap_height(label) * layout.phone_scale >= MIN_CAP, label
        left, top, right, bottom = label.box
        wl, wt, wr, wb = label.within
        assert wl - 1 <= left and wt - 1 <= top and right <= wr + 1 and bottom <= wb + 1, label
        assert left >= 0 and top >= 0 and right <= layout.width and bottom <= layout.height
    for a, b in itertools.combinations(layout.labels, 2):
        assert a.box[2] <= b.box[0] or b.box[2] <= a.box[0] or a.box[3] <= b.box[1] or b.box[3] <= a.box[1], (a, b)


@pytest.mark.parametrize("locale", [loc for loc in LOCALES if loc != "en"])
def test_the_channel_picture_speaks_the_language(locale: str) -> None:
    english = {label.text for label in drawn("4p-auction-bidding", "en")[1].labels if label.role == "status"}
    translated = {label.text for label in drawn("4p-auction-bidding", locale)[1].labels if label.role == "status"}
    assert translated and translated != english


def test_the_phone_copy_keeps_the_layout() -> None:
    """At 400 px wide the picture is the same drawing scaled: every box scales by the same factor."""
    v = view(positions()["4p-basic-crowded"], None)
    small = Image.open(io.BytesIO(render_board(v, size=556, locale="de")))
    assert small.width == 400


@pytest.mark.parametrize("locale", LOCALES)
def test_every_picture_and_the_alt_text_draw_in_every_language(locale: str) -> None:
    v = view(positions()["4p-basic-crowded"], None)
    for png in (render_board(v, locale=locale), render_detail(v, locale=locale),
                render_placement(view(positions()["4p-long-names-placing"], None), locale=locale),
                render_zoom(v, "C3", locale=locale), render_legend(locale=locale)):
        assert png.startswith(b"\x89PNG")
    text = describe(v, locale=locale)
    assert 0 < len(text) <= ALT_TEXT_LIMIT
    lines = legend_lines(locale=locale)
    assert len(lines) == 8 and all(lines)
    if locale != "en":
        assert text != describe(v) and lines != legend_lines()


def test_words_use_the_rulebook_terms() -> None:
    assert words_for("de").guard_word() == "Wächter"
    assert words_for("fr").guard_word() == "gardien" and words_for("es").guard_word() == "guarda"
    assert words_for("it").guard_word() == "guardiano" and words_for("nl").guard_word() == "wachter"
    assert words_for("de").treasure_chip("mask", 2) == "Maske ×2"
    assert [words_for("fr").ordinal(n) for n in (1, 2)] == ["1er", "2e"] and words_for("de").ordinal(3) == "3."
    assert words_for("en").ordinal(2) == "2nd"
