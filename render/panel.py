"""The text around the board: the status header (phase, whose turn, stack) and one card per player."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from PIL import Image, ImageDraw, ImageFont

from engine import GameView, Phase, PlayerView

from . import rapido, sprites, variants, words
from .hexes import draw_hexagon, paste
from .palette import CARD, INK, RGB, SOFT_INK, WHITE, font, player_colour, player_marker, text_on
from .strip import emphasised, tag
from .words import Words

Part = str | int
"""A piece of rich text: words, or a seat number drawn as that player's marker."""

TITLE_FONT: Final = 30
LINE_FONT: Final = 21
CARD_NAME_FONT: Final = 24
CARD_SCORE_FONT: Final = 30
CARD_LINE_FONT: Final = 19
CHIP_FONT: Final = 17
MINI_RADIUS: Final = 52
CARD_GAP: Final = 14
CAPTION_WIDTH: Final = 110
SET_FILLS: Final[dict[int, RGB]] = {1: WHITE, 2: (250, 226, 150), 3: (236, 190, 60)}
"""Treasure chips get warmer as a kind becomes a pair and a triple."""


def treasure_groups(treasures: Sequence[tuple[str, int]]) -> list[tuple[str, int, RGB]]:
    """Kinds held as ``(kind, count, chip colour)``, triples first, then pairs, then singles."""
    ordered = sorted(treasures, key=lambda kc: (-kc[1], kc[0]))
    return [(kind, count, SET_FILLS[min(count, 3)]) for kind, count in ordered if count]


def rich_width(parts: Sequence[Part], size: int, bold: bool = False) -> float:
    f = font(size, bold)
    return sum(round(size * 0.8) + size * 0.3 if isinstance(p, int) else f.getlength(p) for p in parts)


def rich(canvas: Image.Image, xy: tuple[float, float], parts: Sequence[Part], size: int, bold: bool = False,
         colour: RGB = INK, max_width: float | None = None) -> float:
    """Draw words and player markers on one line starting at ``xy`` (left, middle); return the end x.
    The type shrinks (down to 60 %) when the line would be wider than ``max_width``."""
    if max_width is not None:
        smallest = round(size * 0.6)
        while size > smallest and rich_width(parts, size, bold) > max_width:
            size -= 1
    draw = ImageDraw.Draw(canvas)
    f = font(size, bold)
    x, y = xy
    for part in parts:
        if isinstance(part, int):
            mark = round(size * 0.8)
            m = sprites.marker(player_marker(part), mark, player_colour(part), INK)
            canvas.paste(m, (round(x), round(y - mark / 2)), m)
            x += mark + size * 0.3
        else:
            draw.text((x, y), part, font=f, fill=colour, anchor="lm")
            x += f.getlength(part)
    return x


def _who(view: GameView, seat: int | None, w: Words) -> list[Part]:
    if seat is None:
        return [w.nobody()]
    return [seat, view.players[seat].name]


def status_lines(view: GameView, w: Words) -> tuple[list[Part], list[Part]]:
    """The header's title and detail line for the current phase."""
    p = view.to_act
    sep = words.SEP
    special = rapido.status(view, w)  # a Tikal Rápido round's placing, jumps and slots; a declaration
    if special is not None:
        return special, rapido.detail_line(view, w)
    if view.phase is Phase.FINISHED:
        winners = list(view.winners)
        best = view.players[winners[0]].score if winners else 0
        title: list[Part] = [w.game_over(), sep]
        for i, winner in enumerate(winners):
            title += ([f" {w.and_()} "] if i else []) + _who(view, winner, w)
        title.append(f" {w.wins_with(len(winners) > 1, best)}")
        return title, [w.finished_detail()]
    if view.phase in (Phase.BID, Phase.PICK):
        verb = w.to_bid() if view.phase is Phase.BID else w.picks()
        title = [w.auction_round(view.round), sep, *_who(view, p, w), f" {verb}"]
        if view.phase is Phase.PICK:
            detail: list[Part] = [w.pick_one(len(view.shown))]
        elif view.high_bidder is None:
            detail = [w.no_bid_yet()]
        else:
            detail = [f"{w.high_bid(view.high_bid)} {w.by()} ", *_who(view, view.high_bidder, w)]
        return title, detail
    ap = w.ap_left(view.ap_left) if view.ap_left is not None else ""
    if view.phase is Phase.SCORING:
        head = w.final_scoring() if view.final_scoring else w.scoring_round(view.scoring_round)
        return [head, sep, *_who(view, p, w), sep, ap], [w.scoring_detail(view.final_scoring)]
    title = [w.turn(view.turn), sep, *_who(view, p, w), sep, ap]
    if view.phase is Phase.PLACE and view.hand:
        return title, [w.place_first_detail()]
    return title, [w.normal_turn(view.round)]


def stack_line(view: GameView, w: Words) -> str:
    letters = " ".join(f"{letter}:{n}" for letter, n in view.stack_by_letter)
    line = variants.stack_text(view, w) or w.stack(view.stack_left, letters, view.volcanoes_to_come)
    dice = variants.dice_text(view, w)
    return words.SEP.join((line, dice)) if dice else line


def draw_header(canvas: Image.Image, view: GameView, box: tuple[int, int, int, int], w: Words) -> None:
    """The status header in ``box`` (left, top, right, bottom)."""
    left, top, right, _ = box
    title, detail = status_lines(view, w)
    minis: list[tuple[str, str]] = []
    caption = ""
    if view.phase in (Phase.BID, Phase.PICK) and view.shown:
        minis = [(t, str(i + 1)) for i, t in enumerate(view.shown)]
        caption = w.shown()
    elif view.hand and view.phase in (Phase.PLACE, Phase.SCORING):
        minis = [(view.hand, "")]
        caption = w.in_hand() if view.phase is Phase.PLACE else w.set_aside()
    mini_w = 2 * MINI_RADIUS + 8
    text_right = right - len(minis) * mini_w - (CAPTION_WIDTH if minis else 0)
    room = text_right - left - 8
    rich(canvas, (left + 4, top + 22), title, TITLE_FONT, True, max_width=room)
    rich(canvas, (left + 4, top + 62), detail, LINE_FONT, max_width=room)
    rich(canvas, (left + 4, top + 94), [stack_line(view, w)], LINE_FONT, colour=SOFT_INK, max_width=room)
    if not minis:
        return
    draw = ImageDraw.Draw(canvas)
    draw.text((text_right + CAPTION_WIDTH - 8, top + 56), caption, font=font(LINE_FONT, True), fill=INK, anchor="rm")
    for i, (tile, label) in enumerate(minis):
        cx = text_right + CAPTION_WIDTH + i * mini_w + mini_w / 2
        cy = top + 56
        draw_hexagon(canvas, (cx, cy), MINI_RADIUS, tile)
        if label:
            badge = _number_badge(label)
            paste(canvas, badge, (cx - MINI_RADIUS * 0.62, cy - MINI_RADIUS * 0.62))


def _number_badge(label: str) -> Image.Image:
    size = 28
    img = sprites.disc(size, INK, WHITE, 2).copy()
    ImageDraw.Draw(img).text((size / 2, size / 2 + 1), label, font=font(18, True), fill=WHITE, anchor="mm")
    return img


def _tag(view: GameView, p: PlayerView, w: Words) -> str:
    text = tag(view, p, w)
    return text.upper() if emphasised(view, p) else text


def draw_card(canvas: Image.Image, view: GameView, p: PlayerView, box: tuple[int, int, int, int], w: Words) -> None:
    left, top, right, bottom = box
    colour = player_colour(p.seat)
    ink = text_on(colour)
    acting = view.to_act == p.seat or p.seat in view.winners
    frame = sprites.rounded(right - left, bottom - top, CARD, INK, 5 if acting else 2, 10)
    canvas.paste(frame, (left, top), frame)
    band_h = 42
    band = sprites.rounded(right - left, band_h, colour, INK, 5 if acting else 2, 10)
    canvas.paste(band, (left, top), band)
    mark = 26
    m = sprites.marker(player_marker(p.seat), mark, ink)
    canvas.paste(m, (left + 12, top + (band_h - mark) // 2), m)
    draw = ImageDraw.Draw(canvas)
    score_font = font(CARD_SCORE_FONT, True)
    draw.text((right - 12, top + band_h / 2 + 1), str(p.score), font=score_font, fill=ink, anchor="rm")
    name_right = right - 24 - score_font.getlength(str(p.score))
    tag = _tag(view, p, w)
    if tag:
        tf = font(CARD_LINE_FONT, True)
        tw = round(tf.getlength(tag)) + 16
        chip = sprites.rounded(tw, 28, WHITE, INK, 2, 14)
        x = round(name_right - tw)
        canvas.paste(chip, (x, top + (band_h - 28) // 2), chip)
        draw.text((x + tw / 2, top + band_h / 2 + 1), tag, font=tf, fill=INK, anchor="mm")
        name_right = x - 8
    name_font = font(CARD_NAME_FONT, True)
    name_left = left + 12 + mark + 8
    draw.text((name_left, top + band_h / 2 + 1), fit(p.name, name_font, name_right - name_left), font=name_font,
              fill=ink, anchor="lm")
    y = top + band_h + 18
    lines = [
        words.SEP.join((w.supply(p.workers_supply), w.leader_at(p.leader))),
        words.SEP.join((w.camps_left(p.camps_left), w.guards_left(p.guards_left),
                        *([w.removed(p.removed)] if p.removed else []))),
        w.scores_now(p.temple_points_now, p.treasure_points_now),
    ]
    for line in lines:
        rich(canvas, (left + 12, y), [line], CARD_LINE_FONT, max_width=right - left - 22)
        y += 25
    _draw_treasures(canvas, p, (left + 10, y - 8, right - 10, bottom - 8), w)


def _draw_treasures(canvas: Image.Image, p: PlayerView, box: tuple[int, int, int, int], w: Words) -> None:
    left, top, right, _ = box
    draw = ImageDraw.Draw(canvas)
    f = font(CHIP_FONT, True)
    if not p.treasures:
        draw.text((left + 2, top + 14), w.no_treasures(), font=font(CHIP_FONT), fill=SOFT_INK, anchor="lm")
        return
    x, y = left, top
    for kind, count, fill in treasure_groups(p.treasures):
        text = w.treasure_chip(kind, count)
        width = round(f.getlength(text)) + 16
        if x + width > right and x > left:
            x, y = left, y + 32
        chip = sprites.rounded(width, 28, fill, INK, 3 if count == 3 else 1.5, 8)
        canvas.paste(chip, (x, y), chip)
        draw.text((x + width / 2, y + 15), text, font=f, fill=text_on(fill), anchor="mm")
        x += width + 6


def fit(text: str, f: ImageFont.FreeTypeFont, width: float) -> str:
    """``text`` shortened with an ellipsis to fit ``width`` pixels."""
    if f.getlength(text) <= width:
        return text
    while len(text) > 1 and f.getlength(text + "…") > width:
        text = text[:-1]
    return text + "…"


def draw_cards(canvas: Image.Image, view: GameView, box: tuple[int, int, int, int], w: Words) -> None:
    left, top, right, bottom = box
    n = len(view.players)
    width = (right - left - CARD_GAP * (n - 1)) // n
    for i, p in enumerate(view.players):
        x = left + i * (width + CARD_GAP)
        draw_card(canvas, view, p, (x, top, x + width, bottom), w)

