"""The lobby's Join / Leave / Start and the turn message's Board / Undo / End turn buttons.

Each is a ``DynamicItem`` whose custom id names the action and the game (``tikal:join:12``); the
bot registers the classes at start, so a button on a message from before a restart still works.
End turn asks for a confirmation (``tikal:end:12:v57``, the version it confirms) while AP are left.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any, Final

import discord

from engine import GameView, Phase

from .. import formatting
from ..results import GameInfo

if TYPE_CHECKING:
    from ..app import TikalBot


def _bot(interaction: discord.Interaction) -> TikalBot:
    return interaction.client  # type: ignore[return-value]


async def _guarded(interaction: discord.Interaction, work: Awaitable[None]) -> None:
    from ..app import explain

    try:
        await work
    except Exception as error:  # every refusal becomes a private answer, like the slash commands'
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
        table = _bot(interaction).table
        work = {"join": table.join, "leave": table.leave, "start": table.start}[self.action]
        await _guarded(interaction, work(interaction, self.game_id))


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
        await _guarded(interaction, self._run(interaction))

    async def _run(self, interaction: discord.Interaction) -> None:
        table = _bot(interaction).table
        if self.action == "board":
            await table.board(interaction, game_id=self.game_id)
            return
        if self.action == "undo":
            await table.act(interaction, "undo", self.game_id, silent=True)
            return
        game = await table.game_for(interaction, self.game_id)
        view, seat = await table.to_act(game)
        if self.version is not None and view.version != self.version:
            await interaction.response.edit_message(
                content="The game has moved on since you asked; nothing was done.", view=None)
            return
        if seat is not None and seat.member_id != interaction.user.id and not view.finished:
            who = formatting.player(view, view.to_act)
            await interaction.response.send_message(f"It is {who}'s turn, not yours.", ephemeral=True)
            return
        if self.version is None and _ap_left(view):
            await interaction.response.send_message(
                f"You still have **{view.ap_left} AP**. End your turn anyway?",
                view=confirm_end_view(game, view), ephemeral=True)
            return
        moved = await table.bot.service.act(game.guild_id, game.id, interaction.user.id, "end")
        if self.version is not None:
            await interaction.response.edit_message(content=formatting.confirmation(moved.view, "end"), view=None)
        else:
            await interaction.response.defer()
        await table.sync(game.guild_id, game.id)


def _ap_left(view: GameView) -> bool:
    return view.phase in (Phase.ACTIONS, Phase.SCORING) and bool(view.ap_left)


def lobby_view(game: GameInfo) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action in ("join", "leave", "start"):
        view.add_item(LobbyButton(action, game.id))
    return view


def live_view(game: GameInfo, view: GameView) -> discord.ui.View:
    """Board for everyone; Undo and End turn while a turn is played."""
    buttons = discord.ui.View(timeout=None)
    buttons.add_item(TurnButton("board", game.id))
    if view.phase in formatting.TURN_PHASES:
        buttons.add_item(TurnButton("undo", game.id))
        buttons.add_item(TurnButton("end", game.id))
    return buttons


def confirm_end_view(game: GameInfo, view: GameView) -> discord.ui.View:
    buttons = discord.ui.View(timeout=None)
    buttons.add_item(TurnButton("end", game.id, view.version))
    return buttons


BUTTONS: Final = (LobbyButton, TurnButton)
