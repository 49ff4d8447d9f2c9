"""Per-game clocks: reminder and deadline configuration, and the schedule of the current wait.

A game waits for one seat at a time: the player to act (a turn, a scoring turn, a pick) or to bid; a Tikal
Rápido jump waits for everyone still to choose, under the name of its player to act (its reminders go to each
of them, its deadline makes the bot choose for all of them: ``bot.core.days.reminders``). Each
wait is named by ``wait_key`` (turn number, seat, kind); its reminders and deadline count from the wait's
start and are kept in ``game_clocks`` with ``next_due``, the moment the scheduler must look at the game
again (an indexed column, so a scheduler tick is one index range scan).

``on_commit`` runs inside the transaction of every start and every committed move (a commit hook of the game
store): it refuses moves in a paused game, starts a new wait when the move handed the game to someone else (the
reminder count starts over; nothing of the old wait can fire any more), re-plans the times, and writes the final
scores when the game ends. So a move and its new schedule commit together.

Deadlines and reminders never fall inside the waiting player's quiet hours (``bot.schedule``). A
paused game has no reminders and no deadlines; on resume its current wait starts over.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any, Final

from bot.core.clocks.members import read_member
from bot.core.clocks.schedule import QuietHours, deadline, next_reminder
from bot.core.storage import sql
from bot.core.storage.base import Reader, Transaction
from bot.core.storage.rows import GameRow
from bot.core.storage.seats import absent_member_id, is_absent_member
from bot.core.words.errors import BadOption, WrongStatus, quoted
from bot.core.words.texts import ntr, tr
from engine import GameState, Phase
from engine.messages import Said

POLICIES: Final = ("skip", "wait", "computer")
MAX_HOURS: Final = 24 * 60
"""The longest deadline a game may have (60 days)."""
TURN: Final = "turn"
BID: Final = "bid"
JUMP: Final = "jump"
"""Tikal Rápido: everyone with chips chooses in secret; the wait is the jump's (its deadline is a turn's)."""


class GamePaused(WrongStatus):
    """A moderator paused the game: no moves, reminders or deadlines until it is resumed."""


@dataclass(frozen=True, slots=True)
class Timing:
    """A game's (or a guild's default) reminder and deadline configuration."""

    reminders: bool = True
    turn_hours: float | None = None
    """Deadline of a turn (and of a pick), in hours from its start; None: no deadline."""
    bid_hours: float | None = None
    """Deadline of a bid, in hours; None: no deadline."""
    policy: str = "wait"
    """After a deadline: ``skip`` (SPEC ruling 14 moves, logged as ordinary moves) or ``wait`` (tell the
    moderators once and keep waiting)."""

    def validated(self) -> Timing:
        if self.policy not in POLICIES:
            raise BadOption(tr("timing.deadline_policy_skip_wait",
                               "The deadline policy is `skip`, `wait` or `computer`, not {value}.",
                               value=quoted(self.policy)))
        if self.turn_hours is not None and not 1 <= self.turn_hours <= MAX_HOURS:
            raise BadOption(ntr("timing.turn_hours", "A turn deadline is between 1 and {n} hour, not {hours}.",
                                "A turn deadline is between 1 and {n} hours, not {hours}.", MAX_HOURS,
                                hours=f"{self.turn_hours:g}"))
        if self.bid_hours is not None and not 1 <= self.bid_hours <= MAX_HOURS:
            raise BadOption(ntr("timing.bid_hours", "A bid deadline is between 1 and {n} hour, not {hours}.",
                                "A bid deadline is between 1 and {n} hours, not {hours}.", MAX_HOURS,
                                hours=f"{self.bid_hours:g}"))
        return self

    def hours_for(self, kind: str) -> float | None:
        return self.bid_hours if kind == BID else self.turn_hours


DEFAULTS: Final = Timing(True, 48.0, 24.0, "computer")
"""A server's clock until its moderators choose another (``/tikal-mod config``): a community that plays over
days checks in about once a day, so two days a turn give everyone two chances; a bid is a smaller decision made
several times a round, so one day; then a computer player takes that one turn (the seat stays its player's) and
the moderators are told."""


@dataclass(frozen=True, slots=True)
class Clock:
    """A row of ``game_clocks``: the configuration and the schedule of the current wait (times in Unix s)."""

    game_id: int
    guild_id: int
    timing: Timing
    paused_at: float | None = None
    paused_by: int | None = None
    wait_key: str | None = None
    seat: int | None = None
    kind: str | None = None
    wait_started: float | None = None
    reminder_step: int = 0
    reminded_at: float | None = None
    remind_at: float | None = None
    deadline_at: float | None = None
    deadline_done: bool = False
    next_due: float | None = None
    phase: str | None = None
    """The game's phase when the wait was last planned (``Phase`` value): a reminder says "your pick" from it
    without loading the game (None: a clock from before it was kept; the scheduler then loads the game)."""

    @property
    def paused(self) -> bool:
        return self.paused_at is not None


def wait_kind(phase: Phase) -> str:
    return BID if phase is Phase.BID else JUMP if phase is Phase.JUMP else TURN


def wait_key(turn: int, to_act: int, phase: Phase) -> str | None:
    """The name of the wait for the player to act; None once the game is finished."""
    if phase is Phase.FINISHED:
        return None
    return f"{turn}:{to_act}:{wait_kind(phase)}"


def state_key(state: GameState) -> str | None:
    return wait_key(state.turn, state.to_act, state.phase)


def _dt(t: float) -> datetime:
    return datetime.fromtimestamp(t, UTC)


def new_wait(clock: Clock, key: str, seat: int, kind: str, started: float) -> Clock:
    """The clock for a wait that begins at ``started``: no reminder sent yet, its deadline not applied."""
    return replace(clock, wait_key=key, seat=seat, kind=kind, wait_started=started, reminder_step=0,
                   reminded_at=None, deadline_done=False)


def plan(clock: Clock, *, act_now: bool, quiet: QuietHours | None) -> Clock:
    """Re-plan the current wait's reminder, deadline and ``next_due`` (a pure function of the clock).

    ``act_now``: the bot moves for the seat as soon as it can (an absent seat, a standing order for the
    auction), so it is due at once. A paused game or no wait: nothing is due.
    """
    if clock.paused or clock.wait_key is None or clock.wait_started is None:
        return replace(clock, remind_at=None, deadline_at=None, next_due=None)
    if act_now:
        return replace(clock, remind_at=None, deadline_at=None, next_due=clock.wait_started)
    started = _dt(clock.wait_started)
    remind_at = None
    hours = clock.timing.hours_for(clock.kind or TURN)
    if clock.timing.reminders:
        last = None if clock.reminded_at is None else _dt(clock.reminded_at)
        remind_at = next_reminder(started, clock.reminder_step, last, quiet, hours).timestamp()
    deadline_at = None if hours is None else deadline(started, hours, quiet).timestamp()
    due = [t for t in (remind_at, None if clock.deadline_done else deadline_at) if t is not None]
    return replace(clock, remind_at=remind_at, deadline_at=deadline_at, next_due=min(due) if due else None)


def after_reminder(clock: Clock, now: float) -> Clock:
    """The clock once a reminder went out at ``now``: steps missed meanwhile (a bot down for days) are used
    up, so the next reminder is the next step after now, not a burst of late ones."""
    assert clock.wait_started is not None
    step = clock.reminder_step + 1
    started = _dt(clock.wait_started)
    hours = clock.timing.hours_for(clock.kind or TURN)
    while next_reminder(started, step, hours=hours).timestamp() <= now:
        step += 1
    return replace(clock, reminder_step=step, reminded_at=now)


_CLOCK_COLUMNS: Final = (
    "game_id, guild_id, reminders, turn_hours, bid_hours, policy, paused_at, paused_by, wait_key, seat, kind, "
    "wait_started, reminder_step, reminded_at, remind_at, deadline_at, deadline_done, next_due, phase"
)


def clock_from_row(row: Sequence[Any]) -> Clock:
    """A clock from the values of ``CLOCK_COLUMNS``, in their order."""
    (game, guild, reminders, turn_hours, bid_hours, policy, paused_at, paused_by, key, seat, kind, started, step,
     reminded, remind_at, deadline_at, done, due, phase) = row
    return Clock(game, guild, Timing(bool(reminders), turn_hours, bid_hours, policy), paused_at, paused_by, key,
                 seat, kind, started, step, reminded, remind_at, deadline_at, bool(done), due, phase)


def _clock_values(clock: Clock) -> tuple[Any, ...]:
    t = clock.timing
    return (clock.game_id, clock.guild_id, int(t.reminders), t.turn_hours, t.bid_hours, t.policy, clock.paused_at,
            clock.paused_by, clock.wait_key, clock.seat, clock.kind, clock.wait_started, clock.reminder_step,
            clock.reminded_at, clock.remind_at, clock.deadline_at, int(clock.deadline_done), clock.next_due,
            clock.phase)


def _write_clock_sql() -> str:
    names = [n.strip() for n in _CLOCK_COLUMNS.split(",")]
    updates = ", ".join(f"{n} = excluded.{n}" for n in names if n != "game_id")
    return (f"INSERT INTO game_clocks ({', '.join(names)}) VALUES ({', '.join('?' * len(names))}) "
            f"ON CONFLICT (game_id) DO UPDATE SET {updates}")


CLOCK_COLUMNS: Final = _CLOCK_COLUMNS


async def read_clock(reader: Reader, game_id: int) -> Clock | None:
    row = await sql.one(reader, f"SELECT {_CLOCK_COLUMNS} FROM game_clocks WHERE game_id = ?", (game_id,))
    return None if row is None else clock_from_row(row)


async def clock_of(tx: Transaction, row: GameRow) -> Clock:
    """The game's clock; created with the guild's defaults for a game that has none."""
    clock = await read_clock(tx, row.id)
    if clock is not None:
        return clock
    clock = Clock(row.id, row.guild_id, await guild_timing(tx, row.guild_id))
    await write_clock(tx, clock)
    return clock


async def write_clock(tx: Transaction, clock: Clock) -> None:
    # games.deadline_at is what the turn posts show (``<t:…:R>``). The game's row first: every transaction that
    # changes a game takes its row before its clock (a move's version check does), so two of them never wait
    # for each other in opposite order (PostgreSQL, several connections).
    await sql.run(tx, "UPDATE games SET deadline_at = ? WHERE id = ?", (clock.deadline_at, clock.game_id))
    await sql.run(tx, _write_clock_sql(), _clock_values(clock))


async def write_clocks(tx: Transaction, clocks: Sequence[Clock]) -> None:
    """``write_clock`` for many games at once (the scheduler's batches: their game rows are locked already)."""
    if clocks:
        await sql.run_many(tx, "UPDATE games SET deadline_at = ? WHERE id = ?",
                           [(c.deadline_at, c.game_id) for c in clocks])
        await sql.run_many(tx, _write_clock_sql(), [_clock_values(c) for c in clocks])


async def guild_timing(reader: Reader, guild_id: int) -> Timing:
    """The guild's defaults for new games: what its moderators chose (``/tikal-mod config``), else ``DEFAULTS``.

    Stored hours are None for "the bot's default" and 0 for "no deadline" (migration 11); the turn deadline lives
    in ``guild_settings.turn_hours``, the rest in ``guild_timing``."""
    row = await sql.one(
        reader,
        "SELECT t.reminders, s.turn_hours, t.bid_hours, t.policy FROM (SELECT CAST(? AS BIGINT) AS guild_id) g "
        "LEFT JOIN guild_timing t ON t.guild_id = g.guild_id LEFT JOIN guild_settings s ON s.guild_id = g.guild_id",
        (guild_id,),
    )
    assert row is not None
    reminders, turn_hours, bid_hours, policy = row
    return Timing(DEFAULTS.reminders if reminders is None else bool(reminders),
                  _stored_hours(turn_hours, DEFAULTS.turn_hours), _stored_hours(bid_hours, DEFAULTS.bid_hours),
                  policy or DEFAULTS.policy)


def _stored_hours(stored: float | None, default: float | None) -> float | None:
    return default if stored is None else float(stored) or None


def hours_to_store(hours: float | None) -> float:
    """A default's hours as the server's settings keep them: 0 for no deadline (None would mean the bot's)."""
    return 0 if hours is None else hours


async def put_guild_timing(tx: Transaction, guild_id: int, timing: Timing) -> None:
    """Store the guild's defaults for reminders, bid deadlines and the policy (the turn deadline lives in
    ``guild_settings``, written with them by ``Moderation.configure``)."""
    await sql.run(
        tx,
        "INSERT INTO guild_timing (guild_id, reminders, bid_hours, policy, updated_at) VALUES (?, ?, ?, ?, ?) "
        "ON CONFLICT (guild_id) DO UPDATE SET reminders = excluded.reminders, bid_hours = excluded.bid_hours, "
        "policy = excluded.policy, updated_at = excluded.updated_at",
        (guild_id, int(timing.reminders), hours_to_store(timing.bid_hours), timing.policy, sql.now(tx)),
    )


async def absent_seats(reader: Reader, game_id: int) -> dict[int, int]:
    """Seat → former member id of the game's absent (kicked or resigned) seats."""
    found = await sql.rows(reader, "SELECT seat, former_member_id FROM absent_seats WHERE game_id = ?", (game_id,))
    return {int(seat): int(member) for seat, member in found}


async def member_at(reader: Reader, game_id: int, seat: int) -> int | None:
    row = await sql.one(reader, "SELECT member_id FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat))
    return None if row is None else int(row[0])


async def quiet_of_seat(reader: Reader, game_id: int, seat: int) -> QuietHours | None:
    member = await member_at(reader, game_id, seat)
    if member is None or is_absent_member(member):
        return None
    return (await read_member(reader, member)).quiet


async def replan(tx: Transaction, clock: Clock) -> Clock:
    """Re-plan and store the clock of the wait it holds (after the waiting member or the settings changed)."""
    # A jump's absent and computer seats choose when it opens; the others' reminders and deadline still run.
    act_now = clock.seat is not None and clock.kind != JUMP and (
        clock.seat in await absent_seats(tx, clock.game_id)
        or (clock.kind == BID and await sql.one(tx, "SELECT 1 FROM standing_orders WHERE game_id = ? AND seat = ?",
                                                (clock.game_id, clock.seat)) is not None)
    )
    quiet = None if clock.seat is None else await quiet_of_seat(tx, clock.game_id, clock.seat)
    planned = plan(clock, act_now=act_now, quiet=quiet)
    await write_clock(tx, planned)
    return planned


async def _write_results(tx: Transaction, row: GameRow, state: GameState) -> None:
    if row.lesson is not None:  # a tutorial counts for no statistic
        return
    absent = await absent_seats(tx, row.id)
    members = {int(s): int(m) for s, m in await sql.rows(
        tx, "SELECT seat, member_id FROM seats WHERE game_id = ? AND seat IS NOT NULL", (row.id,))}
    best = max(state.score)
    now = sql.now(tx)
    for seat, (name, score) in enumerate(zip(state.players, state.score, strict=True)):
        member = absent.get(seat, members.get(seat, absent_member_id(seat)))
        await sql.run(
            tx,
            "INSERT INTO game_results (game_id, guild_id, seat, member_id, seat_name, score, winner, absent, "
            "finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, seat) DO UPDATE SET "
            "guild_id = excluded.guild_id, member_id = excluded.member_id, seat_name = excluded.seat_name, "
            "score = excluded.score, winner = excluded.winner, absent = excluded.absent, "
            "finished_at = excluded.finished_at",
            (row.id, row.guild_id, seat, member, name, score, int(score == best), int(seat in absent), now),
        )


async def on_commit(tx: Transaction, row: GameRow, before: GameState | None, after: GameState) -> None:
    """The commit hook of the game store: see the module's docstring. Raises ``GamePaused``."""
    clock = await clock_of(tx, row)
    if before is not None and clock.paused:
        raise GamePaused(tr("timing.game_paused_by_moderator",
                            "Game #{game} is paused by a moderator; nothing can be played until it is resumed.",
                            game=row.id))
    if after.phase is Phase.FINISHED:
        if before is None or before.phase is not Phase.FINISHED:
            await _write_results(tx, row, after)
        await write_clock(tx, replace(clock, wait_key=None, seat=None, kind=None, remind_at=None, deadline_at=None,
                                      next_due=None))
        return
    key = state_key(after)
    assert key is not None
    if before is None or state_key(before) != key or clock.wait_key != key:
        clock = new_wait(clock, key, after.to_act, wait_kind(after.phase), sql.now(tx))
    await replan(tx, replace(clock, phase=after.phase.value))


def timing_text(timing: Timing) -> Said:
    """``reminders on · turn deadline 24 h · bid deadline 6 h · then skip`` for lobby and log posts."""
    reminders = tr("timing.reminders_on", "reminders on") if timing.reminders else \
        tr("timing.reminders_off", "reminders off")
    turn = tr("timing.turn_deadline", "turn deadline {hours} h", hours=f"{timing.turn_hours:g}") \
        if timing.turn_hours else tr("timing.no_turn_deadline", "no turn deadline")
    bid = tr("timing.bid_deadline", "bid deadline {hours} h", hours=f"{timing.bid_hours:g}") \
        if timing.bid_hours else tr("timing.no_bid_deadline", "no bid deadline")
    if not (timing.turn_hours or timing.bid_hours):
        return tr("timing.three", "{first} · {second} · {third}", first=reminders, second=turn, third=bid)
    then = {
        "skip": tr("timing.then_skip", "then the bot plays that turn and the moderators are told"),
        "computer": tr("timing.then_computer", "then a computer player plays that turn and the moderators are told"),
    }.get(timing.policy, tr("timing.then_wait", "then the game waits and the moderators are told"))
    return tr("timing.four", "{first} · {second} · {third} · {fourth}", first=reminders, second=turn, third=bid,
              fourth=then)


__all__ = [
    "BID", "CLOCK_COLUMNS", "DEFAULTS", "JUMP", "POLICIES", "TURN", "Clock", "GamePaused", "Timing", "after_reminder",
    "clock_from_row", "guild_timing", "hours_to_store", "new_wait", "on_commit", "plan", "read_clock", "replan",
    "state_key", "timing_text", "wait_key", "write_clocks",
]
