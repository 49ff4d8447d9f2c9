"""Looking without acting: the board, a hint, the status, the rules, the history's pages."""

from __future__ import annotations

import asyncio

import discord

import render
from bot.adapter.messages import overviews
from bot.adapter.messages.lobby import lobby_embed
from bot.adapter.messages.rules import rules_embed
from bot.adapter.messages.wait_message import status_embed
from bot.adapter.replies import picture, reply, update
from bot.adapter.speech import reader
from bot.adapter.table.base import TableBase
from bot.adapter.ui import history_view
from bot.core.table.game_options import GameSetup
from bot.core.table.hints import hint_text, suggest
from bot.core.table.thinking import off_loop
from bot.core.words import labels
from bot.core.words.errors import NoGame
from engine import Phase


class Looking(TableBase):
    """What a member may look at: answered privately."""

    async def board(self, interaction: discord.Interaction, zoom: str | None = None,
                    game_id: int | None = None) -> None:
        """A private picture: the board, or one hex up close, plus the placement preview while placing."""
        game = await self.game_for(interaction, game_id)
        view = await self.core.games.view(game.guild_id, game.id)
        self.cooldowns.check("board", interaction.user.id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        t = reader(interaction)
        locale = t.locale
        if zoom:
            png = await asyncio.to_thread(render.render_zoom, view, zoom, locale=locale)
            files = [picture(png, "zoom.png", render.describe(view, locale=locale))]
        else:
            png = await asyncio.to_thread(render.render_detail, view, locale=locale)
            files = [picture(png, "board.png", render.describe(view, locale=locale))]
            if view.phase is Phase.PLACE:
                preview = await asyncio.to_thread(render.render_placement, view, locale=locale)
                files.append(picture(preview, "placement.png", t.tr(
                    "table.placement_alt", "Where the {hexagon} hexagon may go, in its six rotations.",
                    hexagon=labels.hexagon_name(view.hand, t))))
        await reply(interaction, embed=status_embed(game, view, t=t), files=files)

    async def hint(self, interaction: discord.Interaction) -> None:
        """Privately, what the strong computer player would do; only for the player to act. In the member's tutorial:
        the step's move to try."""
        game = await self.game_for(interaction)
        view = await self.core.turns.seat_view(game.guild_id, game.id, interaction.user.id)
        self.cooldowns.check("hint", interaction.user.id)
        lesson_hint = await self.tutor.hint(interaction, game) if self.tutor is not None else None
        if lesson_hint is not None:
            await reply(interaction, lesson_hint)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        suggestion = await off_loop(self.core.pool, suggest, view, game.id * 1_000_003 + view.version)
        t = reader(interaction)
        player = view.players[view.to_act].name if view.to_act is not None else t.tr("table.you", "you")
        await reply(interaction, hint_text(player, suggestion, t))

    async def status(self, interaction: discord.Interaction) -> None:
        guild = self.guild_id(interaction)
        assert interaction.channel_id is not None
        overview = await self.core.games.overview(guild, interaction.channel_id)
        if overview.view is None:
            timing = (await self.core.moderation.clock(guild, overview.game.id)).timing
            await reply(interaction, embed=lobby_embed(overview.game, timing, reader(interaction)))
        else:
            jump = await self.core.jumps.jump_status(guild, overview.game.id) \
                if overview.view.phase is Phase.JUMP else None
            page = await self.pages.of(guild, overview.game.id)
            await reply(interaction, embed=status_embed(overview.game, overview.view, jump, reader(interaction), page))

    async def rules(self, interaction: discord.Interaction) -> None:
        """The short rules; in a game's channel also its variant and options, two lines each."""
        try:
            setup: GameSetup | None = (await self.game_for(interaction)).setup
        except NoGame:
            setup = None
        t = reader(interaction)
        legend = render.legend_lines(locale=t.locale) + (
            render.option_legend_lines(setup.options, locale=t.locale) if setup is not None else [])
        await reply(interaction, embed=rules_embed(legend, setup, t))

    async def history_page(self, interaction: discord.Interaction, game_id: int, page: int) -> None:
        """A page of ``/tikal-game history`` (its buttons)."""
        shown = await self.core.history.history(self.guild_id(interaction), game_id, page)
        t = reader(interaction)
        await update(interaction, embed=overviews.history_embed(shown, t), view=history_view(shown, t))

