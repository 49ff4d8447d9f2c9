"""Buttons of private answers: the pages of ``/tikal-game history`` and the confirmation of ``/tikal-game resign``.

Like the game's buttons they are ``DynamicItem``s whose custom ids carry the game (and the page and the button's
role), so they keep working after a restart; the guild always comes from the interaction.
"""

from __future__ import annotations

import re
from typing import Any, Final

import discord

from bot.adapter.ui.actions import guarded, table_of
from bot.core.league.history import HistoryPage
from engine.messages import ENGLISH, Speaker

PAGE_ROLES: Final = ("first", "earlier", "later", "last")
"""The page buttons of ``/tikal-game history`` in their order; each carries its role in its custom id, as two of them
may lead to the same page (on page 2, ⏮ and ◀ both lead to page 1) and Discord refuses a message whose custom ids
repeat, disabled ones included."""


class HistoryPageButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                        template=r"tikal:history:(?P<game>[0-9]+):(?P<page>[0-9]+)(?::(?P<role>[a-z]+))?"):
    """``tikal:history:<game>:<page>:<role>``; a button sent before the role was added (no role) still works."""

    def __init__(self, game_id: int, page: int, label: str, role: str | None = None, *,
                 disabled: bool = False) -> None:
        custom_id = f"tikal:history:{game_id}:{page}" + (f":{role}" if role else "")
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, custom_id=custom_id,
                                           disabled=disabled))
        self.game_id = game_id
        self.page = page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> HistoryPageButton:
        return cls(int(match["game"]), int(match["page"]), "", match["role"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, table_of(interaction).history_page(interaction, self.game_id, self.page))


def history_view(page: HistoryPage, t: Speaker = ENGLISH) -> discord.ui.View | None:
    """⏮ first, ◀ earlier, later ▶ and last ⏭ when there is more than one page; those that would lead nowhere (or to
    the page shown) greyed out in their place."""
    if page.pages <= 1:
        return None
    view = discord.ui.View(timeout=None)
    labels = (t.tr("pages.first", "⏮ first"), t.tr("pages.earlier", "◀ earlier"), t.tr("pages.later", "later ▶"),
              t.tr("pages.last", "last ⏭"))
    targets = (1, page.page - 1, page.page + 1, page.pages)
    for role, label, target in zip(PAGE_ROLES, labels, targets, strict=True):
        leads = 1 <= target <= page.pages and target != page.page
        view.add_item(HistoryPageButton(page.game_id, target if leads else page.page, label, role,
                                        disabled=not leads))
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
