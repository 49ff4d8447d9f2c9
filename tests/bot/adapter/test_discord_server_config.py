"""``/tikal-mod config`` through the real discord.py bot: a refused configuration changes nothing, and a
server's clock out of the box: new games get a turn and a bid deadline, the lobby says what happens
when one passes, and games already created keep theirs."""

from __future__ import annotations

import re

import pytest

from bot.core.clocks.timing import DEFAULTS
from tests.bot.adapter.discordkit import ANA, BEN, CHANNEL, GUILD, bot_of, command, mod, posts, responses, text_of
from tests.bot.adapter.wire import Ref, Wire


@pytest.mark.backends
async def test_a_refused_config_changes_nothing_not_even_the_language(wire: Wire) -> None:
    core = bot_of(wire).core
    before = await core.moderation.config(GUILD)
    calls = await mod(wire, "config", {"language": "de", "turn_hours": 0.5, "moderator_role": Ref("role", 7300),
                                       "log_channel": Ref("channel", CHANNEL), "rate_aborted": "scores"})
    (answer,) = responses(calls)
    assert answer.ephemeral and "between 1 and 1440 hours, not 0.5" in text_of(answer)
    assert await core.languages.server(GUILD) is None
    core.languages.forget_server(GUILD)  # not this process's copy: what the database holds
    assert await core.languages.server(GUILD) is None
    assert await core.moderation.config(GUILD) == before

    calls = await mod(wire, "config", {"language": "de", "turn_hours": 36.0})
    assert "Gespeichert" not in text_of(responses(calls)[0])  # the moderator's own client language: English
    assert await core.languages.server(GUILD) == "de"
    assert (await core.moderation.config(GUILD)).defaults.turn_hours == 36


@pytest.mark.backends
async def test_a_new_server_gives_new_games_a_clock_and_the_lobby_says_what_happens_when_it_passes(
        wire: Wire) -> None:
    calls = await command(wire, "tikal-game new", {"variant": "auction", "seats": 2}, user=ANA)
    lobby = text_of(posts(calls, CHANNEL)[0])
    assert "48 h per turn" in lobby and "24 h per bid" in lobby and "computer player plays that turn" in lobby, lobby
    assert "no deadline" not in lobby.lower()
    game_id = int(re.search(r"game #(\d+)", lobby)[1])  # type: ignore[index]
    clock = await bot_of(wire).core.moderation.clock(GUILD, game_id)
    assert clock.timing == DEFAULTS

    await mod(wire, "config", {"turn_hours": 0.0, "bid_hours": 0.0, "policy": "wait"})
    assert (await bot_of(wire).core.moderation.clock(GUILD, game_id)).timing == DEFAULTS  # it keeps its own
    calls = await command(wire, "tikal-game new", {"seats": 2}, user=BEN, channel=CHANNEL + 2)
    lobby = text_of(posts(calls)[0])
    assert "No deadline" in lobby
