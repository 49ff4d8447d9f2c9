"""The channel picture in words, for the attachment's alt text (screen readers): the status, the scores,
the last turn, the hexagon in hand, then the board (temples, wafers, camps, figures), most important first."""

from __future__ import annotations

from typing import Final

from engine import HEXAGONS, GameView, Phase, Terrain

from . import rapido, variants, words
from .hexes import temple_leader
from .highlight import changed_spaces
from .palette import MARKER_SYMBOLS
from .panel import stack_line
from .story import phrase, story
from .words import Words, words_for

ALT_TEXT_LIMIT: Final = 1024
"""Discord keeps at most this many characters of an attachment's description."""


def _player(view: GameView, seat: int) -> str:
    return view.players[seat].name


def _phase(view: GameView, w: Words) -> str:
    who = _player(view, view.to_act) if view.to_act is not None else ""
    special = rapido.status(view, w)  # a Tikal Rápido round's placing, jumps and slots; a declaration
    if special is not None:
        return rapido.plain(special)
    if view.phase is Phase.FINISHED:
        return w.alt_game_over([_player(view, w) for w in view.winners])
    if view.phase is Phase.BID:
        bidder = _player(view, view.high_bidder) if view.high_bidder is not None else None
        passed = [p.name for p in view.players if p.passed]
        text = w.alt_bidding(view.round, who, view.high_bid, bidder, len(view.shown))
        return text + (f" {w.alt_passed(passed)}" if passed else "")
    if view.phase is Phase.PICK:
        return w.alt_picking(view.round, who, len(view.shown))
    if view.phase is Phase.SCORING:
        head = w.final_scoring() if view.final_scoring else w.scoring_round(view.scoring_round)
        return w.alt_scoring(head, who, view.ap_left)
    return w.alt_turn(view.turn, who, view.phase is Phase.PLACE, view.ap_left)


def _figures(view: GameView, space: int, w: Words) -> str:
    s = view.spaces[space]
    return ", ".join(w.alt_figures_of(_player(view, p), workers, leader)
                     for p, (workers, leader) in enumerate(zip(s.workers, s.leaders, strict=True)) if workers or leader)


def _last_turn(view: GameView, w: Words) -> str | None:
    told_round = rapido.alt_story(view, w, phrase)
    if told_round is not None:
        return told_round
    told = story(view, w)
    if told is None:
        return None
    text = w.turn_story(w.story_join(list(told.phrases) or [w.no_actions()]), told.ap_left)
    return w.alt_last_turn(_player(view, told.player), text)


def _hexagon(tile: str, w: Words) -> str:
    return w.terrain(HEXAGONS[tile].terrain, HEXAGONS[tile].value)


def _in_hand(view: GameView, w: Words) -> str | None:
    if view.phase in (Phase.BID, Phase.PICK) and view.shown:
        return w.alt_shown([f"{i + 1} {_hexagon(t, w)}" for i, t in enumerate(view.shown)])
    if view.hand is None or view.phase not in (Phase.PLACE, Phase.SCORING):
        return None
    return w.alt_in_hand(_hexagon(view.hand, w))


def sentences(view: GameView, w: Words) -> list[str]:
    """The description's sentences, most important first."""
    players = ", ".join(w.alt_player(p.name, w.colour(p.seat), MARKER_SYMBOLS[p.seat], p.score)
                        for p in view.players)
    out = [f"{w.alt_board()} {_phase(view, w)}", w.alt_scores(players)]
    out += [s for s in (_last_turn(view, w), _in_hand(view, w)) if s]
    temples = []
    for s in view.spaces:
        if s.terrain is Terrain.TEMPLE and s.value is not None:
            guard = _player(view, s.guard) if s.guard is not None else None
            leader = temple_leader(s)
            holder = _player(view, leader) if leader is not None else None
            temples.append(w.alt_temple(s.name, s.value, guard, holder))
    if temples:
        out.append(w.alt_temples(temples))
    changed = sorted(view.spaces[s].name for s in changed_spaces(view))
    if changed:
        out.append(w.alt_outlined(changed))
    treasure = [w.alt_wafers(s.wafers, s.name) for s in view.spaces if s.terrain is Terrain.TREASURE and s.wafers]
    if treasure:
        out.append(w.alt_wafers_left(treasure))
    camps = [f"{s.name} {_player(view, s.camp)}" for s in view.spaces if s.camp is not None]
    if camps:
        out.append(w.alt_camps(camps))
    figures = [f"{s.name} {_figures(view, s.space, w)}" for s in view.spaces if any(s.workers) or any(s.leaders)]
    if figures:
        out.append(w.alt_figures(figures))
    out += variants.alt_sentences(view, w)
    explored = sum(1 for s in view.spaces if s.explored)
    out.append(f"{w.alt_explored(explored)} {stack_line(view, w)}.")
    return out


def describe(view: GameView, *, locale: str = "en") -> str:
    """One paragraph describing the picture, at most ``ALT_TEXT_LIMIT`` characters (a sentence that does
    not fit is cut, or left out, and an ellipsis says so; what follows it is left out), in the reader's
    language."""
    text = ""
    for sentence in sentences(view, words_for(locale)):
        candidate = f"{text} {sentence}".strip()
        if len(candidate) > ALT_TEXT_LIMIT:
            room = ALT_TEXT_LIMIT - len(text) - 2
            if room > 40:
                text = f"{text} {sentence[:room - 1].rstrip()}{words.ELLIPSIS}"
            else:
                text = f"{text[:ALT_TEXT_LIMIT - 2]} {words.ELLIPSIS}"
            break
        text = candidate
    return text
