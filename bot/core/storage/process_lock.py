"""Only one bot process may use a database file: an exclusive ``flock`` on ``<db>.lock`` (and only one local console a
game folder: ``console.lock`` in it).

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


class LockHeld(RuntimeError):
    """Another process (or another lock of this one) holds the lock file; ``owner`` is the pid it wrote."""

    def __init__(self, path: Path, owner: str) -> None:
        super().__init__(f"{path} is held by process {owner}")
        self.path = path
        self.owner = owner


class ProcessLock:
    """An exclusive lock on a file (``<database>.lock``, a console's game folder's ``console.lock``) holding the
    owner's pid; ``release`` (or process exit) frees it."""

    def __init__(self, path: Path, handle: IO[str]) -> None:
        self.path = path
        self._handle: IO[str] | None = handle

    @classmethod
    def take(cls, path: Path) -> ProcessLock:
        """Lock ``path`` (created if missing) for this process and write its pid there. Raises ``LockHeld`` if it is
        held; a lock file left by a process that died is not held (the kernel freed it), and is taken over."""
        handle = path.open("a+", encoding="utf-8")
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.seek(0)
            owner = handle.read().strip() or "unknown"
            handle.close()
            raise LockHeld(path, owner) from None
        handle.seek(0)
        handle.truncate()
        handle.write(f"{os.getpid()}\n")
        handle.flush()
        return cls(path, handle)

    @classmethod
    def acquire(cls, database: str | os.PathLike[str]) -> ProcessLock:
        """Lock the database file for this process. Raises ``DatabaseInUse`` if another holds it."""
        try:
            return cls.take(Path(f"{os.fspath(database)}.lock"))
        except LockHeld as held:
            raise DatabaseInUse(
                f"Another Tikal bot process (pid {held.owner}) is already using the database "
                f"{os.fspath(database)}. Only one process may use a database file at a time: stop the other one "
                "first, or point DATABASE_PATH at another file."
            ) from None

    @property
    def held(self) -> bool:
        return self._handle is not None

    def release(self) -> None:
        if self._handle is None:
            return
        fcntl.flock(self._handle.fileno(), fcntl.LOCK_UN)
        self._handle.close()
        self._handle = None
