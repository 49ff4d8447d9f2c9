"""``/tikal-mod …`` for moderators."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cog import Moderation

if TYPE_CHECKING:
    from ...app import TikalBot


async def setup(bot: TikalBot) -> None:
    await bot.add_cog(Moderation(bot))


__all__ = ["Moderation", "setup"]
