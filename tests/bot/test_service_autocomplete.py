"""Whole-move autocomplete and the state cache, as plain functions."""

from __future__ import annotations

import engine
from bot.autocomplete import cost_label, matching_moves
from bot.state_cache import StateCache


def _placed() -> engine.GameState:
    state = engine.new_game(["Ana", "Ben"], "basic", seed=1)
    return engine.apply(state, engine.legal_moves(state)[0].move)


def test_matches_start_first_then_contain_with_total_cost_and_a_limit() -> None:
    state = _placed()
    entries = engine.legal_moves(state)
    every = [str(m) for e in entries for m in e.moves()]
    assert [c.value for c in matching_moves(entries, "", limit=1000)] == every
    deploy = matching_moves(entries, "  Deploy   a1 ", limit=5)
    assert [c.value for c in deploy] == [f"deploy A1 {n}" for n in range(1, 6)]
    assert deploy[3].label == "deploy A1 4 · 4 AP"
    found = [c.value for c in matching_moves(entries, "b2")]
    assert found and all("B2" in v for v in found)
    assert matching_moves(entries, "fly") == []
    for choice in matching_moves(entries, "", limit=25):
        engine.apply(state, choice.value)  # every choice is a legal move


def test_the_label_of_a_free_move_is_the_move() -> None:
    state = _placed()
    end = next(e for e in engine.legal_moves(state) if isinstance(e.move, engine.End))
    assert cost_label(end.move, end) == "end"


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
