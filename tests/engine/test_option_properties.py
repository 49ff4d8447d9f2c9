"""Property tests for the options and Tikal Rápido (SPEC 7): random games of every allowed combination,
checked move by move (invariants, scores recomputed from scratch, replay, snapshots, views under
other secrets, absent players), and ``legal_moves`` exact with options.

One game per combination keeps the run short; hypothesis draws seeds for a chosen few combinations
where ``legal_moves`` is checked exhaustively.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from engine import (
    GameState,
    Phase,
    legal_moves,
    read_record,
    record_of,
    replay,
    state_from_json,
    state_to_dict,
    state_to_json,
    summary,
    view,
)
from engine.options import Option
from engine.state import NOBODY, Stage
from engine.tiles import TREASURE_POINTS, Terrain
from tests.engine.randomplay import random_game, with_other_secrets
from tests.engine.test_properties import check_absent, check_exact, check_exhaustively, check_invariants

INDIANA = ((), ("indiana",), ("indiana2d6",), ("indiana1d20",))


def combinations() -> list[tuple[str, tuple[str, ...]]]:
    """Every variant with every option list SPEC 7.0.1 allows (128 in all)."""
    out = []
    for variant in ("basic", "auction", "rapido"):
        for dice in INDIANA:
            for flags in itertools.product((False, True), repeat=4):
                noround, obstacles, guns, terrain = flags
                if terrain and variant != "auction":
                    continue
                names = (*(("noround",) if noround else ()), *dice, *(("obstacles",) if obstacles else ()),
                         *(("guns",) if guns else ()), *(("randomterrain",) if terrain else ()))
                out.append((variant, names))
    return out


COMBOS = combinations()


def sweep(combos: list[tuple[str, tuple[str, ...]]]) -> list[Any]:
    """``combos`` as the parameters of a test that plays a whole game each: a variant with one option at most in
    every run, the other combinations ``slow`` (``make check`` leaves them out; ``make test`` plays them all)."""
    return [pytest.param(variant, options, id=f"{variant}-{'+'.join(options) or 'none'}",
                         marks=pytest.mark.slow if len(options) > 1 else ())
            for variant, options in combos]
START = {"basic": 0, "auction": 20, "rapido": 20}


def fresh_score(s: GameState, player: int) -> tuple[int, int]:
    """Ruling 9 written again, independently of the engine: temple points and treasure points now."""
    temples = 0
    for space in range(40):
        if s.terrain[space] is not Terrain.TEMPLE:
            continue
        if s.guard[space] != NOBODY:
            temples += s.value[space] if s.guard[space] == player else 0
            continue
        strength = [s.workers[q][space] + (3 if s.leader[q] == space else 0) for q in range(len(s.players))]
        if strength[player] and all(strength[player] > x for q, x in enumerate(strength) if q != player):
            temples += s.value[space]
    return temples, sum(TREASURE_POINTS[n] for n in s.treasures[player].values())


def check_scores(before: GameState, after: GameState, paid: list[int]) -> None:
    """Every new scoring entry is ruling 9 recomputed on the board, and each score is its start less
    the bids paid plus every entry so far."""
    for entry in after.score_log[len(before.score_log):]:
        assert (entry.temples, entry.treasures) == fresh_score(after, entry.player), entry
    if after.phase is Phase.PICK and before.phase is Phase.BID:
        winner = after.to_act
        paid[winner] += after.high_bid if after.high_bidder == winner else 0
    start = START[after.variant.value]
    for p in range(len(after.players)):
        gained = sum(e.temples + e.treasures for e in after.score_log if e.player == p)
        assert after.score[p] == start - paid[p] + gained, (p, after.score[p], paid[p], gained)


def check_final(final: GameState, options: tuple[str, ...]) -> None:
    assert final.finished and legal_moves(final) == []
    if "randomterrain" in options:
        assert final.volcanoes_taken == 3 and final.scoring_round == 3 - final.log.count("score no")
        assert sum(1 for t in final.tile if t in ("B-1", "D-3", "F-2")) == 3
    else:
        assert all(final.explored) and final.stack_left == 0 and final.scoring_round == 4
    if final.variant.value == "rapido":
        assert final.round_order and final.stage is Stage.FINAL
        assert set(summary(final)["rapido"]) == {"round_order", "hands", "chips", "chosen", "jump", "slots"}


@pytest.mark.parametrize(("variant", "options"), sweep(COMBOS))
def test_random_games_of_every_combination(variant: str, options: tuple[str, ...]) -> None:
    seed = sum(map(ord, variant + "".join(options)))
    players = 2 + seed % 3
    states = random_game(players, variant, seed, options)
    rng = random.Random(seed)
    paid = [0] * players
    for before, after in itertools.pairwise(states):
        check_invariants(after)
        check_scores(before, after, paid)
    final = states[-1]
    check_final(final, options)
    record = read_record(json.loads(json.dumps(record_of(final))))
    assert record_of(final).get("options", []) == [o.value for o in final.setup.options]
    assert replay(record) == final
    k = rng.randrange(len(states))
    assert replay(record, upto=k) == states[k]
    for s in rng.sample(states, 3):
        restored = state_from_json(state_to_json(s))
        assert restored == s and state_to_dict(restored) == state_to_dict(s)
        assert legal_moves(restored) == legal_moves(s)
    for s in rng.sample(states, 6):
        for seat in (None, *range(players)):
            seen = view(s, seat)
            assert view(with_other_secrets(s, rng), seat) == seen
        check_absent(s)


def test_the_combinations_cover_every_option_and_move() -> None:
    used: Counter[str] = Counter()
    for variant, options in COMBOS:
        used.update(options)
        used[variant] += 1
    assert set(used) == {*(o.value for o in Option), "basic", "auction", "rapido"}
    assert len(COMBOS) == 128


EXACT = [("rapido", ("obstacles", "guns", "indiana")), ("auction", ("randomterrain", "noround", "indiana1d20")),
         ("basic", ("obstacles", "guns", "indiana2d6")), ("rapido", ("noround",)), ("auction", ("randomterrain",))]
FEW = settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "options"), EXACT)
@FEW
@given(seed=st.integers(min_value=0, max_value=2**64 - 1))
@example(seed=3929706146367189819)  # basic with guns: a mutation typed `guard A2 gun leader`, once unreadable
def test_legal_moves_are_exact_with_options(variant: str, options: tuple[str, ...], seed: int) -> None:
    rng = random.Random(seed)
    states = random_game(2 + seed % 3, variant, seed, options)
    some = [s for s in states if rng.random() < 0.05] + [states[0], states[-1]]
    for s in some:
        check_exact(s, rng)
    phases = {Phase.JUMP, Phase.DECLARE, Phase.ACTIONS, Phase.SCORING, Phase.BID}
    acting = [s for s in states if s.phase in phases]
    for s in rng.sample(acting, min(3, len(acting))):
        check_exhaustively(s)
