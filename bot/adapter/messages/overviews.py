"""What the bot answers to the commands of games that live for days (docs/channel.md): a member's settings, the
guild's games, a page of history, statistics, a game's clock and the server's configuration.

Pure functions, no I/O. Every answer is private; mentions in embeds never notify anyone.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Final

import discord

from bot.adapter.messages.parts import NEUTRAL, shown_name
from bot.core.clocks.members import MemberSettings
from bot.core.clocks.schedule import discord_timestamp
from bot.core.clocks.timing import timing_text
from bot.core.guilds.languages import channel_language
from bot.core.guilds.moderation import GameClockInfo, GuildConfig, MyGame
from bot.core.league.history import GuildGames, GuildStats, HistoryPage
from bot.core.league.ratings import rules_text
from bot.core.table.results import GameInfo
from bot.core.table.status_words import status_word
from bot.core.words.labels import square
from bot.core.words.texts import tr
from engine.messages import ENGLISH, Said, Speaker
from lang import AUTONYMS

MAX_LINES: Final = 15


def stamp(t: float | None, style: str = "R") -> str:
    """``<t:…:R>`` (each reader sees their own time), or ``—``."""
    return "—" if t is None else discord_timestamp(datetime.fromtimestamp(t, UTC), style)


def game_link(game: GameInfo, t: Speaker = ENGLISH) -> str:
    """Where the game is played (a channel link) and, while it runs, its turn message."""
    place = f"<#{game.place_id}>"
    if game.turn_message_id is not None:
        return t.tr("overview.turn_link", "{place} · [turn message]({url})", place=place,
                    url=f"https://discord.com/channels/{game.guild_id}/{game.place_id}/{game.turn_message_id}")
    return place


def _players(game: GameInfo, t: Speaker) -> str:
    names = [f"{square(s.seat)} {shown_name(s.name or s.display_name)}" if s.seat is not None
             else shown_name(s.display_name) for s in game.seats]
    return ", ".join(names) or t.tr("overview.nobody", "nobody")


def notify_words(delivery: str, t: Speaker) -> str:
    """How a member is told a game waits for them, in words."""
    if delivery == "dm":
        return t.tr("notify.dm", "a direct message (a ping in the channel when your DMs are closed)")
    if delivery == "both":
        return t.tr("notify.both", "a ping in the channel and a direct message")
    return t.tr("notify.channel", "a ping in the game's channel")


def notify_text(delivery: str, t: Speaker, *, changed: bool) -> str:
    """The private answer of ``/tikal-game notify``."""
    how = notify_words(delivery, t)
    if changed:
        return t.tr("notify.saved", "Saved: when a game waits for you, you get {how} — the message you act on, and its "
                                    "reminders.", how=how)
    return t.tr("notify.now", "When a game waits for you, you get {how}. `/tikal-game notify` with `channel`, `dm` "
                              "or `both` changes it.", how=how)


def settings_embed(settings: MemberSettings, t: Speaker, *, changed: bool) -> discord.Embed:
    how = notify_words(settings.delivery, t)
    quiet = (f"{settings.quiet_start:%H:%M}–{settings.quiet_end:%H:%M}"
             if settings.quiet_start is not None and settings.quiet_end is not None
             else t.tr("settings.no_quiet", "none"))
    title = t.tr("settings.title_saved", "Your reminder settings — saved") if changed else \
        t.tr("settings.title", "Your reminder settings")
    embed = discord.Embed(title=title, colour=NEUTRAL)
    embed.add_field(name=t.tr("settings.told", "You are told by (`/tikal-game notify`)"), value=how, inline=False)
    embed.add_field(name=t.tr("settings.zone", "Time zone"),
                    value=settings.time_zone or t.tr("settings.no_zone", "not set"))
    embed.add_field(name=t.tr("settings.quiet", "Quiet hours"), value=quiet)
    embed.set_footer(text=t.tr("settings.footer", "No reminder and no deadline falls in your quiet hours. "
                                                  "/tikal-game settings forget:True deletes these settings."))
    return embed


def games_embed(guild: GuildGames, mine: Sequence[MyGame], t: Speaker, *, only_mine: bool) -> discord.Embed:
    embed = discord.Embed(title=t.tr("games.title_mine", "Your Tikal games here") if only_mine
                          else t.tr("games.title", "Tikal games in this server"), colour=NEUTRAL)
    if mine:
        lines = []
        for g in mine[:MAX_LINES]:
            if g.waiting_for_me:
                state = t.tr("games.waiting_deadline", "**waiting for you** — deadline {when}",
                             when=stamp(g.deadline_at)) if g.deadline_at else \
                    t.tr("games.waiting", "**waiting for you**")
            elif g.game.status.value == "lobby":
                state = t.tr("games.lobby", "lobby")
            else:
                state = t.tr("games.to_play", "{square} {player} to play",
                             square=square(g.to_act.seat if g.to_act else None),
                             player=shown_name(g.to_act.name) if g.to_act and g.to_act.name else
                             t.tr("games.someone", "someone"))
            lines.append(f"#{g.game.id} · {state} · {game_link(g.game, t)}")
        embed.add_field(name=t.tr("games.yours", "Yours (waiting for you first)"), value="\n".join(lines)[:1024],
                        inline=False)
    elif only_mine:
        embed.description = t.tr("games.none_mine", "You have no lobby and no running game in this server.")
    if not only_mine:
        none = t.tr("games.none", "none")
        active = [f"#{g.id} · {t.message(status_word(g.status))} · {g.variant} · {_players(g, t)} · "
                  f"{game_link(g, t)}" for g in guild.active[:MAX_LINES]]
        embed.add_field(name=t.tr("games.active", "Running and open"), value="\n".join(active)[:1024] or none,
                        inline=False)
        recent = [f"#{g.id} · {t.message(status_word(g.status))} {stamp(g.finished_at)} · {_players(g, t)} · "
                  f"<#{g.place_id}>" for g in guild.recent[:MAX_LINES]]
        embed.add_field(name=t.tr("games.recent", "Recent"), value="\n".join(recent)[:1024] or none, inline=False)
        embed.set_footer(text=t.tr("games.footer", "/tikal-game history and /tikal-game export take a game number."))
    return embed


def history_embed(page: HistoryPage, t: Speaker = ENGLISH) -> discord.Embed:
    lines = []
    for e in page.entries:
        by = "" if e.actor_id is not None else t.tr("history.by_bot", " · 🤖 by the bot")
        lines.append(f"`{e.index + 1:>3}` {square(e.seat)} {e.player}: `{e.move}` {stamp(e.at)}{by}")
    embed = discord.Embed(title=t.tr("history.title", "Game #{game} — moves", game=page.game_id), colour=NEUTRAL,
                          description="\n".join(lines) or t.tr("history.empty", "No moves yet."))
    embed.set_footer(text=t.ntr("history.footer", "Page {page} of {pages} · {n} move", "Page {page} of {pages} · {n} "
                                "moves", page.total, page=page.page, pages=page.pages))
    return embed


def stats_embed(stats: GuildStats, t: Speaker) -> discord.Embed:
    embed = discord.Embed(title=t.tr("stats.title", "Tikal in this server"), colour=NEUTRAL,
                          description=t.ntr("stats.games", "{n} finished game.", "{n} finished games.", stats.games))
    lines = [t.ntr("stats.line", "{rank}. {member} · {n} win of {played} · average {average} · best {best}",
                   "{rank}. {member} · {n} wins of {played} · average {average} · best {best}", m.wins, rank=rank,
                   member=f"<@{m.member_id}>", played=m.played, average=f"{m.average:.1f}", best=m.best)
             for rank, m in enumerate(stats.members[:20], start=1)]
    if lines:
        embed.add_field(name=t.tr("stats.players", "Players (most wins first)"), value="\n".join(lines)[:1024],
                        inline=False)
    return embed


def clock_text(game_id: int, clock: GameClockInfo) -> Said:
    """A game's clock, for moderators: ``Game #12: reminders on · turn deadline 24 h … · paused``."""
    head = tr("clock.game", "Game #{game}: {timing}.", game=game_id, timing=timing_text(clock.timing))
    if clock.paused_at is not None:
        return tr("clock.paused", "{head} Paused since {since}.", head=head, since=stamp(clock.paused_at))
    if clock.deadline_at is not None and clock.remind_at is not None:
        return tr("clock.both", "{head} Current deadline {deadline}. Next reminder {reminder}.", head=head,
                  deadline=stamp(clock.deadline_at), reminder=stamp(clock.remind_at))
    if clock.deadline_at is not None:
        return tr("clock.deadline", "{head} Current deadline {deadline}.", head=head, deadline=stamp(clock.deadline_at))
    if clock.remind_at is not None:
        return tr("clock.reminder", "{head} Next reminder {reminder}.", head=head, reminder=stamp(clock.remind_at))
    return head


def notices_route(config: GuildConfig, t: Speaker) -> str:
    """Where notices for the moderators go (``bot.core.outbox.mod_notices``), in words."""
    role = f"<@&{config.moderator_role_id}>" if config.moderator_role_id else None
    if config.log_channel_id is not None:
        channel = f"<#{config.log_channel_id}>"
        return t.tr("config.notices_log_role", "in {channel}, pinging {role}", channel=channel, role=role) if role \
            else t.tr("config.notices_log", "in {channel}", channel=channel)
    if role:
        return t.tr("config.notices_role", "in each game's channel, pinging {role}", role=role)
    return t.tr("config.notices_creator", "to each game's creator by direct message (no log channel or role set)")


def config_embed(config: GuildConfig, t: Speaker, *, language: str | None, guild_locale: str | None) -> discord.Embed:
    embed = discord.Embed(title=t.tr("config.title", "Tikal settings of this server"), colour=NEUTRAL)
    moderators = t.tr("config.moderators_role", "Manage Server, and the role {role}",
                      role=f"<@&{config.moderator_role_id}>") if config.moderator_role_id else \
        t.tr("config.moderators", "Manage Server")
    embed.add_field(name=t.tr("config.moderators_name", "Moderators"), value=moderators, inline=False)
    embed.add_field(name=t.tr("config.notices", "Moderator notices"), value=notices_route(config, t), inline=False)
    embed.add_field(name=t.tr("config.new_games", "New games"), value=t.message(timing_text(config.defaults)),
                    inline=False)
    shown = AUTONYMS[channel_language(language, guild_locale)]
    embed.add_field(name=t.tr("config.language", "Language of the game posts"), value=t.tr(
        "config.language_chosen", "{language} (set with `/tikal-mod config language`)", language=shown)
        if language else t.tr("config.language_server", "{language} (the server's language in Discord)",
                              language=shown), inline=False)
    embed.add_field(name=t.tr("config.ratings", "Ratings"), value=t.message(rules_text(config.rating)), inline=False)
    removal = t.tr("config.purge_pending", "The bot was removed: this server's games are deleted {when} ({date}) "
                                           "unless it is added back.", when=stamp(config.purge_at),
                   date=stamp(config.purge_at, "f")) if config.purge_at is not None else \
        t.ntr("config.purge_policy", "If the bot is removed from this server, its games are deleted {n} day later "
                                     "(nothing is deleted if it is added back before).",
              "If the bot is removed from this server, its games are deleted {n} days later (nothing is deleted if "
              "it is added back before).", round(config.grace_days))
    embed.add_field(name=t.tr("config.data", "Data"), value=removal, inline=False)
    return embed
