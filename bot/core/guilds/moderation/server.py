"""The server's Tikal settings (``/tikal-mod config``): checked whole, then written in one transaction."""

from __future__ import annotations

from dataclasses import dataclass, replace
from types import EllipsisType

from bot.core.clocks.timing import Timing, guild_timing, hours_to_store, put_guild_timing
from bot.core.days.guild_removal import GRACE, GuildRemoval
from bot.core.guilds.languages import check_language, put_server_language
from bot.core.guilds.moderation.base import KEEP, ModerationBase, hours_or_kept
from bot.core.league.ratings import RatingRules, put_rules, read_rules
from bot.core.words.texts import tr


@dataclass(frozen=True, slots=True)
class GuildConfig:
    guild_id: int
    moderator_role_id: int | None
    defaults: Timing
    """What new games start with."""
    grace_days: float
    """If the bot is removed from the guild, its games are deleted this long after."""
    rating: RatingRules
    """How seats that left and stopped games are rated."""
    log_channel_id: int | None
    """Where moderator notices go, or None (``bot.core.outbox.mod_notices``)."""
    purge_at: float | None
    """A pending purge (the bot was removed), or None."""


class ServerConfiguration(ModerationBase):
    """The server's moderator role, log channel, defaults for new games, rating rules and language."""

    async def config(self, guild_id: int) -> GuildConfig:
        """The guild's moderator role, defaults for new games, and the purge policy."""
        async with self.storage.read() as r:
            settings = await r.guild_settings(guild_id)
            defaults = await guild_timing(r, guild_id)
            rating = await read_rules(r, guild_id)
        purge_at = await GuildRemoval(self.store).pending(guild_id)
        return GuildConfig(guild_id, settings.moderator_role_id, defaults, GRACE.total_seconds() / 86400, rating,
                           settings.log_channel_id, purge_at)

    async def configure(
        self, guild_id: int, by: int, *, is_moderator: bool,
        moderator_role_id: int | EllipsisType | None = KEEP, log_channel_id: int | EllipsisType | None = KEEP,
        reminders: bool | EllipsisType = KEEP, turn_hours: float | EllipsisType | None = KEEP,
        bid_hours: float | EllipsisType | None = KEEP, policy: str | EllipsisType = KEEP,
        rate_resigned: str | EllipsisType = KEEP, rate_kicked: str | EllipsisType = KEEP,
        rate_aborted: str | EllipsisType = KEEP, language: str | EllipsisType | None = KEEP,
    ) -> GuildConfig:
        """Change the guild's settings (``/tikal-mod config``): every value is checked before anything is written,
        then all are written in one transaction, so a refusal (``BadOption``) changes nothing. Games already
        created keep their clocks; the rating rules count for games that end from now on. ``language`` None:
        the server's own locale again."""
        self._check(is_moderator, tr("moderation.what_config", "change the server's Tikal settings"))
        if not isinstance(language, EllipsisType):
            check_language(language)
        async with self.storage.transaction() as tx:
            settings = await tx.guild_settings(guild_id)
            current = await guild_timing(tx, guild_id)
            timing = Timing(
                current.reminders if isinstance(reminders, EllipsisType) else reminders,
                hours_or_kept(turn_hours, current.turn_hours), hours_or_kept(bid_hours, current.bid_hours),
                current.policy if isinstance(policy, EllipsisType) else policy,
            ).validated()
            rules = await read_rules(tx, guild_id)
            changed = RatingRules(
                rules.resigned if isinstance(rate_resigned, EllipsisType) else rate_resigned,
                rules.kicked if isinstance(rate_kicked, EllipsisType) else rate_kicked,
                rules.aborted if isinstance(rate_aborted, EllipsisType) else rate_aborted).validated()
            role = settings.moderator_role_id if isinstance(moderator_role_id, EllipsisType) else moderator_role_id
            log = settings.log_channel_id if isinstance(log_channel_id, EllipsisType) else log_channel_id
            turn = round(hours_to_store(timing.turn_hours))  # whole hours (the column's type)
            await tx.put_guild_settings(replace(settings, moderator_role_id=role, log_channel_id=log, turn_hours=turn))
            await put_guild_timing(tx, guild_id, timing)
            if changed != rules:
                await put_rules(tx, guild_id, changed)
            if not isinstance(language, EllipsisType):
                await put_server_language(tx, guild_id, language)
        if not isinstance(language, EllipsisType) and self.languages is not None:
            self.languages.remember(guild_id, language)
        return await self.config(guild_id)


