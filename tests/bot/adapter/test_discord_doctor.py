"""The doctor through the wire harness: ``/tikal-mod doctor`` (moderators only, privately, in the reader's language)
and the Discord checks ``python -m bot doctor`` shares with it — a channel with a game where the bot lost Embed Links
and Attach Files, a game whose channel is gone, a log channel the bot cannot post in, commands Discord lacks."""

from __future__ import annotations

from pathlib import Path

import discord

from bot.adapter.diagnosis import ServerSettings, commands_finding, expected_commands, lines, server_findings
from bot.core.health.doctor import Level, Place, storage_places
from lang import translator
from tests.bot.adapter.discordkit import (
    ANA,
    BEN,
    CHANNEL,
    GUILD,
    MOD,
    SECOND_CHANNEL,
    bot_of,
    mod,
    open_game,
    responses,
    running_bot,
)
from tests.bot.adapter.wire import Wire

EN, DE = translator("en"), translator("de")


def take_from_the_bot(wire: Wire, **denied: bool) -> None:
    """The server's admins take permissions away from the bot's role and @everyone (the bot has both)."""
    guild = bot_of(wire).get_guild(GUILD)
    assert guild is not None and guild.me is not None
    for role in guild.me.roles:
        allowed = discord.Permissions(role.permissions.value)
        allowed.update(administrator=False, **{name: not value for name, value in denied.items()})
        role._permissions = allowed.value  # as Discord's GUILD_ROLE_UPDATE would leave it


def embed_of(wire: Wire, calls: list[object]) -> dict[str, object]:
    answers = responses(calls)  # type: ignore[arg-type]
    assert answers[0].callback_type == 5 and answers[0].ephemeral  # deferred privately: Discord is asked over HTTP
    assert answers[-1].ephemeral
    (embed,) = answers[-1].data["embeds"]
    assert len(embed["title"]) <= 256 and len(embed["description"]) <= 4096
    return embed  # type: ignore[no-any-return]


async def test_a_moderator_hears_every_permission_the_bot_lacks_where_games_are(db_path: Path) -> None:
    async with running_bot(db_path) as wire:
        game_id = await open_game(wire, [ANA, BEN])
        healthy = embed_of(wire, await mod(wire, "doctor"))
        assert healthy["title"] == "Nothing stops the bot"
        assert "✅ Discord has the bot's 3 commands and their subcommands." in healthy["description"]
        assert "✅ Every permission the bot needs is there in the 1 channel with a game." in healthy["description"]
        assert "Gateway intents: Guilds only" in healthy["description"]
        assert "tikal.sqlite3" not in healthy["description"] and str(db_path) not in healthy["description"]

        take_from_the_bot(wire, embed_links=True, attach_files=True)
        wire.locales[MOD] = "de"
        sick = embed_of(wire, await mod(wire, "doctor"))
        assert sick["title"] == DE.ntr("doctor.problems", "{n} problem would stop the bot",
                                       "{n} problems would stop the bot", 1)
        first = sick["description"].splitlines()[0]  # problems first
        assert first.startswith("❌") and f"<#{CHANNEL}>" in first and f"#{game_id}" in first
        assert f"**{DE.tr('perm.embed_links', 'Embed Links')}**" in first
        assert f"**{DE.tr('perm.attach_files', 'Attach Files')}**" in first
        assert "Send Messages" not in first and DE.tr("perm.send_messages", "Send Messages") not in first


async def test_only_a_moderator_may_ask(db_path: Path) -> None:
    async with running_bot(db_path) as wire:
        (answer,) = responses(await mod(wire, "doctor", user=ANA))
        assert answer.ephemeral and "Only a moderator" in answer.data["content"]


async def test_the_server_checks_name_gone_channels_log_channels_and_missing_commands(db_path: Path) -> None:
    async with running_bot(db_path) as wire:
        bot = bot_of(wire)
        game_id = await open_game(wire, [ANA, BEN])
        places = [*await storage_places(bot.core.storage, GUILD), Place(GUILD, 99, 123456, None)]
        assert [p.game_id for p in places] == [game_id, 99]
        take_from_the_bot(wire, send_messages=True)
        found = server_findings(bot, GUILD, places, ServerSettings(use_threads=False, log_channel_id=SECOND_CHANNEL),
                                EN, mentions=False)
        assert all(f.level is Level.PROBLEM and f.guild_id == GUILD for f in found)
        text = lines(found, EN)
        # without Send Messages, Discord takes Embed Links and Attach Files away as well
        assert text[0] == (f"❌ In #channel-0 (game #{game_id}) the bot is missing Send Messages, Embed Links, "
                           "Attach Files: grant them in the channel's settings → Permissions.")
        assert text[1].startswith("❌ Game #99's channel or thread (#123456) is gone")
        assert text[2] == ("❌ The moderators' log channel #channel-1 does not take the bot's notices (missing "
                           "Send Messages).")
        gone = server_findings(bot, 4242, places[:1], ServerSettings(), EN)
        assert lines(gone, EN) == ["❌ The bot is not in server 4242 any more, which has 1 game under way."]
        wire.registered.clear()  # Discord lost the commands
        missing = await commands_finding(bot, expected_commands(bot.tree, None), None)
        assert missing.level is Level.PROBLEM
        assert "/tikal, /tikal-game, /tikal-mod" in EN.message(missing.said)
        assert "SYNC_COMMANDS=always" in EN.message(missing.said)
