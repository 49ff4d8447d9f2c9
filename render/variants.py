"""SPEC 7's variants in the pictures: obstacles on their borders, machine guns on their temples, the dice rolled
(Indiana Jones), random terrain's mixed stack and Tikal Rápido's round (its order, chips, hands and jumps).

Everything here reads the public ``GameView``: a jump's numbers are drawn only once the view reveals them, and a
round's story is rebuilt from the move log (phase 3 follows the round's last placement; each jump's ``jump``
moves stand together in the log, then one action per chooser, lowest first, ties in round order).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from PIL import Image, ImageDraw, ImageFont

from engine import (
    HEXAGONS,
    EngineError,
    Fire,
    GameView,
    Guard,
    Move,
    Obstacle,
    Option,
    Phase,
    Place,
    PlayerView,
    Stage,
    Uncover,
    Variant,
    parse_move,
    space_name,
)
from engine.board import NEIGHBOURS

from . import sprites
from .geometry import SIDE_ANGLES, Point
from .layout import Layout
from .palette import INK, RGB, WHITE, font, player_colour, player_marker, text_on
from .textrun import Part, line_width
from .words import SEP, Words, words_for

OBSTACLE_FILL: Final[RGB] = (150, 88, 36)
"""Wood: a colour no player has."""
OBSTACLE_GRAIN: Final[RGB] = (214, 160, 96)
OBSTACLE_COST: Final[RGB] = (178, 34, 34)
"""The cost badge of a border with an obstacle (white text: contrast 6.3 : 1)."""
RAPIDO_CHIPS: Final = 10
NO_BREAK: Final = "\u00a0"


# --- obstacles -----------------------------------------------------------------------------------------


def border_side(first: int, second: int) -> int:
    """The side of ``first`` that faces ``second`` (they are neighbours)."""
    return NEIGHBOURS[first].index(second)


def _bar(mid: Point, side: int, turned: bool, length: float, thickness: float) -> list[Point]:
    a = SIDE_ANGLES[side] - (math.pi / 2 if turned else 0)
    along = (math.sin(a), math.cos(a))
    out = (math.cos(a), -math.sin(a))
    corners = []
    for da, dn in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
        corners.append((mid[0] + da * length / 2 * along[0] + dn * thickness / 2 * out[0],
                        mid[1] + da * length / 2 * along[1] + dn * thickness / 2 * out[1]))
    return corners


def draw_obstacles(canvas: Image.Image, view: GameView, midpoint: Callable[[int, int], Point], radius: float, *,
                   turned: bool, only: Collection[int] | None = None, layout: Layout | None = None) -> None:
    """A wooden bar across the middle of every border with an obstacle (SPEC 7.3), drawn under the spaces'
    contents; ``midpoint(space, side)`` places it, ``only`` limits it to borders between those spaces. A layout
    records each as a piece ``obstacle`` (its lower space, and the other as ``count``)."""
    draw = ImageDraw.Draw(canvas)
    length, thickness = 0.62 * radius, max(6.0, 0.17 * radius)
    for first, second in view.obstacles:
        if only is not None and (first not in only or second not in only):
            continue
        side = border_side(first, second)
        mid = midpoint(first, side)
        corners = _bar(mid, side, turned, length, thickness)
        draw.polygon(corners, fill=OBSTACLE_FILL, outline=INK, width=max(2, round(radius / 45)))
        grain = _bar(mid, side, turned, length * 0.7, max(2.0, thickness * 0.18))
        draw.polygon(grain, fill=OBSTACLE_GRAIN)
        if layout is not None:
            xs, ys = [x for x, _ in corners], [y for _, y in corners]
            layout.piece("obstacle", first, None, second, False, (min(xs), min(ys), max(xs), max(ys)))


@lru_cache(maxsize=16)
def obstacle_cost_badge(size: int, cost: int, font_size: int) -> Image.Image:
    """A border's cost with an obstacle: white on red, so the +2 reads at a glance."""
    img = sprites.disc(size, OBSTACLE_COST, INK, max(1.5, size / 12)).copy()
    ImageDraw.Draw(img).text((size / 2, size / 2 + 1), str(cost), font=font(font_size, True), fill=WHITE,
                             anchor="mm")
    return img


def draw_obstacle_costs(canvas: Image.Image, view: GameView, midpoint: Callable[[int, int], Point], size: int,
                        font_size: int, only: Collection[int] | None = None) -> None:
    """Over the detail picture's cost badges: those of borders with an obstacle, in red (the engine's price,
    the +2 included)."""
    for first, second in view.obstacles:
        if only is not None and (first not in only or second not in only):
            continue
        side = border_side(first, second)
        badge = obstacle_cost_badge(size, view.border_cost(first, side), font_size)
        x, y = midpoint(first, side)
        canvas.paste(badge, (round(x - badge.width / 2), round(y - badge.height / 2)), badge)


# --- machine guns -----------------------------------------------------------------------------------------


@lru_cache(maxsize=32)
def gun_badge(seat: int, height: int) -> Image.Image:
    """A machine gun (SPEC 7.4): a crosshair and its owner's marker on the owner's colour."""
    colour = player_colour(seat)
    ink = text_on(colour)
    mark = round(height * 0.55)
    width = height + mark + 6
    img = sprites.rounded(width, height, colour, INK, max(2, height / 18), height / 5).copy()
    img.paste(_crosshair(height, ink), (2, 0), _crosshair(height, ink))
    m = sprites.marker(player_marker(seat), mark, ink)
    img.paste(m, (width - mark - 5, (height - mark) // 2), m)
    return img


@lru_cache(maxsize=8)
def _crosshair(size: int, ink: RGB) -> Image.Image:
    s = sprites.SUPERSAMPLE
    u = size * s
    big = Image.new("RGBA", (u, u), (*ink, 0))
    d = ImageDraw.Draw(big)
    line = round(max(2.0, size / 14) * s)
    d.ellipse((0.2 * u, 0.2 * u, 0.8 * u, 0.8 * u), outline=ink, width=line)
    d.line((0.5 * u, 0.1 * u, 0.5 * u, 0.9 * u), fill=ink, width=line)
    d.line((0.1 * u, 0.5 * u, 0.9 * u, 0.5 * u), fill=ink, width=line)
    return big.resize((size, size), Image.Resampling.BOX)


# --- the dice ------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Roll:
    """One level uncovered with Indiana Jones: the dice, the temple's value after the level, whether one of the
    uncovering player's workers fell (at or under the value; the engine removes one only if one was there)."""

    roll: int
    value: int

    @property
    def hit(self) -> bool:
        return self.roll <= self.value


def _moves(log: Sequence[str]) -> list[Move | None]:
    out: list[Move | None] = []
    for text in log:
        try:
            out.append(parse_move(text))
        except EngineError:
            out.append(None)
    return out


def log_rolls(view: GameView) -> dict[int, list[Roll]]:
    """The rolls of every ``uncover`` in the log, by the move's index: each level rolled once, in order (an uncover
    with dice cannot be undone, so every one in the log stands), the value counted back from today's."""
    if view.dice is None:
        return {}
    moves = _moves(view.log)
    uncovers = [(i, m) for i, m in enumerate(moves) if isinstance(m, Uncover)]
    out: dict[int, list[Roll]] = {}
    used = 0
    for k, (i, move) in enumerate(uncovers):
        later = sum(m.count for _, m in uncovers[k + 1:] if m.space == move.space)
        top = (view.spaces[move.space].value or 0) - later
        rolls = []
        for level in range(move.count):
            if used < len(view.rolls):
                rolls.append(Roll(view.rolls[used], top - (move.count - 1 - level)))
            used += 1
        out[i] = rolls
    return out


def roll_note(rolls: Sequence[Roll], player: str, w: Words) -> str | None:
    """``rolled 7 ≤ 8: one of Ana's workers falls`` (several levels: each roll, the hits told)."""
    if not rolls:
        return None
    if len(rolls) == 1:
        (r,) = rolls
        return w.roll_hit(r.roll, r.value, player) if r.hit else w.roll_safe(r.roll, r.value)
    return w.rolls_told([r.roll for r in rolls], sum(r.hit for r in rolls), player)


def roll_notes(view: GameView, moves: Sequence[Move], player: int, w: Words) -> list[str | None]:
    """A note per move of a turn told by the caption: the rolls of its uncovers. A turn's uncovers are the log's
    last ones (nothing uncovers after the turn told)."""
    notes: list[str | None] = [None] * len(moves)
    rolls = log_rolls(view)
    if not rolls:
        return notes
    mine = [k for k, m in enumerate(moves) if isinstance(m, Uncover)]
    latest = sorted(rolls)[-len(mine):] if mine else []
    for k, index in zip(mine, latest, strict=False):
        notes[k] = roll_note(rolls[index], view.players[player].name, w)
    return notes


def option_phrase(view: GameView, move: Move, w: Words) -> str | None:
    """The phrase of a move of SPEC 7 for the caption, or None."""
    if isinstance(move, Obstacle):
        return w.obstacle_built(space_name(move.first), space_name(move.second))
    if isinstance(move, Guard) and move.gun:
        return w.gun_mounted(space_name(move.space), move.leader)
    if isinstance(move, Fire):
        return w.fired(move.player, space_name(move.space))
    return None


def dice_text(view: GameView, w: Words, last: int = 6) -> str | None:
    """``3d6: rolled 7, 12, 4`` (the last few), or None without Indiana Jones."""
    if view.dice is None:
        return None
    count, faces = view.dice
    return w.dice_rolled(w.dice_name(count, faces), list(view.rolls[-last:]))


def stack_text(view: GameView, w: Words) -> str | None:
    """Random terrain's stack, without letters (SPEC 7.5.3), or None in other games."""
    if Option.RANDOMTERRAIN not in view.options:
        return None
    return w.stack_mixed(view.stack_left, view.volcanoes_added, view.volcanoes_to_come)


# --- Tikal Rápido's round ------------------------------------------------------------------------------


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


def caption_lines(view: GameView, w: Words, room: float, f: ImageFont.FreeTypeFont, max_lines: int,
                  phrase: Phrase) -> list[list[Part]] | None:
    """``caption_parts`` in at most ``max_lines`` lines of ``room`` pixels (groups never split; what does not fit
    is counted as ``+2 more``), or None outside a Tikal Rápido round's phases 2 and 3."""
    groups = caption_parts(view, w, phrase)
    if groups is None:
        return None
    for keep in range(len(groups), 0, -1):
        shown = groups[:keep] + ([[w.more_actions(len(groups) - keep)]] if keep < len(groups) else [])
        lines: list[list[Part]] = [[]]
        fits = True
        for group in shown:
            candidate = [*lines[-1], *([", "] if len(lines[-1]) > 1 else [" "] if lines[-1] else []), *group]
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


# --- the alt text and the legend ----------------------------------------------------------------------------


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


def alt_sentences(view: GameView, w: Words) -> list[str]:
    """What SPEC 7 adds to the description: obstacles, guns, the dice, the round order and chips."""
    out = []
    if view.obstacles:
        out.append(w.alt_obstacles([f"{space_name(a)}|{space_name(b)}" for a, b in view.obstacles]))
    guns = [f"{s.name} {view.players[s.gun].name}" for s in view.spaces if s.gun is not None]
    if guns:
        out.append(w.alt_guns(guns))
    dice = dice_text(view, w)
    if dice and view.rolls:
        out.append(w.alt_rolls(dice))
    if view.variant is Variant.RAPIDO and view.round_order:
        out.append(w.alt_round_order([view.players[q].name for q in view.round_order]))
        if view.stage is Stage.JUMPS and view.chips:
            out.append(w.alt_chips([f"{p.name} {view.chips[p.seat]}" for p in view.players]))
    return out


def legend_lines(options: Collection[str], *, locale: str = "en") -> list[str]:
    """The legend's lines for a game's options (those that draw something), in the reader's language."""
    return option_lines(options, words_for(locale))


def option_lines(options: Collection[str], w: Words) -> list[str]:
    out = []
    if Option.OBSTACLES.value in options:
        out.append(w.legend_obstacle())
    if Option.GUNS.value in options:
        out.append(w.legend_gun())
    return out


__all__ = ["alt_sentences", "caption_lines", "dice_text", "draw_obstacle_costs", "draw_obstacles", "gun_badge",
           "legend_lines", "log_rolls", "option_phrase", "phase3", "roll_notes", "stack_text", "status", "tag"]

