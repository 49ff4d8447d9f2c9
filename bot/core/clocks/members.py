"""Members' own settings: how the bot tells them a game waits for them (a ping in the channel, a DM, or both: the
wait's message and its reminders alike), their time zone and quiet hours.

Settings are kept per Discord user, not per guild: a person has one time zone and one night, whatever
server they play in. ``forget`` deletes them (the README's privacy note): afterwards the member gets the
defaults (channel pings, no quiet hours). Changing them re-plans the reminders of the member's running games.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import time
from typing import Any, Final

from bot.core.clocks.schedule import BadTimeZone, QuietHours, zone, zone_choices
from bot.core.storage import sql
from bot.core.storage.base import Reader, Storage, Transaction
from bot.core.words.errors import BadOption, quoted
from bot.core.words.texts import tr

DELIVERIES: Final = ("channel", "dm", "both")
_CLOCK = re.compile(r"^\s*(\d{1,2})(?::(\d{2}))?\s*$")


def parse_clock(text: str) -> time:
    """A wall-clock time written ``22:30``, ``7:00`` or ``7``. Raises ``BadOption``."""
    m = _CLOCK.match(text)
    if m is None or int(m[1]) > 23 or int(m[2] or 0) > 59:
        raise BadOption(tr("members.time_day_write_like",
                           "{value} is not a time of day; write it like 22:30 or 7.", value=quoted(text)))
    return time(int(m[1]), int(m[2] or 0))


def _clock_text(t: time | None) -> str | None:
    return None if t is None else t.strftime("%H:%M")


@dataclass(frozen=True, slots=True)
class MemberSettings:
    user_id: int
    delivery: str = "channel"
    """``channel``: a ping in the game's channel (the wait's message, a reminder replying to it); ``dm``: a direct
    message instead, which the adapter replaces by a channel ping when the member's DMs are closed; ``both``."""
    time_zone: str | None = None
    """An IANA name (``Europe/Berlin``); autocomplete with ``bot.schedule.zone_choices``."""
    quiet_start: time | None = None
    quiet_end: time | None = None

    @property
    def quiet(self) -> QuietHours | None:
        """The member's quiet hours, if set (they need a time zone)."""
        if self.quiet_start is None or self.quiet_end is None or self.time_zone is None:
            return None
        return QuietHours(self.quiet_start, self.quiet_end, self.time_zone)

    def validated(self) -> MemberSettings:
        """Self if consistent. Raises ``BadOption`` with a message for a person."""
        if self.delivery not in DELIVERIES:
            raise BadOption(tr("members.notify_how",
                               "You are told by `channel` pings, by `dm`s or `both`, not {value}.",
                               value=quoted(self.delivery)))
        if self.time_zone is not None:
            try:
                zone(self.time_zone)
            except BadTimeZone as e:
                raise BadOption(e.message) from None
        if (self.quiet_start is None) != (self.quiet_end is None):
            raise BadOption(tr("members.quiet_hours_need_both",
                               "Quiet hours need both a start and an end (e.g. 22:00 to 7:30)."))
        if self.quiet_start is not None:
            if self.time_zone is None:
                raise BadOption(tr("members.set_time_zone_too",
                                   "Set your time zone too, so your quiet hours follow your own clock."))
            if self.quiet_start == self.quiet_end:
                raise BadOption(tr("members.quiet_hours_need_start",
                                   "Quiet hours need a start and an end that differ."))
        return self


async def read_member(reader: Reader, user_id: int) -> MemberSettings:
    """The member's settings, or the defaults."""
    row = await sql.one(reader, "SELECT delivery, time_zone, quiet_start, quiet_end FROM member_settings "
                                "WHERE user_id = ?", (user_id,))
    return member_from_row(user_id, row)


def member_from_row(user_id: int, row: Sequence[Any] | None) -> MemberSettings:
    """The settings from a row of ``delivery, time_zone, quiet_start, quiet_end`` (None, or a NULL delivery: the
    member has none, the defaults)."""
    if row is None or row[0] is None:
        return MemberSettings(user_id)
    delivery, tz, start, end = row
    return MemberSettings(user_id, delivery, tz, time.fromisoformat(start) if start else None,
                          time.fromisoformat(end) if end else None)


async def _replan_games_of(tx: Transaction, user_id: int) -> None:
    """Let the scheduler look again at the running games where the member has a seat (new quiet hours)."""
    await sql.run(
        tx,
        "UPDATE game_clocks SET next_due = ? WHERE paused_at IS NULL AND game_id IN (SELECT s.game_id "
        " FROM seats s JOIN games g ON g.id = s.game_id WHERE s.member_id = ? AND g.status = 'running')",
        (sql.now(tx), user_id),
    )


class Members:
    """Read, change and forget members' settings."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    async def get(self, user_id: int) -> MemberSettings:
        async with self.storage.read() as r:
            return await read_member(r, user_id)

    async def save(self, settings: MemberSettings) -> MemberSettings:
        """Store the settings (validated first; nothing changes on ``BadOption``)."""
        settings.validated()
        async with self.storage.transaction() as tx:
            await sql.run(
                tx,
                "INSERT INTO member_settings (user_id, delivery, time_zone, quiet_start, quiet_end, updated_at) "
                "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET delivery = excluded.delivery, "
                "time_zone = excluded.time_zone, quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end, "
                "updated_at = excluded.updated_at",
                (settings.user_id, settings.delivery, settings.time_zone, _clock_text(settings.quiet_start),
                 _clock_text(settings.quiet_end), sql.now(tx)),
            )
            await _replan_games_of(tx, settings.user_id)
        return settings

    async def update(
        self,
        user_id: int,
        *,
        delivery: str | None = None,
        time_zone: str | None = None,
        quiet: tuple[str, str] | None = None,
        clear_quiet: bool = False,
    ) -> MemberSettings:
        """Change some settings (what ``/tikal-game settings`` passes: options left empty stay as they are).

        ``quiet`` is ``(start, end)`` as typed (``22:00``, ``7``); ``clear_quiet`` removes the quiet hours.
        """
        current = await self.get(user_id)
        start, end = current.quiet_start, current.quiet_end
        if clear_quiet:
            start = end = None
        elif quiet is not None:
            start, end = parse_clock(quiet[0]), parse_clock(quiet[1])
        return await self.save(MemberSettings(
            user_id, delivery if delivery is not None else current.delivery,
            time_zone if time_zone is not None else current.time_zone, start, end,
        ))

    async def forget(self, user_id: int) -> bool:
        """Delete everything stored about the member's preferences; False if there was nothing."""
        async with self.storage.transaction() as tx:
            gone = await sql.run(tx, "DELETE FROM member_settings WHERE user_id = ?", (user_id,))
            gone += await sql.run(tx, "DELETE FROM member_locales WHERE user_id = ?", (user_id,))
            if gone:
                await _replan_games_of(tx, user_id)
        return gone > 0

    @staticmethod
    def zone_choices(typed: str, limit: int = 25) -> list[str]:
        """Autocomplete for the time zone option."""
        return zone_choices(typed, limit)


__all__ = ["DELIVERIES", "MemberSettings", "Members", "member_from_row", "parse_clock", "read_member"]
