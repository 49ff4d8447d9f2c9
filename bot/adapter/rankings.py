"""Ratings in Discord (issue 16): ``/tikal-game leaderboard`` with its page buttons, a member's rating and its
latest changes (``/tikal-game stats``), and the seasons of ``/tikal-mod season``.

What members see of a rating is one number, its ordinal (μ − 3σ, 0 for a new player: ``bot.core.league.ratings``), never
μ or σ themselves. Every answer is private; mentions in embeds never notify anyone.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Final

import discord

from bot.adapter.messages.overviews import stamp, stats_embed
from bot.adapter.messages.parts import NEUTRAL
from bot.adapter.messages.tutorial import counts_embed
from bot.adapter.replies import fit_embed, reply, update
from bot.adapter.speech import reader
from bot.adapter.ui.actions import guarded
from bot.core.league.ratings import level_of
from bot.core.league.standings import Leaderboard, MemberRating, Season, Standing
from bot.core.words.errors import NotAllowed
from bot.core.words.escaping import escaped
from bot.core.words.texts import tr
from engine.messages import Speaker
from render.words import Words

if TYPE_CHECKING:
    from bot.adapter.app import TikalBot

NOT_ALLOWED: Final = tr("mod.not_allowed",
                        "Only a moderator (Manage Server, or the server's moderator role) can do that.")


def level_word(level: str, t: Speaker) -> str:
    """A computer level as the member's client shows it among the choices of ``/tikal-game new level``."""
    return {"random": t.tr("name.random", "random"), "easy": t.tr("name.easy", "easy"),
            "strong": t.tr("name.strong", "strong")}[level]


def player_name(player_id: int, t: Speaker) -> str:
    """``<@id>`` for a member, ``🤖 computer (easy)`` for a computer level's rating."""
    level = level_of(player_id)
    return t.tr("notice.computer_mark", "🤖 computer ({level})", level=level_word(level, t)) if level is not None \
        else f"<@{player_id}>"


def place_text(place: int, seats: int, t: Speaker) -> str:
    """``2nd of 4``."""
    return t.tr("rankings.place", "{place} of {seats}", place=Words(t).ordinal(place), seats=seats)


def season_title(season: Season | None, t: Speaker) -> str:
    if season is None:
        return t.tr("rankings.all_time", "all time")
    if season.open:
        return t.tr("rankings.season", "season “{name}”", name=escaped(season.name))
    return t.tr("rankings.season_ended", "season “{name}” (ended)", name=escaped(season.name))


def games_and_wins(games: int, wins: int, t: Speaker) -> str:
    """``9 games · 4 wins``."""
    played = t.ntr("rankings.games", "{n} game", "{n} games", games)
    won = t.ntr("rankings.wins", "{n} win", "{n} wins", wins)
    return f"{played} · {won}"


def standing_line(s: Standing, t: Speaker) -> str:
    """``3. <@id> · 12.4 · 9 games · 4 wins · last <t:…:R>``."""
    return t.tr("rankings.line", "{rank}. {player} · **{rating}** · {games_and_wins} · last {when}", rank=s.rank,
                player=player_name(s.player_id, t), rating=f"{s.rating.ordinal:.1f}",
                games_and_wins=games_and_wins(s.games, s.wins, t), when=stamp(s.last_played))


def leaderboard_embed(board: Leaderboard, t: Speaker) -> discord.Embed:
    embed = discord.Embed(title=t.tr("rankings.title", "Tikal leaderboard · {scope}",
                                     scope=season_title(board.season, t)), colour=NEUTRAL)
    if not board.entries:
        embed.description = t.tr("rankings.empty", "No rated game yet: a game is rated when it ends.") \
            if board.season is None else \
            t.tr("rankings.empty_season", "No rated game yet in this season: a game is rated when it ends.")
        return embed
    embed.description = "\n".join(standing_line(s, t) for s in board.entries)
    embed.set_footer(text=t.ntr("rankings.footer_rated", "page {page} of {pages} · {n} rated · a rating rises with "
                                                         "wins and with games played; higher is better",
                                "page {page} of {pages} · {n} rated · a rating rises with wins and with games played; "
                                "higher is better", board.total, page=board.page, pages=board.pages))
    return embed


def member_embed(rating: MemberRating, t: Speaker) -> discord.Embed:
    """A member's (or a computer level's) rating, place and latest changes."""
    who = player_name(rating.player_id, t)
    embed = discord.Embed(title=t.tr("rankings.rating", "Rating"), colour=NEUTRAL)
    if rating.all_time is None:
        embed.description = t.tr("rankings.unrated", "{who} has no rated game in this server yet: a game is rated "
                                                     "when it ends.", who=who)
        return embed
    s = rating.all_time
    embed.description = t.tr("rankings.member_rating", "{who}: rating **{rating}**, #{rank} of the server · "
                                                       "{games_and_wins}", who=who, rating=f"{s.rating.ordinal:.1f}",
                             rank=s.rank, games_and_wins=games_and_wins(s.games, s.wins, t))
    if rating.season is not None:
        now = rating.in_season
        embed.add_field(name=t.tr("rankings.season_field", "Season “{name}”", name=escaped(rating.season.name)),
                        inline=False,
                        value=t.tr("rankings.in_season", "**{rating}**, #{rank} · {games}",
                                   rating=f"{now.rating.ordinal:.1f}", rank=now.rank,
                                   games=t.ntr("rankings.games", "{n} game", "{n} games", now.games))
                        if now is not None else t.tr("rankings.none_in_season", "no rated game in this season yet"))
    lines = []
    for c in rating.changes:
        change = f"{c.after.ordinal - c.before.ordinal:+.1f}"
        line = t.tr("rankings.change_left", "Game #{game} · {place} (left the game: counted last) · {change} → "
                                            "{rating} · {when}", game=c.game_id,
                    place=place_text(c.place, c.seats, t), change=change, rating=f"{c.after.ordinal:.1f}",
                    when=stamp(c.at)) if c.counted == "last" else \
            t.tr("rankings.change", "Game #{game} · {place} · {change} → {rating} · {when}", game=c.game_id,
                 place=place_text(c.place, c.seats, t), change=change, rating=f"{c.after.ordinal:.1f}",
                 when=stamp(c.at))
        lines.append(line)
    embed.add_field(name=t.tr("rankings.latest", "Latest games (newest first)"), value="\n".join(lines)[:1024],
                    inline=False)
    return embed


BOARD_ROLES: Final = ("first", "higher", "lower", "last")
"""The leaderboard's page buttons in their order; each carries its role in its custom id, as two of them may lead to
the same page and Discord refuses a message whose custom ids repeat, disabled ones included."""


class LeaderboardPageButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                            template=r"tikal:board:(?P<season>[0-9]+):(?P<page>[0-9]+)(?::(?P<role>[a-z]+))?"):
    """A page of the leaderboard (season 0: all time): ``tikal:board:<season>:<page>:<role>`` (a button sent before
    the role was added still works); the guild comes from the interaction."""

    def __init__(self, season_id: int, page: int, label: str, role: str | None = None, *,
                 disabled: bool = False) -> None:
        custom_id = f"tikal:board:{season_id}:{page}" + (f":{role}" if role else "")
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, custom_id=custom_id,
                                           disabled=disabled))
        self.season_id = season_id
        self.page = page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> LeaderboardPageButton:
        return cls(int(match["season"]), int(match["page"]), "", match["role"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, leaderboard_page(interaction.client, interaction,  # type: ignore[arg-type]
                                                    self.season_id, self.page))


def leaderboard_view(board: Leaderboard, t: Speaker) -> discord.ui.View | None:
    """⏮ first, ◀ higher, lower ▶ and last ⏭ when there is more than one page; those that would lead nowhere (or to
    the page shown) greyed out in their place."""
    if board.pages <= 1:
        return None
    season_id = 0 if board.season is None else board.season.id
    view = discord.ui.View(timeout=None)
    labels = (t.tr("rankings.first", "⏮ first"), t.tr("rankings.higher", "◀ higher"),
              t.tr("rankings.lower", "lower ▶"), t.tr("rankings.last", "last ⏭"))
    targets = (1, board.page - 1, board.page + 1, board.pages)
    for role, label, target in zip(BOARD_ROLES, labels, targets, strict=True):
        leads = 1 <= target <= board.pages and target != board.page
        view.add_item(LeaderboardPageButton(season_id, target if leads else board.page, label, role,
                                            disabled=not leads))
    return view


async def leaderboard(bot: TikalBot, interaction: discord.Interaction, season: str | None, page: int) -> None:
    standings = bot.core.standings
    guild = bot.table.guild_id(interaction)
    chosen = None if season is None else await standings.season_named(guild, season)
    board = await standings.leaderboard(guild, chosen, page)
    t = reader(interaction)
    await reply(interaction, embed=leaderboard_embed(board, t), view=leaderboard_view(board, t))


async def leaderboard_page(bot: TikalBot, interaction: discord.Interaction, season_id: int, page: int) -> None:
    standings = bot.core.standings
    guild = bot.table.guild_id(interaction)
    board = await standings.leaderboard(guild, await standings.season_by_id(guild, season_id), page)
    t = reader(interaction)
    await update(interaction, embed=leaderboard_embed(board, t), view=leaderboard_view(board, t))


async def member_rating(bot: TikalBot, interaction: discord.Interaction, member: discord.abc.User | None) -> None:
    """The server's statistics and the member's rating (the caller's, by default)."""
    guild = bot.table.guild_id(interaction)
    stats = await bot.core.history.stats(guild)
    found = await bot.core.standings.member(guild, (member or interaction.user).id)
    t = reader(interaction)
    embeds = [fit_embed(stats_embed(stats, t)), fit_embed(member_embed(found, t))]
    if await bot.table.moderator(interaction):  # how many members learn the game with the tutorial (issue 26)
        embeds.append(fit_embed(counts_embed(await bot.core.tutorials.counts(guild), t)))
    await interaction.response.send_message(embeds=embeds, ephemeral=True)


async def season(bot: TikalBot, interaction: discord.Interaction, action: str, name: str | None) -> None:
    """``/tikal-mod season start|end``."""
    if not await bot.table.moderator(interaction):
        raise NotAllowed(NOT_ALLOWED)
    standings = bot.core.standings
    guild = bot.table.guild_id(interaction)
    t = reader(interaction)
    if action == "start":
        started = await standings.start_season(guild, name or "", interaction.user.id, is_moderator=True)
        await reply(interaction, t.tr("rankings.season_started", "🏁 Season “{name}” has started: every game that "
                                                                 "ends from now on counts for it too "
                                                                 "(`/tikal-game leaderboard` shows it).",
                                      name=escaped(started.name)))
        return
    ended = await standings.end_season(guild, interaction.user.id, is_moderator=True)
    await reply(interaction, t.tr("rankings.season_over", "🏁 Season “{name}” has ended; its leaderboard stays as it "
                                                          "is (`/tikal-game leaderboard season:{name}`).",
                                  name=escaped(ended.name)))


async def complete_season(interaction: discord.Interaction, current: str) -> list[discord.app_commands.Choice[str]]:
    """The server's seasons, the newest first: ``Spring 2026 (running)``."""
    bot: TikalBot = interaction.client  # type: ignore[assignment]
    if interaction.guild_id is None:
        return []
    typed = str(current or "").strip().lower()
    t = reader(interaction)
    found = [discord.app_commands.Choice(name=t.tr("rankings.running", "{name} (running)", name=s.name) if s.open
                                         else s.name, value=s.name)
             for s in await bot.core.standings.seasons(interaction.guild_id) if typed in s.name.lower()]
    return found[:25]


__all__ = ["LeaderboardPageButton", "complete_season", "leaderboard", "leaderboard_embed", "leaderboard_page",
           "leaderboard_view", "member_embed", "member_rating", "season"]
