"""A member's own page over HTTP (a real aiohttp server, each member a client with its own cookies): the link opens a
session (its cookie's flags), the page offers exactly the engine's legal moves, a move goes through and is refused
as a slash command's would be, a stale version is refused with the game as it stands, each change must come from the
page (``Origin``) with the session's CSRF token and within the member's rate limit, one member's session can neither
act for another nor read their secrets, signing out ends the session, the live stream follows the game and says when
the session ended, the spectator's page is byte for byte what it was, and no log line holds a secret."""

from __future__ import annotations

import asyncio
import json
import logging
import random
import re
from html import escape as html_text
from pathlib import Path

import aiohttp
import pytest

import engine
from bot.core.spectators.links import new_token
from bot.web.guard import RateLimit
from bot.web.play_words import PlayWords
from engine import Phase
from lang import translator
from tests.bot.core.optionkit import drive, options_game, seat_of
from tests.bot.core.servicekit import GUILD, started_game
from tests.bot.web.playkit import legal_texts, member, page_data
from tests.bot.web.test_server import assert_guarded
from tests.bot.web.webkit import STREAM, next_event, served

EN = PlayWords(translator("en"))


async def test_a_link_opens_a_session_whose_cookie_only_the_games_pages_get(db_path: Path) -> None:
    async with served(db_path, public_url="here") as (core, base, session):
        game = await started_game(core, 2)
        async with member(core, base, game.id, game.seats[0].member_id) as ana:
            cookie = ana.set_cookie
            assert cookie.startswith("tikal_play=") and f"Path=/play/{game.id}" in cookie
            assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Secure" not in cookie  # http here
            assert ana.token not in ana.html  # the page names its own address, never the link
            script = page_data(ana.html)
            assert script["address"] == f"/play/{game.id}" and script["csrf"]
            assert '<script src="/static/play.js" defer></script>' in ana.html
            assert ana.data["play"]["you"] == EN.you_are(await core.games.view(GUILD, game.id), 0)
            status, html = await ana.get()
            assert status == 200 and page_data(html)["data"]["play"]["seat"] == 0
            status, data = await ana.get("/view.json")
            assert status == 200 and "csrf" not in data and json.loads(data)["play"]["seat"] == 0
            status, history = await ana.get("/history.json")
            assert status == 200 and "frames" in json.loads(history)
        # without the cookie: a page that says how to get one, and no data
        async with session.get(f"{base}/play/{game.id}") as response:
            assert response.status == 403 and html_text(EN.no_session()) in await response.text()
        async with session.get(f"{base}/play/{game.id}/view.json") as response:
            assert response.status == 403
        async with session.get(f"{base}/m/{new_token()}") as response:
            assert response.status == 404 and html_text(EN.link_ended()) in await response.text()
        async with session.head(f"{base}/m/{new_token()}") as response:
            assert response.status == 405  # a link checker's HEAD opens nothing
        assert await core.web_play.access.counts(game.id) == (1, 1)


async def test_the_cookie_is_secure_when_the_public_address_is_https(db_path: Path) -> None:
    async with served(db_path, public_url="https://tikal.example") as (core, base, _):
        game = await started_game(core, 2)
        token, _ = await core.web_play.access.issue(GUILD, game.id, game.seats[0].member_id)
        async with aiohttp.ClientSession() as client, client.get(f"{base}/m/{token}") as response:
            assert response.status == 200 and "Secure" in response.headers["Set-Cookie"]


async def test_a_members_pages_keep_the_spectators_headers_and_run_no_inline_script(db_path: Path) -> None:
    async with served(db_path, public_url="here") as (core, base, _):
        game = await started_game(core, 2)
        view = await core.games.view(GUILD, game.id)
        assert view.to_act is not None
        async with member(core, base, game.id, seat_of(game, view.to_act)) as me:
            answers = []
            async with me.client.get(f"{base}/m/{me.token}", allow_redirects=False) as response:
                answers.append(("link", response.status, dict(response.headers)))
            for path in ("", "/view.json", "/history.json"):
                async with me.client.get(f"{base}/play/{game.id}{path}") as response:
                    answers.append((path, response.status, dict(response.headers)))
            async with me.client.post(f"{base}/play/{game.id}/act", data="{",
                                      headers={"Origin": base, "X-Tikal-CSRF": me.csrf}) as response:
                answers.append(("act", response.status, dict(response.headers)))
            for what, status, headers in answers:
                assert status < 500, what
                assert_guarded(headers, what)
            # every script is the page's own file or its data (never run): the policy needs no 'unsafe-inline'
            scripts = re.findall(r"<script([^>]*)>", me.html)
            assert scripts and all('src="/static/' in s or 'type="application/json"' in s for s in scripts), scripts


async def test_the_page_offers_the_legal_moves_and_a_move_goes_through_as_a_slash_command(db_path: Path) -> None:
    async with served(db_path, public_url="here") as (core, base, _):
        game = await started_game(core, 2)
        view = await core.games.view(GUILD, game.id)
        assert view.to_act is not None
        actor, other = seat_of(game, view.to_act), seat_of(game, 1 - view.to_act)
        async with member(core, base, game.id, actor) as me, member(core, base, game.id, other) as them:
            rng = random.Random(5)
            for _ in range(12):  # a turn and more: place, actions, undo, end
                state = (await core.store.load(GUILD, game.id)).state
                who = me if game.at_seat(state.to_act) and seat_of(game, state.to_act) == actor else them
                idle = them if who is me else me
                await who.get()
                status, data = await who.get("/view.json")
                who.data = json.loads(data)
                assert who.moves() == legal_texts(engine.legal_moves(state))
                _, idle_data = await idle.get("/view.json")
                assert json.loads(idle_data)["play"]["menu"] is None
                menu = who.data["play"]["menu"]
                choices = [f["path"] for a in menu["actions"] for f in a["finishes"]]
                if menu["end"] is not None and rng.random() < 0.3:
                    choices = [menu["end"]["path"]]
                if menu["undo"] is not None and rng.random() < 0.2:
                    choices = [menu["undo"]["path"]]
                path = rng.choice(choices)
                status, answer = await who.act(path)
                assert status == 200 and answer["ok"] and answer["said"].startswith("✅"), answer
                assert answer["data"]["version"] == state.version + 1
            # a finish of the wrong kind, a made-up path, a bad body: refused, nothing changed
            version = (await core.games.view(GUILD, game.id)).version
            state = (await core.store.load(GUILD, game.id)).state
            who = me if seat_of(game, state.to_act) == actor else them
            status, answer = await who.act(["p", "Z9", "0"])
            assert status == 422 and answer["said"] == "That choice is not on the menu any more: nothing was done."
            assert answer["data"]["version"] == version
            for body in ("{", "[]", json.dumps({"version": "x", "path": ["a"]}), json.dumps({"version": 1}),
                         json.dumps({"version": version, "path": ["<b>", "x", "y"]}), "x" * 5000):
                status, answer = await who.post("act", body)
                assert status == 400 and answer["said"] == EN.forbidden(), body
            assert (await core.games.view(GUILD, game.id)).version == version


async def test_a_stale_version_is_refused_with_the_game_as_it_stands(db_path: Path) -> None:
    async with served(db_path, public_url="here") as (core, base, _):
        game = await started_game(core, 2)
        view = await core.games.view(GUILD, game.id)
        assert view.to_act is not None
        async with member(core, base, game.id, seat_of(game, view.to_act)) as me:
            old = me.data
            first = old["play"]["menu"]["actions"][0]["finishes"][0]["path"]
            await core.turns.act(GUILD, game.id, seat_of(game, view.to_act), old["play"]["menu"]["actions"][0][
                "finishes"][0]["move"])  # the same member, on Discord, meanwhile
            status, answer = await me.act(first, version=old["version"])
            assert status == 409 and answer["stale"] and answer["said"] == EN.moved_on()
            assert answer["data"]["version"] == old["version"] + 1
            assert (await core.games.view(GUILD, game.id)).version == old["version"] + 1


async def test_a_change_must_come_from_the_page_with_the_sessions_csrf_token(db_path: Path) -> None:
    async with served(db_path, public_url="here") as (core, base, session):
        game = await started_game(core, 2)
        view = await core.games.view(GUILD, game.id)
        assert view.to_act is not None
        async with member(core, base, game.id, seat_of(game, view.to_act)) as me, \
                member(core, base, game.id, seat_of(game, 1 - view.to_act)) as them:
            path = me.data["play"]["menu"]["actions"][0]["finishes"][0]["path"]
            body = {"version": view.version, "path": path}
            for origin, csrf in ((None, ""), ("http://evil.example", ""), (base + ".evil.example", ""),
                                 ("null", ""), ("", None), ("", "x" * 43), ("", them.csrf)):
                status, answer = await me.post("act", body, origin=origin, csrf=csrf)
                assert status == 403 and answer == {"ok": False, "said": EN.forbidden()}, (origin, csrf)
            # no session: another site's form, or a client without the cookie
            async with session.post(f"{base}/play/{game.id}/act", json=body,
                                    headers={"Origin": base, "X-Tikal-CSRF": me.csrf}) as response:
                assert response.status == 401
            # the spectators' pages stay read-only, and a member's change is a POST
            token = await core.spectators.links.token(GUILD, game.id)
            async with session.post(f"{base}/g/{token}", data="x") as response:
                assert response.status == 405
            async with me.client.get(f"{base}/play/{game.id}/act") as response:
                assert response.status == 405
            assert (await core.games.view(GUILD, game.id)).version == view.version
            status, _ = await me.post("act", body)
            assert status == 200


async def test_no_member_acts_from_a_web_view_without_a_public_address(db_path: Path) -> None:
    async with served(db_path) as (core, base, _):
        game = await started_game(core, 2)
        view = await core.games.view(GUILD, game.id)
        assert view.to_act is not None
        async with member(core, base, game.id, seat_of(game, view.to_act)) as me:
            path = me.data["play"]["menu"]["actions"][0]["finishes"][0]["path"]
            status, _ = await me.act(path)
            assert status == 403


async def test_each_members_moves_have_a_rate_limit_of_their_own(db_path: Path) -> None:
    limit = RateLimit(per_minute=0.001, burst=3)
    async with served(db_path, public_url="here", member_limit=limit) as (core, base, _):
        game = await started_game(core, 2)
        view = await core.games.view(GUILD, game.id)
        assert view.to_act is not None
        async with member(core, base, game.id, seat_of(game, view.to_act)) as me, \
                member(core, base, game.id, seat_of(game, 1 - view.to_act)) as them:
            statuses = [(await me.act(["p", "Z9", "0"]))[0] for _ in range(4)]
            assert statuses == [422, 422, 422, 429]
            status, answer = await me.act(["p", "Z9", "0"])
            assert status == 429 and answer["said"] == EN.too_fast()
            assert (await them.act(["p", "Z9", "0"]))[0] == 422  # the other member has their own


async def test_one_members_session_neither_acts_for_another_nor_reads_their_secrets(db_path: Path) -> None:
    async with served(db_path, public_url="here") as (core, base, _):
        game = await options_game(core, 3, "rapido")
        view = await drive(core, game, random.Random(6), until=lambda v: v.phase is Phase.JUMP)
        choosing = [q for q in view.round_order if view.chips[q]]
        assert len(choosing) >= 2
        a, b = choosing[:2]
        async with member(core, base, game.id, seat_of(game, a)) as first, \
                member(core, base, game.id, seat_of(game, b)) as second:
            jump = first.data["play"]["jump"]
            assert jump is not None
            assert [c["chips"] for c in jump["choices"]] == list(range(1, len(jump["choices"]) + 1))
            status, answer = await first.post("jump", {"opened": jump["opened"], "chips": 3})
            assert status == 200 and answer["said"] == EN.own_chips(3)
            assert answer["data"]["play"]["private"] == [EN.own_chips(3)] and answer["data"]["play"]["jump"] is None
            # the other member's page, its data and its live stream: nothing of the first member's number
            status, html = await second.get()
            _, data = await second.get("/view.json")
            for text in (html, data):
                assert EN.own_chips(3) not in text and html_text(EN.own_chips(3)) not in text
            assert json.loads(data)["play"]["jump"] is not None and json.loads(data)["play"]["private"] == []
            # the second member's session cannot choose for the first (it chooses its own), nor open their page
            status, answer = await second.post("jump", {"opened": jump["opened"], "chips": 1})
            assert status == 200 and answer["said"] == EN.own_chips(1)
            async with second.client.get(f"{base}/play/{game.id + 1}") as response:
                assert response.status == 403  # its cookie goes to its own game's pages only
        # a basic game: the member not to act cannot make the acting member's move
        basic = await started_game(core, 2, channel=9001)
        now = await core.games.view(GUILD, basic.id)
        assert now.to_act is not None
        async with member(core, base, basic.id, seat_of(basic, now.to_act)) as actor, \
                member(core, base, basic.id, seat_of(basic, 1 - now.to_act)) as idle:
            path = actor.data["play"]["menu"]["actions"][0]["finishes"][0]["path"]
            status, answer = await idle.act(path, version=now.version)
            assert status == 422 and "turn" in answer["said"]
            assert (await core.games.view(GUILD, basic.id)).version == now.version


async def test_signing_out_ends_the_session(db_path: Path) -> None:
    async with served(db_path, public_url="here") as (core, base, _):
        game = await started_game(core, 2)
        async with member(core, base, game.id, game.seats[0].member_id) as ana:
            status, answer = await ana.post("signout", {})
            assert status == 200 and answer["said"] == EN.signed_out()
            assert (await ana.get())[0] == 403
            assert await core.web_play.access.counts(game.id) == (1, 0)
            assert await ana.open() == 200  # the link still works while it lasts


async def test_the_live_stream_follows_the_game_and_says_when_the_session_ended(db_path: Path) -> None:
    async with served(db_path, public_url="here") as (core, base, _):
        game = await started_game(core, 2)
        view = await core.games.view(GUILD, game.id)
        assert view.to_act is not None
        async with member(core, base, game.id, seat_of(game, 1 - view.to_act)) as idle, \
                idle.client.get(f"{base}/play/{game.id}/events", timeout=STREAM) as stream:
                assert stream.status == 200
                entries = await core.turns.legal_moves(GUILD, game.id, seat_of(game, view.to_act))
                await core.turns.act(GUILD, game.id, seat_of(game, view.to_act), str(entries[0].move))
                event = await next_event(stream)
                assert "event: view" in event
                data = json.loads(event.split("data: ", 1)[1])
                assert data["version"] == view.version + 1 and data["play"]["seat"] == 1 - view.to_act
                await core.spectators.links.renew(GUILD, game.id)  # a moderator's renewal ends every member's
                assert "event: gone" in await next_event(stream)
                async with idle.client.get(f"{base}/play/{game.id}/events", timeout=STREAM) as again:  # anew
                    assert again.status == 200 and await again.text() == "event: gone\ndata: {}\n\n"


async def test_the_spectators_page_is_the_same_byte_for_byte_with_members_playing(db_path: Path) -> None:
    async with served(db_path, public_url="here") as (core, base, session):
        game = await started_game(core, 2)
        page = f"{base}/g/{await core.spectators.links.token(GUILD, game.id)}"

        async def spectated() -> list[bytes]:
            out = []
            for url in (page, f"{page}/view.json", f"{page}/history.json", f"{page}?lang=de"):
                async with session.get(url) as response:
                    assert "Set-Cookie" not in response.headers
                    out.append(await response.read())
            return out

        before = await spectated()
        async with member(core, base, game.id, game.seats[0].member_id) as ana, \
                member(core, base, game.id, game.seats[1].member_id) as ben:
            for who in (ana, ben):
                await who.get()
                await who.get("/view.json")
            assert await spectated() == before
            for text in before:
                assert b"/play/" not in text and b"csrf" not in text and b"play.js" not in text
                for secret in (ana.token, ana.csrf, ben.token, ben.csrf):
                    assert secret.encode() not in text


async def test_no_log_line_holds_a_link_a_session_or_a_csrf_token(db_path: Path,
                                                                  caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    async with served(db_path, public_url="here") as (core, base, _):
        game = await started_game(core, 2)
        view = await core.games.view(GUILD, game.id)
        assert view.to_act is not None
        async with member(core, base, game.id, seat_of(game, view.to_act)) as me:
            cookie = me.set_cookie.split(";")[0].split("=", 1)[1]
            path = me.data["play"]["menu"]["actions"][0]["finishes"][0]["path"]
            await me.act(path)
            await me.act(path, version=view.version)  # stale
            await me.post("act", {"version": 1, "path": path}, origin="http://evil.example")
            await me.post("act", "{")
            async with me.client.get(f"{base}/play/{game.id}/events", timeout=aiohttp.ClientTimeout(total=1)) as s:
                await asyncio.sleep(0.2)
                s.close()
            # a request aiohttp's parser refuses, holding the link in its line
            reader, writer = await asyncio.open_connection("127.0.0.1", int(base.rsplit(":", 1)[1]))
            writer.write(f"GET /m/{me.token}\x01 HTTP/1.1\r\nHost: x\r\n\r\n".encode())
            await writer.drain()
            await reader.read(1000)
            writer.close()
            await core.web_play.access.issue(GUILD, game.id, seat_of(game, view.to_act))
            await me.open()  # the old link: refused
        logged = "\n".join(r.getMessage() + " " + str(r.args) + " " + str(r.exc_text) for r in caplog.records)
        for secret in (me.token, cookie, me.csrf):
            assert secret not in logged
        assert caplog.records, "something was logged: the check above is not empty"
