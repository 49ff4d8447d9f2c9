"""The pictures in the six languages of the rulebooks: the channel picture's layout holds in each (every label
at least 11 px at the phone's 400 px, inside its box, no overlaps) at the positions with the longest texts and
those of games with the options of docs/rules.md §7, every other picture and the alt text draw their words from the
reader's catalogue, and no word of the pictures or the alt text bypasses it (a speaker that masks every letter it says
leaves none but names of players and spaces)."""

from __future__ import annotations

import io
import itertools
import re
from functools import lru_cache

import pytest
from PIL import Image

from engine import GameView, view
from engine.messages import CATALOGUE, ENGLISH, Msg, Param, fill
from lang import LOCALES
from render import (
    describe,
    legend_lines,
    option_legend_lines,
    render_board,
    render_detail,
    render_legend,
    render_placement,
    render_zoom,
)
from render.channel import channel_image
from render.describe import ALT_TEXT_LIMIT, sentences
from render.layout import Layout
from render.legend import _lines
from render.variants import option_lines
from render.words import Words, words_for
from tests.render.option_cases import NAMES, option_positions
from tests.render.test_render_channel import MIN_CAP, MIN_SIZE, cap_height, positions

POSITIONS = ("4p-basic-crowded", "4p-auction-bidding", "3p-basic-scoring", "4p-long-names", "4p-long-names-placing",
             "4p-basic-finished", "2p-auction-picking", "3p-auction-early")
OPTION_POSITIONS = tuple(option_positions())
"""Obstacles, machine guns, dice, random terrain and every stage of a Tikal Rápido round."""


@lru_cache(maxsize=64)
def drawn(name: str, locale: str) -> tuple[GameView, Layout]:
    v = view(positions()[name], None)
    return v, channel_image(v, words=words_for(locale))[1]


@pytest.mark.parametrize(("locale", "name"), list(itertools.product(LOCALES, POSITIONS + OPTION_POSITIONS)))
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


@pytest.mark.parametrize("locale", [loc for loc in LOCALES if loc != "en"])
def test_the_options_speak_the_language(locale: str) -> None:
    assert option_legend_lines(["obstacles", "guns"], locale=locale) != option_legend_lines(["obstacles", "guns"])
    for name in ("3p-obstacles-guns", "4p-rapido-jump", "2p-indiana-rolled"):
        v = view(option_positions()[name], None)
        assert describe(v, locale=locale) != describe(v)
        for png in (render_detail(v, locale=locale), render_zoom(v, "C3", locale=locale)):
            assert png.startswith(b"\x89PNG")
    english = {label.text for label in drawn("4p-rapido-slot", "en")[1].labels if label.role in ("status", "tag")}
    translated = {label.text for label in drawn("4p-rapido-slot", locale)[1].labels if label.role in ("status", "tag")}
    assert not english & translated - {""}


class Masked:
    """A speaker that says every letter of its templates as ``ж`` (placeholders filled as given): whatever
    ASCII letter a picture still shows did not come through the catalogue."""

    @property
    def locale(self) -> str:
        return "en"

    @staticmethod
    def _mask(template: str) -> str:
        return "".join(re.sub("[A-Za-z]", "ж", part) if k % 2 == 0 else "{" + part + "}"
                       for k, part in enumerate(re.split(r"[{}]", template)))

    def value(self, param: Param) -> str:
        if isinstance(param, Msg):
            return self.message(param)
        if isinstance(param, tuple):
            return ", ".join(self.value(p) for p in param)
        return str(param)

    def tr(self, context: str, english: str, /, **params: Param) -> str:
        return fill(self._mask(english), params, self.value)

    def ntr(self, context: str, one: str, many: str, n: int, /, **params: Param) -> str:
        return fill(self._mask(one if n == 1 else many), {**params, "n": n}, self.value)

    def message(self, message: Msg) -> str:
        entry = CATALOGUE[message.code]
        params = dict(message.params)
        if entry.many is None:
            return self.tr(message.code, entry.one, **params)
        n = params.pop("n")
        assert isinstance(n, int)
        return self.ntr(message.code, entry.one, entry.many, n, **params)

    def ordinal_form(self, n: int) -> str:
        return ENGLISH.ordinal_form(n)


NAMES_AND_SPACES = re.compile("|".join([*(f"{n[:k]}…" for n in NAMES for k in range(1, len(n))), *NAMES,
                                        r"\b[A-H][1-5]\b", r"\b[A-G]:\d"]))


def untranslated(text: str) -> str:
    """The ASCII letters of ``text`` left once the names of players and spaces (and the stack's letters, ``A:3``)
    are taken out."""
    return "".join(re.findall("[A-Za-z]", NAMES_AND_SPACES.sub("", text)))


@pytest.mark.parametrize("name", ["3p-auction-early", "4p-auction-bidding", "3p-basic-scoring", *OPTION_POSITIONS])
def test_no_word_of_a_picture_bypasses_the_catalogue(name: str) -> None:
    v = view(positions()[name], None)
    w = Words(Masked())
    if all(p.name in NAMES for p in v.players):
        for label in channel_image(v, words=w)[1].labels:
            assert not untranslated(label.text), label
    for sentence in sentences(v, w):
        assert not untranslated(sentence), sentence
    for line in [*_lines(w), *option_lines(["obstacles", "guns"], w)]:
        assert not untranslated(line), line
