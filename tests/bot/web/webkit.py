"""Helpers of the web view's tests: the real bot with its web view on a free port, games moved through the wire
harness, and Debian's chromium driven by Playwright."""

from __future__ import annotations

import asyncio
import os
import random
import shutil
import socket
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Final

import aiohttp
import pytest

import engine
from bot.core.assembly import Core
from bot.web.connections import Connections
from bot.web.guard import RateLimit
from bot.web.server import WebView
from engine import GameView, Phase
from tests.bot.adapter.discordkit import GUILD, as_command, bot_of, click, command, pick_move, running_bot
from tests.bot.adapter.wire import Wire
from tests.bot.core.servicekit import open_service

WEB_URL: Final = "http://127.0.0.1"
CHROMIUM: Final = Path(os.environ.get("TIKAL_CHROMIUM", "/usr/bin/chromium"))
STREAM: Final = aiohttp.ClientTimeout(total=20)
"""How long a test waits for a live stream's next event."""
CHROMIUM_FLAGS: Final = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


async def until(check: Callable[[], bool], seconds: float = 30.0) -> None:
    """Wait for what the bot does in the background after a web request (the channel's update after a move from
    the page)."""
    for _ in range(int(seconds / 0.01)):  # a check is a look at what the harness recorded: cheap, so looked at often
        if check():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the bot did not do it in time")


@asynccontextmanager
async def web_bot(database: Path | str, **more: Any) -> AsyncIterator[Wire]:
    """The bot through the wire harness, its web view on a free port of 127.0.0.1."""
    options: dict[str, Any] = {"web_url": WEB_URL, "web_port": 0, "web_host": "127.0.0.1", "web_poll_seconds": 0.1,
                               **more}
    async with running_bot(database, **options) as wire:
        yield wire


def free_port() -> int:
    """A port nothing listens on now (for a server whose public address, ``WEB_URL``, must name its port)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@asynccontextmanager
async def served(database: Path | str, seed: int = 7, limit: RateLimit | None = None, behind_proxy: bool = False,
                 connections: Connections | None = None, member_limit: RateLimit | None = None,
                 public_url: str | None = None) -> AsyncIterator[tuple[Core, str, aiohttp.ClientSession]]:
    """The core (``tests.bot.core.servicekit``) with the web view on a free port: the core, the web view's address
    and a client session that keeps cookies (no rate limit unless ``limit`` or, for members' moves,
    ``member_limit``; the connections' limits ``connections``, else the server's). Members may play when the web
    view's address is its public one (``WEB_URL``): ``public_url="here"``, or an address of its own."""
    async with open_service(database, seed=seed) as core:
        port = free_port() if public_url == "here" else 0
        public = f"http://127.0.0.1:{port}" if public_url == "here" else public_url
        web = WebView(core, poll_seconds=0.05, keepalive=0.5, limit=limit or RateLimit(per_minute=1e6, burst=1e6),
                      behind_proxy=behind_proxy, connections=connections, public_url=public,
                      member_limit=member_limit or RateLimit(per_minute=1e6, burst=1e6))
        await web.start("127.0.0.1", port)
        try:
            async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
                yield core, f"http://127.0.0.1:{web.port}", session
        finally:
            await web.stop()


async def next_event(response: aiohttp.ClientResponse) -> str:
    """An open live stream's next event (its keep-alive comments skipped)."""
    lines: list[str] = []
    async for raw in response.content:
        line = raw.decode()
        if line.startswith(":"):
            continue
        lines.append(line)
        if line == "\n" and any(x.startswith("event:") for x in lines):
            break
    return "".join(lines)


def web_of(wire: Wire) -> str:
    """The web view's own address (``WEB_URL`` names the public one, without the port the test server got)."""
    bot = bot_of(wire)
    assert bot.web is not None and bot.web.port
    return f"http://127.0.0.1:{bot.web.port}"


async def page_url(wire: Wire, game_id: int, guild: int = GUILD) -> str:
    token = await bot_of(wire).core.spectators.links.token(guild, game_id)
    return f"{web_of(wire)}/g/{token}"


async def play(wire: Wire, game_id: int, moves: int, rng: random.Random, guild: int = GUILD) -> GameView:
    """Play ``moves`` moves of the game as its members would, through the slash commands (Tikal Rápido's jumps
    through their buttons); the view after them."""
    core = bot_of(wire).core
    actions = 0
    for _ in range(moves):
        view = await core.games.view(guild, game_id)
        if view.finished:
            return view
        game = await core.games.game(guild, game_id)
        if view.phase is Phase.JUMP:
            _, waiting = await core.jumps.jump_status(guild, game_id)
            for seat in waiting:
                member = game.at_seat(seat)
                assert member is not None
                most, _ = await core.jumps.jump_chips(guild, game_id, member.member_id)
                await click(wire, f"tikal:jump:{game_id}:{view.version}:{rng.randint(1, most)}",
                            user=member.member_id, message_id=game.turn_message_id or 0)
            continue
        assert view.to_act is not None
        acting = game.at_seat(view.to_act)
        assert acting is not None
        move = pick_move(await core.turns.legal_moves(guild, game_id, acting.member_id), rng, actions)
        name, options = as_command(move)
        await command(wire, name, options, user=acting.member_id)
        actions = 0 if isinstance(move, engine.End | engine.Bid | engine.Pass | engine.Pick) else actions + 1
    return await core.games.view(guild, game_id)


def chromium_path() -> str:
    """Debian's chromium; without it the browser tests are skipped, or fail when ``TIKAL_REQUIRE_CHROMIUM`` is set
    (CI installs it, as it does PostgreSQL)."""
    found = CHROMIUM if CHROMIUM.exists() else Path(shutil.which("chromium") or "/nonexistent")
    if not found.exists():
        reason = (f"no chromium found ({CHROMIUM}, nor on PATH): the browser tests are skipped. Install Debian's "
                  "chromium (apt-get install chromium) or name it in TIKAL_CHROMIUM.")
        if os.environ.get("TIKAL_REQUIRE_CHROMIUM"):
            pytest.fail(reason + " (TIKAL_REQUIRE_CHROMIUM is set)", pytrace=False)
        pytest.skip(reason)
    return str(found)

