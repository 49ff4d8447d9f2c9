"""The pages' links on Discord, through the wire harness: with the web view on, the turn post and
``/tikal-game status`` link the game's page (and the link opens it); ``/tikal-mod weblink`` gives the page a new
address, the old one stops working; a member who is no moderator cannot. Without ``WEB_URL`` nothing is served
and nothing links anywhere."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import aiohttp

from bot.web.words import PageWords
from lang import translator
from tests.bot.adapter.discordkit import (
    ANA,
    BEN,
    CHANNEL,
    GUILD,
    bot_of,
    command,
    mod,
    open_game,
    place_first,
    posts,
    responses,
    running_bot,
    text_of,
)
from tests.bot.adapter.wire import Call
from tests.bot.web.webkit import WEB_URL, web_bot, web_of

LINK = re.compile(re.escape(WEB_URL) + r"/g/[A-Za-z0-9_-]{32}")


def embed_of(call: Call) -> dict[str, Any]:
    embeds = call.data.get("embeds") or []
    assert len(embeds) == 1
    return dict(embeds[0])


async def opens(wire: Any, link: str) -> int:
    """What the web view answers to the link (served on the test's port, not WEB_URL's)."""
    async with aiohttp.ClientSession() as session, session.get(link.replace(WEB_URL, web_of(wire))) as response:
        return response.status


async def test_the_turn_post_and_status_link_the_page_and_a_moderator_renews_its_address(db_path: Path) -> None:
    async with web_bot(db_path) as wire:
        game_id = await open_game(wire, [ANA, BEN])
        turn = [c for c in posts(wire.calls, CHANNEL) if c.data.get("embeds")][-1]
        link = embed_of(turn)["url"]
        assert LINK.fullmatch(link) and f"({link})" in embed_of(turn)["description"]
        assert link == WEB_URL + "/g/" + await bot_of(wire).core.spectators.links.token(GUILD, game_id)
        assert await opens(wire, link) == 200

        status = responses(await command(wire, "tikal-game status", user=BEN))[-1]
        assert embed_of(status)["url"] == link and link in text_of(status)

        refused = responses(await command(wire, "tikal-mod weblink", user=BEN))[-1]
        assert "moderator" in text_of(refused)
        assert await opens(wire, link) == 200

        answer = text_of(responses(await mod(wire, "weblink"))[-1])
        new = LINK.search(answer)
        assert new is not None and new.group() != link and f"#{game_id}" in answer
        assert await opens(wire, link) == 404
        assert await opens(wire, new.group()) == 200

        start = len(wire.calls)
        await place_first(wire, game_id)
        linked = {found.group() for c in wire.calls[start:] if isinstance(c.data, dict)
                  for found in LINK.finditer(text_of(c))}
        assert linked == {new.group()}, "the posts after the renewal link the new address only"


async def test_without_web_url_nothing_is_served_and_nothing_links(db_path: Path) -> None:
    async with running_bot(db_path) as wire:
        assert bot_of(wire).web is None
        game_id = await open_game(wire, [ANA, BEN])
        await place_first(wire, game_id)
        assert not [c for c in wire.calls if isinstance(c.data, dict) and "/g/" in text_of(c)]
        status = responses(await command(wire, "tikal-game status", user=BEN))[-1]
        assert "url" not in embed_of(status)
        answer = text_of(responses(await mod(wire, "weblink"))[-1])
        english = PageWords(translator("en")).t
        assert answer == english.tr("mod.weblink_off", "This bot has no web view (its WEB_URL is not set): games have "
                                                       "no web pages.")
