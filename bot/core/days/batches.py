"""The scheduler's common case, many games to a transaction: a member's plain wait whose reminder is due (or whose
clock only needs planning again, after new quiet hours), told from the clock's row alone, without loading the game.

``remind_in_batches(storage, game_ids, now)`` locks the games' rows (``FOR UPDATE SKIP LOCKED`` on PostgreSQL: a game
another transaction holds — a move, another process's tick — is left to the next tick), then reads, in one query,
each game's clock, the seat it waits for, that seat's member and their settings, and whether the seat is absent, a
computer's or has a standing order. A game qualifies when it is running and not paused, its clock names a wait that
began with the current turn and knows its phase, the wait is not a jump's and is a member's own (no absent seat, no
computer, no standing order), and its deadline is not due. For each, the clock is planned again as the one-by-one
path does (``timing.plan`` with the member's quiet hours); a reminder due is queued with the same payload, and the
clock moves past it — in the same transaction, so a crash leaves the reminder either queued with its clock moved
on, or neither. The rest (deadlines, absent and computer seats, standing orders, jumps, clocks from before the
phase was kept, games whose rows were held) is handed back for ``Scheduler``'s one-by-one steps.

Never twice: a game's reminder is decided only while its row is locked, from the clock as committed then; any other
transaction that could queue the same reminder (the one-by-one path, another process's batch) locks the row first
and then finds the clock moved past it. A move commits its new wait in its own transaction under the same row lock.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Final

from bot.core.clocks.members import member_from_row
from bot.core.clocks.schedule import discord_timestamp
from bot.core.clocks.timing import BID, CLOCK_COLUMNS, JUMP, Clock, after_reminder, clock_from_row, plan, write_clocks
from bot.core.storage import sql
from bot.core.storage.base import Storage
from bot.core.storage.rows import GAME_COLUMNS, GameRow, Status, game_row
from bot.core.storage.seats import is_absent_member
from bot.core.table.posts import NewPost, PostKind, Reminder
from bot.core.table.results import Post

log = logging.getLogger(__name__)

CHUNK: Final = 100
"""Games per transaction: few enough that a move waiting for one of their rows waits a fraction of a second."""

_GAME_FIELDS: Final = len(GAME_COLUMNS.split(","))
_CLOCK_FIELDS: Final = len(CLOCK_COLUMNS.split(","))
_CLOCK_SELECT: Final = ", ".join(f"c.{name.strip()}" for name in CLOCK_COLUMNS.split(","))
_ROWS: Final = (
    f"SELECT {_CLOCK_SELECT}, s.member_id, s.seat_name, m.delivery, m.time_zone, m.quiet_start, m.quiet_end, "
    "(SELECT COUNT(*) FROM absent_seats a WHERE a.game_id = c.game_id AND a.seat = c.seat), "
    "(SELECT COUNT(*) FROM computer_seats p WHERE p.game_id = c.game_id AND p.seat = c.seat), "
    "(SELECT COUNT(*) FROM standing_orders o WHERE o.game_id = c.game_id AND o.seat = c.seat) "
    "FROM game_clocks c LEFT JOIN seats s ON s.game_id = c.game_id AND s.seat = c.seat "
    "LEFT JOIN member_settings m ON m.user_id = s.member_id WHERE c.game_id IN ({marks})"
)


@dataclass(slots=True)
class Batched:
    """What the batches did: the reminders queued, and the games left to the one-by-one steps."""

    posts: list[Post] = field(default_factory=list)
    rest: list[int] = field(default_factory=list)
    """Games the batches did not take: not the common case, held by another transaction, or a chunk that failed."""
    planned: int = 0
    """Games whose clocks the batches planned again (a reminder sent or not)."""


def _stamp(t: float | None) -> str | None:
    return None if t is None else discord_timestamp(datetime.fromtimestamp(t, UTC))


def _qualifies(game: GameRow, clock: Clock, member: int | None, seat_name: str | None, extra: Sequence[Any]) -> bool:
    """Whether the game's wait is the common case (see the module's docstring), from its rows alone."""
    absent, computer, order = (int(n) for n in extra)
    return (game.status is Status.RUNNING and not clock.paused and clock.wait_key is not None
            and clock.phase is not None and clock.seat is not None and clock.kind not in (None, JUMP)
            and clock.wait_started is not None
            and (game.turn_started_at is None or clock.wait_started >= game.turn_started_at)
            and member is not None and not is_absent_member(member) and seat_name is not None
            and not absent and not computer and not (clock.kind == BID and order))


async def remind_in_batches(storage: Storage, game_ids: Sequence[int], now: float) -> Batched:
    """Do the common case of the due games ``game_ids`` in transactions of ``CHUNK`` games; see the module."""
    done = Batched()
    for start in range(0, len(game_ids), CHUNK):
        chunk = game_ids[start:start + CHUNK]
        try:
            posts, rest, planned = await _chunk(storage, chunk, now)
        except Exception:
            log.exception("scheduler: a batch of %d games failed; they are done one by one", len(chunk))
            done.rest.extend(chunk)
            continue
        done.posts.extend(posts)
        done.rest.extend(rest)
        done.planned += planned
    return done


async def _chunk(storage: Storage, chunk: Sequence[int], now: float) -> tuple[list[Post], list[int], int]:
    queued: list[tuple[GameRow, int, NewPost]] = []
    rest: list[int] = []
    clocks: list[Clock] = []
    marks = ", ".join("?" * len(chunk))
    async with storage.transaction() as tx:
        # The games' rows first, in one order (every transaction that changes a game takes its row before its
        # clock); rows another transaction holds are skipped, not waited for.
        games = {g.id: g for g in map(game_row, await sql.rows(
            tx, f"SELECT {GAME_COLUMNS} FROM games WHERE id IN ({marks}) ORDER BY id{tx.dialect.skip_locked}",
            tuple(chunk)))}
        rest.extend(g for g in chunk if g not in games)
        rows = await sql.rows(tx, _ROWS.format(marks=", ".join("?" * len(games))), tuple(games)) if games else []
        seen = set()
        for row in rows:
            clock = clock_from_row(row[:_CLOCK_FIELDS])
            member, seat_name, *settings = row[_CLOCK_FIELDS:_CLOCK_FIELDS + 6]
            game = games[clock.game_id]
            seen.add(game.id)
            if not _qualifies(game, clock, member, seat_name, row[_CLOCK_FIELDS + 6:]):
                rest.append(game.id)
                continue
            seat, phase = clock.seat, clock.phase
            assert member is not None and seat is not None and phase is not None
            try:
                wanted = member_from_row(int(member), settings)
                clock = plan(clock, act_now=False, quiet=wanted.quiet)
                if clock.deadline_at is not None and not clock.deadline_done and clock.deadline_at <= now:
                    rest.append(game.id)  # the deadline's work: one by one
                    continue
                if clock.remind_at is None or clock.remind_at > now:
                    clocks.append(clock)  # only planned again (quiet hours or settings changed)
                    continue
                reminder = NewPost(PostKind.REMINDER, Reminder(
                    game_id=game.id, member_id=int(member), delivery=wanted.delivery, seat=seat,
                    player=str(seat_name), kind=clock.kind, phase=phase, number=clock.reminder_step + 1,
                    waiting_since=clock.wait_started, since=_stamp(clock.wait_started),
                    deadline_at=clock.deadline_at, deadline=_stamp(clock.deadline_at), reply_to=game.turn_message_id,
                    policy=clock.timing.policy))
                moved_on = plan(after_reminder(clock, now), act_now=False, quiet=wanted.quiet)
            except Exception:
                log.exception("scheduler: game %d's clock could not be planned in a batch", game.id)
                rest.append(game.id)
                continue
            queued.append((game, game.version, reminder))
            clocks.append(moved_on)
        rest.extend(g for g in games if g not in seen)  # no clock: one by one, which plans one
        posts = list(await tx.add_posts(queued))
        await write_clocks(tx, clocks)
    return posts, rest, len(clocks)


__all__ = ["CHUNK", "Batched", "remind_in_batches"]

