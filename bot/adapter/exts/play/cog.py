"""``/tikal …``: the lobby (``/tikal game …``), every move of a turn, the auction, and looking at the board.

Each turn command builds one move in the notation and hands it to the service, which validates it
with the engine before anything is answered; its options are autocompleted from the legal moves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

import render
from bot.adapter import formatting
from bot.adapter.completers import complete_game, complete_order, complete_zone, complete_zoom, legal
from bot.adapter.exts.play import between_turns
from bot.adapter.transformers import Count, Figures, Hex

if TYPE_CHECKING:
    from bot.adapter.app import TikalBot

SPACE = "the space (pick from the list: legal spaces, cost included)"
FIGURES = "how many workers, or `leader` (default 1)"
GAME = "the game's number (default: the game of this channel; `/tikal games` lists them)"


@app_commands.guild_only()
class PlayCommands(commands.GroupCog, group_name="tikal", group_description="Play Tikal in this channel"):
    game = app_commands.Group(name="game", description="Open, join, leave or start a game, or see its status")

    def __init__(self, bot: TikalBot) -> None:
        self.bot = bot
        super().__init__()

    async def _act(self, interaction: discord.Interaction, text: str) -> None:
        await self.bot.table.act(interaction, text)

    # --- the lobby --------------------------------------------------------------------------------

    @game.command(name="new", description="Open a lobby for a new game of Tikal here")
    @app_commands.describe(variant="basic (draw a hexagon each turn) or auction (bid for the turns)",
                           seats="how many players (2–4)",
                           thread="play in a thread of this channel (default: the server's setting)",
                           turn_hours="deadline of each turn in hours, 0: none (default: the server's)",
                           bid_hours="deadline of each bid in hours, 0: none (default: the server's)",
                           policy="after a deadline: skip (the bot plays), wait (tell the moderators) or computer",
                           computers="seats taken at once by computer players (0–3, fewer than the seats)",
                           level="how the computer players play (default strong)")
    async def new(self, interaction: discord.Interaction, variant: Literal["basic", "auction"] = "basic",
                  seats: app_commands.Range[int, 2, 4] = 4, thread: bool | None = None,
                  turn_hours: app_commands.Range[float, 0, 1440] | None = None,
                  bid_hours: app_commands.Range[float, 0, 1440] | None = None,
                  policy: Literal["skip", "wait", "computer"] | None = None,
                  computers: app_commands.Range[int, 0, 3] = 0,
                  level: Literal["strong", "easy", "random"] = "strong") -> None:
        await self.bot.table.open_lobby(interaction, variant=variant, seats=seats, thread=thread,
                                        clock={"turn_hours": turn_hours, "bid_hours": bid_hours, "policy": policy},
                                        computers=computers, level=level)

    @game.command(name="join", description="Take a seat in the lobby of this channel")
    async def join(self, interaction: discord.Interaction) -> None:
        await self.bot.table.join(interaction)

    @game.command(name="leave", description="Leave the lobby of this channel")
    async def leave(self, interaction: discord.Interaction) -> None:
        await self.bot.table.leave(interaction)

    @game.command(name="start", description="Start the game (its creator or a moderator, 2–4 players)")
    @app_commands.describe(order="seat order: as joined, or shuffled")
    async def start(self, interaction: discord.Interaction,
                    order: Literal["joined", "shuffled"] = "joined") -> None:
        await self.bot.table.start(interaction, order=order)

    @game.command(name="status", description="Whose turn it is, the AP, the scores (only you see it)")
    async def status(self, interaction: discord.Interaction) -> None:
        await self.bot.table.status(interaction)

    # --- a turn -----------------------------------------------------------------------------------

    @app_commands.command(name="place", description="Place the hexagon you drew")
    @app_commands.describe(space=SPACE, rotation="the rotation 0–5 (the list says what each connects to)")
    @app_commands.autocomplete(space=legal("place", "space"), rotation=legal("place", "rotation"))
    async def place(self, interaction: discord.Interaction, space: Hex,
                    rotation: app_commands.Range[int, 0, 5]) -> None:
        await self._act(interaction, f"place {space} {rotation}")

    @app_commands.command(name="deploy",
                          description="Put workers or the leader from your supply into a camp (1 AP each)")
    @app_commands.describe(space="the base camp or one of your camps", figures=FIGURES)
    @app_commands.autocomplete(space=legal("deploy", "space"), figures=legal("deploy", "figures"))
    async def deploy(self, interaction: discord.Interaction, space: Hex, figures: Figures = "1") -> None:
        await self._act(interaction, f"deploy {space} {figures}")

    @app_commands.command(name="transfer", description="Move figures between the base camp and your camps (1 AP each)")
    @app_commands.describe(source="from this camp", target="to this camp", figures=FIGURES)
    @app_commands.autocomplete(source=legal("transfer", "source"), target=legal("transfer", "target"),
                               figures=legal("transfer", "figures"))
    async def transfer(self, interaction: discord.Interaction, source: Hex, target: Hex,
                       figures: Figures = "1") -> None:
        await self._act(interaction, f"transfer {source} {target} {figures}")

    @app_commands.command(name="move", description="Move figures along the cheapest path (the stones, per figure)")
    @app_commands.describe(source="from this space", target="to this space (the list shows the cost)",
                           figures=FIGURES)
    @app_commands.autocomplete(source=legal("move", "source"), target=legal("move", "target"),
                               figures=legal("move", "figures"))
    async def move(self, interaction: discord.Interaction, source: Hex, target: Hex, figures: Figures = "1") -> None:
        await self._act(interaction, f"move {source} {target} {figures}")

    @app_commands.command(name="uncover", description="Uncover temple levels (2 AP each)")
    @app_commands.describe(space="the temple", levels="how many levels (default 1)")
    @app_commands.autocomplete(space=legal("uncover", "space"), levels=legal("uncover", "levels"))
    async def uncover(self, interaction: discord.Interaction, space: Hex, levels: Count = 1) -> None:
        await self._act(interaction, f"uncover {space} {levels}")

    @app_commands.command(name="recover", description="Recover treasure wafers (3 AP each)")
    @app_commands.describe(space="the treasure hexagon", wafers="how many wafers (default 1)")
    @app_commands.autocomplete(space=legal("recover", "space"), wafers=legal("recover", "wafers"))
    async def recover(self, interaction: discord.Interaction, space: Hex, wafers: Count = 1) -> None:
        await self._act(interaction, f"recover {space} {wafers}")

    @app_commands.command(name="exchange", description="Swap a single treasure with another player (3 AP)")
    @app_commands.describe(give="your treasure kind to give", player="the other player",
                           take="their treasure kind to take")
    @app_commands.autocomplete(give=legal("exchange", "give"), player=legal("exchange", "player"),
                               take=legal("exchange", "take"))
    async def exchange(self, interaction: discord.Interaction, give: str, player: str, take: str) -> None:
        await self._act(interaction, f"exchange {give} {player} {take}")

    @app_commands.command(name="camp", description="Build a camp on a jungle or emptied treasure hex (5 AP)")
    @app_commands.describe(space=SPACE)
    @app_commands.autocomplete(space=legal("camp", "space"))
    async def camp(self, interaction: discord.Interaction, space: Hex) -> None:
        await self._act(interaction, f"camp {space}")

    @app_commands.command(name="guard", description="Guard a temple where you are strongest (5 AP)")
    @app_commands.describe(space="the temple", leader="guard with your leader instead of a worker")
    @app_commands.autocomplete(space=legal("guard", "space"))
    async def guard(self, interaction: discord.Interaction, space: Hex, leader: bool = False) -> None:
        await self._act(interaction, f"guard {space}" + (" leader" if leader else ""))

    @app_commands.command(name="end", description="End your turn")
    async def end(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, "end")

    @app_commands.command(name="undo", description="Take back your last action of this turn")
    async def undo(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, "undo")

    # --- the auction ------------------------------------------------------------------------------

    @app_commands.command(name="bid", description="Bid points of your score for the next turn")
    @app_commands.describe(amount="points to bid (more than the high bid, at most your score)")
    @app_commands.autocomplete(amount=legal("bid", "amount"))
    async def bid(self, interaction: discord.Interaction, amount: Count) -> None:
        await self._act(interaction, f"bid {amount}")

    @app_commands.command(name="pass", description="Pass in this bidding")
    async def pass_(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, "pass")

    @app_commands.command(name="pick", description="Take one of the shown hexagons")
    @app_commands.describe(hexagon="its number in the picture (1…)")
    @app_commands.autocomplete(hexagon=legal("pick", "hexagon"))
    async def pick(self, interaction: discord.Interaction, hexagon: Count) -> None:
        await self._act(interaction, f"pick {hexagon}")

    # --- looking ----------------------------------------------------------------------------------

    @app_commands.command(name="board", description="See the board now (only you see it)")
    @app_commands.describe(zoom="a hex to see up close")
    @app_commands.autocomplete(zoom=complete_zoom)
    async def board(self, interaction: discord.Interaction, zoom: Hex | None = None) -> None:
        await self.bot.table.board(interaction, zoom)

    # --- games that live for days ------------------------------------------------------------------

    @app_commands.command(name="settings", description="Your reminders: channel ping or DM, time zone, quiet hours")
    @app_commands.describe(delivery="channel: a ping replying to the turn message · dm: a direct message",
                           time_zone="your time zone, e.g. Europe/Berlin (pick from the list)",
                           quiet_from="start of your quiet hours, e.g. 22:00 (no reminder or deadline falls in them)",
                           quiet_to="end of your quiet hours, e.g. 7:30",
                           quiet_off="remove your quiet hours",
                           forget="delete everything stored about your settings")
    @app_commands.autocomplete(time_zone=complete_zone)
    async def settings(self, interaction: discord.Interaction, delivery: Literal["channel", "dm"] | None = None,
                       time_zone: str | None = None, quiet_from: str | None = None, quiet_to: str | None = None,
                       quiet_off: bool = False, forget: bool = False) -> None:
        await between_turns.settings(self.bot, interaction, delivery=delivery, time_zone=time_zone,
                                     quiet_from=quiet_from, quiet_to=quiet_to, quiet_off=quiet_off, forget=forget)

    @app_commands.command(name="resign", description="Leave a running game: the bot plays your seat to the end")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=complete_game)
    async def resign(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await between_turns.resign(self.bot, interaction, game)

    @app_commands.command(name="order", description="Auction: leave a standing order for this round's bids")
    @app_commands.describe(order="`pass`, `bid up to N` (one above the high bid while that is at most N), or `cancel`",
                           game=GAME)
    @app_commands.autocomplete(order=complete_order)
    @app_commands.autocomplete(game=complete_game)
    async def order(self, interaction: discord.Interaction, order: str, game: int | None = None) -> None:
        await between_turns.order(self.bot, interaction, order, game)

    @app_commands.command(name="games", description="This server's games with links; yours waiting for you first")
    @app_commands.describe(mine="only the games you play in")
    async def games(self, interaction: discord.Interaction, mine: bool = False) -> None:
        await between_turns.games(self.bot, interaction, mine)

    @app_commands.command(name="history", description="The moves of a game so far, page by page (only you see it)")
    @app_commands.describe(page="the page (default: the latest moves)", game=GAME)
    @app_commands.autocomplete(game=complete_game)
    async def history(self, interaction: discord.Interaction, page: app_commands.Range[int, 1, 10000] | None = None,
                      game: int | None = None) -> None:
        await between_turns.history(self.bot, interaction, page, game)

    @app_commands.command(name="export", description="A game as a JSON file: the full record once it is over")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=complete_game)
    async def export(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await between_turns.export(self.bot, interaction, game)

    @app_commands.command(name="stats", description="Games played, wins and average scores in this server")
    async def stats(self, interaction: discord.Interaction) -> None:
        await between_turns.stats(self.bot, interaction)

    @app_commands.command(name="hint", description="What the strong computer player would do now (only you see it)")
    async def hint(self, interaction: discord.Interaction) -> None:
        await self.bot.table.hint(interaction)

    @app_commands.command(name="rules", description="A short help with the cost of every action")
    async def rules(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(embed=formatting.rules_embed(render.legend_lines()), ephemeral=True)
