"""``WebPlay``: a member's page and moves from the core's side. The page holds the seat's legal moves only while it
is to act; a move is a path of the turn's menu at the version the page showed, applied by ``Turns.act`` (a stale
version, a path the menu lacks, another member's turn: refused, nothing changes); a Tikal Rápido jump's chips are
kept in secret and each member's page shows only their own; a standing order only to its member."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import engine
from bot.core.assembly import Core
from bot.core.menus import Menu
from bot.core.web_play.access import Seated
from bot.core.web_play.play import NotOnMenu
from bot.core.words.errors import MovedOn
from engine import NotYourTurn, Phase
from tests.bot.core.optionkit import drive, options_game, seat_of
from tests.bot.core.servicekit import GUILD, started_game


async def seated(svc: Core, game_id: int, member: int) -> Seated:
    token, _ = await svc.web_play.access.issue(GUILD, game_id, member)
    opened = await svc.web_play.access.open(token)
    assert opened is not None
    return opened.seated


async def test_a_move_is_a_path_of_the_menu_at_the_pages_version(svc: Core) -> None:
    game = await started_game(svc, 2)
    view = await svc.games.view(GUILD, game.id)
    assert view.to_act is not None
    me = await seated(svc, game.id, seat_of(game, view.to_act))
    other = await seated(svc, game.id, seat_of(game, 1 - view.to_act))
    page = await svc.web_play.page(me)
    assert page.entries is not None and page.view.viewer == me.seat and page.jump is None
    assert (await svc.web_play.page(other)).entries is None
    menu = Menu(page.view, page.entries)
    path, move = menu.paths()[0]
    with pytest.raises(NotYourTurn):
        await svc.web_play.act(other, view.version, path)
    with pytest.raises(NotOnMenu):
        await svc.web_play.act(me, view.version, ("p", "Z9", "0"))
    with pytest.raises(MovedOn):
        await svc.web_play.act(me, view.version + 1, path)
    assert (await svc.games.view(GUILD, game.id)).version == view.version  # nothing changed
    moved = await svc.web_play.act(me, view.version, path)
    assert moved.move == move and moved.view.version == view.version + 1
    with pytest.raises(MovedOn):  # the same click again: the page showed an older version
        await svc.web_play.act(me, view.version, path)
    after = await svc.web_play.page(me)
    assert after.entries is not None and {str(e.move) for e in after.entries} == {
        str(e.move) for e in engine.legal_moves((await svc.store.load(GUILD, game.id)).state)}


async def test_a_jumps_chips_are_each_members_own_secret(svc: Core) -> None:
    game = await options_game(svc, 3, "rapido")
    view = await drive(svc, game, random.Random(6), until=lambda v: v.phase is Phase.JUMP)
    choosing = [q for q in view.round_order if view.chips[q]]
    assert len(choosing) >= 2
    pages = {q: await seated(svc, game.id, seat_of(game, q)) for q in choosing}
    first, second = choosing[:2]
    page = await svc.web_play.page(pages[first])
    assert page.jump is not None and page.jump.own is None and page.entries is None
    with pytest.raises(MovedOn):
        await svc.web_play.jump(pages[first], 1, page.jump.opened - 1)
    chosen = await svc.web_play.jump(pages[first], 2, page.jump.opened)
    assert chosen.moved is None and chosen.chips == 2
    mine = await svc.web_play.page(pages[first])
    theirs = await svc.web_play.page(pages[second])
    assert mine.jump is not None and mine.jump.own == 2
    assert theirs.jump is not None and theirs.jump.own is None
    assert mine.view == replace(theirs.view, viewer=first)  # the views differ in whose they are only


async def test_a_standing_order_shows_on_its_members_page_only(svc: Core) -> None:
    game = await options_game(svc, 3, "auction")
    view = await drive(svc, game, random.Random(2), until=lambda v: v.phase is Phase.BID)
    assert view.to_act is not None
    waiting = next(q for q in range(3) if q != view.to_act)
    member = seat_of(game, waiting)
    await svc.orders.leave(GUILD, game.id, member, "bid up to 4")
    mine = await svc.web_play.page(await seated(svc, game.id, member))
    assert mine.order is not None and mine.order.max_bid == 4
    others = [q for q in range(3) if q != waiting]
    for q in others:
        page = await svc.web_play.page(await seated(svc, game.id, seat_of(game, q)))
        assert page.order is None
