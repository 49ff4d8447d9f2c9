"""When to remind a player and when a turn's deadline falls: pure functions of times, no clock, no I/O.

Reminders follow the wait's deadline (``reminder_offsets``): with one of ``H`` hours, the first after half of it
(at most a day: 24 h of the default 48), one a day after that while more than a day is left, and a last call
shortly before the deadline (4 h, or a quarter of a short one): two reminders in 48 h, two in a 24 h bid.
Without a deadline (or once a ``wait`` deadline has passed) they thin out: after a day, three days, a week, then
weekly. A reminder never falls inside the player's quiet hours: it moves to their end, except a last call that
would then come too late, which moves to just before they begin. Two reminders never come within ``MIN_GAP``.
Deadlines move out of quiet hours to their end. All datetimes are timezone-aware; quiet hours are wall-clock
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

from bot.core.words.errors import quoted
from bot.core.words.texts import tr
from engine.messages import Said

if find_spec("tzdata") is not None:
    # The bundled IANA database (a dependency, updated with the package) rather than the host's, which may be
    # missing (slim containers) or older: every host then knows the same zones.
    reset_tzpath(to=())

DAY: Final = timedelta(hours=24)
LAST_CALL: Final = timedelta(hours=4)
"""The last reminder comes this long before the deadline (a quarter of the time for deadlines under 16 h)."""
SPACED: Final = (timedelta(hours=24), timedelta(hours=72), timedelta(hours=168))
"""Without a deadline, or after a deadline the game waits past: reminders after a day, three days, a week …"""
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

    def start_before(self, when: datetime) -> datetime:
        """The moment the quiet hours that hold ``when`` began (``when`` itself if it is outside them)."""
        if not self.contains(when):
            return when
        tz = zone(self.tz)
        local = when.astimezone(tz)
        day = local.date()
        if self.start > self.end and local.time().replace(tzinfo=None) < self.end:
            day -= timedelta(days=1)
        return _local(day, self.start, tz).astimezone(when.tzinfo)

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


def _spaced(number: int) -> timedelta:
    """The ``number``-th reminder (0 = the first) of a wait without a deadline: a day, three days, a week, then
    one a week."""
    if number < len(SPACED):
        return SPACED[number]
    return SPACED[-1] + (number - len(SPACED) + 1) * timedelta(days=7)


def _before_deadline(hours: float) -> list[timedelta]:
    """The reminders of a wait with a deadline of ``hours``, before it: half-way (at most a day), then daily, and
    the last call (the only one when the deadline is too close for more)."""
    total = timedelta(hours=hours)
    last_call = total - min(LAST_CALL, total / 4)
    steps: list[timedelta] = []
    at = min(total / 2, DAY)
    while at <= last_call - MIN_GAP:
        steps.append(at)
        at += DAY
    return [*steps, last_call]


def reminder_offset(number: int, hours: float | None = None) -> timedelta:
    """How long after the wait's start reminder ``number`` (0 = the first) is due, before quiet hours; ``hours``:
    the wait's deadline (None: none). Past a deadline (a game that waits for the moderators) they go on spaced."""
    if hours is None:
        return _spaced(number)
    before = _before_deadline(hours)
    if number < len(before):
        return before[number]
    return timedelta(hours=hours) + _spaced(number - len(before))


def is_last_call(number: int, hours: float | None) -> bool:
    """Whether reminder ``number`` is the last one before the deadline."""
    return hours is not None and number == len(_before_deadline(hours)) - 1


def next_reminder(
    turn_started: datetime,
    sent: int,
    last_sent: datetime | None = None,
    quiet: QuietHours | None = None,
    hours: float | None = None,
) -> datetime:
    """Return when the next reminder of a wait is due.

    ``sent`` reminders of this wait have gone out, the last at ``last_sent``; ``hours`` is its deadline. The time
    is moved out of the quiet hours and kept at least ``MIN_GAP`` after the previous reminder; a last call that
    the quiet hours would push so late that less than half its warning is left comes just before they begin
    instead (if that is still after the previous reminder).
    """
    due = turn_started + reminder_offset(sent, hours)
    if last_sent is not None:
        due = max(due, last_sent + MIN_GAP)
    moved = _outside(due, [quiet] if quiet else [])
    if quiet is None or moved == due or not is_last_call(sent, hours):
        return moved
    assert hours is not None
    lead = timedelta(hours=hours) - reminder_offset(sent, hours)
    if moved <= deadline(turn_started, hours, quiet) - lead / 2:  # at least half the warning is left
        return moved
    earlier = quiet.start_before(due) - timedelta(minutes=1)
    if earlier > turn_started and (last_sent is None or earlier >= last_sent + MIN_GAP):
        return earlier
    return moved


def deadline(turn_started: datetime, hours: float, quiet: QuietHours | None = None) -> datetime:
    """Return the turn's deadline: ``hours`` after its start, moved to the end of the quiet hours."""
    return _outside(turn_started + timedelta(hours=hours), [quiet] if quiet else [])


def discord_timestamp(when: datetime, style: str = "R") -> str:
    """Return Discord's timestamp markup (``<t:…:R>`` shows "in 5 hours" in each reader's own time)."""
    return f"<t:{int(when.timestamp())}:{style}>"
