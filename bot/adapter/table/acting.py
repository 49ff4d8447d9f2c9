"""Acting in a game: a move, a Rápido jump's chips, a standing order, ending a turn, resigning."""

from __future__ import annotations

import discord

from bot.adapter.messages.orders import order_answer
from bot.adapter.messages.rapido import jump_answer, rapido_stage
from bot.adapter.messages.wait_message import confirmation
from bot.adapter.replies import reply, update
from bot.adapter.speech import reader
from bot.adapter.table.waits import WaitMessages
from bot.adapter.ui import confirm_end_view
from bot.core.table.results import Moved
from bot.core.words import labels
from bot.core.words.errors import NoGame, NotAPlayer
from bot.core.words.texts import tr
from engine import EngineError, Phase


class Acting(WaitMessages):
    """A member's moves, answered privately, then the channel synced."""

    async def act(self, interaction: discord.Interaction, text: str, game_id: int | None = None, *,
                  silent: bool = False) -> None:
        """Apply a move for the member; the core refuses before anything is answered (so privately). A move in a
        tutorial's game is answered by the tutorial."""
        moved = await self.commit(interaction, text, game_id)
        if moved is None:
            return
        if silent:
            await interaction.response.defer()
        else:
            still = moved.to_act is not None and moved.to_act.member_id == interaction.user.id
            await reply(interaction, confirmation(moved.view, moved.move, still_acting=still,
                                                             t=reader(interaction)))
        await self.sync(moved.game.guild_id, moved.game.id, moved)

    async def commit(self, interaction: discord.Interaction, text: str, game_id: int | None = None, *,
                     version: int | None = None) -> Moved | None:
        """The member's move committed (``version``: only on the game at that version, as a menu's move), or None when
        the tutorial answered it (a move or a refusal in the member's tutorial). Raises the core's refusals."""
        guild = self.guild_id(interaction)
        game = self.here(interaction, game_id)
        try:
            try:
                moved = await self.core.turns.act(guild, game, interaction.user.id, text, version=version)
            except (NoGame, NotAPlayer) as error:  # not here: the member's tutorial without a thread, if any
                private = await self.tutor.private_game(interaction) if self.tutor and game_id is None else None
                if private is None:
                    raise
                try:
                    moved = await self.core.turns.act(guild, private, interaction.user.id, text, version=version)
                except NoGame:
                    raise error from None
                game = private
        except NoGame:
            raise await self._elsewhere(interaction) or NoGame(tr(
                "service.there_no_game_here", "There is no game here. Start one with `/tikal-game new`.")) from None
        except EngineError as error:
            if self.tutor is not None and await self.tutor.refused(interaction, game, error):
                return None
            raise
        if moved.game.lesson is not None and self.tutor is not None:
            await self.tutor.moved(interaction, moved)
            return None
        return moved

    async def jump(self, interaction: discord.Interaction, chips: int, game_id: int | None = None,
                   jump: int | None = None) -> None:
        """Tikal Rápido: the member's chips for the jump, kept secret (the answer is theirs alone); the last
        choice reveals everyone's at once."""
        guild = self.guild_id(interaction)
        try:
            chosen = await self.core.jumps.choose_jump(guild, self.here(interaction, game_id), interaction.user.id,
                                                         chips, jump=jump)
        except NoGame:
            raise await self._elsewhere(interaction) or NoGame(tr(
                "service.there_no_game_here", "There is no game here. Start one with `/tikal-game new`.")) from None
        await reply(interaction, jump_answer(chosen, reader(interaction)))
        await self.sync(guild, chosen.game.id, chosen.moved)

    async def standing_order(self, interaction: discord.Interaction, text: str, game_id: int | None = None) -> None:
        """Leave a standing order for the round (``pass``, or the highest bid: ``6``), answered privately; played at
        once when the member's bid is due (the auction's buttons, ``/tikal-game order``)."""
        game = await self.game_or_latest(interaction, game_id)
        left, moved = await self.core.orders.leave(game.guild_id, game.id, interaction.user.id, text)
        await reply(interaction, order_answer(game.id, left.round, left.max_bid, moved is not None,
                                                         reader(interaction)))
        if moved is not None:
            await self.sync(game.guild_id, game.id, moved)

    async def end_turn(self, interaction: discord.Interaction, game_id: int, version: int | None) -> None:
        """The End turn button: asks first while AP are left (``version``: the state the confirmation is for)."""
        game = await self.game_for(interaction, game_id)
        view = await self.core.games.view(game.guild_id, game.id)
        seat = game.at_seat(view.to_act) if view.to_act is not None else None
        t = reader(interaction)
        if version is not None and view.version != version:
            await update(interaction, t.tr("table.moved_on", "The game has moved on since you asked; nothing was "
                                                             "done."))
            return
        if seat is not None and seat.member_id != interaction.user.id and not view.finished:
            assert view.to_act is not None
            waiting = labels.waiting_said(view.phase, view.variant, view.stage)
            await reply(interaction, t.message(labels.not_yours(view.to_act, view.players[view.to_act].name,
                                                                waiting)))
            return
        if version is None and view.phase in (Phase.ACTIONS, Phase.SCORING) and view.ap_left:
            ask = t.tr("table.ask_slot", "You still have **{ap} AP**. Give this slot up?", ap=view.ap_left) \
                if rapido_stage(view) == "slot" else \
                t.tr("table.ask_end", "You still have **{ap} AP**. End your turn anyway?", ap=view.ap_left)
            await reply(interaction, ask, view=confirm_end_view(game, view, t))
            return
        moved = await self.core.turns.act(game.guild_id, game.id, interaction.user.id, "end")
        if moved.game.lesson is not None and self.tutor is not None:
            await self.tutor.moved(interaction, moved)
            return
        if version is not None:
            await update(interaction, confirmation(moved.view, "end", t=t))
        else:
            await interaction.response.defer()
        await self.sync(game.guild_id, game.id, moved)

    async def resign(self, interaction: discord.Interaction, game_id: int) -> None:
        """The confirmation button of ``/tikal-game resign``."""
        guild = self.guild_id(interaction)
        done = await self.core.moderation.resign(guild, game_id, interaction.user.id)
        await update(interaction, reader(interaction).tr("table.resigned", "You resigned from game #{game}: the bot "
                                                                           "plays your seat from now on.",
                                                         game=game_id))
        await self.sync(guild, done.game.id)

