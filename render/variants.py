"""The options of docs/rules.md §7 in the pictures: obstacles on their borders, machine guns on their temples, the dice
rolled (Indiana Jones), random terrain's mixed stack, and what the alt text and the legend add for them; Tikal Rápido's
round is ``rapido``. Everything here reads the public ``GameView`` and speaks through the ``Words`` it is handed. """

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from PIL import Image, ImageDraw

from engine import (
    EngineError,
    Fire,
    GameView,
    Guard,
    Move,
    Obstacle,
    Option,
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
from .words import Words, words_for

OBSTACLE_FILL: Final[RGB] = (150, 88, 36)
"""Wood: a colour no player has."""
OBSTACLE_GRAIN: Final[RGB] = (214, 160, 96)
OBSTACLE_COST: Final[RGB] = (178, 34, 34)
"""The cost badge of a border with an obstacle (white text: contrast 6.3 : 1)."""


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
    """A wooden bar across the middle of every border with an obstacle (rules.md §7.3), drawn under the spaces'
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
    """A machine gun (rules.md §7.4): a crosshair and its owner's marker on the owner's colour."""
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
    """The phrase of a move of rules.md §7 for the caption, or None."""
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
    """Random terrain's stack, without letters (rules.md §7.5.3), or None in other games."""
    if Option.RANDOMTERRAIN not in view.options:
        return None
    return w.stack_mixed(view.stack_left, view.volcanoes_added, view.volcanoes_to_come)


# --- the alt text and the legend ----------------------------------------------------------------------------


def alt_sentences(view: GameView, w: Words) -> list[str]:
    """What rules.md §7 adds to the description: obstacles, guns, the dice, the round order and chips."""
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


__all__ = ["OBSTACLE_COST", "Roll", "alt_sentences", "dice_text", "draw_obstacle_costs", "draw_obstacles", "gun_badge",
           "legend_lines", "log_rolls", "option_lines", "option_phrase", "roll_note", "roll_notes", "stack_text"]

