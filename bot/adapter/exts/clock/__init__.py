"""The clock: reminders, deadlines, absent seats and guild purges, ticking in the background."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.adapter.exts.clock.clockwork import Clockwork

if TYPE_CHECKING:
    from bot.adapter.app import TikalBot


async def setup(bot: TikalBot) -> None:
    await bot.add_cog(Clockwork(bot))


__all__ = ["Clockwork", "setup"]
