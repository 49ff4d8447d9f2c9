"""The legend says every line whole in every language: a longer sentence gets a smaller size or a third line,
never an ellipsis ("dicker Rahmen: ges…")."""

from __future__ import annotations

from lang import LOCALES
from render.legend import LEGEND_WIDTH, LINE_FONT, ROW, SAMPLE, SMALLEST_FONT, _lines, fitted
from render.palette import font
from render.words import words_for


def test_every_legend_line_fits_whole_in_every_language() -> None:
    margin = 16  # the detail picture's legend box is its width less the margins
    for columns, width in ((2, LEGEND_WIDTH - 2 * margin), (1, 900 - 16)):
        room = width / columns - SAMPLE - 12
        for locale in LOCALES:
            for line in _lines(words_for(locale)):
                size, lines = fitted(line, room)
                assert " ".join(lines) == line, (locale, lines)  # nothing cut
                assert SMALLEST_FONT <= size <= LINE_FONT and len(lines) * (size + 2) <= ROW + 2
                assert all(font(size).getlength(text) <= room for text in lines)
    german = _lines(words_for("de"))[0]
    assert fitted(german, (LEGEND_WIDTH - 32) / 2 - SAMPLE - 12)[0] < LINE_FONT  # the longest one shrinks
