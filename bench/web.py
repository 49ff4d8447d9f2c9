"""Benchmark of the web view (not a test: nothing fails on a missed target).

    python bench/web.py [--moves 55] [--seed 27] [--loads 10] [--screenshots docs/images]

1. The real bot through the wire harness, its web view on a free port of 127.0.0.1; a 4-player basic game played
   ``--moves`` random legal moves through the slash commands.
2. What the page weighs: the page's HTML (its data inside), its script and its style, as sent and gzipped; the live
   event's and the history's data.
3. First paint in Debian's chromium (Playwright, headless): ``--loads`` loads of the page in a fresh tab at 1440
   and at 400 px wide, the browser's own ``first-paint`` / ``first-contentful-paint`` and when the board is drawn
   (``body[data-drawn]``), from the start of the navigation. Median and maximum.
4. ``--screenshots DIR``: the page at 400 and 1440 px wide (``web-view-400.png``, ``web-view-1440.png``), a space's
   details shown.

Targets: the page under 200 KB, first paint under 1 s locally.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import random
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

import aiohttp  # noqa: E402
from PIL import Image  # noqa: E402
from playwright.async_api import Browser, Page, async_playwright  # noqa: E402

from tests.bot.adapter.discordkit import ANA, BEN, CY, DEE, bot_of, open_game  # noqa: E402
from tests.bot.web.webkit import CHROMIUM, CHROMIUM_FLAGS, page_url, play, web_bot  # noqa: E402

PAGE_TARGET = 200_000
PAINT_TARGET_MS = 1000.0
TIMING = """() => {
  const paint = Object.fromEntries(performance.getEntriesByType("paint").map(p => [p.name, p.startTime]));
  const nav = performance.getEntriesByType("navigation")[0];
  return {fp: paint["first-paint"], fcp: paint["first-contentful-paint"], drawn: window.__drawn,
          dcl: nav.domContentLoadedEventEnd, load: nav.loadEventEnd};
}"""
MARK_DRAWN = """new MutationObserver((_, o) => {
  if (document.body && document.body.hasAttribute("data-drawn")) { window.__drawn = performance.now(); o.disconnect(); }
}).observe(document, {subtree: true, attributes: true, childList: true});"""


async def weigh(url: str) -> list[tuple[str, int, int]]:
    """Each part's bytes as sent (uncompressed) and gzipped."""
    base = url.split("/g/")[0]
    parts = [("page (HTML + its data)", url), ("board.js", f"{base}/static/board.js"),
             ("page.css", f"{base}/static/page.css"), ("view.json (a live event's data)", f"{url}/view.json"),
             ("history.json (every turn)", f"{url}/history.json")]
    out = []
    async with aiohttp.ClientSession() as session:
        for name, address in parts:
            async with session.get(address, headers={"Accept-Encoding": "identity"}) as response:
                body = await response.read()
            out.append((name, len(body), len(gzip.compress(body))))
    return out


async def paints(browser: Browser, url: str, width: int, loads: int) -> dict[str, list[float]]:
    found: dict[str, list[float]] = {"fp": [], "fcp": [], "drawn": [], "dcl": [], "load": []}
    for _ in range(loads):
        context = await browser.new_context(viewport={"width": width, "height": 1000})
        page = await context.new_page()
        await page.add_init_script(MARK_DRAWN)
        await page.goto(url, wait_until="load")
        await page.wait_for_selector("body[data-drawn]")
        timing: dict[str, Any] = await page.evaluate(TIMING)
        for key, value in timing.items():
            if value is not None:
                found[key].append(float(value))
        await context.close()
    return found


async def screenshot(page: Page, path: Path) -> None:
    """The whole page saved as a PNG of 256 colours: a third of the bytes, no visible change on flat colours."""
    await page.screenshot(path=str(path), full_page=True)
    with Image.open(path) as shot:
        shot.convert("RGB").quantize(256, method=Image.Quantize.MEDIANCUT).save(path, optimize=True)


async def screenshots(browser: Browser, url: str, folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    saved = []
    for width in (400, 1440):
        page = await browser.new_page(viewport={"width": width, "height": 900}, device_scale_factor=1)
        await page.goto(url)
        await page.wait_for_selector("body[data-drawn]")
        busiest = await page.evaluate("""() => {
          let best = null, most = -1;
          for (const h of document.querySelectorAll(".hex")) {
            const n = h.querySelectorAll(".figure").length + (h.dataset.value ? 1 : 0);
            if (n > most) { most = n; best = h.dataset.space; }
          }
          return best;
        }""")
        await page.click(f".hex[data-space='{busiest}']")
        await page.wait_for_selector("#slider:not([disabled])")
        await page.evaluate("document.activeElement && document.activeElement.blur()")
        path = folder / f"web-view-{width}.png"
        await screenshot(page, path)
        saved.append(path)
        await page.close()
    return saved


def row(name: str, values: list[float]) -> str:
    if not values:
        return f"| {name} | – | – |"
    return f"| {name} | {statistics.median(values):.0f} ms | {max(values):.0f} ms |"


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=55)
    parser.add_argument("--seed", type=int, default=27, help="the game's seed (the moves' too)")
    parser.add_argument("--loads", type=int, default=10)
    parser.add_argument("--screenshots", type=Path)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        async with web_bot(Path(folder) / "bench.sqlite3", web_poll_seconds=1.0,
                           web_requests_per_minute=1e6) as wire:
            bot_of(wire).core.lobby._seed_source = lambda: args.seed  # the same game every run
            game_id = await open_game(wire, [ANA, BEN, CY, DEE])
            view = await play(wire, game_id, args.moves, random.Random(args.seed))
            url = await page_url(wire, game_id)
            print(f"game #{game_id}: version {view.version}, phase {view.phase}, {len(view.players)} players")
            sizes = await weigh(url)
            print("\n| part | sent | gzipped |\n|---|---|---|")
            for name, raw, packed in sizes:
                print(f"| {name} | {raw / 1000:.1f} KB | {packed / 1000:.1f} KB |")
            page = sum(raw for _, raw, _ in sizes[:3])
            verdict = "ok" if page < PAGE_TARGET else "MISSED"
            print(f"| **the page (HTML + script + style)** | **{page / 1000:.1f} KB** | "
                  f"{sum(p for _, _, p in sizes[:3]) / 1000:.1f} KB | target < 200 KB: {verdict}")
            if not CHROMIUM.exists():
                print(f"\nno chromium at {CHROMIUM} (apt-get install chromium, or TIKAL_CHROMIUM): no first paint")
                return
            async with async_playwright() as playwright:
                browser = await playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS)
                try:
                    for width in (1440, 400):
                        found = await paints(browser, url, width, args.loads)
                        verdict = "ok" if found["fcp"] and max(found["fcp"]) < PAINT_TARGET_MS else "MISSED"
                        print(f"\n{width} px, {args.loads} loads (target: first paint < 1 s: {verdict})\n"
                              "| measure | median | max |\n|---|---|---|")
                        for key, name in (("fp", "first paint"), ("fcp", "first contentful paint"),
                                          ("drawn", "board drawn"), ("dcl", "DOMContentLoaded"), ("load", "load")):
                            print(row(name, found[key]))
                    if args.screenshots:
                        for path in await screenshots(browser, url, args.screenshots):
                            print(f"saved {path}")
                finally:
                    await browser.close()


if __name__ == "__main__":
    asyncio.run(main())
