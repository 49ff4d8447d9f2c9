"""``/tikal-mod …`` for moderators."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.adapter.exts.mod.cog import ModCommands

if TYPE_CHECKING:
    from bot.adapter.app import TikalBot


async def setup(bot: TikalBot) -> None:
    await bot.add_cog(ModCommands(bot))


__all__ = ["ModCommands", "setup"]
