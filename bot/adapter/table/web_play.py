"""A member's own link to play from the web page (``/tikal-game web``, the wait's **My board link**): private, with
a link button; a new link replaces the member's earlier one and signs out every browser opened with it
(``bot.core.web_play.access``)."""

from __future__ import annotations

import discord

from bot.adapter.replies import reply
from bot.adapter.speech import reader
from bot.adapter.table.base import TableBase
from bot.adapter.ui import open_board_view
from bot.core.web_play.access import LINK_HOURS


def member_path(token: str) -> str:
    """A member's link under the web view's address (``bot.web.members``)."""
    return f"/m/{token}"


class WebBoards(TableBase):
    """Members' links to their boards on the web page."""

    async def web_link(self, interaction: discord.Interaction, game_id: int | None = None) -> None:
        """The member's own link to their seat in the game (a button's, else the channel's), privately."""
        t = reader(interaction)
        if self.pages.web_url is None:
            await reply(interaction, t.tr("mod.weblink_off", "This bot has no web view (its WEB_URL is not set): games "
                                                             "have no web pages."))
            return
        game = await self.game_for(interaction, game_id)
        token, _ = await self.core.web_play.access.issue(game.guild_id, game.id, interaction.user.id)
        text = t.ntr("table.web_link", "Your own board for game #{game}: play by clicking on the web page. The link "
                                       "works for {n} hour and only for you — whoever opens it plays your seat, so do "
                                       "not share it. A new link ends this one and signs out the browsers that "
                                       "opened it.",
                     "Your own board for game #{game}: play by clicking on the web page. The link works for {n} hours "
                     "and only for you — whoever opens it plays your seat, so do not share it. A new link ends this "
                     "one and signs out the browsers that opened it.", LINK_HOURS, game=game.id)
        await reply(interaction, text, view=open_board_view(self.pages.web_url + member_path(token), t))
