"""Issue 12 through the real discord.py bot: who reads which language. A private answer follows the member's
client (``interaction.locale``), a channel post the server's language (``/tikal-mod config language``, else the
server's Discord locale), a direct message the member's locale as last seen."""

from __future__ import annotations

from bot.core.languages import channel_language
from tests.bot.adapter.discordkit import (
    ANA,
    BEN,
    GUILD,
    MOD,
    MOD_PERMISSIONS,
    bot_of,
    command,
    member_to_act,
    mod,
    open_game,
    responses,
    text_of,
)
from tests.bot.adapter.wire import Wire


async def test_a_refusal_is_written_in_the_members_client_language(wire: Wire) -> None:
    wire.locales[ANA] = "de"
    (answer,) = responses(await command(wire, "tikal-mod config", {}, user=ANA))
    assert answer.ephemeral
    assert text_of(answer) == "Das kann nur ein Moderator (Server verwalten oder die Moderatorrolle des Servers)."
    wire.locales[ANA] = "es-419"
    (answer,) = responses(await command(wire, "tikal-game settings", {"quiet_from": "22:00"}, user=ANA))
    assert text_of(answer) == "Las horas de silencio necesitan `quiet_from` y `quiet_to` (p. ej. 22:00 y 7:30)."
    wire.locales[ANA] = "pt-BR"  # a language of no rulebook: English
    (answer,) = responses(await command(wire, "tikal-game settings", {"quiet_from": "22:00"}, user=ANA))
    assert text_of(answer) == "Quiet hours need both `quiet_from` and `quiet_to` (e.g. 22:00 and 7:30)."


async def test_an_engine_refusal_is_rendered_in_the_readers_language(wire: Wire) -> None:
    game_id = await open_game(wire, [ANA, BEN])
    actor = await member_to_act(wire, game_id)
    assert actor is not None
    wire.locales[actor] = "fr"
    (answer,) = responses(await command(wire, "tikal end", {}, user=actor))
    assert answer.ephemeral and text_of(answer).startswith("Posez d’abord votre hexagone (`place <hex> <rotation>`) ; "
                                                           "il peut aller sur ")


async def test_a_moderator_sets_the_servers_language_and_can_give_it_back_to_discord(wire: Wire) -> None:
    bot = bot_of(wire)
    assert await bot.core.languages.server(GUILD) is None
    wire.locales[MOD] = "nl"
    calls = await mod(wire, "config", {"language": "fr"})
    (answer,) = responses(calls)
    assert answer.ephemeral and "Opgeslagen." in text_of(answer) and "Français" in text_of(answer)
    assert await bot.core.languages.server(GUILD) == "fr"
    calls = await mod(wire, "config", {"language": "server"})
    assert "English" in text_of(responses(calls)[0])  # the test server's Discord locale is en-US
    assert await bot.core.languages.server(GUILD) is None
    calls = await command(wire, "tikal-mod config", {"language": "de"}, user=ANA)
    assert await bot.core.languages.server(GUILD) is None  # a plain member changes nothing
    assert channel_language(None, "es-419") == "es"
    assert MOD_PERMISSIONS


async def test_every_interaction_records_the_members_locale_for_direct_messages(wire: Wire) -> None:
    bot = bot_of(wire)
    assert await bot.core.languages.member(ANA) is None
    wire.locales[ANA] = "it"
    await command(wire, "tikal-game rules", {}, user=ANA)
    assert await bot.core.languages.member(ANA) == "it"
    wire.locales[ANA] = "nl"
    await command(wire, "tikal-game games", {}, user=ANA)
    assert await bot.core.languages.member(ANA) == "nl"
