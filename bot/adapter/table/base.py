"""What every part of ``Table`` stands on: the client, the core and the outbox, finding the game of a command,
the reader's words, who is a moderator; a wait's message as this process shows it (``Live``); the tutorial's guide."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Protocol, cast

import discord

from bot.adapter.cooldowns import Cooldowns
from bot.adapter.outbox import Outbox
from bot.adapter.speech import channel as channel_speaker
from bot.core.assembly import Core
from bot.core.storage.rows import Status
from bot.core.table.locks import GameLocks
from bot.core.table.plans import GameRef, Place
from bot.core.table.posts import Wait
from bot.core.table.recent import Recent
from bot.core.table.results import GameInfo, Moved, Post
from bot.core.words.errors import NoGame
from bot.core.words.texts import tr
from engine import GameView
from lang import Translator

log = logging.getLogger(__name__)

THREAD_ARCHIVE_MINUTES: Final = 10080  # the longest Discord allows: a week without a message
LIVE_KEPT: Final = 1024
"""Games whose wait's message a process keeps in memory (each with the view it shows: about 15–50 KB)."""


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

    async def hint(self, interaction: discord.Interaction, game: GameInfo) -> str | None:
        """The step's move to try, as a hint, when ``game`` is the member's tutorial (None: it is not)."""
        ...


class TableBase:
    """The adapter's game logic on top of the core, for one bot: what its parts share."""

    def __init__(self, client: discord.Client, core: Core, outbox: Outbox, *,
                 clock: Callable[[], float] = time.time) -> None:
        self.client = client
        self.core = core
        self.outbox = outbox
        self.pages = outbox.pages
        self.cooldowns = Cooldowns(clock)
        self._lock = GameLocks()
        self._live: Recent[int, Live] = Recent(LIVE_KEPT)
        """Per game, its wait's message as this process last showed it (the ``LIVE_KEPT`` games used last: a game
        not among them is read again from the database at its next sync, as after a restart)."""
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

