"""The channel picture in words, for the attachment's alt text (screen readers): the status, the scores,
the last turn, the hexagon in hand, then the board (temples, wafers, camps, figures), most important first."""

from __future__ import annotations

from typing import Final

from engine import HEXAGONS, GameView, Phase, Terrain

from . import variants, words
from .hexes import temple_leader
from .highlight import changed_spaces
from .palette import MARKER_SYMBOLS
from .panel import stack_line
from .story import phrase, story

ALT_TEXT_LIMIT: Final = 1024
"""Discord keeps at most this many characters of an attachment's description."""


def _player(view: GameView, seat: int) -> str:
    return view.players[seat].name


def _phase(view: GameView) -> str:
    who = _player(view, view.to_act) if view.to_act is not None else ""
    special = variants.status(view)  # a Tikal Rápido round's placing, jumps and slots; a declaration
    if special is not None:
        return variants.plain(special)
    if view.phase is Phase.FINISHED:
        return words.alt_game_over([_player(view, w) for w in view.winners])
    if view.phase is Phase.BID:
        bidder = _player(view, view.high_bidder) if view.high_bidder is not None else None
        passed = [p.name for p in view.players if p.passed]
        text = words.alt_bidding(view.round, who, view.high_bid, bidder, len(view.shown))
        return text + (f" {words.alt_passed(passed)}" if passed else "")
    if view.phase is Phase.PICK:
        return words.alt_picking(view.round, who, len(view.shown))
    if view.phase is Phase.SCORING:
        head = words.final_scoring() if view.final_scoring else words.scoring_round(view.scoring_round)
        return words.alt_scoring(head, who, view.ap_left)
    return words.alt_turn(view.turn, who, view.phase is Phase.PLACE, view.ap_left)


def _figures(view: GameView, space: int) -> str:
    s = view.spaces[space]
    return ", ".join(words.alt_figures_of(_player(view, p), workers, leader)
                     for p, (workers, leader) in enumerate(zip(s.workers, s.leaders, strict=True)) if workers or leader)


def _last_turn(view: GameView) -> str | None:
    rapido = variants.alt_story(view, phrase)
    if rapido is not None:
        return rapido
    told = story(view)
    if told is None:
        return None
    text = words.turn_story(words.story_join(list(told.phrases) or [words.no_actions()]), told.ap_left)
    return words.alt_last_turn(_player(view, told.player), text)


def _hexagon(tile: str) -> str:
    return words.terrain(HEXAGONS[tile].terrain, HEXAGONS[tile].value)


def _in_hand(view: GameView) -> str | None:
    if view.phase in (Phase.BID, Phase.PICK) and view.shown:
        return words.alt_shown([f"{i + 1} {_hexagon(t)}" for i, t in enumerate(view.shown)])
    if view.hand is None or view.phase not in (Phase.PLACE, Phase.SCORING):
        return None
    return words.alt_in_hand(_hexagon(view.hand))


def sentences(view: GameView) -> list[str]:
    """The description's sentences, most important first."""
    players = ", ".join(words.alt_player(p.name, words.COLOUR_NAMES[p.seat], MARKER_SYMBOLS[p.seat], p.score)
                        for p in view.players)
    out = [f"{words.alt_board()} {_phase(view)}", words.alt_scores(players)]
    out += [s for s in (_last_turn(view), _in_hand(view)) if s]
    temples = []
    for s in view.spaces:
        if s.terrain is Terrain.TEMPLE and s.value is not None:
            guard = _player(view, s.guard) if s.guard is not None else None
            leader = temple_leader(s)
            holder = _player(view, leader) if leader is not None else None
            temples.append(words.alt_temple(s.name, s.value, guard, holder))
    if temples:
        out.append(words.alt_temples(temples))
    changed = sorted(view.spaces[s].name for s in changed_spaces(view))
    if changed:
        out.append(words.alt_outlined(changed))
    treasure = [words.alt_wafers(s.wafers, s.name) for s in view.spaces if s.terrain is Terrain.TREASURE and s.wafers]
    if treasure:
        out.append(words.alt_wafers_left(treasure))
    camps = [f"{s.name} {_player(view, s.camp)}" for s in view.spaces if s.camp is not None]
    if camps:
        out.append(words.alt_camps(camps))
    figures = [f"{s.name} {_figures(view, s.space)}" for s in view.spaces if any(s.workers) or any(s.leaders)]
    if figures:
        out.append(words.alt_figures(figures))
    out += variants.alt_sentences(view)
    explored = sum(1 for s in view.spaces if s.explored)
    out.append(f"{words.alt_explored(explored)} {stack_line(view)}.")
    return out


def describe(view: GameView) -> str:
    """One paragraph describing the picture, at most ``ALT_TEXT_LIMIT`` characters (a sentence that does
    not fit is cut, or left out, and an ellipsis says so; what follows it is left out)."""
    text = ""
    for sentence in sentences(view):
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
