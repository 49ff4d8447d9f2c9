"""``/tikal-mod doctor``: what would stop the bot in this server, for its moderators, privately and in their
language — the gateway intents, the commands as Discord has them, the database, the web view, and the permissions
the bot needs where this server's games are and in its log channel (``bot.adapter.diagnosis``). Nothing about the
host's machine (paths, addresses, ports) is shown to a server's moderators."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import discord

from bot.adapter.diagnosis import (
    ServerSettings,
    commands_finding,
    expected_commands,
    intents_finding,
    lines,
    server_findings,
    summary,
)
from bot.adapter.messages.parts import NEUTRAL
from bot.core.health.doctor import Finding, Level, address_findings, storage_findings, storage_places, worst
from engine.messages import Speaker

if TYPE_CHECKING:
    from bot.adapter.app import TikalBot

DESCRIPTION_LIMIT: Final = 4000
"""Discord takes 4,096 characters in an embed's description; the rest is counted, not shown."""
COLOURS: Final = {Level.OK: 0x009E73, Level.NOTE: 0xE69F00, Level.PROBLEM: 0xD55E00}


async def findings(bot: TikalBot, guild_id: int, t: Speaker) -> list[Finding]:
    core = bot.core
    dev_guild = bot.settings.dev_guild_id
    expected = expected_commands(bot.tree, discord.Object(id=dev_guild) if dev_guild is not None else None)
    stored = await core.settings.get(guild_id)
    return [
        intents_finding(bot.intents),
        await commands_finding(bot, expected, dev_guild),
        *await storage_findings(core.storage),
        *address_findings(web_url=bot.settings.web_url, web_port=None, web_host="", health_port=None,
                          health_host=""),
        *server_findings(bot, guild_id, await storage_places(core.storage, guild_id),
                         ServerSettings(stored.use_threads, stored.log_channel_id), t),
    ]


def report_embed(found: list[Finding], t: Speaker) -> discord.Embed:
    """The findings, problems first, as one embed within Discord's limits."""
    ordered = sorted(found, key=lambda f: -f.level)
    shown: list[str] = []
    size = 0
    for line in lines(ordered, t):
        if size + len(line) + 1 > DESCRIPTION_LIMIT - 80:
            break
        shown.append(line)
        size += len(line) + 1
    left = len(ordered) - len(shown)
    if left:
        shown.append(t.ntr("doctor.more", "…and {n} more line.", "…and {n} more lines.", left))
    level = worst(found)
    return discord.Embed(title=summary(found, t), description="\n".join(shown),
                         colour=COLOURS.get(level, NEUTRAL))


__all__ = ["findings", "report_embed"]
