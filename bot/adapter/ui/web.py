"""The wait's message's **My board link**: each member asks for their own link to play from the web page
(``bot.core.web_play``); the answer, a private one, holds it (``Table.web_link``). A ``DynamicItem``
``tikal:web:<game>``, so it works after a restart; shown only when the bot has a web view (``WEB_URL``)."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.adapter.ui.actions import guarded, table_of
from bot.core.table.results import GameInfo
from engine.messages import ENGLISH, Speaker


class WebLinkButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"tikal:web:(?P<game>[0-9]+)"):
    """Anyone may click it; the answer is a link to the clicker's own seat, or why there is none."""

    def __init__(self, game_id: int, t: Speaker = ENGLISH) -> None:
        super().__init__(discord.ui.Button(label=t.tr("button.web_link", "My board link"),
                                           style=discord.ButtonStyle.secondary, custom_id=f"tikal:web:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> WebLinkButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, table_of(interaction).web_link(interaction, self.game_id))


def with_web_link(buttons: discord.ui.View, game: GameInfo, t: Speaker = ENGLISH) -> discord.ui.View:
    """A wait's buttons with My board link, in the first row with room (the first, beside Board, in every phase but
    a pick of four hexagons or a jump's five chips, where it goes below)."""
    buttons.add_item(WebLinkButton(game.id, t))
    return buttons


def open_board_view(url: str, t: Speaker = ENGLISH) -> discord.ui.View:
    """The private answer's button that opens the member's board (a link button: Discord fetches nothing from it,
    as it might from an address in the text)."""
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label=t.tr("button.open_board", "Open my board"), url=url,
                                    style=discord.ButtonStyle.link))
    return view


__all__ = ["WebLinkButton", "open_board_view", "with_web_link"]
