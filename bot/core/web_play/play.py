"""``WebPlay``: what a member's own page is made of and what it does, for a session's seat (``access.Seated``).

The page shows the seat's view (``engine.view(state, seat)``: in Tikal it holds nothing a spectator's lacks), the
turn's menu when the seat is to act (``bot.core.menus``: the engine's legal moves, the same menus as on Discord),
and what is the member's alone: their chips kept in secret for a Tikal Rápido jump, their standing order for an
auction's round. A move is a path of the menu (``Menu.finish``), made on the version the page showed and applied by
``Turns.act`` — the slash command's own path, with its refusals and its undo; a jump's chips go through
``Jumps.choose_jump`` as the wait's buttons do."""

from __future__ import annotations

from dataclasses import dataclass

import engine
from bot.core.days.standing_orders import StandingOrder, read_order
from bot.core.menus import Menu, Path, UnknownChoice
from bot.core.storage.rows import Status
from bot.core.table import jump_choices
from bot.core.table.jumps import Jumps
from bot.core.table.plans import Loaded
from bot.core.table.results import GameInfo, JumpChoice, Moved
from bot.core.table.store import GameStore
from bot.core.table.turns import Turns, acting_seat
from bot.core.web_play.access import MemberAccess, Seated
from bot.core.words.errors import MovedOn, NotAPlayer, ServiceError
from bot.core.words.texts import tr
from engine import EngineError, GameView, LegalMove, Phase
from engine.messages import Said


class NotOnMenu(ServiceError):
    """A choice the member's menu does not hold (made up, or of another moment): nothing was done."""


@dataclass(frozen=True, slots=True)
class JumpOpen:
    """A Tikal Rápido jump the member chooses in: the most chips they may take, their own kept choice (theirs alone),
    and the version the jump opened at (its name)."""

    most: int
    own: int | None
    opened: int


@dataclass(frozen=True, slots=True)
class SeatPage:
    """What a member's page is made of now."""

    seated: Seated
    game: GameInfo
    """Stays in the process: of its members only the names the view holds go out."""
    view: GameView
    """The seat's view."""
    entries: tuple[LegalMove, ...] | None
    """The seat's legal moves while it is the player to act (but in a jump, whose chips are chosen apart)."""
    jump: JumpOpen | None
    order: StandingOrder | None
    """The member's standing order for the auction's round under way (their eyes only)."""


class WebPlay:
    """The members' pages over the game store."""

    def __init__(self, store: GameStore, turns: Turns, jumps: Jumps) -> None:
        self.store = store
        self.turns = turns
        self.jumps = jumps
        self.access = MemberAccess(store)

    async def page(self, seated: Seated) -> SeatPage:
        """The session's seat as its page shows it now (one load of the game, one read of the member's secrets).
        Raises ``NoGame`` (removed meanwhile), ``NotAPlayer`` (the seat changed hands meanwhile)."""
        loaded = await self.store.load(seated.guild_id, seated.game_id)
        seat = _seat(loaded, seated)
        state = loaded.state
        view = engine.view(state, seat)
        entries: tuple[LegalMove, ...] | None = None
        if loaded.row.status is Status.RUNNING and not state.finished and state.phase is not Phase.JUMP:
            try:
                acting_seat(loaded, seated.member_id)
            except EngineError:
                pass
            else:
                entries = tuple(engine.legal_moves(state))
        jump = order = None
        async with self.store.storage.read() as r:
            if loaded.row.status is Status.RUNNING and seat in jump_choices.choosers(state):
                opened = jump_choices.opened(state)
                jump = JumpOpen(jump_choices.most_chips(state, seat),
                                await jump_choices.chips_of(r, loaded.row.id, opened, seat), opened)
            if state.phase is Phase.BID:
                order = await read_order(r, loaded.row.id, seat)
                if order is not None and order.round != view.round:
                    order = None
        game = GameInfo.of(loaded.row, loaded.seats, None)
        return SeatPage(seated, game, view, entries, jump, order)

    async def act(self, seated: Seated, version: int, path: Path) -> Moved:
        """The move at ``path`` of the member's menu at ``version``, applied as the slash command's (``Turns.act``).
        Raises ``MovedOn`` (the game is no longer at ``version``), ``NotOnMenu``, and ``Turns.act``'s refusals."""
        view, entries = await self.turns.menu_moves(seated.guild_id, seated.game_id, seated.member_id, version)
        try:
            move = Menu(view, entries).finish(path).text
        except UnknownChoice:
            raise NotOnMenu(not_on_menu()) from None
        return await self.turns.act(seated.guild_id, seated.game_id, seated.member_id, move, version=version)

    async def jump(self, seated: Seated, chips: int, opened: int) -> JumpChoice:
        """The member's chips for the jump that opened at ``opened``, kept in secret (``Jumps.choose_jump``; the last
        choice reveals them all). Raises ``MovedOn`` when that jump is over, and ``choose_jump``'s refusals."""
        loaded = await self.store.load(seated.guild_id, seated.game_id)
        _seat(loaded, seated)
        if not jump_choices.is_open(loaded.state) or jump_choices.opened(loaded.state) != opened:
            raise MovedOn(tr("web_play.jump_over", "That jump is over: nothing was done."))
        return await self.jumps.choose_jump(seated.guild_id, seated.game_id, seated.member_id, chips, jump=opened)


def _seat(loaded: Loaded, seated: Seated) -> int:
    """The session's seat, still the member's. Raises ``NotAPlayer``."""
    if loaded.seat_of(seated.member_id) != seated.seat:
        raise NotAPlayer(tr("service.are_playing_game", "You are not playing in this game."))
    return seated.seat


def not_on_menu() -> Said:
    return tr("menu.unknown", "That choice is not on the menu any more: nothing was done.")


__all__ = ["JumpOpen", "NotOnMenu", "SeatPage", "WebPlay", "not_on_menu"]
