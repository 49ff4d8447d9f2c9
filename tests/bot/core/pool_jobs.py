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
