"""The web view's server: aiohttp beside the bot in the same process (``WEB_PORT``).

``/g/<token>`` the page, ``/g/<token>/view.json`` its data now, ``/g/<token>/history.json`` every position of the
animated replay, ``/g/<token>/events`` the live stream (server-sent events: the page's data whenever the game
moves), ``/static/…`` the page's scripts and style. ``?lang=`` picks the language (else the server's, else
English). An unknown or renewed token, or a removed game, answers 404 with a page that says so. The spectators'
pages are read-only; a member's own page (``/m/<token>``, ``/play/<game>``: ``members.py``) plays."""

from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
from collections import OrderedDict
from collections.abc import Sequence
from importlib import resources
from typing import Any, Final

from aiohttp import web

from bot.core.assembly import Core
from bot.core.spectators.links import Watched, page_path
from bot.core.spectators.pages import Spectated
from bot.core.storage.rows import Status
from bot.core.words.errors import NoGame
from bot.web.connections import IDLE, PER_ADDRESS, Connections
from bot.web.content import history_data, live_data, palette
from bot.web.events import GONE, follow, said_gone
from bot.web.guard import Address, RateLimit, address_of, forwarded_address, limited, security_headers
from bot.web.members import MemberRoutes, Synced, writable
from bot.web.page import message_html, page_html
from bot.web.watch import Watchers
from bot.web.words import PageWords
from lang import DEFAULT_LOCALE, LOCALES, known, translator

log = logging.getLogger(__name__)

STATIC: Final = {"board.js": "text/javascript", "play.js": "text/javascript", "page.css": "text/css"}
KEEPALIVE: Final = 15.0
"""Seconds between a live stream's keep-alive comments (proxies close silent connections)."""
CACHED: Final = 64


class _Cache:
    """The last few answers built, by what they were built from (a game's version and the language)."""

    def __init__(self, size: int = CACHED) -> None:
        self.size = size
        self._items: OrderedDict[tuple[Any, ...], bytes] = OrderedDict()

    def get(self, key: tuple[Any, ...]) -> bytes | None:
        found = self._items.get(key)
        if found is not None:
            self._items.move_to_end(key)
        return found

    def put(self, key: tuple[Any, ...], value: bytes) -> bytes:
        self._items[key] = value
        self._items.move_to_end(key)
        while len(self._items) > self.size:
            self._items.popitem(last=False)
        return value


class WebView:
    """The pages of every game, over the core (any process serves any game)."""

    def __init__(self, core: Core, *, poll_seconds: float = 1.0, limit: RateLimit | None = None,
                 keepalive: float = KEEPALIVE, behind_proxy: bool = False,
                 connections: Connections | None = None, routes: Sequence[web.RouteDef] = (),
                 public_url: str | None = None, synced: Synced | None = None,
                 member_limit: RateLimit | None = None) -> None:
        """``routes``: more routes on the same server (health); ``public_url``: ``WEB_URL``, the origin members' moves
        must come from (None: members cannot play here); ``synced``: what brings a game's channel up to date after a
        member's move (the bot's ``Table.sync``); ``member_limit``: each member's moves (default: a burst of 30, then
        one a second)."""
        self.core = core
        self.routes = tuple(routes)
        """More routes on the same server (health and metrics, ``bot.web.health``)."""
        self.limit = limit or RateLimit()
        self.behind_proxy = behind_proxy
        self.address: Address = forwarded_address if behind_proxy else address_of
        """Whose requests count together in the rate limit."""
        self.connections = connections or Connections(per_address=None if behind_proxy else PER_ADDRESS)
        """The connections' limits (behind a proxy every connection comes from the proxy: no cap per address)."""
        self.keepalive = keepalive
        self.watchers = Watchers[Watched](core.spectators.find, poll_seconds)
        self._data = _Cache()
        self._history = _Cache(16)
        self._static = {name: (resources.files("bot.web") / "static" / name).read_bytes() for name in STATIC}
        self._runner: web.AppRunner | None = None
        self._listener: asyncio.Server | None = None
        self._closing = asyncio.Event()
        self.port: int | None = None
        self.members = MemberRoutes(core, public_url=public_url, limit=self.limit, address=self.address,
                                    member_limit=member_limit, poll_seconds=poll_seconds, keepalive=keepalive,
                                    history=self._history_of, closing=self._closing, synced=synced)
        """The members' own pages (``members.py``)."""

    def app(self) -> web.Application:
        app = web.Application(middlewares=[limited(self.limit, self._too_many, self.address, writable)])
        app.on_response_prepare.append(security_headers)
        app.add_routes([
            web.get("/g/{token}", self.page),
            web.get("/g/{token}/view.json", self.view_json),
            web.get("/g/{token}/history.json", self.history_json),
            web.get("/g/{token}/events", self.events),
            web.get("/static/{name}", self.static),
            *self.members.routes(),
            *self.routes,
        ])
        return app

    async def start(self, host: str, port: int) -> None:
        """Serve on ``host:port`` (port 0: any free one, then in ``self.port``)."""
        # handler_cancellation: a closed page ends its live stream at once (and frees its place in the rate limit)
        self._runner = web.AppRunner(self.app(), shutdown_timeout=2.0, handler_cancellation=True)
        await self._runner.setup()
        assert self._runner.server is not None
        # the listening socket is ours, not a TCPSite's: each connection is a GuardedHandler (bot.web.connections)
        factory = self.connections.factory(self._runner.server, access_log=None, keepalive_timeout=IDLE)
        self._listener = await asyncio.get_running_loop().create_server(factory, host, port)
        sockets = self._listener.sockets
        self.port = sockets[0].getsockname()[1] if sockets else port
        log.info("the web view serves on %s:%s", host, self.port)
        if self.behind_proxy and not _loopback(host):
            log.warning("WEB_BEHIND_PROXY is set and the web view listens on %s, not only on this machine: a client "
                        "that reaches port %s without the proxy can name any address in X-Forwarded-For and is never "
                        "rate-limited. Listen on 127.0.0.1 (WEB_HOST, the default behind a proxy), or let only the "
                        "proxy reach the port.", host, self.port)

    async def stop(self) -> None:
        self._closing.set()
        await self.watchers.close()
        await self.members.stop()
        if self._listener is not None:
            self._listener.close()
        if self._runner is not None:
            await self._runner.cleanup()  # closes every connection
            self._runner = None
        if self._listener is not None:
            await self._listener.wait_closed()
            self._listener = None

    # -- the words and the game behind a request

    async def _found(self, request: web.Request) -> Watched:
        watched = await self.core.spectators.find(request.match_info["token"])
        if watched is None:
            raise web.HTTPNotFound(text=self._gone(request), content_type="text/html")
        return watched

    def _words(self, request: web.Request, server_language: str | None) -> PageWords:
        asked = known(request.query.get("lang") or "")  # a language we lack: the server's
        server = server_language if server_language in LOCALES else None
        locale = asked or server or DEFAULT_LOCALE
        return PageWords(translator(locale))

    def _gone(self, request: web.Request) -> str:
        words = self._words(request, None)
        return message_html("Tikal", words.gone(), words.locale)

    def _too_many(self, request: web.Request) -> web.StreamResponse:
        words = self._words(request, None)
        return web.Response(status=429, text=message_html("Tikal", words.too_many(), words.locale),
                            content_type="text/html", charset="utf-8", headers={"Retry-After": "60"})

    async def _spectated(self, request: web.Request, watched: Watched) -> Spectated:
        try:
            return await self.core.spectators.page(watched)
        except NoGame:
            raise web.HTTPNotFound(text=self._gone(request), content_type="text/html") from None

    async def _live(self, request: web.Request, watched: Watched) -> tuple[bytes, PageWords]:
        """The page's data now as JSON, built once per position and language."""
        words = self._words(request, await self.core.spectators.languages.server(watched.guild_id))
        key = (watched, words.locale)
        cached = self._data.get(key)
        if cached is None:
            data = live_data(await self._spectated(request, watched), words)
            cached = self._data.put(key, json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode())
        return cached, words

    # -- the routes

    async def page(self, request: web.Request) -> web.StreamResponse:
        watched = await self._found(request)
        body, words = await self._live(request, watched)
        data = json.loads(body)
        token = request.match_info["token"]
        extra = {"palette": palette(), "events": f"{page_path(token)}/events?lang={words.locale}",
                 "history": f"{page_path(token)}/history.json?lang={words.locale}"}
        return web.Response(text=page_html(data, words, extra), content_type="text/html", charset="utf-8",
                            headers={"Cache-Control": "no-store"})

    async def view_json(self, request: web.Request) -> web.StreamResponse:
        body, _ = await self._live(request, await self._found(request))
        return _json_response(body)

    async def history_json(self, request: web.Request) -> web.StreamResponse:
        watched = await self._found(request)
        if watched.status is Status.LOBBY:
            return _json_response(b'{"frames":[]}')
        words = self._words(request, await self.core.spectators.languages.server(watched.guild_id))
        response = _json_response(await self._history_of(watched, words))
        response.enable_compression()
        return response

    async def _history_of(self, watched: Watched, words: PageWords) -> bytes:
        """Every position of the game's history as JSON, built once per position and language (a finished game's
        kept review marks it; a page never makes one)."""
        reviewed = await self.core.reviews.kept(watched.guild_id, watched.game_id) \
            if watched.status is Status.FINISHED else None
        key = (watched.game_id, watched.version, watched.status, words.locale, reviewed is not None)
        body = self._history.get(key)
        if body is None:
            source = await self.core.spectators.history(watched)
            marks = [t for turns in reviewed.worst().values() for t in turns] if reviewed is not None else []
            data = await asyncio.to_thread(history_data, source.record, words, marks)
            body = self._history.put(key, json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode())
        return body

    async def events(self, request: web.Request) -> web.StreamResponse:
        watched = await self.core.spectators.find(request.match_info["token"])
        if watched is None:
            return await said_gone(request)
        address = self.address(request)
        if not self.limit.stream_opened(address):
            return self._too_many(request)
        try:
            return await self._stream(request, watched)
        finally:
            self.limit.stream_closed(address)

    async def _stream(self, request: web.Request, watched: Watched) -> web.StreamResponse:
        async def send(response: web.StreamResponse, now: Watched) -> None:
            await self._send_view(request, response, now)

        return await follow(request, watched, request.match_info["token"], self.watchers, keepalive=self.keepalive,
                            closing=self._closing, event_id=_event_id, send=send)

    async def _send_view(self, request: web.Request, response: web.StreamResponse, watched: Watched) -> None:
        try:
            body, _ = await self._live(request, watched)
        except web.HTTPNotFound:
            await response.write(GONE)
            return
        await response.write(b"id: " + _event_id(watched).encode() + b"\nevent: view\ndata: " + body + b"\n\n")

    async def static(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        if name not in STATIC:
            raise web.HTTPNotFound()
        response = web.Response(body=self._static[name], content_type=STATIC[name], charset="utf-8",
                                headers={"Cache-Control": "public, max-age=3600"})
        response.enable_compression()
        return response


def _loopback(host: str) -> bool:
    """Whether ``host`` is reachable from this machine only."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:  # a name: it may stand for any address
        return False


def _event_id(watched: Watched) -> str:
    return f"{watched.version}.{watched.status}.{watched.deadline_at}"


def _json_response(body: bytes) -> web.Response:
    return web.Response(body=body, content_type="application/json", charset="utf-8",
                        headers={"Cache-Control": "no-store"})


__all__ = ["WebView"]
