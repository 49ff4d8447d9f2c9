"""``/tikal-game review`` through the real discord.py bot: a finished game's review, deferred and then sent
privately within Discord's limits, in the member's language, one player's with ``member``; a lobby and a running
game are refused at once (no hint during play); the options' autocomplete offers finished games and their players.
The strong player searches with a small budget here (``QUICK``)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.bot.adapter.discordkit import (
    ANA,
    BEN,
    CHANNEL,
    CY,
    SECOND_CHANNEL,
    bot_of,
    choices_of,
    command,
    open_game,
    responses,
)
from tests.bot.adapter.test_discord_records import played
from tests.bot.adapter.wire import Call, Wire
from tests.engine.test_ai_review import QUICK


def sizes(message: dict[str, Any]) -> tuple[int, int, list[int]]:
    """The content's length, every embed's characters together, and each field value's length."""
    embeds = message.get("embeds") or []
    total = sum(len(e.get("title") or "") + len(e.get("description") or "")
                + sum(len(f["name"]) + len(f["value"]) for f in e.get("fields") or []) for e in embeds)
    return len(message.get("content") or ""), total, [len(f["value"]) for e in embeds for f in e.get("fields") or []]


def deferred_answer(calls: list[Call]) -> dict[str, Any]:
    deferred, *rest = responses(calls)
    assert deferred.callback_type == 5 and deferred.ephemeral  # deferred before the slow work
    (answer,) = rest
    assert answer.ephemeral
    return answer.data


@pytest.mark.slow  # a whole game played first
async def test_a_finished_games_review_privately_within_discords_limits(wire: Wire) -> None:
    bot = bot_of(wire)
    bot.core.reviews.settings = QUICK
    await open_game(wire, [ANA, CY], channel=SECOND_CHANNEL)
    game_id = await open_game(wire, [ANA, BEN])
    await played(wire, game_id)
    # the options' autocomplete: finished games only, then the players of the one chosen
    calls = await command(wire, "tikal-game review", {"game": ""}, user=CY, focused="game")
    assert [c["value"] for c in choices_of(calls[0])] == [game_id]
    calls = await command(wire, "tikal-game review", {"game": game_id, "member": "b"}, user=CY, focused="member")
    assert [(c["name"], c["value"]) for c in choices_of(calls[0])] == [("🟧 Ben", "Ben")]
    calls = await command(wire, "tikal-game review", {"member": ""}, user=CY, focused="member", channel=SECOND_CHANNEL)
    assert choices_of(calls[0]) == []  # a running game has no review, so no players to offer
    # anyone may ask, from the game's channel (its latest game) or by number
    message = deferred_answer(await command(wire, "tikal-game review", user=CY))
    content, total, fields = sizes(message)
    assert message["content"].startswith(f"**🔎 Review of game #{game_id}**") and content <= 2000
    assert total <= 6000 and fields and all(n <= 1024 for n in fields)
    embeds = message["embeds"]
    assert [e["title"] for e in embeds] == ["🟦 Ana", "🟧 Ben"]
    for embed in embeds:
        for field in embed["fields"]:
            assert field["name"].startswith(("Turn ", "Scoring round ")) and " · about " in field["name"]
            played_line, better_line = field["value"].split("\n")
            assert played_line.startswith("Played: ") and better_line.startswith("The computer player instead: ")
            assert "`" not in field["value"]  # words, never the notation
    assert bot.core.reviews.made == 1
    # one player's, in the member's language, from the review kept (not made again)
    wire.locales[ANA] = "de"
    message = deferred_answer(await command(wire, "tikal-game review", {"game": game_id, "member": "ben"}, user=ANA))
    assert [e["title"] for e in message["embeds"]] == ["🟧 Ben"] and message["content"].startswith("**🔎 Analyse")
    assert all(f["value"].startswith("Gespielt: ") for f in message["embeds"][0]["fields"])
    assert bot.core.reviews.made == 1


async def test_a_running_game_and_a_lobby_are_refused_at_once(wire: Wire) -> None:
    bot = bot_of(wire)
    bot.core.reviews.settings = QUICK
    game_id = await open_game(wire, [ANA, BEN])
    await played(wire, game_id, moves=20)
    for options in ({}, {"game": game_id}):
        (refused,) = responses(await command(wire, "tikal-game review", options, user=ANA))
        assert refused.callback_type == 4 and refused.ephemeral  # answered at once: nothing deferred
        assert "still being played" in refused.data["content"] and "hint" in refused.data["content"]
    calls = await command(wire, "tikal-game new", {"seats": 3}, user=CY, channel=SECOND_CHANNEL)
    assert responses(calls)
    (refused,) = responses(await command(wire, "tikal-game review", user=CY, channel=SECOND_CHANNEL))
    assert "has not started yet" in refused.data["content"]
    (refused,) = responses(await command(wire, "tikal-game review", {"game": 9999}, user=CY, channel=CHANNEL))
    assert refused.ephemeral and "9999" in refused.data["content"]
    assert bot.core.reviews.made == 0
