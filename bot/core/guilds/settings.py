"""A server's settings (``guild_settings``): its moderator role, default variant, threads, default turn deadline
and reminders, and the moderators' log channel."""

from __future__ import annotations

from typing import Final

from bot.core.storage.base import Storage
from bot.core.storage.rows import GuildSettings
from bot.core.words.errors import BadOption, quoted
from bot.core.words.texts import tr

DEFAULT_VARIANTS: Final = ("basic", "auction")
"""The variants a server may make its default (``guild_settings``' CHECK); ``rapido`` is chosen per game."""


class ServerSettings:
    """Read and save the settings of every guild."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    async def get(self, guild_id: int) -> GuildSettings:
        async with self.storage.read() as r:
            return await r.guild_settings(guild_id)

    async def save(self, settings: GuildSettings) -> None:
        if settings.default_variant not in DEFAULT_VARIANTS:
            raise BadOption(tr("service.variant_basic_or_auction",
                               "The variant is `basic` or `auction`, not {value}.",
                               value=quoted(settings.default_variant)))
        async with self.storage.transaction() as tx:
            await tx.put_guild_settings(settings)


__all__ = ["DEFAULT_VARIANTS", "ServerSettings"]
