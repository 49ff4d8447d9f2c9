"""The channel picture reads on a phone: the renderer's own layout record, checked for many positions.

Sizes, contrast, boxes, overlaps and the presence of every figure are asserted on the labels and pieces
the drawing functions recorded (``render.layout``), and one test proves that record matches the pixels.
"""

from __future__ import annotations

import io
import itertools
from functools import lru_cache

import pytest
from PIL import Image, ImageChops

from engine import GameState, GameView, Phase, Terrain, view
from engine.messages import ENGLISH, Msg, Param, Speaker
from render import render_board
from render.channel import GRID, RADIUS, channel_image
from render.channel_hex import COMPACT_EDGE, EDGE
from render.gallery import PLAYERS, play
from render.geometry import half_width
from render.hexes import temple_leader
from render.layout import Label, Layout
from render.palette import RGB, contrast, font
from render.words import Words
from tests.render.option_cases import option_positions
from tests.render.render_cases import crowded_view, with_space

MIN_SIZE = 11.0
MIN_CAP = 8.0
MIN_CONTRAST = 4.5
LONG_NAMES = ("Abcdefghijklmnop", "Qrstuvwxyzabcdef", "Ghijklmnopqrstuv", "Wxyzabcdefghijkl")


@lru_cache(maxsize=1)
def positions() -> dict[str, GameState]:
    """2–4 players, basic and auction: early, crowded, scoring, bidding, picking, finished; and games with
    the options of rules.md §7 (obstacles, guns, dice, random terrain, Tikal Rápido: ``option_cases``)."""
    out: dict[str, GameState] = {}
    for n, variant in itertools.product((2, 3, 4), ("basic", "auction")):
        names = PLAYERS[:n]
        key = f"{n}p-{variant}"
        seed = 20 + n
        out[f"{key}-early"] = play(seed, names, variant, until=lambda s: s.turn >= 2 and s.phase is Phase.ACTIONS)
        out[f"{key}-crowded"] = play(
            seed, names, variant, until=lambda s: s.turn >= 22 and s.phase is Phase.ACTIONS and len(s.turn_moves) > 2)
        out[f"{key}-scoring"] = play(seed, names, variant,
                                     until=lambda s: s.phase is Phase.SCORING and len(s.turn_moves) >= 1)
        out[f"{key}-finished"] = play(seed, names, variant, until=lambda s: False)
        if variant == "auction":
            out[f"{key}-bidding"] = play(seed, names, variant,
                                         until=lambda s: s.round >= 3 and s.phase is Phase.BID and s.high_bid > 0)
            out[f"{key}-picking"] = play(seed, names, variant, until=lambda s: s.round >= 2 and s.phase is Phase.PICK)
    out["4p-long-names"] = play(9, LONG_NAMES, "auction",
                                until=lambda s: s.round >= 3 and s.phase is Phase.BID and s.high_bid > 0)
    out["4p-long-names-placing"] = play(9, LONG_NAMES, "basic", until=lambda s: s.turn >= 12 and s.phase is Phase.PLACE)
    out.update(option_positions())
    return out


@lru_cache(maxsize=64)
def drawn(name: str) -> tuple[GameView, Image.Image, Layout]:
    v = view(positions()[name], None)
    img, layout = channel_image(v)
    return v, img, layout


NAMES = sorted(positions())


def test_the_positions_cover_the_phases() -> None:
    phases = {positions()[n].phase for n in NAMES}
    assert {Phase.ACTIONS, Phase.SCORING, Phase.BID, Phase.PICK, Phase.FINISHED} <= phases
    assert any(positions()[n].phase is Phase.PLACE for n in NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_the_picture_fits_a_phone_column(name: str) -> None:
    _, img, layout = drawn(name)
    assert (img.width, img.height) == (layout.width, layout.height)
    assert img.height <= 1.4 * img.width


def cap_height(label: Label) -> float:
    top, bottom = font(label.size).getbbox("H")[1::2]
    return float(bottom - top)


@pytest.mark.parametrize("name", NAMES)
def test_every_text_is_large_enough_at_400_px(name: str) -> None:
    _, _, layout = drawn(name)
    assert layout.labels
    for label in layout.labels:
        assert label.size * layout.phone_scale >= MIN_SIZE, label
        assert cap_height(label) * layout.phone_scale >= MIN_CAP, label


@pytest.mark.parametrize("name", NAMES)
def test_every_text_contrasts_with_what_is_behind_it(name: str) -> None:
    _, _, layout = drawn(name)
    for label in layout.labels:
        assert contrast(label.fg, label.bg) >= MIN_CONTRAST, label


def _inside_hexagon(x: float, y: float, hexagon: tuple[float, float, float], slack: float) -> bool:
    cx, cy, r = hexagon
    return abs(x - cx) <= half_width(r, y - cy) + slack


@pytest.mark.parametrize("name", NAMES)
def test_every_label_stays_in_its_box(name: str) -> None:
    _, _, layout = drawn(name)
    for label in layout.labels:
        left, top, right, bottom = label.box
        wl, wt, wr, wb = label.within
        assert wl - 1 <= left and wt - 1 <= top and right <= wr + 1 and bottom <= wb + 1, label
        if label.hexagon is not None:
            for x, y in ((left, top), (right, top), (left, bottom), (right, bottom)):
                assert _inside_hexagon(x, y, label.hexagon, 0), label
        assert left >= 0 and top >= 0 and right <= layout.width and bottom <= layout.height


@pytest.mark.parametrize("name", NAMES)
def test_no_label_overlaps_another(name: str) -> None:
    _, _, layout = drawn(name)
    for a, b in itertools.combinations(layout.labels, 2):
        apart = a.box[2] <= b.box[0] or b.box[2] <= a.box[0] or a.box[3] <= b.box[1] or b.box[3] <= a.box[1]
        assert apart, (a, b)


@pytest.mark.parametrize("name", NAMES)
def test_every_figure_camp_temple_and_treasure_is_drawn_on_its_hex(name: str) -> None:
    v, _, layout = drawn(name)
    figures = {(p.space, p.seat): (p.count, p.leader) for p in layout.pieces if p.kind == "figures"}
    expected = {(s.space, seat): (count, leader) for s in v.spaces
                for seat, (count, leader) in enumerate(zip(s.workers, s.leaders, strict=True)) if count or leader}
    assert figures == expected
    assert len([p for p in layout.pieces if p.kind == "figures"]) == len(expected)
    camps = {(p.space, p.seat) for p in layout.pieces if p.kind == "camp"}
    assert camps == {(s.space, s.camp) for s in v.spaces if s.camp is not None}
    temples = {p.space: (p.kind, p.seat, p.count) for p in layout.pieces
               if p.kind in ("temple", "guard") and p.space >= 0}
    assert temples == {s.space: ("guard" if s.guard is not None else "temple", temple_leader(s), s.value)
                       for s in v.spaces if s.terrain is Terrain.TEMPLE and s.value is not None}
    wafers = {p.space: p.count for p in layout.pieces if p.kind == "wafers" and p.space >= 0}
    assert wafers == {s.space: s.wafers for s in v.spaces if s.terrain is Terrain.TREASURE}


@pytest.mark.parametrize("name", NAMES)
def test_pieces_lie_inside_their_hex(name: str) -> None:
    _, _, layout = drawn(name)
    for piece in layout.pieces:
        if piece.space < 0 or piece.kind == "obstacle":  # an obstacle lies across a border (its own test)
            continue
        cx, cy = GRID.centre(piece.space)
        left, top, right, bottom = piece.box
        round_corner = (bottom - top) * 0.3
        middle = (top + bottom) / 2
        for x, y in ((left + round_corner, top), (right - round_corner, top), (left + round_corner, bottom),
                     (right - round_corner, bottom), (left, middle), (right, middle)):
            assert _inside_hexagon(x, y, (cx, cy, RADIUS - EDGE / 2), 0), piece


@pytest.mark.parametrize("name", NAMES)
def test_the_status_names_the_player_to_act_and_every_player_has_a_score(name: str) -> None:
    v, _, layout = drawn(name)
    texts = [label.text for label in layout.labels]
    status = " ".join(label.text for label in layout.labels if label.role == "status")
    if v.to_act is not None and v.phase is not Phase.JUMP:  # in a Tikal Rápido jump everyone chooses at once
        assert any(v.players[v.to_act].name.startswith(t.rstrip("…")) for t in texts if t.endswith("…")) \
            or v.players[v.to_act].name in status
    scores = [label.text for label in layout.labels if label.role == "score"]
    assert scores == [str(p.score) for p in v.players]
    now = [label for label in layout.labels if label.role == "now"]
    assert len(now) == (0 if v.finished else 2 * len(v.players))


def _ink_mask(a: Image.Image, b: Image.Image) -> Image.Image:
    r, g, b_ = ImageChops.difference(a, b).split()
    most = ImageChops.lighter(ImageChops.lighter(r, g), b_)
    return most.point(lambda value: 255 if value > 24 else 0)


@pytest.mark.parametrize("name", NAMES)
def test_the_record_matches_the_pixels(name: str) -> None:
    """Drawn without its text, the picture differs from the real one only inside the recorded boxes, each
    box holds ink, and the colour behind each label is the one recorded."""
    v, img, layout = drawn(name)
    bare, bare_layout = channel_image(v, draw_text=False)
    assert [label.box for label in bare_layout.labels] == [label.box for label in layout.labels]
    ink = _ink_mask(img, bare)
    covered = Image.new("L", img.size, 0)
    for label in layout.labels:
        left, top, right, bottom = label.box
        covered.paste(255, (round(left) - 2, round(top) - 2, round(right) + 2, round(bottom) + 2))
        assert ink.crop((round(left), round(top), round(right), round(bottom))).getbbox() is not None, label
    stray = ImageChops.subtract(ink, covered).getbbox()
    assert stray is None, f"ink outside every label box at {stray}"
    behind = bare.convert("RGB")
    for label in layout.labels:
        crop = behind.crop(tuple(round(c) for c in label.box))
        colours: list[tuple[int, RGB]] = crop.getcolors(crop.width * crop.height) or []  # type: ignore[assignment]
        total = sum(n for n, _ in colours)
        most = max(colours)[1]
        assert max(abs(c - d) for c, d in zip(most, label.bg, strict=True)) <= 6, (label, most)
        poor = sum(n for n, colour in colours if contrast(label.fg, colour) < MIN_CONTRAST)
        assert poor <= 0.05 * total, (label, poor, total)


def test_the_png_is_small_and_scales() -> None:
    v = drawn("4p-basic-crowded")[0]
    png = render_board(v)
    assert len(png) <= 300 * 1024
    img = Image.open(io.BytesIO(png))
    assert img.format == "PNG" and img.height <= 1.4 * img.width
    small = Image.open(io.BytesIO(render_board(v, size=700)))
    assert max(small.size) == 700


class Longer:
    """A speaker whose every word runs about 30% longer, as German does."""

    def __init__(self, t: Speaker) -> None:
        self.t = t

    @property
    def locale(self) -> str:
        return self.t.locale

    @staticmethod
    def _longer(text: str) -> str:
        return " ".join(w + "e" * ((len(w) * 3 + 9) // 10) if w.isalpha() else w for w in text.split(" "))

    def tr(self, context: str, english: str, /, **params: Param) -> str:
        return self._longer(self.t.tr(context, english, **params))

    def ntr(self, context: str, one: str, many: str, n: int, /, **params: Param) -> str:
        return self._longer(self.t.ntr(context, one, many, n, **params))

    def message(self, message: Msg) -> str:
        return self._longer(self.t.message(message))

    def ordinal_form(self, n: int) -> str:
        return self.t.ordinal_form(n)


@pytest.mark.parametrize("name", ["4p-basic-crowded", "4p-auction-bidding", "3p-basic-scoring", "4p-long-names",
                                  "4p-basic-finished", "2p-auction-picking", "4p-rapido-slot", "4p-rapido-jump",
                                  "4p-rapido-placing", "4p-randomterrain-declare", "4p-obstacles-guns-crowded",
                                  "2p-indiana-rolled"])
def test_longer_words_still_fit(name: str) -> None:
    """A translation about 30% longer keeps every label in its box, apart from the others and readable."""
    v = view(positions()[name], None)
    _, layout = channel_image(v, words=Words(Longer(ENGLISH)))
    assert any("ee" in label.text for label in layout.labels)
    for label in layout.labels:
        assert label.size * layout.phone_scale >= MIN_SIZE, label
        left, top, right, bottom = label.box
        wl, wt, wr, wb = label.within
        assert wl - 1 <= left and wt - 1 <= top and right <= wr + 1 and bottom <= wb + 1, label
    for a, b in itertools.combinations(layout.labels, 2):
        assert a.box[2] <= b.box[0] or b.box[2] <= a.box[0] or a.box[3] <= b.box[1] or b.box[3] <= a.box[1], (a, b)


CROWDED_HEXES = {
    "base camp, four leaders and two-digit counts": ("A1", dict(workers=(10, 12, 11, 13), leaders=(True,) * 4)),
    "temple, three players and two leaders": ("C3", dict(workers=(12, 11, 10, 0), leaders=(True, True, False, False))),
    "guarded temple and three players": ("C3", dict(workers=(12, 11, 0, 9), leaders=(False, True, False, False),
                                                    guard=2)),
    "treasure, four wafers, a camp, three players": ("C3", dict(terrain=Terrain.TREASURE, value=None, wafers=4,
                                                                tile="A-2", camp=1, workers=(9, 12, 0, 3),
                                                                leaders=(False, True, False, False))),
    "jungle, a camp and four players": ("C3", dict(terrain=Terrain.JUNGLE, value=None, camp=2,
                                                   workers=(18, 11, 12, 10), leaders=(False,) * 4)),
}


@pytest.mark.parametrize("case", sorted(CROWDED_HEXES))
def test_a_crowded_hex_keeps_every_figure_inside(case: str) -> None:
    name, changes = CROWDED_HEXES[case]
    v = with_space(crowded_view(), name, **changes)
    _, layout = channel_image(v)
    space = v.space(name)
    mine = [p for p in layout.pieces if p.space == space.space]
    figures = {p.seat: (p.count, p.leader) for p in mine if p.kind == "figures"}
    assert figures == {seat: (count, leader) for seat, (count, leader) in enumerate(zip(space.workers, space.leaders,
                                                                                          strict=True))
                       if count or leader}
    cx, cy = GRID.centre(space.space)
    for piece in mine:
        left, top, right, bottom = piece.box
        r = (bottom - top) * 0.3
        middle = (top + bottom) / 2
        for x, y in ((left + r, top), (right - r, top), (left + r, bottom), (right - r, bottom), (left, middle),
                     (right, middle)):
            assert _inside_hexagon(x, y, (cx, cy, RADIUS - COMPACT_EDGE / 2), 0), (case, piece)
    for label in layout.labels:
        if label.hexagon is not None:
            x0, y0, x1, y1 = label.box
            for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)):
                assert _inside_hexagon(x, y, label.hexagon, 0), label
    for a, b_ in itertools.combinations(layout.labels, 2):
        assert a.box[2] <= b_.box[0] or b_.box[2] <= a.box[0] or a.box[3] <= b_.box[1] or b_.box[3] <= a.box[1]


def test_the_tutorials_spotlight_rings_exactly_its_spaces_in_magenta() -> None:
    """``spotlight`` draws a magenta ring on each space it names and nowhere else; the picture is otherwise the same."""
    from engine import new_game
    from render.palette import SPOTLIGHT

    state = new_game(["Ana", "Ben"], "basic", seed=4)
    plain = channel_image(view(state, None))[0]
    marked = channel_image(view(state, None), spotlight=(0, 12))[0]
    assert render_board(view(state, None), spotlight=(0, 12)) != render_board(view(state, None))
    box = ImageChops.difference(plain, marked).getbbox()
    assert box is not None
    for space in (0, 12):
        x, y = GRID.centre(space)
        inside = [marked.getpixel((round(x + dx), round(y + dy))) for dx in range(-RADIUS, RADIUS)
                  for dy in (-2, 0, 2)]
        assert SPOTLIGHT in inside, space
    left, top, right, bottom = box
    ringed = [GRID.centre(s) for s in (0, 12)]
    assert left >= min(x for x, _ in ringed) - RADIUS - 2 and right <= max(x for x, _ in ringed) + RADIUS + 2
    assert top >= min(y for _, y in ringed) - RADIUS - 2 and bottom <= max(y for _, y in ringed) + RADIUS + 2
