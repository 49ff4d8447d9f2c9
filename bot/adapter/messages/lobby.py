"""The lobby's message (and, once started, what it became): its seats, its options and clock, how to start."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.adapter.messages.parts import NEUTRAL, shown_name, variant_words
from bot.core.clocks.timing import Timing
from bot.core.storage.seats import is_absent_member, is_computer_member
from bot.core.table.game_options import explain
from bot.core.table.results import GameInfo, SeatInfo
from bot.core.words.labels import square
from engine.messages import ENGLISH, Speaker


def _seat_list(seats: Sequence[SeatInfo], *, started: bool, t: Speaker) -> str:
    lines = []
    for i, s in enumerate(seats):
        seat = s.seat if started and s.seat is not None else i
        name = shown_name(s.name if started and s.name else s.display_name)
        who = t.tr("fmt.seat_computer", "(🤖 computer)") if is_computer_member(s.member_id) else \
            t.tr("fmt.seat_left", "(left: the bot plays it)") if is_absent_member(s.member_id) else \
            f"(<@{s.member_id}>)"
        lines.append(f"{square(seat)} {name} {who}")
    return "\n".join(lines) or t.tr("fmt.nobody_yet", "nobody yet")


def clock_words(timing: Timing, *, bids: bool = True, t: Speaker = ENGLISH) -> str:
    """The lobby's clock and what happens when it runs out: ``48 h per turn · 24 h per bid · when time runs out, a
    computer player plays that turn … · reminders on``, or ``No deadline · reminders on``; ``bids``: the game has
    auctions."""
    parts = []
    if timing.turn_hours or (bids and timing.bid_hours):
        parts.append(t.tr("fmt.per_turn", "{hours} h per turn", hours=f"{timing.turn_hours:g}") if timing.turn_hours
                     else t.tr("fmt.no_turn_deadline", "no turn deadline"))
        if bids:
            parts.append(t.tr("fmt.per_bid", "{hours} h per bid", hours=f"{timing.bid_hours:g}") if timing.bid_hours
                         else t.tr("fmt.no_bid_deadline", "no bid deadline"))
        parts.append({"skip": t.tr("fmt.when_out_skip", "when time runs out, the bot plays that turn for the "
                                                        "player and the moderators are told"),
                      "computer": t.tr("fmt.when_out_computer", "when time runs out, a computer player plays that "
                                                                "turn for the player (the seat stays theirs) and the "
                                                                "moderators are told")}.get(
            timing.policy, t.tr("fmt.when_out_wait", "when time runs out, the game waits and the moderators are "
                                                     "told")))
    else:
        parts.append(t.tr("fmt.no_deadline_cap", "No deadline"))
    parts.append(t.tr("fmt.reminders_on", "reminders on") if timing.reminders else
                 t.tr("fmt.no_reminders", "no reminders"))
    return " · ".join(parts)


def lobby_embed(game: GameInfo, timing: Timing | None = None, t: Speaker = ENGLISH) -> discord.Embed:
    """The lobby (and, once started, what it became); ``timing``: the game's clock, shown as its turn time."""
    started = game.status.value != "lobby"
    status = {"lobby": t.tr("fmt.lobby_open", "The lobby is open: join with the button."),
              "running": t.tr("fmt.lobby_started", "The game has started."),
              "finished": t.tr("fmt.lobby_over", "The game is over."),
              "aborted": t.tr("fmt.lobby_closed", "This game was closed.")}[game.status.value]
    embed = discord.Embed(title=t.tr("fmt.lobby_title", "Tikal — game #{game} ({variant})", game=game.id,
                                     variant=variant_words(game.variant, t)), colour=NEUTRAL, description=status)
    embed.add_field(name=t.tr("fmt.players_count", "Players ({seats}/{wanted})", seats=len(game.seats),
                              wanted=game.seats_wanted),
                    value=_seat_list(game.seats, started=started, t=t), inline=False)
    for name, rule in explain(game.setup):
        embed.add_field(name=t.message(name), value=t.message(rule), inline=False)
    if not started and not game.options:
        embed.add_field(name=t.tr("fmt.options", "Options"),
                        value=t.tr("fmt.no_options", "None: the rules as printed. The creator or a moderator may add "
                                                     "variants with the menu below."), inline=False)
    if timing is not None:
        embed.add_field(name=t.tr("fmt.turn_time", "⏰ Turn time"),
                        value=clock_words(timing, bids=game.variant != "basic", t=t), inline=False)
    if not started and game.open_seats:
        embed.add_field(name=t.tr("fmt.free_seats", "Free seats"), value=str(game.open_seats))
    embed.add_field(name=t.tr("fmt.creator", "Creator"), value=f"<@{game.creator_id}>")
    if game.thread_id is not None:
        embed.add_field(name=t.tr("fmt.game_thread", "Game thread"), value=f"<#{game.thread_id}>")
    if not started:
        embed.set_footer(text=t.tr("fmt.lobby_footer", "The creator or a moderator starts with 2–4 players (Start or "
                                                       "/tikal-game start)."))
    return embed
