"""A live stream of server-sent events for one watched game, the spectator's page's and a member's alike: the view
at once if the page's last event is not the game as it stands, then one event each time the game changes, a
comment line while it does not (so proxies keep the connection), ``gone`` when the game (or its address, or the
member's seat) is gone, and the end when the web view closes or the page goes away."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TypeVar

from aiohttp import web

from bot.web.watch import Watchers

W = TypeVar("W")

GONE = b"event: gone\ndata: {}\n\n"
_HEADERS = {"Content-Type": "text/event-stream", "Cache-Control": "no-store", "X-Accel-Buffering": "no"}


async def said_gone(request: web.Request) -> web.StreamResponse:
    """The stream of a game, address or seat gone already: ``gone`` at once, then the end. An error status would
    tell the page only that its stream failed, as a lost connection does: a page that connects again after its
    address was renewed (a phone waking up) would call itself offline instead of saying why it stopped."""
    response = web.StreamResponse(headers=_HEADERS)
    await response.prepare(request)
    await response.write(GONE)
    return response


async def follow(request: web.Request, first: W, key: str, watchers: Watchers[W], *, keepalive: float,
                 closing: asyncio.Event, event_id: Callable[[W], str],
                 send: Callable[[web.StreamResponse, W], Awaitable[None]]) -> web.StreamResponse:
    """Stream ``key``'s game, as ``watchers`` see it change, from ``first`` on; ``send`` writes one position's
    event."""
    response = web.StreamResponse(headers=_HEADERS)
    await response.prepare(request)
    seen = first
    if request.headers.get("Last-Event-ID") not in (None, event_id(first)):
        await send(response, first)
    try:
        while not closing.is_set():
            now = await watchers.follow(key, seen, keepalive)
            if closing.is_set():
                break
            if now is None:
                await response.write(GONE)
                break
            if now == seen:
                await response.write(b": still here\n\n")
                continue
            seen = now
            await send(response, now)
    except ConnectionResetError:  # the page was closed
        pass
    return response
