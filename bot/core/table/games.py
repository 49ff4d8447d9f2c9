"""Games as everyone may see them: a game's seats and setup, the games of a guild, a started game's public view
(now or at an earlier version), its record once finished. Reads only, over the game store: views out, never a
state."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import engine
from bot.core.storage.rows import ACTIVE, Status
from bot.core.table.computer_seats import ComputerSeat, computer_seats
from bot.core.table.game_options import lobby_setup, lobby_setups
from bot.core.table.plans import GameRef
from bot.core.table.results import GameInfo
from bot.core.table.store import GameStore
from bot.core.words.errors import BadOption, WrongStatus
from bot.core.words.texts import tr
from engine import GameView


@dataclass(frozen=True, slots=True)
class Overview:
    """A game and, once it has started, what everyone may see of it."""

    game: GameInfo
    view: GameView | None


class Games:
    """What the games of every guild are and look like (``GameStore`` underneath)."""

    def __init__(self, store: GameStore) -> None:
        self.store = store

    async def game(self, guild_id: int, game_id: int) -> GameInfo:
        """The game ``game_id`` of this guild. Raises ``NoGame``."""
        return await self.store.info(guild_id, game_id)

    async def game_here(self, guild_id: int, place_id: int) -> GameInfo:
        """The open lobby or running game of a channel or thread. Raises ``NoGame``."""
        async with self.store.storage.read() as r:
            row = await self.store.row_here(r, guild_id, place_id)
            return GameInfo.of(row, await r.seats(row.id), await lobby_setup(r, row))

    async def games(self, guild_id: int, statuses: Iterable[Status] = ACTIVE) -> list[GameInfo]:
        """The guild's games with those statuses (default: open lobbies and running games), oldest first."""
        async with self.store.storage.read() as r:
            found = await r.games_with_seats(guild_id, statuses)
            setups = await lobby_setups(r, [row for row, _ in found])
            return [GameInfo.of(row, seats, setups.get(row.id)) for row, seats in found]

    async def running_games(self) -> list[tuple[int, int]]:
        """``(guild_id, game_id)`` of every running game of this process's guilds (to resume turn messages after a
        restart)."""
        async with self.store.storage.read() as r:
            return await r.running_game_ids(self.store.shards)

    async def computers(self, guild_id: int, game_id: int) -> dict[int, ComputerSeat]:
        """The game's seats played by a computer player, by seat."""
        async with self.store.storage.read() as r:
            row = await self.store.row(r, guild_id, game_id)
            return await computer_seats(r, row.id)

    async def view(self, guild_id: int, game: GameRef) -> GameView:
        """What everyone may see of a started game now (for pictures and messages)."""
        return engine.view((await self.store.load(guild_id, game)).state, None)

    async def view_at(self, guild_id: int, game_id: int, version: int) -> GameView:
        """What everyone could see after ``version`` moves (to render a post queued back then)."""
        loaded = await self.store.load(guild_id, game_id)
        row, state = loaded.row, loaded.state
        if not 0 <= version <= state.version:
            raise BadOption(tr("service.game_has_no_version",
                               "Game #{game} has no version {version} (it is at {current}).",
                               game=game_id, version=version, current=state.version))
        if version == state.version:
            return engine.view(state, None)
        assert row.setup is not None
        record = engine.read_record({**row.setup, "moves": list(state.log)})
        return engine.view(engine.replay(record, upto=version), None)

    async def overview(self, guild_id: int, place_id: int) -> Overview:
        """The game of a channel or thread with its view once started (``/tikal-game status``)."""
        game = await self.game_here(guild_id, place_id)
        if game.status is Status.LOBBY:
            return Overview(game, None)
        return Overview(game, await self.view(guild_id, game.id))

    async def record(self, guild_id: int, game_id: int) -> dict[str, Any]:
        """The full game record (rules.md §6) of a finished game; before the end it would reveal the stack."""
        loaded = await self.store.load(guild_id, game_id)
        row, state = loaded.row, loaded.state
        if row.status is not Status.FINISHED:
            raise WrongStatus(tr("service.game_finished_record_shown",
                                 "Game #{game} is not finished; its record is shown at the end.", game=game_id))
        return engine.record_of(state)


__all__ = ["Games", "Overview"]
