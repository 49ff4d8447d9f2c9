"""Colours, markers, highlights, placement preview, zoom and alt text."""

from __future__ import annotations

import ast
import importlib
import io
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from engine import Phase, Terrain, parse_space, view
from render import (
    describe,
    legend_lines,
    render_board,
    render_detail,
    render_legend,
    render_placement,
    render_zoom,
    sprites,
)
from render.describe import ALT_TEXT_LIMIT, sentences
from render.detail import CARDS_TOP, LEGEND_TOP
from render.gallery import moments, phone_copy, placing, play
from render.geometry import TurnedGrid
from render.highlight import changed_spaces
from render.layout import Layout
from render.palette import (
    BACKGROUND,
    CARD,
    INK,
    PLAYER_COLOURS,
    PLAYER_MARKERS,
    SOFT_INK,
    TERRAIN_FILL,
    UNEXPLORED,
    UNEXPLORED_INK,
    WHITE,
    contrast,
    font,
    text_on,
)
from render.placement import legal_rotations
from render.status import story_lines
from render.textrun import MARKER_EM, draw_line
from render.words import words_for
from render.zoom import TITLE_HEIGHT, ZOOM_HEIGHT, ZOOM_WIDTH, shown_spaces
from tests.render.render_cases import (
    count_near,
    crowded_view,
    decode,
    diff_box,
    hex_box,
    opening_view,
    pixels,
    with_space,
)

RENDER = Path(__file__).resolve().parents[2] / "render"


def test_text_colours_contrast_at_least_4_5() -> None:
    for fill in (*PLAYER_COLOURS, *TERRAIN_FILL.values(), WHITE, CARD, BACKGROUND):
        assert contrast(text_on(fill), fill) >= 4.5, fill
    assert contrast(SOFT_INK, BACKGROUND) >= 4.5
    assert contrast(UNEXPLORED_INK, UNEXPLORED) >= 4.5
    assert contrast(INK, WHITE) >= 4.5


def test_players_have_distinct_colours_and_markers() -> None:
    assert len(set(PLAYER_COLOURS)) == len(PLAYER_COLOURS) == 4
    assert len(set(PLAYER_MARKERS)) == len(PLAYER_MARKERS) == 4


def test_highlight_names_the_spaces_of_the_last_turn() -> None:
    v = crowded_view()
    names = {v.spaces[s].name for s in changed_spaces(v)}
    words = {w for move in v.turn_moves for w in move.split()[1:] if w.isupper() and parse_space(w) is not None}
    assert names == words
    assert len(names) >= 1


def test_placement_preview_marks_legal_spaces_and_draws_six_rotations() -> None:
    v = view(placing(), None)
    assert v.phase is Phase.PLACE and v.hand is not None and v.placements
    rotations = legal_rotations(v)
    assert set(rotations) == {s for s, _ in v.placements}
    png = render_placement(v)
    img = Image.open(io.BytesIO(png))
    assert 2000 <= max(img.size) <= 2400 and len(png) <= 300 * 1024
    from render.detail import GRID
    from render.placement import LEGAL_BANDS

    rgb = decode(png)
    legal_white = LEGAL_BANDS[1][0]
    for space in rotations:
        cx, cy = GRID.centre(space)
        edge = (round(cx) - 8, round(cy - GRID.half_height) + 4, round(cx) + 8, round(cy - GRID.half_height) + 9)
        assert count_near(rgb, edge, legal_white, 10) > 20, v.spaces[space].name
    unexplored_not_legal = [s.space for s in v.spaces if not s.explored and s.space not in rotations]
    assert unexplored_not_legal
    for space in unexplored_not_legal:
        cx, cy = GRID.centre(space)
        edge = (round(cx) - 8, round(cy - GRID.half_height) + 4, round(cx) + 8, round(cy - GRID.half_height) + 9)
        assert count_near(rgb, edge, legal_white, 10) == 0


def test_placement_preview_shows_the_hexagon_in_hand() -> None:
    a = view(placing(), None)
    b = next(v for v in (view(placing(seed=seed), None) for seed in range(1, 20)) if v.hand != a.hand)
    from render.detail import CARDS_TOP

    box = diff_box(render_placement(a), render_placement(b))
    assert box is not None and box[3] > CARDS_TOP


def test_zoom_shows_the_space_larger() -> None:
    v = crowded_view()
    busiest = max(v.spaces, key=lambda s: sum(s.workers))
    seat = max(range(len(v.players)), key=lambda p: busiest.workers[p])
    png = render_zoom(v, busiest.name.lower())
    img = decode(png)
    assert len(png) <= 300 * 1024 and max(img.size) <= 1600
    assert count_near(img, (0, 0, img.width, img.height), PLAYER_COLOURS[seat]) > 1000
    empty = render_zoom(with_space(v, busiest.name, workers=(0,) * len(v.players), leaders=(False,) * len(v.players),
                                   camp=None, guard=None), busiest.name)
    assert diff_box(png, empty) is not None
    with pytest.raises(ValueError):
        render_zoom(v, "I9")


def test_describe_is_one_paragraph_within_discords_limit() -> None:
    for state in moments().values():
        v = view(state, None)
        text = describe(v)
        assert 40 < len(text) <= ALT_TEXT_LIMIT
        assert "\n" not in text
        for p in v.players:
            assert p.name in text


def test_describe_names_temples_and_their_holders() -> None:
    v = opening_view()
    text = describe(v)
    assert "A2 value 1" in text and "B1 value 1" in text
    led = describe(with_space(v, "A2", workers=(0, 0, 2, 0)))
    assert "A2 value 1 held by Ben" in led
    guarded = describe(with_space(v, "B1", guard=3))
    assert "B1 value 1 guarded by Cara" in guarded
    assert "Turn 1" in text


def test_gallery_moments_cover_the_phases() -> None:
    phases = {name: state.phase for name, state in moments().items()}
    assert phases["scoring-round"] is Phase.SCORING
    assert phases["auction-round"] is Phase.BID
    assert phases["finished"] is Phase.FINISHED
    assert phases["placement"] is Phase.PLACE


def test_render_imports_only_pillow_stdlib_engine_and_lang() -> None:
    import sys

    allowed = {"PIL", "engine", "render", "lang", *sys.stdlib_module_names}
    for path in RENDER.rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                assert name.split(".")[0] in allowed, f"{path.name} imports {name}"


def test_fonts_and_licence_are_bundled() -> None:
    fonts = RENDER / "fonts"
    assert (fonts / "DejaVuSans.ttf").is_file() and (fonts / "DejaVuSans-Bold.ttf").is_file()
    assert "Bitstream" in (fonts / "LICENSE.txt").read_text()


def test_volcano_and_unexplored_look_different() -> None:
    v = opening_view()
    volcano = with_space(v, "C1", explored=True, terrain=Terrain.VOLCANO)
    img = decode(render_detail(volcano))
    assert count_near(img, hex_box("C1", 0.3), TERRAIN_FILL[Terrain.VOLCANO], 8) > 1000
    assert len(set(pixels(img, hex_box("C1", 0.3)))) > 3


def test_long_names_and_four_players_fit() -> None:
    names = ("Abcdefghijklmnop", "Qrstuvwxyzabcdef", "Ghijklmnopqrstuv", "Wxyzabcdefghijkl")
    from engine import new_game
    from render.panel import rich_width, status_lines

    v = view(new_game(list(names), "auction", seed=4), None)
    png = render_board(v)
    assert len(png) <= 300 * 1024
    title, _ = status_lines(v, words_for())
    assert names[0] in title
    assert rich_width(title, 30, True) > 0
    text = describe(v)
    assert all(n in text for n in names)


def test_placement_preview_outside_placing_is_the_plain_board() -> None:
    v = crowded_view()
    assert v.phase is Phase.ACTIONS and not v.placements
    assert render_placement(v) == render_detail(v, highlight=False)


def test_describe_tells_the_last_turn_and_the_hand() -> None:
    v = view(placing(), None)
    text = describe(v)
    assert "Last turn, Ana: placed F1 (temple 5)" in text
    assert "In hand: jungle." in text


def test_describe_is_cut_with_an_ellipsis_within_the_limit() -> None:
    names = ("Abcdefghijklmnop", "Qrstuvwxyzabcdef", "Ghijklmnopqrstuv", "Wxyzabcdefghijkl")
    v = view(play(9, names, until=lambda s: s.turn >= 28 and s.phase is Phase.ACTIONS), None)
    assert len(" ".join(sentences(v, words_for()))) > ALT_TEXT_LIMIT
    text = describe(v)
    assert len(text) <= ALT_TEXT_LIMIT and text.endswith("…")


@pytest.mark.parametrize("before", range(ALT_TEXT_LIMIT - 140, ALT_TEXT_LIMIT + 1, 7))
def test_a_sentence_cut_at_any_length_keeps_the_alt_text_and_its_ellipsis_within_discords_limit(
        before: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever the length of the text before it, the sentence that does not fit is cut to the room left: the
    ellipsis stays within Discord's 1,024 characters (the bot cuts anything longer, ellipsis first), and little of
    the room is lost."""
    first, cut = "a" * before, "b" * 300  # no spaces: the cut lands exactly where the room says
    monkeypatch.setattr(importlib.import_module("render.describe"), "sentences",
                        lambda view, words: [first[:-1] + ".", cut])
    text = describe(view(placing(), None))
    assert len(text) <= ALT_TEXT_LIMIT and text.endswith("…")
    room = ALT_TEXT_LIMIT - len(first) - 1  # after the first sentence and a space
    assert len(text) >= ALT_TEXT_LIMIT - 2 or room <= 41  # cut (not dropped) when more than a few words fit


def test_placement_preview_keeps_the_scores_in_view() -> None:
    v = view(placing(), None)
    more = replace(v, players=(replace(v.players[0], score=v.players[0].score + 40), *v.players[1:]))
    box = diff_box(render_placement(v), render_placement(more))
    assert box is not None and box[1] >= CARDS_TOP and box[3] <= LEGEND_TOP


def test_the_legend_is_text_and_a_picture() -> None:
    lines = legend_lines()
    assert len(lines) >= 5 and any("outline" in line for line in lines)
    assert any("wafer" in line for line in lines) and any("shape" in line for line in lines)
    img = Image.open(io.BytesIO(render_legend()))
    assert img.format == "PNG" and img.width >= 600


def test_the_gallery_shrinks_a_picture_to_a_phone_column() -> None:
    img = Image.open(io.BytesIO(phone_copy(render_board(crowded_view()))))
    assert img.width == 400 and img.height <= 560


def test_zoom_draws_only_whole_hexes() -> None:
    v = crowded_view()
    for name in ("A1", "D3", "H5"):
        grid, spaces = shown_spaces(name)
        assert isinstance(grid, TurnedGrid)
        for space in spaces:
            x, y = grid.centre(space)
            assert x - grid.half_width >= 0 and x + grid.half_width <= ZOOM_WIDTH
            assert y - grid.half_height >= TITLE_HEIGHT and y + grid.half_height <= ZOOM_HEIGHT
        assert len(spaces) >= 4
    assert render_zoom(v, "a1")


def test_a_shortened_scoring_caption_keeps_what_was_scored() -> None:
    state = play(11, until=lambda s: s.last_turn is not None and s.last_turn.scoring
                 and len(s.last_turn.moves) >= 4 and not s.turn_moves)
    v = view(state, None)
    lines = story_lines(v, words_for(), 600, font(30), 2)
    text = " ".join(str(part) for line in lines for part in line).replace("\u00a0", " ")
    scored = v.score_log[-1]
    w = words_for()
    assert w.more_actions(1)[:1] in text and w.scored(scored.temples, scored.treasures) in text, text


@pytest.mark.parametrize("size", [16, 28])
def test_the_player_markers_in_a_line_of_text_have_their_players_colours_and_shapes(size: int) -> None:
    """A text line names players by marker (the caption's ``● Ben: placed …``, the status line): each seat's
    marker is that player's colour inside that player's shape, outlined in ink, as the strip and the board show."""
    mark = round(size * MARKER_EM)
    for seat in range(len(PLAYER_COLOURS)):
        canvas = Image.new("RGB", (10 * size, 2 * size), WHITE)
        layout = Layout(canvas.width, canvas.height)
        draw_line(canvas, layout, (size, size), [seat, " Ana"], font(size), WHITE,
                  within=(0, 0, canvas.width, canvas.height), role="caption")
        left, top = size, round(size - mark / 2)
        drawn = canvas.crop((left, top, left + mark, top + mark))
        assert drawn.getpixel((mark // 2, mark // 2)) == PLAYER_COLOURS[seat], seat  # filled with the colour
        sprite = sprites.marker(PLAYER_MARKERS[seat], mark, PLAYER_COLOURS[seat], INK)
        expected = Image.new("RGB", sprite.size, WHITE)
        expected.paste(sprite, (0, 0), sprite)
        assert ImageChops.difference(drawn, expected).getbbox() is None, seat  # in the player's shape
