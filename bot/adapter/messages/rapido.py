"""Tikal Rápido in words: where a round stands, a jump's secret choices and their answer, a slot's turn."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.adapter.messages.deadlines import deadline_value
from bot.adapter.messages.parts import NEUTRAL, colour
from bot.core.table.results import GameInfo, JumpChoice
from bot.core.words.labels import action_lines, hexagon_name, player, view_jump_number
from engine import GameView, Phase, Stage, Variant
from engine.messages import ENGLISH, Speaker


def rapido_stage(view: GameView) -> str | None:
    """Where a Tikal Rápido round stands, for words: ``placing`` (phase 2), ``jump`` (choosing), ``slot`` (a jump's
    one action); None outside those (auctions, scoring rounds and extra turns read as in the auction game)."""
    if view.variant is not Variant.RAPIDO:
        return None
    if view.stage is Stage.PLACING and view.phase is Phase.PLACE:
        return "placing"
    if view.phase is Phase.JUMP:
        return "jump"
    if view.stage is Stage.JUMPS and view.phase is Phase.ACTIONS:
        return "slot"
    return None


def jump_embed(game: GameInfo, view: GameView, chosen: Sequence[int], waiting: Sequence[int],
               t: Speaker = ENGLISH) -> discord.Embed:
    """A jump under way: who has chosen (never how many), who has not, everyone's chips before the jump."""
    number = view_jump_number(view)
    total = len(chosen) + len(waiting)
    embed = discord.Embed(title=t.ntr("fmt.jump_title", "🦘 Round {round} · jump {jump} — {n} of {total} has chosen",
                                      "🦘 Round {round} · jump {jump} — {n} of {total} have chosen", len(chosen),
                                      round=view.round, jump=number, total=total),
                          colour=NEUTRAL, description=t.tr(
                              "fmt.jump_how", "Choose 1–5 of your chips, in secret: a button below (only you see the "
                              "answer) or `/tikal jump`. Nobody sees a number until everyone has chosen; then the "
                              "lowest acts first, with that many AP, for one action. You may change your mind until "
                              "then."))
    if waiting:
        embed.add_field(name=t.tr("fmt.still_to_choose", "Still to choose"),
                        value=", ".join(player(view, q, t) for q in waiting))
    if chosen:
        embed.add_field(name=t.tr("fmt.chosen", "Chosen"), value=", ".join(player(view, q, t) for q in chosen))
    embed.add_field(name=t.tr("fmt.chips_before", "Chips before this jump"), inline=False, value=" · ".join(
        f"{player(view, q, t)} {view.chips[q]}" for q in view.round_order))
    embed.add_field(name=t.tr("fmt.deadline_field", "⏰ Deadline"), value=deadline_value(game.deadline_at, t))
    embed.set_footer(text=t.tr("fmt.game", "Game #{game}", game=game.id))
    return embed


def jump_answer(chosen: JumpChoice, t: Speaker = ENGLISH) -> str:
    """The chooser's private answer: their own number (nobody else sees it), and who is still to choose."""
    view = chosen.view
    if chosen.moved is not None:
        return t.ntr("fmt.jump_mine_done", "🤫 You take **{n}** chip into this jump. Everyone has chosen: the numbers "
                                           "are revealed in the channel.",
                     "🤫 You take **{n}** chips into this jump. Everyone has chosen: the numbers are revealed in the "
                     "channel.", chosen.chips)
    total = len(chosen.chosen) + len(chosen.waiting)
    waiting = ", ".join(player(view, q, t) for q in chosen.waiting)
    return t.ntr("fmt.jump_mine", "🤫 You take **{n}** chip into this jump (only you see this; you may change it until "
                                  "everyone has chosen). {chosen} of {total} have chosen; still to choose: {waiting}.",
                 "🤫 You take **{n}** chips into this jump (only you see this; you may change it until everyone has "
                 "chosen). {chosen} of {total} have chosen; still to choose: {waiting}.", chosen.chips,
                 chosen=len(chosen.chosen), total=total, waiting=waiting)


def rapido_turn_embed(view: GameView, seat: int | None, stage: str, t: Speaker) -> discord.Embed:
    if stage == "placing":
        order = [q for q in view.round_order]
        place = order.index(seat) + 1 if seat in order else 1
        title = t.tr("fmt.rapido_places", "{player} — round {round} · places {place} of {count}",
                     player=player(view, seat, t), round=view.round, place=place, count=len(order))
        head = t.tr("fmt.rapido_place_help", "Place your **{hexagon}** hexagon: its space in the menu below, then its "
                                             "rotation (or `/tikal place`). A placement is final; the next player "
                                             "places after you.", hexagon=hexagon_name(view.hand, t))
        embed = discord.Embed(title=title, description=head, colour=colour(seat))
        embed.add_field(name=t.tr("fmt.round_order", "Round order"),
                        value=" → ".join(player(view, q, t) for q in order), inline=False)
        return embed
    revealed = " · ".join(f"{player(view, q, t)} {j}" for q, j in enumerate(view.jump) if j is not None)
    title = t.tr("fmt.rapido_slot", "{player} — round {round} · jump {jump} · {ap} AP", player=player(view, seat, t),
                 round=view.round, jump=view_jump_number(view), ap=view.ap_left or 0)
    head = t.tr("fmt.rapido_slot_help", "One action costing at most {ap} AP (the menu below, or `/tikal …`), or give "
                                        "the slot up with the button (leftover AP are lost; no undo).",
                ap=view.ap_left or 0)
    embed = discord.Embed(title=title, description=head, colour=colour(seat))
    earlier = action_lines(view, view.turn_moves, t)  # the player's actions in the round's earlier jumps
    if earlier:
        embed.add_field(name=t.tr("fmt.earlier", "Earlier this round"), value="\n".join(earlier), inline=False)
    embed.add_field(name=t.tr("fmt.revealed", "Revealed"), value=revealed or "—", inline=False)
    if view.slots:
        embed.add_field(name=t.tr("fmt.then", "Then"), value=", ".join(player(view, q, t) for q in view.slots))
    return embed
