"""The bot's own words (``bot.core.words.texts``): a ``Said`` is English until a reader's speaker renders it, it rides
inside service errors and nested messages, and it survives a post's JSON payload."""

from __future__ import annotations

import json

import pytest

from bot.core.storage.rows import Status
from bot.core.table.status_words import status_word
from bot.core.words.errors import BadOption, NoGame
from bot.core.words.texts import loaded, ntr, stored, tr
from engine import EngineError
from engine.messages import ENGLISH, Msg, counted
from lang import LOCALES, translator


def test_a_said_message_is_its_english_until_a_speaker_renders_it() -> None:
    said = tr("moderation.game_over", "Game #{game} is over.", game=7)
    assert str(said) == ENGLISH.message(said) == "Game #7 is over."
    assert translator("de").message(said) == "Partie #7 ist vorbei."
    assert translator("nl").message(said) == "Spel #7 is voorbij."


def test_a_plural_said_message_takes_the_form_of_its_language() -> None:
    for n, english, french in ((1, "Sending 1 post of game #3 again.", "Renvoi de 1 message de la partie n° 3."),
                               (4, "Sending 4 posts of game #3 again.", "Renvoi de 4 messages de la partie n° 3.")):
        said = ntr("mod.resend", "Sending {n} post of game #{game} again.", "Sending {n} posts of game #{game} again.",
                   n, game=3)
        assert str(said) == english and translator("fr").message(said) == french


def test_a_service_error_carries_its_message_and_its_english_text() -> None:
    error = NoGame(tr("service.there_no_game_server", "There is no game #{game} in this server.", game=12))
    assert isinstance(error, EngineError)
    assert str(error) == "There is no game #12 in this server."
    assert error.code == "service.there_no_game_server" and error.params == {"game": 12}
    assert translator("it").render(error) == "Non c’è nessuna partita #12 in questo server."
    with pytest.raises(TypeError):
        BadOption(tr("mod.saved", "Saved."), extra=1)


def test_nested_messages_and_status_words_are_translated_inside_the_sentence() -> None:
    said = tr("moderation.game_running", "Game #{game} is not running (it is {status}).", game=5,
              status=status_word(Status.FINISHED))
    assert str(said) == "Game #5 is not running (it is finished)."
    assert translator("es").message(said) == "La partida #5 no está en curso (está terminada)."


@pytest.mark.parametrize("locale", LOCALES)
def test_a_stored_message_comes_back_the_same_in_every_language(locale: str) -> None:
    said = tr("moderation.nobody_left", "{action} Nobody is left to play: the game is stopped.",
              action=tr("moderation.aborted", "🛑 <@{by}> stopped game #{game}.", by=9, game=2))
    plain = Msg("count.workers", n=3)
    listed = tr("timing.three", "{first} · {second} · {third}", first=plain, second=("a", counted("count.levels", 1)),
                third="x")
    for message in (said, listed, plain):
        back = loaded(json.loads(json.dumps(stored(message))))
        assert back == message
        assert translator(locale).message(back) == translator(locale).message(message)
