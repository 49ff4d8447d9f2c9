"""Autocomplete of the turn commands (``bot.core.table.autocomplete``) against real mid-game states of both variants."""

from __future__ import annotations

import random

import pytest

import engine
from bot.core.table.autocomplete import MAX_CHOICES, VERB_TYPES, option_choices, parts, zoom_choices
from bot.core.words.labels import action_line
from engine import GameState, Phase


def _states() -> list[GameState]:
    """States along random games: every phase of both variants, including scoring turns."""
    out: list[GameState] = []
    for variant, seed in (("basic", 3), ("auction", 4)):
        rng = random.Random(seed)
        state = engine.new_game(["Ana", "Ben", "Cy"], variant, seed=seed)
        while not state.finished:
            if rng.random() < 0.08:
                out.append(state)
            entries = [e for e in engine.legal_moves(state) if not isinstance(e.move, engine.Undo)]
            entry = rng.choice(entries)
            state = engine.apply(state, rng.choice(list(entry.moves())))
    return out


STATES = _states()


def test_the_sample_covers_every_phase() -> None:
    assert {s.phase for s in STATES} >= {Phase.PLACE, Phase.ACTIONS, Phase.SCORING, Phase.BID, Phase.PICK}


@pytest.mark.parametrize("state", STATES[::3], ids=lambda s: f"v{s.version}-{s.phase.value}")
def test_every_legal_move_can_be_picked_option_by_option(state: GameState) -> None:
    view = engine.view(state, None)
    entries = engine.legal_moves(state)
    for entry in entries:
        for move in list(entry.moves())[:4]:
            verb = str(move).split()[0]
            if verb not in VERB_TYPES:
                continue
            wanted = parts(move)
            filled: dict[str, object] = {}
            for option, value in wanted.items():
                if option in ("leader", "gun") and verb == "guard":  # booleans: Discord shows true/false itself
                    filled[option] = value
                    continue
                choices = option_choices(view, entries, verb, option, filled, str(value))
                assert 0 < len(choices) <= MAX_CHOICES
                assert value in [c.value for c in choices], (str(move), option, choices)
                assert all(0 < len(c.label) <= 100 for c in choices)
                filled[option] = value
            assert engine.is_legal(state, move)


@pytest.mark.parametrize("state", [s for s in STATES if s.phase is Phase.ACTIONS][:6], ids=lambda s: f"v{s.version}")
def test_labels_carry_the_cost_and_the_turn_line_prices_each_action(state: GameState) -> None:
    view = engine.view(state, None)
    entries = engine.legal_moves(state)
    for entry in entries:
        move = entry.move
        if not entry.ap_each:
            continue
        after = engine.apply(state, move)
        assert engine.move_cost(view, move) == state.ap - after.ap, str(move)
        assert action_line(view, str(move)).endswith(f" · {state.ap - after.ap} AP")
    spaces = option_choices(view, entries, "move", "source", {})
    for source in spaces[:3]:
        targets = option_choices(view, entries, "move", "target", {"source": source.value})
        assert targets and all(" AP each · " in t.label for t in targets)
    assert all(o.value for o in zoom_choices(view))
