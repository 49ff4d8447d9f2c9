"""Each command and button counted for the host's metrics (``bot.core.metrics.instruments``): its kind, its
outcome and the seconds from its arrival until it was answered and its work done.

A command arrives in the tree's ``interaction_check`` (a button in ``ui.buttons.guarded``); it ends in the
``on_app_command_completion`` event or its button's work (``ok``), or in ``replies.explain`` (``refused`` when the
member is told why, ``error`` when it failed on the bot's side). Each is counted once."""

from __future__ import annotations

import re
import time
from typing import Any, Final

import discord

from bot.core.metrics.instruments import command_done

ARRIVED: Final = "tikal.arrived"
COUNTED: Final = "tikal.counted"
_PLAIN: Final = re.compile(r"[a-z_-]{1,32}")


def arrived(interaction: discord.Interaction) -> None:
    """Note when the interaction arrived (the first call counts)."""
    interaction.extras.setdefault(ARRIVED, time.perf_counter())


def kind_of(interaction: discord.Interaction) -> str:
    """``tikal move`` for a slash command, ``button end`` for the bot's button ``tikal:end:…`` — names the code
    chose, never anything a member typed (so the series stay few)."""
    command = interaction.command
    if command is not None:
        return command.qualified_name
    data: Any = interaction.data or {}
    custom_id = data.get("custom_id") if isinstance(data, dict) else None
    parts = custom_id.split(":") if isinstance(custom_id, str) else []
    if len(parts) > 1 and parts[0] == "tikal" and _PLAIN.fullmatch(parts[1]):
        return f"button {parts[1]}"
    return "other"


def done(interaction: discord.Interaction, outcome: str) -> None:
    """The interaction ended with ``outcome`` (``ok``, ``refused``, ``error``); counted once."""
    if interaction.extras.get(COUNTED):
        return
    interaction.extras[COUNTED] = True
    began = interaction.extras.get(ARRIVED)
    command_done(kind_of(interaction), outcome, None if began is None else time.perf_counter() - began)


__all__ = ["arrived", "done", "kind_of"]
