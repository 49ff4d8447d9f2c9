"""The lessons as data: every file reads, its steps come in order when the player does what they say, and a player
who wanders off (any legal move, now and then) still reaches the end; the goals and the suggested moves."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import engine
from bot.core.tutorial.goals import highlighted, reached, suggestion
from bot.core.tutorial.lesson import Goal, LessonError, Step, lesson, lesson_names, read_lesson
from bot.core.tutorial.opponent import opponent_moves
from engine import GameState

LEARNER = 0


def start(name: str) -> GameState:
    chosen = lesson(name)
    return engine.new_game(["Ana", chosen.opponent], chosen.variant, chosen.seed, tile_order=chosen.tile_order,
                           treasure_order=chosen.treasure_order)


def play(name: str, rng: random.Random | None = None, wander: float = 0.0) -> tuple[GameState, list[str], int]:
    """Play a lesson as its steps say (with probability ``wander`` any legal move instead); the end state, the lead
    of each suggestion followed, and how many steps were passed over."""
    chosen = lesson(name)
    state = start(name)
    step, turn, passed, leads = 0, 0, 0, []
    for _ in range(500):
        if step >= len(chosen.steps) or state.finished:
            return state, leads, passed
        if state.to_act != LEARNER:
            for move in opponent_moves(chosen, state, turn):
                state = engine.apply(state, move)
            turn += 1
            continue
        shown = suggestion(chosen.steps[step], state)
        if shown is None:
            step, passed = step + 1, passed + 1
            continue
        move = shown.move
        if rng is not None and rng.random() < wander:
            move = rng.choice([m for e in engine.legal_moves(state) for m in e.moves()
                               if not isinstance(m, engine.Undo)])
        else:
            leads.append(shown.lead)
        before, state = state, engine.apply(state, move)
        if reached(chosen.steps[step].goal, before, move, state):
            step += 1
    raise AssertionError(f"{name}: the lesson never ended (step {step})")


def test_every_lesson_file_reads_and_basic_comes_first() -> None:
    assert lesson_names()[0] == "basic" and set(lesson_names()) == {"basic", "auction"}
    basic = lesson("basic")
    assert len(basic.steps) == 17 and len(lesson("auction").steps) == 3
    assert {s.goal.verb for s in basic.steps} >= {"place", "deploy", "move", "uncover", "recover", "camp", "guard",
                                                  "exchange", "end"}


@pytest.mark.parametrize("name", ["basic", "auction"])
def test_a_lesson_played_as_it_says_reaches_its_end_with_its_own_moves(name: str) -> None:
    """Each step's own move is legal when the step comes and does what it asks: the lesson is written right."""
    state, leads, passed = play(name)
    assert passed == 0 and set(leads) == {"try"} and len(leads) == len(lesson(name).steps)
    assert not state.finished
    if name == "basic":  # the scoring round came, and both players scored
        assert engine.view(state, None).scoring_round == 1 and state.score == [7, 1]


def test_a_player_who_wanders_off_still_reaches_the_end() -> None:
    """Any legal move a third of the time: the steps that became impossible are passed over, none is stuck."""
    passed = 0
    for seed in range(12):
        _, leads, skipped = play("basic", random.Random(seed), wander=0.3)
        passed += skipped
        assert leads  # it was followed too
    assert passed < 12 * len(lesson("basic").steps) / 2


def test_a_goal_is_a_verb_and_may_ask_for_a_terrain_and_a_phase() -> None:
    state = start("basic")
    place = engine.parse_move("place C2 0")
    after = engine.apply(state, place)
    assert reached(Goal("place"), state, place, after)
    assert reached(Goal("place", onto="temple"), state, place, after)
    assert not reached(Goal("place", onto="treasure"), state, place, after)
    assert not reached(Goal("place", phase="scoring"), state, place, after)
    assert not reached(Goal("deploy"), state, place, after)


def test_a_step_out_of_reach_suggests_its_first_move_or_the_end_of_the_turn() -> None:
    state = start("basic")
    uncover = Step("u", "t", "x", Goal("uncover"), "uncover C2 1", ("try",))
    first = suggestion(uncover, state)  # the hexagon comes first, then nothing reaches a temple: not in two moves
    assert first is None
    for text in ("place C2 0", "deploy A1 2"):
        state = engine.apply(state, engine.parse_move(text))
    walk = Step("w", "t", "x", Goal("move", onto="temple"), "move A1 C2 2", ("try",))
    assert suggestion(walk, state) is not None and str(suggestion(walk, state).move) == "move A1 C2 2"  # type: ignore
    state = engine.apply(state, engine.parse_move("deploy A1 8"))  # every AP spent: a walk is out of reach
    shown = suggestion(walk, state)
    assert shown is not None and shown.lead == "end" and str(shown.move) == "end"
    recover = Step("r", "t", "x", Goal("recover"), None, ())
    assert suggestion(recover, state) is not None and suggestion(recover, state).lead == "end"  # type: ignore


def test_the_suggestion_is_the_first_of_two_moves_when_one_is_not_enough() -> None:
    state = start("basic")
    for text in ("place C2 0", "deploy A1 2"):
        state = engine.apply(state, engine.parse_move(text))
    uncover = Step("u", "t", "x", Goal("uncover"), "uncover C2 1", ("try",))
    shown = suggestion(uncover, state)
    assert shown is not None and shown.lead == "first" and str(shown.move).startswith("move A1 C2")
    assert highlighted(uncover, shown) == (engine.parse_space("C2"),)


def test_a_lesson_that_cannot_be_played_is_refused(tmp_path: Path) -> None:
    good = (Path(__file__).resolve().parents[4] / "bot/core/tutorial/lessons/auction.toml").read_text()
    for broken, why in ((good.replace('verb = "bid"', 'verb = "dance"'), "goal"),
                        (good.replace('tile_order = ["A-6", "A-2"]', 'tile_order = ["Z-9"]'), "Z-9"),
                        (good.replace('key = "pick"', 'key = "bid"'), "keys"),
                        (good.replace('try = "bid 2"', 'try = "bid two"'), "step 1")):
        path = tmp_path / "broken.toml"
        path.write_text(broken)
        with pytest.raises(LessonError, match=why):
            read_lesson(path)
