"""What the bot says in Discord: embeds and lines built from views, game infos and outbox payloads (UX.md).

Pure functions, no I/O; the game's words come from ``bot.core.labels``. Mentions only ever go in a
message's content, never in an embed.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import takewhile
from typing import Final

import discord

from bot.core.game_options import GameSetup, explain, short
from bot.core.help import OPTIONS_OVERVIEW, RULES
from bot.core.labels import action_line, action_lines, ap_used, hexagon_name, player, square, view_jump_number
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
from engine.tiles import AUCTION_START_SCORE

EMBED_COLOURS: Final = (0x0072B2, 0xE69F00, 0x009E73, 0xCC79A7)
NEUTRAL: Final = 0x5B6770
TURN_PHASES: Final = (Phase.PLACE, Phase.ACTIONS, Phase.SCORING)


def shown_name(name: str) -> str:
    """A member's name as text to show: its markdown and mentions escaped (``**Bo**`` stays as typed)."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(name))


def colour(seat: int | None) -> int:
    return EMBED_COLOURS[seat % len(EMBED_COLOURS)] if seat is not None else NEUTRAL


# --- the live message of a turn, a bidding or a pick ----------------------------------------------


def stage_label(game_id: int, view: GameView) -> str | None:
    """What the live message is about, as its footer: a new label means a new live message.

    ``None`` when there is nothing to play (the game is over). The label is stored in the message
    itself, so after a restart the bot can tell whether the message it knows is still the current one.
    """
    if view.finished or view.to_act is None:
        return None
    name = view.players[view.to_act].name
    rapido = rapido_stage(view)
    if view.phase is Phase.JUMP:
        return f"Game #{game_id} · round {view.round} · jump {view_jump_number(view)}"
    if rapido == "slot":
        return f"Game #{game_id} · round {view.round} · jump {view_jump_number(view)} · {name}"
    if rapido == "placing":
        return f"Game #{game_id} · round {view.round} · {name} places"
    if view.phase is Phase.DECLARE:
        return f"Game #{game_id} · round {view.round} · {name} declares"
    if view.phase is Phase.SCORING:
        return f"Game #{game_id} · scoring round {view.scoring_round} · {name}"
    if view.phase in TURN_PHASES:
        return f"Game #{game_id} · turn {view.turn}"
    # a bidding and its winner's pick are one message: edited from the first bid to the pick
    return f"Game #{game_id} · round {view.round} · auction {auction_number(view)}"


def _shown(view: GameView) -> str:
    return "\n".join(f"**{k}** · {hexagon_name(t)}" for k, t in enumerate(view.shown, start=1)) or "none"


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


def jump_embed(game: GameInfo, view: GameView, chosen: Sequence[int], waiting: Sequence[int]) -> discord.Embed:
    """A jump under way: who has chosen (never how many), who has not, everyone's chips before the jump."""
    number = view_jump_number(view)
    total = len(chosen) + len(waiting)
    embed = discord.Embed(title=f"🦘 Round {view.round} · jump {number} — {len(chosen)} of {total} have chosen",
                          colour=NEUTRAL, description=(
                              "Choose 1–5 of your chips, in secret: a button below (only you see the answer) or "
                              "`/tikal jump`. Nobody sees a number until everyone has chosen; then the lowest acts "
                              "first, with that many AP, for one action. You may change your mind until then."))
    if waiting:
        embed.add_field(name="Still to choose", value=", ".join(player(view, q) for q in waiting))
    if chosen:
        embed.add_field(name="Chosen", value=", ".join(player(view, q) for q in chosen))
    embed.add_field(name="Chips before this jump", inline=False, value=" · ".join(
        f"{player(view, q)} {view.chips[q]}" for q in view.round_order))
    embed.add_field(name="⏰ Deadline", value=deadline_words(game.deadline_at).removeprefix("deadline "))
    embed.set_footer(text=stage_label(game.id, view) or f"Game #{game.id}")
    return embed


def jump_answer(chosen: JumpChoice) -> str:
    """The chooser's private answer: their own number (nobody else sees it), and who is still to choose."""
    view = chosen.view
    mine = f"🤫 You take **{chosen.chips}** chip{'s' if chosen.chips != 1 else ''} into this jump"
    if chosen.moved is not None:
        return f"{mine}. Everyone has chosen: the numbers are revealed in the channel."
    total = len(chosen.chosen) + len(chosen.waiting)
    waiting = ", ".join(player(view, q) for q in chosen.waiting)
    return (f"{mine} (only you see this; you may change it until everyone has chosen). {len(chosen.chosen)} of "
            f"{total} have chosen; still to choose: {waiting}.")


def _rapido_turn_embed(view: GameView, seat: int | None, stage: str) -> discord.Embed:
    if stage == "placing":
        order = [q for q in view.round_order]
        place = order.index(seat) + 1 if seat in order else 1
        title = f"{player(view, seat)} — round {view.round} · places {ORDINALS[place - 1]} of {len(order)}"
        head = (f"Place your **{hexagon_name(view.hand)}** hexagon with `/tikal place` (the **Board** button shows "
                "where it fits). A placement is final; the next player places after you.")
        embed = discord.Embed(title=title, description=head, colour=colour(seat))
        embed.add_field(name="Round order", value=" → ".join(player(view, q) for q in order), inline=False)
        return embed
    revealed = " · ".join(f"{player(view, q)} {j}" for q, j in enumerate(view.jump) if j is not None)
    title = f"{player(view, seat)} — round {view.round} · jump {view_jump_number(view)} · {view.ap_left} AP"
    head = (f"One action costing at most {view.ap_left} AP with `/tikal …`, or give the slot up with the button "
            "(leftover AP are lost; no undo).")
    embed = discord.Embed(title=title, description=head, colour=colour(seat))
    earlier = action_lines(view, view.turn_moves)  # the player's actions in the round's earlier jumps
    if earlier:
        embed.add_field(name="Earlier this round", value="\n".join(earlier), inline=False)
    embed.add_field(name="Revealed", value=revealed or "—", inline=False)
    if view.slots:
        embed.add_field(name="Then", value=", ".join(player(view, q) for q in view.slots))
    return embed


FIRST_TURN_HELP: Final = "Act with `/tikal …`; end the turn with the button or `/tikal end`."
"""Said on each player's first turn of the game only (the turn message is edited with every action)."""


def first_turn(view: GameView) -> bool:
    """Whether the turn under way is its player's first of the game (every seat has one turn before any second)."""
    return view.turn <= len(view.players)


def deadline_words(deadline_at: float | None) -> str:
    """``deadline <t:…:R>`` (each reader sees their own time), or ``no deadline``."""
    return f"deadline <t:{int(deadline_at)}:R>" if deadline_at else "no deadline"


def live_embed(game: GameInfo, view: GameView, jump: tuple[Sequence[int], Sequence[int]] | None = None
               ) -> discord.Embed:
    """The message a turn (or a bidding, a pick, a declaration, a jump) keeps editing while it goes on; ``jump``:
    who has chosen and who has not in a Tikal Rápido jump."""
    seat = view.to_act
    stage = rapido_stage(view)
    if view.phase is Phase.JUMP:
        chosen, waiting = jump if jump is not None else (view.chosen, ())
        return jump_embed(game, view, chosen, waiting)
    if stage is not None:
        embed = _rapido_turn_embed(view, seat, stage)
    elif view.phase is Phase.DECLARE:
        embed = discord.Embed(
            title=f"🌋 {player(view, seat)} took a volcano — does it score?", colour=colour(seat), description=(
                "This round's display holds more than one volcano, so its taker declares: **Yes**, a scoring round "
                "now; **No**, no scoring round: place it and take your turn (another volcano of this display "
                "must then score). The buttons below, or `/tikal declare`."))
    elif view.phase in TURN_PHASES:
        kind = "scoring turn" if view.phase is Phase.SCORING else f"turn {view.turn}"
        title = f"{player(view, seat)} — {kind} · {view.ap_left} AP left"
        lines = action_lines(view, view.turn_moves)
        head: list[str] = []
        if view.phase is Phase.PLACE:
            got = "Drew" if view.variant is Variant.BASIC else "Has"
            head = [f"{got} a **{hexagon_name(view.hand)}** hexagon: place it with `/tikal place` "
                    "(the **Board** button shows where it fits)."]
        elif view.phase is Phase.SCORING:
            round_ = "final scoring round" if view.final_scoring else f"scoring round {view.scoring_round} of 4"
            head = [f"🌋 {round_.capitalize()}: spend your AP, then end the turn to score."]
        elif first_turn(view):
            head = [FIRST_TURN_HELP]
        embed = discord.Embed(title=title, description="\n".join([*head, *lines]) or None, colour=colour(seat))
    elif view.phase is Phase.BID:
        high = (f"{view.high_bid} by {player(view, view.high_bidder)}" if view.high_bidder is not None
                else "none yet")
        passed = [player(view, p.seat) for p in view.players if p.passed]
        embed = discord.Embed(title=f"🔨 Round {view.round} — bidding for the {prize(view)}", colour=colour(seat))
        embed.add_field(name="Shown hexagons", value=_shown(view), inline=False)
        embed.add_field(name="High bid", value=high)
        embed.add_field(name="Next to bid", value=player(view, seat))
        if passed:
            embed.add_field(name="Passed", value=", ".join(passed))
        embed.description = "Bid with `/tikal bid` (points from your score) or `/tikal pass`."
    else:
        embed = discord.Embed(title=f"🔨 Round {view.round} — {_won(view)} → picks a hexagon",
                              description="Pick one with `/tikal pick`:\n" + _shown(view), colour=colour(seat))
    if not view.finished:
        embed.add_field(name="⏰ Deadline", value=deadline_words(game.deadline_at).removeprefix("deadline "))
    embed.set_footer(text=stage_label(game.id, view) or f"Game #{game.id}")
    return embed


def live_final_embed(game: GameInfo, old: GameView, new: GameView) -> discord.Embed:
    """The live message's last form, once its stage is over: what was done and the AP used."""
    seat = old.to_act
    stage = rapido_stage(old)
    done = new.log[old.version: old.version + 1]
    if old.phase is Phase.JUMP:
        embed = discord.Embed(title=f"🦘 Round {old.round} · jump {view_jump_number(old)} — revealed",
                              colour=NEUTRAL, description=_revealed(old, new))
    elif stage is not None or old.phase is Phase.DECLARE:
        what = action_lines(new, done) or ["• no action (slot given up)" if stage == "slot" else "• done"]
        kind = {"placing": f"round {old.round} · placing", "slot": f"round {old.round} · jump "
                f"{view_jump_number(old)}"}.get(stage or "", f"round {old.round} · declaration")
        embed = discord.Embed(title=f"{player(old, seat)} — {kind} · done", description="\n".join(what),
                              colour=colour(seat))
    elif old.phase in TURN_PHASES:
        last = new.last_turn
        ended = last is not None and last != old.last_turn and last.player == seat
        moves = last.moves if ended and last is not None else old.turn_moves
        kind = "scoring turn" if old.phase is Phase.SCORING else f"turn {old.turn}"
        lines = action_lines(new, moves) or ["• no actions"]
        embed = discord.Embed(title=f"{player(old, seat)} — {kind} · done", description="\n".join(lines),
                              colour=colour(seat))
        embed.add_field(name="AP used", value=str(ap_used(new, moves)))
    elif old.phase is Phase.BID:
        won = f": {player(new, new.to_act)} won" if new.phase is Phase.PICK else ""
        embed = discord.Embed(title=f"🔨 Round {old.round} — bidding closed{won}", colour=colour(seat),
                              description=_shown(old))
    else:
        embed = discord.Embed(title=f"🔨 Round {old.round} — {_won(old)}", colour=colour(seat),
                              description=_picked(old, new))
    embed.set_footer(text=f"Game #{game.id}")
    return embed


def _revealed(old: GameView, new: GameView) -> str:
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
        return "Everyone has chosen."
    order = sorted(chips, key=lambda q: (chips[q], old.round_order.index(q)))
    return (" · ".join(f"{player(old, q)} **{chips[q]}**" for q in choosers if q in chips)
            + "\nSlots: " + " → ".join(f"{player(old, q)} ({chips[q]} AP)" for q in order))


def winning_bid(view: GameView) -> int:
    """What the auction just won cost (in a pick): the highest bid of the bids and passes that closed it (0 if
    everyone passed), read from the log since a view keeps the high bid only while the bidding goes on."""
    bids = list(takewhile(lambda move: move == "pass" or move.startswith("bid "), reversed(view.log)))
    return max((int(move.split()[1]) for move in bids if move != "pass"), default=0)


def _won(view: GameView) -> str:
    """``🟧 Ben wins the 1st turn for 5 points`` (in a pick: the auction's winner is the player to act)."""
    return f"{player(view, view.to_act)} wins the {prize(view)} for {_plural(winning_bid(view), 'point')}"


def _picked(old: GameView, new: GameView) -> str:
    """What the pick took (and, in Tikal Rápido, who was handed the display's last hexagon with it)."""
    move = new.log[old.version] if len(new.log) > old.version else ""
    words = move.split()
    if len(words) != 2 or words[0] != "pick" or not words[1].isdigit() or not 0 < int(words[1]) <= len(old.shown):
        return "Picked a hexagon."
    text = f"Picked the **{hexagon_name(old.shown[int(words[1]) - 1])}**."
    if old.variant is Variant.RAPIDO and len(new.hands) == len(old.players) and len(old.hands) == len(new.hands):
        handed = [q for q in range(len(old.players)) if q != old.to_act and not old.hands[q] and new.hands[q]]
        text += "".join(f" {player(new, q)} takes the last one, the **{hexagon_name(new.hands[q])}**." for q in handed)
    return text


def confirmation(view: GameView, text: str, *, still_acting: bool = True) -> str:
    """The acting player's private receipt of one command; ``still_acting``: the player acts on (so the AP left
    are theirs: not after a Tikal Rápido slot's one action, whose AP left would be the next player's)."""
    line = action_line(view, text) if text not in ("end", "undo") else text
    if text == "undo":
        line = "Taken back."
    elif text == "end":
        line = "Turn ended."
    ap = f" · {view.ap_left} AP left" if still_acting and view.ap_left is not None and view.phase in TURN_PHASES \
        and text not in ("end", "pass") and not text.startswith("bid") else ""
    return f"✅ {line}{ap}"


# --- the lobby and the game's posts ------------------------------------------------------------


def _seat_list(seats: Sequence[SeatInfo], *, started: bool) -> str:
    lines = []
    for i, s in enumerate(seats):
        seat = s.seat if started and s.seat is not None else i
        name = shown_name(s.name if started and s.name else s.display_name)
        who = "(🤖 computer)" if is_computer_member(s.member_id) else \
            "(left: the bot plays it)" if is_absent_member(s.member_id) else f"(<@{s.member_id}>)"
        lines.append(f"{square(seat)} {name} {who}")
    return "\n".join(lines) or "nobody yet"


def clock_words(timing: Timing, *, bids: bool = True) -> str:
    """The lobby's clock: ``24 h per turn · 6 h per bid · then the bot plays for the player · reminders on`` or
    ``No deadline · reminders on``; ``bids``: the game has auctions."""
    parts = []
    if timing.turn_hours or (bids and timing.bid_hours):
        parts.append(f"{timing.turn_hours:g} h per turn" if timing.turn_hours else "no turn deadline")
        if bids:
            parts.append(f"{timing.bid_hours:g} h per bid" if timing.bid_hours else "no bid deadline")
        parts.append({"skip": "then the bot plays for the player",
                      "computer": "then a computer player takes the turn"}.get(timing.policy,
                                                                              "then the moderators are told"))
    else:
        parts.append("No deadline")
    parts.append("reminders on" if timing.reminders else "no reminders")
    return " · ".join(parts)


def lobby_embed(game: GameInfo, timing: Timing | None = None) -> discord.Embed:
    """The lobby (and, once started, what it became); ``timing``: the game's clock, shown as its turn time."""
    started = game.status.value != "lobby"
    status = {"lobby": "The lobby is open: join with the button.", "running": "The game has started.",
              "finished": "The game is over.", "aborted": "This game was closed."}[game.status.value]
    embed = discord.Embed(title=f"Tikal — game #{game.id} ({game.variant})", colour=NEUTRAL, description=status)
    embed.add_field(name=f"Players ({len(game.seats)}/{game.seats_wanted})",
                    value=_seat_list(game.seats, started=started), inline=False)
    for name, rule in explain(game.setup):
        embed.add_field(name=name, value=rule, inline=False)
    if not started and not game.options:
        embed.add_field(name="Options", value="None: the rules as printed. The creator or a moderator may add "
                                              "variants with the menu below.", inline=False)
    if timing is not None:
        embed.add_field(name="⏰ Turn time", value=clock_words(timing, bids=game.variant != "basic"), inline=False)
    if not started and game.open_seats:
        embed.add_field(name="Free seats", value=str(game.open_seats))
    embed.add_field(name="Creator", value=f"<@{game.creator_id}>")
    if game.thread_id is not None:
        embed.add_field(name="Game thread", value=f"<#{game.thread_id}>")
    if not started:
        embed.set_footer(text="The creator or a moderator starts with 2–4 players (Start or /tikal-game start).")
    return embed


def scores_field(view: GameView) -> str:
    ranked = sorted(view.players, key=lambda p: -p.score)
    return "\n".join(f"{player(view, p.seat)} **{p.score}**" for p in ranked)


def scores_line(view: GameView) -> str:
    """``🟧 Ben **21** · 🟩 Cy **18** · 🟦 Ana **9**``, best first: the scores in one line (a phone's width)."""
    return " · ".join(f"{player(view, p.seat)} **{p.score}**" for p in sorted(view.players, key=lambda p: -p.score))


def _ping(who: Who | None) -> tuple[str, int | None]:
    member = who["member_id"] if who else None
    if member is None or is_absent_member(member):
        return "", None
    return f"<@{member}>", member


def _what_next(who: Who) -> str:
    phase = who.get("phase")
    if phase == "place" and who.get("ap") is None:
        return f"place your {hexagon_name(who.get('hand'))} hexagon"
    if phase == "jump":
        return "choose your chips"
    if who.get("slot"):
        return f"your slot — {who.get('ap')} AP, one action"
    if phase == "declare":
        return "does your volcano score now? **Yes** or **No** on the turn message, or `/tikal declare`"
    if phase == "place":
        return f"your turn — place the {hexagon_name(who.get('hand'))} hexagon"
    if phase == "scoring":
        return f"your scoring turn — {who.get('ap')} AP"
    if phase == "bid":
        return "your bid"
    if phase == "pick":
        return "pick a hexagon with `/tikal pick`"
    return f"your turn — {who.get('ap')} AP"


def _deadline(game: GameInfo, who: Who) -> str:
    """`` — deadline <t:…:R>`` or `` — no deadline``: the deadline the post's wait had when it was committed (a post
    queued before that was kept: the game's deadline now)."""
    return " — " + deadline_words(who.get("deadline_at", game.deadline_at))


def ping_text(game: GameInfo, who: Who | None, what: str | None = None) -> tuple[str, int | None]:
    """``<@Ben>, your turn — place the jungle hexagon — deadline <t:…:R>`` (or ``— no deadline``), and the member
    it may notify; empty for a computer or an absent seat (nobody to ping)."""
    mention, member = _ping(who)
    if not mention or who is None:
        return "", None
    return f"{mention}, {what or _what_next(who)}{_deadline(game, who)}", member


def started_post(game: GameInfo, view: GameView, payload: Started) -> tuple[str, discord.Embed, int | None]:
    """The first board: seat order with colours, and a ping for the first player."""
    seats = "\n".join(f"{square(s['seat'])} {shown_name(s['name'])} ("
                      + ("🤖 computer" if is_computer_member(s["member_id"] or 0) else f"<@{s['member_id']}>") + ")"
                      for s in payload["seats"])
    what = short(GameSetup(payload["variant"], game.options))
    embed = discord.Embed(title=f"Tikal game #{game.id} begins ({what})", colour=NEUTRAL)
    embed.add_field(name="Seat order", value=seats, inline=False)
    embed.set_image(url="attachment://board.png")
    content, member = ping_text(game, payload["next"])
    return content, embed, member


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def turn_summary(view: GameView, moves: Sequence[str], gained: int | None = None) -> str:
    """The turn in one line, for its board post (the turn message above keeps every action):
    ``Placed a jungle on D2, then 2 actions for 7 AP.`` / ``3 actions for 10 AP, then scored 12.``"""
    placed = next((m for m in moves if m.startswith("place ")), None)
    actions = [m for m in moves if m not in ("end", "undo") and m != placed]
    ap = ap_used(view, actions)
    did = f"{_plural(len(actions), 'action')} for {ap} AP" if actions else "no actions"
    if placed is not None:
        space = placed.split()[1]
        text = f"Placed a {hexagon_name(view.space(space).tile)} on {space}, then {did}"
    else:
        text = did[0].upper() + did[1:]
    if gained is not None:
        text += f", then scored {gained}"
    return text + "."


def turn_ended_post(game: GameInfo, view: GameView, payload: TurnEnded, *, ping: bool = True
                    ) -> tuple[str, discord.Embed, int | None]:
    """The board after a turn: its one-line summary, the scores and (in the content) a ping for the next player;
    ``ping``: False when the post right after it pings them (a scoring round's announcement)."""
    seat = payload["seat"]
    kind = "scoring turn" if payload.get("scoring") else f"turn {payload['turn']}"
    gained = None
    if payload.get("scoring"):
        scored = [e for e in view.score_log if e.player == seat]
        gained = scored[-1].temples + scored[-1].treasures if scored else None
    embed = discord.Embed(title=f"{square(seat)} {payload['player']} — {kind} done", colour=colour(seat),
                          description=f"{turn_summary(view, payload['moves'], gained)}\n{scores_line(view)}")
    nxt = payload.get("next") if ping else None
    content, member = ping_text(game, nxt)
    if nxt and not content:  # nobody to ping (a computer, an absent seat): who plays next, in words
        embed.add_field(name="Next", value=f"{square(nxt['seat'])} {nxt['name']}")
    embed.set_image(url="attachment://board.png")
    embed.set_footer(text=f"Game #{game.id}")
    return content, embed, member


def scoring_round_embed(game: GameInfo, view: GameView, payload: ScoringRound, *, complete: bool = False
                        ) -> discord.Embed:
    """A scoring round's announcement: who drew or took the volcano and who scores first; each player's line as
    they score (from ``view``'s score log), and, once ``complete``, the scores after the round."""
    number, final = payload["round"], payload.get("final")
    volcano = payload.get("volcano")
    took = "drew" if game.variant == "basic" else "took"
    lines = [f"{player(view, e.player)} +{_plural(e.temples, 'temple')} +{_plural(e.treasures, 'treasure')} = {e.total}"
             for e in view.score_log if e.round == number]
    if payload.get("at_once"):
        title = f"🌋 Volcano {number} of 4 — everyone scores at once"
        head = (f"{player(view, volcano)} {took} a volcano: " if volcano is not None else "") + \
            "no scoring round with this option, everyone scored as things stood."
        complete = True
    else:
        title = "🌋 Final scoring round" if final else f"🌋 Scoring round {number} of 4"
        nxt = payload.get("next")
        first = f"{square(nxt['seat'])} {nxt['name']}" if nxt else "the first player"
        why = ("The last hexagon is placed" if final else
               f"{player(view, volcano)} {took} a volcano" if volcano is not None else "A volcano appeared")
        head = f"{why}: each player takes 10 AP, then scores — {first} first."
    body = [head, "", *lines] if lines else [head, "", "Each player's points are added here as they score."]
    embed = discord.Embed(title=title, description="\n".join(body), colour=0xD55E00)
    if complete:
        name = "Final scores" if final else f"Scores after round {number}"
        embed.add_field(name=name, value=scores_line(view), inline=False)
    embed.set_footer(text=f"Game #{game.id}")
    return embed


def ping_only(game: GameInfo, who: Who | None, what: str | None = None) -> tuple[str, int | None]:
    """A short ping that is deleted once answered (the live message tells the story)."""
    return ping_text(game, who, what)


ORDINALS: Final = ("1st", "2nd", "3rd", "4th")


def auction_number(view: GameView) -> int:
    """Which auction of the round is under way or was last won (1, 2 …): one per player who had a turn (or a
    hexagon) this round, plus one."""
    return sum(p.had_turn for p in view.players) + 1


def prize(view: GameView) -> str:
    """``1st turn`` / ``2nd hexagon``: what the auction under way hands out."""
    thing = "hexagon" if view.variant is Variant.RAPIDO else "turn"
    return f"{ORDINALS[min(auction_number(view), len(ORDINALS)) - 1]} {thing}"


def bidding_ping(game: GameInfo, payload: Bidding) -> tuple[str, int | None]:
    """``<@Ben>, your bid — high bid 5 (🟦 Ana) — deadline <t:…:R>``: deleted once Ben has bid or passed."""
    high = f"high bid {payload['high_bid']} ({payload['high_bidder']})" if payload.get("high_bidder") \
        else "no bid yet"
    return ping_only(game, payload.get("next"), f"your bid in round {payload['round']} — {high}")


def auction_won_ping(game: GameInfo, payload: AuctionWon, view: GameView | None = None) -> tuple[str, int | None]:
    """``<@Ben>, you won the 1st turn of round 3 for 5 points: pick a hexagon with /tikal pick — deadline …``."""
    what = prize(view) if view is not None else "auction"
    points = "point" if payload["price"] == 1 else "points"
    return ping_only(game, payload.get("next"), f"you won the {what} of round {payload['round']} for "
                                                f"{payload['price']} {points}: pick a hexagon with `/tikal pick`")


def rapido_placing_ping(game: GameInfo, payload: RapidoPlacing) -> tuple[str, int | None]:
    """Tikal Rápido: everyone holds a hexagon; a ping for the first to place (the order is on the live message)."""
    nxt = payload.get("next")
    order = " → ".join(payload["order"])
    return ping_only(game, nxt, (f"place your {hexagon_name(nxt.get('hand'))} hexagon — round order {order}"
                                 if nxt else None))


def jump_opened_post(game: GameInfo, payload: JumpOpened) -> tuple[str, discord.Embed, list[int]]:
    """The board as the jump opens, and one ping for everyone who must choose (in one message)."""
    members = [c["member_id"] for c in payload["choosers"] if c["member_id"] is not None
               and not is_absent_member(c["member_id"])]
    embed = discord.Embed(title=f"🦘 Round {payload['round']} · jump {payload['jump']}: choose your chips",
                          colour=NEUTRAL, description=(
                              "Choose in secret with the buttons of the message below (how it works is there); "
                              "the numbers are revealed when everyone has chosen."))
    embed.set_image(url="attachment://board.png")
    embed.set_footer(text=f"Game #{game.id}")
    content = " ".join(f"<@{m}>" for m in members)
    deadline = " — " + deadline_words(payload.get("deadline_at", game.deadline_at))
    return (f"{content}, choose your chips for jump {payload['jump']}{deadline}" if content else ""), embed, members


def finished_embed(game: GameInfo, view: GameView, payload: Finished) -> discord.Embed:
    """The result, for players: the ranking with each score's temple and treasure points, the temples each player
    guards at the end, and what the attached record is for. (Its picture, if any, is the composer's.)"""
    winners = payload.get("winners") or []
    named = " and ".join(winners)
    embed = discord.Embed(title=f"🏆 Game #{game.id} is over — {named} win{'s' if len(winners) == 1 else ''}",
                          colour=0xDEB228)
    earned = {p.seat: [0, 0] for p in view.players}
    for e in view.score_log:
        earned[e.player][0] += e.temples
        earned[e.player][1] += e.treasures
    start = 0 if view.variant is Variant.BASIC else AUCTION_START_SCORE
    lines = []
    for rank, p in enumerate(sorted(view.players, key=lambda p: -p.score), start=1):
        temples, treasures = earned[p.seat]
        split = f"{temples} temples + {treasures} treasures"
        if start:
            split += f" + {start} to start"
        spent = start + temples + treasures - p.score  # what the auctions cost
        if spent:
            split += f" − {spent} in bids" if spent > 0 else f" + {-spent} other"
        kept = ", ".join(f"{n} {k}" for k, n in p.treasures) or "none"
        lines.append(f"{rank}. {player(view, p.seat)} **{p.score}** = {split} · treasures kept: {kept}")
    embed.add_field(name="Ranking", value="\n".join(lines), inline=False)
    guarded: dict[int, list[str]] = {}
    for s in view.spaces:
        if s.terrain is Terrain.TEMPLE and s.guard is not None:
            guarded.setdefault(s.guard, []).append(f"{s.name} (temple {s.value})")
    if guarded:
        embed.add_field(name="Temples guarded at the end", inline=False, value="\n".join(
            f"{player(view, seat)}: {', '.join(spaces)}" for seat, spaces in sorted(guarded.items())))
    embed.add_field(name="The game record", inline=False, value=(
        f"`tikal-game-{game.id}.json` below holds every move of this game: keep it to replay or study the game "
        "later (`/tikal-game export` gives it again)."))
    embed.set_footer(text=f"Game #{game.id}")
    return embed


def status_embed(game: GameInfo, view: GameView, jump: tuple[Sequence[int], Sequence[int]] | None = None
                 ) -> discord.Embed:
    embed = live_embed(game, view, jump) if not view.finished else discord.Embed(title=f"Game #{game.id} is over")
    embed.add_field(name="Scores", value=scores_field(view), inline=False)
    stack = f"{view.stack_left} hexagons left · {view.volcanoes_to_come} volcanoes"
    if "randomterrain" in game.options:
        stack += f" to come ({view.volcanoes_added} of 3 shuffled in, {view.volcanoes_taken} taken)"
    embed.add_field(name="Stack", value=stack)
    if game.variant != "basic" or game.options:
        embed.add_field(name="Variant and options", value=short(game.setup))
    if view.variant is Variant.RAPIDO and view.round_order:
        hands = [f"{player(view, q)} {hexagon_name(t)}" for q, t in enumerate(view.hands) if t]
        embed.add_field(name="Round order", value=" → ".join(player(view, q) for q in view.round_order)
                        + (f"\nHolding: {', '.join(hands)}" if hands else ""), inline=False)
    if view.rolls:
        embed.add_field(name="Dice rolled", value=", ".join(str(r) for r in view.rolls[-12:])
                        + (" …" if len(view.rolls) > 12 else "") + f" ({len(view.rolls)} in all)")
    return embed


def rules_embed(legend: Sequence[str] = (), setup: GameSetup | None = None) -> discord.Embed:
    """The short rules, with the board picture's legend (``render.legend_lines()``) at the end; ``setup``: the
    variant and options of the channel's game, each explained in two lines."""
    embed = discord.Embed(title="Tikal — the short rules", colour=NEUTRAL,
                          description="Every option is autocompleted with what is legal now, cost included.")
    for name, value in RULES:
        embed.add_field(name=name, value=value, inline=False)
    chosen = explain(setup) if setup is not None else []
    for name, value in chosen:
        embed.add_field(name=f"This game: {name}", value=value, inline=False)
    if not chosen:
        embed.add_field(name=OPTIONS_OVERVIEW[0], value=OPTIONS_OVERVIEW[1], inline=False)
    if legend:
        embed.add_field(name="Reading the board picture", value="\n".join(f"• {line}" for line in legend)[:1024],
                        inline=False)
    return embed


def missing_permissions_text(missing: Sequence[str]) -> str:
    return ("I cannot run a game here: I am missing " + ", ".join(f"**{m}**" for m in missing)
            + " in this channel. Ask a moderator to grant them (channel settings → Permissions), then try again.")
