"""The lobby's Join / Leave / Start and the wait message's buttons: Board / Undo / End turn (a Tikal Rápido slot's
Give the slot up), an auction's Pass and standing orders (Bid up to… asks for the highest bid in a private form; Pass
this round), a pick's hexagons; the lobby's options menu and the buttons of SPEC 7 (a Tikal Rápido jump's 1–5, a
random terrain declaration's Yes / No).

Each is a ``DynamicItem`` whose custom id names the action and the game (``tikal:join:12``); the
bot registers the classes at start, so a button on a message from before a restart still works.
End turn asks for a confirmation (``tikal:end:12:v57``, the version it confirms) while AP are left.
A jump's buttons name the jump they answer (``tikal:jump:12:340:3``: the version it opened at, 3 chips),
so a click on the buttons of a jump that is over is refused.
"""

from __future__ import annotations

import re
from typing import Any, Final, cast

import discord

from bot.adapter.messages.rapido import rapido_stage
from bot.adapter.messages.wait_message import TURN_PHASES
from bot.adapter.speech import reader
from bot.adapter.ui.actions import guarded, table_of
from bot.adapter.ui.menus import MENU_ITEMS, public_menu
from bot.core.table.game_options import OPTION_TEXT, OPTIONS
from bot.core.table.results import GameInfo
from bot.core.words.labels import hexagon_name
from engine import GameView, Phase
from engine.messages import ENGLISH, Speaker


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                  template=r"tikal:(?P<action>join|leave|start):(?P<game>[0-9]+)"):
    STYLES: Final = {"join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary,
                     "start": discord.ButtonStyle.primary}

    def __init__(self, action: str, game_id: int, t: Speaker = ENGLISH) -> None:
        label = {"join": t.tr("button.join", "Join"), "leave": t.tr("button.leave", "Leave"),
                 "start": t.tr("button.start", "Start")}[action]
        style = self.STYLES[action]
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
    STYLES: Final = {"end": discord.ButtonStyle.primary, "undo": discord.ButtonStyle.secondary,
                     "board": discord.ButtonStyle.secondary}

    def __init__(self, action: str, game_id: int, version: int | None = None, t: Speaker = ENGLISH, *,
                 slot: bool = False) -> None:
        label = {"end": t.tr("button.give_up_slot", "Give the slot up") if slot else t.tr("button.end", "End turn"),
                 "undo": t.tr("button.undo", "Undo"), "board": t.tr("button.board", "Board")}[action]
        style = self.STYLES[action]
        custom_id = f"tikal:{action}:{game_id}" + (f":v{version}" if version is not None else "")
        if version is not None:
            label = t.tr("button.confirm_slot", "Yes, give it up") if slot else \
                t.tr("button.confirm_end", "Yes, end my turn")
            style = discord.ButtonStyle.danger
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


class AuctionButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                    template=r"tikal:(?P<action>pass|upto|passround):(?P<game>[0-9]+)"):
    """An auction's buttons: Pass (the bidder to act, now), and the standing orders anyone still bidding may leave
    for the round: Bid up to… (a private form asks for the highest bid) and Pass this round. Answered privately."""

    STYLES: Final = {"pass": discord.ButtonStyle.secondary, "upto": discord.ButtonStyle.primary,
                     "passround": discord.ButtonStyle.secondary}

    def __init__(self, action: str, game_id: int, t: Speaker = ENGLISH) -> None:
        label = {"pass": t.tr("button.pass", "Pass"), "upto": t.tr("button.bid_up_to", "Bid up to…"),
                 "passround": t.tr("button.pass_round", "Pass this round")}[action]
        super().__init__(discord.ui.Button(label=label, style=self.STYLES[action],
                                           custom_id=f"tikal:{action}:{game_id}"))
        self.action = action
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> AuctionButton:
        return cls(match["action"], int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        table = table_of(interaction)
        if self.action == "pass":
            await guarded(interaction, table.act(interaction, "pass", self.game_id))
        elif self.action == "passround":
            await guarded(interaction, table.standing_order(interaction, "pass", self.game_id))
        else:
            await interaction.response.send_modal(BidUpTo(self.game_id, interaction))


class BidUpTo(discord.ui.Modal):
    """The private form of Bid up to…: the member's highest bid for the round (a standing order only they see)."""

    def __init__(self, game_id: int, interaction: discord.Interaction) -> None:
        t = reader(interaction)
        super().__init__(title=t.tr("button.bid_up_to_title", "Bid up to…")[:45], timeout=900,
                         custom_id=f"tikal:upto-form:{game_id}:{interaction.user.id}")
        self.game_id = game_id
        self.highest: discord.ui.TextInput[BidUpTo] = discord.ui.TextInput(
            label=t.tr("button.bid_up_to_label", "Your highest bid this round (points)")[:45],
            placeholder=t.tr("button.bid_up_to_example", "for example 6")[:100], min_length=1, max_length=4,
            custom_id="tikal:upto-highest")
        self.add_item(self.highest)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, table_of(interaction).standing_order(interaction, self.highest.value.strip(),
                                                                        self.game_id))


class PickButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=r"tikal:pick:(?P<game>[0-9]+):(?P<index>[1-9])"):
    """An auction's winner picks one of the shown hexagons (only they may: others are refused privately)."""

    def __init__(self, game_id: int, index: int, label: str = "") -> None:
        super().__init__(discord.ui.Button(label=label[:80] or str(index), style=discord.ButtonStyle.primary,
                                           custom_id=f"tikal:pick:{game_id}:{index}"))
        self.game_id = game_id
        self.index = index

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> PickButton:
        return cls(int(match["game"]), int(match["index"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, table_of(interaction).act(interaction, f"pick {self.index}", self.game_id))


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

    STYLES: Final = {"yes": discord.ButtonStyle.success, "no": discord.ButtonStyle.secondary}

    def __init__(self, game_id: int, answer: str, t: Speaker = ENGLISH) -> None:
        label = t.tr("button.declare_yes", "Yes: it scores now") if answer == "yes" else \
            t.tr("button.declare_no", "No scoring round")
        style = self.STYLES[answer]
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

    def __init__(self, game_id: int, chosen: tuple[str, ...] = (), t: Speaker = ENGLISH) -> None:
        options = [discord.SelectOption(label=t.message(OPTION_TEXT[name][0])[:100], value=name,
                                        default=name in chosen, description=t.message(OPTION_TEXT[name][1])[:100])
                   for name in OPTIONS]
        super().__init__(discord.ui.Select(custom_id=f"tikal:options:{game_id}", min_values=0,
                                           max_values=len(options), options=options,
                                           placeholder=t.tr("button.options", "Options (creator or moderator): "
                                                                              "none")[:150]))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> OptionsSelect:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        data = cast(dict[str, Any], interaction.data or {})
        values = [str(v) for v in data.get("values") or []]
        await guarded(interaction, table_of(interaction).set_options(interaction, self.game_id, values))


def lobby_view(game: GameInfo, t: Speaker = ENGLISH) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action in ("join", "leave", "start"):
        view.add_item(LobbyButton(action, game.id, t))
    view.add_item(OptionsSelect(game.id, game.options, t))
    return view


def live_view(game: GameInfo, view: GameView, t: Speaker = ENGLISH) -> discord.ui.View:
    """Board for everyone; Undo and End turn while a turn is played (Give the slot up alone in a Tikal Rápido slot,
    nothing more while placing); 1–5 in a jump; Yes / No for a declaration; Pass and the standing orders in a
    bidding; the shown hexagons in a pick. Under them the turn's menu (``ui.menus``): a placement's spaces, a
    bidding's bids, a turn's actions."""
    buttons = discord.ui.View(timeout=None)
    buttons.add_item(TurnButton("board", game.id, t=t))
    stage = rapido_stage(view)
    if view.phase is Phase.JUMP:
        opened = view.version - len(view.chosen)
        for chips in range(1, 6):
            buttons.add_item(JumpButton(game.id, opened, chips))
    elif view.phase is Phase.DECLARE:
        buttons.add_item(DeclareButton(game.id, "yes", t))
        buttons.add_item(DeclareButton(game.id, "no", t))
    elif stage == "slot":
        buttons.add_item(TurnButton("end", game.id, t=t, slot=True))
    elif view.phase in TURN_PHASES and stage is None:
        buttons.add_item(TurnButton("undo", game.id, t=t))
        buttons.add_item(TurnButton("end", game.id, t=t))
    elif view.phase is Phase.BID:
        for action in ("pass", "upto", "passround"):
            buttons.add_item(AuctionButton(action, game.id, t))
    elif view.phase is Phase.PICK:
        for k, tile in enumerate(view.shown, start=1):
            buttons.add_item(PickButton(game.id, k, f"{k} · {hexagon_name(tile, t)}"))
    public_menu(buttons, game.id, view, t)
    return buttons


def confirm_end_view(game: GameInfo, view: GameView, t: Speaker = ENGLISH) -> discord.ui.View:
    buttons = discord.ui.View(timeout=None)
    buttons.add_item(TurnButton("end", game.id, view.version, t, slot=rapido_stage(view) == "slot"))
    return buttons


BUTTONS: Final = (LobbyButton, TurnButton, AuctionButton, PickButton, JumpButton, DeclareButton, OptionsSelect,
                  *MENU_ITEMS)
