"""Auction standing orders: a bidder leaves "pass" or "bid up to N" for the current round, and the bot
plays it when their bid is due (at once if it is due now, else at the scheduler's next tick).

``bid up to N`` bids one above the high bid while that is at most N (and legal: at most the bidder's
score), else passes. An order serves every auction of the round it was left in and is dropped when
that round is over; ``cancel`` takes it back. The moves are logged as the member's own (``actor_id``)
with a ``standing_order`` post first (payload: ``seat``, ``player``, ``member_id``, ``order``, ``moves``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import engine
from bot.core.clocks.timing import clock_of, read_clock, replan, wait_key
from bot.core.storage import sql
from bot.core.storage.base import Reader, Storage
from bot.core.storage.rows import Status
from bot.core.table.computers import Computers
from bot.core.table.games import Games
from bot.core.table.posts import NewPost, PostKind
from bot.core.table.results import Moved
from bot.core.table.seat_moves import MovedOn, play_for_seat
from bot.core.table.store import GameStore
from bot.core.words.errors import BadOption, NotJoined, WrongStatus, quoted
from bot.core.words.texts import tr
from engine import Bid, GameState, Move, Pass, Phase

_ORDER = re.compile(r"^\s*(?:bid\s+)?(?:up\s*to\s+)?(\d{1,4})\s*$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class StandingOrder:
    game_id: int
    seat: int
    round: int
    max_bid: int | None
    """The highest bid to make; None: pass."""
    member_id: int

    @property
    def text(self) -> str:
        return "pass" if self.max_bid is None else f"bid up to {self.max_bid}"


def parse_order(text: str) -> int | None:
    """``pass`` → None; ``bid up to 5`` (or ``up to 5``, ``5``) → 5. Raises ``BadOption``."""
    if text.strip().lower() == "pass":
        return None
    m = _ORDER.match(text)
    if m is None or int(m[1]) < 1:
        raise BadOption(tr("standing_orders.order_write_pass_or",
                           "{value} is not an order: write `pass` or `bid up to 5`.", value=quoted(text)))
    return int(m[1])


def order_moves(state: GameState, max_bid: int | None) -> list[Move]:
    """The move an order makes now: one above the high bid if allowed and legal, else a pass."""
    if state.phase is not Phase.BID:
        raise MovedOn
    if max_bid is not None and state.high_bid + 1 <= max_bid and engine.is_legal(state, Bid(state.high_bid + 1)):
        return [Bid(state.high_bid + 1)]
    return [Pass()]


async def read_order(reader: Reader, game_id: int, seat: int) -> StandingOrder | None:
    """The seat's order, if the member who left it still holds the seat (an order dies with its member's seat)."""
    row = await sql.one(reader, "SELECT o.game_id, o.seat, o.round, o.max_bid, o.member_id FROM standing_orders o "
                                "JOIN seats s ON s.game_id = o.game_id AND s.seat = o.seat "
                                "AND s.member_id = o.member_id WHERE o.game_id = ? AND o.seat = ?", (game_id, seat))
    return None if row is None else StandingOrder(*row)


async def play_order(computers: Computers, guild_id: int, order: StandingOrder, key: str) -> Moved | None:
    """Play the order for the wait ``key`` (the scheduler and ``leave`` call this); None if not due after all."""

    def moves(state: GameState) -> list[Move]:
        if state.round != order.round:
            raise MovedOn
        return order_moves(state, order.max_bid)

    return await play_for_seat(
        computers, guild_id, order.game_id, expected_key=key, moves=moves, actor_id=order.member_id,
        post=lambda played: NewPost(PostKind.STANDING_ORDER, {**played, "member_id": order.member_id,
                                                             "order": order.text}),
    )


async def drop_stale_order(storage: Storage, game_id: int, seat: int, round_now: int) -> bool:
    """Delete the seat's order if it was left for an earlier round; True if one was dropped."""
    async with storage.transaction() as tx:
        gone = await sql.run(tx, "DELETE FROM standing_orders WHERE game_id = ? AND seat = ? AND round <> ?",
                             (game_id, seat, round_now))
        clock = await read_clock(tx, game_id)
        if gone and clock is not None:
            await replan(tx, clock)
    return gone > 0


class StandingOrders:
    def __init__(self, store: GameStore, games: Games, computers: Computers) -> None:
        self.store = store
        self.storage = store.storage
        self.games = games
        self.computers = computers

    async def leave(
        self, guild_id: int, game_id: int, member_id: int, order: str
    ) -> tuple[StandingOrder, Moved | None]:
        """Leave an order for this round (``pass`` or ``bid up to N``); played at once if the member is to bid.

        Raises ``BadOption``, ``NotJoined``, ``WrongStatus`` (not an auction, not running).
        """
        max_bid = parse_order(order)
        game = await self.games.game(guild_id, game_id)
        if game.variant not in ("auction", "rapido") or game.status is not Status.RUNNING:
            raise WrongStatus(tr("standing_orders.standing_orders_are_for",
                                 "Standing orders are for the bids of a running auction (or Tikal Rápido) game."))
        if game.seat_of(member_id) is None:
            raise NotJoined(tr("standing_orders.are_playing_game", "You are not playing in this game."))
        view = await self.games.view(guild_id, game_id)
        # The seat is checked again under the game's lock, in the transaction that stores the order: a replace or
        # a kick in between (which take the same lock) leaves the member without a seat, and so without an order.
        async with self.store.game_lock(game_id), self.storage.transaction() as tx:
            row = await tx.game(guild_id, game_id)
            if row is None or row.status is not Status.RUNNING:
                raise WrongStatus(tr("standing_orders.standing_orders_are_for2",
                                     "Standing orders are for the bids of a running auction game."))
            seat = next((s.seat for s in await tx.seats(game_id) if s.member_id == member_id), None)
            if seat is None:
                raise NotJoined(tr("standing_orders.are_playing_game", "You are not playing in this game."))
            left = StandingOrder(game_id, seat, view.round, max_bid, member_id)
            await sql.run(
                tx, "INSERT INTO standing_orders (game_id, seat, round, max_bid, member_id, created_at) VALUES "
                    "(?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, seat) DO UPDATE SET round = excluded.round, "
                    "max_bid = excluded.max_bid, member_id = excluded.member_id, created_at = excluded.created_at",
                (game_id, seat, view.round, max_bid, member_id, sql.now(tx)))
            await replan(tx, await clock_of(tx, row))
        moved = None
        if view.phase is Phase.BID and view.to_act == seat:
            key = wait_key(view.turn, seat, view.phase)
            assert key is not None
            moved = await play_order(self.computers, guild_id, left, key)
        return left, moved

    async def play_due(self, guild_id: int, game_id: int) -> Moved | None:
        """Play the standing order of the bidder to act, if they left one for this round (after a move made their
        bid due: at once, not at the scheduler's next tick); None if there is none to play."""
        view = await self.games.view(guild_id, game_id)
        if view.phase is not Phase.BID or view.to_act is None:
            return None
        async with self.storage.read() as r:
            order = await read_order(r, game_id, view.to_act)
        if order is None or order.round != view.round:
            return None
        key = wait_key(view.turn, view.to_act, view.phase)
        assert key is not None
        return await play_order(self.computers, guild_id, order, key)

    async def cancel(self, guild_id: int, game_id: int, member_id: int) -> bool:
        """Take back the member's order; False if there was none."""
        game = await self.games.game(guild_id, game_id)
        me = game.seat_of(member_id)
        if me is None or me.seat is None:
            return False
        async with self.storage.transaction() as tx:
            gone = await sql.run(tx, "DELETE FROM standing_orders WHERE game_id = ? AND seat = ?", (game_id, me.seat))
            row = await tx.game(guild_id, game_id)
            if row is not None and gone:
                await replan(tx, await clock_of(tx, row))
        return gone > 0

    async def of(self, guild_id: int, game_id: int, member_id: int) -> StandingOrder | None:
        """The member's order in the game, if any."""
        game = await self.games.game(guild_id, game_id)
        me = game.seat_of(member_id)
        if me is None or me.seat is None:
            return None
        async with self.storage.read() as r:
            return await read_order(r, game_id, me.seat)


__all__ = ["StandingOrder", "StandingOrders", "drop_stale_order", "order_moves", "parse_order",
           "play_order", "read_order"]
