"""The channel picture's header in words: whose turn and the phase, the auction's state, and the caption
of what the last turn did (fitted into the lines there are)."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageFont

from engine import GameView, Phase

from . import rapido, words
from .story import phrase, story
from .textrun import Part, line_width
from .words import Words

SEP = words.SEP
NO_BREAK = "\u00a0"
"""Joins the words of one action, so a line breaks only between actions."""


def _who(view: GameView, seat: int | None, w: Words) -> list[Part]:
    if seat is None:
        return [w.nobody()]
    return [seat, view.players[seat].name]


def status_parts(view: GameView, w: Words) -> list[Part]:
    """One line: ``Turn 25 · ● Ana · 2 AP left``, ``Auction round 4 · ▲ Ben to bid`` …"""
    special = rapido.status(view, w)  # a Tikal Rápido round's placing, jumps and slots; a declaration
    if special is not None:
        return special
    p = view.to_act
    if view.phase is Phase.FINISHED:
        out: list[Part] = [w.game_over(), SEP]
        for i, winner in enumerate(view.winners):
            out += ([f" {w.and_()} "] if i else []) + _who(view, winner, w)
        best = view.players[view.winners[0]].score if view.winners else 0
        return [*out, f" {w.wins_with(len(view.winners) > 1, best)}"]
    if view.phase is Phase.BID:
        return [w.auction_round(view.round), SEP, *_who(view, p, w), f" {w.to_bid()}"]
    if view.phase is Phase.PICK:
        return [w.auction_round(view.round), SEP, *_who(view, p, w), f" {w.picks()}"]
    if view.phase is Phase.SCORING:
        head = w.final_scoring() if view.final_scoring else w.scoring_round(view.scoring_round)
        return [head, SEP, *_who(view, p, w), SEP, w.ap_left(view.ap_left or 0)]
    doing = w.places_first() if view.phase is Phase.PLACE else w.ap_left(view.ap_left or 0)
    return [w.turn(view.turn), SEP, *_who(view, p, w), SEP, doing]


def auction_parts(view: GameView, w: Words, *, passed: bool = True) -> list[Part] | None:
    """The bidding's state (``high bid 3 by ● Ana · passed: ■ ▲``, who passed only if ``passed``) or the
    pick's, else ``None``."""
    if view.phase is Phase.PICK:
        return [w.pick_range(len(view.shown))]
    if view.phase is not Phase.BID:
        return None
    out: list[Part] = [w.no_bid_yet()]
    if view.high_bidder is not None:
        out = [f"{w.high_bid(view.high_bid)} {w.by()} ", *_who(view, view.high_bidder, w)]
    seats = [p.seat for p in view.players if p.passed]
    if seats and passed:
        out += [SEP, f"{w.passed_list()} ", *seats]
    return out


def _wrapped(prefix: list[Part], text: str, f: ImageFont.FreeTypeFont, room: float,
             max_lines: int) -> list[list[Part]] | None:
    """``prefix`` then ``text`` broken at spaces into at most ``max_lines`` lines, or ``None``."""
    lines: list[list[Part]] = [list(prefix)]
    current = ""
    for word in text.split(" "):
        candidate = f"{current} {word}" if current else word
        if line_width([*lines[-1], candidate], f) <= room:
            current = candidate
            continue
        if not current and len(lines[-1]) == 0:
            return None
        lines[-1].append(current)
        lines.append([])
        current = word
        if len(lines) > max_lines or f.getlength(word) > room:
            return None
    lines[-1].append(current)
    return lines


def story_lines(view: GameView, w: Words, room: float, f: ImageFont.FreeTypeFont, max_lines: int, *,
                head: Sequence[Part] = (), before: Sequence[str] = ()) -> list[list[Part]]:
    """The caption: ``● Ben: placed E2 (temple 3), moved 3 A1→D3 — 0 AP left``, in as many of the turn's
    actions as fit (``+2 more`` for the rest). The replay puts ``head`` first (``Turn 14 · ``) and
    ``before`` ahead of the turn's own phrases (what the auction cost)."""
    told_round = rapido.caption_lines(view, w, room, f, max_lines, phrase) if not head and not before else None
    if told_round is not None:
        return told_round
    told = story(view, w)
    if told is None:
        return [[*head, w.game_starts()]] if view.phase is not Phase.FINISHED else []
    name = view.players[told.player].name
    prefix: list[Part] = [*head, told.player, f"{name} {w.so_far()} " if told.ongoing else f"{name}: "]
    phrases = [p.replace(" ", NO_BREAK) for p in (*before, *told.phrases)] or [w.no_actions()]
    tail = phrases[-1:] if told.scored else []
    body = phrases[:len(phrases) - len(tail)]
    for keep in range(len(body), -1 if tail else 0, -1):
        shown = body[:keep] + ([w.more_actions(len(body) - keep)] if keep < len(body) else []) + tail
        text = w.turn_story(w.story_join(shown), told.ap_left)
        lines = _wrapped(prefix, text, f, room, max_lines)
        if lines is not None:
            return lines
    return [[*prefix, w.turn_story(w.more_actions(len(phrases)), told.ap_left)]]
