"""What the bot says in Discord: embeds and lines built from views, game infos and outbox payloads (UX.md).

Pure functions, no I/O; the game's words come from ``bot.core.labels``. Mentions only ever go in a
message's content, never in an embed.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import takewhile
from typing import Final

import discord

from bot.core.escaping import escaped
from bot.core.game_options import GameSetup, explain, short
from bot.core.help import OPTION_TEXT, OPTIONS_OVERVIEW, RULES, VARIANT_TEXT
from bot.core.labels import (
    action_line,
    action_lines,
    ap_used,
    hexagon_name,
    player,
    square,
    treasure_count,
    view_jump_number,
)
from bot.core.posts import (
    AuctionWon,
    Bidding,
    Finished,
    JumpOpened,
    RapidoPlacing,
    ScoringRound,
    Started,
    TurnEnded,
    Who,
)
from bot.core.results import GameInfo, JumpChoice, SeatInfo
from bot.core.seats import is_absent_member, is_computer_member
from bot.core.timing import Timing
from engine import GameView, Phase, Stage, Terrain, Variant
from engine.messages import ENGLISH, Msg, Speaker
from engine.tiles import AUCTION_START_SCORE
from render.words import Words

EMBED_COLOURS: Final = (0x0072B2, 0xE69F00, 0x009E73, 0xCC79A7)
NEUTRAL: Final = 0x5B6770
TURN_PHASES: Final = (Phase.PLACE, Phase.ACTIONS, Phase.SCORING)


def variant_words(variant: str, t: Speaker = ENGLISH) -> str:
    """The variant as the notation names it (``basic``) in English, by its rulebook name in another language."""
    if t.locale == "en" or variant not in VARIANT_TEXT:
        return variant
    return t.message(VARIANT_TEXT[variant][0])


def setup_words(setup: GameSetup, t: Speaker = ENGLISH) -> str:
    """``rapido + obstacles, guns`` (the notation's names) in English; the rulebook names in another language."""
    if t.locale == "en":
        return short(setup)
    names = [t.message(OPTION_TEXT[o][0]) for o in setup.options if o in OPTION_TEXT]
    return variant_words(setup.variant, t) + (f" + {', '.join(names)}" if names else "")


def shown_name(name: str) -> str:
    """A member's name as text to show: its markdown and Discord's syntax escaped (``**Bo**``, ``<@7202>`` stay as
    typed)."""
    return escaped(name)


def colour(seat: int | None) -> int:
    return EMBED_COLOURS[seat % len(EMBED_COLOURS)] if seat is not None else NEUTRAL


# --- the live message of a turn, a bidding or a pick ----------------------------------------------


def stage_label(game_id: int, view: GameView, t: Speaker = ENGLISH) -> str | None:
    """What the live message is about, as its footer: a new label means a new live message.

    ``None`` when there is nothing to play (the game is over). The label is stored in the message
    itself, so after a restart the bot can tell whether the message it knows is still the current one.
    """
    if view.finished or view.to_act is None:
        return None
    name = view.players[view.to_act].name
    rapido = rapido_stage(view)
    g, r = view.round, view_jump_number(view)
    if view.phase is Phase.JUMP:
        return t.tr("label.stage_jump", "Game #{game} · round {round} · jump {jump}", game=game_id, round=g, jump=r)
    if rapido == "slot":
        return t.tr("label.stage_slot", "Game #{game} · round {round} · jump {jump} · {player}", game=game_id,
                    round=g, jump=r, player=name)
    if rapido == "placing":
        return t.tr("label.stage_placing", "Game #{game} · round {round} · {player} places", game=game_id, round=g,
                    player=name)
    if view.phase is Phase.DECLARE:
        return t.tr("label.stage_declare", "Game #{game} · round {round} · {player} declares", game=game_id,
                    round=g, player=name)
    if view.phase is Phase.SCORING:
        return t.tr("label.stage_scoring", "Game #{game} · scoring round {number} · {player}", game=game_id,
                    number=view.scoring_round, player=name)
    if view.phase in TURN_PHASES:
        return t.tr("label.stage_turn", "Game #{game} · turn {turn}", game=game_id, turn=view.turn)
    # a bidding and its winner's pick are one message: edited from the first bid to the pick
    return t.tr("label.stage_auction", "Game #{game} · round {round} · auction {auction}", game=game_id, round=g,
                auction=auction_number(view))


def _shown(view: GameView, t: Speaker) -> str:
    return "\n".join(f"**{k}** · {hexagon_name(tile, t)}" for k, tile in enumerate(view.shown, start=1)) or \
        t.tr("fmt.none", "none")


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
    embed.set_footer(text=stage_label(game.id, view, t) or t.tr("fmt.game", "Game #{game}", game=game.id))
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


def _rapido_turn_embed(view: GameView, seat: int | None, stage: str, t: Speaker) -> discord.Embed:
    if stage == "placing":
        order = [q for q in view.round_order]
        place = order.index(seat) + 1 if seat in order else 1
        title = t.tr("fmt.rapido_places", "{player} — round {round} · places {place} of {count}",
                     player=player(view, seat, t), round=view.round, place=place, count=len(order))
        head = t.tr("fmt.rapido_place_help", "Place your **{hexagon}** hexagon with `/tikal place` (the **Board** "
                                             "button shows where it fits). A placement is final; the next player "
                                             "places after you.", hexagon=hexagon_name(view.hand, t))
        embed = discord.Embed(title=title, description=head, colour=colour(seat))
        embed.add_field(name=t.tr("fmt.round_order", "Round order"),
                        value=" → ".join(player(view, q, t) for q in order), inline=False)
        return embed
    revealed = " · ".join(f"{player(view, q, t)} {j}" for q, j in enumerate(view.jump) if j is not None)
    title = t.tr("fmt.rapido_slot", "{player} — round {round} · jump {jump} · {ap} AP", player=player(view, seat, t),
                 round=view.round, jump=view_jump_number(view), ap=view.ap_left or 0)
    head = t.tr("fmt.rapido_slot_help", "One action costing at most {ap} AP with `/tikal …`, or give the slot up with "
                                        "the button (leftover AP are lost; no undo).", ap=view.ap_left or 0)
    embed = discord.Embed(title=title, description=head, colour=colour(seat))
    earlier = action_lines(view, view.turn_moves, t)  # the player's actions in the round's earlier jumps
    if earlier:
        embed.add_field(name=t.tr("fmt.earlier", "Earlier this round"), value="\n".join(earlier), inline=False)
    embed.add_field(name=t.tr("fmt.revealed", "Revealed"), value=revealed or "—", inline=False)
    if view.slots:
        embed.add_field(name=t.tr("fmt.then", "Then"), value=", ".join(player(view, q, t) for q in view.slots))
    return embed


def first_turn_help(t: Speaker = ENGLISH) -> str:
    """Said on each player's first turn of the game only (the turn message is edited with every action)."""
    return t.tr("fmt.first_turn", "Act with `/tikal …`; end the turn with the button or `/tikal end`.")


FIRST_TURN_HELP: Final = first_turn_help()


def first_turn(view: GameView) -> bool:
    """Whether the turn under way is its player's first of the game (every seat has one turn before any second)."""
    return view.turn <= len(view.players)


def deadline_words(deadline_at: float | None, t: Speaker = ENGLISH) -> str:
    """``deadline <t:…:R>`` (each reader sees their own time), or ``no deadline``."""
    return t.tr("fmt.deadline", "deadline {when}", when=f"<t:{int(deadline_at)}:R>") if deadline_at else \
        t.tr("fmt.no_deadline", "no deadline")


def deadline_value(deadline_at: float | None, t: Speaker = ENGLISH) -> str:
    """The ⏰ Deadline field of a live message: ``<t:…:R>`` or ``none``."""
    return f"<t:{int(deadline_at)}:R>" if deadline_at else t.tr("fmt.deadline_none", "none")


def live_embed(game: GameInfo, view: GameView, jump: tuple[Sequence[int], Sequence[int]] | None = None,
               t: Speaker = ENGLISH) -> discord.Embed:
    """The message a turn (or a bidding, a pick, a declaration, a jump) keeps editing while it goes on; ``jump``:
    who has chosen and who has not in a Tikal Rápido jump."""
    seat = view.to_act
    stage = rapido_stage(view)
    if view.phase is Phase.JUMP:
        chosen, waiting = jump if jump is not None else (view.chosen, ())
        return jump_embed(game, view, chosen, waiting, t)
    if stage is not None:
        embed = _rapido_turn_embed(view, seat, stage, t)
    elif view.phase is Phase.DECLARE:
        embed = discord.Embed(
            title=t.tr("fmt.declare_title", "🌋 {player} took a volcano — does it score?",
                       player=player(view, seat, t)),
            colour=colour(seat), description=t.tr(
                "fmt.declare_help", "This round's display holds more than one volcano, so its taker declares: "
                "**Yes**, a scoring round now; **No**, no scoring round: place it and take your turn (another volcano "
                "of this display must then score). The buttons below, or `/tikal declare`."))
    elif view.phase in TURN_PHASES:
        if view.phase is Phase.SCORING:
            title = t.ntr("fmt.live_scoring", "{player} — scoring turn · {n} AP left",
                          "{player} — scoring turn · {n} AP left", view.ap_left or 0, player=player(view, seat, t))
        else:
            title = t.ntr("fmt.live_turn", "{player} — turn {turn} · {n} AP left",
                          "{player} — turn {turn} · {n} AP left", view.ap_left or 0, player=player(view, seat, t),
                          turn=view.turn)
        lines = action_lines(view, view.turn_moves, t)
        head: list[str] = []
        if view.phase is Phase.PLACE:
            hexagon = hexagon_name(view.hand, t)
            head = [t.tr("fmt.drew", "Drew a **{hexagon}** hexagon: place it with `/tikal place` (the **Board** button "
                                     "shows where it fits).", hexagon=hexagon) if view.variant is Variant.BASIC else
                    t.tr("fmt.has", "Has a **{hexagon}** hexagon: place it with `/tikal place` (the **Board** button "
                                    "shows where it fits).", hexagon=hexagon)]
        elif view.phase is Phase.SCORING:
            head = [t.tr("fmt.final_scoring_help", "🌋 Final scoring round: spend your AP, then end the turn to score.")
                    if view.final_scoring else
                    t.tr("fmt.scoring_help", "🌋 Scoring round {number} of 4: spend your AP, then end the turn to "
                                             "score.", number=view.scoring_round)]
        elif first_turn(view):
            head = [first_turn_help(t)]
        embed = discord.Embed(title=title, description="\n".join([*head, *lines]) or None, colour=colour(seat))
    elif view.phase is Phase.BID:
        high = (t.tr("fmt.high_bid_by", "{bid} by {player}", bid=view.high_bid,
                     player=player(view, view.high_bidder, t))
                if view.high_bidder is not None else t.tr("fmt.none_yet", "none yet"))
        passed = [player(view, p.seat, t) for p in view.players if p.passed]
        embed = discord.Embed(title=t.tr("fmt.bidding_title", "🔨 Round {round} — bidding for the {prize}",
                                         round=view.round, prize=prize(view, t)), colour=colour(seat))
        embed.add_field(name=t.tr("fmt.shown", "Shown hexagons"), value=_shown(view, t), inline=False)
        embed.add_field(name=t.tr("fmt.high_bid", "High bid"), value=high)
        embed.add_field(name=t.tr("fmt.next_bid", "Next to bid"), value=player(view, seat, t))
        if passed:
            embed.add_field(name=t.tr("fmt.passed", "Passed"), value=", ".join(passed))
        embed.description = t.tr("fmt.bid_help", "Bid with `/tikal bid` (points from your score) or `/tikal pass`.")
    else:
        embed = discord.Embed(title=t.tr("fmt.pick_title", "🔨 Round {round} — {won} → picks a hexagon",
                                         round=view.round, won=_won(view, t)),
                              description=t.tr("fmt.pick_help", "Pick one with `/tikal pick`:") + "\n" +
                              _shown(view, t), colour=colour(seat))
    if not view.finished:
        embed.add_field(name=t.tr("fmt.deadline_field", "⏰ Deadline"), value=deadline_value(game.deadline_at, t))
    embed.set_footer(text=stage_label(game.id, view, t) or t.tr("fmt.game", "Game #{game}", game=game.id))
    return embed


def live_final_embed(game: GameInfo, old: GameView, new: GameView, t: Speaker = ENGLISH) -> discord.Embed:
    """The live message's last form, once its stage is over: what was done and the AP used."""
    seat = old.to_act
    stage = rapido_stage(old)
    done = new.log[old.version: old.version + 1]
    if old.phase is Phase.JUMP:
        embed = discord.Embed(title=t.tr("fmt.jump_revealed", "🦘 Round {round} · jump {jump} — revealed",
                                         round=old.round, jump=view_jump_number(old)),
                              colour=NEUTRAL, description=_revealed(old, new, t))
    elif stage is not None or old.phase is Phase.DECLARE:
        what = action_lines(new, done, t) or [
            "• " + (t.tr("fmt.slot_given_up", "no action (slot given up)") if stage == "slot"
                    else t.tr("fmt.done_line", "done"))]
        if stage == "placing":
            title = t.tr("fmt.placing_done", "{player} — round {round} · placing · done", player=player(old, seat, t),
                         round=old.round)
        elif stage == "slot":
            title = t.tr("fmt.slot_done", "{player} — round {round} · jump {jump} · done",
                         player=player(old, seat, t), round=old.round, jump=view_jump_number(old))
        else:
            title = t.tr("fmt.declaration_done", "{player} — round {round} · declaration · done",
                         player=player(old, seat, t), round=old.round)
        embed = discord.Embed(title=title, description="\n".join(what), colour=colour(seat))
    elif old.phase in TURN_PHASES:
        last = new.last_turn
        ended = last is not None and last != old.last_turn and last.player == seat
        moves = last.moves if ended and last is not None else old.turn_moves
        title = t.tr("fmt.scoring_done", "{player} — scoring turn · done", player=player(old, seat, t)) \
            if old.phase is Phase.SCORING else \
            t.tr("fmt.turn_done", "{player} — turn {turn} · done", player=player(old, seat, t), turn=old.turn)
        lines = action_lines(new, moves, t) or ["• " + t.tr("fmt.no_actions", "no actions")]
        embed = discord.Embed(title=title, description="\n".join(lines), colour=colour(seat))
        embed.add_field(name=t.tr("fmt.ap_used", "AP used"), value=str(ap_used(new, moves)))
    elif old.phase is Phase.BID:
        title = t.tr("fmt.bidding_won", "🔨 Round {round} — bidding closed: {player} won", round=old.round,
                     player=player(new, new.to_act, t)) if new.phase is Phase.PICK else \
            t.tr("fmt.bidding_closed", "🔨 Round {round} — bidding closed", round=old.round)
        embed = discord.Embed(title=title, colour=colour(seat), description=_shown(old, t))
    else:
        embed = discord.Embed(title=t.tr("fmt.won_title", "🔨 Round {round} — {won}", round=old.round,
                                         won=_won(old, t)), colour=colour(seat), description=_picked(old, new, t))
    embed.set_footer(text=t.tr("fmt.game", "Game #{game}", game=game.id))
    return embed


def _revealed(old: GameView, new: GameView, t: Speaker) -> str:
    """A jump's numbers, all at once, and the order the slots go in (lowest first, ties in round order), read from
    the jump moves logged in round order right after the jump opened."""
    choosers = [q for q in old.round_order if old.chips[q] and q not in old.chosen]
    logged = new.log[old.version: old.version + len(choosers)]
    chips: dict[int, int] = {}
    for q, move in zip(choosers, logged, strict=False):
        words = move.split()
        if len(words) == 2 and words[0] == "jump" and words[1].isdigit():
            chips[q] = int(words[1])
    if not chips:
        return t.tr("fmt.everyone_chose", "Everyone has chosen.")
    order = sorted(chips, key=lambda q: (chips[q], old.round_order.index(q)))
    return (" · ".join(f"{player(old, q, t)} **{chips[q]}**" for q in choosers if q in chips)
            + "\n" + t.tr("fmt.slots", "Slots: {order}", order=" → ".join(
                t.tr("fmt.slot_ap", "{player} ({ap} AP)", player=player(old, q, t), ap=chips[q]) for q in order)))


def winning_bid(view: GameView) -> int:
    """What the auction just won cost (in a pick): the highest bid of the bids and passes that closed it (0 if
    everyone passed), read from the log since a view keeps the high bid only while the bidding goes on."""
    bids = list(takewhile(lambda move: move == "pass" or move.startswith("bid "), reversed(view.log)))
    return max((int(move.split()[1]) for move in bids if move != "pass"), default=0)


def _won(view: GameView, t: Speaker) -> str:
    """``🟧 Ben wins the 1st turn for 5 points`` (in a pick: the auction's winner is the player to act)."""
    return t.ntr("fmt.wins", "{player} wins the {prize} for {n} point", "{player} wins the {prize} for {n} points",
                 winning_bid(view), player=player(view, view.to_act, t), prize=prize(view, t))


def _picked(old: GameView, new: GameView, t: Speaker) -> str:
    """What the pick took (and, in Tikal Rápido, who was handed the display's last hexagon with it)."""
    move = new.log[old.version] if len(new.log) > old.version else ""
    words = move.split()
    if len(words) != 2 or words[0] != "pick" or not words[1].isdigit() or not 0 < int(words[1]) <= len(old.shown):
        return t.tr("fmt.picked_a", "Picked a hexagon.")
    text = t.tr("fmt.picked", "Picked the **{hexagon}**.", hexagon=hexagon_name(old.shown[int(words[1]) - 1], t))
    if old.variant is Variant.RAPIDO and len(new.hands) == len(old.players) and len(old.hands) == len(new.hands):
        handed = [q for q in range(len(old.players)) if q != old.to_act and not old.hands[q] and new.hands[q]]
        text += "".join(" " + t.tr("fmt.takes_last", "{player} takes the last one, the **{hexagon}**.",
                                   player=player(new, q, t), hexagon=hexagon_name(new.hands[q], t)) for q in handed)
    return text


def confirmation(view: GameView, text: str, *, still_acting: bool = True, t: Speaker = ENGLISH) -> str:
    """The acting player's private receipt of one command; ``still_acting``: the player acts on (so the AP left
    are theirs: not after a Tikal Rápido slot's one action, whose AP left would be the next player's)."""
    line = action_line(view, text, t) if text not in ("end", "undo") else text
    if text == "undo":
        line = t.tr("fmt.taken_back", "Taken back.")
    elif text == "end":
        line = t.tr("fmt.turn_ended", "Turn ended.")
    elif text.startswith("pick ") and view.hand and view.variant is not Variant.RAPIDO:  # (Rápido: the placer's)
        hexagon = hexagon_name(view.hand, t)
        if still_acting and view.phase is Phase.PLACE:
            line = t.tr("fmt.picked_place", "Picked the **{hexagon}**: your turn, place it", hexagon=hexagon)
        elif still_acting and view.phase is Phase.SCORING:
            line = t.tr("fmt.picked_scoring", "Picked the **{hexagon}**: 🌋 a scoring round begins", hexagon=hexagon)
        else:
            line = t.tr("fmt.picked_receipt", "Picked the **{hexagon}**", hexagon=hexagon)
    if still_acting and view.ap_left is not None and view.phase in TURN_PHASES and text not in ("end", "pass") \
            and not text.startswith("bid"):
        return t.ntr("fmt.receipt_ap", "✅ {action} · {n} AP left", "✅ {action} · {n} AP left", view.ap_left,
                     action=line)
    return f"✅ {line}"


# --- the lobby and the game's posts ------------------------------------------------------------


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


def _ping(who: Who | None) -> tuple[str, int | None]:
    member = who["member_id"] if who else None
    if member is None or is_absent_member(member):
        return "", None
    return f"<@{member}>", member


def _what_next(who: Who, t: Speaker) -> str:
    phase = who.get("phase")
    hexagon = hexagon_name(who.get("hand"), t)
    ap = who.get("ap")
    if phase == "place" and ap is None:
        return t.tr("fmt.next_place_hand", "place your {hexagon} hexagon", hexagon=hexagon)
    if phase == "jump":
        return t.tr("fmt.next_jump", "choose your chips")
    if who.get("slot"):
        return t.tr("fmt.next_slot", "your slot — {ap} AP, one action", ap=str(ap))
    if phase == "declare":
        return t.tr("fmt.next_declare", "does your volcano score now? **Yes** or **No** on the turn message, or "
                                        "`/tikal declare`")
    if phase == "place":
        return t.tr("fmt.next_place", "your turn — place the {hexagon} hexagon", hexagon=hexagon)
    if phase == "scoring":
        return t.tr("fmt.next_scoring", "your scoring turn — {ap} AP", ap=str(ap))
    if phase == "bid":
        return t.tr("fmt.next_bid_short", "your bid")
    if phase == "pick":
        return t.tr("fmt.next_pick", "pick a hexagon with `/tikal pick`")
    return t.tr("fmt.next_turn", "your turn — {ap} AP", ap=str(ap))


def _deadline(game: GameInfo, who: Who, t: Speaker) -> str:
    """`` — deadline <t:…:R>`` or `` — no deadline``: the deadline the post's wait had when it was committed (a post
    queued before that was kept: the game's deadline now)."""
    return " — " + deadline_words(who.get("deadline_at", game.deadline_at), t)


def ping_text(game: GameInfo, who: Who | None, what: str | None = None, t: Speaker = ENGLISH
              ) -> tuple[str, int | None]:
    """``<@Ben>, your turn — place the jungle hexagon — deadline <t:…:R>`` (or ``— no deadline``), and the member
    it may notify; empty for a computer or an absent seat (nobody to ping)."""
    mention, member = _ping(who)
    if not mention or who is None:
        return "", None
    return f"{mention}, {what or _what_next(who, t)}{_deadline(game, who, t)}", member


def started_post(game: GameInfo, view: GameView, payload: Started, t: Speaker = ENGLISH
                 ) -> tuple[str, discord.Embed, int | None]:
    """The first board: seat order with colours, and a ping for the first player."""
    seats = "\n".join(f"{square(s['seat'])} {shown_name(s['name'])} ("
                      + (t.tr("fmt.computer", "🤖 computer") if is_computer_member(s["member_id"] or 0)
                         else f"<@{s['member_id']}>") + ")"
                      for s in payload["seats"])
    what = setup_words(GameSetup(payload["variant"], game.options), t)
    embed = discord.Embed(title=t.tr("fmt.begins", "Tikal game #{game} begins ({what})", game=game.id, what=what),
                          colour=NEUTRAL)
    embed.add_field(name=t.tr("fmt.seat_order", "Seat order"), value=seats, inline=False)
    embed.set_image(url="attachment://board.png")
    content, member = ping_text(game, payload["next"], t=t)
    return content, embed, member


def turn_summary(view: GameView, moves: Sequence[str], gained: int | None = None, t: Speaker = ENGLISH) -> str:
    """The turn in one line, for its board post (the turn message above keeps every action):
    ``Placed a jungle on D2, then 2 actions for 7 AP.`` / ``3 actions for 10 AP, then scored 12.``"""
    placed = next((m for m in moves if m.startswith("place ")), None)
    actions = [m for m in moves if m not in ("end", "undo") and m != placed]
    ap = ap_used(view, actions)
    if placed is not None:
        space = placed.split()[1]
        hexagon = hexagon_name(view.space(space).tile, t)
        text = t.ntr("fmt.summary_placed", "Placed a {hexagon} on {space}, then {n} action for {ap} AP",
                     "Placed a {hexagon} on {space}, then {n} actions for {ap} AP", len(actions), hexagon=hexagon,
                     space=space, ap=ap) if actions else \
            t.tr("fmt.summary_placed_none", "Placed a {hexagon} on {space}, then no actions", hexagon=hexagon,
                 space=space)
    else:
        text = t.ntr("fmt.summary", "{n} action for {ap} AP", "{n} actions for {ap} AP", len(actions), ap=ap) \
            if actions else t.tr("fmt.summary_none", "No actions")
    if gained is not None:
        return t.tr("fmt.summary_scored", "{summary}, then scored {points}.", summary=text, points=gained)
    return text + "."


def turn_ended_post(game: GameInfo, view: GameView, payload: TurnEnded, *, ping: bool = True,
                    t: Speaker = ENGLISH) -> tuple[str, discord.Embed, int | None]:
    """The board after a turn: its one-line summary, the scores and (in the content) a ping for the next player;
    ``ping``: False when the post right after it pings them (a scoring round's announcement)."""
    seat = payload["seat"]
    gained = None
    if payload.get("scoring"):
        scored = [e for e in view.score_log if e.player == seat]
        gained = scored[-1].temples + scored[-1].treasures if scored else None
        title = t.tr("fmt.post_scoring_done", "{player} — scoring turn done", player=f"{square(seat)} "
                                                                                   f"{payload['player']}")
    else:
        title = t.tr("fmt.post_turn_done", "{player} — turn {turn} done", player=f"{square(seat)} {payload['player']}",
                     turn=payload["turn"])
    embed = discord.Embed(title=title, colour=colour(seat),
                          description=f"{turn_summary(view, payload['moves'], gained, t)}\n{scores_line(view, t)}")
    nxt = payload.get("next") if ping else None
    content, member = ping_text(game, nxt, t=t)
    if nxt and not content:  # nobody to ping (a computer, an absent seat): who plays next, in words
        embed.add_field(name=t.tr("fmt.next", "Next"), value=f"{square(nxt['seat'])} {nxt['name']}")
    embed.set_image(url="attachment://board.png")
    embed.set_footer(text=t.tr("fmt.game", "Game #{game}", game=game.id))
    return content, embed, member


def scoring_round_embed(game: GameInfo, view: GameView, payload: ScoringRound, *, complete: bool = False,
                        t: Speaker = ENGLISH) -> discord.Embed:
    """A scoring round's announcement: who drew or took the volcano and who scores first; each player's line as
    they score (from ``view``'s score log), and, once ``complete``, the scores after the round."""
    number, final = payload["round"], payload.get("final")
    volcano = payload.get("volcano")
    drew = game.variant == "basic"
    lines = [t.tr("fmt.score_line", "{player} +{temples} +{treasures} = {total}", player=player(view, e.player, t),
                  temples=t.ntr("fmt.temples", "{n} temple", "{n} temples", e.temples),
                  treasures=t.ntr("fmt.treasures", "{n} treasure", "{n} treasures", e.treasures), total=e.total)
             for e in view.score_log if e.round == number]

    def took(who: int) -> str:
        return t.tr("fmt.drew_volcano", "{player} drew a volcano", player=player(view, who, t)) if drew else \
            t.tr("fmt.took_volcano", "{player} took a volcano", player=player(view, who, t))

    if payload.get("at_once"):
        title = t.tr("fmt.at_once_title", "🌋 Volcano {number} of 4 — everyone scores at once", number=number)
        rest = t.tr("fmt.at_once", "no scoring round with this option, everyone scored as things stood.")
        head = t.tr("fmt.at_once_who", "{who}: {rest}", who=took(volcano), rest=rest) if volcano is not None else rest
        complete = True
    else:
        title = t.tr("fmt.final_round_title", "🌋 Final scoring round") if final else \
            t.tr("fmt.round_title", "🌋 Scoring round {number} of 4", number=number)
        nxt = payload.get("next")
        first = f"{square(nxt['seat'])} {nxt['name']}" if nxt else t.tr("fmt.first_player", "the first player")
        why = (t.tr("fmt.last_placed", "The last hexagon is placed") if final else
               took(volcano) if volcano is not None else t.tr("fmt.volcano_appeared", "A volcano appeared"))
        head = t.tr("fmt.round_head", "{why}: each player takes 10 AP, then scores — {first} first.", why=why,
                    first=first)
    body = [head, "", *lines] if lines else [head, "", t.tr("fmt.lines_here", "Each player's points are added here as "
                                                                               "they score.")]
    embed = discord.Embed(title=title, description="\n".join(body), colour=0xD55E00)
    if complete:
        name = t.tr("fmt.final_scores", "Final scores") if final else \
            t.tr("fmt.scores_after_volcano", "Scores after volcano {number}", number=number) \
            if payload.get("at_once") else t.tr("fmt.scores_after", "Scores after round {number}", number=number)
        embed.add_field(name=name, value=scores_line(view, t), inline=False)
    embed.set_footer(text=t.tr("fmt.game", "Game #{game}", game=game.id))
    return embed


def ping_only(game: GameInfo, who: Who | None, what: str | None = None, t: Speaker = ENGLISH
              ) -> tuple[str, int | None]:
    """A short ping that is deleted once answered (the live message tells the story)."""
    return ping_text(game, who, what, t)


def auction_number(view: GameView) -> int:
    """Which auction of the round is under way or was last won (1, 2 …): one per player who had a turn (or a
    hexagon) this round, plus one."""
    return sum(p.had_turn for p in view.players) + 1


def prize(view: GameView, t: Speaker = ENGLISH) -> str:
    """``1st turn`` / ``2nd hexagon``: what the auction under way hands out."""
    nth = Words(t).ordinal(min(auction_number(view), 4))
    if view.variant is Variant.RAPIDO:
        return t.tr("fmt.prize_hexagon", "{nth} hexagon", nth=nth)
    return t.tr("fmt.prize_turn", "{nth} turn", nth=nth)


def bidding_ping(game: GameInfo, payload: Bidding, t: Speaker = ENGLISH) -> tuple[str, int | None]:
    """``<@Ben>, your bid — high bid 5 (🟦 Ana) — deadline <t:…:R>``: deleted once Ben has bid or passed."""
    high = t.tr("fmt.ping_high", "high bid {bid} ({player})", bid=payload["high_bid"],
                player=payload["high_bidder"] or "") if payload.get("high_bidder") else \
        t.tr("fmt.ping_no_bid", "no bid yet")
    return ping_only(game, payload.get("next"), t.tr("fmt.ping_bid", "your bid in round {round} — {high}",
                                                     round=payload["round"], high=high), t)


def auction_won_ping(game: GameInfo, payload: AuctionWon, view: GameView | None = None, t: Speaker = ENGLISH
                     ) -> tuple[str, int | None]:
    """``<@Ben>, you won the 1st turn of round 3 for 5 points: pick a hexagon with /tikal pick — deadline …``."""
    what = prize(view, t) if view is not None else t.tr("fmt.auction", "auction")
    return ping_only(game, payload.get("next"), t.ntr(
        "fmt.ping_won", "you won the {what} of round {round} for {n} point: pick a hexagon with `/tikal pick`",
        "you won the {what} of round {round} for {n} points: pick a hexagon with `/tikal pick`", payload["price"],
        what=what, round=payload["round"]), t)


def rapido_placing_ping(game: GameInfo, payload: RapidoPlacing, t: Speaker = ENGLISH) -> tuple[str, int | None]:
    """Tikal Rápido: everyone holds a hexagon; a ping for the first to place (the order is on the live message)."""
    nxt = payload.get("next")
    order = " → ".join(payload["order"])
    return ping_only(game, nxt, (t.tr("fmt.ping_rapido_place", "place your {hexagon} hexagon — round order {order}",
                                      hexagon=hexagon_name(nxt.get("hand"), t), order=order)
                                 if nxt else None), t)


def jump_opened_post(game: GameInfo, payload: JumpOpened, t: Speaker = ENGLISH
                     ) -> tuple[str, discord.Embed, list[int]]:
    """The board as the jump opens, and one ping for everyone who must choose (in one message)."""
    members = [c["member_id"] for c in payload["choosers"] if c["member_id"] is not None
               and not is_absent_member(c["member_id"])]
    embed = discord.Embed(title=t.tr("fmt.jump_opened", "🦘 Round {round} · jump {jump}: choose your chips",
                                     round=payload["round"], jump=payload["jump"]),
                          colour=NEUTRAL, description=t.tr(
                              "fmt.jump_opened_help", "Choose in secret with the buttons of the message below (how it "
                                                      "works is there); the numbers are revealed when everyone has "
                                                      "chosen."))
    embed.set_image(url="attachment://board.png")
    embed.set_footer(text=t.tr("fmt.game", "Game #{game}", game=game.id))
    content = " ".join(f"<@{m}>" for m in members)
    deadline = " — " + deadline_words(payload.get("deadline_at", game.deadline_at), t)
    text = t.tr("fmt.ping_jump", "{members}, choose your chips for jump {jump}{deadline}", members=content,
                jump=payload["jump"], deadline=deadline) if content else ""
    return text, embed, members


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


def status_embed(game: GameInfo, view: GameView, jump: tuple[Sequence[int], Sequence[int]] | None = None,
                 t: Speaker = ENGLISH) -> discord.Embed:
    embed = live_embed(game, view, jump, t) if not view.finished else \
        discord.Embed(title=t.tr("fmt.status_over", "Game #{game} is over", game=game.id))
    embed.add_field(name=t.tr("fmt.scores", "Scores"), value=scores_field(view, t), inline=False)
    stack = t.tr("fmt.stack_counts", "{left} · {volcanoes}", left=t.ntr(
        "fmt.hexagons_left", "{n} hexagon left", "{n} hexagons left", view.stack_left), volcanoes=t.ntr(
        "fmt.volcanoes", "{n} volcano", "{n} volcanoes", view.volcanoes_to_come))
    if "randomterrain" in game.options:
        stack += " " + t.tr("fmt.stack_random", "to come ({added} of 3 shuffled in, {taken} taken)",
                            added=view.volcanoes_added, taken=view.volcanoes_taken)
    embed.add_field(name=t.tr("fmt.stack_name", "Stack"), value=stack)
    if game.variant != "basic" or game.options:
        embed.add_field(name=t.tr("fmt.variant_options", "Variant and options"), value=setup_words(game.setup, t))
    if view.variant is Variant.RAPIDO and view.round_order:
        hands = [f"{player(view, q, t)} {hexagon_name(tile, t)}" for q, tile in enumerate(view.hands) if tile]
        holding = "\n" + t.tr("fmt.holding", "Holding: {hands}", hands=", ".join(hands)) if hands else ""
        embed.add_field(name=t.tr("fmt.round_order", "Round order"),
                        value=" → ".join(player(view, q, t) for q in view.round_order) + holding, inline=False)
    if view.rolls:
        embed.add_field(name=t.tr("fmt.dice", "Dice rolled"), value=", ".join(str(r) for r in view.rolls[-12:])
                        + (" …" if len(view.rolls) > 12 else "") + " "
                        + t.tr("fmt.dice_all", "({n} in all)", n=len(view.rolls)))
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


def missing_permissions_text(missing: Sequence[Msg], t: Speaker = ENGLISH) -> str:
    return t.tr("fmt.missing_permissions", "I cannot run a game here: I am missing {permissions} in this channel. "
                                           "Ask a moderator to grant them (channel settings → Permissions), then try "
                                           "again.", permissions=", ".join(f"**{t.message(m)}**" for m in missing))
