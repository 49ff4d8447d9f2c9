"""Helpers of the browser tests of a member's own board: each member in a browser context of their own (Debian's
chromium through Playwright), what the page offers (every space with a ring, every action there, every choice of
each), and a move made by clicking only — a space, an action, a count or rotation, Confirm — chosen at random."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field

from playwright.async_api import Browser, BrowserContext, Page
from playwright.async_api import TimeoutError as PlaywrightTimeout

OFFERED = """() => {
  // every move the page offers now: each ringed space clicked, each action there opened, each choice read (the
  // page's own handlers run at each click: nothing is sent), then put back as it was; the page is out of the layout
  // meanwhile (each click's handler would lay it out again to scroll or focus, for nobody to see)
  const moves = [];
  const display = document.body.style.display;
  document.body.style.display = "none";
  const read = (scope) => {
    const count = document.querySelectorAll(scope + " button.action").length;
    for (let i = 0; i < count; i++) {
      document.querySelectorAll(scope + " button.action")[i].click();
      const yes = document.querySelector("#play-yes");
      if (yes) { moves.push(yes.dataset.move); document.querySelector("#play-no").click(); continue; }
      const finishes = document.querySelectorAll(scope + " button.finish");
      finishes.forEach(f => moves.push(f.dataset.move));
      document.querySelectorAll(scope + " button.action")[i].click();  // closed again
    }
  };
  for (const hex of document.querySelectorAll("#board .hex.actionable")) {
    hex.dispatchEvent(new MouseEvent("click", {bubbles: true}));
    read("#play-here");
  }
  read("#play-other");
  if (!document.querySelector("#play-undo").hidden) { moves.push("undo"); }
  if (!document.querySelector("#play-end").hidden) { moves.push("end"); }
  document.body.style.display = display;
  return moves;
}"""

SHOWN = """() => [
  Number(document.body.dataset.playVersion ?? -1),
  Array.from(document.querySelectorAll("#board .hex.actionable"), h => h.dataset.space),
  document.querySelectorAll("#play-other button.action").length,
  !!document.querySelector("#play-end:not([hidden])"),
  !!document.querySelector("#play-undo:not([hidden])"),
]"""
"""What a move's choice starts from, read at once: the version shown, the ringed spaces, the actions without a
space, whether End turn and Undo are offered."""


@dataclass
class Board:
    """One member's browser on their own board."""

    member_id: int
    seat: int
    context: BrowserContext
    page: Page
    errors: list[str] = field(default_factory=list)

    async def version(self) -> int:
        return int(await self.page.get_attribute("body", "data-play-version") or -1)

    async def shows(self, version: int, timeout: float = 20_000) -> None:
        """Wait until the page shows the game at ``version``: checked in the page at each of its animation frames
        (the page sets the version and rings the spaces in one task), not by Playwright's selector polls, which
        back off to half a second."""
        await self.page.wait_for_function("v => document.body.dataset.playVersion === v", arg=str(version),
                                          timeout=timeout)

    async def offered(self) -> list[str]:
        return list(await self.page.evaluate(OFFERED))

    async def message(self) -> str:
        return (await self.page.text_content("#play-message") or "").strip()


async def open_board(browser: Browser, link: str, member_id: int, seat: int, width: int = 1440, *,
                     phone: bool = False) -> Board:
    """The member's own browser context, their link opened and the board drawn."""
    context = await browser.new_context(viewport={"width": width, "height": 1000}, has_touch=phone, is_mobile=phone)
    page = await context.new_page()
    await watch(page)
    board = Board(member_id, seat, context, page)
    page.on("pageerror", lambda error: board.errors.append(str(error)))
    await page.goto(link)
    await page.wait_for_selector("body[data-drawn]")
    return board


async def watch(page: Page) -> None:
    """Keep what the page's scripts tell each other (``window.__log``), to say what happened when a click fails."""
    await page.add_init_script("""window.__log = [];
      document.addEventListener("tikal:drawn", e => window.__log.push(["drawn", e.detail.live.version, e.detail.now,
        !!(e.detail.live.play && e.detail.live.play.menu), performance.now()]));
      document.addEventListener("tikal:choose", e => window.__log.push(["choose", e.detail.space, performance.now()]));
      document.addEventListener("tikal:data", e => window.__log.push(["data", e.detail.version,
        performance.now()]));""")


async def press(page: Page, selector: str) -> None:
    """A real click on what ``selector`` finds: scrolled into view, the mouse pressed and released at its centre —
    without Playwright's waits for it to be visible, stable and enabled (two animation frames and more a click). The
    page draws its panel in the handler of the click before, so what is clicked next is there already; a click that
    landed on anything else shows as the step after it not happening."""
    await page.click(selector, force=True)


CONFIRMS = '() => document.querySelector("#play-yes")?.dataset.move ?? null'
"""After an action was clicked: the move Confirm would make (None while a choice is open), read at once."""


async def click_choice(board: Board, rng: random.Random, *, end_weight: float, undo_weight: float) -> str:
    """A move made by clicking only: End turn (``end_weight``), Undo (``undo_weight``), else a ringed space, one of
    its actions, one of its choices, Confirm — or an action without a space (a bid, a pick). The move's notation as
    the page named it."""
    page = board.page
    version, spaces, others, can_end, can_undo = await page.evaluate(SHOWN)
    roll = rng.random()
    if can_end and (roll < end_weight or not (spaces or others)):
        await press(page, "#play-end")
        if await page.locator("#play-yes").count():
            await press(page, "#play-yes")
        move = "end"
    elif can_undo and roll < end_weight + undo_weight:
        await press(page, "#play-undo")
        move = "undo"
    else:
        scope = "#play-other"
        if spaces and (not others or rng.random() < 0.8):
            scope = "#play-here"
            await choose_space(board, rng.choice(spaces))
        await press(page, await one_of(board, f"{scope} button.action", rng))
        confirms = await page.evaluate(CONFIRMS)
        if confirms is None:
            await press(page, await one_of(board, f"{scope} button.finish", rng))
            confirms = await page.get_attribute("#play-yes", "data-move")
        move = confirms or ""
        await press(page, "#play-yes")
    try:
        await board.shows(version + 1)
    except PlaywrightTimeout:
        raise AssertionError(f"{move!r} clicked at version {version} and not shown: {await board.message()!r}, "
                             f"answer {await page.get_attribute('body', 'data-answer')}, "
                             f"{await page.text_content('#play')} {await page.evaluate('window.__log')} "
                             f"{await _served(board)}") from None
    return move


async def one_of(board: Board, selector: str, rng: random.Random) -> str:
    """One of the buttons ``selector`` finds, at random (a selector of it alone), once the page shows them."""
    count = await board.page.locator(selector).count()
    if not count:
        try:
            await board.page.locator(selector).first.wait_for(timeout=5000)
        except PlaywrightTimeout:
            raise AssertionError(f"no {selector} on the page: {await board.page.text_content('#play')} "
                                 f"{await board.page.evaluate('window.__log')} {await _served(board)}") from None
        count = await board.page.locator(selector).count()
    return f"{selector} >> nth={rng.randrange(count)}"


async def _served(board: Board) -> str:
    """What the server offers the page now (its menu and the board's phase), to tell a page's fault from the data's."""
    try:
        data = await board.page.evaluate("fetch(location.pathname + '/view.json').then(r => r.json())")
        return f"served: {data.get('play', {}).get('menu')} {data.get('board', {}).get('phase')}"
    except Exception as error:  # a failing test's explanation must not hide its failure
        return f"view.json unread: {error}"


async def choose_space(board: Board, space: str) -> None:
    """Click a space and see its actions in the panel (clicked again if the page was drawn anew meanwhile)."""
    shown = json.dumps(space)
    for _ in range(3):
        await press(board.page, f"#board .hex[data-space='{space}']")
        try:
            await board.page.wait_for_function(
                f"document.querySelector('#play-here h3') && document.querySelector('#play-here h3').textContent"
                f".endsWith(' ' + {shown}) && document.querySelectorAll('#play-here button.action').length > 0",
                timeout=3000)
            return
        except PlaywrightTimeout:
            print("the panel did not show", space, await board.page.text_content("#play-here"),
                  await board.page.evaluate("window.__log"))
    raise AssertionError(f"the page shows no action at {space}")


__all__ = ["Board", "click_choice", "open_board", "press"]
