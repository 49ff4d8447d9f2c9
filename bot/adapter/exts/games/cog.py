"""``/tikal-game …``: everything about games that is not a move — open, join, leave and start a lobby,
the status, the rules, the server's games, a game's history and export, resigning, auction standing
orders, a member's reminder settings, the server's statistics and ratings, a game's animated replay and a finished
game's review.

Every answer is private (docs/channel.md, principle 1); the lobby itself is an ordinary channel message with buttons.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.adapter import rankings
from bot.adapter.command_words import cmd
from bot.adapter.completers import complete_game, complete_order, complete_zone
from bot.adapter.exts.games import between_turns, replay, review
from bot.adapter.transformers import ClockTime, Word, ZoneName

if TYPE_CHECKING:
    from bot.adapter.app import TikalBot

GAME = cmd("cmd.game.opt.game", "the game's number (default: this channel's)")


@app_commands.guild_only()
class GameCommands(commands.GroupCog, group_name="tikal-game",
                   group_description=cmd("cmd.game", "Open, join and follow Tikal games; your settings")):
    def __init__(self, bot: TikalBot) -> None:
        self.bot = bot
        super().__init__()

    # --- the lobby --------------------------------------------------------------------------------

    @app_commands.command(name="new", description=cmd("cmd.game.new", "Open a lobby for a new game of Tikal here"))
    @app_commands.describe(variant=cmd("cmd.game.new.variant", "basic, auction (bid for turns) or rapido (jumps)"),
                           seats=cmd("cmd.game.new.seats", "how many players (2–4)"),
                           thread=cmd("cmd.game.new.thread", "play in a thread of this channel (default: the server's "
                                                             "setting)"),
                           turn_hours=cmd("cmd.game.new.turn_hours", "deadline of each turn in hours, 0: none "
                                                                     "(default: the server's)"),
                           bid_hours=cmd("cmd.game.new.bid_hours", "deadline of each bid in hours, 0: none (default: "
                                                                   "the server's)"),
                           policy=cmd("cmd.game.new.policy", "after a deadline: skip (bot plays), wait or computer"),
                           computers=cmd("cmd.game.new.computers", "seats for computer players (0–3, fewer than the "
                                                                   "seats)"),
                           level=cmd("cmd.game.new.level", "how the computer players play (default strong)"))
    async def new(self, interaction: discord.Interaction, variant: Literal["basic", "auction", "rapido"] = "basic",
                  seats: app_commands.Range[int, 2, 4] = 4, thread: bool | None = None,
                  turn_hours: app_commands.Range[float, 0, 1440] | None = None,
                  bid_hours: app_commands.Range[float, 0, 1440] | None = None,
                  policy: Literal["skip", "wait", "computer"] | None = None,
                  computers: app_commands.Range[int, 0, 3] = 0,
                  level: Literal["strong", "easy", "random"] = "strong") -> None:
        await self.bot.table.open_lobby(interaction, variant=variant, seats=seats, thread=thread,
                                        clock={"turn_hours": turn_hours, "bid_hours": bid_hours, "policy": policy},
                                        computers=computers, level=level)

    @app_commands.command(name="join", description=cmd("cmd.game.join", "Take a seat in the lobby of this channel"))
    async def join(self, interaction: discord.Interaction) -> None:
        await self.bot.table.join(interaction)

    @app_commands.command(name="leave", description=cmd("cmd.game.leave", "Leave the lobby of this channel"))
    async def leave(self, interaction: discord.Interaction) -> None:
        await self.bot.table.leave(interaction)

    @app_commands.command(name="start",
                          description=cmd("cmd.game.start", "Start the game (its creator or a moderator, 2–4 players)"))
    @app_commands.describe(order=cmd("cmd.game.start.order", "seat order: as joined, or shuffled"))
    async def start(self, interaction: discord.Interaction,
                    order: Literal["joined", "shuffled"] = "joined") -> None:
        await self.bot.table.start(interaction, order=order)

    @app_commands.command(name="status",
                          description=cmd("cmd.game.status", "Whose turn it is, the AP, the scores (only you see it)"))
    async def status(self, interaction: discord.Interaction) -> None:
        await self.bot.table.status(interaction)

    @app_commands.command(name="rules", description=cmd("cmd.game.rules", "A short help with the cost of every action"))
    async def rules(self, interaction: discord.Interaction) -> None:
        await self.bot.table.rules(interaction)

    # --- games that live for days ------------------------------------------------------------------

    @app_commands.command(name="games",
                          description=cmd("cmd.game.games", "This server's games with links; yours waiting for you "
                                                            "first"))
    @app_commands.describe(mine=cmd("cmd.game.games.mine", "only the games you play in"))
    async def games(self, interaction: discord.Interaction, mine: bool = False) -> None:
        await between_turns.games(self.bot, interaction, mine)

    @app_commands.command(name="history",
                          description=cmd("cmd.game.history", "The moves of a game so far, page by page (only you see "
                                                              "it)"))
    @app_commands.describe(page=cmd("cmd.game.history.page", "the page (default: the latest moves)"), game=GAME)
    @app_commands.autocomplete(game=complete_game)
    async def history(self, interaction: discord.Interaction, page: app_commands.Range[int, 1, 10000] | None = None,
                      game: int | None = None) -> None:
        await between_turns.history(self.bot, interaction, page, game)

    @app_commands.command(name="export",
                          description=cmd("cmd.game.export", "A game as a JSON file: the full record once it is over"))
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=complete_game)
    async def export(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await between_turns.export(self.bot, interaction, game)

    @app_commands.command(name="resign",
                          description=cmd("cmd.game.resign", "Leave a running game: the bot plays your seat to the "
                                                             "end"))
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=complete_game)
    async def resign(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await between_turns.resign(self.bot, interaction, game)

    @app_commands.command(name="order",
                          description=cmd("cmd.game.order", "Auction: leave a standing order for this round's bids"))
    @app_commands.describe(order=cmd("cmd.game.order.order", "`pass`, `bid up to N` (outbid up to N) or `cancel`"),
                           game=GAME)
    @app_commands.autocomplete(order=complete_order)
    @app_commands.autocomplete(game=complete_game)
    async def order(self, interaction: discord.Interaction, order: Word, game: int | None = None) -> None:
        await between_turns.order(self.bot, interaction, order, game)

    @app_commands.command(name="notify",
                          description=cmd("cmd.game.notify", "How you are told a game waits for you"))
    @app_commands.describe(how=cmd("cmd.game.notify.how", "channel: a ping (default) · dm · both"))
    async def notify(self, interaction: discord.Interaction,
                     how: Literal["channel", "dm", "both"] | None = None) -> None:
        await between_turns.notify(self.bot, interaction, how)

    @app_commands.command(name="settings",
                          description=cmd("cmd.game.settings_zone", "Your time zone and quiet hours"))
    @app_commands.describe(time_zone=cmd("cmd.game.settings.time_zone", "your time zone, e.g. Europe/Berlin (pick "
                                                                        "from the list)"),
                           quiet_from=cmd("cmd.game.settings.quiet_from", "start of your quiet hours, e.g. 22:00 (no "
                                                                          "reminder or deadline falls in them)"),
                           quiet_to=cmd("cmd.game.settings.quiet_to", "end of your quiet hours, e.g. 7:30"),
                           quiet_off=cmd("cmd.game.settings.quiet_off", "remove your quiet hours"),
                           forget=cmd("cmd.game.settings.forget", "delete everything stored about your settings"))
    @app_commands.autocomplete(time_zone=complete_zone)
    async def settings(self, interaction: discord.Interaction, time_zone: ZoneName | None = None,
                       quiet_from: ClockTime | None = None, quiet_to: ClockTime | None = None, quiet_off: bool = False,
                       forget: bool = False) -> None:
        await between_turns.settings(self.bot, interaction, time_zone=time_zone, quiet_from=quiet_from,
                                     quiet_to=quiet_to, quiet_off=quiet_off, forget=forget)

    @app_commands.command(name="stats",
                          description=cmd("cmd.game.stats", "Games and wins here, and a member's rating"))
    @app_commands.describe(member=cmd("cmd.game.stats.member", "whose rating (default: yours)"))
    async def stats(self, interaction: discord.Interaction, member: discord.User | None = None) -> None:
        await rankings.member_rating(self.bot, interaction, member)

    # --- after the game -----------------------------------------------------------------

    @app_commands.command(name="leaderboard",
                          description=cmd("cmd.game.leaderboard", "The server's ratings, best first"))
    @app_commands.describe(season=cmd("cmd.game.leaderboard.season", "a season (default: all time)"),
                           page=cmd("cmd.game.leaderboard.page", "the page (default: 1)"))
    @app_commands.autocomplete(season=rankings.complete_season)
    async def leaderboard(self, interaction: discord.Interaction,
                          season: app_commands.Range[str, 1, 40] | None = None,
                          page: app_commands.Range[int, 1, 1000] = 1) -> None:
        await rankings.leaderboard(self.bot, interaction, season, page)

    @app_commands.command(name="web", description=cmd("cmd.game.web", "Your link to play on the web"))
    async def web(self, interaction: discord.Interaction) -> None:
        await self.bot.table.web_link(interaction)

    @app_commands.command(name="replay",
                          description=cmd("cmd.game.replay", "A game's animated replay, turn by turn"))
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=complete_game)
    async def replay(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await replay.replay(self.bot, interaction, game)

    @app_commands.command(name="review",
                          description=cmd("cmd.game.review", "Where a finished game's points were lost"))
    @app_commands.describe(game=cmd("cmd.game.review.game", "a finished game (default: this channel's last)"),
                           member=cmd("cmd.game.review.member", "whose turns (default: everyone's)"))
    @app_commands.autocomplete(game=review.complete_finished_game)
    @app_commands.autocomplete(member=review.complete_player)
    async def review(self, interaction: discord.Interaction, game: int | None = None,
                     member: app_commands.Range[str, 1, 40] | None = None) -> None:
        await review.review(self.bot, interaction, game, member)
