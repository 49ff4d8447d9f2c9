"""The outbox worker as an extension: started when loaded, stopped when unloaded (at close)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord.ext import commands

if TYPE_CHECKING:
    from bot.adapter.app import TikalBot


class OutboxWorker(commands.Cog):
    def __init__(self, bot: TikalBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.outbox.start()

    async def cog_unload(self) -> None:
        await self.bot.outbox.stop()


async def setup(bot: TikalBot) -> None:
    await bot.add_cog(OutboxWorker(bot))


__all__ = ["OutboxWorker", "setup"]
