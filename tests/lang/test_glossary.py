"""docs/glossary.md and the catalogues agree: none of the words the glossary says we do not write (its table of
patterns) is in any translation of its language, the patterns catch what a native reader found, and the entries
that reader found wrong keep their fixes."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from bot.core.guilds.moderation.base import not_running
from bot.core.storage.rows import Status
from engine.messages import Msg
from lang import translator
from lang.catalogue import read_catalogue

GLOSSARY = Path(__file__).resolve().parents[2] / "docs" / "glossary.md"
OTHERS = ("de", "fr", "es", "it", "nl")
CLAUSE = r"\b[^.;:?!]*?\b"
"""What ``…`` stands for in a pattern: anything up to the end of the clause."""


@dataclass(frozen=True)
class Banned:
    concept: str
    locale: str
    pattern: str

    def search(self, text: str) -> bool:
        body = re.sub(r"\s*…\s*", lambda _: CLAUSE, self.pattern.replace("'", "’"))
        return re.search(rf"(?<!\w){body}(?!\w)", normalized(text), re.IGNORECASE) is not None


def normalized(text: str) -> str:
    """A translation as the patterns read it: without its bold marks, with one kind of apostrophe."""
    return text.replace("**", "").replace("'", "’")


@cache
def banned() -> tuple[Banned, ...]:
    """The glossary's "Words we do not write": one pattern per code span of a row's *not* column."""
    section = GLOSSARY.read_text(encoding="utf-8").split("\n## Words we do not write\n", 1)[1].split("\n## ", 1)[0]
    found = []
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 4 and cells[1] in OTHERS:
            found += [Banned(cells[0], cells[1], pattern) for pattern in re.findall(r"`([^`]+)`", cells[2])]
    return tuple(found)


@cache
def translations(locale: str) -> dict[str, tuple[str, ...]]:
    out: dict[str, tuple[str, ...]] = {}
    for message in read_catalogue(locale):
        if message.id and message.context:
            forms = message.string if isinstance(message.string, tuple) else (message.string,)
            out[message.context] = tuple(str(form) for form in forms if form)
    return out


def test_the_glossary_lists_words_not_to_write_in_every_language() -> None:
    rows = banned()
    assert {row.locale for row in rows} == set(OTHERS)
    concepts = {row.concept for row in rows}
    assert {"a volcano starts a scoring round", "draw a hexagon", "a Rápido slot", "the auction version",
            "the hexagons shown"} <= concepts
    for row in rows:
        re.compile(re.sub(r"\s*…\s*", lambda _: CLAUSE, row.pattern))


@pytest.mark.parametrize("locale", OTHERS)
def test_no_translation_uses_a_word_the_glossary_rules_out(locale: str) -> None:
    found = [f"{row.concept}: `{row.pattern}` in {context}: {form}"
             for row in banned() if row.locale == locale
             for context, forms in translations(locale).items() for form in forms if row.search(form)]
    assert not found, "\n".join(found)


CAUGHT = {  # what the review found, each of which a pattern of the glossary must catch
    "de": ["Ja: er wertet jetzt", "sagt an: wertet der Vulkan?", "ein anderer Vulkan dieser Auslage muss dann werten",
           "Den Platz aufgeben?", "dein Platz — {ap} AP, eine Aktion", "Schätze zählen nach Sätzen einer Art",
           "Bis du beendest, nimmt `/tikal undo` deine letzte Aktion zurück.", "er bewacht einen Tempel"],
    "fr": ["{player} a tiré un volcan.", "Poser l’hexagone que vous avez tiré", "personne ne tire d’hexagone",
           "et vous tirez votre prochain hexagone", "L’étal de ce tour a plus d’un volcan",
           "À chaque tour d’enchères, autant d’hexagones", "un unique 1 point, une paire 3",
           "votre volcan compte-t-il maintenant ?", "parmi les hexagones exposés"],
    "es": ["quien toma un volcán de una muestra con dos o más volcanes", "¿puntúa ahora tu volcán?",
           "otro volcán de esta muestra deberá puntuar", "uno único 1 punto", "un hexágono expuesto",
           "el mejor hexágono a la vista", "un **guarda** se queda con el templo por 5 AP"],
    "it": ["il vulcano fa punteggio", "Sì: fa punteggio ora",
           "un altro vulcano di questa esposizione dovrà poi contare", "Variante con asta",
           "una partita con asta in corso", "un **guardiano** tiene il tempio per 5 PA"],
    "nl": ["Ja: hij telt nu", "de vulkaan telt", "als niet-tellend worden verklaard", "Beurt opgeven",
           "gaf de beurt op", "Beurten: {order}", "actiebeurt", "Veilingregels", "Nu ken je ook de veiling!",
           "houdt een **wachter** de tempel", "(bewaakt door {player})", "Tot je beëindigt, neemt"],
}


@pytest.mark.parametrize("locale", OTHERS)
def test_the_glossary_patterns_catch_what_the_review_found(locale: str) -> None:
    rows = [row for row in banned() if row.locale == locale]
    assert not [text for text in CAUGHT[locale] if not any(row.search(text) for row in rows)]


def test_the_tile_order_is_what_the_verb_agrees_with() -> None:
    said = {locale: translator(locale).message(Msg("snapshot.tile_order")) for locale in ("de", "es", "it")}
    assert said == {
        "de": "Fehlerhafter Spielstand: die Reihenfolge der Geländetafeln enthält nicht genau die 36 Geländetafeln.",
        "es": "Estado guardado erróneo: el orden de los hexágonos no contiene exactamente los 36 hexágonos.",
        "it": "Salvataggio non valido: l'ordine delle tavole non contiene esattamente le 36 tavole.",
    }
    for locale, plural in (("de", r"\bsind\b"), ("es", r"\bson\b"), ("it", r"\bsono\b")):
        assert not re.search(plural, said[locale])


def test_a_lobby_is_a_lobby_and_a_finished_game_is_finished() -> None:
    fr, es = translator("fr"), translator("es")
    assert fr.message(not_running(4, Status.LOBBY)) == "La partie n° 4 n’est pas en cours (c’est un salon d’attente)."
    assert es.message(not_running(4, Status.LOBBY)) == "La partida #4 no está en curso (es una sala de espera)."
    assert fr.message(not_running(4, Status.FINISHED)) == "La partie n° 4 n’est pas en cours (elle est terminée)."
    assert es.message(not_running(4, Status.ABORTED)) == "La partida #4 no está en curso (está detenida)."
    assert str(not_running(4, Status.LOBBY)) == "Game #4 is not running (it is a lobby)."
    for locale in OTHERS:
        assert "{" not in translator(locale).message(not_running(4, Status.LOBBY))


def test_dutch_has_waited_three_hours_not_since_three_o_clock() -> None:
    nl = translator("nl")
    assert nl.ntr("notice.waited_hours", "for {n} hour", "for {n} hours", 3) == "al 3 uur"
    assert nl.ntr("notice.waited_days", "for {n} day", "for {n} days", 2) == "al 2 dagen"
    waiting = nl.tr("notice.waiting_for", ": waiting {waited}", waited="al 3 uur")
    assert waiting == ": wacht al 3 uur"


def test_german_and_dutch_tutorials_keep_the_bold_of_the_english() -> None:
    """A split verb is bold on both parts (**Lege** … **frei**), so a translation has at least the English's spans."""
    english = translations("en")
    for locale in ("de", "nl"):
        thinner = [context for context, forms in translations(locale).items()
                   if context.startswith("tutorial.") and forms[0].count("**") < english[context][0].count("**")]
        assert not thinner, locale
