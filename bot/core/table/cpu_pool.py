"""Worker processes for CPU-bound work, so that it never holds up the event loop (and its commands).

``CpuPool(workers)`` wraps a ``concurrent.futures.ProcessPoolExecutor`` of the ``spawn`` kind: its processes
start on the first job (none in a process that never needs one) and each imports what a job needs once, then
keeps it (fonts, sprites, an engine's caches). ``await pool.run(fn, *args)`` runs ``fn(*args)`` in a worker and
returns its result:

- ``fn`` is a top-level function of an importable module and its arguments and result are plain data (dicts,
  lists, strings, numbers, bytes): they are pickled across. Nothing of the caller's objects (a storage, a
  service, a lock) can be passed, and nothing the worker keeps can leak back but the result.
- An exception ``fn`` raises is raised again by ``run``, as itself.
- A worker that dies (killed, out of memory) breaks a ``ProcessPoolExecutor`` for good: ``run`` raises
  ``PoolBroken`` for the jobs it had, and the next ``run`` starts a fresh pool.
- ``timeout`` (seconds): a job that takes longer raises ``PoolTimeout``; its workers are stopped (a process
  cannot be interrupted otherwise, and would go on using a core) and the next ``run`` starts a fresh pool.
- A worker ends with the bot, however the bot ends (``SIGKILL`` from the OOM killer or a supervisor included):
  on Linux the kernel sends it ``SIGKILL`` when its parent dies (``PR_SET_PDEATHSIG``), and on every platform a
  thread of the worker sees its parent change and ends it. multiprocessing's resource tracker, which the ``spawn``
  workers share with the bot, ends on its own once the last of them has closed its pipe.

The animated replays use it (``bot.adapter.replays``), and so do the computer players and ``/tikal hint``
(``bot.core.table.thinking``: a state's snapshot or a seat's view and a level in, moves out).
"""

from __future__ import annotations

import asyncio
import ctypes
import importlib
import logging
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Final, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")
START_METHOD: Final = "spawn"
"""A fresh interpreter per worker: nothing of the bot process (its event loop, threads, open database) is copied
into it, on every platform alike."""


class PoolError(RuntimeError):
    """A job could not be run (its own exceptions are raised as they are)."""


class PoolBroken(PoolError):
    """A worker process died while the job was queued or running; the pool is started again for the next job."""


class PoolTimeout(PoolError):
    """The job took longer than allowed; its workers were stopped."""


class PoolClosed(PoolError):
    """The pool was closed (the bot is stopping)."""


PR_SET_PDEATHSIG: Final = 1
"""Linux's prctl option: the signal a process gets when the thread that started it ends (prctl(2))."""
WATCH_SECONDS: Final = 0.5
"""How often a worker looks whether its parent is still the bot."""


def _preload(modules: Sequence[str]) -> None:
    """Import what a pool's jobs need once."""
    for name in modules:
        importlib.import_module(name)


def _die_with(parent: int, *, kernel: bool) -> None:
    """End this process when ``parent`` (the bot) ends: ``kernel``, the parent-death signal (Linux only, and only
    when the bot's main thread started this worker: the signal follows the thread that started it, not the
    process); always, a daemon thread that watches the parent's pid (a dead parent's children get another)."""
    if kernel and sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):  # no prctl: the watching thread alone
            log.debug("no prctl: a worker watches its parent only")
    if os.getppid() != parent:  # the bot died while this worker started
        os._exit(1)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(WATCH_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


def _start_worker(parent: int, kernel: bool, modules: Sequence[str]) -> None:
    """A worker's start: bound to the bot's life, then what its jobs need imported once."""
    _die_with(parent, kernel=kernel)
    _preload(modules)


class CpuPool:
    """A few worker processes; see the module's docstring."""

    def __init__(self, workers: int = 1, *, preload: Sequence[str] = (), timeout: float | None = None) -> None:
        if workers < 1:
            raise ValueError(f"a pool needs at least one worker, not {workers}")
        self.workers = workers
        self.preload = tuple(preload)
        self.timeout = timeout
        """The default limit of a job, in seconds (None: none)."""
        self._executor: ProcessPoolExecutor | None = None
        self._closed = False
        self.started = 0
        """How many times a pool of workers was started (a broken or stopped one is started again)."""

    @property
    def running(self) -> bool:
        """Whether worker processes may be alive now."""
        return self._executor is not None

    def _pool(self) -> ProcessPoolExecutor:
        if self._closed:
            raise PoolClosed("the worker pool is closed")
        if self._executor is None:
            self._executor = ProcessPoolExecutor(
                max_workers=self.workers, mp_context=multiprocessing.get_context(START_METHOD),
                initializer=_start_worker,
                initargs=(os.getpid(), threading.current_thread() is threading.main_thread(), self.preload))
            self.started += 1
        return self._executor

    def _discard(self, executor: ProcessPoolExecutor, *, kill: bool) -> None:
        """Forget a pool (the next job starts a fresh one); ``kill``: stop its workers now, busy or not."""
        if self._executor is executor:
            self._executor = None
        if kill:
            # The executor has no way to interrupt a running job: its processes are ended directly.
            for process in list(executor._processes.values()):
                process.kill()
        executor.shutdown(wait=False, cancel_futures=True)

    async def run(self, fn: Callable[..., T], *args: Any, timeout: float | None = None) -> T:
        """``fn(*args)`` in a worker process; see the module's docstring. Raises ``PoolBroken``, ``PoolTimeout``,
        ``PoolClosed``, or what ``fn`` raised."""
        executor = self._pool()
        limit = self.timeout if timeout is None else timeout
        try:
            future = executor.submit(fn, *args)
        except BrokenProcessPool as error:
            self._discard(executor, kill=False)
            raise PoolBroken(f"a worker process died ({error})") from error
        except RuntimeError as error:  # shut down meanwhile (closed, or discarded by another job's timeout)
            if self._closed:
                raise PoolClosed("the worker pool is closed") from error
            raise PoolBroken(f"the worker pool was stopped ({error})") from error
        try:
            return await asyncio.wait_for(asyncio.wrap_future(future), limit)
        except TimeoutError:
            log.warning("a job (%s) took more than %s s: its worker processes are stopped", fn.__name__, limit)
            self._discard(executor, kill=True)
            raise PoolTimeout(f"{fn.__name__} took more than {limit} s") from None
        except BrokenProcessPool as error:
            log.warning("a worker process died during a job (%s): the pool starts again", fn.__name__)
            self._discard(executor, kill=False)
            raise PoolBroken(f"a worker process died ({error})") from error

    async def warm(self) -> None:
        """Start the workers now (they import ``preload``), so the first real job does not wait for them."""
        await self.run(_preload, self.preload)

    async def close(self) -> None:
        """Stop the workers (jobs not started yet are cancelled); ``run`` raises ``PoolClosed`` afterwards."""
        self._closed = True
        executor, self._executor = self._executor, None
        if executor is not None:
            await asyncio.to_thread(executor.shutdown, True, cancel_futures=True)


__all__ = ["CpuPool", "PoolBroken", "PoolClosed", "PoolError", "PoolTimeout"]
