"""Pause, resume, skip and abort a game."""

from __future__ import annotations

from dataclasses import replace

from bot.core.clocks.timing import clock_of, new_wait, replan
from bot.core.guilds.moderation.base import ModAction, ModerationBase
from bot.core.league.ratings import rate_stopped
from bot.core.storage import sql
from bot.core.storage.rows import ACTIVE, Status
from bot.core.table.posts import ModAction as ModActionPayload
from bot.core.table.posts import NewPost, PostKind, SeatPlayed
from bot.core.table.seat_moves import play_absent
from bot.core.words.errors import NotAllowed, WrongStatus
from bot.core.words.texts import stored, tr
from engine import Phase


class GameControls(ModerationBase):
    """Pause, resume, skip a turn, abort."""

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
        """Take the current turn (or bid) for the player to act (ruling 14), logged as ordinary moves."""
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
            row = await self.store.row(tx, guild_id, game_id)
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


