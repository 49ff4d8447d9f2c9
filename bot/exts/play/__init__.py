"""``/tikal …`` for players."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cog import Play

if TYPE_CHECKING:
    from ...app import TikalBot


async def setup(bot: TikalBot) -> None:
    await bot.add_cog(Play(bot))


__all__ = ["Play", "setup"]
