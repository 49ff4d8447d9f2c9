"""The players as a compact strip under the channel picture's board: per player a cell with colour,
shape, name and score, and below it what temples and treasures would score now and a short tag
(to act, passed, bid 3 …)."""

from __future__ import annotations

from typing import Final

from PIL import Image, ImageDraw

from engine import GameView, Phase, PlayerView, Terrain

from . import rapido, sprites
from .layout import Box, Layout
from .palette import CARD, INK, font, player_colour, player_marker, text_on
from .textrun import shorten
from .words import Words

CELL_GAP: Final = 10
BAND: Final = 52
MARK: Final = 28
NAME_FONT: Final = 31
SCORE_FONT: Final = 42
LINE_FONT: Final = 30
TAG_FONT: Final = 28
ICON: Final = 28
PAD: Final = 9
STRIP_HEIGHT: Final = 104
ICON_INK: Final = (96, 86, 70)


def tag(view: GameView, p: PlayerView, w: Words) -> str:
    """The player's part in the moment, if any."""
    if p.seat in view.winners:
        return w.tag_winner()
    special = rapido.tag(view, p, w)  # Tikal Rápido: the hexagon held, the order, the chips, the jump
    if special is not None:
        return special
    if view.to_act == p.seat:
        return {Phase.BID: w.tag_bids(), Phase.PICK: w.tag_picks()}.get(view.phase, w.tag_to_act())
    if view.phase is Phase.BID and p.passed:
        return w.tag_passed()
    if view.phase is Phase.BID and view.high_bidder == p.seat:
        return w.tag_bid(view.high_bid)
    if view.phase in (Phase.BID, Phase.PICK) and p.had_turn:
        return w.tag_played()
    return ""


def emphasised(view: GameView, p: PlayerView) -> bool:
    """The player to act (nobody while a Tikal Rápido jump is chosen: everyone chooses at once) or a winner."""
    return (view.to_act == p.seat and view.phase is not Phase.JUMP) or p.seat in view.winners


def draw_cell(canvas: Image.Image, layout: Layout, view: GameView, p: PlayerView,
              box: tuple[int, int, int, int], w: Words) -> None:
    left, top, right, bottom = box
    colour = player_colour(p.seat)
    ink = text_on(colour)
    line = 6 if emphasised(view, p) else 2
    frame = sprites.rounded(right - left, bottom - top, CARD, INK, line, 10)
    canvas.paste(frame, (left, top), frame)
    band = sprites.rounded(right - left, BAND, colour, INK, line, 10)
    canvas.paste(band, (left, top), band)
    draw = ImageDraw.Draw(canvas)
    inner: Box = (left + line, top + line, right - line, top + BAND - line)
    m = sprites.marker(player_marker(p.seat), MARK, ink)
    canvas.paste(m, (left + line + PAD - 2, top + (BAND - MARK) // 2), m)
    score_font = font(SCORE_FONT, True, True)
    score = str(p.score)
    layout.text(draw, (right - line - PAD, top + BAND / 2), score, score_font, ink, colour, within=inner,
                role="score", anchor="rm")
    name_left = left + line + PAD + MARK + 6
    name_right = right - line - PAD - score_font.getlength(score) - 8
    name_font = font(NAME_FONT, True)
    layout.text(draw, (name_left, top + BAND / 2), shorten(p.name, name_font, name_right - name_left), name_font,
                ink, colour, within=inner, role="name", anchor="lm")
    below: Box = (left + line, top + BAND, right - line, bottom - line)
    y = (top + BAND + bottom - line) / 2
    x: float = left + line + PAD - 4
    number_font = font(LINE_FONT, True, True)
    if view.finished:
        rank = 1 + sum(1 for q in view.players if q.score > p.score)
        label = layout.text(draw, (x + 4, y), w.ordinal(rank), number_font, INK, CARD, within=below, role="rank",
                            anchor="lm")
        x = label.box[2] + 6
    now = () if view.finished else ((Terrain.TEMPLE, p.temple_points_now), (Terrain.TREASURE, p.treasure_points_now))
    for terrain, points in now:
        icon = sprites.glyph(terrain, ICON, ICON_INK)
        canvas.paste(icon, (round(x), round(y - ICON / 2) + 2), icon)
        x += ICON + 1
        label = layout.text(draw, (x, y), str(points), number_font, INK, CARD, within=below, role="now",
                            anchor="lm")
        x = label.box[2] + 6
    text = tag(view, p, w)
    if text:
        tag_font = font(TAG_FONT)
        room = right - line - PAD - x
        layout.text(draw, (right - line - PAD, y), shorten(text, tag_font, room), tag_font, INK, CARD,
                    within=below, role="tag", anchor="rm")


def draw_strip(canvas: Image.Image, layout: Layout, view: GameView, box: tuple[int, int, int, int],
               w: Words) -> None:
    left, top, right, bottom = box
    n = len(view.players)
    width = (right - left - CELL_GAP * (n - 1)) // n
    for i, p in enumerate(view.players):
        x = left + i * (width + CELL_GAP)
        draw_cell(canvas, layout, view, p, (x, top, x + width, bottom), w)
