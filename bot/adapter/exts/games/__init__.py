"""``/tikal-game …``: lobbies, the server's games, records, standing orders and members' settings."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.adapter.exts.games.cog import GameCommands
from bot.adapter.rankings import LeaderboardPageButton

if TYPE_CHECKING:
    from bot.adapter.app import TikalBot


async def setup(bot: TikalBot) -> None:
    await bot.add_cog(GameCommands(bot))
    bot.add_dynamic_items(LeaderboardPageButton)  # the pages of leaderboards sent before a restart work too


__all__ = ["GameCommands", "setup"]
