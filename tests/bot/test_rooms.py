"""The bot's rooms: the core (``bot.core``) is discord-free, the adapter (``bot.adapter``) holds discord, and the web
view (``bot.web``) and the console (``bot.console``) are two more adapters over the core without discord.

Checked in a fresh interpreter, since this test process may already have loaded anything.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def loaded_after(modules: list[str]) -> set[str]:
    code = ("import importlib, json, sys\n"
            f"for m in {modules!r}: importlib.import_module(m)\n"
            "print(json.dumps(sorted(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    return set(json.loads(out.stdout))


def core_modules() -> list[str]:
    core = ROOT / "bot" / "core"
    return sorted("bot.core." + ".".join(p.relative_to(core).with_suffix("").parts)
                  for p in core.rglob("*.py") if p.stem != "__init__")


def test_every_core_module_loads_neither_discord_nor_pil() -> None:
    wanted = [*core_modules(), "bot.config"]
    assert "bot.core.table.store" in wanted and "bot.core.days.reminders" in wanted and len(wanted) > 20
    loaded = loaded_after(wanted)
    assert set(wanted) <= loaded
    assert not any(m == "discord" or m.startswith(("discord.", "PIL", "bot.adapter", "bot.web", "bot.console",
                                                   "render")) for m in loaded)


def test_the_adapter_is_where_discord_is() -> None:
    assert "discord" in loaded_after(["bot.adapter.app"])


def test_the_web_view_loads_no_discord() -> None:
    web = ROOT / "bot" / "web"
    wanted = sorted("bot.web." + p.stem for p in web.glob("*.py") if p.stem != "__init__")
    assert "bot.web.server" in wanted
    loaded = loaded_after(wanted)
    assert set(wanted) <= loaded
    assert not any(m == "discord" or m.startswith(("discord.", "bot.adapter")) for m in loaded)


def test_the_console_loads_no_discord_and_no_other_adapter() -> None:
    console = ROOT / "bot" / "console"
    wanted = sorted("bot.console." + p.stem for p in console.glob("*.py") if p.stem != "__init__")
    assert "bot.console.run" in wanted and "bot.console.table" in wanted
    loaded = loaded_after(wanted)
    assert set(wanted) <= loaded
    assert not any(m == "discord" or m.startswith(("discord.", "bot.adapter", "bot.web")) for m in loaded)
