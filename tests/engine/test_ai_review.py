"""The review of a finished game (``engine.ai.review``): each turn's alternative is a whole turn the engine accepts
from the position the turn began in, the losses are never negative and the worst come first, a game not over is
refused, and the same game is always reviewed alike.

The strong player searches with a small budget here (``QUICK``: same judgement, fewer positions tried), so that a
whole game is reviewed in a second or two; the strong player's own budget is the benchmark's (``bench/review.py``).
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest

from engine import End, GameState, Phase, Stage, apply, new_game, parse_move, record_of, view
from engine.ai import computer_turn, plan
from engine.ai.levels import SETTINGS, Settings
from engine.ai.review import (
    KEEP,
    LEAST,
    NotFinished,
    TurnLoss,
    fingerprint,
    review_turns,
    strong_turn,
    turn_loss_from_json,
    turns_of,
    worst_turns,
)
from engine.ai.search import Budget
from tests.engine.randomplay import random_game

QUICK = Settings(SETTINGS["strong"].weights, Budget(width=2, nodes=40, placements=1), 1.0, SETTINGS["strong"].model)


def easy_game(players: int, variant: str, seed: int, options: tuple[str, ...] = ()) -> GameState:
    state = new_game(["Ana", "Ben", "Cy", "Dee"][:players], variant, seed=seed, options=options)
    while not state.finished:
        state, _ = computer_turn(state, "easy", seed=state.version, strict=True)
    return state


@cache
def random_record() -> dict[str, Any]:
    """A random 2-player game: undone actions, odd turns, scoring turns that do nothing."""
    return record_of(random_game(2, "basic", 11)[-1])


@cache
def reviewed(which: str) -> tuple[dict[str, Any], tuple[TurnLoss, ...]]:
    record = random_record() if which == "random" else record_of(easy_game(3, "auction", 4))
    return record, tuple(review_turns(record, settings=QUICK))


def states_of(record: dict[str, Any]) -> list[GameState]:
    state = new_game(record["players"], record["variant"], record["seed"], options=record.get("options") or ())
    states = [state]
    for text in record["moves"]:
        state = apply(state, parse_move(text))
        states.append(state)
    return states


def assert_sound(record: dict[str, Any], turns: tuple[TurnLoss, ...]) -> None:
    """Every alternative is a whole turn the engine accepts from the turn's first position, played by the seat;
    every loss is a number of points, never negative."""
    states = states_of(record)
    assert turns and {t.seat for t in turns} == set(range(len(record["players"])))
    for turn in turns:
        before = states[turn.start]
        assert before.to_act == turn.seat and before.phase in (Phase.PLACE, Phase.ACTIONS, Phase.SCORING)
        assert turn.loss >= 0
        state = before
        for text in turn.better:
            move = parse_move(text)
            assert not isinstance(move, End)
            state = apply(state, move, player=turn.seat)  # raises if the engine refused it
        if state.stage is Stage.NONE and not state.finished:  # the turn is the seat's until it ends it
            assert state.to_act == turn.seat and state.phase in (Phase.ACTIONS, Phase.SCORING)
            apply(state, End())


@pytest.mark.parametrize("which", ["random", "easy"])
def test_every_alternative_is_a_whole_turn_the_engine_accepts(which: str) -> None:
    record, turns = reviewed(which)
    assert_sound(record, turns)
    assert any(t.loss >= LEAST for t in turns)  # random or easy players lose points somewhere


def test_the_turns_cover_the_game_and_the_played_actions_are_those_kept() -> None:
    record = random_record()
    states = states_of(record)
    turns = turns_of(record)
    _, judged = reviewed("random")
    assert [(t.seat, t.start, t.end) for t in turns] == [(t.seat, t.start, t.end) for t in judged]
    acting = [i for i, s in enumerate(states[:-1]) if s.phase in (Phase.PLACE, Phase.ACTIONS, Phase.SCORING)]
    covered = [i for t in turns for i in range(t.start, t.end)]
    assert covered == acting  # every move made in a turn belongs to exactly one, in order
    undone = 0
    for turn in judged:
        moves = record["moves"][turn.start: turn.end]
        assert all(states[i].to_act == turn.seat for i in range(turn.start, turn.end))
        undone += moves.count("undo")
        state = states[turn.start]
        for text in turn.played:
            state = apply(state, parse_move(text))
        end = states[turn.end - 1] if moves[-1] == "end" else states[turn.end]
        assert view(state, None).spaces == view(end, None).spaces  # the actions kept make the board it ended with
        assert "end" not in turn.played and "undo" not in turn.played
    assert undone > 0  # the random players took actions back: those are not the turn's


def test_the_worst_turns_come_first_three_per_seat_at_most() -> None:
    _, turns = reviewed("easy")
    worst = worst_turns(turns)
    assert worst and set(worst) <= {0, 1, 2}
    for seat, shown in worst.items():
        assert 1 <= len(shown) <= KEEP and all(t.seat == seat and t.loss >= LEAST for t in shown)
        assert [t.loss for t in shown] == sorted((t.loss for t in shown), reverse=True)
        rest = [t.loss for t in turns if t.seat == seat and t not in shown]
        assert max(rest, default=0) <= shown[-1].loss
        if len(shown) < KEEP:
            assert max(rest, default=0) < LEAST
    assert worst_turns(turns, keep=1, least=1e9) == {}


def test_a_game_not_over_is_refused() -> None:
    state = easy_game(2, "basic", 3)
    record = record_of(state)
    running = {**record, "moves": record["moves"][:60]}
    with pytest.raises(NotFinished) as refused:
        review_turns(running, settings=QUICK)
    assert "finished game" in str(refused.value)
    assert turns_of(running)  # its turns can be counted, never judged


def test_the_alternative_is_what_the_strong_player_plays_from_there() -> None:
    state = easy_game(2, "basic", 8)
    states = states_of(record_of(state))
    for turn in turns_of(record_of(state))[5:40:7]:
        before = states[turn.start]
        planned = [m for m in plan(view(before, turn.seat), "strong", 0, QUICK) if not isinstance(m, End)]
        assert strong_turn(before, settings=QUICK)[: len(planned)] == planned


def test_a_review_is_always_the_same_and_keeps_as_json() -> None:
    record, turns = reviewed("random")
    again = review_turns(record, 1, 3, settings=QUICK)
    assert again == list(turns[1::3])  # shared out in parts, the same figures
    assert [turn_loss_from_json(json.loads(json.dumps(t.as_json()))) for t in turns] == \
        [turn_loss_from_json(t.as_json()) for t in turns]
    assert fingerprint(QUICK) == fingerprint(QUICK) != fingerprint() != fingerprint(samples=1)


@pytest.mark.slow
@pytest.mark.parametrize(("players", "variant", "options"), [
    (3, "basic", ("indiana",)), (2, "rapido", ()), (3, "auction", ("obstacles", "guns", "randomterrain")),
    (2, "basic", ("noround",)),
])
def test_games_with_options_are_reviewed_soundly(players: int, variant: str, options: tuple[str, ...]) -> None:
    record = record_of(easy_game(players, variant, 21, options))
    turns = tuple(review_turns(record, settings=QUICK))
    assert_sound(record, turns)
