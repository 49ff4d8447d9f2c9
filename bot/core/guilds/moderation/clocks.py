"""A game's reminders and deadlines: read for ``status``, changed by a moderator or a lobby's creator."""

from __future__ import annotations

from dataclasses import dataclass, replace
from types import EllipsisType

from bot.core.clocks.timing import Timing, absent_seats, clock_of, read_clock, replan, timing_text
from bot.core.guilds.moderation.base import KEEP, ModAction, ModerationBase, hours_or_kept
from bot.core.storage.rows import ACTIVE, Status
from bot.core.words.errors import NotAllowed, WrongStatus
from bot.core.words.texts import tr


@dataclass(frozen=True, slots=True)
class GameClockInfo:
    """A game's reminder and deadline configuration and the current wait's times (for ``status``)."""

    timing: Timing
    paused_at: float | None
    remind_at: float | None
    deadline_at: float | None
    absent_seats: tuple[int, ...]


class GameClocks(ModerationBase):
    """A game's clock settings, read and changed."""

    async def clock(self, guild_id: int, game_id: int) -> GameClockInfo:
        """The game's reminder and deadline settings, pause and the current wait's times."""
        async with self.storage.read() as r:
            await self.store.row(r, guild_id, game_id)  # raises NoGame
            clock = await read_clock(r, game_id)
            absent = await absent_seats(r, game_id)
        if clock is None:
            return GameClockInfo(Timing(), None, None, None, tuple(sorted(absent)))
        return GameClockInfo(clock.timing, clock.paused_at, clock.remind_at, clock.deadline_at, tuple(sorted(absent)))

    async def set_timing(
        self, guild_id: int, game_id: int, by: int, *, is_moderator: bool,
        reminders: bool | EllipsisType = KEEP, turn_hours: float | EllipsisType | None = KEEP,
        bid_hours: float | EllipsisType | None = KEEP, policy: str | EllipsisType = KEEP,
    ) -> ModAction:
        """Change a game's reminders and deadlines (hours 0 or None: no deadline).

        A moderator may at any time; the creator too while the game is a lobby (the options of ``new``).
        A changed deadline applies to the current wait at once (and may fire at the next tick).
        """
        async with self.storage.transaction() as tx:
            row = await self.store.row(tx, guild_id, game_id)
            if row.status not in ACTIVE:
                raise WrongStatus(tr("moderation.game_over", "Game #{game} is over.", game=game_id))
            if not is_moderator and not (row.status is Status.LOBBY and by == row.creator_id):
                raise NotAllowed(tr("moderation.only_moderator_can_change",
                                    "Only a moderator can change a running game's deadlines."))
            clock = await clock_of(tx, row)
            t = clock.timing
            timing = Timing(
                t.reminders if isinstance(reminders, EllipsisType) else reminders,
                hours_or_kept(turn_hours, t.turn_hours), hours_or_kept(bid_hours, t.bid_hours),
                t.policy if isinstance(policy, EllipsisType) else policy,
            ).validated()
            await replan(tx, replace(clock, timing=timing, deadline_done=False))
            post = None
            if is_moderator and row.status is Status.RUNNING:
                post = await self._post(tx, row, "deadline", by,
                                        tr("moderation.clock_changed", "🛠️ <@{by}> changed game #{game}'s clock: "
                                           "{timing}.", by=by, game=game_id, timing=timing_text(timing)),
                                        reminders=timing.reminders, turn_hours=timing.turn_hours,
                                        bid_hours=timing.bid_hours, policy=timing.policy)
        return ModAction(await self._info(guild_id, game_id), post)


