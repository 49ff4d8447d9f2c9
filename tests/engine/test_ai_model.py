"""The strong player's judgement as data: ``engine/ai/model.json``, the features it weighs and the refit."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine import view
from engine.ai.evaluate import STRONG, make_context
from engine.ai.features import FEATURES, GUARDED, contest_shares, feature_rows, model_values, scorings_ahead
from engine.ai.fit import main as fit_main
from engine.ai.fit import r_squared, solve
from engine.ai.model import MODEL_FILE, model_from_json, read_model, strong_model
from engine.state import NOBODY
from engine.tiles import Terrain
from tests.engine.randomplay import random_game


def test_the_shipped_model_names_every_feature_and_reads_back_as_written() -> None:
    model = strong_model()
    assert len(model.weights) == len(FEATURES)
    assert model_from_json(model.as_json()) == model
    assert set(json.loads(MODEL_FILE.read_text())["weights"]) == set(FEATURES)


def test_a_model_with_other_features_is_refused(tmp_path: Path) -> None:
    data = strong_model().as_json()
    data["weights"] = {"guarded": 1.0}
    path = tmp_path / "model.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ValueError, match="features"):
        read_model(path)


def test_a_temple_is_shared_by_effective_strength_and_a_safe_majority_takes_most() -> None:
    assert contest_shares([0, 0], [0, 0], 0.4, 2.0) == [0.0, 0.0]
    even = contest_shares([2, 2], [0, 0], 0.4, 2.0)
    assert even == [0.5, 0.5]
    safe, threatened = contest_shares([5, 1], [0, 0], 0.4, 2.0), contest_shares([5, 1], [0, 8], 0.4, 2.0)
    assert safe[0] > 0.9 > 0.7 > threatened[0] > 0.5


def test_a_guarded_temple_counts_its_value_at_every_scoring_ahead() -> None:
    for s in random_game(4, "basic", 71):
        guarded = [t for t in range(len(s.guard)) if s.guard[t] != NOBODY and s.terrain[t] is Terrain.TEMPLE]
        if guarded and not s.finished:
            ctx = make_context(view(s, s.to_act), s, s.to_act, STRONG)
            _, rows = feature_rows(s, ctx, 0.4, 2.0)
            ahead = scorings_ahead(s)
            for q, row in enumerate(rows):
                mine = sum(s.value[t] for t in guarded if s.guard[t] == q)
                assert row[GUARDED] == mine * ahead[q]
            values = model_values(s, ctx, strong_model().weights, 0.4, 2.0)
            assert len(values) == len(s.players)
            return
    raise AssertionError("no guard placed in the game")


def test_the_fit_recovers_weights_that_explain_the_samples() -> None:
    rng = random.Random(3)
    truth = [rng.uniform(-1, 2) for _ in FEATURES]
    truth[FEATURES.index("guarded")] = truth[FEATURES.index("treasures")] = 1.0
    samples = []
    for _ in range(400):
        row = [rng.uniform(0, 5) for _ in FEATURES]
        samples.append((row, sum(w * f for w, f in zip(truth, row, strict=True))))
    found = solve(samples, ridge=1e-6)
    assert max(abs(a - b) for a, b in zip(found, truth, strict=True)) < 1e-3
    assert r_squared(samples, found) > 0.999


def test_the_fit_command_plays_games_and_writes_a_model_that_loads(tmp_path: Path) -> None:
    out = tmp_path / "fitted.json"
    assert fit_main(["--games", "1", "--players", "easy,easy", "--variant", "basic", "--out", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["samples"] > 20 and "easy,easy" in data["command"]
    assert len(read_model(out).weights) == len(FEATURES)
