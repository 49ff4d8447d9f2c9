"""The rulebook's own examples, played through ``apply`` with real moves."""

from __future__ import annotations

import pytest

from engine import NotYourTurn, Phase, apply, summary
from tests.engine.engine_builders import acting, edit, game, illegal, lay, play, scoring_game, sp, stand

ANA, BEN, CY, DEE = 0, 1, 2, 3


def test_scoring_example_temples_21_and_treasures_8() -> None:
    """“He has the majority in one 3, two 5 and one 8 temple … 21 spaces. He also has 2 pairs of
    treasures (6 points) and 2 individual treasures (2 points) … another 8 spaces.”"""
    s = edit(scoring_game())  # Ana drew a volcano: her scoring turn comes first
    lay(s, "A3", "A-1", value=3)
    lay(s, "C1", "C-1", value=5)
    lay(s, "C2", "D-1", value=5)
    lay(s, "B3", "E-1", value=8)
    stand(s, ANA, "A3", 2)
    stand(s, ANA, "C1", 1)
    stand(s, ANA, "C2", 0, leader=True)
    stand(s, ANA, "B3", 2)
    stand(s, BEN, "B3", 2)  # a tie on the 8 temple: Ana has no majority there yet
    stand(s, BEN, "A2", 1)  # and the two printed temples are not Ana's
    stand(s, ANA, "A1", 1)
    s.treasures[ANA] = {"mask": 2, "idol": 2, "vase": 1, "eagle": 1}
    assert (acting(s), s.phase, s.ap) == ("Ana", Phase.SCORING, 10)
    # she explores with her 10 AP: one more worker to the 8 temple (A1→A2→B3 costs 2 + 1)
    s = play(s, "move A1 B3 1")
    assert s.ap == 7 and s.score == [0, 0]
    s = play(s, "end")
    assert s.score == [21 + 8, 0]
    entry = s.score_log[-1]
    assert (entry.player, entry.temples, entry.treasures, entry.total) == (ANA, 21, 8, 29)
    # then her clockwise neighbour takes his scoring turn
    assert (acting(s), s.phase, s.ap) == ("Ben", Phase.SCORING, 10)
    s = play(s, "end")
    assert s.score == [29, 1]  # Ben alone on A2 (value 1)
    # after everybody has scored, the volcano player places it and takes a normal turn
    assert (acting(s), s.phase, s.hand, s.ap) == ("Ana", Phase.PLACE, "B-1", 10)


def test_four_player_auction_example() -> None:
    """A, B, C, D: B bids 5 and plays first; C opens the next auction; A wins with 4; C and D pass
    so C plays free; D takes the last hexagon; A opens the next round."""
    s = game(4, "auction", tiles=["A-1", "A-3", "A-4", "A-6"])
    assert (acting(s), s.phase, s.round, s.shown) == ("Ana", Phase.BID, 1, ("A-1", "A-3", "A-4", "A-6"))
    assert s.score == [20, 20, 20, 20]

    # turn 1: bidding begins with the oldest player (seat 1) and goes clockwise; B bids highest with 5
    s = play(s, "bid 2")
    assert acting(s) == "Ben"
    s = play(s, "bid 5; pass; pass")
    assert acting(s) == "Ana"
    s = play(s, "pass")
    assert (acting(s), s.phase, s.score) == ("Ben", Phase.PICK, [20, 15, 20, 20])  # paid at once
    assert summary(s)["to_act"] == "Ben" and summary(s)["scores"]["Ben"] == 15
    s = play(s, "pick 1")
    assert (s.phase, s.hand, s.ap) == (Phase.PLACE, "A-1", 10)
    s = play(s, "place A3 0")
    assert (s.phase, s.ap) == (Phase.ACTIONS, 10)
    s = play(s, "deploy A1 4; move A1 A2 3; end")
    assert s.had_turn == [False, True, False, False]

    # turn 2: C opens (first clockwise from B); only A, C and D may bid; A wins with 4
    assert (acting(s), s.phase, s.bidders) == ("Cy", Phase.BID, (CY, DEE, ANA))
    with pytest.raises(NotYourTurn):
        apply(s, "bid 6", player=BEN)  # B has had his turn this round
    s = play(s, "bid 1")
    assert acting(s) == "Dee"
    s = play(s, "bid 3")
    assert acting(s) == "Ana"
    s = play(s, "bid 4")
    assert acting(s) == "Cy"
    s = play(s, "pass")
    assert acting(s) == "Dee"
    s = play(s, "pass")
    assert (acting(s), s.phase, s.score) == ("Ana", Phase.PICK, [16, 15, 20, 20])
    assert s.shown == ("A-3", "A-4", "A-6")
    s = play(s, "pick 2")
    assert (s.hand, s.shown) == ("A-4", ("A-3", "A-6"))
    s = play(s, "place C1 0; deploy A1 2; end")
    assert s.had_turn == [True, True, False, False]

    # turn 3: C opens again; C and D both pass; C passed first and plays for free
    assert (acting(s), s.phase, s.bidders) == ("Cy", Phase.BID, (CY, DEE))
    s = play(s, "pass")
    assert acting(s) == "Dee"
    illegal(s, "bid 21", says=["bid 1–20 or pass"])
    s = play(s, "pass")
    assert (acting(s), s.phase, s.score) == ("Cy", Phase.PICK, [16, 15, 20, 20])
    s = play(s, "pick 1; place C2 0; end")

    # turn 4: D takes the last hexagon without an auction and without a pick, paying nothing
    assert (acting(s), s.phase, s.hand, s.shown, s.ap) == ("Dee", Phase.PLACE, "A-6", (), 10)
    illegal(s, "pick 1", says=["Nothing to pick"])
    illegal(s, "pass", says=["Nobody is bidding now"])
    s = play(s, "place B3 0; deploy A1 1; end")
    assert s.score == [16, 15, 20, 20]

    # a new round: four hexagons are shown and A, D's clockwise neighbour, opens the bidding
    assert (acting(s), s.phase, s.round, len(s.shown)) == ("Ana", Phase.BID, 2, 4)
    assert s.bidders == (ANA, BEN, CY, DEE) and s.had_turn == [False, False, False, False]
    assert s.stack_pos == 8
    assert [s.tile[sp(x)] for x in ("A3", "C1", "C2", "B3")] == ["A-1", "A-4", "A-3", "A-6"]
