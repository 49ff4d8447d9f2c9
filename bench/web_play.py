"""Benchmark of a member's own board on the web page (not a test: nothing fails on a missed target).

    python bench/web_play.py [--moves 60] [--seed 32] [--rounds 40] [--screenshots docs/images]

1. The real bot through the wire harness, its web view on a free port of 127.0.0.1 (``WEB_URL`` that address); a
   2-player basic game played ``--moves`` random legal moves through the slash commands.
2. What the member's page weighs: its HTML (its data inside, the menu's included), its two scripts and its style, as
   sent and gzipped; the member's ``view.json``, against the spectator's.
3. A move from the page: ``--rounds`` moves posted as the page's script posts them (``/play/<game>/act``, a random
   choice of the menu, End when AP run low), each timed from the request to its answer (the move committed, the
   page's data after it built) and to the channel's wait message edited or the next one posted (the background
   ``Table.sync``). Median and maximum.
4. ``--screenshots DIR``: the member's page at 400 and 1440 px wide, a space chosen and its actions shown
   (``web-member-400.png``, ``web-member-1440.png``).

Targets: a move answered under 150 ms locally, the page under 250 KB.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

import aiohttp  # noqa: E402
from playwright.async_api import async_playwright  # noqa: E402

from bench.web import row, screenshot  # noqa: E402
from bot.web.sessions import CSRF_HEADER  # noqa: E402
from engine import Phase  # noqa: E402
from tests.bot.adapter.discordkit import ANA, BEN, CHANNEL, GUILD, bot_of, edits, open_game, posts  # noqa: E402
from tests.bot.adapter.wire import Wire  # noqa: E402
from tests.bot.web.playkit import page_data  # noqa: E402
from tests.bot.web.webkit import CHROMIUM, CHROMIUM_FLAGS, free_port, page_url, play, web_bot  # noqa: E402

ANSWER_TARGET_MS = 150.0
PAGE_TARGET = 250_000


async def link(wire: Wire, game_id: int, member: int, base: str) -> str:
    token, _ = await bot_of(wire).core.web_play.access.issue(GUILD, game_id, member)
    return f"{base}/m/{token}"


async def weigh(client: aiohttp.ClientSession, base: str, member_link: str,
                spectator: str) -> list[tuple[str, int, int]]:
    out = []
    async with client.get(member_link, headers={"Accept-Encoding": "identity"}) as response:
        body = await response.read()
    out.append(("member's page (HTML + its data)", len(body), len(gzip.compress(body))))
    game = page_data(body.decode())["address"]
    for name, address in (("play.js", f"{base}/static/play.js"), ("board.js", f"{base}/static/board.js"),
                          ("page.css", f"{base}/static/page.css"), ("member's view.json", f"{base}{game}/view.json"),
                          ("spectator's view.json", f"{spectator}/view.json")):
        async with client.get(address, headers={"Accept-Encoding": "identity"}) as response:
            body = await response.read()
        out.append((name, len(body), len(gzip.compress(body))))
    return out


async def moves(wire: Wire, game_id: int, base: str, rounds: int,
                rng: random.Random) -> tuple[list[float], list[float]]:
    """Moves posted from the members' pages: the answer's time and the channel's update's, in ms."""
    core = bot_of(wire).core
    game = await core.games.game(GUILD, game_id)
    clients: dict[int, tuple[aiohttp.ClientSession, dict[str, Any]]] = {}
    answered: list[float] = []
    synced: list[float] = []
    try:
        for seat in game.seats:
            client = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
            async with client.get(await link(wire, game_id, seat.member_id, base)) as response:
                clients[seat.member_id] = (client, page_data(await response.text()))
        for _ in range(rounds):
            view = await core.games.view(GUILD, game_id)
            if view.finished or view.to_act is None:
                break
            member = game.at_seat(view.to_act)
            assert member is not None
            client, script = clients[member.member_id]
            async with client.get(f"{base}{script['address']}/view.json") as response:
                data = await response.json()
            menu = data["play"]["menu"]
            paths = [f["path"] for a in menu["actions"] for f in a["finishes"]]
            if menu["end"] is not None and (not paths or (view.ap_left or 0) < 3 or rng.random() < 0.2):
                paths = [menu["end"]["path"]]
            start, calls = time.perf_counter(), len(wire.calls)
            async with client.post(f"{base}{script['address']}/act", json={"version": data["version"],
                                                                          "path": rng.choice(paths)},
                                   headers={"Origin": base, CSRF_HEADER: script["csrf"]}) as response:
                assert response.status == 200, await response.text()
                await response.read()
            answered.append((time.perf_counter() - start) * 1000)
            while not (edits(wire.calls[calls:]) or posts(wire.calls[calls:], CHANNEL)):
                await asyncio.sleep(0.002)
            synced.append((time.perf_counter() - start) * 1000)
    finally:
        for client, _ in clients.values():
            await client.close()
    return answered, synced


async def screenshots(url: str, folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    saved = []
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS)
        try:
            context = await browser.new_context(device_scale_factor=1)  # one session for both widths
            page = await context.new_page()
            await page.goto(url)
            for width in (400, 1440):
                await page.set_viewport_size({"width": width, "height": 900})
                await page.reload()
                await page.wait_for_selector("body[data-drawn]")
                # the space whose first action has the most choices (a move of several workers, say)
                best = await page.evaluate("""() => {
                  let best = null, most = -1;
                  for (const h of document.querySelectorAll(".hex.actionable")) {
                    h.dispatchEvent(new MouseEvent("click", {bubbles: true}));
                    const action = document.querySelector("#play-here button.action");
                    action.click();
                    const n = document.querySelectorAll("#play-here button.finish").length;
                    if (n > most) { most = n; best = h.dataset.space; }
                    if (document.querySelector("#play-no")) { document.querySelector("#play-no").click(); }
                  }
                  return best;
                }""")
                await page.reload()
                await page.wait_for_selector("body[data-drawn]")
                await page.click(f".hex[data-space='{best}']")
                await page.locator("#play-here button.action").nth(0).click()
                await page.wait_for_selector("#slider:not([disabled])")
                await page.evaluate("document.activeElement && document.activeElement.blur(); "
                                    "window.scrollTo(0, 0)")
                path = folder / f"web-member-{width}.png"
                await screenshot(page, path)
                saved.append(path)
        finally:
            await browser.close()
    return saved


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--seed", type=int, default=32)
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--screenshots", type=Path)
    args = parser.parse_args()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as folder:
        async with web_bot(Path(folder) / "bench.sqlite3", web_url=base, web_port=port, web_poll_seconds=1.0,
                           web_requests_per_minute=1e6) as wire:
            bot_of(wire).core.lobby._seed_source = lambda: args.seed  # the same game every run
            game_id = await open_game(wire, [ANA, BEN])
            view = await play(wire, game_id, args.moves, random.Random(args.seed))
            core = bot_of(wire).core
            game = await core.games.game(GUILD, game_id)
            assert view.to_act is not None
            acting = game.at_seat(view.to_act)
            assert acting is not None
            print(f"game #{game_id}: version {view.version}, phase {view.phase}")
            async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as client:
                sizes = await weigh(client, base, await link(wire, game_id, acting.member_id, base),
                                    await page_url(wire, game_id))
            print("\n| part | sent | gzipped |\n|---|---|---|")
            for name, raw, packed in sizes:
                print(f"| {name} | {raw / 1000:.1f} KB | {packed / 1000:.1f} KB |")
            page = sum(raw for _, raw, _ in sizes[:4])
            print(f"| **the member's page (HTML + scripts + style)** | **{page / 1000:.1f} KB** | "
                  f"{sum(p for _, _, p in sizes[:4]) / 1000:.1f} KB | target < 250 KB: "
                  f"{'ok' if page < PAGE_TARGET else 'MISSED'}")
            if args.screenshots and CHROMIUM.exists():
                if view.phase is Phase.PLACE:  # the turn's actions show more: the hexagon placed first
                    place = next(str(e.move) for e in await core.turns.legal_moves(GUILD, game_id, acting.member_id))
                    await core.turns.act(GUILD, game_id, acting.member_id, place)
                for path in await screenshots(await link(wire, game_id, acting.member_id, base), args.screenshots):
                    print(f"saved {path}")
            answered, synced = await moves(wire, game_id, base, args.rounds, random.Random(args.seed))
            web = bot_of(wire).web
            assert web is not None
            await web.members.settled()  # the last move's channel update, before the harness closes
            verdict = "ok" if answered and statistics.median(answered) < ANSWER_TARGET_MS else "MISSED"
            print(f"\n{len(answered)} moves from the page (target: answered under 150 ms: {verdict})\n"
                  "| measure | median | max |\n|---|---|---|")
            print(row("the move answered (committed, the page's data after it)", answered))
            print(row("the channel's wait message edited or the next posted", synced))


if __name__ == "__main__":
    asyncio.run(main())
