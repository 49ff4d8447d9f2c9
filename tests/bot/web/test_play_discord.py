"""A member's own board through the real discord.py bot (the wire harness) with its web view: ``/tikal-game web`` and
the wait's **My board link** answer privately with a link button (no address in the text, which Discord would fetch);
a move made on the page is the slash command's — the channel's wait message is edited as after one, and the next
player's wait is posted, pinging them; no log line, at the bot's DEBUG level, holds a link, a session or its CSRF
token; a stranger gets no link; a moderator's ``weblink`` and ``replace`` end the old
links; without ``WEB_URL`` there is no button and the command says so."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.__main__ import QUIET, configure_logging
from bot.web.sessions import CSRF_HEADER
from tests.bot.adapter.discordkit import (
    ANA,
    BEN,
    CHANNEL,
    CY,
    GUILD,
    bot_of,
    click,
    command,
    custom_ids,
    edits,
    mod,
    open_game,
    posts,
    responses,
    running_bot,
    text_of,
)
from tests.bot.adapter.wire import Call, Ref, Wire
from tests.bot.web.playkit import page_data
from tests.bot.web.webkit import free_port, until, web_bot


def link_of(call: Call) -> str:
    """The link button of a private answer (and that the text itself names no address)."""
    buttons = [b for row in call.data.get("components") or [] for b in row["components"]]
    (button,) = buttons
    assert button["style"] == 5 and "/m/" in button["url"]
    assert "/m/" not in (call.data.get("content") or "") and "http" not in (call.data.get("content") or "")
    return str(button["url"])


class Browser:
    """A member's browser on their own board (its own cookies)."""

    def __init__(self, client: aiohttp.ClientSession, base: str, game_id: int) -> None:
        self.client, self.base, self.game_id = client, base, game_id
        self.script: dict[str, Any] = {}

    async def open(self, link: str) -> int:
        async with self.client.get(link) as response:
            if response.status == 200:
                self.script = page_data(await response.text())
            return response.status

    @property
    def data(self) -> dict[str, Any]:
        return dict(self.script["data"])

    async def act(self, path: list[str]) -> tuple[int, dict[str, Any]]:
        async with self.client.post(f"{self.base}/play/{self.game_id}/act",
                                    json={"version": self.data["version"], "path": path},
                                    headers={"Origin": self.base, CSRF_HEADER: self.script["csrf"]}) as response:
            answer = await response.json()
        if answer.get("data"):
            self.script["data"] = answer["data"]
        return response.status, answer


async def wait_message(wire: Wire, game_id: int) -> tuple[int, dict[str, Any]]:
    game = await bot_of(wire).core.games.game(GUILD, game_id)
    assert game.turn_message_id is not None
    return game.turn_message_id, wire.messages[game.turn_message_id]


async def test_a_move_on_the_page_moves_the_channels_wait_message(db_path: Path, caplog: pytest.LogCaptureFixture,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    caplog.set_level(logging.DEBUG)
    for name in QUIET:  # put back as they were after the test
        monkeypatch.setattr(logging.getLogger(name), "level", logging.getLogger(name).level)
    configure_logging("DEBUG")  # as the bot runs with LOG_LEVEL=DEBUG
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    async with web_bot(db_path, web_url=base, web_port=port) as wire:
        game_id = await open_game(wire, [ANA, BEN])
        core = bot_of(wire).core
        view = await core.games.view(GUILD, game_id)
        game = await core.games.game(GUILD, game_id)
        assert view.to_act is not None
        actor = game.at_seat(view.to_act)
        other = game.at_seat(1 - view.to_act)
        assert actor is not None and other is not None
        message_id, message = await wait_message(wire, game_id)
        assert f"tikal:web:{game_id}" in custom_ids(message)

        # the button: a private link for whoever clicks, if they play; a stranger is told they do not
        (answer,) = responses(await click(wire, f"tikal:web:{game_id}", user=actor.member_id, message_id=message_id))
        assert answer.ephemeral
        link = link_of(answer)
        (refused,) = responses(await click(wire, f"tikal:web:{game_id}", user=CY, message_id=message_id))
        assert refused.ephemeral and "not playing" in text_of(refused) and not refused.data.get("components")
        # the command: the same, for the channel's game
        (typed,) = responses(await command(wire, "tikal-game web", user=other.member_id))
        assert typed.ephemeral and link_of(typed) != link

        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as client:
            me = Browser(client, base, game_id)
            assert await me.open(link) == 200
            menu = me.data["play"]["menu"]
            place = menu["actions"][0]["finishes"][0]
            start = len(wire.calls)
            status, said = await me.act(place["path"])
            assert status == 200 and said["said"].startswith("✅ place")
            await until(lambda: any(c.path == f"/channels/{CHANNEL}/messages/{message_id}"
                                    for c in edits(wire.calls[start:])))
            assert not posts(wire.calls[start:], CHANNEL), "the same wait: its message is edited, nothing posted"
            assert (await core.games.view(GUILD, game_id)).log[-1] == place["move"]

            # the turn ends on the page: the next player's wait is posted, pinging them
            start = len(wire.calls)
            status, said = await me.act(me.data["play"]["menu"]["end"]["path"])
            assert status == 200 and said["said"] == "✅ Turn ended."
            await until(lambda: bool(posts(wire.calls[start:], CHANNEL)))
            (posted,) = posts(wire.calls[start:], CHANNEL)
            assert f"<@{other.member_id}>" in (posted.data.get("content") or "")
            await until(lambda: any(c.path == f"/channels/{CHANNEL}/messages/{message_id}"
                                    for c in edits(wire.calls[start:])))  # the old one closed

            # a moderator's new address for the page ends every member's link and session
            await mod(wire, "weblink")
            async with client.get(f"{base}/play/{game_id}") as response:
                assert response.status == 403
            assert await me.open(link) == 404
            secrets = [link.rsplit("/", 1)[1], str(typed.data["components"][0]["components"][0]["url"]).rsplit("/")[-1],
                       me.script["csrf"], *(c.value for c in client.cookie_jar)]
        logged = "\n".join(f"{r.getMessage()} {r.args} {r.exc_text}" for r in caplog.records)
        assert caplog.records and all(secret and secret not in logged for secret in secrets)


async def test_a_replaced_member_loses_the_board_and_the_newcomer_may_ask(db_path: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    async with web_bot(db_path, web_url=base, web_port=port) as wire:
        game_id = await open_game(wire, [ANA, BEN])
        (answer,) = responses(await command(wire, "tikal-game web", user=BEN))
        link = link_of(answer)
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as client:
            ben = Browser(client, base, game_id)
            assert await ben.open(link) == 200
            seat = (await bot_of(wire).core.games.game(GUILD, game_id)).seat_of(BEN)
            assert seat is not None and seat.name is not None
            done = await mod(wire, "replace", {"player": seat.name, "member": Ref("user", CY, "Cy")})
            assert "now plays" in text_of(responses(done)[-1])
            async with client.get(f"{base}/play/{game_id}/view.json") as response:
                assert response.status == 403 and "Ask for a new link" in json.loads(await response.text())["said"]
        (refused,) = responses(await command(wire, "tikal-game web", user=BEN))
        assert "not playing" in text_of(refused)
        (answer,) = responses(await command(wire, "tikal-game web", user=CY))
        assert link_of(answer)


async def test_without_web_url_there_is_no_board_link(db_path: Path) -> None:
    async with running_bot(db_path) as wire:
        game_id = await open_game(wire, [ANA, BEN])
        _, message = await wait_message(wire, game_id)
        assert not [c for c in custom_ids(message) if c.startswith("tikal:web:")]
        (answer,) = responses(await command(wire, "tikal-game web", user=ANA))
        assert "no web view" in text_of(answer) and not answer.data.get("components")
