"""The web view in a real browser: Debian's chromium driven by Playwright opens a running game's page (the game played
through the wire harness, as members play it on Discord), checks the board against the engine's view — every figure,
temple, camp, guard and score —, moves the game and sees the page follow without a reload, scrubs the history, and
finds no hidden information and no member's id in anything the page received or shows. The first paint is measured
and reported (``first_paint_ms`` in the test's properties), never asserted."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from playwright.async_api import Browser, Page

from bot.adapter.app import TikalBot
from bot.web.words import PageWords
from engine import GameView, Phase
from lang import translator
from render.panel import stack_line
from tests.bot.adapter.discordkit import ANA, BEN, CHANNEL, CY, GUILD, bot_of, open_game
from tests.bot.core import servicekit
from tests.bot.core.optionkit import drive, options_game
from tests.bot.web.test_hidden import secrets_of
from tests.bot.web.webkit import page_url, play, served, web_bot

RECORD_EVENTS = """
window.__events = [];
const Original = window.EventSource;
window.EventSource = function (url) {
  const source = new Original(url);
  const add = source.addEventListener.bind(source);
  source.addEventListener = function (kind, listener) {
    add(kind, function (e) { window.__events.push(e.data); listener(e); });
  };
  return source;
};
"""
"""Keeps every live event's data the page receives, to search it for hidden information."""

CONTRAST = """
() => {
  function rgb(text) { const m = text.match(/[\\d.]+/g).map(Number); return m.length > 3 && m[3] === 0 ? null : m; }
  function lum(c) {
    const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  }
  function ratio(a, b) { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); }
  function background(el) {
    for (let e = el; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c) { return c; }
    }
    return [255, 255, 255];
  }
  const low = [];
  for (const el of document.querySelectorAll("body *")) {
    if (el.closest("svg") || el.closest("[hidden]") || el.closest("details:not([open]) > p")) { continue; }
    const own = Array.from(el.childNodes).some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own || el.classList.contains("marker")) { continue; }
    const r = ratio(rgb(getComputedStyle(el).color), background(el));
    if (r < 4.5) { low.push(el.tagName + " " + el.textContent.slice(0, 30) + " " + r.toFixed(2)); }
  }
  for (const text of document.querySelectorAll("svg text")) {
    const hex = text.closest(".hex"), figure = text.closest(".figure");
    const shape = figure ? figure.firstElementChild
      : hex ? hex.querySelector("polygon.edge") : text.ownerSVGElement.querySelector("rect");  // a legend's sample
    const parse = h => [1, 3, 5].map(i => parseInt(h.slice(i, i + 2), 16));
    const r = ratio(parse(text.getAttribute("fill")), parse(shape.getAttribute("fill")));
    if (r < 4.5) { low.push("svg " + text.textContent + " " + r.toFixed(2)); }
  }
  return low;
}
"""

pytestmark = pytest.mark.slow

EN = PageWords(translator("en"))


async def open_page(browser: Browser, url: str, width: int = 1440, *, phone: bool = False) -> tuple[Page, list[str]]:
    """The page in a new tab ``width`` wide (``phone``: a touch screen), drawn; with every text the server answered
    it (but the live stream)."""
    page = await browser.new_page(viewport={"width": width, "height": 1000}, has_touch=phone, is_mobile=phone)
    await page.add_init_script(RECORD_EVENTS)
    received: list[str] = []
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))

    async def keep(response: Any) -> None:
        if not response.url.endswith("/events") and "/events?" not in response.url:
            received.append(await response.text())

    page.on("response", keep)
    await page.goto(url)
    await page.wait_for_selector("body[data-drawn]")
    assert errors == []
    return page, received


async def shown_board(page: Page) -> dict[str, Any]:
    """What the page draws: per space its terrain, temple value, camp, guard, gun and figures; the scores."""
    return dict(await page.evaluate("""() => {
      const spaces = {};
      for (const hex of document.querySelectorAll(".hex")) {
        const figures = Array.from(hex.querySelectorAll(".figure")).map(f => [
          Number(f.dataset.seat), f.dataset.leader === "1", Number(f.dataset.count)]);
        spaces[hex.dataset.space] = {terrain: hex.dataset.terrain, value: hex.dataset.value, camp: hex.dataset.camp,
          guard: hex.dataset.guard, gun: hex.dataset.gun, wafers: hex.dataset.wafers, figures: figures.sort()};
      }
      const scores = Array.from(document.querySelectorAll("#scores tbody tr")).map(
        r => [Number(r.dataset.seat), Number(r.querySelector("td").textContent)]);
      return {spaces, scores};
    }"""))


def expected_board(view: GameView) -> dict[str, Any]:
    """The same, from the engine's spectator view."""
    def text(value: int | None) -> str:
        return "" if value is None else str(value)

    spaces = {}
    for s in view.spaces:
        figures = sorted([[seat, True, 1] for seat in range(len(view.players)) if s.leaders[seat]]
                         + [[seat, False, n] for seat, n in enumerate(s.workers) if n])
        spaces[s.name] = {"terrain": str(s.terrain) if s.explored and s.terrain else "", "value": text(s.value),
                          "camp": text(s.camp), "guard": text(s.guard), "gun": text(s.gun), "wafers": str(s.wafers),
                          "figures": figures}
    return {"spaces": spaces, "scores": [[p.seat, p.score] for p in view.players]}


async def shown_panels(page: Page) -> dict[str, Any]:
    """What the players' panels and the stack line say, and whom the page marks as to act (score rows, panels)."""
    return dict(await page.evaluate("""() => ({
      panels: Array.from(document.querySelectorAll("#panels .panel")).map(
        p => [Number(p.dataset.seat), p.querySelector(".player-name").textContent,
              Array.from(p.querySelectorAll("li")).map(li => li.textContent)]),
      stack: document.querySelector("#stack").textContent,
      rows: Array.from(document.querySelectorAll("#scores tbody tr[aria-current='true']")).map(
        r => Number(r.dataset.seat)),
      marked: Array.from(document.querySelectorAll("#panels .panel.to-act")).map(p => Number(p.dataset.seat)),
    })"""))


def expected_panels(view: GameView, words: PageWords | None = None) -> dict[str, Any]:
    """The same, from the engine's spectator view."""
    words = words or EN
    acting = [view.to_act] if view.to_act is not None and not view.finished else []
    return {"panels": [[p.seat, p.name, words.panel(view, p.seat)] for p in view.players],
            "stack": stack_line(view, words.w), "rows": acting, "marked": acting}


LEGIBLE = """() => {
  // every figure's count and star as drawn: its font size (or the star's height) in CSS pixels on the screen
  const out = [];
  for (const figure of document.querySelectorAll(".hex .figure")) {
    const scale = figure.ownerSVGElement.getScreenCTM().a;
    const text = figure.querySelector("text"), star = figure.querySelector(".star");
    if (text) { out.push(["count", parseFloat(getComputedStyle(text).fontSize) * scale]); }
    if (star) { out.push(["star", star.getBoundingClientRect().height]); }
  }
  return out;
}"""


def snowflakes() -> list[re.Pattern[str]]:
    """Ids no page may show: the members', the server's, the channel's — as whole numbers (the test's ids are
    short: 7101 may well be part of a time or a coordinate)."""
    return [re.compile(rf"(?<![\d.]){i}(?![\d.])") for i in (ANA, BEN, CY, GUILD, CHANNEL)]


@pytest.mark.timeout(300)
async def test_a_running_games_page_shows_the_board_follows_the_game_and_scrubs_its_history(
        db_path: Path, browser: Browser, record_property: Any) -> None:
    rng = random.Random(27)
    async with web_bot(db_path) as wire:
        bot: TikalBot = bot_of(wire)
        game_id = await open_game(wire, [ANA, BEN, CY])
        view = await play(wire, game_id, 40, rng)
        assert not view.finished
        page, received = await open_page(browser, await page_url(wire, game_id))
        paint = await page.evaluate("performance.getEntriesByType('paint').map(p => [p.name, p.startTime])")
        record_property("first_paint_ms", json.dumps(paint))
        print(f"\nweb view: first paint {paint}")

        # the board as the engine sees it: every figure, temple, camp, guard and score
        assert await shown_board(page) == expected_board(view)
        assert await page.get_attribute("body", "data-version") == str(view.version)
        changed = await page.eval_on_selector_all(".hex.changed", "hs => hs.map(h => h.dataset.space)")
        assert changed, "the last turn's spaces are highlighted"
        assert await page.get_attribute("#scores tbody tr.to-act", "data-seat") == str(view.to_act)
        assert (await page.text_content("#deadline") or "").strip(), "the deadline (or that there is none)"
        # each player's panel (supply, leader, camps and guards left, treasures by kind), the stack, the legend
        assert await shown_panels(page) == expected_panels(view)
        legend = await page.eval_on_selector_all("#legend li", "ls => ls.map(l => [l.dataset.sample, "
                                                               "l.querySelectorAll('svg *').length])")
        assert [kind for kind, _ in legend] == ["figures", "temple", "camp", "treasure", "stones", "changed"]
        assert all(drawn for _, drawn in legend), "each line of the legend has its sample drawn"
        headings = await page.eval_on_selector_all("#scores thead th", "ths => ths.map(t => t.textContent)")
        labels = EN.labels()
        assert headings == [labels[k] for k in ("player", "points", "scoring_now", "from_temples", "from_treasures")]

        # the game moves on Discord: the page follows without a reload
        await page.evaluate("window.__same_page = true")
        before = view.version
        view = await play(wire, game_id, 6, rng)
        assert view.version > before
        await page.wait_for_selector(f"body[data-version='{view.version}']", timeout=20_000)
        assert await page.evaluate("window.__same_page === true")
        assert await shown_board(page) == expected_board(view)
        assert await shown_panels(page) == expected_panels(view)

        # the history: back to the start and forward to now
        await page.wait_for_selector("#slider:not([disabled])", timeout=20_000)
        await page.focus("#slider")
        await page.keyboard.press("Home")
        await page.wait_for_selector("body[data-shown='0']")
        start = await shown_board(page)
        assert all(not s["figures"] for s in start["spaces"].values())
        assert {p for _, p in start["scores"]} == {0}
        history = page.url.split("?")[0] + "/history.json"  # the panels move through the history with the board
        async with aiohttp.ClientSession() as session, session.get(history) as response:
            first = (await response.json())["frames"][0]
        panels = await shown_panels(page)
        assert [lines for _, _, lines in panels["panels"]] == first["panels"] and panels["stack"] == first["stack"]
        await page.keyboard.press("ArrowRight")
        await page.wait_for_selector("body[data-shown='1']")
        assert await page.text_content("#caption")
        await page.click("#now")
        await page.wait_for_selector("body[data-shown='now']")
        assert await shown_board(page) == expected_board(view)

        # a space's details by keyboard: Tab reaches the spaces, focus shows what is there
        await page.focus(".hex[data-space='A1']")
        assert (await page.text_content("#details-body") or "").startswith("A1")
        labels = await page.eval_on_selector_all(".hex", "hs => hs.map(h => h.getAttribute('aria-label'))")
        assert len(labels) == 40 and all(label and label[:2].isalnum() for label in labels)
        assert await page.evaluate(CONTRAST) == []

        # nothing hidden, no member's id, in all the page received and shows
        state = (await bot.core.store.load(GUILD, game_id)).state
        events = await page.evaluate("window.__events")
        shown = await page.evaluate("document.documentElement.outerHTML")
        assert events, "the live stream's events were kept"
        sent = [*received, *events, shown]
        for secret in secrets_of(state):
            assert not [text for text in sent if secret in text], secret
        for member in snowflakes():
            assert not [text for text in sent if member.search(text)], member.pattern
        await page.close()


@pytest.mark.timeout(300)
async def test_on_a_phone_the_board_is_turned_and_fits(db_path: Path, browser: Browser) -> None:
    async with web_bot(db_path) as wire:
        bot_of(wire).core.lobby._seed_source = lambda: 4  # the same game every run: a leader on the board, a turn
        game_id = await open_game(wire, [ANA, BEN])
        view = await play(wire, game_id, 33, random.Random(3))
        page, _ = await open_page(browser, await page_url(wire, game_id), width=400, phone=True)
        box = await page.evaluate("(() => { const b = document.querySelector('#board svg').viewBox.baseVal; "
                                  "return [b.width, b.height]; })()")
        assert box[0] < box[1], "column A on top, rows left to right, as in the channel picture"
        assert await page.evaluate("document.scrollingElement.scrollWidth") <= 400
        assert await shown_board(page) == expected_board(view)
        assert await shown_panels(page) == expected_panels(view)
        # at 400 px every figure's count is at least 11 px tall, every leader's star at least 9 px
        drawn = await page.evaluate(LEGIBLE)
        assert any(kind == "star" for kind, _ in drawn) and any(kind == "count" for kind, _ in drawn)
        assert all(size >= (11 if kind == "count" else 9) for kind, size in drawn), drawn
        await page.tap(".hex[data-space='A1']")
        assert (await page.text_content("#details-body") or "").startswith("A1")
        assert view.phase in (Phase.PLACE, Phase.ACTIONS)

        # the language switch: the same page in German, board and all
        await page.tap("nav.languages a[lang='de']")
        await page.wait_for_selector("html[lang='de'] body[data-drawn]")
        german = PageWords(translator("de"))
        assert await page.text_content("h1") == german.title(game_id)
        assert await page.text_content("#scores thead th") == german.labels()["player"]
        assert (await page.get_attribute("#slider", "aria-label")) == german.labels()["history_slider"]
        assert await shown_board(page) == expected_board(view)

        # a moderator gives the page a new address: the open page says at once that this one leads nowhere now
        await bot_of(wire).core.spectators.links.renew(GUILD, game_id)
        gone = json.dumps(german.gone(), ensure_ascii=False)
        await page.wait_for_selector(f"#notice:text-is({gone})", state="visible")
        await page.close()


LONG_NAMES = ("WWWWWWWWWWWWWWWW", "MMMMMMMMMMMMMMMM", "Maximiliana_Wolk", "Bartholomew_Quix")
"""Four seat names as long as they may be (16 characters), the first two of the widest letters and no space."""


@pytest.mark.timeout(300)
async def test_four_long_names_wrap_on_a_phone_and_nothing_scrolls_sideways(db_path: Path, browser: Browser) -> None:
    async with served(db_path) as (core, base, _):
        lobby = await core.lobby.new_game(servicekit.GUILD, servicekit.CHANNEL, servicekit.MEMBERS[0], LONG_NAMES[0],
                                             seats=4)
        for member, name in zip(servicekit.MEMBERS[1:], LONG_NAMES[1:], strict=True):
            await core.lobby.join(servicekit.GUILD, lobby.id, member, name)
        game = (await core.lobby.start(servicekit.GUILD, lobby.id, servicekit.MEMBERS[0])).game
        view = await drive(core, game, random.Random(38), until=lambda v: v.version >= 45)
        assert [p.name for p in view.players] == list(LONG_NAMES)
        page, _ = await open_page(browser, f"{base}/g/{await core.spectators.links.token(servicekit.GUILD, game.id)}",
                                  width=400, phone=True)
        assert await page.evaluate("document.documentElement.scrollWidth") <= 400
        assert await page.evaluate("document.body.scrollWidth") <= 400
        # every name whole, in the scores and the panels (wrapped, never cut)
        names = await page.eval_on_selector_all("#scores tbody th", "ths => ths.map(t => t.textContent.trim())")
        assert [n.split(" ", 1)[1] for n in names] == list(LONG_NAMES)
        assert [n for _, n, _ in (await shown_panels(page))["panels"]] == list(LONG_NAMES)
        widest = await page.evaluate("Math.max(...Array.from(document.querySelectorAll('body *')).map("
                                     "e => e.getBoundingClientRect().right))")
        assert widest <= 400, widest
        await page.close()


@pytest.mark.timeout(300)
async def test_four_long_names_leave_a_members_own_board_within_a_phone(db_path: Path, browser: Browser) -> None:
    """The member's panel (whom they play, the actions at a space) wraps too: nothing wider than 400 px."""
    async with served(db_path, public_url="here") as (core, base, _):
        lobby = await core.lobby.new_game(servicekit.GUILD, servicekit.CHANNEL, servicekit.MEMBERS[0], LONG_NAMES[0],
                                             seats=4)
        for member, name in zip(servicekit.MEMBERS[1:], LONG_NAMES[1:], strict=True):
            await core.lobby.join(servicekit.GUILD, lobby.id, member, name)
        game = (await core.lobby.start(servicekit.GUILD, lobby.id, servicekit.MEMBERS[0])).game
        view = await drive(core, game, random.Random(38),
                           until=lambda v: v.version >= 45 and v.phase is Phase.ACTIONS and bool(v.ap_left))
        assert view.to_act is not None
        acting = game.at_seat(view.to_act)
        assert acting is not None
        token, _ = await core.web_play.access.issue(servicekit.GUILD, game.id, acting.member_id)
        page, _ = await open_page(browser, f"{base}/m/{token}", width=400, phone=True)
        assert LONG_NAMES[view.to_act] in (await page.text_content("#play") or "")
        widest = ("Math.max(...Array.from(document.querySelectorAll('body *')).map("
                  "e => e.getBoundingClientRect().right))")
        for _ in range(2):  # the board as drawn, then a space's actions open in the panel
            assert await page.evaluate("document.documentElement.scrollWidth") <= 400
            assert await page.evaluate("document.body.scrollWidth") <= 400
            assert await page.evaluate(widest) <= 400
            await page.click("#board .hex.actionable >> nth=0")
            await page.wait_for_selector("#play-here button.action")
        # every button of the panel has a name a screen reader says
        unnamed = await page.eval_on_selector_all("#play button:not([hidden])", "bs => bs.filter(b => "
                                                  "!(b.getAttribute('aria-label') || b.textContent).trim()).length")
        assert unnamed == 0
        await page.close()


@pytest.mark.timeout(300)
async def test_during_a_rapido_jump_every_player_still_choosing_is_marked(db_path: Path, browser: Browser) -> None:
    """The status line says everyone chooses in secret: the page marks each of them, not one player to act."""
    async with served(db_path) as (core, base, _):
        game = await options_game(core, 3, "rapido")
        view = await drive(core, game, random.Random(6), until=lambda v: v.phase is Phase.JUMP)
        assert view.phase is Phase.JUMP
        choosing = [q for q in view.round_order if view.chips[q]]
        assert len(choosing) >= 2
        page, _ = await open_page(browser, f"{base}/g/{await core.spectators.links.token(servicekit.GUILD, game.id)}")
        marked = await shown_panels(page)
        assert sorted(marked["rows"]) == sorted(choosing) and sorted(marked["marked"]) == sorted(choosing)
        assert EN.w.choosing_chips() in (await page.text_content("#status") or "")
        await page.close()


@pytest.mark.timeout(300)
async def test_a_finished_games_history_slider_marks_the_turns_of_its_review(db_path: Path, browser: Browser) -> None:
    from tests.bot.core.servicekit import GUILD as CORE_GUILD
    from tests.bot.core.servicekit import play_to_end, started_game
    from tests.bot.web.webkit import served
    from tests.engine.test_ai_review import QUICK

    async with served(db_path) as (core, base, _):
        game = await started_game(core, 2)
        await play_to_end(core, game, random.Random(3))
        core.reviews.settings = QUICK
        review = await core.reviews.review(CORE_GUILD, game.id)
        shown = sum(len(turns) for turns in review.worst().values())
        page, _ = await open_page(browser, f"{base}/g/{await core.spectators.links.token(CORE_GUILD, game.id)}")
        await page.wait_for_selector("#slider:not([disabled])", timeout=20_000)
        marked = await page.eval_on_selector_all("#review-marks option", "os => os.map(o => Number(o.value))")
        assert len(marked) == shown > 0 and await page.get_attribute("#slider", "list") == "review-marks"
        await page.evaluate(f"""() => {{ const s = document.getElementById("slider");
            s.value = "{marked[0]}"; s.dispatchEvent(new Event("input")); }}""")
        assert "🔎" in (await page.text_content("#position") or "")  # the mark's words beside the position
        await page.close()
