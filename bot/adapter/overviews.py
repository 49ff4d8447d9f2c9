"""What the bot answers to the commands of games that live for days (UX.md): a member's settings, the
guild's games, a page of history, statistics, a game's clock and the server's configuration.

Pure functions, no I/O. Every answer is private; mentions in embeds never notify anyone.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Final

import discord

from bot.adapter.formatting import NEUTRAL, shown_name
from bot.core.history import GuildGames, GuildStats, HistoryPage
from bot.core.labels import square
from bot.core.members import MemberSettings
from bot.core.moderation import GameClockInfo, GuildConfig, MyGame
from bot.core.ratings import rules_text
from bot.core.results import GameInfo
from bot.core.schedule import discord_timestamp
from bot.core.timing import timing_text

MAX_LINES: Final = 15


def stamp(t: float | None, style: str = "R") -> str:
    """``<t:…:R>`` (each reader sees their own time), or ``—``."""
    return "—" if t is None else discord_timestamp(datetime.fromtimestamp(t, UTC), style)


def game_link(game: GameInfo) -> str:
    """Where the game is played (a channel link) and, while it runs, its turn message."""
    place = f"<#{game.place_id}>"
    if game.turn_message_id is not None:
        return f"{place} · [turn message](https://discord.com/channels/{game.guild_id}/{game.place_id}/" \
               f"{game.turn_message_id})"
    return place


def _players(game: GameInfo) -> str:
    names = [f"{square(s.seat)} {shown_name(s.name or s.display_name)}" if s.seat is not None
             else shown_name(s.display_name) for s in game.seats]
    return ", ".join(names) or "nobody"


def settings_embed(settings: MemberSettings, *, changed: bool) -> discord.Embed:
    how = "a DM (the channel if your DMs are closed)" if settings.delivery == "dm" else \
        "a ping replying to the turn message"
    quiet = (f"{settings.quiet_start:%H:%M}–{settings.quiet_end:%H:%M}"
             if settings.quiet_start is not None and settings.quiet_end is not None else "none")
    embed = discord.Embed(title="Your reminder settings" + (" — saved" if changed else ""), colour=NEUTRAL)
    embed.add_field(name="Reminders come as", value=how, inline=False)
    embed.add_field(name="Time zone", value=settings.time_zone or "not set")
    embed.add_field(name="Quiet hours", value=quiet)
    embed.set_footer(text="No reminder and no deadline falls in your quiet hours. "
                          "/tikal-game settings forget:True deletes these settings.")
    return embed


def games_embed(guild: GuildGames, mine: Sequence[MyGame], *, only_mine: bool) -> discord.Embed:
    embed = discord.Embed(title="Your Tikal games here" if only_mine else "Tikal games in this server",
                          colour=NEUTRAL)
    if mine:
        lines = []
        for g in mine[:MAX_LINES]:
            if g.waiting_for_me:
                state = "**waiting for you**" + (f" — deadline {stamp(g.deadline_at)}" if g.deadline_at else "")
            elif g.game.status.value == "lobby":
                state = "lobby"
            else:
                state = f"{square(g.to_act.seat if g.to_act else None)} "\
                        f"{(g.to_act.name if g.to_act else None) or 'someone'} to play"
            lines.append(f"#{g.game.id} · {state} · {game_link(g.game)}")
        embed.add_field(name="Yours (waiting for you first)", value="\n".join(lines)[:1024], inline=False)
    elif only_mine:
        embed.description = "You have no lobby and no running game in this server."
    if not only_mine:
        active = [f"#{g.id} · {g.status.value} · {g.variant} · {_players(g)} · {game_link(g)}"
                  for g in guild.active[:MAX_LINES]]
        embed.add_field(name="Running and open", value="\n".join(active)[:1024] or "none", inline=False)
        recent = [f"#{g.id} · {g.status.value} {stamp(g.finished_at)} · {_players(g)} · <#{g.place_id}>"
                  for g in guild.recent[:MAX_LINES]]
        embed.add_field(name="Recent", value="\n".join(recent)[:1024] or "none", inline=False)
        embed.set_footer(text="/tikal-game history and /tikal-game export take a game number.")
    return embed


def history_embed(page: HistoryPage) -> discord.Embed:
    lines = []
    for e in page.entries:
        by = "" if e.actor_id is not None else " · 🤖 by the bot"
        lines.append(f"`{e.index + 1:>3}` {square(e.seat)} {e.player}: `{e.move}` {stamp(e.at)}{by}")
    embed = discord.Embed(title=f"Game #{page.game_id} — moves", colour=NEUTRAL,
                          description="\n".join(lines) or "No moves yet.")
    embed.set_footer(text=f"Page {page.page} of {page.pages} · {page.total} moves")
    return embed


def stats_embed(stats: GuildStats) -> discord.Embed:
    embed = discord.Embed(title="Tikal in this server", colour=NEUTRAL,
                          description=f"{stats.games} finished game{'s' if stats.games != 1 else ''}.")
    lines = [f"{rank}. <@{m.member_id}> · {m.wins} win{'s' if m.wins != 1 else ''} of {m.played} · "
             f"average {m.average:.1f} · best {m.best}"
             for rank, m in enumerate(stats.members[:20], start=1)]
    if lines:
        embed.add_field(name="Players (most wins first)", value="\n".join(lines)[:1024], inline=False)
    return embed


def clock_text(game_id: int, clock: GameClockInfo) -> str:
    """A game's clock, for moderators: ``Game #12: reminders on · turn deadline 24 h … · paused``."""
    parts = [f"Game #{game_id}: {timing_text(clock.timing)}."]
    if clock.paused_at is not None:
        parts.append(f"Paused since {stamp(clock.paused_at)}.")
    else:
        if clock.deadline_at is not None:
            parts.append(f"Current deadline {stamp(clock.deadline_at)}.")
        if clock.remind_at is not None:
            parts.append(f"Next reminder {stamp(clock.remind_at)}.")
    return " ".join(parts)


def config_embed(config: GuildConfig) -> discord.Embed:
    embed = discord.Embed(title="Tikal settings of this server", colour=NEUTRAL)
    embed.add_field(name="Moderators", value="Manage Server" + (
        f", and the role <@&{config.moderator_role_id}>" if config.moderator_role_id else ""), inline=False)
    embed.add_field(name="New games", value=timing_text(config.defaults), inline=False)
    embed.add_field(name="Ratings", value=rules_text(config.rating).capitalize() + ".", inline=False)
    removal = (f"The bot was removed: this server's games are deleted {stamp(config.purge_at)} "
               f"({stamp(config.purge_at, 'f')}) unless it is added back." if config.purge_at is not None
               else f"If the bot is removed from this server, its games are deleted {config.grace_days:g} days "
                    "later (nothing is deleted if it is added back before).")
    embed.add_field(name="Data", value=removal, inline=False)
    return embed
