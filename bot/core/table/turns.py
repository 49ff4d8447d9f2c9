"""Turns: a member's move, checked against the state and committed through the game store; a moderator's skip;
what the player to act may see and do (their view for a hint, their legal moves for autocomplete)."""

from __future__ import annotations

from dataclasses import replace

import engine
from bot.core.storage.rows import Status
from bot.core.table.jump_choices import choosers
from bot.core.table.plans import GameRef, Loaded, Planned, apply_all
from bot.core.table.results import Moved
from bot.core.table.store import GameStore
from bot.core.words import labels
from bot.core.words.errors import MovedOn, NotAllowed, NotAPlayer, WrongStatus
from bot.core.words.texts import tr
from engine import GameView, LegalMove, Move, NotYourTurn
from engine.messages import Said


def acting_seat(loaded: Loaded, member_id: int) -> int:
    """The member's seat, if it is the one to act. Raises ``WrongStatus``, ``NotAPlayer``, ``NotYourTurn``."""
    row, state = loaded.row, loaded.state
    if row.status is Status.ABORTED:
        raise WrongStatus(tr("service.game_was_stopped", "Game #{game} was stopped.", game=row.id))
    if state.finished:
        raise engine.GameOver("The game is over; no more moves can be made.")
    to_act = state.players[state.to_act]
    waiting = labels.waiting_said(state.phase, state.variant, state.stage)
    seat = loaded.seat_of(member_id)
    if seat is None:
        raise NotAPlayer(tr("service.are_playing_game_s",
                            "You are not playing in this game; it is {player}'s {waiting}.",
                            player=f"{labels.square(state.to_act)} {to_act}", waiting=waiting))
    if seat != state.to_act:
        raise NotYourTurn(labels.not_yours(state.to_act, to_act, waiting))
    return seat


class Turns:
    """The moves members make in the games of every guild (``GameStore`` underneath)."""

    def __init__(self, store: GameStore) -> None:
        self.store = store

    async def act(self, guild_id: int, game: GameRef, member_id: int, move: Move | str, *,
                  version: int | None = None) -> Moved:
        """Apply a move for the member, who must be the player to act, and commit it; ``version``: only on the game
        at that version (a menu's move, chosen on what the game was then).

        Raises ``NoGame``, ``NotYourTurn``/``NotAPlayer``, ``MovedOn`` (not at ``version``), the engine's error for
        an unreadable or illegal move (nothing changes), or ``StaleState`` if other commands kept committing first.
        """

        async def plan(loaded: Loaded) -> Planned:
            if version is not None and loaded.state.version != version:
                raise MovedOn(moved_on())
            acting_seat(loaded, member_id)
            parsed = engine.read_move(loaded.state, move) if isinstance(move, str) else move
            return Planned([(parsed, engine.apply(loaded.state, parsed))])

        moved = await self.store.play(guild_id, game, plan, actor_id=member_id)
        assert moved is not None
        return moved

    async def skip(self, guild_id: int, game_id: int, member_id: int, *, is_moderator: bool = False) -> Moved:
        """A moderator takes the current turn for an absent seat (SPEC ruling 14): recorded as ordinary moves.

        The seat places its hexagon on the first legal space and ends, passes a bid, picks 1, or ends a
        scoring turn, until someone else is to act.
        """
        if not is_moderator:
            raise NotAllowed(tr("service.only_moderator_can_take",
                                "Only a moderator can take a turn for an absent player."))

        async def plan(loaded: Loaded) -> Planned:
            if loaded.row.status is not Status.RUNNING or loaded.state.finished:
                raise WrongStatus(tr("service.game_running", "Game #{game} is not running.", game=game_id))
            return Planned(apply_all(loaded.state, engine.absent_moves(loaded.state)))

        moved = await self.store.play(guild_id, game_id, plan, actor_id=None)
        assert moved is not None
        return moved

    async def seat_view(self, guild_id: int, game: GameRef, member_id: int) -> GameView:
        """What the member sees of the game as its player to act (their own secrets only: for a hint).

        Raises ``NotAPlayer``/``NotYourTurn`` if they are not the player to act, ``GameOver`` after the end. In a
        Tikal Rápido jump everyone still to choose is a player to act (the view names them so).
        """
        loaded = await self.store.load(guild_id, game)
        seat = loaded.seat_of(member_id)
        if seat is not None and seat in choosers(loaded.state):
            return replace(engine.view(loaded.state, seat), to_act=seat)
        seat = acting_seat(loaded, member_id)
        return engine.view(loaded.state, seat)

    async def legal_moves(self, guild_id: int, game: GameRef, member_id: int) -> list[LegalMove]:
        """The engine's legal moves if the member is the player to act, else none."""
        return (await self.view_and_moves(guild_id, game, member_id))[1]

    async def view_and_moves(self, guild_id: int, game: GameRef, member_id: int) -> tuple[GameView, list[LegalMove]]:
        """What everyone sees of the game, and the member's legal moves (see ``legal_moves``), from one load:
        what autocomplete offers."""
        loaded = await self.store.load(guild_id, game)
        view = engine.view(loaded.state, None)
        try:
            acting_seat(loaded, member_id)
        except engine.EngineError:
            return view, []
        return view, engine.legal_moves(loaded.state)

    async def menu_moves(self, guild_id: int, game: GameRef, member_id: int,
                         version: int) -> tuple[GameView, list[LegalMove]]:
        """The member's view and legal moves for a menu made at ``version``, from one load. Raises ``MovedOn`` when the
        game is no longer at that version, and as ``act`` when the member is not the player to act."""
        loaded = await self.store.load(guild_id, game)
        if loaded.state.version != version:
            raise MovedOn(moved_on())
        seat = acting_seat(loaded, member_id)
        return engine.view(loaded.state, seat), engine.legal_moves(loaded.state)

    async def set_turn_message(self, guild_id: int, game_id: int, message_id: int | None) -> None:
        """Record the message the game's turns are shown in (None: none any more)."""
        async with self.store.storage.transaction() as tx:
            await self.store.row(tx, guild_id, game_id)
            await tx.set_turn_message(game_id, message_id)


def moved_on() -> Said:
    """The refusal of a menu or a button made for a version the game has moved past."""
    return tr("menu.moved_on", "The game has moved on since this menu was made: nothing was done. Use the buttons of "
                               "the game's newest message.")


__all__ = ["Turns", "acting_seat", "moved_on"]
