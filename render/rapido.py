"""Tikal Rápido's round in the pictures (docs/rules.md §7.6): the status line of its placing, jumps and slots, the
detail header's round order, the strip's tags (the hexagon held, the place in the order, the chips, the jump revealed),
and the round told in the caption and the alt text; a random-terrain declaration takes the status line too.

Everything here reads the public ``GameView``: a jump's numbers are drawn only once the view reveals them, and a
round's story is rebuilt from the move log (phase 3 follows the round's last placement; each jump's ``jump``
moves stand together in the log, then one action per chooser, lowest first, ties in round order).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from PIL import ImageFont

from engine import HEXAGONS, EngineError, GameView, Move, Phase, Place, PlayerView, Stage, Uncover, Variant, parse_move
from engine.board import space_name

from .textrun import Part, line_width
from .variants import Roll, log_rolls, roll_note
from .words import SEP, Words

RAPIDO_CHIPS: Final = 10
NO_BREAK: Final = "\u00a0"


@dataclass(frozen=True, slots=True)
class JumpTold:
    """One jump of the round's phase 3 as the log tells it: the numbers (once revealed) and the actions so far."""

    number: int
    chosen: dict[int, int]
    """Seat → chips, in round order; empty while the jump is being chosen."""
    actions: list[tuple[int, int]]
    """``(seat, log index)`` of each action (or ``end``) so far, in slot order."""
    order: list[int]
    """Seats in slot order (lowest first)."""


def _round_start(log: Sequence[str]) -> int:
    """The index after the round's last placement (phase 3 starts there)."""
    for i in range(len(log) - 1, -1, -1):
        if log[i].startswith("place "):
            return i + 1
    return 0


def phase3(view: GameView) -> list[JumpTold]:
    """The round's jumps so far, from the log (empty outside phase 3 of a Tikal Rápido round)."""
    if view.variant is not Variant.RAPIDO or view.stage is not Stage.JUMPS:
        return []
    log = view.log
    i = _round_start(log)
    chips = [RAPIDO_CHIPS] * len(view.players)
    out: list[JumpTold] = []
    while i <= len(log):
        choosers = [q for q in view.round_order if chips[q]]
        run = log[i:i + len(choosers)]
        if not choosers or len(run) < len(choosers) or not all(m.startswith("jump ") for m in run):
            if choosers:
                out.append(JumpTold(len(out) + 1, {}, [], []))
            break
        chosen = {q: int(m.split()[1]) for q, m in zip(choosers, run, strict=True)}
        order = sorted(choosers, key=lambda q: (chosen[q], view.round_order.index(q)))
        i += len(choosers)
        acted = list(range(i, min(i + len(order), len(log))))
        out.append(JumpTold(len(out) + 1, chosen, list(zip(order, acted, strict=False)), order))
        if len(acted) < len(order):
            break
        i += len(order)
        for q, n in chosen.items():
            chips[q] -= n
    return out


def jump_number(view: GameView) -> int:
    jumps = phase3(view)
    return jumps[-1].number if jumps else 1


def _who(view: GameView, seat: int | None, w: Words) -> list[Part]:
    if seat is None:
        return [w.nobody()]
    return [seat, view.players[seat].name]


def status(view: GameView, w: Words) -> list[Part] | None:
    """The status line of a Tikal Rápido round's placing, jump or slot, or of a declaration; None otherwise."""
    sep = SEP
    p = view.to_act
    if view.phase is Phase.DECLARE:
        return [*_who(view, p, w), f" {w.declares()}"]
    if view.variant is not Variant.RAPIDO:
        return None
    if view.phase is Phase.JUMP:
        return [w.round_no(view.round), sep, w.jump_no(jump_number(view)), sep, w.choosing_chips()]
    if view.stage is Stage.JUMPS and view.phase is Phase.ACTIONS:
        return [w.round_no(view.round), sep, w.jump_no(jump_number(view)), sep, *_who(view, p, w), sep,
                w.slot_ap(view.ap_left or 0)]
    if view.stage is Stage.VOLCANOES and view.phase is Phase.ACTIONS:  # a volcano placer's extra turn (7.6.7)
        return [w.round_no(view.round), sep, w.extra_turn(), sep, *_who(view, p, w), sep, w.ap_left(view.ap_left or 0)]
    if view.stage is Stage.PLACING and view.phase is Phase.PLACE and p is not None:
        order = list(view.round_order)
        nth = order.index(p) + 1 if p in order else 1
        return [w.round_no(view.round), sep, *_who(view, p, w), f" {w.places_nth(nth, len(order))}"]
    return None


def detail_line(view: GameView, w: Words) -> list[Part]:
    """The detail header's second line under ``status``: a Tikal Rápido round's order, or the declaration's rule."""
    if view.phase is Phase.DECLARE:
        return [w.declare_rule()]
    out: list[Part] = [w.round_order_head()]
    for q in view.round_order:
        out += [" ", q, view.players[q].name]
    return out


def tag(view: GameView, p: PlayerView, w: Words) -> str | None:
    """The strip's tag in a Tikal Rápido round: the hexagon held, the place in the round order, the chips or the
    revealed jump; None where the usual tags apply."""
    if view.variant is not Variant.RAPIDO or not view.hands:
        return None
    q = p.seat
    if view.stage is Stage.AUCTION and view.phase in (Phase.BID, Phase.PICK) and view.hands[q] and view.to_act != q:
        return w.tag_holds()
    if view.stage is Stage.PLACING and view.round_order and view.to_act != q:
        nth = list(view.round_order).index(q) + 1 if q in view.round_order else 0
        return w.tag_places(nth) if view.hands[q] else w.tag_placed()
    if view.stage is Stage.JUMPS and view.chips:
        if view.phase is Phase.JUMP:
            return w.tag_chips(view.chips[q])
        if view.to_act == q:
            return None
        n = view.jump[q] if view.jump else None
        return w.tag_jump(n) if n is not None else w.tag_chips(view.chips[q])
    return None


Phrase = Callable[[GameView, Move, Words, int], "str | None"]
"""The caption's phrase of a move (``story.phrase``: ``view, move, words, the value an uncover left``)."""


def _phrase_of(view: GameView, w: Words, index: int, seat: int, notes: dict[int, list[Roll]], phrase: Phrase) -> str:
    text = view.log[index]
    if text == "end":
        return w.slot_given_up()
    try:
        move = parse_move(text)
    except EngineError:
        return text
    said = phrase(view, move, w, _value_then(view, index, move)) or text
    note = roll_note(notes.get(index, []), view.players[seat].name, w)
    return w.with_note(said, note) if note else said


def _hexagon(tile: str | None, w: Words) -> str:
    return w.terrain(HEXAGONS[tile].terrain, HEXAGONS[tile].value) if tile in HEXAGONS else "?"


def _placed(view: GameView, w: Words, index: int) -> str:
    """``D2 (temple 2)``: a placement of the round, by the hexagon that lies there now."""
    move = parse_move(view.log[index])
    assert isinstance(move, Place)
    return w.placed_short(space_name(move.space), _hexagon(view.spaces[move.space].tile, w))


def _value_then(view: GameView, index: int, move: Move) -> int:
    """An uncover's temple value just after it (counted back from today's over the later uncovers)."""
    if not isinstance(move, Uncover):
        return 0
    later = 0
    for text in view.log[index + 1:]:
        try:
            other = parse_move(text)
        except EngineError:
            continue
        if isinstance(other, Uncover) and other.space == move.space:
            later += other.count
    return (view.spaces[move.space].value or 0) - later


def caption_parts(view: GameView, w: Words, phrase: Phrase) -> list[list[Part]] | None:
    """What a Tikal Rápido round's caption tells, as groups of parts (one group per player's doing): the
    placements of the round, or a jump's numbers and actions; None outside phases 2 and 3."""
    if view.variant is not Variant.RAPIDO or view.stage not in (Stage.AUCTION, Stage.PLACING, Stage.JUMPS):
        return None
    if view.stage is Stage.AUCTION:
        if not view.acquired:
            return [[w.auctions_start(view.round)]]
        took: list[list[Part]] = [[q, NO_BREAK + w.took_hexagon(_hexagon(view.hands[q], w))]
                                  for q in view.acquired if view.hands and view.hands[q]]
        return [[w.auctions_head(view.round)], *took]
    notes = log_rolls(view)
    jumps = phase3(view)
    if view.stage is Stage.PLACING or not jumps or (len(jumps) == 1 and not jumps[0].chosen):
        start = _round_start(view.log) if view.stage is Stage.JUMPS else len(view.log)
        first = start
        while first > 0 and view.log[first - 1].startswith("place "):
            first -= 1
        placed = [(view.round_order[k], i) for k, i in enumerate(range(first, start)) if k < len(view.round_order)]
        if not placed:
            return None
        said: list[list[Part]] = [[seat, NO_BREAK + _placed(view, w, i)] for seat, i in placed]
        return [[w.placed_this_round()], *said]
    told = jumps[-1] if jumps[-1].chosen else jumps[-2]
    head: list[Part] = [w.jump_head(told.number)]
    for seat in told.order:
        head += [" ", seat, str(told.chosen[seat])]
    groups: list[list[Part]] = [[*head[:-1], f"{head[-1]}:"]]
    for seat, i in told.actions:
        groups.append([seat, NO_BREAK + _phrase_of(view, w, i, seat, notes, phrase)])
    if not told.actions and told.order:
        groups.append([told.order[0], NO_BREAK + w.acts_first()])
    return groups


def _separator(line: Sequence[Part]) -> list[Part]:
    """What goes between a line so far and the next group: a space after the head (``Jump 1 … 4:``), else a comma."""
    if not line:
        return []
    last = line[-1]
    return [" "] if isinstance(last, str) and last.rstrip().endswith(":") else [", "]


def caption_lines(view: GameView, w: Words, room: float, f: ImageFont.FreeTypeFont, max_lines: int,
                  phrase: Phrase, head: Sequence[Part] = ()) -> list[list[Part]] | None:
    """``caption_parts`` in at most ``max_lines`` lines of ``room`` pixels (groups never split; what does not fit
    is counted as ``+2 more``), or None outside a Tikal Rápido round's phases 2 and 3; ``head`` goes first (the
    replay's ``Round 5 · ``)."""
    groups = caption_parts(view, w, phrase)
    if groups is None:
        return None
    if head:
        groups = [[*head, *groups[0]], *groups[1:]]
    for keep in range(len(groups), 0, -1):
        shown = groups[:keep] + ([[w.more_actions(len(groups) - keep)]] if keep < len(groups) else [])
        lines: list[list[Part]] = [[]]
        fits = True
        for group in shown:
            candidate = [*lines[-1], *_separator(lines[-1]), *group]
            if line_width(candidate, f) <= room:
                lines[-1] = candidate
                continue
            lines.append(list(group))
            if len(lines) > max_lines or line_width(group, f) > room:
                fits = False
                break
        if fits:
            return lines
    return [groups[0][:1]]


# --- the alt text ----------------------------------------------------------------------------------------


def plain(parts: Sequence[Part]) -> str:
    """A line of parts as text (a player's marker is left out: the name follows it)."""
    text = "".join(p for p in parts if isinstance(p, str)).strip()
    return text if text.endswith(("?", "!", ".")) else f"{text}."


def alt_story(view: GameView, w: Words, phrase: Phrase) -> str | None:
    """The caption of a Tikal Rápido round in words, for the alt text, or None."""
    groups = caption_parts(view, w, phrase)
    if groups is None:
        return None
    names = {q: view.players[q].name for q in range(len(view.players))}
    texts = [" ".join(names[p] if isinstance(p, int) else p.replace(NO_BREAK, " ").strip() for p in g if p != " ")
             for g in groups]
    return f"{texts[0]} {w.story_join(texts[1:])}".strip() + "."


__all__ = ["JumpTold", "alt_story", "caption_lines", "caption_parts", "detail_line", "jump_number", "phase3", "plain",
           "status", "tag"]
