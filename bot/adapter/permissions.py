"""The channel permissions the bot needs, and which of them it lacks, in words for a moderator."""

from __future__ import annotations

from typing import Final

import discord

REQUIRED: Final = (
    ("view_channel", "View Channel"),
    ("send_messages", "Send Messages"),
    ("embed_links", "Embed Links"),
    ("attach_files", "Attach Files"),
    ("read_message_history", "Read Message History"),
)
THREAD_REQUIRED: Final = (
    ("create_public_threads", "Create Public Threads"),
    ("send_messages_in_threads", "Send Messages in Threads"),
)
IN_A_THREAD: Final = (
    ("view_channel", "View Channel"),
    ("send_messages_in_threads", "Send Messages in Threads"),
    ("embed_links", "Embed Links"),
    ("attach_files", "Attach Files"),
    ("read_message_history", "Read Message History"),
)


def missing_permissions(permissions: discord.Permissions, *, thread: bool) -> list[str]:
    """What a new game needs in a channel (and to open its thread) that ``permissions`` lack."""
    wanted = REQUIRED + (THREAD_REQUIRED if thread else ())
    return [label for attr, label in wanted if not getattr(permissions, attr)]


def missing_here(client: discord.Client, guild_id: int, channel_id: int) -> list[str]:
    """What the bot lacks to post in a channel or thread, from its cache (empty when it cannot tell)."""
    guild = client.get_guild(guild_id)
    place = guild.get_channel_or_thread(channel_id) if guild is not None else None
    if guild is None or place is None or guild.me is None:
        return []
    wanted = IN_A_THREAD if isinstance(place, discord.Thread) else REQUIRED
    permissions = place.permissions_for(guild.me)
    return [label for attr, label in wanted if not getattr(permissions, attr)]
