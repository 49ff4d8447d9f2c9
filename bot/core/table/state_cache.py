"""The states of recently used games in memory, least recently used dropped first.

An entry is only good for the version it was made at: callers compare it with the stored version.
"""

from __future__ import annotations

from collections import OrderedDict

from engine import GameState


class StateCache:
    def __init__(self, size: int = 1024) -> None:
        self._states: OrderedDict[int, GameState] = OrderedDict()
        self._size = size

    def get(self, game_id: int, version: int) -> GameState | None:
        """The cached state of the game if it is of ``version``."""
        state = self._states.get(game_id)
        if state is None or state.version != version:
            return None
        self._states.move_to_end(game_id)
        return state

    def put(self, game_id: int, state: GameState) -> None:
        self._states[game_id] = state
        self._states.move_to_end(game_id)
        while len(self._states) > self._size:
            self._states.popitem(last=False)

    def forget(self, game_id: int | None = None) -> None:
        """Drop one game's state, or every state."""
        if game_id is None:
            self._states.clear()
        else:
            self._states.pop(game_id, None)

    def __len__(self) -> int:
        return len(self._states)
