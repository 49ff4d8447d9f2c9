"""Buttons of private answers: the pages of ``/tikal history`` and the confirmation of ``/tikal resign``.

Like the game's buttons they are ``DynamicItem``s whose custom ids carry the game (and the page), so
they keep working after a restart; the guild always comes from the interaction.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from .. import overviews
from ..history import HistoryPage
from ..table import Table

if TYPE_CHECKING:
    from ..app import TikalBot


def _bot(interaction: discord.Interaction) -> TikalBot:
    return interaction.client  # type: ignore[return-value]


class HistoryPageButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                        template=r"tikal:history:(?P<game>[0-9]+):(?P<page>[0-9]+)"):
    def __init__(self, game_id: int, page: int, label: str) -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=f"tikal:history:{game_id}:{page}"))
        self.game_id = game_id
        self.page = page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> HistoryPageButton:
        return cls(int(match["game"]), int(match["page"]), "")

    async def callback(self, interaction: discord.Interaction) -> None:
        from .buttons import _guarded

        await _guarded(interaction, self._run(interaction))

    async def _run(self, interaction: discord.Interaction) -> None:
        history = _bot(interaction).days.history
        page = await history.history(Table.guild_id(interaction), self.game_id, self.page)
        await interaction.response.edit_message(embed=overviews.history_embed(page), view=history_view(page))


def history_view(page: HistoryPage) -> discord.ui.View | None:
    """◀ and ▶ (and the first and last page) when there is more than one page."""
    if page.pages <= 1:
        return None
    view = discord.ui.View(timeout=None)
    targets = ((1, "⏮ first"), (page.page - 1, "◀ earlier"), (page.page + 1, "later ▶"), (page.pages, "last ⏭"))
    for slot, (target, label) in enumerate(targets):
        if 1 <= target <= page.pages and target != page.page:
            view.add_item(HistoryPageButton(page.game_id, target, label))
        else:  # kept in place, greyed out; custom ids must differ within a message
            view.add_item(discord.ui.Button(label=label, disabled=True, custom_id=f"tikal:history-off:{slot}"))
    return view


class ResignButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"tikal:resign:(?P<game>[0-9]+)"):
    def __init__(self, game_id: int) -> None:
        super().__init__(discord.ui.Button(label="Yes, resign", style=discord.ButtonStyle.danger,
                                           custom_id=f"tikal:resign:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ResignButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        from .buttons import _guarded

        await _guarded(interaction, self._run(interaction))

    async def _run(self, interaction: discord.Interaction) -> None:
        bot = _bot(interaction)
        guild = Table.guild_id(interaction)
        done = await bot.days.mod.resign(guild, self.game_id, interaction.user.id)
        await interaction.response.edit_message(
            content=f"You resigned from game #{self.game_id}: the bot plays your seat from now on.", view=None)
        await bot.table.sync(guild, done.game.id)


def resign_view(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ResignButton(game_id))
    return view
