"""``engine.ai.explain``: a computer player's decision explained in one line, as a message every language has."""

from __future__ import annotations

import random

import pytest

from engine import new_game, view
from engine.ai import explain, plan
from engine.ai.explain import _temple_line
from engine.messages import CATALOGUE, Msg
from engine.moves import Walk
from engine.serial import state_to_dict
from engine.state import LEADER_REMOVED
from lang import translator
from lang.locales import LOCALES
from tests.engine.engine_builders import edit, play, sp, stand
from tests.engine.randomplay import random_game, with_other_secrets


@pytest.mark.slow
def test_every_decision_of_a_game_is_explained_by_a_catalogued_message_naming_its_move() -> None:
    codes = set()
    for s in random_game(4, "auction", 61)[::6] + random_game(3, "basic", 62)[::6]:
        if s.finished:
            continue
        seen = view(s, s.to_act)
        moves = plan(seen, "strong", 5)
        why = explain(seen, moves, 5)
        assert isinstance(why, Msg) and why.code in CATALOGUE, why
        assert why.params["move"] in {str(m) for m in moves}, (why, [str(m) for m in moves])
        assert str(why.params["move"]) not in str(why)  # the hint shows the reason beside its move
        codes.add(why.code)
    assert {"ai.why.pick", "ai.why.safe"} <= codes or len(codes) >= 4, codes


def test_a_majority_no_rival_can_reach_is_called_safe_with_its_strengths() -> None:
    s = play(new_game(["Ana", "Ben"], "basic", 1, tile_order=["A-1"]), "place A3 0")
    s = stand(stand(edit(s), 0, "A2", 4), 1, "A2", 1)
    a2 = sp("A2")
    walk = Walk(0, a2, 1)
    exposed = _temple_line(s, view(s, 0), 0, a2, walk)
    assert exposed.code == "ai.why.exposed" and exposed.params["rival"] == "Ben"  # Ben deploys next door
    s.supply[1], s.leader[1] = 0, LEADER_REMOVED
    safe = _temple_line(s, view(s, 0), 0, a2, walk)
    assert safe.code == "ai.why.safe"
    assert (safe.params["mine"], safe.params["theirs"], safe.params["rival"]) == (4, 1, "Ben")
    assert safe.params["move"] == "move A1 A2 1"


def test_the_explanation_depends_only_on_the_view() -> None:
    rng = random.Random(64)
    compared = 0
    for s in random_game(4, "basic", 64)[::30]:
        if s.finished:
            continue
        twin = with_other_secrets(s, rng)
        assert state_to_dict(twin) != state_to_dict(s) or not s.stack_left
        moves = plan(view(s, s.to_act), "strong", 2)
        assert explain(view(twin, s.to_act), moves, 2) == explain(view(s, s.to_act), moves, 2)
        compared += 1
    assert compared >= 5


def test_every_language_says_every_explanation() -> None:
    why = Msg("ai.why.safe", move="uncover D3 2", space="D3", mine=4, theirs=2, rival="Ben")
    assert str(why) == "your majority at D3 (4 vs 2) is safe from Ben this turn"
    for locale in LOCALES:
        text = translator(locale).message(why)
        assert "D3" in text and "Ben" in text and "4" in text, (locale, text)
