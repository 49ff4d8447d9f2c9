"""The lobby's Join / Leave / Start and the turn message's Board / Undo / End turn buttons; the lobby's options
menu and the buttons of SPEC 7 (a Tikal Rápido jump's 1–5, a random terrain declaration's Yes / No).

Each is a ``DynamicItem`` whose custom id names the action and the game (``tikal:join:12``); the
bot registers the classes at start, so a button on a message from before a restart still works.
End turn asks for a confirmation (``tikal:end:12:v57``, the version it confirms) while AP are left.
A jump's buttons name the jump they answer (``tikal:jump:12:340:3``: the version it opened at, 3 chips),
so a click on the buttons of a jump that is over is refused.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable
from typing import Any, Final, cast

import discord

from bot.adapter.formatting import TURN_PHASES, rapido_stage
from bot.adapter.replies import explain
from bot.adapter.ui.actions import table_of
from bot.core.game_options import OPTION_TEXT, OPTIONS
from bot.core.results import GameInfo
from engine import GameView, Phase


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


class JumpButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=r"tikal:jump:(?P<game>[0-9]+):(?P<jump>[0-9]+):(?P<chips>[1-5])"):
    """Tikal Rápido: take 1–5 chips into the jump; the answer (and the number) is the clicker's alone."""

    def __init__(self, game_id: int, jump: int, chips: int) -> None:
        super().__init__(discord.ui.Button(label=str(chips), style=discord.ButtonStyle.primary,
                                           custom_id=f"tikal:jump:{game_id}:{jump}:{chips}"))
        self.game_id = game_id
        self.jump = jump
        self.chips = chips

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> JumpButton:
        return cls(int(match["game"]), int(match["jump"]), int(match["chips"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, table_of(interaction).jump(interaction, self.chips, self.game_id, self.jump))


class DeclareButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                    template=r"tikal:declare:(?P<game>[0-9]+):(?P<answer>yes|no)"):
    """Random terrain: the volcano's taker declares whether it scores (only that player; others are refused)."""

    LABELS: Final = {"yes": ("Yes: it scores now", discord.ButtonStyle.success),
                     "no": ("No scoring round", discord.ButtonStyle.secondary)}

    def __init__(self, game_id: int, answer: str) -> None:
        label, style = self.LABELS[answer]
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"tikal:declare:{game_id}:{answer}"))
        self.game_id = game_id
        self.answer = answer

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> DeclareButton:
        return cls(int(match["game"]), match["answer"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, table_of(interaction).act(interaction, f"score {self.answer}", self.game_id))


class OptionsSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"tikal:options:(?P<game>[0-9]+)"):
    """The lobby's options (SPEC 7): several at once, for its creator or a moderator; the current ones preselected."""

    def __init__(self, game_id: int, chosen: tuple[str, ...] = ()) -> None:
        options = [discord.SelectOption(label=OPTION_TEXT[name][0], value=name, default=name in chosen,
                                        description=OPTION_TEXT[name][1][:100]) for name in OPTIONS]
        super().__init__(discord.ui.Select(custom_id=f"tikal:options:{game_id}", min_values=0,
                                           max_values=len(options), options=options,
                                           placeholder="Options (creator or moderator): none"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> OptionsSelect:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        data = cast(dict[str, Any], interaction.data or {})
        values = [str(v) for v in data.get("values") or []]
        await guarded(interaction, table_of(interaction).set_options(interaction, self.game_id, values))


def lobby_view(game: GameInfo) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action in ("join", "leave", "start"):
        view.add_item(LobbyButton(action, game.id))
    view.add_item(OptionsSelect(game.id, game.options))
    return view


def live_view(game: GameInfo, view: GameView) -> discord.ui.View:
    """Board for everyone; Undo and End turn while a turn is played (End alone in a Tikal Rápido slot, nothing
    more while placing); 1–5 in a jump; Yes / No for a declaration."""
    buttons = discord.ui.View(timeout=None)
    buttons.add_item(TurnButton("board", game.id))
    stage = rapido_stage(view)
    if view.phase is Phase.JUMP:
        opened = view.version - len(view.chosen)
        for chips in range(1, 6):
            buttons.add_item(JumpButton(game.id, opened, chips))
    elif view.phase is Phase.DECLARE:
        buttons.add_item(DeclareButton(game.id, "yes"))
        buttons.add_item(DeclareButton(game.id, "no"))
    elif stage == "slot":
        buttons.add_item(TurnButton("end", game.id))
    elif view.phase in TURN_PHASES and stage is None:
        buttons.add_item(TurnButton("undo", game.id))
        buttons.add_item(TurnButton("end", game.id))
    return buttons


def confirm_end_view(game: GameInfo, view: GameView) -> discord.ui.View:
    buttons = discord.ui.View(timeout=None)
    buttons.add_item(TurnButton("end", game.id, view.version))
    return buttons


BUTTONS: Final = (LobbyButton, TurnButton, JumpButton, DeclareButton, OptionsSelect)
