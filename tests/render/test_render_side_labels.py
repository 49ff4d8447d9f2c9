"""The side column's labels above the hexagons beside the board ("in hand", "set aside", "shown") are whole in
every language at the smallest size a phone can read: the column is narrow, and a word that does not fit is cut
("beise…")."""

from __future__ import annotations

import pytest

from lang import LOCALES
from render.channel import SIDE, SIDE_FONT
from render.palette import font
from render.textrun import wrap
from render.words import words_for


@pytest.mark.parametrize("locale", LOCALES)
def test_the_side_labels_fit_their_column_uncut(locale: str) -> None:
    w = words_for(locale)
    left, _, right, _ = SIDE
    for label in (w.in_hand(), w.set_aside(), w.shown()):
        assert " ".join(wrap(label, font(SIDE_FONT), right - left, 2)) == label, (locale, label)
