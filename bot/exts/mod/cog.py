"""``/tikal-mod …``: a top-level group, since Discord applies default member permissions to top-level
commands only; members with Manage Server see it (server admins can change that per role)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from ...storage import Status
from ...table import is_moderator, reply

if TYPE_CHECKING:
    from ...app import TikalBot


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class Moderation(commands.GroupCog, group_name="tikal-mod", group_description="Moderate Tikal games"):
    def __init__(self, bot: TikalBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="abort", description="Stop the game or close the lobby of this channel")
    async def abort(self, interaction: discord.Interaction) -> None:
        table = self.bot.table
        game = await table.game_for(interaction)
        settings = await self.bot.service.settings(game.guild_id)
        game = await self.bot.service.abort(game.guild_id, game.id, interaction.user.id,
                                            is_moderator=is_moderator(interaction, settings.moderator_role_id))
        await reply(interaction, f"Game #{game.id} is stopped.")
        await table.update_lobby(game)
        if game.started_at is not None:
            await table.sync(game.guild_id, game.id)
            channel = table.channel(game.guild_id, game.place_id)
            await channel.send(f"🛑 Game #{game.id} was stopped by a moderator ({interaction.user.mention}).")
        assert game.status is Status.ABORTED
