"""A finished game's review in words (``bot.core.league.review``): per player, the turns that lost the most points by
the strong computer player's judgement, each with what was played and what the computer player would have played
instead, said as a wait's catch-up says moves (``catch_up.phrase``: spaces by name, hexagons by what they are, no
notation; a placement's rotation only where the two turns place on the same space turned another way, in the words
of the placement's autocomplete). Pure text, no discord: ``/tikal-game review`` lays it out in embeds, the local
console prints it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import engine
from bot.adapter.messages.catch_up import phrase
from bot.core.words.escaping import escaped
from bot.core.words.labels import square
from engine import GameView
from engine.ai.review import TurnLoss
from engine.messages import Speaker


@dataclass(frozen=True, slots=True)
class TurnWords:
    heading: str
    """``Turn 12 · about 4 points lost``"""
    played: str
    """``Played: placed a temple (3) on D2 · moved 2 workers from A1 to C2``"""
    better: str
    """``The computer player instead: uncovered 2 temple levels at D3``"""


def player_name(players: Sequence[str], seat: int, *, plain: bool = False) -> str:
    """``🟦 Ana`` (the name escaped for Discord unless ``plain``)."""
    name = players[seat] if 0 <= seat < len(players) else f"{seat + 1}"
    return f"{square(seat)} {name if plain else escaped(name)}"


def title(game_id: int, t: Speaker) -> str:
    return t.tr("review.title", "🔎 Review of game #{game}", game=game_id)


def intro(t: Speaker) -> str:
    return t.tr("review.intro", "Each player's turns that lost the most points by the strong computer player's "
                                "judgement, and what it would have played instead. The points are its estimate of "
                                "the final score against the rivals'.")


def nothing_lost(t: Speaker) -> str:
    return t.tr("review.nothing_lost", "No turn lost as much as half a point by the computer player's judgement.")


def when(turn: TurnLoss, t: Speaker) -> str:
    """``Turn 12``, ``Scoring round 2`` or (Tikal Rápido) ``Round 3``."""
    if turn.scoring_round:
        return t.tr("review.scoring", "Scoring round {n}", n=turn.scoring_round)
    if turn.round:
        return t.tr("review.round", "Round {n}", n=turn.round)
    return t.tr("review.turn", "Turn {n}", n=turn.turn)


def lost(loss: float, t: Speaker) -> str:
    n = max(1, round(loss))
    return t.ntr("review.lost", "about {n} point lost", "about {n} points lost", n)


def _placements(moves: Sequence[str]) -> dict[int, int]:
    out = {}
    for text in moves:
        move = engine.parse_move(text)
        if isinstance(move, engine.Place):
            out[move.space] = move.rotation
    return out


def actions(view: GameView, turn: TurnLoss, moves: Sequence[str], other: Sequence[str], t: Speaker) -> str:
    """A turn's actions (``moves``), each as the catch-up says it, joined by `` · ``; ``no actions`` for none. A
    placement on the space ``other`` places on too, turned another way, names its rotation."""
    theirs = _placements(other)
    said = []
    for text in moves:
        move = engine.parse_move(text)
        words = phrase(view, move, t, turn.hand if isinstance(move, engine.Place) else None)
        if words is None:
            continue
        if isinstance(move, engine.Place) and theirs.get(move.space, move.rotation) != move.rotation:
            turned = t.tr("auto.rotation", "rotation {rotation}", rotation=move.rotation)
            words = f"{words} ({turned})"
        said.append(words)
    return " · ".join(said) or t.tr("story.nothing", "no actions")


def turn_words(view: GameView, turn: TurnLoss, t: Speaker) -> TurnWords:
    return TurnWords(
        t.tr("review.heading", "{when} · {lost}", when=when(turn, t), lost=lost(turn.loss, t)),
        t.tr("review.played", "Played: {actions}", actions=actions(view, turn, turn.played, turn.better, t)),
        t.tr("review.better", "The computer player instead: {actions}",
             actions=actions(view, turn, turn.better, turn.played, t)))


__all__ = ["TurnWords", "actions", "intro", "lost", "nothing_lost", "player_name", "title", "turn_words", "when"]
