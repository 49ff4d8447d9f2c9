"""The board picture in words, for the attachment's alt text (screen readers)."""

from __future__ import annotations

from typing import Final

from engine import GameView, Phase, Terrain

from .hexes import temple_leader
from .highlight import changed_spaces
from .palette import COLOUR_NAMES, PLAYER_MARKERS
from .panel import stack_line

ALT_TEXT_LIMIT: Final = 1024
"""Discord keeps at most this many characters of an attachment's description."""


def _player(view: GameView, seat: int) -> str:
    return view.players[seat].name


def _legend(view: GameView) -> str:
    return ", ".join(
        f"{p.name} ({COLOUR_NAMES[p.seat]} {PLAYER_MARKERS[p.seat]}) {p.score}" for p in view.players
    )


def _phase(view: GameView) -> str:
    who = _player(view, view.to_act) if view.to_act is not None else ""
    if view.phase is Phase.FINISHED:
        names = " and ".join(_player(view, w) for w in view.winners)
        return f"Game over: {names} {'win' if len(view.winners) > 1 else 'wins'}."
    if view.phase is Phase.BID:
        bid = (f"high bid {view.high_bid} by {_player(view, view.high_bidder)}" if view.high_bidder is not None
               else "no bid yet")
        return f"Auction round {view.round}: {who} to bid, {bid}; {len(view.shown)} hexagons shown."
    if view.phase is Phase.PICK:
        return f"Auction round {view.round}: {who} picks one of {len(view.shown)} shown hexagons."
    if view.phase is Phase.SCORING:
        head = "Final scoring" if view.final_scoring else f"Scoring round {view.scoring_round} of 4"
        return f"{head}: {who} has {view.ap_left} AP left."
    doing = "places a hexagon" if view.phase is Phase.PLACE else f"has {view.ap_left} AP left"
    return f"Turn {view.turn}: {who} {doing}."


def _figures(view: GameView, space: int) -> str:
    s = view.spaces[space]
    parts = []
    for p, (workers, leader) in enumerate(zip(s.workers, s.leaders, strict=True)):
        if workers or leader:
            text = str(workers) if workers else ""
            text += (" and leader" if workers else "leader") if leader else ""
            parts.append(f"{_player(view, p)} {text}")
    return ", ".join(parts)


def sentences(view: GameView) -> list[str]:
    """The description's sentences, most important first."""
    out = [f"Tikal board. {_phase(view)}", f"Scores: {_legend(view)}."]
    temples = []
    for s in view.spaces:
        if s.terrain is Terrain.TEMPLE and s.value is not None:
            leader = temple_leader(s)
            if s.guard is not None:
                who = f" guarded by {_player(view, s.guard)}"
            elif leader is not None:
                who = f" held by {_player(view, leader)}"
            else:
                who = ""
            temples.append(f"{s.name} value {s.value}{who}")
    if temples:
        out.append(f"Temples: {'; '.join(temples)}.")
    changed = sorted(view.spaces[s].name for s in changed_spaces(view))
    if changed:
        out.append(f"Outlined as just changed: {', '.join(changed)}.")
    treasure = [f"{s.wafers} on {s.name}" for s in view.spaces if s.terrain is Terrain.TREASURE and s.wafers]
    if treasure:
        out.append(f"Wafers left: {', '.join(treasure)}.")
    camps = [f"{s.name} {_player(view, s.camp)}" for s in view.spaces if s.camp is not None]
    if camps:
        out.append(f"Camps: {', '.join(camps)}.")
    figures = [f"{s.name} {_figures(view, s.space)}" for s in view.spaces if any(s.workers) or any(s.leaders)]
    if figures:
        out.append(f"Figures: {'; '.join(figures)}.")
    explored = sum(1 for s in view.spaces if s.explored)
    out.append(f"{explored} of 40 spaces explored. {stack_line(view)}.")
    return out


def describe(view: GameView) -> str:
    """One paragraph describing the picture, at most ``ALT_TEXT_LIMIT`` characters."""
    text = ""
    for sentence in sentences(view):
        candidate = f"{text} {sentence}".strip()
        if len(candidate) > ALT_TEXT_LIMIT:
            room = ALT_TEXT_LIMIT - len(text) - 2
            if room > 40:
                text = f"{text} {sentence[:room - 1].rstrip()}…"
            break
        text = candidate
    return text
