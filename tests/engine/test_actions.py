"""One group of tests per action: legal and illegal cases, each checking the resulting state."""

from __future__ import annotations

from engine import GameState, Phase, UnreadableMove, apply, legal_moves, legal_placements, summary
from engine.state import LEADER_GUARD, LEADER_REMOVED, LEADER_SUPPLY, NOBODY
from engine.tiles import Terrain
from tests.engine.engine_builders import acting, edit, game, illegal, lay, play, sp, stand

ANA, BEN = 0, 1


def started(tiles: tuple[str, ...] = ("A-1",)) -> GameState:
    """Ana has placed her first hexagon (A-1, a temple, on A3) and has 10 AP."""
    return play(game(tiles=tiles), "place A3 0")


# --- place ------------------------------------------------------------------------------------


def test_place_records_the_rotation_and_starts_the_actions() -> None:
    s = play(game(tiles=["A-1"]), "place A3 2")
    a3 = sp("A3")
    assert s.tile[a3] == "A-1" and s.rotation[a3] == 2
    assert s.stones[a3] == (1, 0, 0, 0, 0, 2)  # printed S2 SW1 turned twice clockwise: NW2 N1
    assert s.terrain[a3] is Terrain.TEMPLE and s.value[a3] == 1
    assert s.phase is Phase.ACTIONS and s.hand is None and s.ap == 10 and acting(s) == "Ana"
    assert summary(s)["hexes"]["A3"]["rotation"] == 2


def test_place_rule_needs_a_stone_on_a_border_with_an_explored_hex() -> None:
    s = play(game(tiles=["A-1", "C-2"]), "place A3 0; end")
    # C-2 has stones on its S side only; A4 touches only A3, whose N side has none
    illegal(s, "place A4 1", says=["Rotation 1", "legal rotations there: 0"])
    s2 = play(s, "place A4 0")
    assert s2.tile[sp("A4")] == "C-2"


def test_place_needs_an_empty_space_next_to_an_explored_hex() -> None:
    s = game(tiles=["A-1"])
    illegal(s, "place E5 0", says=["not next to an explored hex", "Legal spaces: A3, B3, C1, C2"])
    illegal(s, "place A2 0", says=["already explored", "Legal spaces:"])


def test_place_only_once_per_turn_and_never_in_a_scoring_turn() -> None:
    s = started()
    illegal(s, "place B3 0", says=["already placed"])
    scoring = game(tiles=["B-1"])
    assert scoring.phase is Phase.SCORING
    illegal(scoring, "place A3 0", says=["scoring turn has no hexagon"])


def test_place_treasure_takes_the_next_wafers_of_the_order() -> None:
    s = play(game(tiles=["A-2", "C-4"], wafers=["mask", "idol", "vase", "crown", "eagle", "serpent", "dagger"]),
             "place C2 0; end; place C1 0")
    assert s.wafers[sp("C2")] == ("mask", "idol", "vase", "crown")
    assert s.wafers[sp("C1")] == ("eagle", "serpent", "dagger")
    assert s.wafer_pos == 7
    assert summary(s)["hexes"]["C2"]["wafers"] == 4


def test_volcano_needs_no_stones() -> None:
    # Ana places A-1 on A3; Ben draws the volcano: a scoring round, then Ben places it
    s = play(game(tiles=["A-1", "B-1"]), "place A3 0; end; end; end")
    assert s.phase is Phase.PLACE and s.hand == "B-1" and acting(s) == "Ben"
    assert {r for space, r in legal_placements(s) if space == sp("A4")} == set(range(6))
    s = play(s, "place A4 1")  # no stone on the A3/A4 border: fine for a volcano
    assert s.terrain[sp("A4")] is Terrain.VOLCANO and s.rotation[sp("A4")] == 1
    illegal(play(s, "deploy A1 1"), "move A1 A4 1", says=["No path from A1 to A4", "is a volcano"])


def test_no_legal_space_anywhere_allows_any_empty_space_next_to_explored() -> None:
    s = edit(game(tiles=["C-2"]))
    # everything explored except A5, whose only neighbours A4 and B5 are volcanoes
    for name in ("A3", "B3", "B4", "C1", "C2", "C3", "C4", "C5", "D1", "D2", "D3", "D4", "D5",
                 "E1", "E2", "E3", "E4", "E5", "F1", "F2", "F3", "F4", "F5", "G1", "G2", "G3", "G4",
                 "G5", "H1", "H2", "H3", "H4", "H5"):
        lay(s, name, "E-3")
    lay(s, "A4", "B-1")
    lay(s, "B5", "D-3")
    placements = [str(m) for m in legal_moves(s)]
    assert placements == [f"place A5 {r}" for r in range(6)]
    s2 = apply(s, "place A5 4")
    assert s2.tile[sp("A5")] == "C-2" and s2.rotation[sp("A5")] == 4 and all(s2.explored)


# --- deploy -----------------------------------------------------------------------------------


def test_deploy_workers_and_leader_cost_one_ap_each() -> None:
    s = play(started(), "deploy A1 3")
    assert s.supply[ANA] == 15 and s.workers[ANA][sp("A1")] == 3 and s.ap == 7
    s = play(s, "deploy A1 leader")
    assert s.leader[ANA] == sp("A1") and s.ap == 6 and s.supply[ANA] == 15
    assert summary(s)["players"]["Ana"]["leader_supply"] is False
    assert summary(s)["hexes"]["A1"]["figures"] == {"Ana": {"workers": 3, "leader": True}}
    illegal(s, "deploy A1 leader", says=["not in your supply", "it is on A1"])


def test_deploy_limits() -> None:
    s = play(started(), "deploy A1 8")
    illegal(s, "deploy A1 3", says=["costs 3 AP, you have 2 left", "You could deploy 2"])
    illegal(s, "deploy B2 1", says=["not a camp of yours", "You can deploy to A1"])
    short = edit(started())
    short.supply[ANA] = 2
    illegal(short, "deploy A1 3", says=["2 workers in your supply, not 3"])
    illegal(game(tiles=["A-1"]), "deploy A1 1", says=["Place your hexagon first"])


def test_deploy_into_own_camp_but_never_into_another_players_camp() -> None:
    s = edit(started())
    s.camp[sp("B2")] = BEN
    s.camp[sp("A3")] = ANA
    illegal(s, "deploy B2 1", says=["B2 is Ben's camp", "You can deploy to A1, A3"])
    s = play(s, "deploy A3 2")
    assert s.workers[ANA][sp("A3")] == 2 and s.ap == 8


# --- transfer ---------------------------------------------------------------------------------


def test_transfer_between_base_camp_and_own_camp() -> None:
    s = play(started(), "deploy A1 3; camp B2; transfer A1 B2 2")
    assert s.workers[ANA][sp("A1")] == 1 and s.workers[ANA][sp("B2")] == 2 and s.ap == 0
    s = edit(s)
    s.ap = 10
    s.leader[ANA] = sp("B2")
    s = play(s, "transfer B2 A1 leader; transfer B2 A1 1")
    assert s.leader[ANA] == sp("A1") and s.workers[ANA][sp("A1")] == 2 and s.ap == 8


def test_transfer_illegal_cases() -> None:
    s = play(started(), "deploy A1 3")
    illegal(s, "transfer A1 B2 1", says=["no camp yet"])
    s = edit(s)
    s.camp[sp("B2")] = BEN
    s.camp[sp("A3")] = ANA
    illegal(s, "transfer A1 B2 1", says=["base camp and your own camps: A1, A3"])
    illegal(s, "transfer A1 A1 1", says=["two different spaces"])
    illegal(s, "transfer A1 A3 4", says=["3 workers on A1, not 4"])
    illegal(s, "transfer A1 A3 leader", says=["leader is not on A1", "supply"])
    s.ap = 2
    illegal(s, "transfer A1 A3 3", says=["costs 3 AP, you have 2 left", "You could transfer 2"])


# --- move -------------------------------------------------------------------------------------


def test_move_follows_the_cheapest_path() -> None:
    # C-2 (stones on S only) on B3: A1→B2→B3 costs 1 + 4, A1→A2→B3 costs 2 + 1
    s = play(game(tiles=["C-2"]), "place B3 0; deploy A1 2; move A1 B3 2")
    assert s.workers[ANA][sp("B3")] == 2 and s.workers[ANA][sp("A1")] == 0
    assert s.ap == 10 - 2 - 2 * 3


def test_move_leader_and_not_enough_ap() -> None:
    s = play(game(tiles=["C-2"]), "place B3 0; deploy A1 2; deploy A1 leader")
    illegal(s, "move A1 B3 3", says=["2 workers on A1, not 3"])
    s = play(s, "move A1 B3 leader")
    assert s.leader[ANA] == sp("B3") and s.ap == 4
    illegal(s, "move A1 B3 2", says=["moving 2 figures from A1 to B3 costs 6 AP, you have 4 left",
                                     "You could move 1 figure (3 AP)"])


def test_move_illegal_cases() -> None:
    s = play(started(), "deploy A1 2")
    illegal(s, "move A1 A1 1", says=["two different spaces"])
    illegal(s, "move A1 E5 1", says=["No path from A1 to E5", "not explored"])
    illegal(s, "move A2 A1 1", says=["0 workers on A2, not 1"])
    illegal(s, "move A1 A2 leader", says=["leader is not on A1"])
    # A2 and B2 share a border without stones; A1 is the only way between them
    s = play(s, "move A1 B2 1")
    assert s.ap == 7
    s = play(s, "move B2 A2 1")
    assert s.ap == 7 - 3 and s.workers[ANA][sp("A2")] == 1


# --- uncover ----------------------------------------------------------------------------------


def test_uncover_two_levels_costs_four_ap() -> None:
    s = play(started(), "deploy A1 2; move A1 A2 2; uncover A2 2")
    assert s.value[sp("A2")] == 3 and s.ap == 10 - 2 - 4 - 4
    assert s.temple_supply[2] == 2 and s.temple_supply[3] == 5
    assert s.uncovered == {sp("A2"): 2}
    assert summary(s)["temple_supply"]["2"] == 2


def uncover_position(figures: int = 3) -> GameState:
    s = edit(started())
    stand(s, ANA, "A2", figures)
    return s


def test_uncover_at_most_two_levels_per_temple_per_turn() -> None:
    s = stand(uncover_position(3), ANA, "A3", 1)
    illegal(s, "uncover A2 3", says=["at most 2 levels per temple per turn"])
    s = play(s, "uncover A2 1; uncover A2 1")
    illegal(s, "uncover A2 1", says=["at most 2 levels per temple per turn (2 done)"])
    s = play(s, "uncover A3 1")  # another temple has its own limit
    assert s.value[sp("A3")] == 2 and s.value[sp("A2")] == 3 and s.ap == 4


def test_uncover_needs_a_figure_per_level() -> None:
    s = uncover_position(1)
    illegal(s, "uncover A2 2", says=["one own figure per level", "1 figure there", "You could uncover 1"])
    s = play(s, "uncover A2")
    illegal(s, "uncover A2", says=["uncovered 1 this turn"])
    s2 = edit(started())
    s2.leader[ANA] = sp("A2")  # the leader counts as one figure
    illegal(s2, "uncover A2 2", says=["one own figure per level"])
    assert apply(s2, "uncover A2").value[sp("A2")] == 2


def test_uncover_costs_two_ap_per_level() -> None:
    s = uncover_position(2)
    s.ap = 3
    illegal(s, "uncover A2 2", says=["each level costs 2 AP and you have 3", "You could uncover 1"])
    assert apply(s, "uncover A2 1").ap == 1


def test_uncover_takes_the_next_value_and_never_skips_one() -> None:
    s = uncover_position(2)
    s.temple_supply[2] = 0
    illegal(s, "uncover A2 1", says=["no temple tile of value 2 is left"])
    s.temple_supply[2] = 1
    s.temple_supply[3] = 0
    illegal(s, "uncover A2 2", says=["no temple tile of value 3 is left", "You could uncover 1"])
    s = play(s, "uncover A2")
    assert s.value[sp("A2")] == 2 and s.temple_supply[2] == 0


def test_uncover_top_temple_and_non_temples() -> None:
    s = uncover_position(2)
    s.value[sp("A2")] = 10
    s.temple_supply[10] = 0
    illegal(s, "uncover A2", says=["no temple tile of value 11"])
    illegal(s, "uncover B2", says=["Only temples can be uncovered", "jungle"])
    illegal(s, "uncover A1", says=["base camp"])


def test_uncover_guarded_temple_is_not_possible() -> None:
    s = uncover_position(2)
    s.guard[sp("A2")] = BEN
    illegal(s, "uncover A2", says=["guarded by Ben", "fixed"])


# --- recover ----------------------------------------------------------------------------------


def test_recover_takes_wafers_in_the_treasure_order() -> None:
    s = play(game(tiles=["A-2"], wafers=["mask", "idol", "vase", "crown"]),
             "place C2 0; deploy A1 1; move A1 C2 1; recover C2")
    assert s.treasures[ANA] == {"mask": 1}
    assert s.wafers[sp("C2")] == ("idol", "vase", "crown")
    assert s.ap == 10 - 1 - 2 - 3
    assert summary(s)["players"]["Ana"]["treasures"] == {"mask": 1}
    assert summary(s)["hexes"]["C2"]["wafers"] == 3


def recover_position(figures: int, wafers: tuple[str, ...] = ("mask", "idol", "mask", "vase")) -> GameState:
    s = edit(started())
    lay(s, "C2", "A-2", wafers=wafers)
    stand(s, ANA, "C2", figures)
    return s


def test_recover_at_most_two_wafers_per_hex_per_turn() -> None:
    s = recover_position(3)
    illegal(s, "recover C2 3", says=["at most 2 wafers per treasure hex per turn"])
    s = play(s, "recover C2; recover C2")
    assert s.treasures[ANA] == {"mask": 1, "idol": 1} and s.ap == 4
    illegal(s, "recover C2", says=["at most 2 wafers per treasure hex per turn (2 done)"])


def test_recover_needs_figures_ap_and_wafers() -> None:
    s = recover_position(1)
    illegal(s, "recover C2 2", says=["one own figure per wafer", "You could recover 1"])
    s.ap = 2
    illegal(s, "recover C2", says=["each wafer costs 3 AP and you have 2"])
    s = recover_position(2, wafers=("eagle",))
    illegal(s, "recover C2 2", says=["1 wafer left there", "You could recover 1"])
    s = play(s, "recover C2")
    assert s.treasures[ANA] == {"eagle": 1} and s.wafers[sp("C2")] == ()
    s = edit(s)
    s.recovered = {}
    illegal(s, "recover C2", says=["no wafers left"])
    illegal(s, "recover B2", says=["treasure hexes", "jungle"])


# --- exchange ---------------------------------------------------------------------------------


def exchange_position() -> GameState:
    s = edit(started())
    s.treasures[ANA] = {"mask": 1, "idol": 2}
    s.treasures[BEN] = {"vase": 1, "crown": 1, "eagle": 3, "mask": 1}
    return s


def test_exchange_swaps_two_singles() -> None:
    s = play(exchange_position(), "exchange mask ben vase")
    assert s.treasures[ANA] == {"idol": 2, "vase": 1}
    assert s.treasures[BEN] == {"crown": 1, "eagle": 3, "mask": 2}
    assert s.ap == 7
    assert s.log[-1] == "exchange mask Ben vase"  # the seat's own spelling


def test_exchange_illegal_cases() -> None:
    s = exchange_position()
    illegal(s, "exchange idol Ben vase", says=["only give a single treasure", "your singles: mask"])
    illegal(s, "exchange mask Ben eagle", says=["single treasure of Ben's", "crown, mask, vase"])
    illegal(s, "exchange mask Ben mask", says=["two different kinds"])
    illegal(s, "exchange mask Ana idol", says=["another player"])
    illegal(s, "exchange mask Zed vase", says=["no player called “Zed”", "Ana, Ben"])
    s.ap = 2
    illegal(s, "exchange mask Ben vase", says=["an exchange costs 3 AP, you have 2 left"])


# --- camp -------------------------------------------------------------------------------------


def test_camp_on_jungle_needs_no_figure() -> None:
    s = play(started(), "camp B2")
    assert s.camp[sp("B2")] == ANA and s.camps_left[ANA] == 1 and s.ap == 5
    assert summary(s)["hexes"]["B2"]["camp"] == "Ana"
    assert summary(s)["players"]["Ana"]["camps_left"] == 1


def test_camp_on_treasure_only_once_emptied() -> None:
    s = edit(started())
    lay(s, "C2", "A-2", wafers=("mask",))
    illegal(s, "camp C2", says=["wafers are not all recovered", "Possible: B2"])
    s.wafers[sp("C2")] = ()
    assert apply(s, "camp C2").camp[sp("C2")] == ANA


def test_camp_illegal_cases() -> None:
    s = started()
    illegal(s, "camp A3", says=["jungle hexes or emptied treasure hexes", "a temple", "Possible: B2"])
    illegal(s, "camp A1", says=["base camp"])
    s = edit(s)
    s.camp[sp("B2")] = BEN
    illegal(s, "camp B2", says=["already has Ben's camp", "one camp per hex"])
    s = edit(started())
    s.camps_left[ANA] = 0
    illegal(s, "camp B2", says=["both your camps", "two per game"])
    s = edit(started())
    s.ap = 4
    illegal(s, "camp B2", says=["a camp costs 5 AP, you have 4 left"])


def test_two_camps_per_game() -> None:
    s = edit(started())
    lay(s, "C2", "E-3")
    s = play(s, "camp B2; camp C2")
    assert s.camps_left[ANA] == 0
    s = play(s, "end", "place C1 0", "end")
    s = edit(play(s, "place B3 0"))
    lay(s, "C3", "E-4")
    illegal(s, "camp C3", says=["both your camps"])


# --- guard ------------------------------------------------------------------------------------


def guard_position() -> GameState:
    s = edit(started())
    stand(s, ANA, "A2", 2, leader=True)  # strength 5
    stand(s, BEN, "A2", 4)  # strength 4
    return s


def test_guard_with_a_worker_removes_the_other_own_figures() -> None:
    s = play(guard_position(), "guard A2")
    a2 = sp("A2")
    assert s.guard[a2] == ANA and s.guards_left[ANA] == 1 and s.ap == 5
    assert s.workers[ANA][a2] == 0 and s.leader[ANA] == LEADER_REMOVED
    assert s.removed[ANA] == 2  # one worker and the leader; the guard is not counted
    assert s.workers[BEN][a2] == 4
    out = summary(s)
    assert out["hexes"]["A2"]["guard"] == "Ana"
    assert out["hexes"]["A2"]["figures"] == {"Ben": {"workers": 4, "leader": False}}
    assert out["players"]["Ana"]["removed"] == 2 and out["players"]["Ana"]["guards_left"] == 1
    assert s.supply[ANA] + sum(s.workers[ANA]) + s.removed[ANA] + 1 == 19


def test_guard_with_the_leader() -> None:
    s = play(guard_position(), "guard A2 leader")
    assert s.leader[ANA] == LEADER_GUARD and s.removed[ANA] == 2
    assert s.workers[ANA][sp("A2")] == 0 and s.guard[sp("A2")] == ANA
    assert summary(s)["players"]["Ana"]["leader_supply"] is False


def test_guard_needs_more_strength_than_every_other_player() -> None:
    s = edit(started())
    stand(s, ANA, "A2", 3)
    stand(s, BEN, "A2", 0, leader=True)  # the leader is worth 3
    illegal(s, "guard A2", says=["you have 3, the strongest other has 3"])
    stand(s, ANA, "A2", 1)
    assert apply(s, "guard A2").guard[sp("A2")] == ANA


def test_guard_illegal_cases() -> None:
    s = edit(started())
    stand(s, ANA, "A2", 0, leader=True)
    illegal(s, "guard A2", says=["no worker on A2", "`guard A2 leader`"])
    s = edit(started())
    stand(s, ANA, "A2", 2)
    illegal(s, "guard A2 leader", says=["leader is not on A2"])
    illegal(s, "guard B2", says=["Guards go on temples", "jungle"])
    s.guard[sp("A2")] = BEN
    illegal(s, "guard A2", says=["already guarded by Ben"])
    s = edit(started())
    stand(s, ANA, "A2", 2)
    s.guards_left[ANA] = 0
    illegal(s, "guard A2", says=["both your guards", "two per game"])
    s.guards_left[ANA] = 2
    s.ap = 4
    illegal(s, "guard A2", says=["a guard costs 5 AP, you have 4 left"])


def test_guard_never_moves() -> None:
    s = play(guard_position(), "guard A2")
    assert not [m for m in legal_moves(s) if str(m.move).startswith("move A2")]
    illegal(s, "move A2 A1 1", says=["0 workers on A2"])


# --- end --------------------------------------------------------------------------------------


def test_end_passes_the_turn_and_drops_unspent_ap() -> None:
    s = play(started(("A-1", "C-2")), "deploy A1 1", "end")
    assert acting(s) == "Ben" and s.phase is Phase.PLACE and s.ap == 10 and s.hand == "C-2"
    assert s.last_turn is not None and s.last_turn.moves == ("place A3 0", "deploy A1 1")
    assert s.uncovered == {} and s.recovered == {} and s.turn_moves == ()
    illegal(s, "end", says=["Place your hexagon first"])


def test_end_at_zero_ap_is_still_needed() -> None:
    s = play(started(), "deploy A1 10")
    assert s.ap == 0 and acting(s) == "Ana" and s.phase is Phase.ACTIONS
    assert [str(m.move) for m in legal_moves(s)] == ["end", "undo"]


# --- undo -------------------------------------------------------------------------------------


def test_undo_takes_back_one_action_at_a_time_down_to_the_placement() -> None:
    start = game(tiles=["A-1"])
    placed = play(start, "place A3 0")
    one = play(placed, "deploy A1 2")
    two = play(one, "deploy A1 leader")
    back = play(two, "undo")
    assert back.workers[ANA][sp("A1")] == 2 and back.leader[ANA] == LEADER_SUPPLY and back.ap == 8
    assert back.version == two.version + 1 and back.log[-1] == "undo"
    back = play(back, "undo")
    assert back.supply[ANA] == 18 and back.ap == 10 and back.phase is Phase.ACTIONS
    back = play(back, "undo")
    assert back.phase is Phase.PLACE and back.hand == "A-1" and not back.explored[sp("A3")]
    illegal(back, "undo", says=["Nothing to take back", "not acted yet"])
    illegal(start, "undo", says=["Nothing to take back"])


def test_undo_restores_every_kind_of_action() -> None:
    s = exchange_position()
    stand(s, ANA, "A2", 2)
    stand(s, ANA, "A1", 1)
    for moves in ("exchange mask Ben vase", "camp B2", "guard A2", "uncover A2 2", "move A1 A2 1"):
        after = play(s, moves)
        assert play(after, "undo").treasures == s.treasures
        back = play(after, "undo")
        assert (back.ap, back.camp, back.guard, back.value, back.workers, back.removed, back.temple_supply) == (
            s.ap, s.camp, s.guard, s.value, s.workers, s.removed, s.temple_supply)


def test_undo_never_takes_back_a_recover_nor_anything_before_it() -> None:
    s = play(game(tiles=["A-2"], wafers=["mask", "idol"]), "place C2 0; deploy A1 2; move A1 C2 1; recover C2")
    illegal(s, "undo", says=["recovered wafer cannot be undone"])
    s = play(s, "deploy A1 1")
    s = play(s, "undo")
    assert s.supply[ANA] == 16 and s.ap == 10 - 2 - 2 - 3
    illegal(s, "undo", says=["recovered wafer cannot be undone"])


def test_undo_of_a_treasure_placement_puts_its_wafers_back_on_top() -> None:
    s = game(tiles=["A-2"], wafers=["mask", "idol", "vase", "crown", "eagle"])
    s = play(s, "place C2 0")
    assert s.wafers[sp("C2")] == ("mask", "idol", "vase", "crown") and s.wafer_pos == 4
    s = play(s, "undo")
    assert s.hand == "A-2" and s.phase is Phase.PLACE and s.wafer_pos == 0 and not s.explored[sp("C2")]
    assert s.wafers[sp("C2")] == ()
    s = play(s, "place C1 3")
    assert s.wafers[sp("C1")] == ("mask", "idol", "vase", "crown")


def test_undo_never_reaches_into_another_players_turn() -> None:
    s = play(started(("A-1", "C-2")), "deploy A1 2; end; place B3 0")
    s = play(s, "undo")
    assert acting(s) == "Ben" and s.phase is Phase.PLACE
    illegal(s, "undo", says=["Nothing to take back"])
    assert s.workers[ANA][sp("A1")] == 2


def test_undo_never_takes_back_bids_passes_or_picks() -> None:
    s = game(3, "auction")
    s = play(s, "bid 2")
    illegal(s, "undo", says=["Bids, passes and picks cannot be taken back"])
    s = play(s, "pass")
    illegal(s, "undo", says=["cannot be taken back"])
    s = play(s, "pass")
    assert s.phase is Phase.PICK and acting(s) == "Ana"
    illegal(s, "undo", says=["cannot be taken back"])
    s = play(s, "pick 1")
    assert s.phase is Phase.PLACE and s.score[ANA] == 18
    illegal(s, "undo", says=["Nothing to take back"])


def test_undo_in_a_scoring_turn() -> None:
    s = play(game(tiles=["B-1"]), "deploy A1 3")
    assert s.phase is Phase.SCORING
    s = play(s, "undo")
    assert s.supply[ANA] == 18 and s.ap == 10 and s.phase is Phase.SCORING


def test_words_that_are_not_moves_stay_unreadable_in_apply() -> None:
    s = started()
    illegal(s, "place I9 0", error=UnreadableMove, says=["not a space"])
    assert s.guard[sp("A2")] == NOBODY


def test_two_guards_per_game() -> None:
    s = edit(started())
    stand(s, ANA, "A2", 2)
    stand(s, ANA, "B1", 2)
    stand(s, ANA, "A3", 2)
    s = play(s, "guard A2; guard B1")
    assert s.guards_left[ANA] == 0 and s.ap == 0 and s.removed[ANA] == 2
    assert (s.guard[sp("A2")], s.guard[sp("B1")]) == (ANA, ANA)
    s = edit(s)
    s.ap = 10
    illegal(s, "guard A3", says=["both your guards"])


def test_per_turn_limits_start_again_next_turn() -> None:
    s = play(game(tiles=["A-2", "C-2", "A-1"], wafers=["mask", "idol", "vase", "crown"]),
             "place C2 0; deploy A1 2; move A1 A2 2; uncover A2 2; end")
    assert s.value[sp("A2")] == 3
    s = play(s, "place B3 0; end; place A3 0")
    assert s.uncovered == {} and s.ap == 10
    s = play(s, "uncover A2 2; deploy A1 1; move A1 C2 1; recover C2 1")
    assert s.value[sp("A2")] == 5 and s.ap == 10 - 4 - 1 - 2 - 3
    assert s.recovered == {sp("C2"): 1} and s.treasures[ANA] == {"mask": 1}
