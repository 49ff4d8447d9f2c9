"""The Discord bot: a ``commands.Bot`` over the discord-free service.

``setup_hook`` opens the database (which takes the one-process lock), builds the service, loads the
extensions (``bot.exts``), registers the persistent buttons, starts the outbox worker (an extension)
and syncs the slash commands — to ``DEV_GUILD_ID`` only, when set, since a guild sync is instant.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

import discord
from discord import app_commands
from discord.ext import commands

from engine import EngineError

from .config import Settings
from .exts import EXTENSIONS
from .exts.outbox.sender import Outbox
from .guild_removal import GuildRemoval
from .history import History
from .moderation import Moderation
from .players import Members
from .reminders import Scheduler
from .service import TikalService
from .standing_orders import StandingOrders
from .storage import Storage
from .table import Table, reply
from .transformers import describe_bad_value
from .ui import BUTTONS

log = logging.getLogger(__name__)


async def explain(interaction: discord.Interaction, error: Exception) -> None:
    """Turn any refusal into a private answer; log what is not a refusal."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, EngineError):
        text = str(error)
    elif isinstance(error, app_commands.TransformerError):
        text = describe_bad_value(error)
    elif isinstance(error, app_commands.NoPrivateMessage):
        text = "Tikal is played in a server channel, not in direct messages."
    elif isinstance(error, app_commands.MissingPermissions | app_commands.CheckFailure):
        text = "You are not allowed to use this command here."
    else:
        log.error("unexpected error in an interaction", exc_info=error)
        text = "Something went wrong on my side. `/tikal game status` shows where the game stands."
    try:
        await reply(interaction, text)
    except discord.HTTPException:
        log.warning("could not tell %s why the interaction failed: %s", interaction.user.id, text)


@dataclass(frozen=True, slots=True)
class Days:
    """The games-that-live-for-days layer (docs/games-that-live-for-days.md), built once the service is."""

    scheduler: Scheduler
    mod: Moderation
    members: Members
    history: History
    orders: StandingOrders
    removal: GuildRemoval

    @classmethod
    def of(cls, service: TikalService, clock: Callable[[], float]) -> Days:
        return cls(Scheduler(service, clock=clock), Moderation(service), Members(service.storage), History(service),
                   StandingOrders(service), GuildRemoval(service))


class TikalTree(app_commands.CommandTree["TikalBot"]):
    """One error handler for every command: engine and service refusals become ephemeral replies."""

    async def on_error(self, interaction: discord.Interaction[TikalBot],
                       error: app_commands.AppCommandError) -> None:
        await explain(interaction, error)


class TikalBot(commands.Bot):
    def __init__(self, settings: Settings, *, clock: Callable[[], float] = time.time) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            tree_cls=TikalTree,
            allowed_mentions=discord.AllowedMentions.none(),
            help_command=None,
        )
        self.settings = settings
        self.clock = clock
        """Unix seconds: the database's and the scheduler's time (tests pass a fake one)."""
        self.storage: Storage | None = None
        self._service: TikalService | None = None
        self._days: Days | None = None
        self.table = Table(self)
        self.outbox = Outbox(self)

    @property
    def service(self) -> TikalService:
        if self._service is None:
            raise RuntimeError("the bot has not been set up yet")
        return self._service

    @property
    def days(self) -> Days:
        """Issue 5's objects: scheduler, moderation, members' settings, history, standing orders, removal."""
        if self._days is None:
            raise RuntimeError("the bot has not been set up yet")
        return self._days

    async def setup_hook(self) -> None:
        self.storage = await Storage.open(self.settings.database_path, clock=self.clock,
                                          busy_timeout_ms=self.settings.busy_timeout_ms)
        self._service = TikalService(self.storage)
        self._days = Days.of(self._service, self.clock)
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        self.add_dynamic_items(*BUTTONS)
        await self.sync_commands()

    async def sync_commands(self) -> list[app_commands.AppCommand]:
        """Register the slash commands with Discord: one guild (instant) or everywhere (may take a while)."""
        if self.settings.dev_guild_id is not None:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            return await self.tree.sync(guild=guild)
        return await self.tree.sync()

    async def close(self) -> None:
        await super().close()
        if self.storage is not None:
            await self.storage.close()
            self.storage = None
            self._service = None
            self._days = None
