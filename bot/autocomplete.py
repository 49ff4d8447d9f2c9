"""Autocomplete from the engine's legal moves: what was typed, matched against every concrete move."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from engine import LegalMove, Move

from .results import Choice

MAX_CHOICES: Final = 25
"""Discord shows at most 25 choices."""


def cost_label(move: Move, entry: LegalMove) -> str:
    """``move A1 C2 2 · 4 AP``: the move with what it costs in all."""
    if not entry.ap_each:
        return str(move)
    return f"{move} · {entry.ap_each * getattr(move, 'count', 1)} AP"


def matching_moves(entries: Iterable[LegalMove], typed: str, limit: int = MAX_CHOICES) -> list[Choice]:
    """The concrete moves matching ``typed`` (case and spacing ignored), at most ``limit``.

    Moves that start with the typed text come first, in the engine's order; then moves containing it
    (a space name typed alone finds the moves that go there).
    """
    wanted = " ".join(typed.lower().split())
    first: list[Choice] = []
    then: list[Choice] = []
    for entry in entries:
        for move in entry.moves():
            text = str(move)
            low = text.lower()
            if low.startswith(wanted):
                first.append(Choice(cost_label(move, entry), text))
                if len(first) >= limit:
                    return first
            elif wanted in low and len(then) < limit:
                then.append(Choice(cost_label(move, entry), text))
    return (first + then)[:limit]
