"""A game's result, for its players: the ranking with each score's parts, the temples guarded at the end, and what
the attached record is for."""

from __future__ import annotations

import discord

from bot.core.table.posts import Finished
from bot.core.table.results import GameInfo
from bot.core.words.labels import player, treasure_count
from engine import GameView, Terrain, Variant
from engine.messages import ENGLISH, Msg, Speaker
from engine.tiles import AUCTION_START_SCORE


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
