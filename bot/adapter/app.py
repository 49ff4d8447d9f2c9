"""The Discord bot: a ``commands.Bot`` over the discord-free core.

``setup_hook`` opens the core (a SQLite file takes the one-process lock; ``DATABASE_URL`` opens PostgreSQL,
which several processes share), builds the outbox and the table, loads the extensions (``bot.adapter.exts``;
they register the persistent buttons and start the background workers) and syncs the slash commands when they
changed (``SYNC_COMMANDS``) — to ``DEV_GUILD_ID`` only, when set, since a guild sync is instant.

With ``SHARD_COUNT`` the bot is a ``ShardedTikalBot`` (discord.py's ``AutoShardedBot``) running the shards
``SHARD_IDS`` (all of them when unset); its core does the background work of those shards' guilds only.
"""

from __future__ import annotations

import hashlib
import json
import logging
import time
from collections.abc import Callable
from typing import Any, Final

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

from bot.adapter import command_links, metering
from bot.adapter.command_words import CommandTranslator, serialized_tree
from bot.adapter.exts import EXTENSIONS
from bot.adapter.outbox import Outbox
from bot.adapter.replies import explain
from bot.adapter.table import Table
from bot.adapter.web_links import PageLinks
from bot.config import Settings
from bot.core.assembly import Core
from bot.core.health.readiness import Health
from bot.web.guard import RateLimit
from bot.web.health import HealthRoutes, HealthServer
from bot.web.server import WebView

log = logging.getLogger(__name__)


class TikalTree(app_commands.CommandTree["TikalBot"]):
    """One error handler for every command: engine and service refusals become ephemeral replies."""

    async def on_error(self, interaction: discord.Interaction[TikalBot],
                       error: app_commands.AppCommandError) -> None:
        await explain(interaction, error)

    async def interaction_check(self, interaction: discord.Interaction[TikalBot], /) -> bool:
        metering.arrived(interaction)  # the command's latency counts from here (bot.adapter.metering)
        return True


INTENTS: Final = discord.Intents(guilds=True)
"""Only what the bot uses: guilds (and their channels and threads) and the guild join/remove events. No members,
no messages, no message content: commands and buttons come as interactions."""


class TikalBot(commands.Bot):
    def __init__(self, settings: Settings, *, clock: Callable[[], float] = time.time, **shards: Any) -> None:
        # The bot has no voice: no warning about voice libraries it does not need.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        super().__init__(
            command_prefix=(),  # no message is ever a command: slash commands and buttons only
            intents=INTENTS,
            tree_cls=TikalTree,
            allowed_mentions=discord.AllowedMentions.none(),
            help_command=None,
            **shards,
        )
        self.settings = settings
        self.clock = clock
        """Unix seconds: the database's and the scheduler's time (tests pass a fake one)."""
        self._core: Core | None = None
        self._outbox: Outbox | None = None
        self._table: Table | None = None
        self._web: WebView | None = None
        """The web view, served beside the bot when ``WEB_PORT`` is set."""
        self._health: HealthServer | None = None
        """Health and metrics on a port of their own (``HEALTH_PORT``); else the health checks alone (no metrics) on
        the web view's, if it runs."""

    @property
    def core(self) -> Core:
        """The discord-free core: service, scheduler, moderation, members, history, orders, removal."""
        if self._core is None:
            raise RuntimeError("the bot has not been set up yet")
        return self._core

    @property
    def outbox(self) -> Outbox:
        if self._outbox is None:
            raise RuntimeError("the bot has not been set up yet")
        return self._outbox

    @property
    def table(self) -> Table:
        if self._table is None:
            raise RuntimeError("the bot has not been set up yet")
        return self._table

    async def setup_hook(self) -> None:
        self._core = await Core.open(self.settings.database, clock=self.clock,
                                     busy_timeout_ms=self.settings.busy_timeout_ms, shards=self.settings.shards,
                                     workers=self.settings.cpu_workers)
        self._outbox = Outbox(self, self._core, clock=self.clock, pages=PageLinks(self._core, self.settings.web_url))
        self._table = Table(self, self._core, self._outbox, clock=self.clock)
        self._outbox.catch_up = self._table.sync
        self.add_listener(self._remember_locale, "on_interaction")
        self.add_listener(self._command_done, "on_app_command_completion")
        await self.tree.set_translator(CommandTranslator())
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        await self.sync_commands()
        health = HealthRoutes(Health(self._core.storage, shards=self.settings.shards, pool=self._core.pool,
                                     connected=self.connected))
        if self.settings.health_port is not None:
            self._health = HealthServer(health)
            await self._health.start(self.settings.health_host, self.settings.health_port)
        if self.settings.web_port is not None:
            self._web = WebView(self._core, poll_seconds=self.settings.web_poll_seconds,
                                limit=RateLimit(per_minute=self.settings.web_requests_per_minute),
                                behind_proxy=self.settings.web_behind_proxy, public_url=self.settings.web_url,
                                synced=self._table.sync,  # a member's move from the web updates the channel
                                routes=health.routes(metrics=False) if self._health is None else ())
            await self._web.start(self.settings.web_host, self.settings.web_port)

    def connected(self) -> bool:
        """Whether the bot is connected to Discord's gateway now (every shard of this process, when sharded)."""
        if self.is_closed() or not self.is_ready():
            return False
        if isinstance(self, commands.AutoShardedBot):
            return all(not shard.is_closed() for shard in self.shards.values())
        return self.ws is not None and self.ws.open

    async def _command_done(self, interaction: discord.Interaction, command: Any) -> None:
        metering.done(interaction, "ok")

    async def _remember_locale(self, interaction: discord.Interaction) -> None:
        """Every interaction tells the member's client language: direct messages are written in it."""
        await self.core.languages.seen(interaction.user.id, interaction.locale.value)

    async def sync_commands(self) -> bool:
        """Register the slash commands with Discord (one guild, instant, or everywhere, which may take a while)
        when ``SYNC_COMMANDS`` says so: ``always``, ``auto`` (only when the serialized tree changed since the last
        sync: its hash is kept in the database) or ``never``. A failed sync is logged and the bot goes on with
        the commands Discord already has. Returns whether it synced.

        The synced commands' ids make command paths in messages clickable (``command_links``)."""
        guild = discord.Object(id=self.settings.dev_guild_id) if self.settings.dev_guild_id is not None else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        tree = await serialized_tree(self.tree, guild)
        digest = hashlib.sha256(json.dumps(tree, sort_keys=True).encode()).hexdigest()
        key = f"commands:{'global' if guild is None else guild.id}"
        state = self.core.state
        stored = await state.get(key) or {}
        paths = {c.qualified_name for c in self.tree.walk_commands(guild=guild)
                 if isinstance(c, app_commands.Command)}
        mode = self.settings.sync_commands
        if mode == "never" or (mode == "auto" and stored.get("hash") == digest):
            command_links.remember(stored.get("ids") or {}, paths)
            return False
        try:
            synced = await self.tree.sync(guild=guild)
        except (discord.HTTPException, aiohttp.ClientError, OSError, TimeoutError) as error:
            log.error("could not sync the slash commands with Discord (%s): the bot goes on with the ones Discord "
                      "has, and tries again at the next start", error)
            command_links.remember(stored.get("ids") or {}, paths)
            return False
        ids = {command.name: command.id for command in synced}
        await state.put(key, {"hash": digest, "ids": ids})
        command_links.remember(ids, paths)
        log.info("synced %d slash commands %s", len(synced), "globally" if guild is None else f"to guild {guild.id}")
        return True

    @property
    def web(self) -> WebView | None:
        return self._web

    @property
    def health(self) -> HealthServer | None:
        return self._health

    async def close(self) -> None:
        command_links.forget()
        if self._health is not None:
            await self._health.stop()
            self._health = None
        if self._web is not None:
            await self._web.stop()
            self._web = None
        await super().close()
        if self._core is not None:
            await self._core.close()
            self._core = None
            self._outbox = None
            self._table = None


class ShardedTikalBot(TikalBot, commands.AutoShardedBot):
    """The bot as some of Discord's shards (``SHARD_COUNT``, ``SHARD_IDS``): one process of several, or one process
    running every shard of a big bot. discord.py's ``AutoShardedBot`` needs ``shard_count`` with ``shard_ids``."""

    def __init__(self, settings: Settings, *, clock: Callable[[], float] = time.time) -> None:
        shards = settings.shards
        super().__init__(settings, clock=clock, shard_count=shards.count,
                         shard_ids=None if shards.ids is None else sorted(shards.ids))


def make_bot(settings: Settings, *, clock: Callable[[], float] = time.time) -> TikalBot:
    """The bot the settings describe: sharded with ``SHARD_COUNT``, else the plain one."""
    if settings.sharded:
        return ShardedTikalBot(settings, clock=clock)
    return TikalBot(settings, clock=clock)
