"""The animated replay: its frames follow the record, the GIF decodes to exactly the channel pictures of
those positions with their captions, it stays under Discord's limit and shows nothing hidden."""

from __future__ import annotations

import io
import itertools
from functools import lru_cache

import pytest
from PIL import Image, ImageChops

from engine import GameState, Phase, Variant, new_game, read_record, record_of, replay, view
from render import FrameKind, ReplayOptions, render_replay, replay_frames
from render.channel import WIDTH, channel_image
from render.frame_caption import frame_caption
from render.frames import Frame
from render.gif import COLOURS, GifWriter
from render.layout import Layout
from render.replay import DISCORD_SAFE_BYTES, frame_duration, gif_width, narrower, turn_unit
from render.words import words_for
from tests.render.render_cases import PLAYERS
from tests.render.replay_cases import Record, corpus, ends, longest, rapido_game

MIN_SIZE = 11.0


@lru_cache(maxsize=1)
def longest_replay() -> tuple[Record, list[Frame], bytes]:
    record = longest()[1]
    frames = replay_frames(record)
    return record, frames, render_replay(frames)


def drawn(frame: Frame) -> tuple[Image.Image, Layout]:
    """The channel picture of the frame's position with the frame's caption."""
    return channel_image(frame.view, highlight=frame.kind not in (FrameKind.ROUND, FrameKind.FINAL),
                         caption=frame_caption(frame, words_for()))


def captions(layout: Layout) -> str:
    return " ".join(label.text for label in layout.labels if label.role == "caption")


# --- the frame plan ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(corpus()))
def test_one_frame_per_turn_and_per_scoring_round_in_the_records_order(name: str) -> None:
    record = corpus()[name]
    frames = replay_frames(record)
    kinds = [f.kind for f in frames]
    assert kinds[0] is FrameKind.START and frames[0].moves == 0
    assert kinds[-1] is FrameKind.FINAL and frames[-1].moves == len(record["moves"])
    turns = [f for f in frames if f.kind in (FrameKind.TURN, FrameKind.SCORING_TURN)]
    assert [f.moves for f in turns] == ends(record)
    assert [f.moves for f in frames] == sorted(f.moves for f in frames)
    assert [f.number for f in frames if f.kind is FrameKind.TURN] == list(range(1, 37))
    rounds = [f for f in frames if f.kind in (FrameKind.ROUND, FrameKind.FINAL)]
    assert [f.number for f in rounds] == [1, 2, 3, 4]
    for i, frame in enumerate(frames):
        if frame.kind in (FrameKind.ROUND, FrameKind.FINAL):
            before = frames[i - 1]
            assert before.kind is FrameKind.SCORING_TURN and before.moves == frame.moves
            assert before.number == frame.number
    scoring = [f.number for f in frames if f.kind is FrameKind.SCORING_TURN]
    assert scoring == [n for n in (1, 2, 3, 4) for _ in PLAYERS]
    assert len(frames) == 1 + len(ends(record)) + 4


@pytest.mark.slow
def test_every_frame_is_the_public_view_of_its_position() -> None:
    record, frames, _ = longest_replay()
    rec = read_record(record)
    for frame in frames:
        assert frame.view.viewer is None
        assert frame.view == view(replay(rec, upto=frame.moves), None)


def test_an_auction_turn_tells_who_won_it_and_for_how_much() -> None:
    record = corpus()["busy-auction-1"]
    frames = replay_frames(record)
    bought = [f for f in frames if f.bought is not None]
    assert len(bought) >= 20
    rec = read_record(record)
    for frame in bought:
        assert frame.bought is not None and frame.view.last_turn is not None
        assert frame.bought.seat == frame.view.last_turn.player
        picked = max(i for i, m in enumerate(record["moves"][:frame.moves]) if m.startswith("pick"))
        before = replay(rec, upto=picked)
        assert before.phase is Phase.PICK and before.to_act == frame.bought.seat
        paid = replay(rec, upto=picked - 1).score[frame.bought.seat] - before.score[frame.bought.seat]
        assert frame.bought.price == max(paid, 0)


def test_a_running_game_ends_with_its_position_now() -> None:
    record = corpus()["busy-basic-1"]
    stop = ends(record)[9] + 3
    running = {**record, "moves": record["moves"][:stop]}
    frames = replay_frames(running)
    assert frames[-1].kind is FrameKind.NOW and frames[-1].moves == stop
    assert frames[-1].view == view(replay(read_record(running), upto=stop), None)
    assert frames[-2].moves == ends(record)[9] and frames[-2].kind is not FrameKind.NOW
    at_an_end = {**record, "moves": record["moves"][:ends(record)[9]]}
    assert replay_frames(at_an_end)[-1].moves == ends(record)[9]
    assert all(f.kind is not FrameKind.NOW for f in replay_frames(at_an_end))


# --- the GIF -----------------------------------------------------------------------------------------------

def shared_palette_of(gif: Image.Image) -> Image.Image:
    """The GIF's global palette as a palette image (its ``COLOURS`` colours; index 255 is transparent)."""
    colours = gif.getpalette()
    assert colours is not None
    palette = Image.new("P", (1, 1))
    palette.putpalette(colours[:3 * COLOURS])
    return palette


@pytest.mark.slow
def test_the_gif_decodes_to_the_channel_picture_of_every_frame_pixel_for_pixel() -> None:
    _, frames, data = longest_replay()
    gif = Image.open(io.BytesIO(data))
    assert gif.format == "GIF" and gif.is_animated
    assert gif.n_frames == len(frames)
    assert gif.size == (WIDTH, drawn(frames[0])[0].height)
    assert "loop" not in gif.info and b"NETSCAPE2.0" not in data  # played once, it stops on the final scores
    palette = shared_palette_of(gif)
    unit = turn_unit(frames, ReplayOptions())
    for k, frame in enumerate(frames):
        gif.seek(k)
        assert gif.info["duration"] == frame_duration(frame, k == len(frames) - 1, ReplayOptions(), unit)
        expected = drawn(frame)[0].quantize(palette=palette, dither=Image.Dither.NONE).convert("RGB")
        assert ImageChops.difference(gif.convert("RGB"), expected).getbbox() is None, (k, frame.kind)


def test_the_longest_game_of_the_corpus_stays_under_discords_limit() -> None:
    name, record = longest()
    data = longest_replay()[2]
    assert len(data) <= DISCORD_SAFE_BYTES, (name, len(record["moves"]), len(data))


def test_the_last_frame_is_held_longest_and_scoring_longer_than_turns() -> None:
    options = ReplayOptions()
    _, frames, _ = longest_replay()
    unit = turn_unit(frames, options)
    durations = {f.kind: frame_duration(f, False, options, unit) for f in frames[:-1]}
    assert durations[FrameKind.TURN] < durations[FrameKind.SCORING_TURN] < durations[FrameKind.ROUND]
    assert frame_duration(frames[-1], True, options, unit) > max(durations.values())


def played_for(data: bytes) -> float:
    """The seconds a GIF plays, once."""
    gif = Image.open(io.BytesIO(data))
    total = 0
    for k in range(gif.n_frames):
        gif.seek(k)
        total += gif.info["duration"]
    return total / 1000


@pytest.mark.slow
@pytest.mark.parametrize("name", ["busy-basic-1", "busy-auction-1"])
def test_a_four_player_game_plays_about_half_a_minute_once(name: str) -> None:
    frames = replay_frames(corpus()[name])
    seconds = played_for(render_replay(frames))
    assert len(frames) > 50 and 28 <= seconds <= 32, (len(frames), seconds)


def test_a_short_replay_keeps_its_turns_readable() -> None:
    frames = replay_frames(corpus()["busy-basic-1"])[:6]
    options = ReplayOptions()
    assert turn_unit(frames, options) == options.most_turn_ms
    assert played_for(render_replay(frames)) < 15


@pytest.mark.slow
def test_a_replay_too_large_is_drawn_narrower() -> None:
    frames = replay_frames(corpus()["busy-basic-2"])[:6]
    full = render_replay(frames)
    limit = len(full) * 2 // 3
    small = render_replay(frames, options=ReplayOptions(max_bytes=limit))
    width = Image.open(io.BytesIO(small)).width
    assert len(small) <= limit and 400 <= width < WIDTH
    assert gif_width(full) == WIDTH and gif_width(small) == width
    # told what the full width came to, the second try is the first: the same GIF without drawing the full one again
    start = narrower(WIDTH, len(full), limit)
    assert render_replay(frames, options=ReplayOptions(max_bytes=limit, width=start)) == small
    assert narrower(WIDTH, 100 * limit, limit) == 400  # never below a phone's chat column


def test_bare_views_and_a_single_frame() -> None:
    first = new_game(list(PLAYERS), "basic", seed=3)
    views = [view(replay(read_record(corpus()["busy-basic-1"]), upto=n), None) for n in (0, 40)]
    gif = Image.open(io.BytesIO(render_replay(views)))
    assert gif.n_frames == 2
    only = Image.open(io.BytesIO(render_replay(replay_frames(record_of(first)))))
    assert getattr(only, "n_frames", 1) == 1 and only.size[0] == WIDTH
    with pytest.raises(ValueError):
        render_replay([])


def test_identical_frames_merge_into_one_shown_for_both_times() -> None:
    writer = GifWriter()
    both = Image.new("RGB", (20, 10), (200, 30, 30))
    both.paste((30, 30, 200), (10, 0, 20, 10))
    palette = both.quantize(4)
    red, blue = (Image.new("RGB", (20, 10), c).quantize(palette=palette) for c in ((200, 30, 30), (30, 30, 200)))
    for image, ms in ((red, 500), (red, 700), (blue, 300)):
        writer.add(image, ms)
    gif = Image.open(io.BytesIO(writer.finish()))
    assert gif.n_frames == 2
    assert gif.info["duration"] == 1200


# --- what the frames say -------------------------------------------------------------------------------------

@pytest.mark.slow
def test_a_rapido_replay_tells_its_rounds_placements_and_jumps_and_never_a_turn_number() -> None:
    record = rapido_game(3)
    frames = replay_frames(record)
    kinds = [f.kind for f in frames]
    assert kinds[0] is FrameKind.START and kinds[-1] is FrameKind.FINAL
    assert FrameKind.PLACED in kinds and kinds.count(FrameKind.JUMP) >= 2 * kinds.count(FrameKind.PLACED)
    w = words_for()
    rounds = [f.round for f in frames if f.kind is FrameKind.PLACED]
    assert rounds == list(range(1, len(rounds) + 1))
    for frame in frames:
        text = captions(drawn(frame)[1])
        if frame.kind in (FrameKind.PLACED, FrameKind.JUMP):
            assert text.startswith(f"{w.round_no(frame.round)} · "), text
            assert (w.jump_head(frame.number) in text) == (frame.kind is FrameKind.JUMP), text
        if frame.kind is FrameKind.TURN:
            assert text.startswith(f"{w.round_no(frame.round)} · {w.extra_turn()}"), text
        assert w.turn(1).split()[0] not in text, text  # Rápido has rounds, not numbered turns
    assert captions(drawn(frames[0])[1]) == w.replay_start(len(record["players"]), Variant.RAPIDO)


@pytest.mark.slow
def test_captions_number_the_turns_and_tell_scores_and_auctions() -> None:
    frames = replay_frames(corpus()["busy-auction-1"])
    for frame in frames:
        text = captions(drawn(frame)[1])
        if frame.kind is FrameKind.TURN:
            assert text.startswith(words_for().turn(frame.number)), text
            if frame.bought is not None:
                assert words_for().auction_won(frame.bought.price).split()[0] in text
        elif frame.kind is FrameKind.SCORING_TURN:
            assert "scored" in text, text
        elif frame.kind in (FrameKind.ROUND, FrameKind.FINAL):
            gained = [e for e in frame.view.score_log if e.round == frame.number]
            assert len(gained) == len(PLAYERS)
            for entry in gained:
                assert f"+{entry.temples + entry.treasures}" in text
        elif frame.kind is FrameKind.START:
            assert text == words_for().replay_start(len(PLAYERS), Variant.AUCTION)


@pytest.mark.slow
def test_long_names_keep_the_header_in_its_box_and_readable() -> None:
    record = corpus()["long-names-auction-9"]
    frames = replay_frames(record)
    for frame in frames:
        _, layout = drawn(frame)
        header = [label for label in layout.labels if label.role in ("status", "caption")]
        for label in header:
            assert label.size * layout.phone_scale >= MIN_SIZE, label
            left, top, right, bottom = label.box
            wl, wt, wr, wb = label.within
            assert wl - 1 <= left and wt - 1 <= top and right <= wr + 1 and bottom <= wb + 1, label
        for a, b in itertools.combinations(header, 2):
            assert a.box[2] <= b.box[0] or b.box[2] <= a.box[0] or a.box[3] <= b.box[1] or b.box[3] <= a.box[1]


# --- hidden information --------------------------------------------------------------------------------------

def _hidden_reordered(record: Record, state: GameState) -> Record:
    """The same record with the face-down stack (beyond what was drawn) and the wafers not yet dealt in
    another order."""
    drawn_tiles, rest = record["tile_order"][:state.stack_pos], record["tile_order"][state.stack_pos:]
    by_letter: dict[str, list[str]] = {}
    for tile in rest:
        by_letter.setdefault(tile[0], []).append(tile)
    reordered = [t for letter in sorted(by_letter) for t in reversed(by_letter[letter])]
    wafers = record["treasure_order"]
    return {**record, "tile_order": drawn_tiles + reordered,
            "treasure_order": wafers[:state.wafer_pos] + list(reversed(wafers[state.wafer_pos:]))}


@pytest.mark.slow
def test_a_running_games_replay_shows_nothing_hidden() -> None:
    record = corpus()["busy-auction-2"]
    running = {**record, "moves": record["moves"][:ends(record)[20] + 2]}
    state = replay(read_record(running))
    other = _hidden_reordered(running, state)
    assert other["tile_order"] != running["tile_order"] and other["treasure_order"] != running["treasure_order"]
    assert replay(read_record(other)).log == state.log
    assert render_replay(replay_frames(other)) == render_replay(replay_frames(running))
