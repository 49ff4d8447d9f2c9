"""The strong player in two-player games (third pass): a turn is judged after the opponent's scoring
turn that follows it, played and scored."""

from __future__ import annotations

from dataclasses import replace

from engine import End, GameState, Phase, apply, view
from engine.ai.evaluate import STRONG, Context, Weights, judge, make_context
from engine.ai.features import later_scorings, model_values
from engine.ai.model import strong_model
from engine.ai.search import scoring_reply_delta
from tests.engine.randomplay import random_game


def _scoring_turns(players: int, seeds: range) -> list[GameState]:
    found = []
    for seed in seeds:
        found += [s for s in random_game(players, "basic", seed) if s.phase is Phase.SCORING and not s.turn_moves]
    return found


def _strong_context(s: GameState, weights: Weights) -> Context:
    """The strong player's context as ``plan`` makes it: the contest model judges."""
    model = strong_model()
    weights = replace(weights, opponents_best=model.opponents_best, opponents_mean=model.opponents_mean)
    ctx = make_context(view(s, s.to_act), s, s.to_act, weights)
    ctx.values = lambda position, c: model_values(position, c, model.weights, model.mobile, model.sharpness)
    return ctx


def test_a_scoring_turn_followed_by_the_opponents_is_judged_after_that_turn_is_played_and_scored() -> None:
    first = [s for s in _scoring_turns(2, range(1, 4)) if s.scoring_queue]
    assert len(first) >= 6
    finals, moved = 0, 0
    for s in first:
        ctx = _strong_context(s, STRONG)
        delta = scoring_reply_delta(s, ctx, 120)
        assert delta is not None
        if later_scorings(s) == 0:
            # The final scoring: after the opponent's turn the game is over, and judged by the final scores
            # alone, the seat's points less a share of the opponent's, which can only have grown.
            after = apply(s, End())
            assert after.phase is Phase.SCORING and after.to_act == 1 - s.to_act
            finished = judge(after, ctx) + delta
            me, other = after.score[s.to_act], after.score[1 - s.to_act]
            assert finished <= me - (ctx.weights.opponents_best + ctx.weights.opponents_mean) * other + 1e-9
            finals += 1
            moved += delta != 0
    assert finals >= 2 and moved >= 1


def test_no_scoring_reply_when_the_opponent_does_not_score_next_or_in_four_player_games() -> None:
    last = [s for s in _scoring_turns(2, range(1, 4)) if not s.scoring_queue]
    assert last
    for s in last:
        ctx = make_context(view(s, s.to_act), s, s.to_act, STRONG)
        assert scoring_reply_delta(s, ctx, 120) is None
    four = _scoring_turns(4, range(1, 2))
    assert four
    for s in four:
        ctx = make_context(view(s, s.to_act), s, s.to_act, STRONG)
        assert scoring_reply_delta(s, ctx, 120) is None
