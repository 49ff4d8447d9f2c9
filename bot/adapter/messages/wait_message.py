"""A wait's message (issue 22): the one message that pings whom the game waits for and that they read. Its content
is the ping (never edited: a mention notifies only in a new message); its embed tells what happened since their
last turn (``catch_up``), what to do now, the scores and the deadline, over the board as the wait began; its
buttons act. The table edits the embed as they act (``wait_embed``) and closes it when the next wait's message comes
(``closed_embed``): what was done, no buttons, the ping untouched.

Pure functions, no I/O, in the reader's language; also the status (``status_embed``) and the private receipts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import discord

from bot.adapter.messages.auction import auction_number, picked_words, prize, shown_hexagons, winning_bid, won_words
from bot.adapter.messages.catch_up import catch_up_lines
from bot.adapter.messages.deadlines import deadline_value
from bot.adapter.messages.parts import NEUTRAL, colour, scores_field, scores_line, setup_words, shown_name
from bot.adapter.messages.rapido import jump_embed, rapido_stage, rapido_turn_embed
from bot.core.storage.seats import is_absent_member
from bot.core.table.posts import SeatEntry, Wait, Who
from bot.core.table.results import GameInfo
from bot.core.words.labels import action_line, action_lines, ap_used, hexagon_name, player, square, view_jump_number
from engine import GameView, Phase, Variant
from engine.messages import ENGLISH, Speaker

TURN_PHASES: Final = (Phase.PLACE, Phase.ACTIONS, Phase.SCORING)


def first_turn_help(t: Speaker = ENGLISH) -> str:
    """Said on each player's first turn of the game only (the turn message is edited with every action)."""
    return t.tr("fmt.first_turn", "Choose an action in the menu below (or type `/tikal …`); end the turn with **End "
                                  "turn**.")


FIRST_TURN_HELP: Final = first_turn_help()


def first_turn(view: GameView) -> bool:
    """Whether the turn under way is its player's first of the game (every seat has one turn before any second)."""
    return view.turn <= len(view.players)


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
        embed = rapido_turn_embed(view, seat, stage, t)
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
            head = [t.tr("fmt.drew", "Drew a **{hexagon}** hexagon: choose its space in the menu below, then its "
                                     "rotation (or `/tikal place`; **Board** shows where it fits).", hexagon=hexagon)
                    if view.variant is Variant.BASIC else
                    t.tr("fmt.has", "Has a **{hexagon}** hexagon: choose its space in the menu below, then its "
                                    "rotation (or `/tikal place`; **Board** shows where it fits).", hexagon=hexagon)]
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
        embed.add_field(name=t.tr("fmt.shown", "Shown hexagons"), value=shown_hexagons(view, t), inline=False)
        embed.add_field(name=t.tr("fmt.high_bid", "High bid"), value=high)
        embed.add_field(name=t.tr("fmt.next_bid", "Next to bid"), value=player(view, seat, t))
        if passed:
            embed.add_field(name=t.tr("fmt.passed", "Passed"), value=", ".join(passed))
        embed.description = t.tr("wait.bid_help", "In turn: **Pass**, or a bid in the menu below or with `/tikal bid` "
                                                  "(points from your score). "
                                                  "Away when your bid comes? **Bid up to…** bids for you, one above "
                                                  "the high bid, up to your highest; **Pass this round** passes for "
                                                  "you. Only you see your order.")
    else:
        embed = discord.Embed(title=t.tr("fmt.pick_title", "🔨 Round {round} — {won} → picks a hexagon",
                                         round=view.round, won=won_words(view, t)),
                              description=t.tr("wait.pick_help", "Pick one with a button below (or `/tikal pick`):")
                              + "\n" + shown_hexagons(view, t), colour=colour(seat))
    if not view.finished:
        embed.add_field(name=t.tr("fmt.deadline_field", "⏰ Deadline"), value=deadline_value(game.deadline_at, t))
    embed.set_footer(text=t.tr("fmt.game", "Game #{game}", game=game.id))
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
    elif old.phase is Phase.BID and new.phase is Phase.BID and auction_number(new) == auction_number(old):
        embed = discord.Embed(title=t.tr("wait.bidding_goes_on", "🔨 Round {round} — the bidding for the {prize} goes "
                                                                 "on below", round=old.round, prize=prize(old, t)),
                              colour=colour(seat), description=shown_hexagons(old, t))
    elif old.phase is Phase.BID:
        title = t.tr("fmt.bidding_won", "🔨 Round {round} — bidding closed: {player} won", round=old.round,
                     player=player(new, new.to_act, t)) if new.phase is Phase.PICK else \
            t.tr("fmt.bidding_closed", "🔨 Round {round} — bidding closed", round=old.round)
        embed = discord.Embed(title=title, colour=colour(seat), description=shown_hexagons(old, t))
    else:
        embed = discord.Embed(title=t.tr("fmt.won_title", "🔨 Round {round} — {won}", round=old.round,
                                         won=won_words(old, t)), colour=colour(seat),
                              description=picked_words(old, new, t))
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


def _what_next(who: Who, view: GameView, t: Speaker) -> str:
    """What the player to act is asked, for the ping: ``your turn — place the jungle hexagon``."""
    phase = who.get("phase")
    hexagon = hexagon_name(who.get("hand"), t)
    ap = who.get("ap")
    if phase == "place" and ap is None:
        return t.tr("fmt.next_place_hand", "place your {hexagon} hexagon", hexagon=hexagon)
    if who.get("slot"):
        return t.tr("fmt.next_slot", "your slot — {ap} AP, one action", ap=str(ap))
    if phase == "declare":
        return t.tr("wait.next_declare", "does your volcano score now? **Yes** or **No** below")
    if phase == "place":
        return t.tr("fmt.next_place", "your turn — place the {hexagon} hexagon", hexagon=hexagon)
    if phase == "scoring":
        return t.tr("fmt.next_scoring", "your scoring turn — {ap} AP", ap=str(ap))
    if phase == "bid":
        high = t.tr("wait.high_bid_is", "the high bid is {bid} ({player})", bid=view.high_bid,
                    player=player(view, view.high_bidder, t)) if view.high_bidder is not None else \
            t.tr("fmt.ping_no_bid", "no bid yet")
        return t.tr("wait.next_bid_again", "the bidding for the {prize} is back to you — {high}", prize=prize(view, t),
                    high=high)
    if phase == "pick":
        return t.ntr("wait.next_pick", "you won the {prize} of round {round} for {n} point: pick a hexagon",
                     "you won the {prize} of round {round} for {n} points: pick a hexagon", winning_bid(view),
                     prize=prize(view, t), round=view.round)
    return t.tr("fmt.next_turn", "your turn — {ap} AP", ap=str(ap))


def wait_picture(post_id: int) -> str:
    """The file name of a wait's board picture: the post's own, so that a try that reached Discord before a crash is
    recognised later (``Outbox``)."""
    return f"board-{post_id}.png"


def pinged_members(payload: Wait) -> list[int]:
    """The members a wait's message notifies (never a placeholder seat)."""
    members = [e["member_id"] for e in payload.get("pinged") or []]
    return [m for m in members if m is not None and not is_absent_member(m)]


def wait_line(game: GameInfo, payload: Wait, view: GameView, t: Speaker = ENGLISH) -> str:
    """What a wait asks of whom it pings, without the mentions: ``your turn — place the jungle hexagon``, an auction
    or a jump opening for everyone; empty when it asks nobody."""
    opening = payload.get("opening")
    who = payload.get("next")
    if opening == "auction":
        what = t.tr("wait.ping_auction", "the bidding for the {prize} of round {round} is open: bid in turn, or "
                                         "leave a standing order below", prize=prize(view, t), round=view.round)
    elif opening == "jump":
        what = t.tr("wait.ping_jump", "choose your chips for jump {jump} of round {round}, in secret",
                    jump=view_jump_number(view), round=view.round)
    elif who is not None:
        what = _what_next(who, view, t)
    else:
        return ""
    if payload.get("order"):
        what = t.tr("wait.ping_start", "game #{game} begins: {what}", game=game.id, what=what)
    return what


def notified(payload: Wait, how: tuple[str, ...]) -> list[int]:
    """The members pinged who are told in ``how`` (``channel``, ``dm``, ``both``: ``/tikal-game notify``)."""
    return [m for e in payload.get("pinged") or [] if (m := e["member_id"]) is not None and not is_absent_member(m)
            and e.get("delivery", "channel") in how]


def wait_content(game: GameInfo, payload: Wait, view: GameView, t: Speaker = ENGLISH) -> tuple[str, list[int]]:
    """The ping that begins a wait's message, never edited: ``<@Ben>, your turn — place the jungle hexagon``, or
    everyone an auction or a jump opens for; and the members it notifies (those told by DM only are named, not
    pinged). Empty when it pings nobody."""
    members = pinged_members(payload)
    what = wait_line(game, payload, view, t)
    if not members or not what or payload.get("quiet"):
        return "", []
    return f"{' '.join(f'<@{m}>' for m in members)}, {what}", notified(payload, ("channel", "both"))


def _order(entries: Sequence[SeatEntry], t: Speaker) -> str:
    """The seat order of the game's start: ``🟦 Ana (<@…>)`` a line, a computer player named as such."""
    return "\n".join(f"{square(e['seat'])} {shown_name(e['name'])} ("
                     + (f"<@{e['member_id']}>" if e["member_id"] is not None and not is_absent_member(e["member_id"])
                        else t.tr("fmt.computer", "🤖 computer")) + ")" for e in entries)


def wait_embed(game: GameInfo, view: GameView, payload: Wait | None, jump: tuple[Sequence[int], Sequence[int]] |
               None = None, *, picture: str | None = None, page: str | None = None,
               t: Speaker = ENGLISH) -> discord.Embed:
    """A wait's message as it stands: the game's start or what happened since the last turn, then what to do now
    (``live_embed``), the scores, the deadline, and the board as the wait began (``picture``); the link to the
    game's web page (``page``) when the web view is on."""
    embed = live_embed(game, view, jump, t)
    head: list[str] = []
    if payload is not None and payload.get("order"):
        head.append(t.tr("wait.begins", "**Tikal game #{game} begins** — {what}", game=game.id,
                         what=setup_words(game.setup, t)))
        embed.insert_field_at(0, name=t.tr("fmt.seat_order", "Seat order"), value=_order(payload.get("order") or [], t),
                              inline=False)
    caught = catch_up_lines(game, view, payload["catch_up"], t) if payload is not None else []
    if caught:  # a message for several players (a jump, an auction) goes back to the earliest of their turns
        several = payload is not None and len(payload.get("pinged") or []) > 1
        head.append(t.tr("wait.since_several", "**Since your last turns**") if several
                    else t.tr("wait.since", "**Since your last turn**"))
        head.extend(caught)
    if head:
        embed.description = "\n".join([*head, "", embed.description or ""]).strip()
    embed.add_field(name=t.tr("fmt.scores", "Scores"), value=scores_line(view, t), inline=False)
    if picture:
        embed.set_image(url=f"attachment://{picture}")
    return with_page(embed, page, t)


def with_page(embed: discord.Embed, page: str | None, t: Speaker = ENGLISH) -> discord.Embed:
    """The embed with the game's web page linked from its title and its last line (issue 27)."""
    if page is None:
        return embed
    embed.url = page
    line = t.tr("fmt.web_page", "🌐 [The game's live page]({link}): the board, each space's details, the history",
                link=page)
    embed.description = f"{embed.description}\n\n{line}" if embed.description else line
    return embed


def closed_embed(game: GameInfo, old: GameView, new: GameView, *, by_bot: str | None = None,
                 picture: str | None = None, t: Speaker = ENGLISH) -> discord.Embed:
    """A wait's message once the wait is over: what was done (``live_final_embed``), whether the bot did it
    (``deadline``: the deadline passed, told here and nowhere else; ``bot``: a moderator's skip), the board kept."""
    embed = live_final_embed(game, old, new, t)
    if by_bot == "deadline":
        embed.title = t.tr("wait.deadline_played", "{title} · ⏰ the deadline passed: the bot played",
                           title=embed.title or "")
    elif by_bot:
        embed.title = t.tr("wait.bot_played_for", "{title} · played by the bot", title=embed.title or "")
    if picture:
        embed.set_image(url=f"attachment://{picture}")
    return embed


def status_embed(game: GameInfo, view: GameView, jump: tuple[Sequence[int], Sequence[int]] | None = None,
                 t: Speaker = ENGLISH, page: str | None = None) -> discord.Embed:
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
    return with_page(embed, page, t)


