"""A lobby through commands and buttons: open, join, leave, options, start; its message kept up to date."""

from __future__ import annotations

from typing import Any

import discord

from bot.adapter.messages.lobby import lobby_embed
from bot.adapter.permissions import missing_permissions, missing_permissions_text
from bot.adapter.replies import edit, post, reply
from bot.adapter.speech import reader
from bot.adapter.table.base import THREAD_ARCHIVE_MINUTES, display_name, is_moderator, log
from bot.adapter.table.waits import WaitMessages
from bot.adapter.ui import lobby_view
from bot.core.clocks.timing import Timing, timing_text
from bot.core.storage.rows import Status
from bot.core.table.game_options import GameSetup, explain
from bot.core.table.results import GameInfo
from bot.core.words.errors import WrongStatus


class Lobbies(WaitMessages):
    """The lobby: open, update its message, join, leave, options, start."""

    async def open_lobby(self, interaction: discord.Interaction, *, variant: str, seats: int,
                         thread: bool | None, clock: dict[str, Any] | None = None, computers: int = 0,
                         level: str = "strong") -> None:
        """Open a lobby; ``clock``: the game's own ``turn_hours``, ``bid_hours`` and ``policy`` (checked first,
        so a bad value is refused before anything is created)."""
        guild = self.guild_id(interaction)
        core = self.core
        clock = {k: v for k, v in (clock or {}).items() if v is not None}
        if clock:
            hours = {k: (None if v == 0 else v) for k, v in clock.items() if k.endswith("_hours")}
            Timing(True, hours.get("turn_hours"), hours.get("bid_hours"), clock.get("policy", "wait")).validated()
        in_thread = isinstance(interaction.channel, discord.Thread)
        if thread is None:
            thread = (await core.settings.get(guild)).use_threads and not in_thread
        if in_thread and thread:
            await reply(interaction, reader(interaction).tr("table.already_thread", "This is already a thread: leave "
                                                                                    "`thread` off to play right here."))
            return
        missing = missing_permissions(interaction.app_permissions, thread=thread)
        if missing:
            await reply(interaction, missing_permissions_text(missing, reader(interaction)))
            return
        assert interaction.channel_id is not None
        game = await core.lobby.new_game(guild, interaction.channel_id, interaction.user.id, display_name(interaction),
                                  variant=variant, seats=seats, thread=thread, computers=computers,
                                  computer_level=level)
        mod = self.core.moderation
        if clock:
            await mod.set_timing(guild, game.id, interaction.user.id, is_moderator=False, **clock)
        game_clock = (await mod.clock(guild, game.id)).timing
        t = reader(interaction)
        clock_text = t.message(timing_text(game_clock))
        await reply(interaction, t.tr("table.open_thread", "Game #{game} is open: the lobby is below, and the game "
                                                           "will be played in its thread. Its clock: {clock}.",
                                      game=game.id, clock=clock_text) if thread else
                    t.tr("table.open", "Game #{game} is open: the lobby is below. Its clock: {clock}.", game=game.id,
                         clock=clock_text))
        channel = self.channel(guild, game.channel_id)
        here = await self.speaker(guild)
        message = await post(channel, embed=lobby_embed(game, game_clock, here),
                             view=lobby_view(game, here))
        await core.lobby.set_lobby_message(guild, game.id, message.id)
        if thread:
            try:
                created = await message.create_thread(name=here.tr("table.thread_name", "Tikal game #{game}",
                                                                   game=game.id),
                                                      auto_archive_duration=THREAD_ARCHIVE_MINUTES)
            except discord.HTTPException as error:  # the game is then simply played in the channel
                log.warning("could not open the thread of game %s: %s", game.id, error)
                await core.lobby.no_thread(guild, game.id)
                return
            try:
                game = await core.lobby.attach_thread(guild, game.id, created.id)
            except WrongStatus:  # started in the channel meanwhile (the thread took minutes): it stays there
                log.warning("game %s started before its thread %s was ready", game.id, created.id)
                return
            await edit(message, embed=lobby_embed(game, game_clock, here), view=lobby_view(game, here))

    async def update_lobby(self, game: GameInfo) -> None:
        """Show the lobby as it is stored now: members joining and leaving at the same moment edit it one after
        the other, each with the seats read under the game's lock, so an older list never overtakes a newer."""
        if game.lobby_message_id is None:
            return
        async with self._lock(game.id):
            game = await self.core.games.game(game.guild_id, game.id)
            message = self.channel(game.guild_id, game.channel_id).get_partial_message(game.lobby_message_id or 0)
            here = await self.speaker(game.guild_id)
            view = lobby_view(game, here) if game.status is Status.LOBBY else None
            timing = (await self.core.moderation.clock(game.guild_id, game.id)).timing
            try:
                await edit(message, embed=lobby_embed(game, timing, here), view=view)
            except discord.NotFound:
                log.info("lobby message of game %s is gone", game.id)

    async def join(self, interaction: discord.Interaction, game_id: int | None = None) -> None:
        game = await self.game_for(interaction, game_id)
        game = await self.core.lobby.join(game.guild_id, game.id, interaction.user.id, display_name(interaction))
        await reply(interaction, reader(interaction).tr("table.joined", "You joined game #{game} ({seats}/{wanted}).",
                                                        game=game.id, seats=len(game.seats),
                                                        wanted=game.seats_wanted))
        await self.update_lobby(game)

    async def leave(self, interaction: discord.Interaction, game_id: int | None = None) -> None:
        game = await self.game_for(interaction, game_id)
        game = await self.core.lobby.leave(game.guild_id, game.id, interaction.user.id)
        closed = game.status is Status.ABORTED
        t = reader(interaction)
        await reply(interaction, t.tr("table.left_closed", "You left game #{game}. Nobody is left, so the lobby is "
                                                           "closed.", game=game.id) if closed else
                    t.tr("table.left", "You left game #{game}.", game=game.id))
        await self.update_lobby(game)

    async def set_options(self, interaction: discord.Interaction, game_id: int, options: list[str]) -> None:
        """The lobby's options menu: its creator or a moderator; a combination the engine refuses is explained
        privately and nothing changes."""
        game = await self.game_for(interaction, game_id)
        core = self.core
        settings = await core.settings.get(game.guild_id)
        game = await core.lobby.set_options(game.guild_id, game.id, interaction.user.id, options,
                                     is_moderator=is_moderator(interaction, settings.moderator_role_id))
        t = reader(interaction)
        chosen = ", ".join(t.message(name) for name, _ in explain(GameSetup("basic", game.options))) or \
            t.tr("fmt.none", "none")
        await reply(interaction, t.tr("table.options", "Options of game #{game}: {options}.", game=game.id,
                                      options=chosen))
        await self.update_lobby(game)

    async def start(self, interaction: discord.Interaction, game_id: int | None = None, order: str = "joined") -> None:
        game = await self.game_for(interaction, game_id)
        core = self.core
        settings = await core.settings.get(game.guild_id)
        started = await core.lobby.start(game.guild_id, game.id, interaction.user.id, order=order,
                                  is_moderator=is_moderator(interaction, settings.moderator_role_id))
        t = reader(interaction)
        await reply(interaction, t.tr("table.started_in", "Game #{game} started in {place}.", game=game.id,
                                      place=f"<#{started.game.place_id}>")
                    if started.game.place_id != interaction.channel_id else
                    t.tr("table.started", "Game #{game} started.", game=game.id))
        await self.update_lobby(started.game)
        await self.sync(started.game.guild_id, started.game.id)

