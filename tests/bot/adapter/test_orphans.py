"""A bot killed with SIGKILL (the OOM killer, a supervisor's last resort) leaves no process behind: its worker pool's
processes and multiprocessing's resource tracker end with it (``bot.core.table.cpu_pool``)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.bot.adapter.discordkit import CHANNEL, SECOND_CHANNEL

ROOT = Path(__file__).resolve().parents[3]


def _stat(pid: int) -> tuple[int, str, int] | None:
    """A process's parent, state and start time (``/proc/PID/stat``), or None once it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    fields = text[text.rindex(")") + 2:].split()  # after the command's name, which may hold spaces
    return int(fields[1]), fields[0], int(fields[19])


def descendants(root: int) -> dict[int, int]:
    """Every process whose chain of parents leads to ``root``, with its start time (a pid may be reused)."""
    parents: dict[int, tuple[int, int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (found := _stat(int(entry.name))) is not None:
            parents[int(entry.name)] = (found[0], found[2])
    children: dict[int, int] = {}
    frontier = [root]
    while frontier:
        parent = frontier.pop()
        for pid, (ppid, started) in parents.items():
            if ppid == parent and pid not in children:
                children[pid] = started
                frontier.append(pid)
    return children


def alive(processes: dict[int, int]) -> list[int]:
    """Those still running (a zombie has ended: it waits only for its new parent to reap it)."""
    left = []
    for pid, started in processes.items():
        found = _stat(pid)
        if found is not None and found[2] == started and found[1] != "Z":
            left.append(pid)
    return left


@pytest.mark.slow
@pytest.mark.timeout(180)
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_bot_killed_mid_game_leaves_no_process_of_its_own(tmp_path: Path) -> None:
    # twice on the same file: the second bot starts after the first one's kill (its SQLite lock is free again,
    # nothing of the first holds it) and is killed the same way
    for channel in (CHANNEL, SECOND_CHANNEL):
        _killed_mid_game_leaves_nothing(tmp_path / "tikal.sqlite3", channel)


def _killed_mid_game_leaves_nothing(database: Path, channel: int) -> None:
    child = subprocess.Popen([sys.executable, "-m", "tests.bot.adapter.pool_child", str(database),
                              str(channel)],
                             cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             env={**os.environ, "DISCORD_TOKEN": ""})
    try:
        assert child.stdout is not None
        line = child.stdout.readline()
        assert line, child.stderr.read() if child.stderr else ""
        assert json.loads(line) == {"ready": True, "pool": 1}
        started = descendants(child.pid)
        # the pool's worker and multiprocessing's resource tracker, at least
        assert len(alive(started)) >= 2, started
        os.kill(child.pid, signal.SIGKILL)
        child.wait(timeout=30)
        deadline = time.monotonic() + 10
        while alive(started) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert alive(started) == [], [Path(f"/proc/{pid}/cmdline").read_bytes() for pid in alive(started)]
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
