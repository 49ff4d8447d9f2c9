"""Member-chosen text shown as typed: markdown and Discord's syntax escaped, nothing else changed."""

from __future__ import annotations

import pytest

from bot.core.words.errors import quoted
from bot.core.words.escaping import escaped, escaped_words
from bot.core.words.texts import tr
from engine import UnreadableMove, parse_move
from engine.messages import ENGLISH


@pytest.mark.parametrize(("typed", "shown"), [
    ("<@7202>", "\\<@7202>"),  # a member
    ("<@!7202>", "\\<@!7202>"),
    ("<@&7001>", "\\<@&7001>"),  # a role
    ("<#7101>", "\\<#7101>"),  # a channel
    ("</tikal-game new:1>", "\\</tikal-game new:1>"),  # a command to click
    ("<t:1700000000:R>", "\\<t:1700000000:R>"),  # a time
    ("<:tikal:123>", "\\<:tikal:123>"),  # a server's emoji
    ("@everyone and @here", "@\u200beveryone and @\u200bhere"),
    ("**Eve** [click](https://evil.example)", "\\*\\*Eve\\*\\* \\[click](https://evil.example)"),
    ("_a_ ~~b~~ ||c|| `d` \\", "\\_a\\_ \\~\\~b\\~\\~ \\|\\|c\\|\\| \\`d\\` \\\\"),
    ("# Big", "\\# Big"), ("-# small", "\\-# small"), ("> quote", "\\> quote"), ("- item", "\\- item"),
    ("12. item", "12\\. item"),
    ("Zoë Mary-Jane 3.5", "Zoë Mary-Jane 3.5"),  # nothing to escape: unchanged
])
def test_escaped_text_reads_as_typed(typed: str, shown: str) -> None:
    assert escaped(typed) == shown


def test_a_refused_value_is_echoed_escaped_and_a_refused_move_too_but_not_its_code_spans() -> None:
    assert quoted("<@7202> **x**") == "“\\<@7202> \\*\\*x\\*\\*”"
    with pytest.raises(UnreadableMove) as refused:
        parse_move("exchange <@7202> ana idol")
    text = ENGLISH.message(escaped_words(refused.value.message))
    assert text.startswith("Cannot read “exchange \\<@7202> ana idol”: “\\<@7202>” is not a treasure kind")
    assert text.endswith("Write it as `exchange <my kind> <player> <their kind>`.")  # a code span stays as it is
    said = tr("test.said", "{name} is not <@{member}>", name="<@1>", member=2)
    assert escaped_words(said) is said  # the bot's own words: escaped where they were written, or deliberate



def test_a_seat_name_is_escaped_in_messages_and_as_it_is_in_an_autocomplete_choice() -> None:
    """Seat names keep underscores (``Mary Jane`` → ``Mary_Jane``): every game message shows a name through
    ``labels.player``, escaped; an autocomplete choice, which Discord shows without markdown, as it is."""
    import engine
    from bot.core.words.labels import player

    view = engine.view(engine.new_game(["Mary_Jane", "Ben"], "basic", seed=1))
    assert player(view, 0) == "🟦 Mary\\_Jane" and player(view, 0, plain=True) == "🟦 Mary_Jane"
