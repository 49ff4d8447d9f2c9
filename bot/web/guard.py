"""What every answer of the web view carries and what it refuses: headers that forbid framing, scripts and styles
from elsewhere and leaking the page's address (its token) to another site, and a ``Server`` header that names no
software version; a rate limit per address (and, for a member's moves, per member: ``RateLimit`` keyed by seat)."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Final

from aiohttp import web

SECURITY_HEADERS: Final = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                               "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
}
SERVER: Final = "Tikal"
"""The ``Server`` header, instead of aiohttp's (which names Python's and aiohttp's versions)."""


def every_answers_headers() -> dict[str, str]:
    """The headers of an answer built outside the application (aiohttp's parser refused the request)."""
    return {**SECURITY_HEADERS, "Server": SERVER}


@dataclass
class RateLimit:
    """A token bucket per client address: ``burst`` requests at once, then ``per_minute`` a minute. An open live
    stream counts once, when it opens; ``streams`` of them at most per address."""

    per_minute: float = 120.0
    burst: float = 60.0
    streams: int = 8
    clock: Callable[[], float] = time.monotonic
    _buckets: dict[str, tuple[float, float]] = field(default_factory=dict)
    _open: dict[str, int] = field(default_factory=dict)

    def allow(self, address: str) -> bool:
        now = self.clock()
        level, since = self._buckets.get(address, (self.burst, now))
        level = min(self.burst, level + (now - since) * self.per_minute / 60.0)
        if level < 1.0:
            self._buckets[address] = (level, now)
            return False
        self._buckets[address] = (level - 1.0, now)
        if len(self._buckets) > 10_000:  # forget the addresses whose buckets are full again
            full = [a for a, (lv, at) in self._buckets.items() if lv + (now - at) * self.per_minute / 60 >= self.burst]
            for gone in full:
                del self._buckets[gone]
        return True

    def stream_opened(self, address: str) -> bool:
        """Whether another live stream may open for ``address`` (then it counts until ``stream_closed``)."""
        if self._open.get(address, 0) >= self.streams:
            return False
        self._open[address] = self._open.get(address, 0) + 1
        return True

    def stream_closed(self, address: str) -> None:
        left = self._open.get(address, 1) - 1
        if left > 0:
            self._open[address] = left
        else:
            self._open.pop(address, None)


Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


Address = Callable[[web.Request], str]


def address_of(request: web.Request) -> str:
    """The client's address as the connection shows it (a proxy in front shares its own among its clients)."""
    return request.remote or "unknown"


def forwarded_address(request: web.Request) -> str:
    """Behind a reverse proxy (``WEB_BEHIND_PROXY``): the address the proxy appended last to
    ``X-Forwarded-For`` — the one it saw, which a client cannot forge (addresses before it can be)."""
    forwarded = request.headers.get("X-Forwarded-For", "").rsplit(",", 1)[-1].strip()
    return forwarded or address_of(request)


def read_only(_: web.Request) -> bool:
    return False


def limited(limit: RateLimit, refuse: Callable[[web.Request], web.StreamResponse],
            address: Address = address_of,
            writable: Callable[[web.Request], bool] = read_only) -> Callable[..., Awaitable[web.StreamResponse]]:
    """The middleware: only GET and HEAD (and POST where ``writable`` says: a member's moves, whose own checks are
    ``bot.web.members``'), and the rate limit per ``address`` (``refuse`` answers 429)."""

    @web.middleware
    async def middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
        if request.method not in ("GET", "HEAD") and not (request.method == "POST" and writable(request)):
            return web.Response(status=405, text="read-only", headers={"Allow": "GET, HEAD"})
        if not limit.allow(address(request)):
            return refuse(request)
        return await handler(request)

    return middleware


async def security_headers(request: web.Request, response: web.StreamResponse) -> None:
    """Every answer's headers (``on_response_prepare``: a live stream's and an error's too)."""
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    response.headers["Server"] = SERVER  # aiohttp has set its own by now


__all__ = ["SECURITY_HEADERS", "SERVER", "Address", "RateLimit", "address_of", "every_answers_headers",
           "forwarded_address", "limited", "read_only", "security_headers"]
