"""The channel permissions the bot needs, and which of them it lacks, in words for a moderator."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import discord

from bot.core.words.texts import tr
from engine.messages import ENGLISH, Msg, Said, Speaker

VIEW = tr("perm.view_channel", "View Channel")
SEND = tr("perm.send_messages", "Send Messages")
EMBED = tr("perm.embed_links", "Embed Links")
ATTACH = tr("perm.attach_files", "Attach Files")
HISTORY = tr("perm.read_message_history", "Read Message History")
THREADS = tr("perm.create_public_threads", "Create Public Threads")
IN_THREADS = tr("perm.send_messages_in_threads", "Send Messages in Threads")
"""Discord's names of the permissions, as its client shows them in each language."""

REQUIRED: Final = (("view_channel", VIEW), ("send_messages", SEND), ("embed_links", EMBED),
                   ("attach_files", ATTACH), ("read_message_history", HISTORY))
THREAD_REQUIRED: Final = (("create_public_threads", THREADS), ("send_messages_in_threads", IN_THREADS))
IN_A_THREAD: Final = (("view_channel", VIEW), ("send_messages_in_threads", IN_THREADS), ("embed_links", EMBED),
                      ("attach_files", ATTACH), ("read_message_history", HISTORY))


def missing_permissions(permissions: discord.Permissions, *, thread: bool) -> list[Said]:
    """What a new game needs in a channel (and to open its thread) that ``permissions`` lack."""
    wanted = REQUIRED + (THREAD_REQUIRED if thread else ())
    return [label for attr, label in wanted if not getattr(permissions, attr)]


def missing_here(client: discord.Client, guild_id: int, channel_id: int) -> list[Said]:
    """What the bot lacks to post in a channel or thread, from its cache (empty when it cannot tell)."""
    guild = client.get_guild(guild_id)
    place = guild.get_channel_or_thread(channel_id) if guild is not None else None
    if guild is None or place is None or guild.me is None:
        return []
    wanted = IN_A_THREAD if isinstance(place, discord.Thread) else REQUIRED
    permissions = place.permissions_for(guild.me)
    return [label for attr, label in wanted if not getattr(permissions, attr)]


def missing_to_post(channel: discord.TextChannel) -> list[Said]:
    """What the bot lacks to post plain messages in ``channel`` (a moderator log channel), from its cache."""
    me = channel.guild.me
    if me is None:
        return []
    permissions = channel.permissions_for(me)
    return [label for attr, label in (("view_channel", VIEW), ("send_messages", SEND))
            if not getattr(permissions, attr)]


def missing_permissions_text(missing: Sequence[Msg], t: Speaker = ENGLISH) -> str:
    """Why a game cannot be opened here, for the member who tried: the permissions missing and who can grant them."""
    return t.tr("fmt.missing_permissions", "I cannot run a game here: I am missing {permissions} in this channel. "
                                           "Ask a moderator to grant them (channel settings → Permissions), then try "
                                           "again.", permissions=", ".join(f"**{t.message(m)}**" for m in missing))
