"""The modules of reminders, moderation and history stay discord-free (fresh interpreter)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MODULES = ["bot.players", "bot.timing", "bot.reminders", "bot.moderation", "bot.history", "bot.guild_removal",
           "bot.standing_orders", "bot.seat_moves"]


@pytest.mark.parametrize("module", MODULES)
def test_the_clock_modules_load_neither_discord_nor_pil(module: str) -> None:
    code = f"import json, sys; import {module}; print(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    loaded = set(json.loads(out.stdout))
    assert module in loaded
    assert not any(m == "discord" or m.startswith(("discord.", "PIL")) for m in loaded)
