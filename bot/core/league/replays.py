"""What an animated replay of a server's game is drawn from (the drawing is ``render.replay_jobs``, in
the worker pool).

A finished game's record is public (it is posted with the result), so a worker may plan and draw it from the
record alone. A running or stopped game's record names the seed, and so the stack and the wafers face down: it
never leaves this process. Only the frames planned from it (``render.replay_frames``), each holding a spectator's
view, are handed to a worker.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.core.storage.rows import Status
from bot.core.words.errors import WrongStatus
from bot.core.words.texts import tr

if TYPE_CHECKING:
    from bot.core.table.games import Games


@dataclass(frozen=True, slots=True)
class ReplaySource:
    record: dict[str, Any]
    """The game's record so far (rules.md §6)."""
    public: bool
    """Whether the record may be shown (a finished game's); else only spectator views planned from it."""


async def replay_source(games: Games, guild_id: int, game_id: int) -> ReplaySource:
    """The record a replay of the game is drawn from. Raises ``NoGame``, ``WrongStatus`` for a lobby."""
    game = await games.game(guild_id, game_id)
    if game.started_at is None:
        raise WrongStatus(tr("replay.not_started", "Game #{game} has not started yet: there is nothing to replay.",
                             game=game_id))
    if game.status is Status.FINISHED:
        return ReplaySource(await games.record(guild_id, game_id), True)
    async with games.store.storage.read() as r:
        row = await r.game(guild_id, game_id)
        assert row is not None and row.setup is not None
        moves = await r.moves(game_id)
    return ReplaySource({**row.setup, "moves": moves}, False)


__all__ = ["ReplaySource", "replay_source"]
