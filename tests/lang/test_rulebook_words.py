"""The catalogues reviewed against each language's rulebook (docs/glossary.md): one word per thing, the forms a
number asks for, French with "vous", no article that depends on a treasure kind, and slash-option descriptions
that name the choices as Discord shows them in that language."""

from __future__ import annotations

import re
from functools import cache

import pytest

from engine import TREASURE_KINDS
from engine.messages import Msg
from lang import translator
from lang.catalogue import read_catalogue

OTHERS = ("de", "fr", "es", "it", "nl")


@cache
def texts(locale: str) -> dict[str, list[str]]:
    """Each context's translated forms."""
    out = {}
    for message in read_catalogue(locale):
        if message.id:
            forms = message.string if isinstance(message.string, tuple) else (message.string,)
            out[message.context] = [f for f in forms if f]
    return out


def matching(locale: str, pattern: str, flags: int = 0) -> list[str]:
    return [f"{context}: {form}" for context, forms in texts(locale).items() for form in forms
            if re.search(pattern, form, flags)]


@pytest.mark.parametrize("locale", OTHERS)
def test_the_exchange_line_reads_well_for_every_pair_of_kinds(locale: str) -> None:
    template = texts(locale)["label.exchange"][0]
    assert not re.search(r"\b(mein|meine|le|la|el|il|mi|mio|mon|ma|mijn|het|de)\s+\{(give|take)\}", template)
    t = translator(locale)
    for give in TREASURE_KINDS:
        for take in TREASURE_KINDS:
            if give != take:
                line = t.tr("label.exchange", "exchange my {give} for {player}'s {take}",
                            give=t.message(Msg(f"treasure.{give}")), player="Ben",
                            take=t.message(Msg(f"treasure.{take}")))
                assert "Ben" in line and "{" not in line


def test_a_count_of_one_is_said_in_the_singular() -> None:
    said = {locale: translator(locale).ntr("console.ap_lost", "{n} AP lost", "{n} AP lost", 1)
            for locale in ("fr", "es", "it")}
    assert said == {"fr": "1 PA perdu", "es": "1 AP perdido", "it": "1 PA perso"}
    for locale, pattern in (("es", r"quedan \{ap\}|\{\w+\} AP perdidos|\(\{used\} hech"),
                            ("it", r"restano \{ap\}|\{\w+\} PA persi|\(\{used\} già fatt"),
                            ("fr", r"\(\{used\} faits\)|\{ap\} PA restants")):
        forms = [f for context, fs in texts(locale).items() for f in fs[:1]
                 if context not in ("console.actions", "console.scoring")]  # these two have plural forms
        assert not [f for f in forms if re.search(pattern, f)], locale


def test_french_says_vous_and_hexagone() -> None:
    assert not matching("fr", r"\b(tu|ton|ta|tes|toi|te)\b|\btuiles?\b")


def test_spanish_draws_with_coger_on_espacios_and_seats_are_puestos() -> None:
    assert not matching("es", r"\b(rob(a|ar|ó|aste|ado)|casillas?|asientos?)\b", re.IGNORECASE)
    assert texts("es")["name.space"] == ["espacio"]


def test_italian_has_one_word_for_a_temple_level() -> None:
    for context in ("count.levels", "uncover.per_turn", "uncover.figures", "uncover.ap", "undo.dice"):
        assert all("tesser" not in form and "livell" in form for form in texts("it")[context]), context
    assert not matching("it", r"tesoro singolo|\{nth\} tavola")


def test_dutch_volcanoes_start_a_scoring_round_from_the_open_hexagons() -> None:
    assert not matching("nl", r"telt hij|uitstalling|telt je vulkaan|telt de genomen")


def test_german_understands_declares_with_ansagen_and_says_its_verbs() -> None:
    assert not matching("de", r"unlesbar|kann auf \{spaces\}\.")
    declaring = [c for c in texts("de") if "declar" in c or c == "undo.jump"]
    assert declaring and not [c for c in declaring if any("erklär" in f for f in texts("de")[c])]


CHOICES = {  # an option's description → the choices it names
    "cmd.game.new.variant": ("basic", "auction", "rapido"),
    "cmd.game.new.policy": ("skip", "wait", "computer"),
    "cmd.mod.opt.policy": ("skip", "wait", "computer"),
    "cmd.game.new.level": ("strong",),
    "cmd.game.notify.how": ("channel", "dm", "both"),
    "cmd.mod.computer.level": ("human",),
    "cmd.tikal.declare.score": ("yes", "no"),
}


@pytest.mark.parametrize("locale", OTHERS)
def test_slash_option_descriptions_name_the_choices_as_discord_shows_them(locale: str) -> None:
    for context, choices in CHOICES.items():
        description = texts(locale)[context][0]
        for choice in choices:
            shown = texts(locale)[f"name.{choice}"][0]
            assert re.search(rf"(?<!\w){re.escape(shown)}(?!\w)", description), (context, shown)
            if shown != choice:
                assert not re.search(rf"(?<![\w-]){choice}(?![\w-])", description), (context, choice)
