"""When to remind a player and when a turn's deadline falls: pure functions of times, no clock, no I/O.

Reminders escalate gently (after 12 h, after 24 h, then once a day), never fall inside the player's
quiet hours (they move to the quiet hours' end), and never come twice within one interval. Deadlines
move out of quiet hours the same way. All datetimes are timezone-aware; quiet hours are wall-clock
times in the player's IANA time zone, so they follow daylight saving time.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from functools import lru_cache
from importlib.util import find_spec
from typing import Final
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones, reset_tzpath

from bot.core.errors import quoted
from bot.core.texts import tr
from engine.messages import Said

if find_spec("tzdata") is not None:
    # The bundled IANA database (a dependency, updated with the package) rather than the host's, which may be
    # missing (slim containers) or older: every host then knows the same zones.
    reset_tzpath(to=())

REMINDER_STEPS: Final = (timedelta(hours=12), timedelta(hours=24))
"""The first reminders, counted from the start of the turn; after the last, one a day."""
REMINDER_REPEAT: Final = timedelta(hours=24)
MIN_GAP: Final = timedelta(hours=1)
"""Two reminders for one turn never come closer than this, whatever quiet hours did to them."""


class BadTimeZone(ValueError):
    """Not an IANA time zone name."""

    def __init__(self, message: Said) -> None:
        super().__init__(str(message))
        self.message = message


@lru_cache(maxsize=512)
def zone(name: str) -> ZoneInfo:
    """Return the IANA time zone ``name``. Raises ``BadTimeZone`` with a message for a person."""
    try:
        if len(name) > 64:  # no zone is that long; a file name that long is an OSError
            raise ValueError(name)
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        raise BadTimeZone(tr("schedule.time_zone_pick_one",
                             "{value} is not a time zone; pick one from the list, e.g. Europe/Berlin.",
                             value=quoted(name))) from None


@lru_cache(maxsize=1)
def _zone_names() -> tuple[str, ...]:
    return tuple(sorted(available_timezones()))


def zone_choices(typed: str, limit: int = 25) -> list[str]:
    """Return up to ``limit`` IANA names matching what was typed (prefix matches of any part first)."""
    needle = typed.strip().lower().replace(" ", "_")
    names = _zone_names()
    if not needle:
        return [n for n in names if "/" in n and not n.startswith(("Etc/", "SystemV/"))][:limit]
    starts = [n for n in names if any(part.lower().startswith(needle) for part in n.split("/"))]
    inside = [n for n in names if needle in n.lower() and n not in starts]
    return (starts + inside)[:limit]


def _local(d: date, t: time, tz: ZoneInfo) -> datetime:
    """The aware moment of wall time ``t`` on ``d`` in ``tz``; a time skipped by DST moves forward."""
    naive = datetime.combine(d, t)
    aware = naive.replace(tzinfo=tz)
    back = aware.astimezone(UTC).astimezone(tz)
    return aware if back.replace(tzinfo=None) == naive else back


@dataclass(frozen=True, slots=True)
class QuietHours:
    """A daily span of wall-clock time (``start`` up to ``end``, possibly across midnight) in ``tz``."""

    start: time
    end: time
    tz: str

    def __post_init__(self) -> None:
        zone(self.tz)
        if self.start == self.end:
            raise ValueError("Quiet hours need a start and an end that differ.")

    def contains(self, when: datetime) -> bool:
        """Whether ``when`` (aware) falls inside the quiet hours."""
        local = when.astimezone(zone(self.tz)).time().replace(tzinfo=None)
        if self.start < self.end:
            return self.start <= local < self.end
        return local >= self.start or local < self.end

    def end_after(self, when: datetime) -> datetime:
        """Return ``when`` if it is outside the quiet hours, else the moment they end."""
        if not self.contains(when):
            return when
        tz = zone(self.tz)
        local = when.astimezone(tz)
        day = local.date()
        if self.start > self.end and local.time().replace(tzinfo=None) >= self.start:
            day += timedelta(days=1)
        return _local(day, self.end, tz).astimezone(when.tzinfo)


def _outside(when: datetime, quiet: Iterable[QuietHours]) -> datetime:
    # Several spans may chain (one ends inside another); a few rounds settle it.
    spans = list(quiet)
    for _ in range(4):
        moved = when
        for q in spans:
            moved = q.end_after(moved)
        if moved == when:
            return when
        when = moved
    return when


def reminder_offset(number: int) -> timedelta:
    """How long after the turn's start reminder ``number`` (0 = the first) is due, before quiet hours."""
    if number < len(REMINDER_STEPS):
        return REMINDER_STEPS[number]
    return REMINDER_STEPS[-1] + REMINDER_REPEAT * (number - len(REMINDER_STEPS) + 1)


def next_reminder(
    turn_started: datetime,
    sent: int,
    last_sent: datetime | None = None,
    quiet: QuietHours | None = None,
) -> datetime:
    """Return when the next reminder of a turn is due.

    ``sent`` reminders of this turn have gone out, the last at ``last_sent``. The time is moved out of
    the quiet hours and kept at least ``MIN_GAP`` after the previous reminder.
    """
    due = turn_started + reminder_offset(sent)
    if last_sent is not None:
        due = max(due, last_sent + MIN_GAP)
    return _outside(due, [quiet] if quiet else [])


def deadline(turn_started: datetime, hours: float, quiet: QuietHours | None = None) -> datetime:
    """Return the turn's deadline: ``hours`` after its start, moved to the end of the quiet hours."""
    return _outside(turn_started + timedelta(hours=hours), [quiet] if quiet else [])


def discord_timestamp(when: datetime, style: str = "R") -> str:
    """Return Discord's timestamp markup (``<t:…:R>`` shows "in 5 hours" in each reader's own time)."""
    return f"<t:{int(when.timestamp())}:{style}>"
