"""The layers stay apart: the engine never loads discord or PIL, the pictures never load discord.

Each check runs in a fresh interpreter, since this test process may already have loaded anything.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def loaded_after(module: str) -> set[str]:
    """Return the top-level package names a fresh interpreter has loaded after ``import module``."""
    code = f"import json, sys; import {module}; print(json.dumps(sorted({{m.split('.')[0] for m in sys.modules}})))"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    return set(json.loads(out.stdout))


def test_importing_engine_loads_neither_discord_nor_pil() -> None:
    loaded = loaded_after("engine")
    assert "engine" in loaded
    assert "discord" not in loaded
    assert "PIL" not in loaded


def test_the_replay_command_loads_no_language() -> None:
    """``python -m engine replay`` (the contract of rules.md §6) stays fast: neither ``lang`` nor Babel."""
    code = ("import json, sys, runpy; sys.argv = ['engine', 'replay', '/nonexistent.json']\n"
            "try:\n    runpy.run_module('engine', run_name='__main__')\nexcept SystemExit:\n    pass\n"
            "print(json.dumps(sorted({m.split('.')[0] for m in sys.modules})), file=sys.stderr)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    loaded = set(json.loads(out.stderr.strip().splitlines()[-1]))
    assert "engine" in loaded and "lang" not in loaded and "babel" not in loaded


def test_importing_render_does_not_load_discord() -> None:
    pytest.importorskip("render")
    loaded = loaded_after("render")
    assert "render" in loaded
    assert "discord" not in loaded
