"""The service layer stays discord-free: importing it loads neither discord nor PIL (fresh interpreter)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("module", ["bot.config", "bot.storage", "bot.service"])
def test_the_service_layer_loads_neither_discord_nor_pil(module: str) -> None:
    code = f"import json, sys; import {module}; print(json.dumps(sorted({{m.split('.')[0] for m in sys.modules}})))"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    loaded = set(json.loads(out.stdout))
    assert module.split(".")[0] in loaded
    assert "discord" not in loaded and "PIL" not in loaded
