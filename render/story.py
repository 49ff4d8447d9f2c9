"""What the last turn did, as short phrases for the caption and the alt text: ``placed E2 (temple 3)``,
``moved 3 A1→D3``, ``uncovered D3 to 7`` … AP come from the engine's prices (``engine.move_cost``)."""

from __future__ import annotations

from dataclasses import dataclass

from engine import (
    HEXAGONS,
    Camp,
    Deploy,
    EngineError,
    Exchange,
    GameView,
    Guard,
    Move,
    Place,
    Recover,
    Transfer,
    Uncover,
    Walk,
    move_cost,
    parse_move,
    space_name,
)
from engine.tiles import AP_PER_TURN

from .variants import option_phrase, roll_notes
from .words import Words


@dataclass(frozen=True, slots=True)
class Story:
    """One turn told: whose, whether it is still going on, its phrases and the AP it left."""

    player: int
    ongoing: bool
    phrases: tuple[str, ...]
    ap_left: int | None
    scored: bool = False
    """The last phrase is what a scoring turn scored: a shortened caption keeps it."""


def _parsed(moves: tuple[str, ...]) -> list[Move]:
    out = []
    for text in moves:
        try:
            out.append(parse_move(text))
        except EngineError:
            continue
    return out


def _uncovered_values(view: GameView, moves: list[Move]) -> list[int]:
    """The value each ``uncover`` of the turn left its temple at: levels only ever go up by one, so
    counting back from today's top value is exact."""
    values = []
    for i, move in enumerate(moves):
        if not isinstance(move, Uncover):
            values.append(0)
            continue
        later = sum(m.count for m in moves[i + 1:] if isinstance(m, Uncover) and m.space == move.space)
        values.append((view.spaces[move.space].value or 0) - later)
    return values


def phrase(view: GameView, move: Move, w: Words, uncovered_to: int = 0) -> str | None:
    """One action in words, or ``None`` for moves that change nothing on the board."""
    if isinstance(move, Place):
        tile = view.spaces[move.space].tile
        what = w.terrain(HEXAGONS[tile].terrain, HEXAGONS[tile].value) if tile else ""
        return w.placed(space_name(move.space), what)
    if isinstance(move, Deploy):
        return w.deployed(w.figures(move.count, move.leader), space_name(move.space))
    if isinstance(move, Walk):
        return w.moved(w.figures(move.count, move.leader), space_name(move.source), space_name(move.target))
    if isinstance(move, Transfer):
        return w.transferred(w.figures(move.count, move.leader), space_name(move.source),
                                 space_name(move.target))
    if isinstance(move, Uncover):
        return w.uncovered(space_name(move.space), uncovered_to)
    if isinstance(move, Recover):
        return w.recovered(move.count, space_name(move.space))
    if isinstance(move, Exchange):
        return w.exchanged(move.give, move.player, move.take)
    if isinstance(move, Camp):
        return w.camped(space_name(move.space))
    if isinstance(move, Guard) and not move.gun:
        return w.guarded(space_name(move.space), move.leader)
    return option_phrase(view, move, w)


def story(view: GameView, w: Words) -> Story | None:
    """The current turn so far if it has actions, else the last finished turn; ``None`` before any."""
    ongoing = bool(view.turn_moves) and view.to_act is not None
    if ongoing and view.to_act is not None:
        player, texts, scoring = view.to_act, view.turn_moves, False
    elif view.last_turn is not None:
        player, texts, scoring = view.last_turn.player, view.last_turn.moves, view.last_turn.scoring
    else:
        return None
    moves = _parsed(texts)
    values = _uncovered_values(view, moves)
    notes = roll_notes(view, moves, player, w)  # Indiana Jones: what each uncover rolled
    phrases = [w.with_note(p, n) if n else p for m, v, n in zip(moves, values, notes, strict=True)
               if (p := phrase(view, m, w, v))]
    entry = next((e for e in reversed(view.score_log) if e.player == player), None)
    scored = scoring and not ongoing and entry is not None
    if scored and entry is not None:
        phrases.append(w.scored(entry.temples, entry.treasures))
    ap = view.ap_left if ongoing else AP_PER_TURN - sum(move_cost(view, m) for m in moves)
    return Story(player, ongoing, tuple(phrases), ap, scored)
