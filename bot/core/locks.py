"""One asyncio lock per game id, kept only while someone holds or waits on it."""

from __future__ import annotations

import asyncio
import weakref


class GameLocks:
    """``locks(game_id)`` returns the game's lock; a lock nobody references is dropped by itself."""

    def __init__(self) -> None:
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    def __call__(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[game_id] = lock
        return lock
