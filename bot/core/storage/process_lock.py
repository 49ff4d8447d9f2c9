"""Only one bot process may use a database file: an exclusive ``flock`` on ``<db>.lock``.

The kernel drops the lock when the process dies, however it dies, so a crash never leaves a stale
lock behind. The lock file holds the owner's pid, for the message the second process prints.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path
from typing import IO


class DatabaseInUse(RuntimeError):
    """Another process holds the database file."""


class ProcessLock:
    """An exclusive lock on ``<database>.lock``; ``release`` (or process exit) frees it."""

    def __init__(self, path: Path, handle: IO[str]) -> None:
        self.path = path
        self._handle: IO[str] | None = handle

    @classmethod
    def acquire(cls, database: str | os.PathLike[str]) -> ProcessLock:
        """Lock the database file for this process. Raises ``DatabaseInUse`` if another holds it."""
        path = Path(f"{os.fspath(database)}.lock")
        handle = path.open("a+", encoding="utf-8")
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.seek(0)
            owner = handle.read().strip() or "unknown"
            handle.close()
            raise DatabaseInUse(
                f"Another Tikal bot process (pid {owner}) is already using the database {os.fspath(database)}. "
                "Only one process may use a database file at a time: stop the other one first, "
                "or point DATABASE_PATH at another file."
            ) from None
        handle.seek(0)
        handle.truncate()
        handle.write(f"{os.getpid()}\n")
        handle.flush()
        return cls(path, handle)

    @property
    def held(self) -> bool:
        return self._handle is not None

    def release(self) -> None:
        if self._handle is None:
            return
        fcntl.flock(self._handle.fileno(), fcntl.LOCK_UN)
        self._handle.close()
        self._handle = None
