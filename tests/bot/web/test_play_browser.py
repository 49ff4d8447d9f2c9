"""Two members play to the end on their own boards in Debian's chromium, each in a browser context of their own,
clicking only, a whole seeded basic game and a whole seeded auction game from their first move (turns kept short: a
few actions, then End turn): the board offers exactly the engine's legal moves (every ringed space, every action there,
every choice of each) at the first position of each phase and every third position after, each click's move is the one
the game logs, the channel's wait message moves with every turn
(through the wire harness), Undo and End turn (asking while AP are left) work, a click on a page that missed a move
is refused with "the game has moved on" and the page shows the game as it is, a move is made with the keyboard alone,
one member's page can neither act for the other nor read their standing order, a change from another site or without
the session's CSRF token is refused, the link opened from another site (as from Discord) leaves the address bar, and
the spectator's page stays as it was: no panel, no ring, no script of a member's."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from playwright.async_api import Browser

import engine
from bot.core.menus import Menu
from bot.web.guard import RateLimit
from bot.web.play_words import PlayWords
from engine import Phase
from lang import translator
from tests.bot.adapter.discordkit import ANA, BEN, CHANNEL, GUILD, bot_of, command, edits, open_game, posts, responses
from tests.bot.adapter.wire import Wire
from tests.bot.web.clickkit import Board, click_choice, open_board, watch
from tests.bot.web.playkit import legal_texts
from tests.bot.web.webkit import free_port, page_url, until, web_bot

pytestmark = pytest.mark.slow

EN = PlayWords(translator("en"))
DISCORD_LIKE = "http://discord.test/channels/1"
"""A page of another site with the member's link on it, as Discord shows it."""
IDLE = '() => [document.body.dataset.acting, document.querySelectorAll(".hex.actionable").length]'
"""What the page of a member not to act says of acting (``"0"``) and how many spaces it rings (none), read at once."""


@asynccontextmanager
async def members_bot(db_path: Path, port: int) -> AsyncIterator[Wire]:
    """The bot with its web view on ``port``: no request limit (two browsers, one address: none to meet) and no limit
    to a member's moves (these members click faster than anyone: a move in a fifth of a second; the limit has its own
    test in test_play_server.py), and the other member's page told of a move within 50 ms (the live stream's poll),
    as the one who moved is at once."""
    async with web_bot(db_path, web_url=f"http://127.0.0.1:{port}", web_port=port, web_requests_per_minute=1e6,
                       web_poll_seconds=0.05) as wire:
        web = bot_of(wire).web
        assert web is not None
        web.members.member_limit = RateLimit(per_minute=1e6, burst=1e6)
        yield wire


async def link_for(wire: Wire, member: int) -> str:
    """The member's own link, asked for with ``/tikal-game web`` (its link button's address)."""
    (answer,) = responses(await command(wire, "tikal-game web", user=member))
    (button,) = [b for row in answer.data["components"] for b in row["components"]]
    return str(button["url"])


async def boards_of(browser: Browser, wire: Wire, game_id: int,
                    width: int = 1440) -> tuple[dict[int, Board], dict[int, str]]:
    """Each member's board (seat → board), each in a context of its own, and their links; the first opened from
    another site's link, as from Discord."""
    game = await bot_of(wire).core.games.game(GUILD, game_id)
    boards: dict[int, Board] = {}
    links: dict[int, str] = {}
    for seat in game.seats:
        assert seat.seat is not None
        link = links[seat.seat] = await link_for(wire, seat.member_id)
        if not boards:
            context = await browser.new_context(viewport={"width": width, "height": 1000})
            page = await context.new_page()
            await watch(page)
            shown = f'<!doctype html><a id="go" href="{link}">Open my board</a>'
            await page.route(DISCORD_LIKE, lambda route: route.fulfill(content_type="text/html", body=shown))  # noqa: B023
            await page.goto(DISCORD_LIKE)
            await page.click("#go")
            await page.wait_for_selector("body[data-drawn]")
            board = Board(seat.member_id, seat.seat, context, page)
            page.on("pageerror", lambda error: board.errors.append(str(error)))  # noqa: B023 (one board a pass)
            assert "/m/" not in page.url and page.url.endswith(f"/play/{game_id}"), "the link left the address bar"
        else:
            board = await open_board(browser, link, seat.member_id, seat.seat, width)
        boards[seat.seat] = board
    return boards, links


async def check_offered(wire: Wire, game_id: int, board: Board) -> None:
    """The page offers exactly the engine's legal moves of the position (and the other member's offers nothing)."""
    state = (await bot_of(wire).core.store.load(GUILD, game_id)).state
    offered = await board.offered()  # a move between two spaces is offered at both
    assert set(offered) == legal_texts(engine.legal_moves(state)), state.version


async def play_to_the_end(wire: Wire, game_id: int, boards: dict[int, Board], rng: random.Random) -> dict[str, int]:
    """Both members click until the game is over; what was done (moves, turns ended, undos, ends that asked)."""
    core = bot_of(wire).core
    done = {"moves": 0, "ends": 0, "undos": 0, "asked": 0}
    actions = 0
    phases: set[Phase] = set()
    while True:
        view = await core.games.view(GUILD, game_id)
        if view.finished:
            return done
        assert view.to_act is not None
        board = boards[view.to_act]
        await board.shows(view.version)
        for seat, other in boards.items():
            if seat != view.to_act:
                await other.shows(view.version)
                assert await other.page.evaluate(IDLE) == ["0", 0]
        if view.phase not in phases or done["moves"] % 3 == 0:  # every position would double the run
            phases.add(view.phase)
            await check_offered(wire, game_id, board)
        asked = view.phase in (Phase.ACTIONS, Phase.SCORING) and bool(view.ap_left)
        start = len(wire.calls)
        move = await click_choice(board, rng, end_weight=0.3 + 0.3 * actions, undo_weight=0.05)
        after = await core.games.view(GUILD, game_id)
        assert after.log[-1] == move, (move, after.log[-3:])
        # the channel follows every move: the wait's message edited, or the next one posted
        await until(lambda since=start: bool(edits(wire.calls[since:]) or posts(wire.calls[since:], CHANNEL)))
        done["moves"] += 1
        if move == "undo":
            done["undos"] += 1
            actions = max(0, actions - 1)
        elif move == "end" or after.to_act != view.to_act:
            done["ends"] += move == "end"
            done["asked"] += move == "end" and asked
            actions = 0
        else:
            actions += 1


def spectator_clean(html: str) -> None:
    assert 'id="play"' not in html and "play.js" not in html and "act-ring" not in html and "csrf" not in html


@pytest.mark.timeout(900)
@pytest.mark.usefixtures("one_picture")  # the channel's pictures are not what these games look at
async def test_two_members_play_a_basic_game_to_the_end_by_clicking(db_path: Path, browser: Browser) -> None:
    port = free_port()
    async with members_bot(db_path, port) as wire:
        core = bot_of(wire).core
        core.lobby._seed_source = lambda: 32  # the same game every run
        game_id = await open_game(wire, [ANA, BEN])
        spectator = await browser.new_context()
        watching = await spectator.new_page()
        await watching.goto(await page_url(wire, game_id))
        await watching.wait_for_selector("body[data-drawn]")
        spectator_clean(await watching.content())
        boards, links = await boards_of(browser, wire, game_id)
        view = await core.games.view(GUILD, game_id)
        assert view.to_act is not None
        me, them = boards[view.to_act], boards[1 - view.to_act]

        # the actionable spaces say so to a screen reader; the other member's page offers nothing
        await check_offered(wire, game_id, me)
        ringed = await me.page.eval_on_selector_all(".hex.actionable",
                                                    "hs => hs.map(h => h.getAttribute('aria-label'))")
        assert ringed and all(label.endswith(EN.play_labels()["actionable"]) for label in ringed)
        assert await them.offered() == []

        # one move with the keyboard alone: to a space, Enter, Enter on an action (Space on a choice), Enter on Confirm
        space = await me.page.eval_on_selector(".hex.actionable", "h => h.dataset.space")
        await me.page.focus(f".hex[data-space='{space}']")
        await me.page.keyboard.press("Enter")
        assert await me.page.evaluate("document.activeElement.matches('#play-here button.action')")
        await me.page.keyboard.press("Enter")
        if not await me.page.evaluate("document.activeElement.id === 'play-yes'"):
            assert await me.page.evaluate("document.activeElement.matches('button.finish')")
            await me.page.keyboard.press(" ")
        assert await me.page.evaluate("document.activeElement.id === 'play-yes'")
        move = await me.page.get_attribute("#play-yes", "data-move")
        await me.page.keyboard.press("Enter")
        await me.shows(view.version + 1)
        assert (await core.games.view(GUILD, game_id)).log[-1] == move

        # a page that missed a move (its live stream cut): its click is refused, and it shows the game as it is
        stale = await open_board(browser, links[me.seat], me.member_id, me.seat)  # the same link, a second browser
        await stale.context.route("**/events*", lambda route: route.abort())
        await stale.page.reload()
        await stale.page.wait_for_selector("body[data-drawn]")
        view = await core.games.view(GUILD, game_id)
        await stale.shows(view.version)
        await stale.page.click("#board .hex.actionable >> nth=0")
        await stale.page.click("#play-here button.action >> nth=0")
        if not await stale.page.locator("#play-yes").count():
            await stale.page.click("#play-here button.finish >> nth=0")
        await click_choice(me, random.Random(2), end_weight=0, undo_weight=0)
        await stale.page.click("#play-yes")
        await stale.shows(view.version + 1)
        assert await stale.message() == EN.moved_on()
        assert await stale.page.get_attribute("body", "data-answer") == "409"
        assert (await core.games.view(GUILD, game_id)).version == view.version + 1
        await stale.context.close()

        # Undo, and End turn with AP left: asked first
        view = await core.games.view(GUILD, game_id)
        while view.phase is not Phase.ACTIONS or not view.ap_left or view.to_act != me.seat:
            assert view.to_act is not None and not view.finished
            await click_choice(boards[view.to_act], random.Random(view.version),
                               end_weight=0 if view.to_act == me.seat else 0.6, undo_weight=0)
            view = await core.games.view(GUILD, game_id)
        await click_choice(me, random.Random(3), end_weight=0, undo_weight=0)
        await me.page.click("#play-undo")
        await me.shows(view.version + 2)
        assert (await core.games.view(GUILD, game_id)).log[-1] == "undo"
        start = len(wire.calls)
        await me.page.click("#play-end")
        assert (await me.page.text_content("#play-confirm") or "").startswith("You still have")
        await me.page.click("#play-yes")
        await me.shows(view.version + 3)
        assert await me.message() == "✅ Turn ended."
        await until(lambda: bool(posts(wire.calls[start:], CHANNEL)))
        assert f"<@{them.member_id}>" in (posts(wire.calls[start:], CHANNEL)[0].data.get("content") or "")

        # the other member's page cannot act for the one to act: the server refuses what it would send
        view = await core.games.view(GUILD, game_id)
        assert view.to_act is not None
        acting, idle = boards[view.to_act], boards[1 - view.to_act]
        path, _ = Menu(*await core.turns.view_and_moves(GUILD, game_id, acting.member_id)).paths()[0]
        answer = await idle.page.evaluate("""async ([path, version]) => {
          const page = JSON.parse(document.getElementById("page-data").textContent);
          const r = await fetch(page.actions.act, {method: "POST", headers: {"Content-Type": "application/json",
            "X-Tikal-CSRF": page.csrf}, body: JSON.stringify({version: version, path: path})});
          return [r.status, await r.json()];
        }""", [list(path), view.version])
        assert answer[0] == 422 and "turn" in answer[1]["said"]
        # nor may the one to act without the session's CSRF token, nor a page of another site
        status = await acting.page.evaluate("""async ([path, version]) => {
          const page = JSON.parse(document.getElementById("page-data").textContent);
          const r = await fetch(page.actions.act, {method: "POST", headers: {"Content-Type": "application/json",
            "X-Tikal-CSRF": "not-the-token"}, body: JSON.stringify({version: version, path: path})});
          return r.status;
        }""", [list(path), view.version])
        assert status == 403
        evil = await acting.context.new_page()
        await evil.route("http://evil.test/", lambda route: route.fulfill(content_type="text/html", body="<p>hi"))
        await evil.goto("http://evil.test/")
        sent = await evil.evaluate("""async ([url, path, version]) => {
          try {
            await fetch(url, {method: "POST", mode: "no-cors", credentials: "include",
              headers: {"Content-Type": "text/plain"}, body: JSON.stringify({version: version, path: path})});
            return "sent";
          } catch (e) { return "refused"; }
        }""", [f"http://127.0.0.1:{port}/play/{game_id}/act", list(path), view.version])
        assert sent in ("sent", "refused")
        await evil.close()
        assert (await core.games.view(GUILD, game_id)).version == view.version  # nothing was done

        done = await play_to_the_end(wire, game_id, boards, random.Random(32))
        final = await core.games.view(GUILD, game_id)
        assert final.finished and done["ends"] >= 2, done
        for board in boards.values():
            await board.shows(final.version)
            assert await board.page.get_attribute("body", "data-acting") == "0"
            assert (await board.page.text_content("#notice") or "").strip() == EN.finished()
            assert board.errors == []

        # the spectator's page followed, and never had a member's panel or rings
        await watching.wait_for_selector(f"body[data-version='{final.version}']", timeout=20_000)
        spectator_clean(await watching.content())
        assert not await watching.eval_on_selector_all(".act-ring", "rs => rs.length")
        await spectator.close()
        for board in boards.values():
            await board.context.close()


@pytest.mark.timeout(900)
@pytest.mark.usefixtures("one_picture")  # the channel's pictures are not what these games look at
async def test_two_members_play_an_auction_game_to_the_end_by_clicking(db_path: Path, browser: Browser) -> None:
    port = free_port()
    async with members_bot(db_path, port) as wire:
        core = bot_of(wire).core
        core.lobby._seed_source = lambda: 33  # the same game every run
        game_id = await open_game(wire, [ANA, BEN], variant="auction")
        boards, _ = await boards_of(browser, wire, game_id, width=400)  # on phones
        for board in boards.values():
            assert await board.page.evaluate("document.scrollingElement.scrollWidth") <= 400
        rng = random.Random(33)
        # a standing order is its member's alone: shown on their page, never on the other's
        while True:
            view = await core.games.view(GUILD, game_id)
            if view.phase is Phase.BID and view.to_act is not None:
                break
            assert view.to_act is not None and not view.finished
            await click_choice(boards[view.to_act], rng, end_weight=0.5, undo_weight=0)
        waiting = boards[1 - view.to_act]
        await command(wire, "tikal-game order", {"order": "pass"}, user=waiting.member_id)
        shown: dict[int, tuple[str, str]] = {}
        for board in boards.values():  # a reload: a standing order does not move the game
            await board.page.reload()
            await board.page.wait_for_selector("body[data-drawn]")
            shown[board.seat] = (await board.page.text_content("#play-private") or "", await board.page.content())
        assert shown[waiting.seat][0] == EN.t.tr("web_play.order_pass", "Your standing order this round: pass (only "
                                                                        "you see this).")
        assert "standing order" not in shown[1 - waiting.seat][1]
        await command(wire, "tikal-game order", {"order": "cancel"}, user=waiting.member_id)  # the members click on
        done = await play_to_the_end(wire, game_id, boards, rng)
        final = await core.games.view(GUILD, game_id)
        assert final.finished and done["moves"] > 5, done
        for board in boards.values():
            await board.shows(final.version)
            assert board.errors == []
            assert await board.page.evaluate("document.scrollingElement.scrollWidth") <= 400
            await board.context.close()
