"""Resolving a language, translating inline words, plurals and the engine's errors in every language."""

from __future__ import annotations

import gettext

import pytest

from engine import EngineError, IllegalMove
from engine.messages import Msg
from lang import LOCALES, Translator, locale_from_environment, render, resolve, translator
from tests.engine.error_corpus import game_states, refused_error


@pytest.mark.parametrize(("tag", "locale"), [
    ("de", "de"), ("es-419", "es"), ("es-ES", "es"), ("en-US", "en"), ("en-GB", "en"), ("fr", "fr"), ("it", "it"),
    ("nl", "nl"), ("NL", "nl"), ("de_DE.UTF-8", "de"), ("pt-BR", "en"), ("ja", "en"), ("C", "en"), ("", "en"),
    (None, "en"),
])
def test_a_tag_resolves_to_a_language_of_the_rulebooks(tag: str | None, locale: str) -> None:
    assert resolve(tag) == locale
    assert translator(tag).locale == locale


def test_the_environment_names_the_language() -> None:
    assert locale_from_environment({"LANG": "fr_FR.UTF-8"}) == "fr"
    assert locale_from_environment({"LANGUAGE": "de:en", "LANG": "fr_FR.UTF-8"}) == "de"
    assert locale_from_environment({"LC_ALL": "it_IT.UTF-8", "LANG": "nl_NL"}) == "it"
    assert locale_from_environment({}) == "en"


def test_counted_words_take_the_plural_of_their_language() -> None:
    assert [render(Msg("count.workers", n=n), "de") for n in (1, 2)] == ["1 Expeditionsteilnehmer",
                                                                         "2 Expeditionsteilnehmer"]
    assert [render(Msg("count.workers", n=n), "fr") for n in (0, 1, 2)] == ["0 explorateur", "1 explorateur",
                                                                            "2 explorateurs"]
    assert [render(Msg("count.workers", n=n), "es") for n in (1, 3)] == ["1 trabajador", "3 trabajadores"]
    assert [render(Msg("count.levels", n=n), "it") for n in (1, 2)] == ["1 livello", "2 livelli"]
    assert [render(Msg("count.workers", n=n), "nl") for n in (1, 2)] == ["1 expeditielid", "2 expeditieleden"]
    assert translator("de").ntr("x.test", "{n} hexagon", "{n} hexagons", 3) == "3 hexagons"


def test_an_engine_error_renders_with_its_parameters_in_each_language() -> None:
    error = IllegalMove("figures.too_few_on", have=Msg("count.workers", n=1), space="C2", count=3)
    assert render(error, "en") == str(error) == "You have 1 worker on C2, not 3."
    assert render(error, "de") == "Du hast 1 Expeditionsteilnehmer auf C2, nicht 3."
    assert render(error, "fr") == "Vous avez 1 explorateur sur C2, pas 3."
    assert render(error, "es") == "Tienes 1 trabajador en C2, no 3."
    assert render(error, "it") == "Hai 1 partecipante su C2, non 3."
    assert render(error, "nl") == "Je hebt 1 expeditielid op C2, niet 3."
    kinds = IllegalMove("exchange.take_single", player="Ben", singles=(Msg("treasure.mask"), Msg("treasure.eagle")))
    assert render(kinds, "de").endswith("dessen einzelne: Maske, Adler.")


def test_a_missing_entry_falls_back_to_english() -> None:
    empty = Translator("de", gettext.NullTranslations())
    assert empty.render(IllegalMove("game.over")) == "The game is over; no more moves can be made."
    assert empty.ntr("x.test", "{n} level", "{n} levels", 2) == "2 levels"


def test_a_text_without_a_code_stays_as_written() -> None:
    assert render(EngineError("There is no game in this channel."), "fr") == "There is no game in this channel."


@pytest.mark.parametrize("locale", LOCALES)
def test_every_pinned_error_renders_in_every_language(locale: str) -> None:
    """The corpus of refused moves (tests/engine/error_texts.json): each renders, and in another language than
    English none comes out in English."""
    import json

    from tests.engine.error_corpus import TEXTS

    t = translator(locale)
    for case in json.loads(TEXTS.read_text(encoding="utf-8"))["moves"]:
        error = refused_error(game_states(case["game"])[case["at"]], case["move"])
        text = t.render(error)
        assert text and "{" not in text, (locale, case)
        if locale != "en":
            assert text != str(error), (locale, case)
        else:
            assert text == str(error)
