"""Autocomplete and the turn message's lines for the moves of docs/rules.md §7 (obstacles, machine guns, jumps), on
positions of seeded option games: every legal move can be picked option by option, each label carries its cost."""

from __future__ import annotations

import pytest

import engine
from bot.core.table.autocomplete import MAX_CHOICES, jump_choices, option_choices, parts
from bot.core.words.labels import action_line
from engine import GameState, Phase
from tests.render.option_cases import option_positions

ACTING = ["3p-obstacles-guns", "3p-gun-legal", "3p-fire-legal", "4p-rapido-slot"]
VERBS = {engine.Obstacle: "obstacle", engine.Fire: "fire", engine.Guard: "guard"}


def state_of(name: str) -> GameState:
    return option_positions()[name]


@pytest.mark.parametrize("name", ACTING)
def test_every_option_move_can_be_picked_option_by_option(name: str) -> None:
    state = state_of(name)
    assert state.phase is Phase.ACTIONS
    view = engine.view(state, None)
    entries = engine.legal_moves(state)
    wanted = [m for e in entries for m in e.moves() if type(m) in VERBS and not (
        isinstance(m, engine.Guard) and not m.gun)]
    assert wanted
    for move in wanted:
        verb = VERBS[type(move)]
        ways = [parts(move)]
        if isinstance(move, engine.Obstacle):  # a border is picked from either of its spaces
            ways.append(parts(engine.Obstacle(move.second, move.first)))
        for values in ways:
            filled: dict[str, object] = {}
            for option, value in values.items():
                if option in ("leader", "gun"):  # booleans: Discord shows true/false itself
                    filled[option] = value
                    continue
                choices = option_choices(view, entries, verb, option, filled, str(value))
                assert 0 < len(choices) <= MAX_CHOICES
                assert value in [c.value for c in choices], (str(move), option, choices)
                assert all(0 < len(c.label) <= 100 for c in choices)
                filled[option] = value
        assert engine.is_legal(state, move)


def test_labels_and_lines_carry_the_cost_of_the_new_moves() -> None:
    state = state_of("3p-obstacles-guns")
    view = engine.view(state, None)
    entries = engine.legal_moves(state)
    obstacle = next((e.move for e in entries if isinstance(e.move, engine.Obstacle)), None)
    if obstacle is not None:
        assert action_line(view, str(obstacle)).endswith(" · 4 AP")
        labels = option_choices(view, entries, "obstacle", "other", {"space": engine.space_name(obstacle.first)})
        assert labels and all(label.label.endswith("· 4 AP") for label in labels)
    assert action_line(view, "guard C3 gun") == "guard the temple on C3 with a machine gun · 6 AP"
    assert action_line(view, "fire C3 Ben") == "fire at Ben's worker on C3 · 1 AP"
    assert action_line(view, "jump 3") == "jump 3 chips" and action_line(view, "score no").startswith("no scoring")
    guarded = option_choices(view, entries, "guard", "space", {"gun": True})
    assert all("machine gun" in c.label and "6 AP" in c.label for c in guarded)


def test_jump_choices_go_up_to_the_most_chips_and_mark_ones_own() -> None:
    chosen = jump_choices(3, 2)
    assert [c.value for c in chosen] == [1, 2, 3] and "your choice now" in chosen[1].label
    assert "your choice" not in chosen[0].label and chosen[2].label.startswith("3 chips → 3 AP")
    assert jump_choices(0, None) == []
