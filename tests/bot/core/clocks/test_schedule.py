"""Reminder and deadline times with a fixed clock: escalation, quiet hours across time zones and DST."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import UTC, datetime, time, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from bot.core.clocks.schedule import (
    BadTimeZone,
    QuietHours,
    deadline,
    discord_timestamp,
    is_last_call,
    next_reminder,
    reminder_offset,
    zone,
    zone_choices,
)

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)  # a Monday
ROOT = Path(__file__).resolve().parents[4]


def hours(*values: float) -> list[timedelta]:
    return [timedelta(hours=h) for h in values]


def test_reminders_follow_the_deadline_half_way_then_a_last_call() -> None:
    assert [reminder_offset(n, 48) for n in range(2)] == hours(24, 44)  # the default turn: 1 day left, 4 hours left
    assert [reminder_offset(n, 24) for n in range(2)] == hours(12, 20)  # the default bid
    assert [reminder_offset(n, 72) for n in range(3)] == hours(24, 48, 68)  # daily while more than a day is left
    assert [reminder_offset(n, 2) for n in range(1)] == hours(1.5)  # too close for two: only the last call
    assert [is_last_call(n, 48) for n in range(3)] == [False, True, False]
    # past a deadline the game waits for (policy wait): a day, three days, a week later
    assert [reminder_offset(n, 48) for n in range(2, 6)] == hours(72, 120, 216, 384)
    assert next_reminder(T0, 0, hours=48) == T0 + timedelta(hours=24)
    assert next_reminder(T0, 1, last_sent=T0 + timedelta(hours=24), hours=48) == T0 + timedelta(hours=44)


def test_without_a_deadline_reminders_thin_out() -> None:
    assert [reminder_offset(n) for n in range(5)] == hours(24, 72, 168, 336, 504)
    assert next_reminder(T0, 0) == T0 + timedelta(hours=24)


def test_never_twice_within_the_minimum_gap() -> None:
    late = T0 + timedelta(hours=43, minutes=50)  # the first reminder was pushed late by quiet hours
    assert next_reminder(T0, 1, last_sent=late, hours=48) == late + timedelta(hours=1)


def test_quiet_hours_across_midnight_move_the_reminder_to_their_end() -> None:
    quiet = QuietHours(time(22, 0), time(7, 30), "Europe/Berlin")  # UTC+1 in March before DST
    due = next_reminder(datetime(2026, 3, 1, 23, 0, tzinfo=UTC), 0, quiet=quiet)  # 23:00 UTC = 00:00 Berlin
    assert due == datetime(2026, 3, 3, 6, 30, tzinfo=UTC)  # 07:30 Berlin
    assert not quiet.contains(due) and quiet.contains(due - timedelta(minutes=1))


def test_a_last_call_in_quiet_hours_comes_before_them_when_after_would_be_too_late() -> None:
    quiet = QuietHours(time(22, 0), time(7, 0), "Europe/Berlin")  # UTC+1
    started = datetime(2026, 3, 2, 7, 0, tzinfo=UTC)  # 08:00 Berlin; 48 h: the deadline is 08:00 on Wednesday
    assert deadline(started, 48, quiet) == started + timedelta(hours=48)
    # the last call is due at 04:00 Berlin, inside the quiet hours; at their end (07:00) only an hour would be
    # left: it comes the evening before, at 21:59
    due = next_reminder(started, 1, last_sent=started + timedelta(hours=24), quiet=quiet, hours=48)
    assert due == datetime(2026, 3, 3, 20, 59, tzinfo=UTC)
    assert not quiet.contains(due)
    # the half-way reminder moves to the end of the quiet hours as any other
    late = datetime(2026, 3, 2, 21, 0, tzinfo=UTC)  # a wait started at 22:00 Berlin: half-way is 22:00 the next day
    assert next_reminder(late, 0, quiet=quiet, hours=48) == datetime(2026, 3, 4, 6, 0, tzinfo=UTC)


def test_quiet_hours_before_midnight_end_the_next_morning() -> None:
    quiet = QuietHours(time(22, 0), time(7, 0), "America/New_York")  # UTC-5 in early March
    when = datetime(2026, 3, 3, 3, 30, tzinfo=UTC)  # 22:30 New York on March 2
    assert quiet.contains(when)
    assert quiet.end_after(when) == datetime(2026, 3, 3, 12, 0, tzinfo=UTC)


def test_same_day_quiet_hours_and_outside_times_unchanged() -> None:
    quiet = QuietHours(time(13, 0), time(15, 0), "Asia/Kolkata")  # UTC+5:30
    inside = datetime(2026, 3, 2, 8, 0, tzinfo=UTC)  # 13:30 Kolkata
    assert quiet.end_after(inside) == datetime(2026, 3, 2, 9, 30, tzinfo=UTC)
    outside = datetime(2026, 3, 2, 10, 0, tzinfo=UTC)
    assert quiet.end_after(outside) == outside


def test_daylight_saving_shift_is_followed() -> None:
    quiet = QuietHours(time(1, 0), time(7, 0), "Europe/Berlin")
    # 2026-03-29: Berlin springs forward at 02:00 → 03:00; quiet hours still end at 07:00 local = 05:00 UTC.
    when = datetime(2026, 3, 29, 1, 30, tzinfo=UTC)  # 03:30 CEST
    assert quiet.end_after(when) == datetime(2026, 3, 29, 5, 0, tzinfo=UTC)
    # A quiet span ending in the skipped hour ends when the clocks resume.
    gap = QuietHours(time(0, 0), time(2, 30), "Europe/Berlin")
    end = gap.end_after(datetime(2026, 3, 28, 23, 30, tzinfo=UTC))  # 00:30 CET
    assert end.astimezone(ZoneInfo("Europe/Berlin")).hour == 3


def test_deadline_moves_to_the_end_of_quiet_hours() -> None:
    quiet = QuietHours(time(23, 0), time(8, 0), "Pacific/Auckland")  # UTC+13 in March (NZDT)
    started = datetime(2026, 3, 2, 0, 0, tzinfo=UTC)  # 13:00 Auckland
    assert deadline(started, 10) == started + timedelta(hours=10)
    assert deadline(started, 12, quiet) == datetime(2026, 3, 2, 19, 0, tzinfo=UTC)  # 08:00 Auckland


def test_time_zones_are_validated_and_autocompleted() -> None:
    with pytest.raises(BadTimeZone, match="Europe/Berlin"):
        zone("Mars/Olympus")
    with pytest.raises(BadTimeZone):
        QuietHours(time(1), time(2), "Nowhere")
    assert "Europe/Berlin" in zone_choices("berl")
    assert zone_choices("new_y")[0] == "America/New_York"
    assert len(zone_choices("")) == 25 and all("/" in z for z in zone_choices(""))


def test_discord_timestamp_markup() -> None:
    assert discord_timestamp(datetime(2026, 1, 1, tzinfo=UTC)) == "<t:1767225600:R>"
    assert discord_timestamp(datetime(2026, 1, 1, tzinfo=UTC), "f") == "<t:1767225600:f>"


def test_time_zones_work_on_a_host_without_a_system_time_zone_database(tmp_path: Path) -> None:
    """``PYTHONTZPATH`` pointing at an empty folder is a host without /usr/share/zoneinfo: the bundled
    ``tzdata`` package must answer, for autocomplete and for the setting itself."""
    code = ("from bot.core.clocks.schedule import zone, zone_choices\n"
            "print(zone('Europe/Berlin').key, 'Europe/Berlin' in zone_choices('berl'))")
    env = {**os.environ, "PYTHONTZPATH": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["Europe/Berlin", "True"]
