"""``/tikal …``: the turn, and only the turn: every move, the auction, the board and a hint.

Each turn command builds one move in the notation and hands it to the core, which validates it
with the engine before anything is answered; its options are autocompleted from the legal moves.
Everything else about games is ``/tikal-game`` (``bot.adapter.exts.games``), moderation ``/tikal-mod``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.adapter.command_words import cmd
from bot.adapter.completers import complete_jump, complete_zoom, legal
from bot.adapter.transformers import Count, Figures, Hex, Word

if TYPE_CHECKING:
    from bot.adapter.app import TikalBot

SPACE = cmd("cmd.tikal.opt.space", "the space (pick from the list: legal spaces, cost included)")
FIGURES = cmd("cmd.tikal.opt.figures", "how many workers, or `leader` (default 1)")


@app_commands.guild_only()
class TurnCommands(commands.GroupCog, group_name="tikal",
                   group_description=cmd("cmd.tikal", "Your turn in this channel's Tikal game")):
    def __init__(self, bot: TikalBot) -> None:
        self.bot = bot
        super().__init__()

    async def _act(self, interaction: discord.Interaction, text: str) -> None:
        await self.bot.table.act(interaction, text)

    # --- a turn -----------------------------------------------------------------------------------

    @app_commands.command(name="place", description=cmd("cmd.tikal.place", "Place the hexagon you drew"))
    @app_commands.describe(space=SPACE,
                           rotation=cmd("cmd.tikal.place.rotation", "the rotation 0–5 (the list says what each "
                                                                    "connects to)"))
    @app_commands.autocomplete(space=legal("place", "space"), rotation=legal("place", "rotation"))
    async def place(self, interaction: discord.Interaction, space: Hex,
                    rotation: app_commands.Range[int, 0, 5]) -> None:
        await self._act(interaction, f"place {space} {rotation}")

    @app_commands.command(name="deploy",
                          description=cmd("cmd.tikal.deploy", "Put workers or the leader from your supply into a camp "
                                                              "(1 AP each)"))
    @app_commands.describe(space=cmd("cmd.tikal.deploy.space", "the base camp or one of your camps"), figures=FIGURES)
    @app_commands.autocomplete(space=legal("deploy", "space"), figures=legal("deploy", "figures"))
    async def deploy(self, interaction: discord.Interaction, space: Hex, figures: Figures = "1") -> None:
        await self._act(interaction, f"deploy {space} {figures}")

    @app_commands.command(name="transfer",
                          description=cmd("cmd.tikal.transfer", "Move figures between the base camp and your camps (1 "
                                                                "AP each)"))
    @app_commands.describe(source=cmd("cmd.tikal.transfer.source", "from this camp"),
                           target=cmd("cmd.tikal.transfer.target", "to this camp"),
                           figures=FIGURES)
    @app_commands.autocomplete(source=legal("transfer", "source"), target=legal("transfer", "target"),
                               figures=legal("transfer", "figures"))
    async def transfer(self, interaction: discord.Interaction, source: Hex, target: Hex,
                       figures: Figures = "1") -> None:
        await self._act(interaction, f"transfer {source} {target} {figures}")

    @app_commands.command(name="move",
                          description=cmd("cmd.tikal.move", "Move figures along the cheapest path (the stones, per "
                                                            "figure)"))
    @app_commands.describe(source=cmd("cmd.tikal.move.source", "from this space"),
                           target=cmd("cmd.tikal.move.target", "to this space (the list shows the cost)"),
                           figures=FIGURES)
    @app_commands.autocomplete(source=legal("move", "source"), target=legal("move", "target"),
                               figures=legal("move", "figures"))
    async def move(self, interaction: discord.Interaction, source: Hex, target: Hex, figures: Figures = "1") -> None:
        await self._act(interaction, f"move {source} {target} {figures}")

    @app_commands.command(name="uncover", description=cmd("cmd.tikal.uncover", "Uncover temple levels (2 AP each)"))
    @app_commands.describe(space=cmd("cmd.tikal.uncover.space", "the temple"),
                           levels=cmd("cmd.tikal.uncover.levels", "how many levels (default 1)"))
    @app_commands.autocomplete(space=legal("uncover", "space"), levels=legal("uncover", "levels"))
    async def uncover(self, interaction: discord.Interaction, space: Hex, levels: Count = 1) -> None:
        await self._act(interaction, f"uncover {space} {levels}")

    @app_commands.command(name="recover", description=cmd("cmd.tikal.recover", "Recover treasure wafers (3 AP each)"))
    @app_commands.describe(space=cmd("cmd.tikal.recover.space", "the treasure hexagon"),
                           wafers=cmd("cmd.tikal.recover.wafers", "how many wafers (default 1)"))
    @app_commands.autocomplete(space=legal("recover", "space"), wafers=legal("recover", "wafers"))
    async def recover(self, interaction: discord.Interaction, space: Hex, wafers: Count = 1) -> None:
        await self._act(interaction, f"recover {space} {wafers}")

    @app_commands.command(name="exchange",
                          description=cmd("cmd.tikal.exchange", "Swap a single treasure with another player (3 AP)"))
    @app_commands.describe(give=cmd("cmd.tikal.exchange.give", "your treasure kind to give"),
                           player=cmd("cmd.tikal.exchange.player", "the other player"),
                           take=cmd("cmd.tikal.exchange.take", "their treasure kind to take"))
    @app_commands.autocomplete(give=legal("exchange", "give"), player=legal("exchange", "player"),
                               take=legal("exchange", "take"))
    async def exchange(self, interaction: discord.Interaction, give: Word, player: Word, take: Word) -> None:
        await self._act(interaction, f"exchange {give} {player} {take}")

    @app_commands.command(name="camp",
                          description=cmd("cmd.tikal.camp", "Build a camp on a jungle or emptied treasure hex (5 AP)"))
    @app_commands.describe(space=SPACE)
    @app_commands.autocomplete(space=legal("camp", "space"))
    async def camp(self, interaction: discord.Interaction, space: Hex) -> None:
        await self._act(interaction, f"camp {space}")

    @app_commands.command(name="guard",
                          description=cmd("cmd.tikal.guard", "Guard a temple where you are strongest (5 AP)"))
    @app_commands.describe(space=cmd("cmd.tikal.guard.space", "the temple"),
                           leader=cmd("cmd.tikal.guard.leader", "guard with your leader instead of a worker"),
                           gun=cmd("cmd.tikal.guard.gun", "machine guns: add a gun of 2 workers (6 AP in all)"))
    @app_commands.autocomplete(space=legal("guard", "space"))
    async def guard(self, interaction: discord.Interaction, space: Hex, leader: bool = False,
                    gun: bool = False) -> None:
        await self._act(interaction, f"guard {space}" + (" leader" if leader else "") + (" gun" if gun else ""))

    # --- the options of rules.md §7 -----------------------------------------------------------------------

    @app_commands.command(name="obstacle",
                          description=cmd("cmd.tikal.obstacle", "Obstacles: block a border, +2 AP to cross (4 AP)"))
    @app_commands.describe(space=cmd("cmd.tikal.obstacle.space", "a space with a free worker of yours"),
                           other=cmd("cmd.tikal.obstacle.other", "the neighbour across the border"))
    @app_commands.autocomplete(space=legal("obstacle", "space"), other=legal("obstacle", "other"))
    async def obstacle(self, interaction: discord.Interaction, space: Hex, other: Hex) -> None:
        await self._act(interaction, f"obstacle {space} {other}")

    @app_commands.command(name="fire",
                          description=cmd("cmd.tikal.fire", "Machine guns: a rival's worker on your gun's temple "
                                                            "leaves (1 AP)"))
    @app_commands.describe(space=cmd("cmd.tikal.fire.space", "the temple with your gun"),
                           player=cmd("cmd.tikal.fire.player", "whose worker"))
    @app_commands.autocomplete(space=legal("fire", "space"), player=legal("fire", "player"))
    async def fire(self, interaction: discord.Interaction, space: Hex, player: Word) -> None:
        await self._act(interaction, f"fire {space} {player}")

    @app_commands.command(name="jump",
                          description=cmd("cmd.tikal.jump", "Rápido: choose your chips for the jump, in secret"))
    @app_commands.describe(chips=cmd("cmd.tikal.jump.chips", "1–5 chips: your AP for one action (only you see it "
                                                             "until all chose)"))
    @app_commands.autocomplete(chips=complete_jump)
    async def jump(self, interaction: discord.Interaction, chips: app_commands.Range[int, 1, 5]) -> None:
        await self.bot.table.jump(interaction, chips)

    @app_commands.command(name="declare",
                          description=cmd("cmd.tikal.declare", "Random terrain: does the volcano you took score now?"))
    @app_commands.describe(score=cmd("cmd.tikal.declare.score", "yes: a scoring round now · no: place it and play "
                                                                "your turn"))
    async def declare(self, interaction: discord.Interaction, score: Literal["yes", "no"]) -> None:
        await self._act(interaction, f"score {score}")

    @app_commands.command(name="end", description=cmd("cmd.tikal.end", "End your turn"))
    async def end(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, "end")

    @app_commands.command(name="undo", description=cmd("cmd.tikal.undo", "Take back your last action of this turn"))
    async def undo(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, "undo")

    # --- the auction ------------------------------------------------------------------------------

    @app_commands.command(name="bid", description=cmd("cmd.tikal.bid", "Bid points of your score for the next turn"))
    @app_commands.describe(amount=cmd("cmd.tikal.bid.amount", "points to bid (more than the high bid, at most your "
                                                              "score)"))
    @app_commands.autocomplete(amount=legal("bid", "amount"))
    async def bid(self, interaction: discord.Interaction, amount: Count) -> None:
        await self._act(interaction, f"bid {amount}")

    @app_commands.command(name="pass", description=cmd("cmd.tikal.pass", "Pass in this bidding"))
    async def pass_(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, "pass")

    @app_commands.command(name="pick", description=cmd("cmd.tikal.pick", "Take one of the shown hexagons"))
    @app_commands.describe(hexagon=cmd("cmd.tikal.pick.hexagon", "its number in the picture (1…)"))
    @app_commands.autocomplete(hexagon=legal("pick", "hexagon"))
    async def pick(self, interaction: discord.Interaction, hexagon: Count) -> None:
        await self._act(interaction, f"pick {hexagon}")

    # --- looking ----------------------------------------------------------------------------------

    @app_commands.command(name="board", description=cmd("cmd.tikal.board", "See the board now (only you see it)"))
    @app_commands.describe(zoom=cmd("cmd.tikal.board.zoom", "a hex to see up close"))
    @app_commands.autocomplete(zoom=complete_zoom)
    async def board(self, interaction: discord.Interaction, zoom: Hex | None = None) -> None:
        await self.bot.table.board(interaction, zoom)

    @app_commands.command(name="hint",
                          description=cmd("cmd.tikal.hint", "What the strong computer player would do now (only you "
                                                            "see it)"))
    async def hint(self, interaction: discord.Interaction) -> None:
        await self.bot.table.hint(interaction)
