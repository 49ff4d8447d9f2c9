"""The web view's connections, below aiohttp's application: at most ``per_address`` open at once from one address
(the next is closed at once), a deadline for a request's head (a client that sends half its headers and waits is
closed after ``head_timeout`` seconds: slowloris), and a request aiohttp's parser refuses (a control character in
the address, a header line too long) answered with every answer's headers and logged in one line, without the
request line: a page's address holds its token, which the log must never show."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Any, Final

from aiohttp import web

from bot.web.guard import every_answers_headers

log = logging.getLogger(__name__)

HEAD_TIMEOUT: Final = 10.0
"""Seconds a client has to send a request's head (its line and headers), from the connection or its first byte."""
PER_ADDRESS: Final = 32
"""Connections open at once from one address: a browser opens up to 6, a household or a school shares an address."""
IDLE: Final = 75.0
"""Seconds an idle keep-alive connection stays open (aiohttp's own default is an hour)."""


@dataclass
class Connections:
    """What every connection of one server shares: the deadline for a head and the count per address (``None``:
    no cap, as behind a reverse proxy, whose own address every connection has)."""

    head_timeout: float = HEAD_TIMEOUT
    per_address: int | None = PER_ADDRESS
    _open: dict[str, int] = field(default_factory=dict)
    _full: set[str] = field(default_factory=set)

    def opened(self, address: str) -> bool:
        """Whether a new connection from ``address`` may stay (then it counts until ``closed``)."""
        count = self._open.get(address, 0)
        if self.per_address is not None and count >= self.per_address:
            if address not in self._full:  # once while the address stays at its cap: a flood logs one line
                self._full.add(address)
                log.info("the web view closes new connections from %s: %d are open", address, count)
            return False
        self._open[address] = count + 1
        return True

    def closed(self, address: str) -> None:
        left = self._open.get(address, 1) - 1
        if left > 0:
            self._open[address] = left
        else:
            self._open.pop(address, None)
        if self.per_address is None or left < self.per_address:
            self._full.discard(address)

    def open_from(self, address: str) -> int:
        return self._open.get(address, 0)

    def factory(self, server: web.Server, **handler: Any) -> Callable[[], GuardedHandler]:
        """The protocol factory of ``loop.create_server`` for ``server`` (an ``AppRunner``'s): a ``GuardedHandler``
        per connection, with aiohttp's ``RequestHandler`` arguments ``handler``."""
        loop = asyncio.get_running_loop()
        return lambda: GuardedHandler(server, connections=self, loop=loop, **handler)


def _address(transport: asyncio.BaseTransport) -> str:
    peer = transport.get_extra_info("peername")
    return str(peer[0]) if isinstance(peer, tuple | list) and peer else "unknown"


class GuardedHandler(web.RequestHandler):
    """aiohttp's HTTP protocol for one connection, under ``Connections``' limits."""

    def __init__(self, manager: web.Server, *, connections: Connections, **kwargs: Any) -> None:
        super().__init__(manager, **kwargs)
        self._connections = connections
        self._peer: str | None = None
        """The client's address while the connection counts; None for a refused one."""
        self._head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        address = _address(transport)
        if not self._connections.opened(address):
            transport.close()  # aiohttp never sees it
            return
        self._peer = address
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: BaseException | None) -> None:
        if self._peer is None:
            return
        self._connections.closed(self._peer)
        self._peer = None
        self._disarm()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        # aiohttp's own state: _messages holds the requests whose heads were read, _request_in_progress is set
        # while one is answered (a live stream's whole life)
        if self._head_timer is None and not self._request_in_progress and not self._messages:
            self._arm()  # the first byte of the next request on a kept-alive connection
        super().data_received(data)
        if self._messages:
            self._disarm()

    def _arm(self) -> None:
        self._disarm()
        self._head_timer = asyncio.get_running_loop().call_later(self._connections.head_timeout, self._too_slow)

    def _disarm(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _too_slow(self) -> None:
        self._head_timer = None
        if self._request_in_progress or self._messages or self.transport is None:
            return
        log.info("the web view closed a connection from %s: no request's head within %g s", self._peer,
                 self._connections.head_timeout)
        self.force_close()

    def handle_error(self, request: web.BaseRequest, status: int = 500, exc: BaseException | None = None,
                     message: str | None = None) -> web.StreamResponse:
        """aiohttp's answer to a request its parser refused (400) or a handler failed on (500): logged without the
        request line or the parser's message (both quote the address, token included), answered with a fixed text
        and every answer's headers."""
        if status >= 500 and exc is not None:
            log.error("the web view failed to answer a request from %s", request.remote, exc_info=exc)
        else:
            reason = type(exc).__name__ if exc is not None else "no reason given"
            log.info("the web view refused a request from %s: %d (%s)", request.remote, status, reason)
        if request.writer.output_size > 0:
            raise ConnectionError("the answer had begun: no other can be sent")
        try:
            phrase = HTTPStatus(status).phrase
        except ValueError:
            phrase = "Error"
        response = web.Response(status=status, text=f"{status} {phrase}\n", headers=every_answers_headers())
        response.force_close()
        return response


__all__ = ["HEAD_TIMEOUT", "IDLE", "PER_ADDRESS", "Connections", "GuardedHandler"]
