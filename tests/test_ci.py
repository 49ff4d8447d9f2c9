"""What keeps CI honest and fast: `.ci/run` is exactly the README's test command, and a hanging test fails
after two minutes instead of holding the run (a post never marked sent once made the wire tests wait ten)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_ci_runs_exactly_make_test() -> None:
    lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()]
    commands = [line for line in lines if line and not line.startswith("#")]
    assert commands[-1] == "make test"


def test_every_test_has_a_timeout(request: pytest.FixtureRequest) -> None:
    assert request.config.pluginmanager.hasplugin("timeout"), "pytest-timeout is a dev dependency"
    assert 0 < float(request.config.getini("timeout")) <= 120


def test_a_hanging_async_test_fails_fast(tmp_path: Path) -> None:
    """With the plugin and a timeout (two seconds here instead of 120), an await that never returns fails."""
    hang = "import asyncio\n\nasync def test_hang():\n    await asyncio.Event().wait()\n"
    (tmp_path / "test_hang.py").write_text(hang)
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "timeout=2",
                           "-o", "asyncio_mode=auto", str(tmp_path)], cwd=tmp_path, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 1 and "Timeout" in done.stdout, done.stdout[-2000:]
