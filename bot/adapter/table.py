"""What commands and buttons share: acting in a game, the lobby message and the live turn message.

``sync`` brings a game's channel in line with the database and is safe to call at any time (after a
move, after a restart): when the turn (or bidding, or pick) is over it gives the live message its
final form, sends the queued posts, then posts the next live message. After a command it works from
the ``Moved`` the command's commit returned, so a move costs one state load and one transaction.
Replies to the person who clicked or typed are ephemeral; everything in the channel is an ordinary
message.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any, Final

import discord

import render
from bot.adapter import formatting, overviews
from bot.adapter.cooldowns import Cooldowns
from bot.adapter.outbox import Outbox
from bot.adapter.permissions import missing_permissions
from bot.adapter.replies import edit, picture, post, reply, update
from bot.adapter.speech import channel as channel_speaker
from bot.adapter.speech import reader
from bot.adapter.ui import confirm_end_view, history_view, live_view, lobby_view
from bot.core import labels
from bot.core.assembly import Core
from bot.core.errors import NoGame, WrongStatus
from bot.core.game_options import GameSetup, explain
from bot.core.hints import hint_text, suggest
from bot.core.locks import GameLocks
from bot.core.results import GameInfo, Moved
from bot.core.service import GameRef, Place
from bot.core.storage import Status
from bot.core.texts import tr
from bot.core.thinking import off_loop
from bot.core.timing import Timing, timing_text
from engine import GameView, Phase
from lang import Translator

log = logging.getLogger(__name__)

THREAD_ARCHIVE_MINUTES: Final = 10080  # the longest Discord allows: a week without a message


def is_moderator(interaction: discord.Interaction, moderator_role_id: int | None = None) -> bool:
    member = interaction.user
    if interaction.permissions.manage_guild:
        return True
    roles = getattr(member, "roles", ())
    return moderator_role_id is not None and any(r.id == moderator_role_id for r in roles)


def display_name(interaction: discord.Interaction) -> str:
    return interaction.user.display_name


class Table:
    """The adapter's game logic on top of the core, for one bot."""

    def __init__(self, client: discord.Client, core: Core, outbox: Outbox, *,
                 clock: Callable[[], float] = time.time) -> None:
        self.client = client
        self.core = core
        self.outbox = outbox
        self.cooldowns = Cooldowns(clock)
        self._lock = GameLocks()
        self._live: dict[int, tuple[str, GameView]] = {}

    def channel(self, guild: int, channel_id: int) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(channel_id, guild_id=guild)

    @staticmethod
    def guild_id(interaction: discord.Interaction) -> int:
        """The server of an interaction. Raises ``NoGame`` in a direct message."""
        if interaction.guild_id is None:
            raise NoGame(tr("reply.no_dm", "Tikal is played in a server channel, not in direct messages."))
        return interaction.guild_id

    async def _elsewhere(self, interaction: discord.Interaction) -> NoGame | None:
        """Why there is no game here, when the channel's game is played in its thread."""
        games = await self.core.service.games(self.guild_id(interaction))
        elsewhere = [g for g in games if g.channel_id == interaction.channel_id and g.thread_id is not None
                     and g.place_id == g.thread_id]
        if not elsewhere:
            return None
        return NoGame(tr("table.in_thread", "The game of this channel is played in its thread {thread}: use the "
                                            "commands there.", thread=f"<#{elsewhere[-1].thread_id}>"))

    def here(self, interaction: discord.Interaction, game_id: int | None = None) -> GameRef:
        """The game a button names, else the one of the channel a command was used in."""
        if game_id is not None:
            return game_id
        assert interaction.channel_id is not None
        return Place(interaction.channel_id)

    async def game_for(self, interaction: discord.Interaction, game_id: int | None = None) -> GameInfo:
        """The game a button names (scoped by the guild) or the one of the channel a command was used in."""
        guild = self.guild_id(interaction)
        svc = self.core.service
        if game_id is not None:
            return await svc.game(guild, game_id)
        assert interaction.channel_id is not None
        try:
            return await svc.game_here(guild, interaction.channel_id)
        except NoGame:
            raise await self._elsewhere(interaction) or NoGame(tr(
                "service.there_no_game_here", "There is no game here. Start one with `/tikal-game new`.")) from None

    async def game_or_latest(self, interaction: discord.Interaction, game_id: int | None = None) -> GameInfo:
        """A game named by its number (in this server only), else the channel's game, else the last game
        played in this channel (finished games too: for history and export)."""
        if game_id is not None:
            return await self.game_for(interaction, game_id)
        try:
            return await self.game_for(interaction)
        except NoGame:
            guild = self.guild_id(interaction)
            here = [g for g in await self.core.service.games(guild, tuple(Status))
                    if interaction.channel_id in (g.place_id, g.channel_id)]
            if not here:
                raise NoGame(tr("table.no_game_number", "There is no game in this channel: give the game's number "
                                                        "(`/tikal-game games` lists them).")) from None
            return max(here, key=lambda g: g.id)

    async def speaker(self, guild: int) -> Translator:
        """The language of the server's channel posts (``/tikal-mod config language``, else its Discord locale)."""
        return await channel_speaker(self.client, self.core.languages, guild)

    async def moderator(self, interaction: discord.Interaction) -> bool:
        """Manage Server, or the server's moderator role (a role cannot be a command's default permission)."""
        settings = await self.core.service.settings(self.guild_id(interaction))
        return is_moderator(interaction, settings.moderator_role_id)

    # --- the lobby -----------------------------------------------------------------------------

    async def open_lobby(self, interaction: discord.Interaction, *, variant: str, seats: int,
                         thread: bool | None, clock: dict[str, Any] | None = None, computers: int = 0,
                         level: str = "strong") -> None:
        """Open a lobby; ``clock``: the game's own ``turn_hours``, ``bid_hours`` and ``policy`` (checked first,
        so a bad value is refused before anything is created)."""
        guild = self.guild_id(interaction)
        svc = self.core.service
        clock = {k: v for k, v in (clock or {}).items() if v is not None}
        if clock:
            hours = {k: (None if v == 0 else v) for k, v in clock.items() if k.endswith("_hours")}
            Timing(True, hours.get("turn_hours"), hours.get("bid_hours"), clock.get("policy", "wait")).validated()
        in_thread = isinstance(interaction.channel, discord.Thread)
        if thread is None:
            thread = (await svc.settings(guild)).use_threads and not in_thread
        if in_thread and thread:
            await reply(interaction, reader(interaction).tr("table.already_thread", "This is already a thread: leave "
                                                                                    "`thread` off to play right here."))
            return
        missing = missing_permissions(interaction.app_permissions, thread=thread)
        if missing:
            await reply(interaction, formatting.missing_permissions_text(missing, reader(interaction)))
            return
        assert interaction.channel_id is not None
        game = await svc.new_game(guild, interaction.channel_id, interaction.user.id, display_name(interaction),
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
        message = await post(channel, embed=formatting.lobby_embed(game, game_clock, here),
                             view=lobby_view(game, here))
        await svc.set_lobby_message(guild, game.id, message.id)
        if thread:
            try:
                created = await message.create_thread(name=here.tr("table.thread_name", "Tikal game #{game}",
                                                                   game=game.id),
                                                      auto_archive_duration=THREAD_ARCHIVE_MINUTES)
            except discord.HTTPException as error:  # the game is then simply played in the channel
                log.warning("could not open the thread of game %s: %s", game.id, error)
                await svc.no_thread(guild, game.id)
                return
            try:
                game = await svc.attach_thread(guild, game.id, created.id)
            except WrongStatus:  # started in the channel meanwhile (the thread took minutes): it stays there
                log.warning("game %s started before its thread %s was ready", game.id, created.id)
                return
            await edit(message, embed=formatting.lobby_embed(game, game_clock, here), view=lobby_view(game, here))

    async def update_lobby(self, game: GameInfo) -> None:
        """Show the lobby as it is stored now: members joining and leaving at the same moment edit it one after
        the other, each with the seats read under the game's lock, so an older list never overtakes a newer."""
        if game.lobby_message_id is None:
            return
        async with self._lock(game.id):
            game = await self.core.service.game(game.guild_id, game.id)
            message = self.channel(game.guild_id, game.channel_id).get_partial_message(game.lobby_message_id or 0)
            here = await self.speaker(game.guild_id)
            view = lobby_view(game, here) if game.status is Status.LOBBY else None
            timing = (await self.core.moderation.clock(game.guild_id, game.id)).timing
            try:
                await edit(message, embed=formatting.lobby_embed(game, timing, here), view=view)
            except discord.NotFound:
                log.info("lobby message of game %s is gone", game.id)

    async def join(self, interaction: discord.Interaction, game_id: int | None = None) -> None:
        game = await self.game_for(interaction, game_id)
        game = await self.core.service.join(game.guild_id, game.id, interaction.user.id, display_name(interaction))
        await reply(interaction, reader(interaction).tr("table.joined", "You joined game #{game} ({seats}/{wanted}).",
                                                        game=game.id, seats=len(game.seats),
                                                        wanted=game.seats_wanted))
        await self.update_lobby(game)

    async def leave(self, interaction: discord.Interaction, game_id: int | None = None) -> None:
        game = await self.game_for(interaction, game_id)
        game = await self.core.service.leave(game.guild_id, game.id, interaction.user.id)
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
        svc = self.core.service
        settings = await svc.settings(game.guild_id)
        game = await svc.set_options(game.guild_id, game.id, interaction.user.id, options,
                                     is_moderator=is_moderator(interaction, settings.moderator_role_id))
        t = reader(interaction)
        chosen = ", ".join(t.message(name) for name, _ in explain(GameSetup("basic", game.options))) or \
            t.tr("fmt.none", "none")
        await reply(interaction, t.tr("table.options", "Options of game #{game}: {options}.", game=game.id,
                                      options=chosen))
        await self.update_lobby(game)

    async def start(self, interaction: discord.Interaction, game_id: int | None = None, order: str = "joined") -> None:
        game = await self.game_for(interaction, game_id)
        svc = self.core.service
        settings = await svc.settings(game.guild_id)
        started = await svc.start(game.guild_id, game.id, interaction.user.id, order=order,
                                  is_moderator=is_moderator(interaction, settings.moderator_role_id))
        t = reader(interaction)
        await reply(interaction, t.tr("table.started_in", "Game #{game} started in {place}.", game=game.id,
                                      place=f"<#{started.game.place_id}>")
                    if started.game.place_id != interaction.channel_id else
                    t.tr("table.started", "Game #{game} started.", game=game.id))
        await self.update_lobby(started.game)
        await self.sync(started.game.guild_id, started.game.id)

    # --- acting ---------------------------------------------------------------------------------

    async def act(self, interaction: discord.Interaction, text: str, game_id: int | None = None, *,
                  silent: bool = False) -> None:
        """Apply a move for the member; the service refuses before anything is answered (so privately)."""
        guild = self.guild_id(interaction)
        try:
            moved = await self.core.service.act(guild, self.here(interaction, game_id), interaction.user.id, text)
        except NoGame:
            raise await self._elsewhere(interaction) or NoGame(tr(
                "service.there_no_game_here", "There is no game here. Start one with `/tikal-game new`.")) from None
        if silent:
            await interaction.response.defer()
        else:
            still = moved.to_act is not None and moved.to_act.member_id == interaction.user.id
            await reply(interaction, formatting.confirmation(moved.view, moved.move, still_acting=still,
                                                             t=reader(interaction)))
        await self.sync(guild, moved.game.id, moved)

    async def jump(self, interaction: discord.Interaction, chips: int, game_id: int | None = None,
                   jump: int | None = None) -> None:
        """Tikal Rápido: the member's chips for the jump, kept secret (the answer is theirs alone); the last
        choice reveals everyone's at once."""
        guild = self.guild_id(interaction)
        try:
            chosen = await self.core.service.choose_jump(guild, self.here(interaction, game_id), interaction.user.id,
                                                         chips, jump=jump)
        except NoGame:
            raise await self._elsewhere(interaction) or NoGame(tr(
                "service.there_no_game_here", "There is no game here. Start one with `/tikal-game new`.")) from None
        await reply(interaction, formatting.jump_answer(chosen, reader(interaction)))
        await self.sync(guild, chosen.game.id, chosen.moved)

    async def end_turn(self, interaction: discord.Interaction, game_id: int, version: int | None) -> None:
        """The End turn button: asks first while AP are left (``version``: the state the confirmation is for)."""
        game = await self.game_for(interaction, game_id)
        view = await self.core.service.view(game.guild_id, game.id)
        seat = game.at_seat(view.to_act) if view.to_act is not None else None
        t = reader(interaction)
        if version is not None and view.version != version:
            await update(interaction, t.tr("table.moved_on", "The game has moved on since you asked; nothing was "
                                                             "done."))
            return
        if seat is not None and seat.member_id != interaction.user.id and not view.finished:
            assert view.to_act is not None
            waiting = labels.waiting_said(view.phase, view.variant, view.stage)
            await reply(interaction, t.message(labels.not_yours(view.to_act, view.players[view.to_act].name,
                                                                waiting)))
            return
        if version is None and view.phase in (Phase.ACTIONS, Phase.SCORING) and view.ap_left:
            ask = t.tr("table.ask_slot", "You still have **{ap} AP**. Give this slot up?", ap=view.ap_left) \
                if formatting.rapido_stage(view) == "slot" else \
                t.tr("table.ask_end", "You still have **{ap} AP**. End your turn anyway?", ap=view.ap_left)
            await reply(interaction, ask, view=confirm_end_view(game, view, t))
            return
        moved = await self.core.service.act(game.guild_id, game.id, interaction.user.id, "end")
        if version is not None:
            await update(interaction, formatting.confirmation(moved.view, "end", t=t))
        else:
            await interaction.response.defer()
        await self.sync(game.guild_id, game.id, moved)

    async def resign(self, interaction: discord.Interaction, game_id: int) -> None:
        """The confirmation button of ``/tikal-game resign``."""
        guild = self.guild_id(interaction)
        done = await self.core.moderation.resign(guild, game_id, interaction.user.id)
        await update(interaction, reader(interaction).tr("table.resigned", "You resigned from game #{game}: the bot "
                                                                           "plays your seat from now on.",
                                                         game=game_id))
        await self.sync(guild, done.game.id)

    # --- the live message -------------------------------------------------------------------------

    async def sync(self, guild: int, game_id: int, moved: Moved | None = None) -> None:
        """Finish the live message if its stage is over, send queued posts, post or edit the live message.

        ``moved``: what the command that called just committed; without it (after a restart, a tick, a
        moderator's action) the game is read again. Computer seats to act play first. A Discord failure
        here never undoes a committed move: it is logged, and the next sync (the next move, or the
        outbox worker's resume after a restart) catches up.
        """
        if moved is None or moved.computer_next:
            try:
                played = await self.core.service.play_computers(guild, game_id)
            except Exception:  # the scheduler's next tick tries again; the channel still catches up now
                log.exception("game %s: a computer player could not play", game_id)
                played = []
            if played:
                if moved is not None:
                    await self.outbox.send(moved.posts, {moved.view.version: moved.view})
                for earlier in played[:-1]:
                    await self.outbox.send(earlier.posts, {earlier.view.version: earlier.view})
                moved = played[-1]
        try:
            await self._sync(guild, game_id, moved)
        except discord.HTTPException as error:
            log.warning("could not bring game %s up to date in Discord: %s", game_id, error)

    async def _sync(self, guild: int, game_id: int, moved: Moved | None) -> None:
        async with self._lock(game_id):
            svc = self.core.service
            view: GameView | None
            if moved is not None:
                game, view = moved.game, moved.view
            else:
                game = await svc.game(guild, game_id)
                view = await svc.view(guild, game_id) if game.started_at is not None else None
            here = await self.speaker(guild)
            label = formatting.stage_label(game_id, view, here) if view is not None and \
                game.status is Status.RUNNING else None
            # A jump: who has chosen and who has not (never a number), for the live message.
            jump = await svc.jump_status(guild, game_id) if view is not None and view.phase is Phase.JUMP else None
            channel = self.channel(guild, game.place_id)
            mid = game.turn_message_id
            known = self._live.get(game_id)
            shown: discord.Embed | None = None
            if mid is not None and known is None:  # after a restart: ask Discord what the message shows
                shown = await self._fetch_live(channel, mid)
                if shown is None:
                    mid = None
            current = known[0] if known is not None else (shown.footer.text if shown is not None else None)
            if mid is not None and view is not None and label is not None and current == label:
                try:
                    await edit(channel.get_partial_message(mid), embed=formatting.live_embed(game, view, jump, here),
                               view=live_view(game, view, here))
                except discord.NotFound:  # someone deleted it: a new one now, so the buttons come back
                    log.info("live message %s of game %s is gone: posting a new one", mid, game_id)
                    mid, known, shown = None, None, None
                else:
                    self._live[game_id] = (label, view)
                    await self._send_posts(moved)
                    return
            if mid is not None:
                await self._finish_live(game, channel, mid, known[1] if known else None, view, shown, here)
            self._live.pop(game_id, None)
            await self._send_posts(moved)
            if label is not None and view is not None:
                message = await post(channel, embed=formatting.live_embed(game, view, jump, here),
                                     view=live_view(game, view, here))
                await svc.set_turn_message(guild, game_id, message.id)
                self._live[game_id] = (label, view)
            elif mid is not None:
                # A finished message left recorded is harmless: the next sync sees it is over and skips it.
                await svc.set_turn_message(guild, game_id, None)

    async def _send_posts(self, moved: Moved | None) -> None:
        """The posts the command committed, else whatever the queue holds; then the pings answered meanwhile go."""
        if moved is None:
            await self.outbox.flush()
            await self.outbox.clean_up()
        else:
            await self.outbox.send(moved.posts, {moved.view.version: moved.view})
            await self.outbox.delete_pings(moved.answered)

    @staticmethod
    async def _fetch_live(channel: discord.PartialMessageable, message_id: int) -> discord.Embed | None:
        try:
            message = await channel.fetch_message(message_id)
        except (discord.NotFound, discord.Forbidden):
            return None
        return message.embeds[0] if message.embeds else discord.Embed()

    @staticmethod
    async def _finish_live(game: GameInfo, channel: discord.PartialMessageable, message_id: int,
                           old: GameView | None, new: GameView | None, shown: discord.Embed | None,
                           t: Translator) -> None:
        if old is not None and new is not None:
            embed = formatting.live_final_embed(game, old, new, t)
        elif shown is not None:  # known only from Discord (after a restart): keep its text, mark it over
            embed = shown
            embed.title = t.tr("table.over_mark", "{title} · over", title=embed.title or "")
        else:
            embed = discord.Embed(title=t.tr("table.turn_over", "Game #{game}: this turn is over", game=game.id),
                                  colour=formatting.NEUTRAL)
        if game.status is Status.ABORTED:
            embed.set_footer(text=t.tr("table.stopped", "Game #{game} was stopped by a moderator.", game=game.id))
        try:
            await edit(channel.get_partial_message(message_id), embed=embed, view=None)
        except discord.NotFound:
            log.info("live message %s of game %s is gone", message_id, game.id)

    # --- looking ----------------------------------------------------------------------------------

    async def board(self, interaction: discord.Interaction, zoom: str | None = None,
                    game_id: int | None = None) -> None:
        """A private picture: the board, or one hex up close, plus the placement preview while placing."""
        game = await self.game_for(interaction, game_id)
        view = await self.core.service.view(game.guild_id, game.id)
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
        await reply(interaction, embed=formatting.status_embed(game, view, t=t), files=files)

    async def hint(self, interaction: discord.Interaction) -> None:
        """Privately, what the strong computer player would do; only for the player to act."""
        game = await self.game_for(interaction)
        view = await self.core.service.seat_view(game.guild_id, game.id, interaction.user.id)
        self.cooldowns.check("hint", interaction.user.id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        suggestion = await off_loop(self.core.pool, suggest, view, game.id * 1_000_003 + view.version)
        t = reader(interaction)
        player = view.players[view.to_act].name if view.to_act is not None else t.tr("table.you", "you")
        await reply(interaction, hint_text(player, suggestion, t))

    async def status(self, interaction: discord.Interaction) -> None:
        guild = self.guild_id(interaction)
        assert interaction.channel_id is not None
        overview = await self.core.service.overview(guild, interaction.channel_id)
        if overview.view is None:
            timing = (await self.core.moderation.clock(guild, overview.game.id)).timing
            await reply(interaction, embed=formatting.lobby_embed(overview.game, timing, reader(interaction)))
        else:
            jump = await self.core.service.jump_status(guild, overview.game.id) \
                if overview.view.phase is Phase.JUMP else None
            await reply(interaction, embed=formatting.status_embed(overview.game, overview.view, jump,
                                                                   reader(interaction)))

    async def rules(self, interaction: discord.Interaction) -> None:
        """The short rules; in a game's channel also its variant and options, two lines each."""
        try:
            setup: GameSetup | None = (await self.game_for(interaction)).setup
        except NoGame:
            setup = None
        t = reader(interaction)
        legend = render.legend_lines(locale=t.locale) + (
            render.option_legend_lines(setup.options, locale=t.locale) if setup is not None else [])
        await reply(interaction, embed=formatting.rules_embed(legend, setup, t))

    async def history_page(self, interaction: discord.Interaction, game_id: int, page: int) -> None:
        """A page of ``/tikal-game history`` (its buttons)."""
        shown = await self.core.history.history(self.guild_id(interaction), game_id, page)
        t = reader(interaction)
        await update(interaction, embed=overviews.history_embed(shown, t), view=history_view(shown, t))
