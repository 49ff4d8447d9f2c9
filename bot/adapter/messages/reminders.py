"""A reminder's words, true at the moment it is written: how long the game has waited and how much time is left, in
words (``waiting since yesterday — 1 day left``), never a relative timestamp that every reminder of a wait would show
alike when read later (``deadline 2 days ago`` three times). The last call says what the deadline will do."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Final

from bot.core.clocks.schedule import discord_timestamp
from bot.core.table.posts import Reminder
from engine.messages import ENGLISH, Speaker

HOUR: Final = 3600.0
DAY: Final = 24 * HOUR
IN_DAYS: Final = 20 * HOUR
"""From this much on, a time is told in days (20 h is "1 day")."""


def what_waits(payload: Reminder, t: Speaker = ENGLISH) -> str:
    if payload.get("kind") == "bid":
        return t.tr("notice.your_bid", "your bid")
    if payload.get("kind") == "jump":
        return t.tr("notice.your_chips", "your chips for the jump")
    if payload.get("phase") == "pick":
        return t.tr("notice.your_pick", "your pick")
    return t.tr("notice.your_turn", "your turn")


def waited(seconds: float, t: Speaker = ENGLISH) -> str:
    """``for 5 hours``, ``since yesterday``, ``for 3 days``."""
    if seconds < IN_DAYS:
        hours = max(1, round(seconds / HOUR))
        return t.ntr("notice.waited_hours", "for {n} hour", "for {n} hours", hours)
    days = max(1, round(seconds / DAY))
    if days == 1:
        return t.tr("notice.waited_yesterday", "since yesterday")
    return t.ntr("notice.waited_days", "for {n} day", "for {n} days", days)


def _then(policy: str | None, t: Speaker) -> str:
    if policy == "computer":
        return t.tr("notice.then_computer", ", then a computer player plays it for you")
    if policy == "skip":
        return t.tr("notice.then_skip", ", then the bot plays it for you")
    return t.tr("notice.then_wait", ", then the moderators are told")


def time_left(payload: Reminder, now: float, t: Speaker = ENGLISH) -> str:
    """`` — 1 day left (until …)``, `` — deadline in 4 hours, then …``, the deadline passed, or nothing."""
    deadline = payload.get("deadline_at")
    if deadline is None:
        return ""
    left = deadline - now
    if left <= 0:
        return t.tr("notice.deadline_passed", " — the deadline has passed and the moderators have been told")
    if left >= IN_DAYS:
        when = discord_timestamp_of(deadline)
        return t.ntr("notice.days_left", " — {n} day left (until {when})", " — {n} days left (until {when})",
                     max(1, round(left / DAY)), when=when)
    then = _then(payload.get("policy"), t)
    if left < HOUR:
        return t.tr("notice.deadline_within_hour", " — deadline in less than an hour{then}", then=then)
    return t.ntr("notice.hours_left", " — deadline in {n} hour{then}", " — deadline in {n} hours{then}",
                 round(left / HOUR), then=then)


def discord_timestamp_of(unix: float, style: str = "f") -> str:
    """``<t:…:f>``: a date and time every reader sees in their own time zone."""
    return discord_timestamp(datetime.fromtimestamp(unix, UTC), style)


def reminder_line(payload: Reminder, now: float, t: Speaker = ENGLISH, *, member: int | None = None,
                  server: str | None = None) -> str:
    """The reminder as written at ``now``: in the channel, pinging ``member`` (``⏰ <@…>, your turn in game #3:
    waiting since yesterday — 1 day left (until …).``), or a direct message naming the ``server``."""
    started = payload.get("waiting_since")
    waiting = t.tr("notice.waiting_for", ": waiting {waited}", waited=waited(max(0.0, now - started), t)) \
        if started is not None else ""
    params = {"what": what_waits(payload, t), "game": str(payload.get("game_id")), "waiting": waiting,
              "left": time_left(payload, now, t)}
    if member is not None:
        return t.tr("notice.reminder_channel", "⏰ <@{member}>, {what} in game #{game}{waiting}{left}.", member=member,
                    **params)
    if server:
        return t.tr("notice.reminder_dm_server", "⏰ Reminder: {what} in Tikal game #{game} in **{server}**{waiting}"
                                                 "{left}.", server=server, **params)
    return t.tr("notice.reminder_dm_game", "⏰ Reminder: {what} in Tikal game #{game}{waiting}{left}.", **params)


__all__ = ["reminder_line", "time_left", "waited", "what_waits"]
