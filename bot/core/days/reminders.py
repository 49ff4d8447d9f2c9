"""The scheduler: reminders, deadlines and absent seats of every running game, from the database, on a clock.

``Scheduler(store, games, jumps, computers, clock=…)``; the adapter calls ``await scheduler.tick()`` every
``INTERVAL`` seconds (and once at start, which resumes everything a restart interrupted), then sends the outbox and
refreshes the games in ``TickReport.moved``. ``tick(now)`` takes the time as an argument, so tests drive it with a
fake clock. Each tick reads the clocks that are due (``game_clocks.next_due <= now``, an index range scan; at most
``BATCH`` games, and a tick that found that many is followed by the next at once). The common case — a member's own
wait whose reminder is due — is done for many games to a transaction from the clocks' rows alone
(``bot.core.days.batches``); every other game is looked at one by one, loaded, and gets at most what is due now:

- an absent seat (kicked or resigned) to act: its moves are made for it (SPEC ruling 14), with an
  ``absent_turn`` post first;
- a deadline passed: one ``deadline_waiting`` notice for the moderators (``bot.core.outbox.mod_notices``: their log
  channel, their role, or the creator's DMs); then policy ``skip`` makes the ruling 14 moves (``computer``: a
  computer player's) with a ``deadline_skipped`` post first, and ``wait`` keeps waiting;
- a reminder due: one ``reminder`` post.

Every post is queued in the same transaction that records it as done (and for moves, in the moves' own
transaction), after checking that the game is still at the version the decision was made on: so a
reminder is never sent after the turn moved on, and a crash anywhere leaves it either queued once (the
outbox and Discord's nonce then deliver it once) or not at all (the next tick queues it). Nothing is due
in a paused game, a finished one, or a guild that removed the bot.

With several processes (``bot.core.storage.shards``), each ticks the clocks of its own guilds only; the version check
and the game row's lock keep a game's work single even if two processes looked at it at once.

Post payloads (``Post.kind`` → ``Post.payload``), all public information:

- ``reminder``: ``member_id`` (who to ping or DM), ``delivery`` (``dm``/``channel``; a DM that cannot be
  delivered goes to the channel, ``Post.channel_id``), ``seat``, ``player`` (seat name), ``kind``
  (``turn``/``bid``), ``phase``, ``number`` (the step of the schedule: 1 after 12 h, 2 after 24 h, then
  one more per day; steps missed while the bot was down are skipped), ``waiting_since`` and
  ``deadline_at`` (Unix s or None) with ``since``/``deadline`` as Discord timestamps (``<t:…:R>``),
  ``reply_to`` (the turn message id, to reply to), ``game_id``, ``policy`` (what the deadline does).
- ``deadline_skipped`` / ``absent_turn``: ``seat``, ``player``, ``member_id`` (the seat's member, None if
  absent), ``moves`` (as logged), ``deadline_at``/``deadline``; the usual ``turn_ended`` etc. follow.
- ``deadline_waiting``: ``seat``, ``player``, ``member_id``, ``kind``, ``deadline_at``/``deadline``, ``policy``
  and the moderators' route (``posts.ModeratorsRoute``).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Final

from bot.core.clocks.members import read_member
from bot.core.clocks.schedule import discord_timestamp
from bot.core.clocks.timing import (
    absent_seats,
    after_reminder,
    clock_of,
    member_at,
    new_wait,
    replan,
    wait_key,
    wait_kind,
)
from bot.core.days.batches import Batched, remind_in_batches
from bot.core.days.guild_removal import purge_due
from bot.core.days.standing_orders import drop_stale_order, play_order, read_order
from bot.core.outbox.mod_notices import queue_for_moderators
from bot.core.storage import sql
from bot.core.storage.rows import Status
from bot.core.storage.seats import is_absent_member
from bot.core.table.computer_seats import computer_seats
from bot.core.table.computers import Computers, absent_post
from bot.core.table.games import Games
from bot.core.table.jumps import Jumps
from bot.core.table.posts import DeadlineWaiting, NewPost, PostKind, Reminder, SeatPlayed
from bot.core.table.results import Moved, Post
from bot.core.table.seat_moves import play_absent
from bot.core.table.store import GameStore
from engine import GameView, Phase

log = logging.getLogger(__name__)

INTERVAL: Final = 60.0
"""Seconds between ticks: reminders and deadlines are at most this late."""
_STEPS_PER_GAME: Final = 8
BATCH: Final = 1000
"""Due games a tick looks at; a tick that found this many is followed by the next at once, not after ``INTERVAL``."""
RETRY_AFTER: Final = 300.0
"""Seconds before a game whose scheduled work failed is looked at again."""


@dataclass(frozen=True, slots=True)
class TickReport:
    """What one tick did: posts queued (send them), games moved (refresh their turn messages), guilds purged."""

    posts: tuple[Post, ...] = ()
    moved: tuple[Moved, ...] = ()
    purged: tuple[int, ...] = ()
    full: bool = False
    """It found ``Scheduler.batch`` games due: more may be, and the next tick comes at once."""

    @property
    def anything(self) -> bool:
        return bool(self.posts or self.moved or self.purged)


@dataclass(slots=True)
class _Acc:
    posts: list[Post] = field(default_factory=list)
    moved: list[Moved] = field(default_factory=list)


def _stamp(t: float | None) -> str | None:
    return None if t is None else discord_timestamp(datetime.fromtimestamp(t, UTC))


def _view_key(view: GameView) -> str | None:
    return None if view.to_act is None else wait_key(view.turn, view.to_act, view.phase)


class Scheduler:
    """Finds due work in the database and does it; see the module's docstring."""

    def __init__(self, store: GameStore, games: Games, jumps: Jumps, computers: Computers, *,
                 clock: Callable[[], float] = time.time, batch: int = BATCH, batches: bool = True) -> None:
        self.store = store
        self.storage = store.storage
        self.games = games
        self.jumps = jumps
        self.computers = computers
        self.clock = clock
        self.batch = batch
        self.batches = batches
        """Whether the common case goes in batches (``bot.core.days.batches``); False: every game one by one, as
        before them (the benchmark's comparison)."""
        self._lock = asyncio.Lock()

    async def tick(self, now: float | None = None) -> TickReport:
        """Do everything due at ``now`` (default: the clock's time). Safe to call at any time, even twice."""
        now = self.clock() if now is None else now
        acc = _Acc()
        async with self._lock:
            async with self.storage.read() as r:
                due = [int(g) for (g,) in await sql.rows(
                    r, f"SELECT game_id FROM game_clocks WHERE next_due <= ?{self.store.shards.where()} "
                       "ORDER BY next_due LIMIT ?", (now, self.batch))]
            batched = await remind_in_batches(self.storage, due, now) if self.batches else Batched(rest=due)
            acc.posts.extend(batched.posts)
            for game_id in batched.rest:
                for _ in range(_STEPS_PER_GAME):
                    counts = len(acc.posts), len(acc.moved)
                    try:
                        again = await self._step(game_id, now, acc)
                    except Exception:
                        # what the failed step reported may have been rolled back; whatever it committed, the
                        # outbox finds in its queue
                        del acc.posts[counts[0]:], acc.moved[counts[1]:]
                        log.exception("scheduler: game %d failed; it is tried again later", game_id)
                        await self._later(game_id, now + RETRY_AFTER)
                        break
                    if not again:
                        break
            purged = await purge_due(self.store, now)
        return TickReport(tuple(acc.posts), tuple(acc.moved), tuple(purged), full=len(due) >= self.batch)

    async def _later(self, game_id: int, when: float) -> None:
        """Look at a game that failed again at ``when``, so it neither spins nor holds back the others."""
        try:
            async with self.storage.transaction() as tx:
                await sql.run(tx, "UPDATE game_clocks SET next_due = ? WHERE game_id = ? AND next_due < ?",
                              (when, game_id, when))
        except Exception:
            log.exception("scheduler: could not postpone game %d", game_id)

    async def run(self, report: Callable[[TickReport], Awaitable[None]], interval: float = INTERVAL) -> None:
        """Tick forever (the adapter's background task): ``report`` gets every tick that did something."""
        while True:
            full = False
            try:
                done = await self.tick()
                full = done.full and done.anything  # games due that nobody can act on now wait their turn
                if done.anything:
                    await report(done)
            except Exception:
                log.exception("scheduler tick failed")
            await asyncio.sleep(0 if full else interval)

    async def _step(self, game_id: int, now: float, acc: _Acc) -> bool:
        """Do what is due for one game; True if it moved and may be due again at once."""
        async with self.storage.read() as r:
            row = await sql.one(r, "SELECT g.guild_id, g.status, g.version, c.paused_at FROM games g "
                                   "JOIN game_clocks c ON c.game_id = g.id WHERE g.id = ?", (game_id,))
        if row is None:
            return False
        guild_id, status, version, paused_at = row
        if status != Status.RUNNING.value or paused_at is not None:
            async with self.storage.transaction() as tx:
                await sql.run(tx, "UPDATE game_clocks SET next_due = NULL WHERE game_id = ? AND (paused_at IS NOT NULL "
                                  "OR game_id IN (SELECT id FROM games WHERE status <> 'running'))", (game_id,))
            return False
        view = await self.games.view(guild_id, game_id)
        key = _view_key(view)
        if view.version != version or key is None or view.to_act is None:
            return False  # a move committed meanwhile; its own transaction planned the new wait
        if view.phase is Phase.JUMP:  # computer and absent seats choose at once; the others are reminded
            played = await self.computers.play_computers(guild_id, game_id)
            acc.moved.extend(played)
            acc.posts.extend(p for m in played for p in m.posts)
            if played:
                return True
            return await self._due(guild_id, game_id, version, key, view, now, acc)
        async with self.storage.read() as r:
            absent = view.to_act in await absent_seats(r, game_id)
            order = await read_order(r, game_id, view.to_act) if view.phase is Phase.BID else None
            computer = view.to_act in await computer_seats(r, game_id)
        if computer:  # never reminded: it plays at once (here only if a crash or restart interrupted it)
            played = await self.computers.play_computers(guild_id, game_id)
            acc.moved.extend(played)
            acc.posts.extend(p for m in played for p in m.posts)
            return bool(played)
        if order is not None:
            if order.round != view.round:
                return await drop_stale_order(self.storage, game_id, view.to_act, view.round)
            moved = await play_order(self.computers, guild_id, order, key)
            if moved is not None:
                acc.moved.append(moved)
                acc.posts.extend(moved.posts)
            return moved is not None
        if absent:
            moved = await play_absent(self.computers, guild_id, game_id, expected_key=key, post=absent_post("absent"))
            if moved is not None:
                acc.moved.append(moved)
                acc.posts.extend(moved.posts)
            return moved is not None
        return await self._due(guild_id, game_id, version, key, view, now, acc)

    async def _due(
        self, guild_id: int, game_id: int, version: int, key: str, view: GameView, now: float, acc: _Acc
    ) -> bool:
        """Queue the reminder or the moderators' notice that is due, or make the deadline's moves."""
        assert view.to_act is not None
        # A jump waits for everyone still to choose (never told how many chips the others took).
        waiting = (await self.jumps.jump_status(guild_id, game_id))[1] if view.phase is Phase.JUMP \
            else [view.to_act]
        async with self.storage.transaction() as tx:
            game = await tx.game(guild_id, game_id)
            # Decided on ``view``: only if no move, pause or end came in between.
            if game is None or game.version != version or game.status is not Status.RUNNING:
                return False
            clock = await clock_of(tx, game)
            if clock.paused:
                return False
            started = clock.wait_started
            if clock.wait_key != key or started is None or (
                game.turn_started_at is not None and started < game.turn_started_at
            ):
                # A wait the commit hook did not see (a game older than the clocks): it began with the turn.
                clock = new_wait(clock, key, view.to_act, wait_kind(view.phase), game.turn_started_at or now)
            clock = await replan(tx, replace(clock, phase=view.phase.value))  # current quiet hours, settings
            member = await member_at(tx, game_id, view.to_act)
            player = view.players[view.to_act].name
            if view.phase is Phase.JUMP:
                player = ", ".join(view.players[q].name for q in waiting) or player
            deadline_due = clock.deadline_at is not None and not clock.deadline_done and clock.deadline_at <= now
            # The moderators are told once per deadline: with ``wait`` the clock keeps that it was; otherwise the
            # notice is queued at the version the bot's moves then leave behind (a crash in between: not twice).
            if deadline_due and (clock.timing.policy == "wait" or await sql.one(
                    tx, "SELECT 1 FROM outbox WHERE game_id = ? AND version = ? AND kind = ?",
                    (game_id, version, PostKind.DEADLINE_WAITING.value)) is None):
                acc.posts.append(await queue_for_moderators(tx, game, version, NewPost(
                    PostKind.DEADLINE_WAITING, DeadlineWaiting(
                        game_id=game_id, seat=view.to_act, player=player, member_id=member, kind=clock.kind,
                        deadline_at=clock.deadline_at, deadline=_stamp(clock.deadline_at), moderator_role_id=None,
                        policy=clock.timing.policy))))
            if deadline_due and clock.timing.policy == "wait":
                await replan(tx, replace(clock, deadline_done=True))
                return False
            if not deadline_due and clock.remind_at is not None and clock.remind_at <= now:
                for seat in waiting:
                    member = await member_at(tx, game_id, seat)
                    if member is None or is_absent_member(member):
                        continue
                    settings = await read_member(tx, member)
                    acc.posts.append(await tx.add_post(game, version, NewPost(PostKind.REMINDER, Reminder(
                        game_id=game_id, member_id=member, delivery=settings.delivery, seat=seat,
                        player=view.players[seat].name, kind=clock.kind, phase=view.phase.value,
                        number=clock.reminder_step + 1, waiting_since=clock.wait_started,
                        since=_stamp(clock.wait_started), deadline_at=clock.deadline_at,
                        deadline=_stamp(clock.deadline_at), reply_to=game.turn_message_id,
                        policy=clock.timing.policy,
                    ))))
                await replan(tx, after_reminder(clock, now))
                return False
        if not deadline_due:
            return False
        # Policy skip (or computer): the moves commit in their own transaction, under the game's lock, if still due.
        deadline_at = clock.deadline_at

        def skipped(played: SeatPlayed) -> NewPost:
            return NewPost(PostKind.DEADLINE_SKIPPED, {**played, "member_id": member, "reason": "deadline",
                                                       "deadline_at": deadline_at, "deadline": _stamp(deadline_at)})

        if clock.timing.policy == "computer":
            moved = await self.computers.play_overdue(guild_id, game_id, expected_key=key, post=skipped)
        else:
            moved = await play_absent(self.computers, guild_id, game_id, expected_key=key, post=skipped)
        if moved is not None:
            acc.moved.append(moved)
            acc.posts.extend(moved.posts)
        return moved is not None


__all__ = [
    "BATCH", "INTERVAL", "Scheduler", "TickReport",
]
