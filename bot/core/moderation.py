"""Moderators' operations on games, and the players' own: resign and "my games".

``Moderation(service)``. Permission is the caller's to decide, as everywhere in the service: the adapter
passes ``is_moderator`` (Manage Server, or the guild's moderator role from ``config``), and a plain
member is refused with ``NotAllowed``. Every moderator action on a game queues a ``mod_action`` post for
the game's channel in the action's own transaction (``ModAction.post``; its payload's ``text`` is the
line to show, with mentions that must not ping) and returns it.

Absent seats: ``kick`` and ``resign`` keep the seat, its figures and its score (SPEC ruling 14) and
replace its member by a placeholder id below zero (``bot.core.seats``), so the former
member can no longer act and is never pinged; the bot makes the seat's moves when it is to act (at
once, and afterwards through ``Scheduler.tick``). ``replace`` gives a seat (absent or not) and its whole
position to another member; the seat keeps its name in the record. When every seat is absent the
game is aborted.

Paused games refuse every move (``GamePaused``, a clear message) and have no reminders or deadlines;
``resume`` starts the current wait over.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, replace
from types import EllipsisType
from typing import Final, Unpack

from bot.core import sql
from bot.core.computer_seats import check_level, computer_seats, mark, put_computer, remove_computer
from bot.core.errors import AlreadyJoined, NoGame, NotAllowed, NotJoined, WrongStatus, quoted
from bot.core.game_options import lobby_setups
from bot.core.guild_removal import GRACE, GuildRemoval
from bot.core.posts import ModAction as ModActionPayload
from bot.core.posts import ModDetails, NewPost, PostKind, SeatPlayed
from bot.core.results import GameInfo, Moved, Post, SeatInfo
from bot.core.seat_moves import absent_post, play_absent
from bot.core.seats import absent_member_id, is_absent_member, is_computer_member
from bot.core.service import TikalService
from bot.core.storage import ACTIVE, GameRow, SeatRow, Status, Transaction
from bot.core.timing import (
    Timing,
    absent_seats,
    clock_of,
    guild_timing,
    new_wait,
    put_guild_timing,
    read_clock,
    replan,
    timing_text,
)
from engine import Phase

KEEP: Final = ...
"""The default of options left empty: the setting stays as it is (None means "none", e.g. no deadline)."""


@dataclass(frozen=True, slots=True)
class ModAction:
    game: GameInfo
    post: Post | None
    """The public log post queued with the action (None for a creator's settings in a lobby)."""
    moved: Moved | None = None
    """Moves the bot made at once because of the action (a kicked seat that was to act, a skip)."""


@dataclass(frozen=True, slots=True)
class GameClockInfo:
    """A game's reminder and deadline configuration and the current wait's times (for ``status``)."""

    timing: Timing
    paused_at: float | None
    remind_at: float | None
    deadline_at: float | None
    absent_seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GuildConfig:
    guild_id: int
    moderator_role_id: int | None
    defaults: Timing
    """What new games start with."""
    grace_days: float
    """If the bot is removed from the guild, its games are deleted this long after."""
    purge_at: float | None
    """A pending purge (the bot was removed), or None."""


@dataclass(frozen=True, slots=True)
class MyGame:
    game: GameInfo
    me: SeatInfo
    waiting_for_me: bool
    to_act: SeatInfo | None
    deadline_at: float | None


def _hours(value: float | EllipsisType | None, current: float | None) -> float | None:
    if isinstance(value, EllipsisType):
        return current
    return None if value is None or value == 0 else float(value)


class Moderation:
    def __init__(self, service: TikalService) -> None:
        self.service = service
        self.storage = service.storage

    # --- helpers ----------------------------------------------------------------------------

    @staticmethod
    async def _running(tx: Transaction, guild_id: int, game_id: int) -> GameRow:
        row = await tx.game(guild_id, game_id)
        if row is None:
            raise NoGame(f"There is no game #{game_id} in this server.")
        if row.status is not Status.RUNNING:
            raise WrongStatus(f"Game #{game_id} is not running (it is {row.status.value}).")
        return row

    @staticmethod
    def _check(is_moderator: bool, what: str) -> None:
        if not is_moderator:
            raise NotAllowed(f"Only a moderator can {what}.")

    @staticmethod
    async def _post(tx: Transaction, row: GameRow, action: str, by: int, text: str,
                    **details: Unpack[ModDetails]) -> Post:
        return await tx.add_post(row, row.version, NewPost(PostKind.MOD_ACTION, ModActionPayload(
            action=action, game_id=row.id, moderator_id=by, text=text, **details)))

    @staticmethod
    def _target(seats: list[SeatRow], target: int | str) -> SeatRow:
        """A seat by its member's id or by its seat name."""
        for s in seats:
            if s.seat is None:
                continue
            if (isinstance(target, int) and s.member_id == target) or (
                isinstance(target, str) and (s.seat_name or "").casefold() == target.strip().casefold()
            ):
                return s
        who = "That member has" if isinstance(target, int) else f"{quoted(target)} is"
        raise NotJoined(f"{who} no seat in this game.")

    async def _info(self, guild_id: int, game_id: int) -> GameInfo:
        return await self.service.game(guild_id, game_id)

    # --- absent seats -----------------------------------------------------------------------

    async def _make_absent(
        self, guild_id: int, game_id: int, target: int | str, by: int, reason: str, text: str,
    ) -> ModAction:
        async with self.service.game_lock(game_id):
            async with self.storage.transaction() as tx:
                row = await self._running(tx, guild_id, game_id)
                seats = await tx.seats(game_id)
                seat = self._target(seats, target)
                assert seat.seat is not None
                absent = await absent_seats(tx, game_id)
                if seat.seat in absent:
                    raise WrongStatus(f"{seat.seat_name} is already played by the bot.")
                await sql.run(tx, "INSERT INTO absent_seats (game_id, seat, former_member_id, reason, by_id, since) "
                                  "VALUES (?, ?, ?, ?, ?, ?)",
                              (game_id, seat.seat, seat.member_id, reason, by, sql.now(tx)))
                await sql.run(tx, "UPDATE seats SET member_id = ? WHERE game_id = ? AND seat = ?",
                              (absent_member_id(seat.seat), game_id, seat.seat))
                await sql.run(tx, "DELETE FROM standing_orders WHERE game_id = ? AND seat = ?", (game_id, seat.seat))
                everyone_gone = len(absent) + 1 == len([s for s in seats if s.seat is not None])
                if everyone_gone:
                    await tx.set_status(game_id, Status.ABORTED)
                    text += " Nobody is left to play: the game is stopped."
                action = "kick" if reason == "kicked" else "resign"
                post = await self._post(tx, row, action, by, text, seat=seat.seat, player=seat.seat_name,
                                        member_id=seat.member_id,
                                        stopped=everyone_gone)
                clock = await clock_of(tx, row)
                if not everyone_gone:
                    clock = await replan(tx, clock)
            moved = None
        if not everyone_gone and not clock.paused:
            view = await self.service.view(guild_id, game_id)
            if view.phase is Phase.JUMP:  # a jump: the seat's chips are chosen now, kept secret like the others'
                played = await self.service.play_computers(guild_id, game_id)
                moved = played[-1] if played else None
            elif clock.seat == seat.seat and view.to_act == seat.seat:
                moved = await play_absent(
                    self.service, guild_id, game_id, expected_key=clock.wait_key, post=absent_post(reason))
        return ModAction(await self._info(guild_id, game_id), post, moved)

    async def kick(self, guild_id: int, game_id: int, target: int | str, by: int, *, is_moderator: bool) -> ModAction:
        """Remove a player (member id or seat name): the seat stays, the bot plays it (SPEC ruling 14)."""
        self._check(is_moderator, "remove a player from a game")
        name = target if isinstance(target, str) else f"<@{target}>"
        return await self._make_absent(guild_id, game_id, target, by, "kicked",
                                       f"🛠️ <@{by}> removed {name} from game #{game_id}: the bot plays that seat "
                                       "from now on (it keeps its figures and score).")

    async def resign(self, guild_id: int, game_id: int, member_id: int) -> ModAction:
        """A player leaves a running game: the seat stays and the bot plays it, as after a kick."""
        return await self._make_absent(guild_id, game_id, member_id, member_id, "resigned",
                                       f"🏳️ <@{member_id}> resigned from game #{game_id}: the bot plays that seat "
                                       "from now on (it keeps its figures and score).")

    async def replace(
        self, guild_id: int, game_id: int, target: int | str, new_member_id: int, new_display_name: str, by: int,
        *, is_moderator: bool,
    ) -> ModAction:
        """Give a seat (by its member's id or its seat name; absent or not) and its position to another member.

        The seat keeps its name (SPEC section 6); if it is to act, its wait starts over for the new member.
        """
        self._check(is_moderator, "replace a player")
        async with self.service.game_lock(game_id), self.storage.transaction() as tx:
            row = await self._running(tx, guild_id, game_id)
            seats = await tx.seats(game_id)
            seat = self._target(seats, target)
            assert seat.seat is not None
            if any(s.member_id == new_member_id for s in seats):
                raise AlreadyJoined("That member already has a seat in this game.")
            await sql.run(tx, "UPDATE seats SET member_id = ?, display_name = ? WHERE game_id = ? AND seat = ?",
                          (new_member_id, new_display_name, game_id, seat.seat))
            for table in ("absent_seats", "standing_orders", "computer_seats"):  # the newcomer inherits no orders
                await sql.run(tx, f"DELETE FROM {table} WHERE game_id = ? AND seat = ?", (game_id, seat.seat))
            clock = await clock_of(tx, row)
            if clock.seat == seat.seat and clock.wait_key is not None and clock.kind is not None:
                clock = new_wait(clock, clock.wait_key, seat.seat, clock.kind, sql.now(tx))
            await replan(tx, clock)
            before = "an absent player" if is_absent_member(seat.member_id) else f"<@{seat.member_id}>"
            post = await self._post(
                tx, row, "replace", by,
                f"🛠️ <@{by}> gave {seat.seat_name}'s seat in game #{game_id} to <@{new_member_id}> (instead of "
                f"{before}).",
                seat=seat.seat, player=seat.seat_name,
                member_id=None if is_absent_member(seat.member_id) else seat.member_id, new_member_id=new_member_id)
        return ModAction(await self._info(guild_id, game_id), post)

    # --- computer players -------------------------------------------------------------------

    async def computer(
        self, guild_id: int, game_id: int, target: int | str, level: str | None, by: int, *, is_moderator: bool,
    ) -> ModAction:
        """Hand a seat (member id or seat name) to a computer player of ``level``, or back (``level`` None).

        A computer seat is played at once whenever it is to act, and never pinged; handed back, the seat is
        its member's again (or the bot's absent-turn play, for an absent seat).
        """
        self._check(is_moderator, "hand a seat to a computer player")
        if level is not None:
            check_level(level)
        async with self.service.game_lock(game_id), self.storage.transaction() as tx:
            row = await self._running(tx, guild_id, game_id)
            seat = self._target(await tx.seats(game_id), target)
            assert seat.seat is not None
            held = (await computer_seats(tx, game_id)).get(seat.seat)
            owner = "an absent player" if is_absent_member(seat.member_id) else f"<@{seat.member_id}>"
            if level is None:
                if is_computer_member(seat.member_id):
                    raise WrongStatus(f"{seat.seat_name} was a computer seat from the start: nobody to give it back "
                                      "to. `/tikal-mod replace` gives it to a member.")
                if not await remove_computer(tx, game_id, seat.seat):
                    raise WrongStatus(f"{seat.seat_name} is not played by a computer player.")
                text = f"🛠️ <@{by}> gave {seat.seat_name}'s seat in game #{game_id} back to {owner}."
            else:
                if held is not None and held.level == level:
                    raise WrongStatus(f"{seat.seat_name} is already played by the {mark(level)} player.")
                await put_computer(tx, game_id, seat.seat, level, secrets.randbits(62), by)
                text = (f"🛠️ <@{by}> handed {seat.seat_name}'s seat in game #{game_id} to a {mark(level)} player "
                        f"(instead of {owner}); it keeps its figures and score.")
            post = await self._post(tx, row, "computer", by, text, seat=seat.seat, player=seat.seat_name,
                                    level=level)
        played = await self.service.play_computers(guild_id, game_id) if level is not None else []
        return ModAction(await self._info(guild_id, game_id), post, played[-1] if played else None)

    # --- pause, skip, abort -----------------------------------------------------------------

    async def pause(self, guild_id: int, game_id: int, by: int, *, is_moderator: bool) -> ModAction:
        """Stop the game's clock: no moves, reminders or deadlines until ``resume``."""
        self._check(is_moderator, "pause a game")
        async with self.storage.transaction() as tx:
            row = await self._running(tx, guild_id, game_id)
            clock = await clock_of(tx, row)
            if clock.paused:
                raise WrongStatus(f"Game #{game_id} is already paused.")
            await replan(tx, replace(clock, paused_at=sql.now(tx), paused_by=by))
            post = await self._post(tx, row, "pause", by, f"⏸️ <@{by}> paused game #{game_id}: no moves, reminders "
                                    "or deadlines until a moderator resumes it.")
        return ModAction(await self._info(guild_id, game_id), post)

    async def resume(self, guild_id: int, game_id: int, by: int, *, is_moderator: bool) -> ModAction:
        """Restart a paused game's clock; the current wait (reminders, deadline) starts over now."""
        self._check(is_moderator, "resume a game")
        async with self.storage.transaction() as tx:
            row = await self._running(tx, guild_id, game_id)
            clock = await clock_of(tx, row)
            if not clock.paused:
                raise WrongStatus(f"Game #{game_id} is not paused.")
            clock = replace(clock, paused_at=None, paused_by=None)
            if clock.wait_key is not None and clock.seat is not None and clock.kind is not None:
                clock = new_wait(clock, clock.wait_key, clock.seat, clock.kind, sql.now(tx))
            clock = await replan(tx, clock)
            if clock.wait_key is None:  # a wait never planned (an old game): the next tick plans it
                await sql.run(tx, "UPDATE game_clocks SET next_due = ? WHERE game_id = ?", (sql.now(tx), game_id))
            post = await self._post(tx, row, "resume", by, f"▶️ <@{by}> resumed game #{game_id}.")
        return ModAction(await self._info(guild_id, game_id), post)

    async def skip(self, guild_id: int, game_id: int, by: int, *, is_moderator: bool) -> ModAction:
        """Take the current turn (or bid) for the player to act (SPEC ruling 14), logged as ordinary moves."""
        self._check(is_moderator, "take a turn for a player")
        view = await self.service.view(guild_id, game_id)
        if view.to_act is None:
            raise WrongStatus(f"Game #{game_id} is over.")
        player = view.players[view.to_act].name
        text = f"⏭️ <@{by}> took {player}'s turn for them (placed on the first free space, then ended)."
        if view.phase is Phase.JUMP:
            text = f"⏭️ <@{by}> chose the most chips for everyone still to choose in this jump."

        def skipped(played: SeatPlayed) -> NewPost:
            return NewPost(PostKind.MOD_ACTION, ModActionPayload(
                action="skip", game_id=game_id, moderator_id=by, text=text, reason="moderator", seat=played["seat"],
                player=played["player"], moves=played["moves"], member_id=None))

        moved = await play_absent(self.service, guild_id, game_id, expected_key=None, post=skipped)
        if moved is None:
            raise WrongStatus(f"Game #{game_id} is not running (or it is paused).")
        post = next(p for p in moved.posts if p.kind == PostKind.MOD_ACTION)
        return ModAction(moved.game, post, moved)

    async def abort(self, guild_id: int, game_id: int, by: int, *, is_moderator: bool) -> ModAction:
        """Stop a running game (a moderator) or close a lobby (its creator or a moderator)."""
        async with self.service.game_lock(game_id), self.storage.transaction() as tx:
            row = await tx.game(guild_id, game_id)
            if row is None:
                raise NoGame(f"There is no game #{game_id} in this server.")
            if row.status not in ACTIVE:
                raise WrongStatus(f"Game #{game_id} is already over.")
            if not is_moderator and not (row.status is Status.LOBBY and by == row.creator_id):
                raise NotAllowed("Only a moderator can stop a running game; the creator can close its lobby.")
            await tx.set_status(game_id, Status.ABORTED)
            post = None
            if is_moderator:
                post = await self._post(tx, row, "abort", by, f"🛑 <@{by}> stopped game #{game_id}.")
        return ModAction(await self._info(guild_id, game_id), post)

    # --- timing -----------------------------------------------------------------------------

    async def clock(self, guild_id: int, game_id: int) -> GameClockInfo:
        """The game's reminder and deadline settings, pause and the current wait's times."""
        async with self.storage.read() as r:
            row = await r.game(guild_id, game_id)
            if row is None:
                raise NoGame(f"There is no game #{game_id} in this server.")
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
            row = await tx.game(guild_id, game_id)
            if row is None:
                raise NoGame(f"There is no game #{game_id} in this server.")
            if row.status not in ACTIVE:
                raise WrongStatus(f"Game #{game_id} is over.")
            if not is_moderator and not (row.status is Status.LOBBY and by == row.creator_id):
                raise NotAllowed("Only a moderator can change a running game's deadlines.")
            clock = await clock_of(tx, row)
            t = clock.timing
            timing = Timing(
                t.reminders if isinstance(reminders, EllipsisType) else reminders,
                _hours(turn_hours, t.turn_hours), _hours(bid_hours, t.bid_hours),
                t.policy if isinstance(policy, EllipsisType) else policy,
            ).validated()
            await replan(tx, replace(clock, timing=timing, deadline_done=False))
            post = None
            if is_moderator and row.status is Status.RUNNING:
                post = await self._post(tx, row, "deadline", by,
                                        f"🛠️ <@{by}> changed game #{game_id}'s clock: {timing_text(timing)}.",
                                        reminders=timing.reminders, turn_hours=timing.turn_hours,
                                        bid_hours=timing.bid_hours, policy=timing.policy)
        return ModAction(await self._info(guild_id, game_id), post)

    # --- guild configuration ----------------------------------------------------------------

    async def config(self, guild_id: int) -> GuildConfig:
        """The guild's moderator role, defaults for new games, and the purge policy."""
        async with self.storage.read() as r:
            settings = await r.guild_settings(guild_id)
            defaults = await guild_timing(r, guild_id)
        purge_at = await GuildRemoval(self.service).pending(guild_id)
        return GuildConfig(guild_id, settings.moderator_role_id, defaults, GRACE.total_seconds() / 86400, purge_at)

    async def configure(
        self, guild_id: int, by: int, *, is_moderator: bool,
        moderator_role_id: int | EllipsisType | None = KEEP, reminders: bool | EllipsisType = KEEP,
        turn_hours: float | EllipsisType | None = KEEP, bid_hours: float | EllipsisType | None = KEEP,
        policy: str | EllipsisType = KEEP,
    ) -> GuildConfig:
        """Change the guild's settings (``/tikal-mod config``); games already created keep theirs."""
        self._check(is_moderator, "change the server's Tikal settings")
        async with self.storage.transaction() as tx:
            settings = await tx.guild_settings(guild_id)
            current = await guild_timing(tx, guild_id)
            timing = Timing(
                current.reminders if isinstance(reminders, EllipsisType) else reminders,
                _hours(turn_hours, current.turn_hours), _hours(bid_hours, current.bid_hours),
                current.policy if isinstance(policy, EllipsisType) else policy,
            ).validated()
            role = settings.moderator_role_id if isinstance(moderator_role_id, EllipsisType) else moderator_role_id
            turn = None if timing.turn_hours is None else round(timing.turn_hours)
            await tx.put_guild_settings(replace(settings, moderator_role_id=role, turn_hours=turn))
            await put_guild_timing(tx, guild_id, timing)
        return await self.config(guild_id)

    # --- players ----------------------------------------------------------------------------

    async def my_games(self, guild_id: int, member_id: int) -> list[MyGame]:
        """The member's lobbies and running games in this guild: those waiting for them first.

        Two indexed reads whatever the number of games: the games and seats (``seats_by_member``), and the
        clocks, whose wait names the seat to act; a game's state is loaded only for a clock that names none
        (a game older than the clocks)."""
        async with self.storage.read() as r:
            found = await r.games_with_seats(guild_id, ACTIVE, member_id=member_id)
            setups = await lobby_setups(r, [row for row, _ in found])
            clocks = {int(g): seat for g, seat in await sql.rows(
                r, "SELECT game_id, seat FROM game_clocks WHERE game_id IN (SELECT s.game_id "
                   "FROM seats s JOIN games g ON g.id = s.game_id WHERE s.member_id = ? AND g.guild_id = ? "
                   "AND g.status = 'running')",
                (member_id, guild_id))}
        mine: list[MyGame] = []
        for row, seats in found:
            game = GameInfo.of(row, seats, setups.get(row.id))
            me = game.seat_of(member_id)
            if me is None:
                continue
            to_act = None
            if game.status is Status.RUNNING:
                seat = clocks.get(game.id)
                if seat is None:
                    view = await self.service.view(guild_id, game.id)
                    seat = view.to_act
                to_act = None if seat is None else game.at_seat(int(seat))
            waiting = to_act is not None and to_act.member_id == member_id
            mine.append(MyGame(game, me, waiting, to_act, game.deadline_at))
        mine.sort(key=lambda g: (not g.waiting_for_me, g.game.status is not Status.RUNNING,
                                 g.deadline_at or float("inf"), g.game.id))
        return mine


__all__ = [
    "KEEP", "GameClockInfo", "GuildConfig", "ModAction", "Moderation", "MyGame"]
