"""``/tikal-game review [game] [member]``: a finished game's review (``bot.core.league.review``), privately, in the
member's language: per player the turns that lost the most points by the strong computer player's judgement, what
it would have played instead and about how many points (``bot.adapter.messages.review``).

A game that is not finished is refused before anything else (the answer is then the refusal, at once). Else the
answer is deferred: a review not kept yet is made in the worker pool, which takes some seconds. The answer is the
title and a line of what the points mean as its content, and one embed per player, each within Discord's limits
and all of them within the 6,000 characters a message's embeds may hold together.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.adapter.completers import MAX
from bot.adapter.messages import review as words
from bot.adapter.messages.parts import EMBED_COLOURS
from bot.adapter.replies import EMBED_TOTAL, FIELD_VALUE, cut, fitted
from bot.adapter.speech import reader
from bot.core.league.review import Review, players_of, refused, seat_named
from bot.core.storage.rows import Status
from bot.core.words.labels import square
from engine import EngineError, GameView
from engine.messages import Speaker

if TYPE_CHECKING:
    from bot.adapter.app import TikalBot

async def review(bot: TikalBot, interaction: discord.Interaction, game_id: int | None, member: str | None) -> None:
    game = await bot.table.game_or_latest(interaction, game_id)
    refusal = refused(game)
    if refusal is not None:
        raise refusal
    seats = [seat_named(game, member)] if member else None
    bot.table.cooldowns.check("review", interaction.user.id)
    await interaction.response.defer(ephemeral=True, thinking=True)  # a review not kept yet takes some seconds
    done = await bot.core.reviews.review(game.guild_id, game.id)
    view = await bot.core.games.view(game.guild_id, game.id)
    t = reader(interaction)
    content, _ = fitted(f"**{words.title(game.id, t)}**\n{words.intro(t)}")
    await interaction.followup.send(content or "", embeds=review_embeds(done, view, seats, t), ephemeral=True)


def review_embeds(done: Review, view: GameView, seats: Sequence[int] | None, t: Speaker) -> list[discord.Embed]:
    """One embed per player (``seats``, default every player): a field per turn shown, its heading and the two
    turns in words; every value cut to share the 6,000 characters of a message's embeds evenly."""
    worst = done.worst()
    shown = list(range(len(done.players))) if seats is None else list(seats)
    share = EMBED_TOTAL // max(len(shown), 1)
    embeds = []
    for seat in shown:
        turns = worst.get(seat, [])
        embed = discord.Embed(title=words.player_name(done.players, seat),
                              colour=EMBED_COLOURS[seat % len(EMBED_COLOURS)])
        if not turns:
            embed.description = words.nothing_lost(t)
        room = (share - len(embed.title or "") - len(embed.description or "")) // max(len(turns), 1)
        for turn in turns:
            said = words.turn_words(view, turn, t)
            heading = cut(said.heading, 256)
            value = cut(f"{said.played}\n{said.better}", max(min(FIELD_VALUE, room - len(heading)), 40))
            embed.add_field(name=heading, value=value, inline=False)
        embeds.append(embed)
    return embeds


async def complete_finished_game(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    """The server's finished games, the latest first: ``#12 · basic · Ana, Ben``."""
    bot: TikalBot = interaction.client  # type: ignore[assignment]
    if interaction.guild_id is None:
        return []
    games = await bot.core.history.games(interaction.guild_id, recent=100)
    typed = str(current or "").strip().lstrip("#").lower()
    found = []
    for g in games.recent:
        if g.status is not Status.FINISHED:
            continue
        label = f"#{g.id} · {g.variant} · {', '.join(players_of(g))}"
        if not typed or str(g.id).startswith(typed) or typed in label.lower():
            found.append(app_commands.Choice(name=label[:100], value=g.id))
    return found[:MAX]


async def complete_player(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The players of the finished game named by the ``game`` option (or this channel's latest): ``🟦 Ana``."""
    bot: TikalBot = interaction.client  # type: ignore[assignment]
    game_id = getattr(interaction.namespace, "game", None)
    try:
        game = await bot.table.game_or_latest(interaction, int(game_id) if game_id else None)
    except (EngineError, ValueError):
        return []
    if game.status is not Status.FINISHED:
        return []
    typed = str(current or "").strip().lower()
    found = [app_commands.Choice(name=f"{square(seat)} {name}"[:100], value=name[:100])
             for seat, name in enumerate(players_of(game)) if not typed or typed in name.lower()]
    return found[:MAX]


__all__ = ["complete_finished_game", "complete_player", "review", "review_embeds"]
