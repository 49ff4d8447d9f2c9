"""Buttons of private answers: the pages of ``/tikal-game history`` and the confirmation of ``/tikal-game resign``.

Like the game's buttons they are ``DynamicItem``s whose custom ids carry the game (and the page), so
they keep working after a restart; the guild always comes from the interaction.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.adapter.ui.actions import guarded, table_of
from bot.core.league.history import HistoryPage
from engine.messages import ENGLISH, Speaker


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
        await guarded(interaction, table_of(interaction).history_page(interaction, self.game_id, self.page))


def history_view(page: HistoryPage, t: Speaker = ENGLISH) -> discord.ui.View | None:
    """◀ and ▶ (and the first and last page) when there is more than one page."""
    if page.pages <= 1:
        return None
    view = discord.ui.View(timeout=None)
    targets = ((1, t.tr("pages.first", "⏮ first")), (page.page - 1, t.tr("pages.earlier", "◀ earlier")),
               (page.page + 1, t.tr("pages.later", "later ▶")), (page.pages, t.tr("pages.last", "last ⏭")))
    for slot, (target, label) in enumerate(targets):
        if 1 <= target <= page.pages and target != page.page:
            view.add_item(HistoryPageButton(page.game_id, target, label))
        else:  # kept in place, greyed out; custom ids must differ within a message
            view.add_item(discord.ui.Button(label=label, disabled=True, custom_id=f"tikal:history-off:{slot}"))
    return view


class ResignButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"tikal:resign:(?P<game>[0-9]+)"):
    def __init__(self, game_id: int, t: Speaker = ENGLISH) -> None:
        super().__init__(discord.ui.Button(label=t.tr("pages.resign", "Yes, resign"), style=discord.ButtonStyle.danger,
                                           custom_id=f"tikal:resign:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ResignButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, table_of(interaction).resign(interaction, self.game_id))


def resign_view(game_id: int, t: Speaker = ENGLISH) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ResignButton(game_id, t))
    return view
