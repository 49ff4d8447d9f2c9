"""The animated replay of a game: every frame the channel picture of its position with its caption, as a
looping GIF (``render_replay``). Plan the frames from a record with ``frames.replay_frames``.

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
    """How long each kind of frame shows, in milliseconds, and the largest GIF allowed."""

    start_ms: int = 2000
    turn_ms: int = 1200
    scoring_ms: int = 1600
    round_ms: int = 3500
    last_ms: int = 6000
    """The last frame (the final scores, or a running game's position now)."""
    max_bytes: int = DISCORD_SAFE_BYTES
    """A larger GIF is drawn again, narrower (never below 400 px wide)."""
    palette_samples: int = 6
    locale: str = "en"
    """The language of the captions (resolved by ``lang``)."""


def frame_duration(frame: Frame, last: bool, options: ReplayOptions) -> int:
    if last:
        return options.last_ms
    return {
        FrameKind.START: options.start_ms,
        FrameKind.SCORING_TURN: options.scoring_ms,
        FrameKind.ROUND: options.round_ms,
        FrameKind.FINAL: options.round_ms,
    }.get(frame.kind, options.turn_ms)


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
    for k, frame in enumerate(frames):
        image = drawn.pop(k) if k in drawn else frame_image(frame, width, w)
        writer.add(indexed(image, palette), frame_duration(frame, k == last, options))
    return writer.finish()


def render_replay(frames: Sequence[Frame | GameView], *, options: ReplayOptions | None = None) -> bytes:
    """Return a looping animated GIF of the frames in order (``frames.replay_frames(record)``, or bare
    public views told like the channel picture).

    Each frame is the channel picture of its position (1000 px wide) with its caption, on one palette
    shared by all frames. If the GIF would exceed ``options.max_bytes`` it is drawn again narrower, down
    to 400 px wide at the least.
    """
    options = options or ReplayOptions()
    plan = [as_frame(f) for f in frames]
    if not plan:
        raise ValueError("A replay needs at least one frame.")
    width = WIDTH
    while True:
        gif = _encode(plan, options, width)
        if len(gif) <= options.max_bytes or width <= MIN_WIDTH:
            return gif
        # GIF size grows about with the number of pixels, so shrink the width by the square root.
        width = max(MIN_WIDTH, math.floor(width * 0.95 * math.sqrt(options.max_bytes / len(gif))))
