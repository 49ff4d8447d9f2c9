"""The lobby's Join / Leave / Start and the turn message's Board / Undo / End turn buttons.

Each is a ``DynamicItem`` whose custom id names the action and the game (``tikal:join:12``); the
bot registers the classes at start, so a button on a message from before a restart still works.
End turn asks for a confirmation (``tikal:end:12:v57``, the version it confirms) while AP are left.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable
from typing import Any, Final

import discord

from bot.adapter.formatting import TURN_PHASES
from bot.adapter.replies import explain
from bot.adapter.ui.actions import table_of
from bot.core.results import GameInfo
from engine import GameView


async def guarded(interaction: discord.Interaction, work: Awaitable[None]) -> None:
    """Run a button's work; every refusal becomes a private answer, like the slash commands'."""
    try:
        await work
    except Exception as error:
        await explain(interaction, error)


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                  template=r"tikal:(?P<action>join|leave|start):(?P<game>[0-9]+)"):
    LABELS: Final = {"join": ("Join", discord.ButtonStyle.success), "leave": ("Leave", discord.ButtonStyle.secondary),
                     "start": ("Start", discord.ButtonStyle.primary)}

    def __init__(self, action: str, game_id: int) -> None:
        label, style = self.LABELS[action]
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"tikal:{action}:{game_id}"))
        self.action = action
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> LobbyButton:
        return cls(match["action"], int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        table = table_of(interaction)
        work = {"join": table.join, "leave": table.leave, "start": table.start}[self.action]
        await guarded(interaction, work(interaction, self.game_id))


class TurnButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=r"tikal:(?P<action>end|undo|board):(?P<game>[0-9]+)(?::v(?P<version>[0-9]+))?"):
    LABELS: Final = {"end": ("End turn", discord.ButtonStyle.primary), "undo": ("Undo", discord.ButtonStyle.secondary),
                     "board": ("Board", discord.ButtonStyle.secondary)}

    def __init__(self, action: str, game_id: int, version: int | None = None) -> None:
        label, style = self.LABELS[action]
        custom_id = f"tikal:{action}:{game_id}" + (f":v{version}" if version is not None else "")
        if version is not None:
            label, style = "Yes, end my turn", discord.ButtonStyle.danger
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=custom_id))
        self.action = action
        self.game_id = game_id
        self.version = version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> TurnButton:
        version = match["version"]
        return cls(match["action"], int(match["game"]), int(version) if version is not None else None)

    async def callback(self, interaction: discord.Interaction) -> None:
        table = table_of(interaction)
        if self.action == "board":
            work = table.board(interaction, game_id=self.game_id)
        elif self.action == "undo":
            work = table.act(interaction, "undo", self.game_id, silent=True)
        else:
            work = table.end_turn(interaction, self.game_id, self.version)
        await guarded(interaction, work)


def lobby_view(game: GameInfo) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action in ("join", "leave", "start"):
        view.add_item(LobbyButton(action, game.id))
    return view


def live_view(game: GameInfo, view: GameView) -> discord.ui.View:
    """Board for everyone; Undo and End turn while a turn is played."""
    buttons = discord.ui.View(timeout=None)
    buttons.add_item(TurnButton("board", game.id))
    if view.phase in TURN_PHASES:
        buttons.add_item(TurnButton("undo", game.id))
        buttons.add_item(TurnButton("end", game.id))
    return buttons


def confirm_end_view(game: GameInfo, view: GameView) -> discord.ui.View:
    buttons = discord.ui.View(timeout=None)
    buttons.add_item(TurnButton("end", game.id, view.version))
    return buttons


BUTTONS: Final = (LobbyButton, TurnButton)
