"""Animated replays of a server's games (issue 16): what a replay shows, and the jobs that draw it in the worker
pool (``bot.core.cpu_pool``), so that drawing a whole game (about a second of CPU) never holds up the event loop.

- A finished game's record is public (it is posted with the result): ``gif_of_record`` plans and draws it in a
  worker, from the record alone.
- A running game's record would reveal the stack and the wafers face down, so it never leaves this process:
  ``public_frames`` replays its log here and keeps a spectator's view of each frame (``render.replay_frames``),
  and ``gif_of_frames`` draws those views in a worker. What a worker gets is exactly what the picture shows.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from typing import Any

import engine
from bot.core.errors import WrongStatus
from bot.core.service import TikalService
from bot.core.storage import Status
from render import Frame, ReplayOptions, render_replay, replay_frames
from render.replay import DISCORD_SAFE_BYTES


def gif_of_record(record: Mapping[str, Any], locale: str = "en", max_bytes: int = DISCORD_SAFE_BYTES) -> bytes:
    """A worker's job: the animated replay (GIF) of a game record (SPEC section 6)."""
    return render_replay(replay_frames(record), options=ReplayOptions(locale=locale, max_bytes=max_bytes))


def gif_of_frames(frames: Sequence[Frame], locale: str = "en", max_bytes: int = DISCORD_SAFE_BYTES) -> bytes:
    """A worker's job: the animated replay (GIF) of frames planned already (public views only)."""
    return render_replay(frames, options=ReplayOptions(locale=locale, max_bytes=max_bytes))


async def public_frames(service: TikalService, guild_id: int, game_id: int) -> list[Frame]:
    """The frames of a running (or stopped) game so far, each holding a spectator's view only. Raises ``NoGame``,
    ``WrongStatus`` for a lobby."""
    game = await service.game(guild_id, game_id)
    if game.started_at is None:
        raise WrongStatus(f"Game #{game_id} has not started yet: there is nothing to replay.")
    async with service.storage.read() as r:
        row = await r.game(guild_id, game_id)
        assert row is not None and row.setup is not None
        moves = await r.moves(game_id)
    record = engine.read_record({**row.setup, "moves": moves})
    return await asyncio.to_thread(replay_frames, record)


async def finished_record(service: TikalService, guild_id: int, game_id: int) -> dict[str, Any] | None:
    """The full record of a finished game, or None for a game not finished (whose record stays hidden)."""
    game = await service.game(guild_id, game_id)
    if game.status is not Status.FINISHED:
        return None
    return await service.record(guild_id, game_id)


__all__ = ["finished_record", "gif_of_frames", "gif_of_record", "public_frames"]
