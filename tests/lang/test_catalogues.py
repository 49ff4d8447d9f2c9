"""The six catalogues: the same entries as the sources (engine messages, pictures, consoles), every one
translated with the same placeholders, plural forms as CLDR counts them, and no entry left to English."""

from __future__ import annotations

import re
import string
from functools import cache

import pytest
from babel import Locale
from babel.messages.catalog import Catalog

from lang import LOCALES
from lang.catalogue import read_catalogue, translations
from lang.extract import keys, main, template


@cache
def base() -> Catalog:
    return template()


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_the_catalogues_are_up_to_date_with_the_sources() -> None:
    assert main(["--check"]) == 0
    for locale in LOCALES:
        assert keys(read_catalogue(locale)) == keys(base()), locale


def test_every_context_names_one_english_text() -> None:
    contexts = [m.context for m in base() if m.id]
    assert len(contexts) == len(set(contexts))


@pytest.mark.parametrize("locale", LOCALES)
def test_every_entry_is_translated_with_the_same_placeholders(locale: str) -> None:
    catalogue = read_catalogue(locale)
    for message in catalogue:
        if not message.id:
            continue
        assert not message.fuzzy, message.context
        if isinstance(message.id, str):
            assert isinstance(message.string, str) and message.string, message.context
            assert fields(message.string) == fields(message.id), message.context
            continue
        forms = tuple(message.string)
        assert len(forms) == catalogue.num_plurals and all(forms), message.context
        english = fields(message.id[0]) | fields(message.id[1])
        for form in forms:
            assert fields(form) - {"n"} == english - {"n"}, (message.context, form)


@pytest.mark.parametrize("locale", LOCALES)
def test_plural_forms_follow_cldr(locale: str) -> None:
    """The catalogue's gettext rule sends every number of the game of one CLDR category to one form."""
    plural = translations(locale).plural  # type: ignore[attr-defined]
    cldr = Locale.parse(locale)
    form_of: dict[str, int] = {}
    for n in range(0, 200):
        index = int(plural(n))
        assert form_of.setdefault(cldr.plural_form(n), index) == index, (locale, n)
    assert set(form_of) == {"one", "other"}, locale
    assert read_catalogue(locale).num_plurals == 2


COUNTED: str = (r"(points?|hexagons?|volcano(?:es)?|seats?|players?|hours?|days?|masks?|treasures?|temples?|workers?|"
                r"figures?|levels?|wafers?|chips?|characters?|times|plans?|posts?|games?|moves?|crowns?|serpents?|"
                r"idols?|vases?|jaguars?|eagles?|daggers?|AP left|AP\.$)")
"""Words a number counts, whose form (or the words around them, 'left' agreeing in French and Italian, a verb in
Spanish) changes with the number: never after a number without plural forms."""
NOT_NUMBERS = frozenset({"player", "hexagon", "nth", "mark", "name", "who", "tile", "kind"})
"""Placeholders that hold words, not numbers (``{player} temples +3`` is a name)."""


def test_every_number_shown_with_a_counted_word_has_plural_forms() -> None:
    """'2 crown, 1 serpent', '1 AP left' … every counted noun shown anywhere uses plural forms."""
    single = [m for m in base() if m.id and isinstance(m.id, str)]
    counted = re.compile(r"\{(\w+)\}[ \u00a0]+" + COUNTED)
    found = [f"{m.context}: {m.id}" for m in single
             for hit in [counted.search(m.id)] if hit is not None and hit.group(1) not in NOT_NUMBERS]
    assert found == []
