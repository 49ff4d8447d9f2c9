"""What the bot says in Discord: embeds and lines built from views, game infos and outbox payloads (UX.md).

Pure functions, no I/O; the game's words come from ``bot.core.labels``. Mentions only ever go in a
message's content, never in an embed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import discord

from bot.core.game_options import GameSetup, explain, short
from bot.core.help import OPTIONS_OVERVIEW, RULES
from bot.core.labels import action_line, action_lines, ap_used, hexagon_name, player, square, view_jump_number
from bot.core.posts import (
    AuctionWon,
    Bidding,
    Declaration,
    Finished,
    JumpOpened,
    JumpRevealed,
    RapidoActed,
    RapidoPlacing,
    ScoringRound,
    Started,
    TurnEnded,
    Who,
)
from bot.core.results import GameInfo, JumpChoice, SeatInfo
from bot.core.seats import is_absent_member, is_computer_member
from engine import GameView, Phase, Stage, Terrain, Variant

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
    if view.phase is Phase.BID:
        return f"Game #{game_id} · round {view.round} · bidding after turn {view.turn}"
    return f"Game #{game_id} · round {view.round} · {name} picks"


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
        return discord.Embed(title=title, description=head, colour=colour(seat))
    revealed = " · ".join(f"{player(view, q)} {j}" for q, j in enumerate(view.jump) if j is not None)
    title = f"{player(view, seat)} — round {view.round} · jump {view_jump_number(view)} · {view.ap_left} AP"
    head = (f"One action costing at most {view.ap_left} AP with `/tikal …`, or give the slot up with the button "
            "(leftover AP are lost; no undo).")
    embed = discord.Embed(title=title, description="\n".join([head, *action_lines(view, view.turn_moves)]),
                          colour=colour(seat))
    embed.add_field(name="Revealed", value=revealed or "—", inline=False)
    if view.slots:
        embed.add_field(name="Then", value=", ".join(player(view, q) for q in view.slots))
    return embed


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
        if view.phase is Phase.PLACE:
            head = (f"Drew a **{hexagon_name(view.hand)}** hexagon: place it with `/tikal place` "
                    "(the **Board** button shows where it fits).")
        elif view.phase is Phase.SCORING:
            round_ = "final scoring round" if view.final_scoring else f"scoring round {view.scoring_round} of 4"
            head = f"🌋 {round_.capitalize()}: spend your AP, then end the turn to score."
        else:
            head = "Act with `/tikal …`; end the turn with the button or `/tikal end`."
        embed = discord.Embed(title=title, description="\n".join([head, *lines]), colour=colour(seat))
    elif view.phase is Phase.BID:
        high = (f"{view.high_bid} by {player(view, view.high_bidder)}" if view.high_bidder is not None
                else "none yet")
        passed = [player(view, p.seat) for p in view.players if p.passed]
        prize = "a hexagon" if view.variant is Variant.RAPIDO else "the next turn"
        embed = discord.Embed(title=f"🔨 Round {view.round} — bidding for {prize}", colour=colour(seat))
        embed.add_field(name="Shown hexagons", value=_shown(view), inline=False)
        embed.add_field(name="High bid", value=high)
        embed.add_field(name="Next to bid", value=player(view, seat))
        if passed:
            embed.add_field(name="Passed", value=", ".join(passed))
        embed.description = "Bid with `/tikal bid` (points from your score) or `/tikal pass`."
    else:
        embed = discord.Embed(title=f"{player(view, seat)} picks a hexagon (round {view.round})",
                              description=_shown(view) + "\n\nPick one with `/tikal pick`.", colour=colour(seat))
    embed.set_footer(text=stage_label(game.id, view) or f"Game #{game.id}")
    return embed


def live_final_embed(game: GameInfo, old: GameView, new: GameView) -> discord.Embed:
    """The live message's last form, once its stage is over: what was done and the AP used."""
    seat = old.to_act
    stage = rapido_stage(old)
    done = new.log[old.version: old.version + 1]
    if old.phase is Phase.JUMP:
        embed = discord.Embed(title=f"🦘 Round {old.round} · jump {view_jump_number(old)} — everyone has chosen",
                              colour=NEUTRAL, description="The numbers are revealed below.")
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
        embed = discord.Embed(title=f"{player(old, seat)} picked a {hexagon_name(new.hand)} hexagon",
                              colour=colour(seat))
    embed.set_footer(text=f"Game #{game.id}")
    return embed


def confirmation(view: GameView, text: str) -> str:
    """The acting player's private receipt of one command."""
    line = action_line(view, text) if text not in ("end", "undo") else text
    if text == "undo":
        line = "Taken back."
    elif text == "end":
        line = "Turn ended."
    ap = f" · {view.ap_left} AP left" if view.ap_left is not None and view.phase in TURN_PHASES \
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


def lobby_embed(game: GameInfo) -> discord.Embed:
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
        return "declare whether your volcano scores"
    if phase == "place":
        return f"your turn — place the {hexagon_name(who.get('hand'))} hexagon"
    if phase == "scoring":
        return f"your scoring turn — {who.get('ap')} AP"
    if phase == "bid":
        return "your bid"
    if phase == "pick":
        return "pick a hexagon"
    return f"your turn — {who.get('ap')} AP"


def deadline_text(game: GameInfo) -> str:
    return f" — deadline <t:{int(game.deadline_at)}:R>" if game.deadline_at else ""


def started_post(game: GameInfo, view: GameView, payload: Started) -> tuple[str, discord.Embed, int | None]:
    """The first board: seat order with colours, and a ping for the first player."""
    seats = "\n".join(f"{square(s['seat'])} {shown_name(s['name'])} ("
                      + ("🤖 computer" if is_computer_member(s["member_id"] or 0) else f"<@{s['member_id']}>") + ")"
                      for s in payload["seats"])
    what = short(GameSetup(payload["variant"], game.options))
    embed = discord.Embed(title=f"Tikal game #{game.id} begins ({what})", colour=NEUTRAL)
    embed.add_field(name="Seat order", value=seats, inline=False)
    embed.set_image(url="attachment://board.png")
    nxt = payload["next"]
    mention, member = _ping(nxt)
    content = f"{mention}, {_what_next(nxt)}{deadline_text(game)}" if mention and nxt else ""
    return content, embed, member


def turn_ended_post(game: GameInfo, view: GameView, payload: TurnEnded) -> tuple[str, discord.Embed, int | None]:
    """The board after a turn, the scores and the turn's summary; the next player is pinged in the content."""
    seat = payload["seat"]
    kind = "scoring turn" if payload.get("scoring") else f"turn {payload['turn']}"
    lines = action_lines(view, payload["moves"]) or ["• no actions"]
    embed = discord.Embed(title=f"{square(seat)} {payload['player']} — {kind} done",
                          description="\n".join(lines), colour=colour(seat))
    if payload.get("scoring"):
        scored = [e for e in view.score_log if e.player == seat]
        if scored:
            e = scored[-1]
            embed.add_field(name=f"Scoring round {e.round}", inline=False, value=(
                f"{square(seat)} {payload['player']} +{e.temples} temples +{e.treasures} treasures "
                f"= {view.players[seat].score}"))
    embed.add_field(name="Scores", value=scores_field(view), inline=False)
    nxt = payload.get("next")
    if nxt:
        embed.add_field(name="Next", value=f"{square(nxt['seat'])} {nxt['name']}")
    embed.set_image(url="attachment://board.png")
    embed.set_footer(text=f"Game #{game.id}")
    mention, member = _ping(nxt)
    content = f"{mention}, {_what_next(nxt)}{deadline_text(game)}" if mention and nxt else ""
    return content, embed, member


def scoring_round_text(payload: ScoringRound) -> str:
    if payload.get("at_once"):
        gains = " · ".join(f"{name} +{points}" for name, points in (payload.get("gains") or {}).items())
        return f"🌋 **Volcano {payload['round']} of 4 — everyone scores at once** (no scoring round): {gains}."
    if payload.get("final"):
        return "🌋 **Final scoring round** — each player takes 10 AP, then scores."
    return f"🌋 **Scoring round {payload['round']} of 4** — each player takes 10 AP, then scores."


def bidding_text(payload: Bidding) -> tuple[str, int | None]:
    mention, member = _ping(payload.get("next"))
    high = (f"high bid {payload['high_bid']} ({payload['high_bidder']})" if payload.get("high_bidder")
            else "no bid yet")
    return f"{mention or 'Next'}, your bid in round {payload['round']} — {high}.", member


ORDINALS: Final = ("1st", "2nd", "3rd", "4th")


def auction_won_text(payload: AuctionWon, view: GameView | None = None) -> tuple[str, int | None]:
    """``🟧 Ben wins the 1st turn of round 3 for 5 points → @Ben, pick a hexagon``."""
    mention, member = _ping(payload.get("next"))
    nxt = payload["next"]
    which = "next"
    if view is not None:
        which = ORDINALS[min(sum(p.had_turn for p in view.players), len(ORDINALS) - 1)]
    points = "point" if payload["price"] == 1 else "points"
    seat, name = (nxt["seat"], nxt["name"]) if nxt else (None, "?")
    prize = "hexagon" if view is not None and view.variant is Variant.RAPIDO else "turn"
    return (f"{square(seat)} {name} wins the {which} {prize} of round {payload['round']} "
            f"for {payload['price']} {points} → {mention or 'they'}, pick a hexagon with `/tikal pick`.", member)


def declare_text(payload: Declaration) -> tuple[str, int | None]:
    """Random terrain: ``@Ben, 🌋 your volcano: does it score now?``."""
    mention, member = _ping(payload.get("next"))
    nxt = payload.get("next")
    who = mention or (f"{square(nxt['seat'])} {nxt['name']}" if nxt else "The taker")
    return (f"{who}, 🌋 you took a volcano from a display with another: does it score now? Yes or No on the turn "
            "message, or `/tikal declare`.", member)


def rapido_placing_text(payload: RapidoPlacing) -> tuple[str, int | None]:
    """Tikal Rápido: everyone holds a hexagon; the round order; a ping for the first to place."""
    mention, member = _ping(payload.get("next"))
    order = " → ".join(payload["order"])
    return (f"🧭 Round {payload['round']}: everyone holds a hexagon. Round order {order}. "
            f"{mention or 'The first'}, place yours with `/tikal place`.", member)


def rapido_acted_text(view: GameView | None, payload: RapidoActed) -> tuple[str, int | None]:
    """A placement of phase 2 or a jump's one action, and who is next (pinged)."""
    mention, member = _ping(payload.get("next"))
    move = payload["move"]
    done = action_line(view, move) if view is not None and move != "end" else (
        "gave the slot up" if move == "end" else move)
    nxt = payload.get("next")
    then = f" → {mention}, {_what_next(nxt)}" if mention and nxt else ""
    return f"{square(payload['seat'])} {payload['player']}: {done}{then}", member


def jump_opened_post(game: GameInfo, payload: JumpOpened) -> tuple[str, discord.Embed, list[int]]:
    """The board as the jump opens, and one ping for everyone who must choose (in one message)."""
    members = [c["member_id"] for c in payload["choosers"] if c["member_id"] is not None
               and not is_absent_member(c["member_id"])]
    embed = discord.Embed(title=f"🦘 Round {payload['round']} · jump {payload['jump']}: choose your chips",
                          colour=NEUTRAL, description=(
                              "Everyone with chips chooses 1–5 of them in secret (the buttons on the turn message "
                              "answer privately, or `/tikal jump`). When all have chosen, the numbers are revealed "
                              "and the lowest acts first with that many AP."))
    embed.add_field(name="Chips", value=" · ".join(f"{square(c['seat'])} {c['name']} {c['chips']}"
                                                   for c in payload["choosers"]), inline=False)
    embed.set_image(url="attachment://board.png")
    embed.set_footer(text=f"Game #{game.id}")
    content = " ".join(f"<@{m}>" for m in members)
    return (f"{content}, choose your chips for jump {payload['jump']}." if content else ""), embed, members


def jump_revealed_text(view: GameView | None, payload: JumpRevealed) -> tuple[str, int | None]:
    """Every number at once, the order of the slots, and a ping for the first to act."""
    mention, member = _ping(payload.get("next"))
    seats = {p.name: p.seat for p in view.players} if view is not None else {}
    chosen = " · ".join(f"{square(seats.get(name))} {name} **{n}**" for name, n in payload["chosen"].items())
    order = " → ".join(payload["slots"])
    nxt = payload.get("next")
    then = f" {mention}, {_what_next(nxt)}" if mention and nxt else ""
    return f"🦘 Jump {payload['jump']} revealed: {chosen}. Order: {order}.{then}", member


def finished_embed(game: GameInfo, view: GameView, payload: Finished) -> discord.Embed:
    winners = ", ".join(payload.get("winners") or [])
    embed = discord.Embed(title=f"🏆 Game #{game.id} is over — {winners} win{'s' if ',' not in winners else ''}",
                          colour=0xDEB228)
    lines = []
    for rank, p in enumerate(sorted(view.players, key=lambda p: -p.score), start=1):
        treasures = ", ".join(f"{n} {k}" for k, n in p.treasures) or "no treasures"
        lines.append(f"{rank}. {player(view, p.seat)} **{p.score}** · {treasures}")
    embed.add_field(name="Ranking", value="\n".join(lines), inline=False)
    temples = [f"{s.name} {s.value} ({view.players[s.guard].name})" for s in view.spaces
               if s.terrain is Terrain.TEMPLE and s.guard is not None]
    if temples:
        embed.add_field(name="Guarded temples", value=", ".join(temples)[:1024], inline=False)
    embed.set_image(url="attachment://board.png")
    embed.set_footer(text="The full game record is attached (python -m engine replay reads it).")
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
