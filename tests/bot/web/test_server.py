"""The web view's server over HTTP (a real aiohttp server on a free port, a real client): the headers every answer
carries, the page's size and that it needs nothing from elsewhere, the language (``?lang=``, else the server's),
a stopped, a not yet started and a removed game, a renewed address, read-only, and the rate limit per address."""

from __future__ import annotations

import asyncio
import json
import random
import re
from html import escape
from pathlib import Path

import aiohttp
import pytest

from bot.core.days.guild_removal import purge_due
from bot.core.spectators.links import new_token
from bot.web.guard import RateLimit
from bot.web.words import PageWords
from engine import Phase
from lang import translator
from render.panel import stack_line
from tests.bot.core.optionkit import drive, options_game
from tests.bot.core.servicekit import CHANNEL, GUILD, MEMBERS, NAMES, started_game
from tests.bot.web.webkit import STREAM, next_event, served

EN, DE, FR = (PageWords(translator(code)) for code in ("en", "de", "fr"))


async def get(session: aiohttp.ClientSession, url: str, **headers: str) -> tuple[int, str, dict[str, str]]:
    async with session.get(url, headers=headers) as response:
        return response.status, await response.text(), dict(response.headers)


async def first_event(session: aiohttp.ClientSession, url: str, **headers: str) -> tuple[int, str, dict[str, str]]:
    async with session.get(url, headers=headers, timeout=STREAM) as response:
        return response.status, await next_event(response), dict(response.headers)


def assert_guarded(headers: dict[str, str], what: str) -> None:
    policy = headers.get("Content-Security-Policy", "")
    assert "frame-ancestors 'none'" in policy and "script-src 'self'" in policy, what
    assert "default-src 'none'" in policy and "http" not in policy, what  # nothing from any other address
    assert headers.get("X-Frame-Options") == "DENY", what
    assert headers.get("Referrer-Policy") == "no-referrer", what


async def test_every_answer_forbids_framing_scripts_from_elsewhere_and_referrers(db_path: Path) -> None:
    async with served(db_path) as (core, base, session):
        game = await started_game(core, 2)
        page = f"{base}/g/{await core.spectators.links.token(GUILD, game.id)}"
        for url in (page, f"{page}/view.json", f"{page}/history.json", f"{base}/static/board.js",
                    f"{base}/static/page.css", f"{base}/g/{new_token()}", f"{base}/static/nothing.js", f"{base}/"):
            _, _, headers = await get(session, url)
            assert_guarded(headers, url)
        status, _, headers = await first_event(session, f"{page}/events", **{"Last-Event-ID": "0"})
        assert status == 200 and headers["Content-Type"] == "text/event-stream"
        assert_guarded(headers, "events")


async def test_the_page_is_small_and_everything_it_loads_comes_from_the_bot(db_path: Path) -> None:
    async with served(db_path) as (core, base, session):
        game = await options_game(core, 4, "auction", ("obstacles", "guns"))
        await drive(core, game, random.Random(4), until=lambda v: v.version >= 60)
        page = f"{base}/g/{await core.spectators.links.token(GUILD, game.id)}"
        status, html, _ = await get(session, page)
        assert status == 200
        loaded = re.findall(r'(?:src|href)="([^"]*)"', html)
        assert loaded and all(u.startswith(("/static/", "?lang=", "data:")) for u in loaded), loaded
        assert "http://" not in html and "https://" not in html
        size = len(html.encode())
        for asset in ("board.js", "page.css"):
            async with session.get(f"{base}/static/{asset}", headers={"Accept-Encoding": "identity"}) as r:
                size += len(await r.read())
        assert size < 200_000, size  # the page, its script and its style, uncompressed


async def test_the_page_speaks_the_servers_language_or_the_one_asked_for(db_path: Path) -> None:
    async with served(db_path) as (core, base, session):
        game = await started_game(core, 2)
        page = f"{base}/g/{await core.spectators.links.token(GUILD, game.id)}"
        _, html, _ = await get(session, page)
        assert '<html lang="en">' in html and f"<title>{EN.title(game.id)}</title>" in html
        await core.languages.set_server(GUILD, "fr")
        _, html, _ = await get(session, page)
        assert '<html lang="fr">' in html and FR.labels()["history"] in html
        _, html, _ = await get(session, f"{page}?lang=de")
        assert '<html lang="de">' in html and DE.labels()["history_slider"] in html
        assert "/events?lang=de" in html and "/history.json?lang=de" in html  # the script's data in German too
        _, html, _ = await get(session, f"{page}?lang=xx")  # a language the bot lacks: the server's
        assert '<html lang="fr">' in html
        _, data, _ = await get(session, f"{page}/view.json?lang=de")
        assert json.loads(data)["notice"] is None and json.loads(data)["board"]["players"][0]["name"] == NAMES[0]


async def test_a_stopped_game_says_so_and_keeps_its_board(db_path: Path) -> None:
    async with served(db_path) as (core, base, session):
        game = await started_game(core, 2)
        page = f"{base}/g/{await core.spectators.links.token(GUILD, game.id)}"
        async with session.get(f"{page}/events", timeout=STREAM) as stream:  # open before the stop
            await core.moderation.abort(GUILD, game.id, MEMBERS[0], is_moderator=True)
            sent = await next_event(stream)
        assert "event: view" in sent and EN.stopped() in sent
        status, html, _ = await get(session, page)
        assert status == 200 and EN.stopped() in html
        _, data, _ = await get(session, f"{page}/view.json")
        board = json.loads(data)["board"]  # the board and the scores stay as the game was left
        assert [p["name"] for p in board["players"]] == list(NAMES[:2])
        assert '<tr data-seat="1">' in html


async def test_a_game_not_started_yet_says_so(db_path: Path) -> None:
    async with served(db_path) as (core, base, session):
        lobby = await core.lobby.new_game(GUILD, 501, MEMBERS[0], NAMES[0], seats=2)
        page = f"{base}/g/{await core.spectators.links.token(GUILD, lobby.id)}"
        status, html, _ = await get(session, f"{page}?lang=de")
        assert status == 200 and DE.not_started() in html
        assert (await get(session, f"{page}/history.json"))[1] == '{"frames":[]}'


async def test_a_removed_game_and_an_old_address_say_there_is_no_game_here(db_path: Path) -> None:
    async with served(db_path) as (core, base, session):
        game = await started_game(core, 2)
        old = await core.spectators.links.token(GUILD, game.id)
        async with session.get(f"{base}/g/{old}/events", timeout=STREAM) as stream:
            new = await core.spectators.links.renew(GUILD, game.id)
            assert "event: gone" in await next_event(stream)
        assert new != old and len(new) == 32
        for url in (f"{base}/g/{old}", f"{base}/g/{old}/view.json", f"{base}/g/nonsense"):
            status, html, _ = await get(session, url)
            assert status == 404 and EN.gone() in html, url
        # a page that connects its live stream again after the renewal (a phone waking up) is told why it stopped
        status, sent, headers = await get(session, f"{base}/g/{old}/events")
        assert status == 200 and sent == "event: gone\ndata: {}\n\n" and headers["Content-Type"] == "text/event-stream"
        status, html, _ = await get(session, f"{base}/g/{old}?lang=de")
        assert status == 404 and DE.gone() in html
        assert (await get(session, f"{base}/g/{new}"))[0] == 200

        async with session.get(f"{base}/g/{new}/events", timeout=STREAM) as stream:
            removed_at = await core.removal.removed(GUILD)
            assert await purge_due(core.store, removed_at + 1) == [GUILD]
            assert "event: gone" in await next_event(stream)
        status, html, _ = await get(session, f"{base}/g/{new}")
        assert status == 404 and EN.gone() in html


async def test_the_view_is_read_only(db_path: Path) -> None:
    async with served(db_path) as (core, base, session):
        game = await started_game(core, 2)
        page = f"{base}/g/{await core.spectators.links.token(GUILD, game.id)}"
        for method in ("POST", "PUT", "DELETE", "PATCH"):
            async with session.request(method, page) as response:
                assert response.status == 405, method
                assert_guarded(dict(response.headers), method)


async def test_too_many_requests_from_one_address_are_refused_for_a_while(db_path: Path) -> None:
    burst = 3
    now = [1000.0]
    limit = RateLimit(per_minute=60, burst=burst, streams=1, clock=lambda: now[0])
    async with served(db_path, limit=limit) as (core, base, session):
        game = await started_game(core, 2)
        page = f"{base}/g/{await core.spectators.links.token(GUILD, game.id)}"
        for _ in range(burst):
            assert (await get(session, f"{page}/view.json"))[0] == 200
        status, html, headers = await get(session, f"{page}?lang=de")
        assert status == 429 and DE.too_many() in html and headers["Retry-After"] == "60"
        assert_guarded(headers, "429")
        now[0] += 1.0  # one more request a second
        assert (await get(session, page))[0] == 200
        assert (await get(session, page))[0] == 429

        now[0] += 60.0  # one live stream at a time per address: the second is refused while the first is open
        async with session.get(f"{page}/events") as first:
            assert first.status == 200
            status, _, _ = await get(session, f"{page}/events")
            assert status == 429
        for _ in range(100):  # closed, it no longer counts, once the server has seen the connection go
            now[0] += 60.0
            status, sent, _ = await first_event(session, f"{page}/events", **{"Last-Event-ID": "0"})
            if status == 200:
                break
            await asyncio.sleep(0.05)
        assert status == 200 and "event: view" in sent


@pytest.mark.parametrize("behind_proxy", [False, True])
async def test_behind_a_proxy_each_forwarded_address_has_its_own_limit(db_path: Path, behind_proxy: bool) -> None:
    """``WEB_BEHIND_PROXY``: the address the proxy appended last counts; without it the header counts for nothing
    (a client cannot dodge the limit by sending one)."""
    limit = RateLimit(per_minute=1, burst=2, clock=lambda: 1000.0)
    async with served(db_path, limit=limit, behind_proxy=behind_proxy) as (core, base, session):
        game = await started_game(core, 2)
        page = f"{base}/g/{await core.spectators.links.token(GUILD, game.id)}/view.json"
        ana = {"X-Forwarded-For": "203.0.113.9, 198.51.100.1"}  # a forged first entry, then what the proxy saw
        ben = {"X-Forwarded-For": "203.0.113.9, 198.51.100.2"}
        assert [(await get(session, page, **ana))[0] for _ in range(3)] == [200, 200, 429]
        assert (await get(session, page, **ben))[0] == (200 if behind_proxy else 429)


async def test_the_page_shows_each_players_panel_the_stack_and_a_legend(db_path: Path) -> None:
    """What a spectator misses beside BGA's table: each player's supply, leader, camps and guards left and
    treasures by kind; the hexagons left in the stack; how to read the guard ring, the camp's house …"""
    async with served(db_path) as (core, base, session):
        game = await options_game(core, 4, "auction", ("obstacles", "guns"))
        view = await drive(core, game, random.Random(4), until=lambda v: v.version >= 60)
        page = f"{base}/g/{await core.spectators.links.token(GUILD, game.id)}"
        _, html, _ = await get(session, page)
        _, data, _ = await get(session, f"{page}/view.json")
        board = json.loads(data)["board"]
        assert board["panels"] == [EN.panel(view, seat) for seat in range(4)]
        assert board["stack"] == stack_line(view, EN.w) and str(view.stack_left) in board["stack"]
        for seat, lines in enumerate(board["panels"]):
            p = view.players[seat]
            assert lines[0] == EN.t.ntr("web.panel.workers", "{n} worker in the supply, {board} on the board",
                                        "{n} workers in the supply, {board} on the board", p.workers_supply,
                                        board=p.workers_on_board)
            assert EN.w.camps_left(p.camps_left) in lines[2] and EN.w.guards_left(p.guards_left) in lines[2]
            assert all(EN.w.treasure(kind) in lines[-1] for kind, _ in p.treasures)
            assert re.search(f'<article class="panel[^"]*" data-seat="{seat}"', html)
            assert all(escape(line) in html for line in lines)  # drawn without the script too
        legend = EN.legend()
        assert all(escape(legend[k]) in html for k in ("figures", "temple", "camp", "treasure", "stones", "gun",
                                                       "obstacle"))
        labels = EN.labels()
        assert escape(labels["scoring_now"]) in html and labels["from_temples"] in html
        assert "Temples now" not in html

        plain = await started_game(core, 2, channel=CHANNEL + 1)  # no guns, no obstacles: not in its legend
        _, html, _ = await get(session, f"{base}/g/{await core.spectators.links.token(GUILD, plain.id)}")
        assert escape(legend["camp"]) in html and escape(legend["gun"]) not in html
        assert escape(legend["obstacle"]) not in html


async def test_during_a_rapido_jump_every_player_still_choosing_is_marked_not_one(db_path: Path) -> None:
    async with served(db_path) as (core, base, session):
        game = await options_game(core, 3, "rapido")
        view = await drive(core, game, random.Random(6), until=lambda v: v.phase is Phase.JUMP)
        choosing = [q for q in view.round_order if view.chips[q]]
        assert len(choosing) >= 2 and view.to_act in choosing
        page = f"{base}/g/{await core.spectators.links.token(GUILD, game.id)}"
        _, html, _ = await get(session, page)
        _, data, _ = await get(session, f"{page}/view.json")
        assert json.loads(data)["board"]["acting"] == choosing
        marked = re.findall(r'<tr data-seat="(\d)" class="to-act" aria-current="true">', html)
        assert sorted(map(int, marked)) == sorted(choosing)
        panels = re.findall(r'<article class="panel to-act" data-seat="(\d)" aria-current="true">', html)
        assert sorted(map(int, panels)) == sorted(choosing)

        await drive(core, game, random.Random(6), until=lambda v: v.phase is not Phase.JUMP)
        view = await core.games.view(GUILD, game.id)
        _, data, _ = await get(session, f"{page}/view.json")
        assert json.loads(data)["board"]["acting"] == ([] if view.to_act is None else [view.to_act])


@pytest.mark.slow  # a whole game played first, and its history planned twice
async def test_a_finished_games_history_marks_the_turns_its_review_shows(db_path: Path) -> None:
    """Once a finished game's review is kept, its history marks the position after each turn the review shows (the
    slider's tick marks, and the words beside the position); a page never makes a review itself."""
    from tests.bot.core.servicekit import play_to_end
    from tests.engine.test_ai_review import QUICK

    async with served(db_path) as (core, base, session):
        game = await started_game(core, 2)
        await play_to_end(core, game, random.Random(3))
        core.reviews.settings = QUICK
        page = f"{base}/g/{await core.spectators.links.token(GUILD, game.id)}"
        _, html, _ = await get(session, page)
        assert 'list="review-marks"' in html and '<datalist id="review-marks"></datalist>' in html
        before = json.loads((await get(session, f"{page}/history.json"))[1])
        assert "review" not in before and core.reviews.made == 0  # none kept: none made for a page
        review = await core.reviews.review(GUILD, game.id)
        data = json.loads((await get(session, f"{page}/history.json?lang=de"))[1])
        frames, marks = data["frames"], data["review"]
        shown = sorted((t for turns in review.worst().values() for t in turns), key=lambda t: t.start)
        assert len(marks) == len(shown) > 0 and data["frames"] == json.loads(
            (await get(session, f"{page}/history.json?lang=de"))[1])["frames"]
        for mark, turn in zip(marks, shown, strict=True):
            at = mark["at"]
            assert mark["seat"] == turn.seat and NAMES[turn.seat] in mark["text"] and "etwa" in mark["text"]
            assert at == len(frames) or frames[at]["moves"] >= turn.end  # the position after the turn
            assert at == 0 or frames[at - 1]["moves"] < turn.end  # and none before it
