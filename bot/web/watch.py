"""Live updates: one poller per game watched in this process reads where the game stands (one cheap read of its
row, ``Spectators.find``) every ``interval`` seconds while any page follows it, and wakes the pages' streams
when its version, status or deadline changed — or the game (or its address) is gone. The database is the only
thing shared, so any process serves any game, whichever shard plays it."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

log = logging.getLogger(__name__)

W = TypeVar("W")
"""Where a watched game stands (``spectators.links.Watched``, or a member's ``web_play.access.Seated``): equal while
nothing changed."""


@dataclass
class _Poller(Generic[W]):
    latest: W | None
    followers: int = 0
    changed: asyncio.Condition = field(default_factory=asyncio.Condition)
    task: asyncio.Task[None] | None = None


class Watchers(Generic[W]):
    """The games this process's pages follow, each polled once however many pages follow it (a member's page: each
    session polled once, as its seat may change hands)."""

    def __init__(self, find: Callable[[str], Awaitable[W | None]], interval: float = 1.0) -> None:
        self.find = find
        self.interval = interval
        self._polled: dict[str, _Poller[W]] = {}
        self._closed = False

    def watching(self) -> int:
        """How many games are polled now."""
        return len(self._polled)

    async def follow(self, token: str, seen: W, wait: float) -> W | None:
        """Wait until the game behind ``token`` differs from ``seen`` (at most ``wait`` seconds, or until ``close``)
        and return where it stands: ``seen`` itself when nothing changed in time, None when it is gone."""
        if self._closed:
            return seen
        poller = self._polled.get(token)
        if poller is None:
            poller = self._polled[token] = _Poller[W](seen)
            poller.task = asyncio.create_task(self._poll(token, poller), name=f"tikal-background-web-poll-{token[:6]}")
        poller.followers += 1
        try:
            async with poller.changed:
                # asyncio.timeout, not wait_for: no task per wait (a page may wait for days)
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(wait):
                        await poller.changed.wait_for(lambda: self._closed or poller.latest != seen)
                return seen if self._closed else poller.latest
        finally:
            poller.followers -= 1

    async def _poll(self, token: str, poller: _Poller[W]) -> None:
        try:
            while True:
                await asyncio.sleep(self.interval)
                if poller.followers == 0:
                    return
                try:
                    now = await self.find(token)
                except Exception:  # a database hiccup: the pages keep what they show and the next poll tries again
                    log.warning("the web view could not read a watched game", exc_info=True)
                    continue
                if now != poller.latest:
                    async with poller.changed:
                        poller.latest = now
                        poller.changed.notify_all()
        finally:
            if self._polled.get(token) is poller:
                del self._polled[token]

    async def close(self) -> None:
        """Stop polling; every page's wait ends at once (with nothing changed)."""
        self._closed = True
        for poller in list(self._polled.values()):
            async with poller.changed:
                poller.changed.notify_all()
        tasks = [p.task for p in self._polled.values() if p.task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._polled.clear()


__all__ = ["Watchers"]
