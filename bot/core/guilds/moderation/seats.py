"""A seat changing hands: kick and resign (the bot plays the seat, docs/rules.md, ruling 14), replace, a computer
player."""

from __future__ import annotations

import secrets
from dataclasses import replace

from bot.core.clocks.timing import absent_seats, clock_of, new_wait, replan
from bot.core.guilds.moderation.base import ModAction, ModerationBase
from bot.core.league.ratings import rate_stopped
from bot.core.storage import sql
from bot.core.storage.base import Transaction
from bot.core.storage.rows import Status
from bot.core.storage.seats import absent_member_id, is_absent_member, is_computer_member
from bot.core.table.computer_seats import check_level, computer_seats, put_computer, remove_computer
from bot.core.table.computers import absent_post
from bot.core.table.plans import Loaded
from bot.core.table.posts import stamp_deadline
from bot.core.table.seat_moves import play_absent
from bot.core.table.waits import next_wait
from bot.core.web_play.access import end_seat
from bot.core.words.errors import AlreadyJoined, WrongStatus
from bot.core.words.texts import tr
from engine import Phase
from engine.messages import Said


class SeatChanges(ModerationBase):
    """Kick, resign, replace, and a computer player for a seat."""

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
                await end_seat(tx, game_id, seat.seat)  # the member's web page: links and sessions
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
        """Remove a player (member id or seat name): the seat stays, the bot plays it (ruling 14)."""
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

        The seat keeps its name (rules.md §6); if it is to act, its wait starts over for the new member.
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
            await end_seat(tx, game_id, seat.seat)  # the old member's web page: links and sessions end
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


