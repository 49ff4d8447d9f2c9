"""``/tikal …``: the turn commands, and the persistent buttons of every game message."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.adapter.exts.play.cog import TurnCommands
from bot.adapter.ui import BUTTONS

if TYPE_CHECKING:
    from bot.adapter.app import TikalBot


async def setup(bot: TikalBot) -> None:
    bot.add_dynamic_items(*BUTTONS)  # persistent: the buttons of messages from before a restart work too
    await bot.add_cog(TurnCommands(bot))


__all__ = ["TurnCommands", "setup"]
