"""The scheduler as a background task, and the guild events that start or cancel a guild's purge.

The task ticks every ``INTERVAL`` seconds; its first tick, at start, resumes whatever a restart
interrupted (reminders due meanwhile go out once, see ``bot.reminders``). What a tick queued is sent
by the outbox; games the bot moved for (deadlines, absent seats, standing orders) get their turn
messages brought up to date, as after a command.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from bot.adapter.outbox import BATCH as OUTBOX_BATCH
from bot.core.days.guild_removal import GRACE
from bot.core.days.reminders import INTERVAL, TickReport

if TYPE_CHECKING:
    from bot.adapter.app import TikalBot

log = logging.getLogger(__name__)


class Clockwork(commands.Cog):
    def __init__(self, bot: TikalBot, interval: float = INTERVAL) -> None:
        self.bot = bot
        self.interval = interval
        self._task: asyncio.Task[None] | None = None

    async def cog_load(self) -> None:
        self._task = asyncio.create_task(self._run(), name="tikal-background-clock")

    async def cog_unload(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _run(self) -> None:
        await self.bot.outbox.resumed.wait()  # the games' live messages first, then what is due
        await self.bot.core.scheduler.run(self.report, self.interval)

    async def tick(self, now: float | None = None) -> TickReport:
        """One tick now (tests pass the fake clock's time), with its posts sent and its games synced."""
        done = await self.bot.core.scheduler.tick(now)
        if done.anything:
            await self.report(done)
        return done

    async def report(self, done: TickReport) -> None:
        table = self.bot.table
        synced: set[int] = set()
        for moved in done.moved:
            if moved.game.id not in synced:
                synced.add(moved.game.id)
                await table.sync(moved.game.guild_id, moved.game.id)
        if done.posts and await self.bot.outbox.flush() >= OUTBOX_BATCH:
            self.bot.outbox.wake()  # the rest by the outbox's worker, round after round
        for guild_id in done.purged:
            log.info("the games of guild %s were deleted: the bot was removed and its grace period is over",
                     guild_id)

    # --- guilds ---------------------------------------------------------------------------------

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        purge_at = await self.bot.core.removal.removed(guild.id)
        log.info("removed from guild %s: its games are deleted at %s unless the bot comes back", guild.id, purge_at)

    @commands.Cog.listener()
    async def on_guild_join(self, guild: discord.Guild) -> None:
        if await self.bot.core.removal.added(guild.id):
            log.info("back in guild %s: its games are kept", guild.id)

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """Reconcile with the guilds the bot is in: removed while it was down, or added back. One transaction for
        all of them, and only for the guilds of this process's shards (the others are another process's)."""
        done = await self.bot.core.removal.reconcile(g.id for g in self.bot.guilds)
        if done.back or done.removed:
            log.info("at start: back in %d guild(s), no longer in %d guild(s) (their games are kept %s days)",
                     len(done.back), len(done.removed), GRACE.days)
