"""docs/rules.md §7.6: Tikal Rápido, round by round: auctions, placing, jumps, volcanoes and the final round."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from engine import (
    GameState,
    Phase,
    Stage,
    absent_moves,
    apply,
    legal_moves,
    summary,
    view,
)
from tests.engine.engine_builders import acting, edit, game, illegal, play, stand
from tests.engine.randomplay import with_other_secrets

ANA, BEN, CY = 0, 1, 2


def until(s: GameState, done: Callable[[GameState], bool]) -> GameState:
    while not done(s):
        s = apply(s, absent_moves(s)[0])
    return s


def rapido(players: int = 3, tiles: tuple[str, ...] = ("A-1", "B-1", "A-3"), **kwargs: object) -> GameState:
    return game(players, "rapido", tiles=tiles, **kwargs)  # type: ignore[arg-type]


def jumps(s: GameState) -> GameState:
    """Through phase 1 and 2 by absent players' moves, to the first jump."""
    return until(s, lambda x: x.phase is Phase.JUMP)


def test_7_6_1_scores_start_at_20_and_the_display_shows_n_hexagons() -> None:
    s = rapido()
    assert s.score == [20, 20, 20] and s.shown == ("A-1", "B-1", "A-3") and s.stage is Stage.AUCTION
    assert summary(s)["rapido"] == {"round_order": [], "hands": {}, "chips": {"Ana": 10, "Ben": 10, "Cy": 10},
                                    "chosen": [], "jump": {}, "slots": []}


def test_7_6_2_winners_hold_their_hexagon_and_the_round_order_puts_volcanoes_first() -> None:
    s = play(rapido(), "bid 3; pass; pass")  # Ana pays 3 and picks
    assert s.phase is Phase.PICK and acting(s) == "Ana" and s.score == [17, 20, 20]
    s = play(s, "pick 1")  # Ana holds A-1; the next auction opens with Ben
    assert s.hands[ANA] == "A-1" and s.phase is Phase.BID and acting(s) == "Ben" and s.bidders == (BEN, CY)
    s = play(s, "pass; bid 1")
    assert acting(s) == "Cy" and s.phase is Phase.PICK
    s = play(s, "pick 1")  # Cy takes the volcano; Ben takes the last hexagon without an auction
    assert s.hands == ("A-1", "A-3", "B-1") and s.acquired == (ANA, CY, BEN)
    assert s.round_order == (CY, ANA, BEN) and s.stage is Stage.PLACING and acting(s) == "Cy"
    assert summary(s)["rapido"]["round_order"] == ["Cy", "Ana", "Ben"]
    assert summary(s)["rapido"]["hands"] == {"Ana": "A-1", "Ben": "A-3", "Cy": "B-1"}
    # taking a volcano started nothing: no scoring round yet
    assert s.scoring_round == 0 and s.hand == "B-1"


def test_7_6_3_placing_is_final_in_round_order_without_ap() -> None:
    s = until(rapido(), lambda x: x.stage is Stage.PLACING)
    assert s.phase is Phase.PLACE
    assert summary(s)["ap_left"] is None and view(s).ap_left is None
    first = acting(s)
    illegal(s, "end", says=["Place your hexagon first"])
    s = apply(s, absent_moves(s)[0])
    assert acting(s) != first and s.phase is Phase.PLACE
    illegal(s, "undo", says=["final"])
    assert not any(str(e.move) == "undo" for e in legal_moves(s))


def test_7_6_4_jump_choices_are_secret_until_everyone_has_chosen() -> None:
    s = jumps(rapido())
    order = s.round_order
    assert acting(s) == s.players[order[0]] and summary(s)["ap_left"] is None
    assert [str(m) for e in legal_moves(s) for m in e.moves()] == [f"jump {n}" for n in range(1, 6)]
    illegal(s, "jump 6", says=["choose 1–5"])
    illegal(s, "undo", says=["cannot be taken back"])
    s = play(s, "jump 04")
    assert acting(s) == s.players[order[1]]
    v = view(s)
    assert v.chosen == (order[0],) and v.chips == (10, 10, 10) and all(j is None for j in v.jump)
    assert summary(s)["rapido"]["chosen"] == [s.players[order[0]]] and summary(s)["rapido"]["jump"] == {}
    rng = random.Random(3)
    assert view(with_other_secrets(s, rng), ANA) == view(s, ANA)


def test_7_6_5_lowest_first_ties_in_round_order_one_move_each() -> None:
    s = jumps(rapido())
    a, b, c = s.round_order
    s = play(s, "jump 3; jump 2; jump 3")
    assert s.phase is Phase.ACTIONS and s.to_act == b and s.ap == 2
    assert s.chips[a] == 7 and s.chips[b] == 8 and s.chips[c] == 7
    out = summary(s)["rapido"]
    assert out["jump"] == {s.players[a]: 3, s.players[b]: 2, s.players[c]: 3}
    assert out["slots"] == [s.players[a], s.players[c]] and out["chosen"] == []
    assert summary(s)["ap_left"] == 2
    illegal(s, "deploy A1 3", says=["Not enough AP"])
    illegal(s, "undo", says=["final"])
    s = play(s, "deploy A1 1")  # one move ends the slot; the leftover AP is lost
    assert s.to_act == a and s.ap == 3 and s.workers[b][0] == 1
    s = play(s, "end")
    assert s.to_act == c
    s = play(s, "deploy A1 3")
    assert s.phase is Phase.JUMP and s.to_act == a and summary(s)["rapido"]["jump"] == {}


def test_7_6_6_jumps_repeat_until_nobody_has_chips_and_limits_count_over_phase_3() -> None:
    s = jumps(rapido(2, ("A-1", "A-3")))
    a = s.round_order[0]
    s = play(s, "jump 5; jump 5")
    s = stand(edit(s), a, "A2", 3)
    s = play(s, "uncover A2 2; end")  # a acts first (tie: round order)
    s = play(s, "jump 5; jump 5")
    illegal(s, "uncover A2", says=["at most 2 levels per temple per turn (2 done)"])
    s = play(s, "end; end")
    assert (s.phase is not Phase.JUMP and s.stage is Stage.VOLCANOES) or s.stage is Stage.AUCTION
    assert s.chips == (10, 10) and summary(s)["rapido"]["chips"] == {"Ana": 10, "Ben": 10}


def test_7_6_6_players_without_chips_sit_out() -> None:
    s = jumps(rapido(2, ("A-1", "A-3")))
    a, b = s.round_order
    s = play(s, "jump 5; jump 1; end; end; jump 5; jump 1; end; end")
    assert s.chips[a] == 0 and s.chips[b] == 8
    assert s.phase is Phase.JUMP and s.to_act == b
    s = play(s, "jump 5; end")
    assert s.phase is Phase.JUMP and s.to_act == b and s.chips[b] == 3
    illegal(s, "jump 4", says=["at most the chips you have (3)", "1–3"])


def test_7_6_7_a_volcano_placed_scores_after_phase_3_then_its_placer_has_an_extra_turn() -> None:
    s = jumps(rapido(2, ("B-1", "A-3")))
    volcano_player = s.round_order[0]
    assert s.tile[s.tile.index("B-1")] == "B-1" and s.volcano_queue == (volcano_player,)
    s = until(s, lambda x: x.stage is Stage.VOLCANOES)
    assert s.phase is Phase.SCORING and s.to_act == volcano_player and s.ap == 10
    s = play(s, "end; end")
    assert s.phase is Phase.ACTIONS and s.to_act == volcano_player and s.ap == 10 and s.scoring_round == 1
    s = play(s, "deploy A1 2; undo; deploy A1 1")
    assert s.workers[volcano_player][0] >= 1 and s.ap == 9
    s = play(s, "end")
    assert s.stage is Stage.AUCTION and s.round == 2


def test_7_6_7_with_noround_everyone_scores_at_once() -> None:
    s = jumps(rapido(2, ("B-1", "A-3"), options=("noround",)))
    placer = s.round_order[0]
    s = until(s, lambda x: x.stage is Stage.VOLCANOES)
    assert s.phase is Phase.ACTIONS and s.to_act == placer and s.scoring_round == 1 and len(s.score_log) == 2


def test_7_6_8_the_final_round_follows_in_auction_order() -> None:
    s = until(rapido(3, ()), lambda x: x.stage is Stage.FINAL)
    assert s.phase is Phase.SCORING and s.stack_left == 0 and s.last_placer == s.round_order[-1]
    s = until(s, lambda x: x.finished)
    assert s.scoring_round == 4 and summary(s)["rapido"]["round_order"]


def test_7_6_9_absent_players_in_rapido() -> None:
    s = until(rapido(), lambda x: x.stage is Stage.PLACING)
    moves = absent_moves(s)
    assert len(moves) == 1 and str(moves[0]).startswith("place ")
    s = jumps(s)
    seat = s.to_act
    assert [str(m) for m in absent_moves(s)] == ["jump 5"]
    s = until(s, lambda x: x.phase is Phase.ACTIONS and x.to_act == seat)
    assert [str(m) for m in absent_moves(s)] == ["end"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_whole_rapido_game(players: int) -> None:
    s = until(game(players, "rapido", seed=players), lambda x: x.finished)
    assert all(s.explored) and s.round == 36 // players and s.stage is Stage.FINAL
    assert summary(s)["to_act"] is None and summary(s)["rapido"]["hands"] == {}


def test_a_view_during_a_jump_hides_the_numbers_chosen_so_far_even_in_its_log() -> None:
    """rules.md §7.6.4: the view hides chosen numbers until everyone has chosen — the log included."""
    from engine import Phase
    from tests.render.option_cases import option_positions

    state = option_positions()["3p-rapido-first-jump"]
    assert state.phase is Phase.JUMP and not state.chosen
    after = apply(state, "jump 4")
    seen = view(after, None)
    assert seen.phase is Phase.JUMP and seen.chosen == (state.to_act,)
    assert seen.log[-1] == "jump ?" and seen.log[:-1] == after.log[:-1]
    while after.phase is Phase.JUMP:
        after = apply(after, "jump 1")
    assert view(after, None).log == after.log  # revealed once everyone has chosen
