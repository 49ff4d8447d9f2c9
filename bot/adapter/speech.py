"""Who reads a message, and so its language.

- an ephemeral reply: the member's Discord client language, ``interaction.locale``;
- a channel post: the server's language (``/tikal-mod config language``, else the server's preferred locale,
  else English: ``bot.core.guilds.languages.channel_language``);
- a direct message: the member's locale as last seen (every interaction records it, written only on change).

Each gives a ``lang.Translator``; ``said(t, text)`` renders the core's ``Said`` messages (or passes a finished
string through, e.g. a seat name).
"""

from __future__ import annotations

import discord

from bot.core.guilds.languages import Languages, channel_language
from engine.messages import Msg
from lang import Translator, translator


def reader(interaction: discord.Interaction) -> Translator:
    """The language of a private answer: the member's client."""
    return translator(interaction.locale.value)


def guild_locale(bot: discord.Client, guild_id: int) -> str | None:
    """The server's preferred locale as Discord last told it (None for an unknown server)."""
    guild = bot.get_guild(guild_id)
    return None if guild is None else guild.preferred_locale.value


async def channel(client: discord.Client, languages: Languages, guild_id: int) -> Translator:
    """The language of the server's channel posts."""
    return translator(channel_language(await languages.server(guild_id), guild_locale(client, guild_id)))


async def direct(languages: Languages, user_id: int) -> Translator:
    """The language of a direct message to the member: their locale as last seen (English if never seen)."""
    return translator(await languages.member(user_id))


def said(t: Translator, text: str | Msg) -> str:
    """A message of the core in the reader's language; a string is already written (a name, a number)."""
    return text if isinstance(text, str) else t.message(text)


__all__ = ["channel", "direct", "guild_locale", "reader", "said"]
