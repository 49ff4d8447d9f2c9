"""Moderators' operations on games, and the players' own: resign and "my games".

``Moderation(store, games, jumps, computers)``. Permission is the caller's to decide, as everywhere in the core:
the adapter passes ``is_moderator`` (Manage Server, or the guild's moderator role from ``config``), and a plain
member is refused with ``NotAllowed``. Every moderator action on a game queues a ``mod_action`` post for
the game's channel in the action's own transaction (``ModAction.post``; its payload's ``text`` is the
line to show, with mentions that must not ping) and returns it.

Absent seats: ``kick`` and ``resign`` keep the seat, its figures and its score (SPEC ruling 14) and
replace its member by a placeholder id below zero (``bot.core.storage.seats``), so the former
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

from bot.core.clocks.timing import (
    Timing,
    absent_seats,
    clock_of,
    guild_timing,
    hours_to_store,
    new_wait,
    put_guild_timing,
    read_clock,
    replan,
    timing_text,
)
from bot.core.days.guild_removal import GRACE, GuildRemoval
from bot.core.guilds.languages import Languages, check_language, put_server_language
from bot.core.league.ratings import RatingRules, put_rules, rate_stopped, read_rules
from bot.core.storage import sql
from bot.core.storage.base import ACTIVE, GameRow, SeatRow, Status, Transaction
from bot.core.storage.seats import absent_member_id, is_absent_member, is_computer_member
from bot.core.table.computer_seats import check_level, computer_seats, put_computer, remove_computer
from bot.core.table.computers import Computers, absent_post
from bot.core.table.game_options import lobby_setups
from bot.core.table.games import Games
from bot.core.table.jumps import Jumps
from bot.core.table.plans import Loaded
from bot.core.table.posts import ModAction as ModActionPayload
from bot.core.table.posts import ModDetails, NewPost, PostKind, SeatPlayed, stamp_deadline
from bot.core.table.results import GameInfo, Moved, Post, SeatInfo
from bot.core.table.seat_moves import play_absent
from bot.core.table.status_words import status_word
from bot.core.table.store import GameStore
from bot.core.table.waits import next_wait
from bot.core.words.errors import AlreadyJoined, NoGame, NotAllowed, NotJoined, WrongStatus, quoted
from bot.core.words.texts import stored, tr
from engine import Phase
from engine.messages import Said

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
    rating: RatingRules
    """How seats that left and stopped games are rated."""
    log_channel_id: int | None
    """Where moderator notices go, or None (``bot.core.outbox.mod_notices``)."""
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
    def __init__(self, store: GameStore, games: Games, jumps: Jumps, computers: Computers,
                 languages: Languages | None = None) -> None:
        self.store = store
        self.storage = store.storage
        self.games = games
        self.jumps = jumps
        self.computers = computers
        self.languages = languages
        """The process's copy of servers' languages, brought up to date by ``configure``."""

    # --- helpers ----------------------------------------------------------------------------

    @staticmethod
    async def _running(tx: Transaction, guild_id: int, game_id: int) -> GameRow:
        row = await tx.game(guild_id, game_id)
        if row is None:
            raise NoGame(tr("moderation.there_no_game_server",
                            "There is no game #{game} in this server.", game=game_id))
        if row.status is not Status.RUNNING:
            raise WrongStatus(tr("moderation.game_running",
                                 "Game #{game} is not running (it is {status}).",
                                 game=game_id, status=status_word(row.status)))
        return row

    @staticmethod
    def _check(is_moderator: bool, what: Said) -> None:
        if not is_moderator:
            raise NotAllowed(tr("moderation.only_moderator_can", "Only a moderator can {what}.", what=what))

    @staticmethod
    async def _post(tx: Transaction, row: GameRow, action: str, by: int, text: Said,
                    **details: Unpack[ModDetails]) -> Post:
        return await tx.add_post(row, row.version, NewPost(PostKind.MOD_ACTION, ModActionPayload(
            action=action, game_id=row.id, moderator_id=by, text=str(text), said=stored(text), **details)))

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
        if isinstance(target, int):
            raise NotJoined(tr("moderation.member_no_seat", "That member has no seat in this game."))
        raise NotJoined(tr("moderation.name_no_seat", "{name} is no seat in this game.", name=quoted(target)))

    async def _info(self, guild_id: int, game_id: int) -> GameInfo:
        return await self.games.game(guild_id, game_id)

    # --- absent seats -----------------------------------------------------------------------

    async def _make_absent(
        self, guild_id: int, game_id: int, target: int | str, by: int, reason: str, text: Said,
    ) -> ModAction:
        async with self.store.game_lock(game_id):
            async with self.storage.transaction() as tx:
                row = await self._running(tx, guild_id, game_id)
                seats = await tx.seats(game_id)
                seat = self._target(seats, target)
                assert seat.seat is not None
                absent = await absent_seats(tx, game_id)
                if seat.seat in absent:
                    raise WrongStatus(tr("moderation.already_played_by_bot",
                                         "{seat_name} is already played by the bot.", seat_name=seat.seat_name or ""))
                await sql.run(tx, "INSERT INTO absent_seats (game_id, seat, former_member_id, reason, by_id, since) "
                                  "VALUES (?, ?, ?, ?, ?, ?)",
                              (game_id, seat.seat, seat.member_id, reason, by, sql.now(tx)))
                await sql.run(tx, "UPDATE seats SET member_id = ? WHERE game_id = ? AND seat = ?",
                              (absent_member_id(seat.seat), game_id, seat.seat))
                await sql.run(tx, "DELETE FROM standing_orders WHERE game_id = ? AND seat = ?", (game_id, seat.seat))
                everyone_gone = len(absent) + 1 == len([s for s in seats if s.seat is not None])
                if everyone_gone:
                    await tx.set_status(game_id, Status.ABORTED)
                    await rate_stopped(tx, row)
                    text = tr("moderation.nobody_left", "{action} Nobody is left to play: the game is stopped.",
                              action=text)
                action = "kick" if reason == "kicked" else "resign"
                post = await self._post(tx, row, action, by, text, seat=seat.seat, player=seat.seat_name,
                                        member_id=seat.member_id,
                                        stopped=everyone_gone)
                clock = await clock_of(tx, row)
                if not everyone_gone:
                    clock = await replan(tx, clock)
            moved = None
        if not everyone_gone and not clock.paused:
            view = await self.games.view(guild_id, game_id)
            if view.phase is Phase.JUMP:  # a jump: the seat's chips are chosen now, kept secret like the others'
                played = await self.computers.play_computers(guild_id, game_id)
                moved = played[-1] if played else None
            elif clock.seat == seat.seat and view.to_act == seat.seat:
                moved = await play_absent(
                    self.computers, guild_id, game_id, expected_key=clock.wait_key, post=absent_post(reason))
        return ModAction(await self._info(guild_id, game_id), post, moved)

    async def kick(self, guild_id: int, game_id: int, target: int | str, by: int, *, is_moderator: bool) -> ModAction:
        """Remove a player (member id or seat name): the seat stays, the bot plays it (SPEC ruling 14)."""
        self._check(is_moderator, tr("moderation.what_kick", "remove a player from a game"))
        name = target if isinstance(target, str) else f"<@{target}>"
        return await self._make_absent(guild_id, game_id, target, by, "kicked", tr(
            "moderation.kicked", "🛠️ <@{by}> removed {name} from game #{game}: the bot plays that seat from now on "
            "(it keeps its figures and score).", by=by, name=name, game=game_id))

    async def resign(self, guild_id: int, game_id: int, member_id: int) -> ModAction:
        """A player leaves a running game: the seat stays and the bot plays it, as after a kick."""
        return await self._make_absent(guild_id, game_id, member_id, member_id, "resigned",
                                       tr("moderation.resigned", "🏳️ <@{member}> resigned from game #{game}: the "
                                          "bot plays that seat from now on (it keeps its figures and score).",
                                          member=member_id, game=game_id))

    async def replace(
        self, guild_id: int, game_id: int, target: int | str, new_member_id: int, new_display_name: str, by: int,
        *, is_moderator: bool,
    ) -> ModAction:
        """Give a seat (by its member's id or its seat name; absent or not) and its position to another member.

        The seat keeps its name (SPEC section 6); if it is to act, its wait starts over for the new member.
        """
        self._check(is_moderator, tr("moderation.what_replace", "replace a player"))
        loaded = await self.store.load(guild_id, game_id)
        async with self.store.game_lock(game_id), self.storage.transaction() as tx:
            row = await self._running(tx, guild_id, game_id)
            seats = await tx.seats(game_id)
            seat = self._target(seats, target)
            assert seat.seat is not None
            if any(s.member_id == new_member_id for s in seats):
                raise AlreadyJoined(tr("moderation.member_already_has_seat",
                                       "That member already has a seat in this game."))
            await sql.run(tx, "UPDATE seats SET member_id = ?, display_name = ? WHERE game_id = ? AND seat = ?",
                          (new_member_id, new_display_name, game_id, seat.seat))
            for table in ("absent_seats", "standing_orders", "computer_seats"):  # the newcomer inherits no orders
                await sql.run(tx, f"DELETE FROM {table} WHERE game_id = ? AND seat = ?", (game_id, seat.seat))
            clock = await clock_of(tx, row)
            if clock.seat == seat.seat and clock.wait_key is not None and clock.kind is not None:
                clock = new_wait(clock, clock.wait_key, seat.seat, clock.kind, sql.now(tx))
            await replan(tx, clock)
            before = tr("moderation.absent_player", "an absent player") if is_absent_member(seat.member_id) \
                else f"<@{seat.member_id}>"
            post = await self._post(
                tx, row, "replace", by,
                tr("moderation.replaced", "🛠️ <@{by}> gave {player}'s seat in game #{game} to <@{member}> (instead "
                   "of {before}).", by=by, player=seat.seat_name or "", game=game_id, member=new_member_id,
                   before=before),
                seat=seat.seat, player=seat.seat_name,
                member_id=None if is_absent_member(seat.member_id) else seat.member_id, new_member_id=new_member_id)
            if row.version == loaded.state.version:
                await self._newcomers_wait(tx, guild_id, replace(
                    loaded, seats=[replace(s, member_id=new_member_id) if s.seat == seat.seat else s for s in seats],
                    computers={q: c for q, c in loaded.computers.items() if q != seat.seat}), seat.seat)
        return ModAction(await self._info(guild_id, game_id), post)

    @staticmethod
    async def _newcomers_wait(tx: Transaction, guild_id: int, loaded: Loaded, seat: int) -> None:
        """If the game waits for the seat just handed over, a wait's message that pings its new member (the one
        that pinged the old member stays, as every message that pinged does)."""
        wait = await next_wait(tx, loaded.row, loaded.state, loaded.state, loaded.member_of, loaded.played_by_bot,
                               loaded.computers, newcomer=seat)
        if wait is None:
            return
        now = await tx.game(guild_id, loaded.row.id)
        stamp_deadline(wait, now.deadline_at if now is not None else None)
        await tx.add_post(loaded.row, loaded.row.version, wait)

    # --- computer players -------------------------------------------------------------------

    async def computer(
        self, guild_id: int, game_id: int, target: int | str, level: str | None, by: int, *, is_moderator: bool,
    ) -> ModAction:
        """Hand a seat (member id or seat name) to a computer player of ``level``, or back (``level`` None).

        A computer seat is played at once whenever it is to act, and never pinged; handed back, the seat is
        its member's again (or the bot's absent-turn play, for an absent seat).
        """
        self._check(is_moderator, tr("moderation.what_computer", "hand a seat to a computer player"))
        if level is not None:
            check_level(level)
        async with self.store.game_lock(game_id), self.storage.transaction() as tx:
            row = await self._running(tx, guild_id, game_id)
            seat = self._target(await tx.seats(game_id), target)
            assert seat.seat is not None
            held = (await computer_seats(tx, game_id)).get(seat.seat)
            owner = tr("moderation.absent_player", "an absent player") if is_absent_member(seat.member_id) \
                else f"<@{seat.member_id}>"
            if level is None:
                if is_computer_member(seat.member_id):
                    raise WrongStatus(tr("moderation.was_computer_seat_from",
                                         "{seat_name} was a computer seat from the start: nobody to give it back to. "
                                         "`/tikal-mod replace` gives it to a member.", seat_name=seat.seat_name or ""))
                if not await remove_computer(tx, game_id, seat.seat):
                    raise WrongStatus(tr("moderation.played_by_computer_player",
                                         "{seat_name} is not played by a computer player.",
                                         seat_name=seat.seat_name or ""))
                text = tr("moderation.computer_back", "🛠️ <@{by}> gave {player}'s seat in game #{game} back to "
                          "{owner}.", by=by, player=seat.seat_name or "", game=game_id, owner=owner)
            else:
                if held is not None and held.level == level:
                    raise WrongStatus(tr("moderation.already_computer", "{player} is already played by the 🤖 computer "
                                         "({level}) player.", player=seat.seat_name or "", level=level))
                await put_computer(tx, game_id, seat.seat, level, secrets.randbits(62), by)
                text = tr("moderation.computer_given", "🛠️ <@{by}> handed {player}'s seat in game #{game} to a 🤖 "
                          "computer ({level}) player (instead of {owner}); it keeps its figures and score.", by=by,
                          player=seat.seat_name or "", game=game_id, level=level, owner=owner)
            post = await self._post(tx, row, "computer", by, text, seat=seat.seat, player=seat.seat_name,
                                    level=level)
        played = await self.computers.play_computers(guild_id, game_id) if level is not None else []
        return ModAction(await self._info(guild_id, game_id), post, played[-1] if played else None)

    # --- pause, skip, abort -----------------------------------------------------------------

    async def pause(self, guild_id: int, game_id: int, by: int, *, is_moderator: bool) -> ModAction:
        """Stop the game's clock: no moves, reminders or deadlines until ``resume``."""
        self._check(is_moderator, tr("moderation.what_pause", "pause a game"))
        async with self.storage.transaction() as tx:
            row = await self._running(tx, guild_id, game_id)
            clock = await clock_of(tx, row)
            if clock.paused:
                raise WrongStatus(tr("moderation.game_already_paused", "Game #{game} is already paused.", game=game_id))
            await replan(tx, replace(clock, paused_at=sql.now(tx), paused_by=by))
            post = await self._post(tx, row, "pause", by, tr(
                "moderation.paused", "⏸️ <@{by}> paused game #{game}: no moves, reminders or deadlines until a "
                "moderator resumes it.", by=by, game=game_id))
        return ModAction(await self._info(guild_id, game_id), post)

    async def resume(self, guild_id: int, game_id: int, by: int, *, is_moderator: bool) -> ModAction:
        """Restart a paused game's clock; the current wait (reminders, deadline) starts over now."""
        self._check(is_moderator, tr("moderation.what_resume", "resume a game"))
        async with self.storage.transaction() as tx:
            row = await self._running(tx, guild_id, game_id)
            clock = await clock_of(tx, row)
            if not clock.paused:
                raise WrongStatus(tr("moderation.game_paused", "Game #{game} is not paused.", game=game_id))
            clock = replace(clock, paused_at=None, paused_by=None)
            if clock.wait_key is not None and clock.seat is not None and clock.kind is not None:
                clock = new_wait(clock, clock.wait_key, clock.seat, clock.kind, sql.now(tx))
            clock = await replan(tx, clock)
            if clock.wait_key is None:  # a wait never planned (an old game): the next tick plans it
                await sql.run(tx, "UPDATE game_clocks SET next_due = ? WHERE game_id = ?", (sql.now(tx), game_id))
            post = await self._post(tx, row, "resume", by, tr("moderation.resumed", "▶️ <@{by}> resumed game #{game}.",
                                                              by=by, game=game_id))
        return ModAction(await self._info(guild_id, game_id), post)

    async def skip(self, guild_id: int, game_id: int, by: int, *, is_moderator: bool) -> ModAction:
        """Take the current turn (or bid) for the player to act (SPEC ruling 14), logged as ordinary moves."""
        self._check(is_moderator, tr("moderation.what_skip", "take a turn for a player"))
        view = await self.games.view(guild_id, game_id)
        if view.to_act is None:
            raise WrongStatus(tr("moderation.game_over", "Game #{game} is over.", game=game_id))
        player = view.players[view.to_act].name
        text = tr("moderation.skipped", "⏭️ <@{by}> took {player}'s turn for them (placed on the first free space, "
                  "then ended).", by=by, player=player)
        if view.phase is Phase.JUMP:
            text = tr("moderation.skipped_jump", "⏭️ <@{by}> chose the most chips for everyone still to choose in "
                      "this jump.", by=by)

        def skipped(played: SeatPlayed) -> NewPost:
            return NewPost(PostKind.MOD_ACTION, ModActionPayload(
                action="skip", game_id=game_id, moderator_id=by, text=str(text), said=stored(text),
                reason="moderator", seat=played["seat"],
                player=played["player"], moves=played["moves"], member_id=None))

        moved = await play_absent(self.computers, guild_id, game_id, expected_key=None, post=skipped)
        if moved is None:
            raise WrongStatus(tr("moderation.game_running_or_paused",
                                 "Game #{game} is not running (or it is paused).", game=game_id))
        post = next(p for p in moved.posts if p.kind == PostKind.MOD_ACTION)
        return ModAction(moved.game, post, moved)

    async def abort(self, guild_id: int, game_id: int, by: int, *, is_moderator: bool) -> ModAction:
        """Stop a running game (a moderator) or close a lobby (its creator or a moderator)."""
        async with self.store.game_lock(game_id), self.storage.transaction() as tx:
            row = await tx.game(guild_id, game_id)
            if row is None:
                raise NoGame(tr("moderation.there_no_game_server",
                                "There is no game #{game} in this server.", game=game_id))
            if row.status not in ACTIVE:
                raise WrongStatus(tr("moderation.game_already_over", "Game #{game} is already over.", game=game_id))
            if not is_moderator and not (row.status is Status.LOBBY and by == row.creator_id):
                raise NotAllowed(tr("moderation.only_moderator_can_stop",
                                    "Only a moderator can stop a running game; the creator can close its lobby."))
            await tx.set_status(game_id, Status.ABORTED)
            if row.status is Status.RUNNING:  # rated by its scores now, or marked as not rated (the server's rule)
                await rate_stopped(tx, row)
            post = None
            if is_moderator:
                post = await self._post(tx, row, "abort", by, tr(
                    "moderation.aborted", "🛑 <@{by}> stopped game #{game}.", by=by, game=game_id))
        return ModAction(await self._info(guild_id, game_id), post)

    # --- timing -----------------------------------------------------------------------------

    async def clock(self, guild_id: int, game_id: int) -> GameClockInfo:
        """The game's reminder and deadline settings, pause and the current wait's times."""
        async with self.storage.read() as r:
            row = await r.game(guild_id, game_id)
            if row is None:
                raise NoGame(tr("moderation.there_no_game_server",
                                "There is no game #{game} in this server.", game=game_id))
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
                raise NoGame(tr("moderation.there_no_game_server",
                                "There is no game #{game} in this server.", game=game_id))
            if row.status not in ACTIVE:
                raise WrongStatus(tr("moderation.game_over", "Game #{game} is over.", game=game_id))
            if not is_moderator and not (row.status is Status.LOBBY and by == row.creator_id):
                raise NotAllowed(tr("moderation.only_moderator_can_change",
                                    "Only a moderator can change a running game's deadlines."))
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
                                        tr("moderation.clock_changed", "🛠️ <@{by}> changed game #{game}'s clock: "
                                           "{timing}.", by=by, game=game_id, timing=timing_text(timing)),
                                        reminders=timing.reminders, turn_hours=timing.turn_hours,
                                        bid_hours=timing.bid_hours, policy=timing.policy)
        return ModAction(await self._info(guild_id, game_id), post)

    # --- guild configuration ----------------------------------------------------------------

    async def config(self, guild_id: int) -> GuildConfig:
        """The guild's moderator role, defaults for new games, and the purge policy."""
        async with self.storage.read() as r:
            settings = await r.guild_settings(guild_id)
            defaults = await guild_timing(r, guild_id)
            rating = await read_rules(r, guild_id)
        purge_at = await GuildRemoval(self.store).pending(guild_id)
        return GuildConfig(guild_id, settings.moderator_role_id, defaults, GRACE.total_seconds() / 86400, rating,
                           settings.log_channel_id, purge_at)

    async def configure(
        self, guild_id: int, by: int, *, is_moderator: bool,
        moderator_role_id: int | EllipsisType | None = KEEP, log_channel_id: int | EllipsisType | None = KEEP,
        reminders: bool | EllipsisType = KEEP, turn_hours: float | EllipsisType | None = KEEP,
        bid_hours: float | EllipsisType | None = KEEP, policy: str | EllipsisType = KEEP,
        rate_resigned: str | EllipsisType = KEEP, rate_kicked: str | EllipsisType = KEEP,
        rate_aborted: str | EllipsisType = KEEP, language: str | EllipsisType | None = KEEP,
    ) -> GuildConfig:
        """Change the guild's settings (``/tikal-mod config``): every value is checked before anything is written,
        then all are written in one transaction, so a refusal (``BadOption``) changes nothing. Games already
        created keep their clocks; the rating rules count for games that end from now on. ``language`` None:
        the server's own locale again."""
        self._check(is_moderator, tr("moderation.what_config", "change the server's Tikal settings"))
        if not isinstance(language, EllipsisType):
            check_language(language)
        async with self.storage.transaction() as tx:
            settings = await tx.guild_settings(guild_id)
            current = await guild_timing(tx, guild_id)
            timing = Timing(
                current.reminders if isinstance(reminders, EllipsisType) else reminders,
                _hours(turn_hours, current.turn_hours), _hours(bid_hours, current.bid_hours),
                current.policy if isinstance(policy, EllipsisType) else policy,
            ).validated()
            rules = await read_rules(tx, guild_id)
            changed = RatingRules(
                rules.resigned if isinstance(rate_resigned, EllipsisType) else rate_resigned,
                rules.kicked if isinstance(rate_kicked, EllipsisType) else rate_kicked,
                rules.aborted if isinstance(rate_aborted, EllipsisType) else rate_aborted).validated()
            role = settings.moderator_role_id if isinstance(moderator_role_id, EllipsisType) else moderator_role_id
            log = settings.log_channel_id if isinstance(log_channel_id, EllipsisType) else log_channel_id
            turn = round(hours_to_store(timing.turn_hours))  # whole hours (the column's type)
            await tx.put_guild_settings(replace(settings, moderator_role_id=role, log_channel_id=log, turn_hours=turn))
            await put_guild_timing(tx, guild_id, timing)
            if changed != rules:
                await put_rules(tx, guild_id, changed)
            if not isinstance(language, EllipsisType):
                await put_server_language(tx, guild_id, language)
        if not isinstance(language, EllipsisType) and self.languages is not None:
            self.languages.remember(guild_id, language)
        return await self.config(guild_id)

    # --- players ----------------------------------------------------------------------------

    async def my_games(self, guild_id: int, member_id: int) -> list[MyGame]:
        """The member's lobbies and running games in this guild: those waiting for them first (in a Tikal Rápido
        jump, for everyone still to choose).

        Two indexed reads whatever the number of games: the games and seats (``seats_by_member``), and the
        clocks, whose wait names the seat to act; a game's state is loaded only for a clock that names none
        (a game older than the clocks) or a jump."""
        async with self.storage.read() as r:
            found = await r.games_with_seats(guild_id, ACTIVE, member_id=member_id)
            setups = await lobby_setups(r, [row for row, _ in found])
            clocks = {int(g): (seat, kind) for g, seat, kind in await sql.rows(
                r, "SELECT game_id, seat, kind FROM game_clocks WHERE game_id IN (SELECT s.game_id "
                   "FROM seats s JOIN games g ON g.id = s.game_id WHERE s.member_id = ? AND g.guild_id = ? "
                   "AND g.status = 'running')",
                (member_id, guild_id))}
        mine: list[MyGame] = []
        for row, seats in found:
            game = GameInfo.of(row, seats, setups.get(row.id))
            me = game.seat_of(member_id)
            if me is None or game.lesson is not None:  # a tutorial is not one of "your games"
                continue
            to_act = None
            waiting = False
            if game.status is Status.RUNNING:
                seat, kind = clocks.get(game.id, (None, None))
                if seat is None:
                    view = await self.games.view(guild_id, game.id)
                    seat = view.to_act
                to_act = None if seat is None else game.at_seat(int(seat))
                waiting = to_act is not None and to_act.member_id == member_id
                if kind == "jump" and me.seat is not None:  # a jump waits for everyone still to choose
                    waiting = me.seat in (await self.jumps.jump_status(guild_id, game.id))[1]
            mine.append(MyGame(game, me, waiting, to_act, game.deadline_at))
        mine.sort(key=lambda g: (not g.waiting_for_me, g.game.status is not Status.RUNNING,
                                 g.deadline_at or float("inf"), g.game.id))
        return mine


__all__ = [
    "KEEP", "GameClockInfo", "GuildConfig", "ModAction", "Moderation", "MyGame"]
