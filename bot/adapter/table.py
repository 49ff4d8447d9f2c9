"""What commands and buttons share: acting in a game, the lobby message and each wait's message.

``sync`` brings a game's channel in line with the database and is safe to call at any time (after a
move, after a restart): it sends the queued posts (a new wait's message among them, which pings whom
the game waits for), gives the message of the wait before its last form (what was done, no buttons;
its ping untouched) and edits the current one as the wait goes on. After a command it works from the
``Moved`` the command's commit returned, so an action costs one state load and one transaction.
Replies to the person who clicked or typed are ephemeral; everything in the channel is an ordinary
message.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, Protocol, cast

import discord

import render
from bot.adapter.cooldowns import Cooldowns
from bot.adapter.messages import overviews
from bot.adapter.messages.lobby import lobby_embed
from bot.adapter.messages.orders import order_answer
from bot.adapter.messages.parts import NEUTRAL
from bot.adapter.messages.rules import rules_embed
from bot.adapter.messages.wait_message import (
    closed_embed,
    confirmation,
    jump_answer,
    rapido_stage,
    status_embed,
    wait_embed,
    wait_picture,
)
from bot.adapter.outbox import Outbox
from bot.adapter.permissions import missing_permissions, missing_permissions_text
from bot.adapter.replies import edit, picture, post, reply, update
from bot.adapter.speech import channel as channel_speaker
from bot.adapter.speech import reader
from bot.adapter.ui import confirm_end_view, history_view, live_view, lobby_view
from bot.core.assembly import Core
from bot.core.clocks.timing import Timing, timing_text
from bot.core.storage.base import Status
from bot.core.table.game_options import GameSetup, explain
from bot.core.table.hints import hint_text, suggest
from bot.core.table.locks import GameLocks
from bot.core.table.plans import GameRef, Place
from bot.core.table.posts import PostKind, Wait
from bot.core.table.results import GameInfo, Moved, Post
from bot.core.table.thinking import off_loop
from bot.core.table.waits import LATEST
from bot.core.words import labels
from bot.core.words.errors import NoGame, NotAPlayer, WrongStatus
from bot.core.words.texts import tr
from engine import EngineError, GameView, Phase
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


@dataclass(slots=True)
class Live:
    """A wait's message: its post, its message, what it is about (``Wait``), the game it shows and whether it is
    closed."""

    post_id: int
    message_id: int
    payload: Wait
    version: int
    """The version its wait began at."""
    view: GameView | None = None
    """What it shows now (None: not known, as after a restart)."""
    closed: bool = False


def waited_seats(view: GameView, jump: tuple[list[int], list[int]] | None) -> list[int]:
    """Whom the game waits for now: the seats still to choose in a jump, else the player to act."""
    if view.finished or view.to_act is None:
        return []
    if jump is not None:
        return jump[1]
    return [view.to_act]


def played_for(live: Live, since: int, newer: Post | None) -> str | None:
    """Whether the bot made the last moves of the wait's seats, as the next wait's catch-up tells: ``deadline`` (the
    deadline passed), ``bot`` (a moderator's skip), or None."""
    if newer is None:
        return None
    seats = set(live.payload["seats"])
    made = [c for c in cast(Wait, newer.payload).get("catch_up") or [] if c["idx"] >= since and c["seat"] in seats]
    if not made or not all(c["bot"] for c in made):
        return None
    return "deadline" if any(c.get("deadline") for c in made) else "bot"


class Tutor(Protocol):
    """Who answers the moves of a tutorial's game (``bot.adapter.exts.tutorial``)."""

    async def moved(self, interaction: discord.Interaction, moved: Moved) -> None:
        """Answer the member's move with the tutorial's next step."""
        ...

    async def refused(self, interaction: discord.Interaction, game: GameRef, error: Exception) -> bool:
        """Answer a refused move in the member's tutorial (False: the game is not their tutorial's)."""
        ...

    async def private_game(self, interaction: discord.Interaction) -> Place | None:
        """Where the member's tutorial is played when it has no thread (None: they have none)."""
        ...


class Table:
    """The adapter's game logic on top of the core, for one bot."""

    def __init__(self, client: discord.Client, core: Core, outbox: Outbox, *,
                 clock: Callable[[], float] = time.time) -> None:
        self.client = client
        self.core = core
        self.outbox = outbox
        self.pages = outbox.pages
        self.cooldowns = Cooldowns(clock)
        self._lock = GameLocks()
        self._live: dict[int, Live] = {}
        """Per game, its wait's message as this process last showed it."""
        self.tutor: Tutor | None = None
        """The tutorial's guide, once its extension is loaded: a tutorial's moves are answered by it."""

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
        games = await self.core.games.games(self.guild_id(interaction))
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
        core = self.core
        if game_id is not None:
            return await core.games.game(guild, game_id)
        assert interaction.channel_id is not None
        try:
            return await core.games.game_here(guild, interaction.channel_id)
        except NoGame:
            private = await self.tutor.private_game(interaction) if self.tutor is not None else None
            if private is not None:
                return await core.games.game_here(guild, private.place_id)
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
            here = [g for g in await self.core.games.games(guild, tuple(Status))
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
        settings = await self.core.settings.get(self.guild_id(interaction))
        return is_moderator(interaction, settings.moderator_role_id)

    # --- the lobby -----------------------------------------------------------------------------

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

    # --- acting ---------------------------------------------------------------------------------

    async def act(self, interaction: discord.Interaction, text: str, game_id: int | None = None, *,
                  silent: bool = False) -> None:
        """Apply a move for the member; the core refuses before anything is answered (so privately). A move in a
        tutorial's game is answered by the tutorial."""
        guild = self.guild_id(interaction)
        game = self.here(interaction, game_id)
        try:
            try:
                moved = await self.core.turns.act(guild, game, interaction.user.id, text)
            except (NoGame, NotAPlayer) as error:  # not here: the member's tutorial without a thread, if any
                private = await self.tutor.private_game(interaction) if self.tutor and game_id is None else None
                if private is None:
                    raise
                try:
                    moved = await self.core.turns.act(guild, private, interaction.user.id, text)
                except NoGame:
                    raise error from None
                game = private
        except NoGame:
            raise await self._elsewhere(interaction) or NoGame(tr(
                "service.there_no_game_here", "There is no game here. Start one with `/tikal-game new`.")) from None
        except EngineError as error:
            if self.tutor is not None and await self.tutor.refused(interaction, game, error):
                return
            raise
        if moved.game.lesson is not None and self.tutor is not None:
            await self.tutor.moved(interaction, moved)
            return
        if silent:
            await interaction.response.defer()
        else:
            still = moved.to_act is not None and moved.to_act.member_id == interaction.user.id
            await reply(interaction, confirmation(moved.view, moved.move, still_acting=still,
                                                             t=reader(interaction)))
        await self.sync(guild, moved.game.id, moved)

    async def jump(self, interaction: discord.Interaction, chips: int, game_id: int | None = None,
                   jump: int | None = None) -> None:
        """Tikal Rápido: the member's chips for the jump, kept secret (the answer is theirs alone); the last
        choice reveals everyone's at once."""
        guild = self.guild_id(interaction)
        try:
            chosen = await self.core.jumps.choose_jump(guild, self.here(interaction, game_id), interaction.user.id,
                                                         chips, jump=jump)
        except NoGame:
            raise await self._elsewhere(interaction) or NoGame(tr(
                "service.there_no_game_here", "There is no game here. Start one with `/tikal-game new`.")) from None
        await reply(interaction, jump_answer(chosen, reader(interaction)))
        await self.sync(guild, chosen.game.id, chosen.moved)

    async def standing_order(self, interaction: discord.Interaction, text: str, game_id: int | None = None) -> None:
        """Leave a standing order for the round (``pass``, or the highest bid: ``6``), answered privately; played at
        once when the member's bid is due (the auction's buttons, ``/tikal-game order``)."""
        game = await self.game_or_latest(interaction, game_id)
        left, moved = await self.core.orders.leave(game.guild_id, game.id, interaction.user.id, text)
        await reply(interaction, order_answer(game.id, left.round, left.max_bid, moved is not None,
                                                         reader(interaction)))
        if moved is not None:
            await self.sync(game.guild_id, game.id, moved)

    async def end_turn(self, interaction: discord.Interaction, game_id: int, version: int | None) -> None:
        """The End turn button: asks first while AP are left (``version``: the state the confirmation is for)."""
        game = await self.game_for(interaction, game_id)
        view = await self.core.games.view(game.guild_id, game.id)
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
                if rapido_stage(view) == "slot" else \
                t.tr("table.ask_end", "You still have **{ap} AP**. End your turn anyway?", ap=view.ap_left)
            await reply(interaction, ask, view=confirm_end_view(game, view, t))
            return
        moved = await self.core.turns.act(game.guild_id, game.id, interaction.user.id, "end")
        if moved.game.lesson is not None and self.tutor is not None:
            await self.tutor.moved(interaction, moved)
            return
        if version is not None:
            await update(interaction, confirmation(moved.view, "end", t=t))
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

    # --- the wait's message -------------------------------------------------------------------

    async def sync(self, guild: int, game_id: int, moved: Moved | None = None) -> None:
        """Send the queued posts, then bring the wait's message up to date: edited as the wait goes on, closed once
        the next wait's message is out (or the game is over).

        ``moved``: what the command that called just committed; without it (after a restart, a tick, a
        moderator's action) the game is read again. Computer seats and standing orders due play first. A Discord
        failure here never undoes a committed move: it is logged, and the next sync (the next move, or the
        outbox worker's resume after a restart) catches up.
        """
        if moved is None or moved.computer_next or moved.order_next:
            try:
                played = await self._bots(guild, game_id)
            except Exception:  # the scheduler's next tick tries again; the channel still catches up now
                log.exception("game %s: a computer player or a standing order could not play", game_id)
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

    async def _bots(self, guild: int, game_id: int) -> list[Moved]:
        """Computer players' obligations and standing orders due now, played one after another until a person is to
        act."""
        played: list[Moved] = []
        while True:
            computers = await self.core.computers.play_computers(guild, game_id)
            order = await self.core.orders.play_due(guild, game_id)
            played.extend([*computers, *([order] if order is not None else [])])
            if not computers and order is None:
                return played

    async def _sync(self, guild: int, game_id: int, moved: Moved | None) -> None:
        async with self._lock(game_id):
            core = self.core
            view: GameView | None
            if moved is not None:
                game, view = moved.game, moved.view
            else:
                game = await core.games.game(guild, game_id)
                view = await core.games.view(guild, game_id) if game.started_at is not None else None
            await self._send_posts(moved)
            if view is None or game.lesson is not None:  # a tutorial's game has no channel messages
                return
            here = await self.speaker(guild)
            channel = self.channel(guild, game.place_id)
            live = self._live.get(game_id)
            if moved is None or live is None or any(p.kind == PostKind.WAIT for p in moved.posts):
                latest = await core.outbox.latest_post(guild, game_id, PostKind.WAIT, before=LATEST)
                if latest is None and game.status is Status.RUNNING and await core.outbox.announce(guild, game_id):
                    await self.outbox.flush()  # a game from before one message per wait: its wait gets one now
                    latest = await core.outbox.latest_post(guild, game_id, PostKind.WAIT, before=LATEST)
                if latest is not None and (live is None or latest.id != live.post_id):
                    live = await self._adopt(game, channel, live, latest, view, here)
            if live is None:
                return
            jump = await core.jumps.jump_status(guild, game_id) if view.phase is Phase.JUMP else None
            if game.status is Status.RUNNING and set(waited_seats(view, jump)) & set(live.payload["seats"]):
                if (live.view is None or live.view.version != view.version or live.closed or jump is not None) and \
                        not await self._show(game, channel, live, view, jump, here) and \
                        await core.outbox.announce(guild, game_id, again=True):  # deleted: posted again, pinging nobody
                    await self.outbox.flush()
                    latest = await core.outbox.latest_post(guild, game_id, PostKind.WAIT, before=LATEST)
                    self._live.pop(game_id, None)
                    if latest is not None:
                        live = await self._adopt(game, channel, None, latest, view, here)
            elif not live.closed:
                await self._close(game, channel, live, view, None, here)
            if game.status is not Status.RUNNING:  # over or stopped: no wait's message any more
                self._live.pop(game_id, None)
                if game.turn_message_id is not None:
                    await core.turns.set_turn_message(guild, game_id, None)

    async def _adopt(self, game: GameInfo, channel: discord.PartialMessageable, live: Live | None, latest: Post,
                     view: GameView, here: Translator) -> Live | None:
        """A newer wait's message: the one before is closed; the new one is the live message once it is out (not
        yet: a failure holds it back, and the outbox syncs again when it goes out)."""
        if live is not None and not live.closed:
            await self._close(game, channel, live, view, latest, here)
        elif live is None and game.turn_message_id is not None and game.turn_message_id != latest.message_id:
            await self._close_unknown(game, channel, game.turn_message_id, here)  # known only from Discord
        self._live.pop(game.id, None)
        if latest.message_id is None:
            return None
        adopted = Live(latest.id, latest.message_id, cast(Wait, latest.payload), latest.version,
                       view if view.version == latest.version else None)
        self._live[game.id] = adopted
        await self.core.turns.set_turn_message(game.guild_id, game.id, latest.message_id)
        return adopted

    async def _show(self, game: GameInfo, channel: discord.PartialMessageable, live: Live, view: GameView,
                    jump: tuple[list[int], list[int]] | None, here: Translator) -> bool:
        """Edit the wait's message from the game now (its ping, the content, stays as it was); False if it is gone."""
        embed = wait_embed(game, view, live.payload, jump, picture=wait_picture(live.post_id),
                           page=await self.pages.of(game.guild_id, game.id), t=here)
        try:
            await edit(channel.get_partial_message(live.message_id), embed=embed, view=live_view(game, view, here))
        except discord.NotFound:  # someone deleted it
            log.info("the wait message %s of game %s is gone: posting it again", live.message_id, game.id)
            return False
        live.view, live.closed = view, False
        return True

    async def _close(self, game: GameInfo, channel: discord.PartialMessageable, live: Live, view: GameView,
                     newer: Post | None, here: Translator) -> None:
        """Give the wait's message its last form: what was done (and whether the bot did it), no buttons."""
        old = live.view or await self.core.games.view_at(game.guild_id, game.id, min(live.version, view.version))
        by_bot = played_for(live, old.version, newer)
        embed = closed_embed(game, old, view, by_bot=by_bot, picture=wait_picture(live.post_id), t=here)
        if game.status is Status.ABORTED:
            embed.set_footer(text=here.tr("table.stopped", "Game #{game} was stopped by a moderator.", game=game.id))
        try:
            await edit(channel.get_partial_message(live.message_id), embed=embed, view=None)
        except discord.NotFound:
            log.info("the wait message %s of game %s is gone", live.message_id, game.id)
        live.view, live.closed = view, True

    async def _close_unknown(self, game: GameInfo, channel: discord.PartialMessageable, message_id: int,
                             t: Translator) -> None:
        """Close a live message known only from Discord (after a restart, or from before one message per wait): its
        text kept, marked over, no buttons; one already closed is left alone."""
        try:
            message = await channel.fetch_message(message_id)
        except (discord.NotFound, discord.Forbidden):
            return
        if not message.components:
            return
        embed = message.embeds[0] if message.embeds else discord.Embed(
            title=t.tr("table.turn_over", "Game #{game}: this turn is over", game=game.id), colour=NEUTRAL)
        if message.embeds:
            embed.title = t.tr("table.over_mark", "{title} · over", title=embed.title or "")
        try:
            await edit(channel.get_partial_message(message_id), embed=embed, view=None)
        except discord.NotFound:
            log.info("live message %s of game %s is gone", message_id, game.id)

    async def _send_posts(self, moved: Moved | None) -> None:
        """The posts the command committed, else whatever the queue holds."""
        if moved is None:
            await self.outbox.flush()
        else:
            await self.outbox.send(moved.posts, {moved.view.version: moved.view})

    # --- looking ----------------------------------------------------------------------------------

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
        """Privately, what the strong computer player would do; only for the player to act."""
        game = await self.game_for(interaction)
        view = await self.core.turns.seat_view(game.guild_id, game.id, interaction.user.id)
        self.cooldowns.check("hint", interaction.user.id)
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
