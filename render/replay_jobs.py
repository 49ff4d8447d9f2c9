"""The animated replay as jobs for a worker process (``bot.core.table.cpu_pool``): top-level functions of plain
arguments, which a ``spawn`` worker imports by name."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .channel import WIDTH
from .frames import Frame, replay_frames
from .replay import DISCORD_SAFE_BYTES, ReplayOptions, render_replay


def gif_of_record(record: Mapping[str, Any], locale: str = "en", max_bytes: int = DISCORD_SAFE_BYTES,
                  width: int = WIDTH) -> bytes:
    """The animated replay (GIF) of a game record (rules.md §6): a finished game's, which is public. ``width``: the
    first try's (``ReplayOptions.width``)."""
    return render_replay(replay_frames(record), options=ReplayOptions(locale=locale, max_bytes=max_bytes,
                                                                        width=width))


def gif_of_frames(frames: Sequence[Frame], locale: str = "en", max_bytes: int = DISCORD_SAFE_BYTES,
                  width: int = WIDTH) -> bytes:
    """The animated replay (GIF) of frames planned already: a running game's, each holding a spectator's view.
    ``width``: the first try's (``ReplayOptions.width``)."""
    return render_replay(frames, options=ReplayOptions(locale=locale, max_bytes=max_bytes, width=width))


__all__ = ["gif_of_frames", "gif_of_record"]
