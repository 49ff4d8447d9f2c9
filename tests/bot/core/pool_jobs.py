"""Top-level jobs for the worker pool's tests (a worker imports them by name)."""

from __future__ import annotations

import os
import time


def pid() -> int:
    return os.getpid()


def add(a: int, b: int) -> int:
    return a + b


def refuse(text: str) -> None:
    raise ValueError(text)


def die() -> None:
    os._exit(3)


def sleep(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


def wait_for(path: str, most: float = 120.0) -> None:
    """Hold the worker until ``path`` exists (a test's gate), at most ``most`` seconds."""
    waited = 0.0
    while not os.path.exists(path) and waited < most:
        time.sleep(0.02)
        waited += 0.02


def said() -> object:
    """A message of the bot with a nested engine message, as a worker returns one (a hint's reason)."""
    from bot.core.words.texts import ntr
    from engine.messages import Msg

    return ntr("hint.test", "{n} worker near {space}", "{n} workers near {space}", 2, space=Msg("terrain.temple"))
