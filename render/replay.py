"""The animated replay of a game: every frame the channel picture of its position with its caption, as a GIF
that plays once and stops on the final scores (``render_replay``), paced to about half a minute whatever the
game's length. Plan the frames from a record with ``frames.replay_frames``.

The palette is chosen once, from a few frames spread over the game (the start, the full board at the
end and some between), and every frame is mapped onto it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from PIL import Image

from engine import GameView

from .channel import WIDTH, channel_image
from .frame_caption import frame_caption
from .frames import Frame, FrameKind, as_frame
from .gif import GifWriter, indexed, shared_palette
from .words import Words, words_for

DISCORD_SAFE_BYTES: Final = 8_000_000
"""Discord's default upload limit is 10 MB; keep a margin for the message around it."""
MIN_WIDTH: Final = 400
"""The width a phone's chat column shows; a replay is never shrunk below it."""


@dataclass(frozen=True, slots=True)
class ReplayOptions:
    """How long the replay plays and each kind of frame shows, and the largest GIF allowed.

    The replay plays once (no loop) and stops on its last frame, the final scores. Its frames share ``total_ms``:
    the start and the last frame keep their own times, the others get a unit of time each, weighed by their kind
    (a scoring round's points longer than a turn), so a whole 4-player game lasts about half a minute; a short
    game's frames never show longer than ``most_turn_ms`` a turn."""

    total_ms: int = 30_000
    start_ms: int = 1500
    last_ms: int = 5000
    """The last frame (the final scores, or a running game's position now), then the replay stops on it."""
    most_turn_ms: int = 1200
    least_turn_ms: int = 200
    scoring_weight: float = 1.3
    round_weight: float = 3.5
    """A frame's share of the time, in turns: a scoring turn's, and a scoring round's points (and the final's)."""
    max_bytes: int = DISCORD_SAFE_BYTES
    """A larger GIF is drawn again, narrower (never below 400 px wide)."""
    width: int = WIDTH
    """The width of the first try: ``narrower`` than one already drawn too large for ``max_bytes``, so that it is
    not drawn again at full width first."""
    palette_samples: int = 6
    locale: str = "en"
    """The language of the captions (resolved by ``lang``)."""


def _weight(frame: Frame, options: ReplayOptions) -> float:
    if frame.kind in (FrameKind.ROUND, FrameKind.FINAL):
        return options.round_weight
    return options.scoring_weight if frame.kind is FrameKind.SCORING_TURN else 1.0


def turn_unit(frames: Sequence[Frame], options: ReplayOptions) -> float:
    """The milliseconds of a turn's frame in this replay: what ``total_ms`` leaves after the start and the last
    frame, shared by weight, within ``least_turn_ms`` … ``most_turn_ms``."""
    middle = [f for f in frames[:-1] if f.kind is not FrameKind.START]
    room = options.total_ms - options.start_ms - options.last_ms
    weights = sum(_weight(f, options) for f in middle)
    unit = room / weights if weights else options.most_turn_ms
    return min(options.most_turn_ms, max(options.least_turn_ms, unit))


def frame_duration(frame: Frame, last: bool, options: ReplayOptions, unit: float | None = None) -> int:
    """How long ``frame`` shows, in milliseconds (GIF keeps hundredths of a second); ``unit``: ``turn_unit`` of the
    replay (default: the longest a turn shows)."""
    if last:
        return options.last_ms
    if frame.kind is FrameKind.START:
        return options.start_ms
    per_turn = options.most_turn_ms if unit is None else unit
    return max(20, round(per_turn * _weight(frame, options) / 10) * 10)


def frame_image(frame: Frame, width: int = WIDTH, words: Words | None = None) -> Image.Image:
    """The frame's channel picture (RGB), scaled to ``width`` if narrower than the picture."""
    w = words or words_for()
    highlight = frame.kind not in (FrameKind.ROUND, FrameKind.FINAL)
    image = channel_image(frame.view, highlight=highlight, caption=frame_caption(frame, w), words=w)[0]
    if width >= image.width:
        return image
    return image.resize((width, round(image.height * width / image.width)), Image.Resampling.LANCZOS)


def sample_indices(count: int, samples: int) -> list[int]:
    """Which of ``count`` frames the palette is chosen from: ``samples`` spread evenly, first and last included."""
    if count <= samples:
        return list(range(count))
    return sorted({round(k * (count - 1) / (samples - 1)) for k in range(samples)})


def _encode(frames: Sequence[Frame], options: ReplayOptions, width: int) -> bytes:
    w = words_for(options.locale)
    drawn = {k: frame_image(frames[k], width, w) for k in sample_indices(len(frames), options.palette_samples)}
    palette = shared_palette(list(drawn.values()))
    writer = GifWriter()
    last = len(frames) - 1
    unit = turn_unit(frames, options)
    for k, frame in enumerate(frames):
        image = drawn.pop(k) if k in drawn else frame_image(frame, width, w)
        writer.add(indexed(image, palette), frame_duration(frame, k == last, options, unit))
    return writer.finish()


def render_replay(frames: Sequence[Frame | GameView], *, options: ReplayOptions | None = None) -> bytes:
    """Return an animated GIF of the frames in order (``frames.replay_frames(record)``, or bare public views
    told like the channel picture) that plays once and stops on the last frame.

    Each frame is the channel picture of its position (1000 px wide) with its caption, on one palette
    shared by all frames. If the GIF would exceed ``options.max_bytes`` it is drawn again narrower, down
    to 400 px wide at the least.
    """
    options = options or ReplayOptions()
    plan = [as_frame(f) for f in frames]
    if not plan:
        raise ValueError("A replay needs at least one frame.")
    width = max(MIN_WIDTH, min(WIDTH, options.width))
    while True:
        gif = _encode(plan, options, width)
        if len(gif) <= options.max_bytes or width <= MIN_WIDTH:
            return gif
        width = narrower(width, len(gif), options.max_bytes)


def narrower(width: int, size: int, max_bytes: int) -> int:
    """The width to draw a replay again at, when drawn ``width`` px wide it took ``size`` bytes, more than
    ``max_bytes``: a GIF's size grows about with its pixels, so the width shrinks by the square root of the
    ratio (with a margin), never below 400 px."""
    return max(MIN_WIDTH, math.floor(width * 0.95 * math.sqrt(max_bytes / size)))


def gif_width(gif: bytes) -> int:
    """The width of a GIF in pixels (its logical screen's, in its header)."""
    return int.from_bytes(gif[6:8], "little")
