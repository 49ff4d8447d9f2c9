"""Ratings in Discord (issue 16): ``/tikal-game leaderboard`` with its page buttons, a member's rating and its
latest changes (``/tikal-game stats``), and the seasons of ``/tikal-mod season``.

What members see of a rating is its ordinal (μ − 3σ, 0 for a new player: ``bot.core.ratings``). Every answer is
private; mentions in embeds never notify anyone.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Final

import discord

from bot.adapter.formatting import NEUTRAL
from bot.adapter.overviews import stamp, stats_embed
from bot.adapter.replies import fit_embed, reply, update
from bot.adapter.ui.buttons import guarded
from bot.core.errors import NotAllowed
from bot.core.ratings import level_of
from bot.core.standings import Leaderboard, MemberRating, Season, Standing

if TYPE_CHECKING:
    from bot.adapter.app import TikalBot

NOT_ALLOWED: Final = "Only a moderator (Manage Server, or the server's moderator role) can do that."
PLACES: Final = {1: "1st", 2: "2nd", 3: "3rd"}


def player_name(player_id: int) -> str:
    """``<@id>`` for a member, ``🤖 computer (easy)`` for a computer level's rating."""
    level = level_of(player_id)
    return f"🤖 computer ({level})" if level is not None else f"<@{player_id}>"


def place_text(place: int, seats: int) -> str:
    return f"{PLACES.get(place, f'{place}th')} of {seats}"


def season_title(season: Season | None) -> str:
    if season is None:
        return "all time"
    return f"season “{season.name}”" + ("" if season.open else " (ended)")


def standing_line(s: Standing) -> str:
    """``3. <@id> · 12.4 · 9 games · 4 wins · last <t:…:R>``."""
    return (f"{s.rank}. {player_name(s.player_id)} · **{s.rating.ordinal:.1f}** · {s.games} game"
            f"{'s' if s.games != 1 else ''} · {s.wins} win{'s' if s.wins != 1 else ''} · last {stamp(s.last_played)}")


def leaderboard_embed(board: Leaderboard) -> discord.Embed:
    embed = discord.Embed(title=f"Tikal leaderboard · {season_title(board.season)}", colour=NEUTRAL)
    if not board.entries:
        embed.description = ("No rated game yet" + (" in this season" if board.season is not None else "")
                             + ": a game is rated when it ends.")
        return embed
    embed.description = "\n".join(standing_line(s) for s in board.entries)
    embed.set_footer(text=f"page {board.page} of {board.pages} · {board.total} rated · rating = μ − 3σ "
                          "(OpenSkill), higher is better")
    return embed


def member_embed(rating: MemberRating) -> discord.Embed:
    """A member's (or a computer level's) rating, place and latest changes."""
    who = player_name(rating.player_id)
    embed = discord.Embed(title="Rating", colour=NEUTRAL)
    if rating.all_time is None:
        embed.description = f"{who} has no rated game in this server yet: a game is rated when it ends."
        return embed
    s = rating.all_time
    embed.description = (f"{who}: **{s.rating.ordinal:.1f}**, #{s.rank} of the server · {s.games} game"
                         f"{'s' if s.games != 1 else ''}, {s.wins} win{'s' if s.wins != 1 else ''} · "
                         f"μ {s.rating.mu:.1f}, σ {s.rating.sigma:.2f}")
    if rating.season is not None:
        now = rating.in_season
        embed.add_field(name=f"Season “{rating.season.name}”", inline=False, value=(
            f"**{now.rating.ordinal:.1f}**, #{now.rank} · {now.games} game{'s' if now.games != 1 else ''}"
            if now is not None else "no rated game in this season yet"))
    lines = []
    for c in rating.changes:
        change = c.after.ordinal - c.before.ordinal
        left = " (left the game: counted last)" if c.counted == "last" else ""
        lines.append(f"Game #{c.game_id} · {place_text(c.place, c.seats)}{left} · {change:+.1f} → "
                     f"{c.after.ordinal:.1f} · {stamp(c.at)}")
    embed.add_field(name="Latest games (newest first)", value="\n".join(lines)[:1024], inline=False)
    return embed


class LeaderboardPageButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                            template=r"tikal:board:(?P<season>[0-9]+):(?P<page>[0-9]+)"):
    """A page of the leaderboard (season 0: all time); the guild comes from the interaction."""

    def __init__(self, season_id: int, page: int, label: str) -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=f"tikal:board:{season_id}:{page}"))
        self.season_id = season_id
        self.page = page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> LeaderboardPageButton:
        return cls(int(match["season"]), int(match["page"]), "")

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, leaderboard_page(interaction.client, interaction,  # type: ignore[arg-type]
                                                    self.season_id, self.page))


def leaderboard_view(board: Leaderboard) -> discord.ui.View | None:
    """◀ and ▶ (and the first and last page) when there is more than one page."""
    if board.pages <= 1:
        return None
    season_id = 0 if board.season is None else board.season.id
    view = discord.ui.View(timeout=None)
    targets = ((1, "⏮ first"), (board.page - 1, "◀ higher"), (board.page + 1, "lower ▶"), (board.pages, "last ⏭"))
    for slot, (target, label) in enumerate(targets):
        if 1 <= target <= board.pages and target != board.page:
            view.add_item(LeaderboardPageButton(season_id, target, label))
        else:  # kept in place, greyed out; custom ids must differ within a message
            view.add_item(discord.ui.Button(label=label, disabled=True, custom_id=f"tikal:board-off:{slot}"))
    return view


async def leaderboard(bot: TikalBot, interaction: discord.Interaction, season: str | None, page: int) -> None:
    standings = bot.core.standings
    guild = bot.table.guild_id(interaction)
    chosen = None if season is None else await standings.season_named(guild, season)
    board = await standings.leaderboard(guild, chosen, page)
    await reply(interaction, embed=leaderboard_embed(board), view=leaderboard_view(board))


async def leaderboard_page(bot: TikalBot, interaction: discord.Interaction, season_id: int, page: int) -> None:
    standings = bot.core.standings
    guild = bot.table.guild_id(interaction)
    board = await standings.leaderboard(guild, await standings.season_by_id(guild, season_id), page)
    await update(interaction, embed=leaderboard_embed(board), view=leaderboard_view(board))


async def member_rating(bot: TikalBot, interaction: discord.Interaction, member: discord.abc.User | None) -> None:
    """The server's statistics and the member's rating (the caller's, by default)."""
    guild = bot.table.guild_id(interaction)
    stats = await bot.core.history.stats(guild)
    found = await bot.core.standings.member(guild, (member or interaction.user).id)
    embeds = [fit_embed(stats_embed(stats)), fit_embed(member_embed(found))]
    await interaction.response.send_message(embeds=embeds, ephemeral=True)


async def season(bot: TikalBot, interaction: discord.Interaction, action: str, name: str | None) -> None:
    """``/tikal-mod season start|end``."""
    if not await bot.table.moderator(interaction):
        raise NotAllowed(NOT_ALLOWED)
    standings = bot.core.standings
    guild = bot.table.guild_id(interaction)
    if action == "start":
        started = await standings.start_season(guild, name or "", interaction.user.id, is_moderator=True)
        await reply(interaction, f"🏁 Season “{started.name}” has started: every game that ends from now on counts "
                                 "for it too (`/tikal-game leaderboard` shows it).")
        return
    ended = await standings.end_season(guild, interaction.user.id, is_moderator=True)
    await reply(interaction, f"🏁 Season “{ended.name}” has ended; its leaderboard stays as it is "
                             f"(`/tikal-game leaderboard season:{ended.name}`).")


async def complete_season(interaction: discord.Interaction, current: str) -> list[discord.app_commands.Choice[str]]:
    """The server's seasons, the newest first: ``Spring 2026 (running)``."""
    bot: TikalBot = interaction.client  # type: ignore[assignment]
    if interaction.guild_id is None:
        return []
    typed = str(current or "").strip().lower()
    found = [discord.app_commands.Choice(name=f"{s.name}{' (running)' if s.open else ''}", value=s.name)
             for s in await bot.core.standings.seasons(interaction.guild_id) if typed in s.name.lower()]
    return found[:25]


__all__ = ["LeaderboardPageButton", "complete_season", "leaderboard", "leaderboard_embed", "leaderboard_page",
           "leaderboard_view", "member_embed", "member_rating", "season"]
