"""docs/rules.md §7.1–7.4 ruling by ruling: scoring without a round, Indiana Jones, obstacles, machine guns."""

from __future__ import annotations

import random

import pytest

from engine import (
    GameState,
    Phase,
    Place,
    UnreadableMove,
    absent_moves,
    apply,
    legal_moves,
    legal_placements,
    move_cost,
    parse_move,
    path_costs,
    summary,
    view,
)
from engine.board import NE, NEIGHBOURS, SE
from engine.geometry import border_cost
from tests.engine.engine_builders import acting, edit, game, illegal, lay, play, sp, stand
from tests.engine.test_properties import check_exact, check_exhaustively, check_invariants

ANA, BEN = 0, 1
N = 0


def place_first(s: GameState) -> GameState:
    space, rotation = legal_placements(s)[0]
    return apply(s, Place(space, rotation))


def listed(s: GameState) -> set[str]:
    return {str(m) for e in legal_moves(s) for m in e.moves()}


# --- 7.1 noround ----------------------------------------------------------------------------------------


def test_7_1_a_volcano_taken_scores_everyone_at_once_then_its_player_places_it() -> None:
    s = game(2, options=["noround"], tiles=["A-1", "B-1"])
    s = play(s, "place A3 0; deploy A1 2; move A1 A2 2; end")
    assert acting(s) == "Ben" and s.phase is Phase.PLACE and s.hand == "B-1"
    assert s.scoring_round == 1 and s.score == [1, 0]
    assert [(e.player, e.temples, e.total) for e in s.score_log] == [(BEN, 0, 0), (ANA, 1, 1)]
    s = play(s, "place A4 3")
    assert s.phase is Phase.ACTIONS and s.ap == 10 and acting(s) == "Ben"


def test_7_1_the_final_scoring_round_is_unchanged() -> None:
    s = game(3, options=["noround"], seed=4)
    scoring = []
    while not s.finished:
        if s.phase is Phase.SCORING:
            scoring.append(s)
        for move in absent_moves(s):
            s = apply(s, move)
    assert scoring and all(x.stack_left == 0 and x.volcano_player < 0 for x in scoring)
    assert s.scoring_round == 4 and len(s.score_log) == 4 * 3


# --- 7.2 Indiana Jones ---------------------------------------------------------------------------------------


def indiana(rolls: list[int], option: str = "indiana1d20") -> GameState:
    """Ana's turn, hexagon placed, two workers on the temple A2 (value 1)."""
    s = play(game(2, options=[option], tiles=["A-1"], rolls=rolls), "place A3 0")
    return stand(edit(s), ANA, "A2", 2)


def test_7_2_a_roll_at_most_the_new_value_takes_a_worker() -> None:
    s = play(indiana([2, 3]), "uncover A2 2")
    assert s.value[sp("A2")] == 3 and s.workers[ANA][sp("A2")] == 0 and s.removed[ANA] == 2
    assert s.roll_pos == 2 and view(s).rolls == (2, 3) and summary(s)["rolls"] == [2, 3]
    check_invariants(s)


def test_7_2_a_higher_roll_takes_nobody_and_the_level_stays_either_way() -> None:
    s = play(indiana([3, 3]), "uncover A2 2")  # 3 > 2, then 3 ≤ 3
    assert s.value[sp("A2")] == 3 and s.workers[ANA][sp("A2")] == 1 and s.removed[ANA] == 1


def test_7_2_the_figure_count_is_checked_once_before_the_rolls() -> None:
    s = play(indiana([1, 20]), "uncover A2 2")  # the first roll takes a worker; the second level still comes
    assert s.value[sp("A2")] == 3 and s.workers[ANA][sp("A2")] == 1
    illegal(s, "uncover A2", says=["uncovered 2 this turn"])


def test_7_2_only_a_worker_is_hit_and_the_roll_is_made_anyway() -> None:
    s = play(game(2, options=["indiana"], tiles=["A-1"], rolls=[3]), "place A3 0")
    s = play(stand(edit(s), ANA, "A2", 0, leader=True), "uncover A2")
    assert s.leader[ANA] == sp("A2") and s.removed[ANA] == 0 and s.roll_pos == 1


def test_7_2_an_uncover_is_final_like_a_recover() -> None:
    s = play(indiana([20]), "deploy A1 1; uncover A2")
    illegal(s, "undo", says=["uncovered level", "cannot be undone"])
    assert not any(e.move == parse_move("undo") for e in legal_moves(s))


def test_7_2_without_indiana_an_uncover_can_still_be_undone() -> None:
    s = play(game(2, tiles=["A-1"]), "place A3 0")
    s = play(stand(edit(s), ANA, "A2", 2), "uncover A2; undo")
    assert s.value[sp("A2")] == 1


# --- 7.3 obstacles ----------------------------------------------------------------------------------------------


def obstacles_game() -> GameState:
    return play(game(2, options=["obstacles"], tiles=["A-1", "C-2", "A-3"]), "place A3 0; deploy A1 1")


def test_7_3_an_obstacle_costs_4_and_makes_the_border_2_dearer_both_ways() -> None:
    s = obstacles_game()
    before = path_costs(s, sp("A1"))[sp("A2")]
    s = play(s, "obstacle A2 A1")
    assert s.ap == 10 - 1 - 4 and s.obstacles == frozenset({(sp("A1"), sp("A2"))})
    assert s.log[-1] == "obstacle A1 A2"
    assert path_costs(s, sp("A1"))[sp("A2")] == before + 2 == path_costs(s, sp("A2"))[sp("A1")]
    assert border_cost(s, sp("A1"), N) == before + 2 == view(s).border_cost(sp("A1"), N)
    assert view(s).obstacles == ((sp("A1"), sp("A2")),) and summary(s)["obstacles"] == [["A1", "A2"]]
    s = play(s, "move A1 A2 1")
    assert s.ap == 5 - 4


def test_7_3_obstacles_are_listed_once_per_border_where_a_free_worker_stands() -> None:
    s = obstacles_game()
    assert {m for m in listed(s) if m.startswith("obstacle")} == {"obstacle A1 A2", "obstacle A1 B1",
                                                                  "obstacle A1 B2"}
    check_exhaustively(s)


@pytest.mark.parametrize(("move", "says"), [
    ("obstacle A1 A3", ["not neighbours"]),
    ("obstacle A1 A1", ["not neighbours"]),
    ("obstacle A2 B2", ["no path between A2 and B2"]),
    ("obstacle A3 B3", ["no path between A3 and B3"]),
    ("obstacle A2 A3", ["free worker on A2 or A3"]),
])
def test_7_3_where_an_obstacle_cannot_go(move: str, says: list[str]) -> None:
    illegal(obstacles_game(), move, says=says)


def test_7_3_one_obstacle_per_border_and_the_ap_to_build_it() -> None:
    s = play(obstacles_game(), "obstacle A1 A2")
    illegal(s, "obstacle A2 A1", says=["already has an obstacle"])
    s = play(s, "deploy A1 4")
    illegal(s, "obstacle A1 B1", says=["Not enough AP", "4 AP"])


def test_7_3_a_worker_that_dug_is_not_free_but_the_leader_digs_first() -> None:
    s = edit(play(game(2, options=["obstacles"], tiles=["A-1"]), "place A3 0"))
    stand(s, ANA, "A2", 1)
    s = play(s, "uncover A2")
    illegal(s, "obstacle A2 A3", says=["free worker"])
    t = edit(play(game(2, options=["obstacles"], tiles=["A-1"]), "place A3 0"))
    stand(t, ANA, "A2", 1, leader=True)
    t = play(t, "uncover A2; obstacle A2 A3")
    assert (sp("A2"), sp("A3")) in t.obstacles
    u = edit(play(game(2, options=["obstacles"], tiles=["A-1"]), "place A3 0"))
    stand(u, ANA, "A2", 0, leader=True)
    illegal(u, "obstacle A2 A3", says=["free worker"])


def test_7_3_obstacles_are_undone_within_the_turn_and_permanent_after_it() -> None:
    s = play(obstacles_game(), "obstacle A1 A2; undo")
    assert not s.obstacles and s.ap == 9
    s = play(s, "obstacle A1 A2; end")
    assert s.obstacles and acting(s) == "Ben"
    s = play(s, "place B3 0; deploy A1 1")
    assert path_costs(s, sp("A1"))[sp("A2")] == 2 + 2  # every player pays it
    illegal(s, "obstacle A2 A1", says=["already has an obstacle"])


def test_7_3_the_cheapest_path_counts_the_obstacle() -> None:
    s = edit(obstacles_game())
    lay(s, "B2", "C-3")  # a jungle replaces the printed one: paths A1→B2→A2 and A1→A2
    before = path_costs(s, sp("A1"))[sp("A2")]
    s = play(s, "obstacle A1 A2")
    after = path_costs(s, sp("A1"))[sp("A2")]
    assert before < after <= before + 2


def test_7_3_move_cost_and_the_view_price_obstacles() -> None:
    s = play(obstacles_game(), "obstacle A1 A2")
    v = view(s)
    assert move_cost(v, parse_move("obstacle A1 B1")) == 4
    assert move_cost(v, parse_move("move A1 A2 1")) == path_costs(s, sp("A1"))[sp("A2")]
    assert v.path_costs(sp("A1")) == path_costs(s, sp("A1"))
    check_exact(s, random.Random(1))


# --- 7.4 machine guns ----------------------------------------------------------------------------------------------


def guns_game(ana: int = 3, ben: int = 1, leader: bool = False) -> GameState:
    """Ana's turn with 10 AP: ``ana`` workers (and her leader) on the temple A2, ``ben`` of Ben's."""
    s = play(game(2, options=["guns"], tiles=["A-1", "C-2", "A-3", "A-6"]), "place A3 0")
    return stand(stand(edit(s), ANA, "A2", ana, leader=leader), BEN, "A2", ben)


def test_7_4_a_gun_mounts_with_its_guard_for_6_ap_and_a_crew_of_two() -> None:
    s = play(guns_game(ana=4), "guard A2 gun")
    a2 = sp("A2")
    assert s.guard[a2] == ANA and s.gun[a2] == ANA and s.ap == 4
    assert s.workers[ANA][a2] == 0 and s.removed[ANA] == 1  # 4 workers: the guard, two crew, one leaves
    assert s.workers[BEN][a2] == 1 and s.guards_left[ANA] == 1
    assert view(s).space("A2").gun == ANA and summary(s)["hexes"]["A2"]["gun"] == "Ana"
    assert summary(s)["hexes"]["A1"]["gun"] is None
    check_invariants(s)


def test_7_4_a_leader_guard_needs_two_workers_and_other_figures_leave() -> None:
    s = play(guns_game(ana=2, ben=0, leader=True), "guard A2 leader gun")
    assert s.leader[ANA] == -2 and s.gun[sp("A2")] == ANA and s.removed[ANA] == 0
    t = play(guns_game(ana=3, ben=0, leader=True), "guard A2 gun")
    assert t.leader[ANA] == -3 and t.removed[ANA] == 1  # the leader leaves the game as in ruling 8
    illegal(guns_game(ana=1, ben=0, leader=True), "guard A2 leader gun", says=["need 2 workers there", "have 1"])


@pytest.mark.parametrize(("ana", "ben", "need"), [(2, 0, 3), (3, 2, 4), (4, 3, 5)])
def test_7_4_the_workers_a_gun_needs(ana: int, ben: int, need: int) -> None:
    s = guns_game(ana=ana, ben=ben)
    illegal(s, "guard A2 gun", says=[f"need {need} workers there", f"you have {ana}"])
    assert "guard A2 gun" not in listed(s)


def test_7_4_a_gun_costs_6_ap() -> None:
    s = play(guns_game(ana=4), "deploy A1 5")
    illegal(s, "guard A2 gun", says=["Not enough AP", "6 AP", "have 5"])
    assert "guard A2" in listed(s) and "guard A2 gun" not in listed(s)


def test_7_4_a_guarded_temple_gets_no_gun_later() -> None:
    s = play(guns_game(ana=4), "guard A2")
    illegal(s, "guard A2 gun", says=["already guarded"])


def test_7_4_rivals_may_neither_end_a_move_on_the_gun_nor_cross_it() -> None:
    s = play(guns_game(ana=3, ben=1), "guard A2 gun; end; place B3 0; deploy A1 2")
    illegal(s, "move A1 A2 1", says=["A2 holds Ana's machine gun"])
    assert sp("A2") not in path_costs(s, sp("A1"), BEN)
    assert sp("A2") in path_costs(s, sp("A1"), ANA) and sp("A2") in path_costs(s, sp("A1"))
    fresh = edit(s)  # the same answers from an empty cache, asked in the other order
    assert sp("A2") in path_costs(fresh, sp("A1")) and sp("A2") not in path_costs(fresh, sp("A1"), BEN)
    assert view(s).path_costs(sp("A1"), BEN) == path_costs(s, sp("A1"), BEN)
    s = play(s, "move A2 A1 1")  # its figures there may leave
    assert s.workers[BEN][sp("A2")] == 0


def test_7_4_a_gun_blocks_the_only_way_through() -> None:
    s = edit(play(game(2, options=["guns"], tiles=["A-1"]), "place A3 0"))
    stand(s, ANA, "A2", 3)
    s = play(s, "guard A2 gun; end")
    s = edit(s)
    s.phase, s.hand = Phase.ACTIONS, None
    stand(s, BEN, "A1", 1)
    illegal(s, "move A1 A3 1", says=["avoids the other players' machine guns"])


def test_7_4_fire_from_the_owners_next_turn_once_per_turn() -> None:
    s = play(guns_game(ana=3, ben=2 - 1), "guard A2 gun")
    illegal(s, "fire A2 Ben", says=["cannot fire now", "from the turn after it was mounted"])
    s = play(s, "end; place B3 0; end")
    s = place_first(s)
    assert "fire A2 Ben" in listed(s)
    s = play(s, "fire A2 ben")
    assert s.log[-1] == "fire A2 Ben" and s.workers[BEN][sp("A2")] == 0 and s.removed[BEN] == 1 and s.ap == 9
    illegal(s, "fire A2 Ben", says=["cannot fire now"])
    s = play(s, "undo")
    assert s.workers[BEN][sp("A2")] == 1 and s.removed[BEN] == 0
    check_exhaustively(s)


@pytest.mark.parametrize(("move", "says"), [
    ("fire A1 Ben", ["no machine gun of yours on A1", "your guns: A2"]),
    ("fire A2 Ana", ["not at yours"]),
    ("fire A2 Zed", ["no player called “Zed”"]),
])
def test_7_4_where_a_gun_cannot_fire(move: str, says: list[str]) -> None:
    s = play(guns_game(ana=3, ben=1), "guard A2 gun; end; place B3 0; end")
    illegal(place_first(s), move, says=says)


def test_7_4_a_gun_never_hits_a_leader() -> None:
    s = play(guns_game(ana=3, ben=0), "guard A2 gun; end; place B3 0")
    s = stand(edit(s), BEN, "A2", 0, leader=True)
    s = place_first(play(s, "end"))
    illegal(s, "fire A2 Ben", says=["Ben has no worker on A2", "never hits a leader"])


def test_7_4_guns_and_obstacles_need_their_option() -> None:
    s = play(game(2, tiles=["A-1"]), "place A3 0")
    s = stand(edit(s), ANA, "A2", 3)
    with pytest.raises(UnreadableMove):
        apply(s, "guard A2 gun")
    assert not any("gun" in m or "obstacle" in m for m in listed(s))
    assert all(NEIGHBOURS[sp("A1")][side] >= 0 for side in (N, NE, SE))
