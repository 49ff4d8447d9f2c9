"""Auction standing orders: "pass" or "bid up to N" for the current round, played when the bid is due."""

from __future__ import annotations

from pathlib import Path

import pytest

import engine
from bot.core.clocks.timing import read_clock
from bot.core.days.standing_orders import order_moves, parse_order
from bot.core.storage import sql
from bot.core.words.errors import BadOption, NotJoined, WrongStatus
from engine import Phase
from tests.bot.core.clockkit import MOD, Kit, open_kit
from tests.bot.core.servicekit import GUILD, MEMBERS, STRANGER, replay_from_file
from tests.bot.core.servicekit import started_game as start

ANA, BEN, CY, _ = MEMBERS


def test_orders_are_read_as_typed() -> None:
    assert parse_order("pass") is None and parse_order(" PASS ") is None
    assert parse_order("bid up to 5") == parse_order("up to 5") == parse_order("5") == 5
    for bad in ("bid", "up to 0", "raise", "bid up to -2"):
        with pytest.raises(BadOption, match="pass"):
            parse_order(bad)


async def test_orders_of_waiting_bidders_are_played_when_their_bid_comes(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    async with open_kit(path) as k:
        orders = k.svc.orders
        game = await start(k.svc, 3, "auction")
        view = await k.svc.games.view(GUILD, game.id)
        assert view.phase is Phase.BID and view.to_act == 0 and view.bidders == (0, 1, 2)
        assert [p.score for p in view.players] == [20, 20, 20]
        ben, ben_moved = await orders.leave(GUILD, game.id, BEN, "bid up to 3")
        _, cy_moved = await orders.leave(GUILD, game.id, CY, "up to 2")
        assert ben_moved is None and cy_moved is None and ben.round == view.round and ben.text == "bid up to 3"
        assert await orders.of(GUILD, game.id, BEN) == ben
        await k.svc.turns.act(GUILD, game.id, ANA, "pass")
        report = await k.scheduler.tick(k.clock.at(0.01))
        played = [(p.payload["member_id"], p.payload["moves"]) for p in report.posts if p.kind == "standing_order"]
        # the orders outbid each other one point at a time up to their limits
        assert played == [(BEN, ["bid 1"]), (CY, ["bid 2"]), (BEN, ["bid 3"]), (CY, ["pass"])]
        (won,) = [p for p in report.posts if p.kind == "wait"]  # Ben won: his pick's message pings him alone
        assert won.payload["next"]["member_id"] == BEN and won.payload["next"]["phase"] == "pick"
        assert [e["member_id"] for e in won.payload["pinged"]] == [BEN]
        assert [c.get("facts", {}).get("won") for c in won.payload["catch_up"]] == [[1, 3]]
        page = await k.history.history(GUILD, game.id)
        assert [e.actor_id for e in page.entries] == [ANA, BEN, CY, BEN, CY]  # logged as the members' own moves
        assert engine.view(replay_from_file(path, game.id), None) == await k.svc.games.view(GUILD, game.id)


async def test_an_order_left_by_the_bidder_to_act_bids_at_once_up_to_its_limit(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    async with open_kit(path, seed=5) as k:
        orders = k.svc.orders
        game = await start(k.svc, 3, "auction")
        _, moved = await orders.leave(GUILD, game.id, ANA, "bid up to 1")  # Ana is to bid: played at once
        assert moved is not None and list(moved.moves) == ["bid 1"] and moved.posts[0].kind == "standing_order"
        state = replay_from_file(path, game.id)
        assert state.phase is Phase.BID and state.to_act == 1
        assert order_moves(state, 1) == [engine.Pass()] and order_moves(state, 25) == [engine.Bid(2)]
        assert order_moves(state, 30) == [engine.Bid(2)]  # one above the high bid, not the whole limit
        assert await orders.cancel(GUILD, game.id, ANA)
        assert not await orders.cancel(GUILD, game.id, ANA)
        assert await orders.of(GUILD, game.id, ANA) is None
        assert await k.tick(1) == []  # Ben has no order: nothing is played for him


@pytest.mark.backends
async def test_orders_are_refused_outside_a_running_auction(kit: Kit) -> None:
    orders = kit.svc.orders
    game = await start(kit.svc, 2, "basic")
    with pytest.raises(WrongStatus, match="auction"):
        await orders.leave(GUILD, game.id, ANA, "pass")
    auction = await start(kit.svc, 2, "auction", channel=9)
    with pytest.raises(BadOption):
        await orders.leave(GUILD, auction.id, BEN, "bid lots")


@pytest.mark.backends
async def test_a_kicked_or_replaced_seat_loses_its_order(kit: Kit) -> None:
    orders = kit.svc.orders
    game = await start(kit.svc, 3, "auction")
    await orders.leave(GUILD, game.id, BEN, "bid up to 5")
    await orders.leave(GUILD, game.id, CY, "bid up to 5")
    await kit.mod.kick(GUILD, game.id, BEN, MOD, is_moderator=True)
    await kit.mod.replace(GUILD, game.id, CY, STRANGER, "Zed", MOD, is_moderator=True)
    assert await orders.of(GUILD, game.id, STRANGER) is None
    await kit.svc.turns.act(GUILD, game.id, ANA, "pass")
    report = await kit.scheduler.tick(kit.clock.at(0.01))
    assert [p.payload["moves"] for p in report.posts if p.kind == "absent_turn"] == [["pass"]]  # Ben, by ruling 14
    assert not any(p.kind == "standing_order" for p in report.posts)


@pytest.mark.backends
@pytest.mark.parametrize("change", ["kick", "replace"])
async def test_an_order_racing_a_kick_or_a_replace_dies_with_the_seat(kit: Kit, change: str) -> None:
    """The seat changes hands between the member's look at the game and the order's transaction: the order is
    refused, and the seat's next bid is the absent seat's pass (ruling 14) or the new member's own."""
    orders = kit.svc.orders
    game = await start(kit.svc, 3, "auction")
    looked = kit.svc.games.view

    async def look_then_change(guild_id: int, game_id: int | object) -> object:
        view = await looked(guild_id, game_id)  # type: ignore[arg-type]
        if change == "kick":
            await kit.mod.kick(GUILD, game.id, BEN, MOD, is_moderator=True)
        else:
            await kit.mod.replace(GUILD, game.id, BEN, STRANGER, "Zed", MOD, is_moderator=True)
        return view

    kit.svc.games.view = look_then_change  # type: ignore[method-assign,assignment]
    with pytest.raises(NotJoined):
        await orders.leave(GUILD, game.id, BEN, "bid up to 5")
    del kit.svc.games.view
    assert await orders.of(GUILD, game.id, STRANGER) is None
    await kit.svc.turns.act(GUILD, game.id, ANA, "pass")
    report = await kit.scheduler.tick(kit.clock.at(0.01))
    assert not any(p.kind == "standing_order" for p in report.posts)
    if change == "kick":
        assert [p.payload["moves"] for p in report.posts if p.kind == "absent_turn"] == [["pass"]]


@pytest.mark.backends
async def test_an_order_left_by_a_member_who_lost_the_seat_is_never_played(kit: Kit) -> None:
    """Whatever wrote it, an order whose member no longer holds the seat is not read."""
    orders = kit.svc.orders
    game = await start(kit.svc, 3, "auction")
    await orders.leave(GUILD, game.id, BEN, "bid up to 5")
    async with kit.svc.storage.transaction() as tx:  # as a racing replace would have left it
        await sql.run(tx, "UPDATE seats SET member_id = ? WHERE game_id = ? AND member_id = ?",
                      (STRANGER, game.id, BEN))
    assert await orders.of(GUILD, game.id, STRANGER) is None
    await kit.svc.turns.act(GUILD, game.id, ANA, "pass")
    report = await kit.scheduler.tick(kit.clock.at(0.01))
    assert not any(p.kind == "standing_order" for p in report.posts)


@pytest.mark.backends
async def test_a_replaced_seat_inherits_no_order_so_the_newcomer_is_reminded_and_has_a_deadline(kit: Kit) -> None:
    """Ben leaves an order, then his seat goes to a newcomer: the order goes with Ben. When the seat's bid comes,
    the clock plans the newcomer's reminder and deadline (an order left in place would make it wait for a bid
    that never comes, with neither)."""
    orders = kit.svc.orders
    game = await start(kit.svc, 3, "auction")
    await kit.mod.set_timing(GUILD, game.id, MOD, is_moderator=True, bid_hours=24)
    await orders.leave(GUILD, game.id, BEN, "bid up to 5")
    await kit.mod.replace(GUILD, game.id, BEN, STRANGER, "Zed", MOD, is_moderator=True)
    async with kit.svc.storage.read() as r:
        assert await sql.rows(r, "SELECT seat FROM standing_orders WHERE game_id = ?", (game.id,)) == []
    await kit.svc.turns.act(GUILD, game.id, ANA, "pass")
    view = await kit.svc.games.view(GUILD, game.id)
    assert view.phase is Phase.BID and (await kit.svc.games.game(GUILD, game.id)).at_seat(view.to_act or 0).member_id \
        == STRANGER  # type: ignore[union-attr]
    async with kit.svc.storage.read() as r:
        clock = await read_clock(r, game.id)
    assert clock is not None and clock.seat == view.to_act and clock.kind == "bid"
    assert clock.remind_at is not None and clock.deadline_at is not None and clock.next_due == clock.remind_at
    report = await kit.scheduler.tick(clock.remind_at)
    reminded = [p.payload for p in report.posts if p.kind == "reminder"]
    assert [r["member_id"] for r in reminded] == [STRANGER]
    assert not any(p.kind == "standing_order" for p in report.posts)
