"""The state cache, as a plain object."""

from __future__ import annotations

import engine
from bot.core.table.state_cache import StateCache


def _placed() -> engine.GameState:
    state = engine.new_game(["Ana", "Ben"], "basic", seed=1)
    return engine.apply(state, engine.legal_moves(state)[0].move)


def test_the_cache_answers_only_for_the_current_version_and_drops_the_oldest() -> None:
    cache = StateCache(size=2)
    first, second = engine.new_game(["Ana", "Ben"], seed=1), _placed()
    cache.put(1, first)
    cache.put(2, second)
    assert cache.get(2, 1) is second and cache.get(1, 1) is None and cache.get(1, 0) is first
    cache.put(3, first)  # 2 was used least recently: 1 was just read
    assert cache.get(2, 1) is None and cache.get(1, 0) is first and len(cache) == 2
    cache.forget(1)
    assert cache.get(1, 0) is None
    cache.forget()
    assert len(cache) == 0
