"""A wait's catch-up in words: what happened since the player's last turn, one line per other player's turn (computer
turns and the bot's moves for a seat included), an auction in one line, a jump's numbers in one line, and each
scoring round's points once it is complete (docs/channel.md, principle 3). Built from public moves only
(``bot.core.table.story``): hexagons by what they are, spaces by name, no rotation and no notation.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import engine
from bot.core.storage.seats import is_absent_member, is_computer_member
from bot.core.table.results import GameInfo
from bot.core.table.story import CaughtUp
from bot.core.words.labels import hexagon_name, player
from bot.core.words.moves import phrase
from engine import GameView, Variant
from engine.messages import ENGLISH, Speaker

LINES: Final = 12
"""The most lines a catch-up shows (the latest): older turns are summed up in one line."""


def who_played(game: GameInfo, view: GameView, seat: int, bot: bool, t: Speaker, *, computer: bool = False,
               finished: bool = False) -> str:
    """``🟧 Ben``, marked when the bot played: ``🟧 Ben 🤖`` for a computer player, else ``(played by the bot)``;
    ``finished``: the player began the turn and the bot ended it (their deadline passed, a moderator skipped)."""
    name = player(view, seat, t)
    info = game.at_seat(seat)
    if computer or (info is not None and is_computer_member(info.member_id)):
        return f"{name} 🤖"
    if finished and not bot:
        return t.tr("story.finished_by_bot", "{player} (finished by the bot)", player=name)
    if bot:
        return t.tr("story.by_bot", "{player} (played by the bot)", player=name) if info is None or \
            not is_absent_member(info.member_id) else t.tr("story.by_bot_left", "{player} (left: played by the bot)",
                                                           player=name)
    return name


def _parsed(move: str) -> engine.Move | None:
    try:
        return engine.parse_move(move)
    except engine.EngineError:
        return None


def _run_line(game: GameInfo, view: GameView, run: Sequence[CaughtUp], won: int | None, t: Speaker) -> str:
    seat = run[0]["seat"]
    said: list[str | None] = []  # one per move, so that an undo takes back its own
    for caught in run:
        facts = caught.get("facts") or {}
        move = _parsed(caught["move"])
        if isinstance(move, engine.Undo):
            while said and said.pop() is None:
                continue
        elif move is not None and not isinstance(move, engine.End):
            said.append(phrase(view, move, t, facts.get("tile")))
    phrases = [p for p in said if p]
    bot = all(c["bot"] for c in run)
    name = who_played(game, view, seat, bot, t, computer=all(c.get("computer") for c in run),
                      finished=run[-1]["bot"])
    scoring = any((c.get("facts") or {}).get("scoring") for c in run)
    gained = [g for c in run for g in (c.get("facts") or {}).get("gains") or [] if g[0] == seat]
    did = " · ".join(phrases) if phrases else (
        t.tr("story.slot_given_up", "gave the slot up") if _slot(view, run) else t.tr("story.nothing", "no actions"))
    if scoring:
        scored = t.ntr("story.scored", "scored {n} point", "scored {n} points", gained[-1][1] + gained[-1][2]) \
            if gained else ""
        return t.tr("story.scoring_line", "🌋 {player}, scoring turn: {did}", player=name,
                    did=" · ".join(p for p in (did, scored) if p))
    if won is not None:
        return t.ntr("story.won_line", "{player} won the auction for {n} point: {did}",
                     "{player} won the auction for {n} points: {did}", won, player=name, did=did)
    return t.tr("story.line", "{player}: {did}", player=name, did=did)


def _slot(view: GameView, run: Sequence[CaughtUp]) -> bool:
    return view.variant is Variant.RAPIDO and len(run) == 1 and run[0]["move"] == "end"


def _round_line(view: GameView, number: int, at_once: bool, t: Speaker) -> str:
    """A complete scoring round: every player's points in it (from the view's score log), best first."""
    entries = sorted((e for e in view.score_log if e.round == number), key=lambda e: -(e.temples + e.treasures))
    points = " · ".join(f"{player(view, e.player, t)} +{e.temples + e.treasures}" for e in entries)
    if at_once:
        return t.tr("story.at_once", "🌋 Volcano {number}: everyone scores at once — {points}", number=number,
                    points=points)
    return t.tr("story.round", "🌋 Scoring round {number}: {points}", number=number, points=points)


def catch_up_lines(game: GameInfo, view: GameView, moves: Sequence[CaughtUp], t: Speaker = ENGLISH) -> list[str]:
    """The catch-up of ``moves`` (public moves in log order), ``LINES`` lines at most (the latest); a scoring round
    complete within them adds every player's points in it once."""
    lines: list[str] = []
    players = len(view.players)
    last_of_round = {int((c.get("facts") or {}).get("round") or 0): k for k, c in enumerate(moves)
                     if (c.get("facts") or {}).get("gains")}
    won_by: dict[int, int] = {}
    i = 0
    while i < len(moves):
        first = moves[i]
        verb = first["move"].split(" ", 1)[0]
        j = i + 1
        if verb in ("bid", "pass"):
            while j < len(moves) and moves[j]["move"].split(" ", 1)[0] in ("bid", "pass"):
                j += 1
            won = next(((c.get("facts") or {}).get("won") for c in moves[i:j] if (c.get("facts") or {}).get("won")),
                       None)
            if won is not None:
                winner, price = won
                pick = moves[j] if j < len(moves) and moves[j]["move"].startswith("pick") else None
                tile = (pick.get("facts") or {}).get("tile") if pick is not None else None
                if view.variant is Variant.RAPIDO:
                    lines.append(t.ntr("story.won_hexagon", "🔨 {player} won the {hexagon} for {n} point",
                                       "🔨 {player} won the {hexagon} for {n} points", price,
                                       player=player(view, winner, t), hexagon=hexagon_name(tile, t)))
                    j += pick is not None
                else:
                    won_by[winner] = price
        elif verb == "jump":
            while j < len(moves) and moves[j]["move"].startswith("jump"):
                j += 1
            number = (first.get("facts") or {}).get("jump")
            chips = " · ".join(f"{player(view, c['seat'], t)} {c['move'].split()[-1]}" for c in moves[i:j])
            if j < len(moves) or not any(n is not None for n in view.jump):  # the jump under way: its message says
                lines.append(t.tr("story.jump", "🦘 Jump {number}: {chips}", number=number, chips=chips) if number
                             else t.tr("story.jump_plain", "🦘 Jump: {chips}", chips=chips))
        else:
            while j < len(moves) and moves[j]["seat"] == first["seat"] and \
                    moves[j]["move"].split(" ", 1)[0] not in ("bid", "pass", "jump"):
                j += 1
            lines.append(_run_line(game, view, moves[i:j], won_by.pop(first["seat"], None), t))
        for k in range(i, j):
            facts = moves[k].get("facts") or {}
            number = int(facts.get("round") or 0)
            if facts.get("gains") and last_of_round.get(number) == k and \
                    sum(e.round == number for e in view.score_log) >= players:  # the round is complete
                lines.append(_round_line(view, number, not facts.get("scoring"), t))
            for seat, tile in facts.get("handed") or []:
                lines.append(t.tr("story.handed", "{player} took the last hexagon, the {hexagon}",
                                  player=player(view, int(seat), t), hexagon=hexagon_name(str(tile), t)))
        i = j
    if len(lines) > LINES:
        earlier = len(lines) - LINES + 1
        lines = [t.ntr("story.earlier", "… {n} earlier line (`/tikal-game history` has every move)",
                       "… {n} earlier lines (`/tikal-game history` has every move)", earlier), *lines[earlier:]]
    return lines


__all__ = ["LINES", "catch_up_lines", "phrase", "who_played"]
