"""What the bot says in Discord: embeds and lines built from views, game infos and outbox payloads (UX.md).

Pure functions, no I/O; the game's words come from ``bot.core.words.labels``. Mentions only ever go in a
message's content, never in an embed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import discord

from bot.core.clocks.timing import Timing
from bot.core.storage.seats import is_absent_member, is_computer_member
from bot.core.table.game_options import GameSetup, explain
from bot.core.table.posts import Finished
from bot.core.table.results import GameInfo, SeatInfo
from bot.core.words.escaping import escaped
from bot.core.words.help import OPTION_TEXT, OPTIONS_OVERVIEW, RULES, VARIANT_TEXT
from bot.core.words.labels import player, square, treasure_count
from engine import GameView, Terrain, Variant
from engine.messages import ENGLISH, Msg, Speaker
from engine.tiles import AUCTION_START_SCORE

EMBED_COLOURS: Final = (0x0072B2, 0xE69F00, 0x009E73, 0xCC79A7)
NEUTRAL: Final = 0x5B6770


def variant_words(variant: str, t: Speaker = ENGLISH) -> str:
    """The variant by its rulebook name (``Auction game``, ``Tikal Rápido``), never the notation's."""
    if variant not in VARIANT_TEXT:
        return variant
    return t.message(VARIANT_TEXT[variant][0])


def setup_words(setup: GameSetup, t: Speaker = ENGLISH) -> str:
    """``Tikal Rápido: Obstacles, Machine guns``: the variant and the options by their names in words."""
    names = [t.message(OPTION_TEXT[o][0]) for o in setup.options if o in OPTION_TEXT]
    return variant_words(setup.variant, t) + (f": {', '.join(names)}" if names else "")


def shown_name(name: str) -> str:
    """A member's name as text to show: its markdown and Discord's syntax escaped (``**Bo**``, ``<@7202>`` stay as
    typed)."""
    return escaped(name)


def colour(seat: int | None) -> int:
    return EMBED_COLOURS[seat % len(EMBED_COLOURS)] if seat is not None else NEUTRAL


# --- the lobby, the result and the rules ------------------------------------------------------


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


def scores_field(view: GameView, t: Speaker = ENGLISH) -> str:
    ranked = sorted(view.players, key=lambda p: -p.score)
    return "\n".join(f"{player(view, p.seat, t)} **{p.score}**" for p in ranked)


def scores_line(view: GameView, t: Speaker = ENGLISH) -> str:
    """``🟧 Ben **21** · 🟩 Cy **18** · 🟦 Ana **9**``, best first: the scores in one line (a phone's width)."""
    return " · ".join(f"{player(view, p.seat, t)} **{p.score}**"
                      for p in sorted(view.players, key=lambda p: -p.score))


def finished_embed(game: GameInfo, view: GameView, payload: Finished, t: Speaker = ENGLISH) -> discord.Embed:
    """The result, for players: the ranking with each score's temple and treasure points, the temples each player
    guards at the end, and what the attached record is for. (Its picture, if any, is the composer's.)"""
    winners = payload.get("winners") or []
    named = t.message(Msg("list.and", first=", ".join(winners[:-1]), second=winners[-1])) if len(winners) > 1 \
        else "".join(winners)
    embed = discord.Embed(title=t.ntr("fmt.over_title", "🏆 Game #{game} is over — {named} wins",
                                      "🏆 Game #{game} is over — {named} win", len(winners), game=game.id,
                                      named=named), colour=0xDEB228)
    earned = {p.seat: [0, 0] for p in view.players}
    for e in view.score_log:
        earned[e.player][0] += e.temples
        earned[e.player][1] += e.treasures
    start = 0 if view.variant is Variant.BASIC else AUCTION_START_SCORE
    lines = []
    for rank, p in enumerate(sorted(view.players, key=lambda p: -p.score), start=1):
        temples, treasures = earned[p.seat]
        split = t.tr("fmt.split_points", "{temples} + {treasures}",
                     temples=t.ntr("fmt.temples", "{n} temple", "{n} temples", temples),
                     treasures=t.ntr("fmt.treasures", "{n} treasure", "{n} treasures", treasures))
        if start:
            split += " " + t.tr("fmt.split_start", "+ {start} to start", start=start)
        spent = start + temples + treasures - p.score  # what the auctions cost
        if spent:
            split += " " + (t.tr("fmt.split_bids", "− {spent} in bids", spent=spent) if spent > 0 else
                            t.tr("fmt.split_other", "+ {other} other", other=-spent))
        kept = ", ".join(treasure_count(k, n, t) for k, n in p.treasures) or t.tr("fmt.none", "none")
        lines.append(t.tr("fmt.rank_line", "{rank}. {player} **{score}** = {split} · treasures kept: {kept}",
                          rank=rank, player=player(view, p.seat, t), score=p.score, split=split, kept=kept))
    embed.add_field(name=t.tr("fmt.ranking", "Ranking"), value="\n".join(lines), inline=False)
    guarded: dict[int, list[str]] = {}
    for s in view.spaces:
        if s.terrain is Terrain.TEMPLE and s.guard is not None:
            guarded.setdefault(s.guard, []).append(t.tr("fmt.guarded_temple", "{space} (temple {value})",
                                                        space=s.name, value=s.value or 0))
    if guarded:
        embed.add_field(name=t.tr("fmt.guarded", "Temples guarded at the end"), inline=False, value="\n".join(
            f"{player(view, seat, t)}: {', '.join(spaces)}" for seat, spaces in sorted(guarded.items())))
    embed.add_field(name=t.tr("fmt.record", "The game record"), inline=False, value=t.tr(
        "fmt.record_help", "{file} below holds every move of this game: keep it to replay or study the game later "
                           "(`/tikal-game export` gives it again).", file=f"`tikal-game-{game.id}.json`"))
    embed.set_footer(text=t.tr("fmt.game", "Game #{game}", game=game.id))
    return embed


def rules_embed(legend: Sequence[str] = (), setup: GameSetup | None = None, t: Speaker = ENGLISH) -> discord.Embed:
    """The short rules, with the board picture's legend (``render.legend_lines()``) at the end; ``setup``: the
    variant and options of the channel's game, each explained in two lines."""
    embed = discord.Embed(title=t.tr("fmt.rules_title", "Tikal — the short rules"), colour=NEUTRAL,
                          description=t.tr("fmt.rules_head", "Every option is autocompleted with what is legal now, "
                                                             "cost included."))
    for name, value in RULES:
        embed.add_field(name=t.message(name), value=t.message(value), inline=False)
    chosen = explain(setup) if setup is not None else []
    for name, value in chosen:
        embed.add_field(name=t.tr("fmt.this_game", "This game: {name}", name=t.message(name)), value=t.message(value),
                        inline=False)
    if not chosen:
        embed.add_field(name=t.message(OPTIONS_OVERVIEW[0]), value=t.message(OPTIONS_OVERVIEW[1]), inline=False)
    if legend:
        embed.add_field(name=t.tr("fmt.reading", "Reading the board picture"),
                        value="\n".join(f"• {line}" for line in legend)[:1024], inline=False)
    return embed


def order_words(max_bid: int | None, t: Speaker = ENGLISH) -> str:
    """A standing order in words: ``pass every auction of this round`` / ``bid for you up to 6 points``."""
    if max_bid is None:
        return t.tr("order.pass_words", "pass every auction of this round")
    return t.ntr("order.up_to_words", "bid for you up to {n} point", "bid for you up to {n} points", max_bid)


def order_answer(game_id: int, round_: int, max_bid: int | None, played: bool, t: Speaker = ENGLISH) -> str:
    """The private answer to a standing order: what it does, whether it was played at once, how to take it back."""
    order = order_words(max_bid, t)
    if played:
        return t.tr("order.played_now", "🔨 Your standing order for round {round} of game #{game}: the bot will "
                                        "**{order}**; it was your bid, so it is played now. Only you see it; "
                                        "`/tikal-game order cancel` takes it back.", round=round_, game=game_id,
                    order=order)
    return t.tr("order.left_now", "🔨 Your standing order for round {round} of game #{game}: the bot will **{order}** "
                                  "when your bid is due. Only you see it; `/tikal-game order cancel` takes it back.",
                round=round_, game=game_id, order=order)


def missing_permissions_text(missing: Sequence[Msg], t: Speaker = ENGLISH) -> str:
    return t.tr("fmt.missing_permissions", "I cannot run a game here: I am missing {permissions} in this channel. "
                                           "Ask a moderator to grant them (channel settings → Permissions), then try "
                                           "again.", permissions=", ".join(f"**{t.message(m)}**" for m in missing))
