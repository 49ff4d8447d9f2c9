"""docs/rules.md §3, ruling by ruling (the per-action details are in test_actions.py)."""

from __future__ import annotations

import pytest

from engine import (
    GameOver,
    GameState,
    NotYourTurn,
    Phase,
    StaleState,
    absent_moves,
    apply,
    legal_moves,
    legal_placements,
    new_game,
    path_costs,
    summary,
    view,
)
from engine.tiles import Terrain
from tests.engine.engine_builders import acting, edit, game, illegal, lay, play, scoring_game, sp, stand

ANA, BEN, CY, DEE = 0, 1, 2, 3


def through(state: GameState) -> GameState:
    """Play the acting seat's current obligation the way an absent player's is played."""
    for move in absent_moves(state):
        state = apply(state, move)
    return state


# --- 1. movement --------------------------------------------------------------------------------


def test_ruling_1_a_border_costs_the_stones_on_both_sides() -> None:
    s = play(game(tiles=["C-2"]), "place B3 0")  # B3's S side has 3 stones, B2's N side 1
    costs = path_costs(s, sp("B2"))
    assert costs[sp("B3")] == 1 + 3
    assert costs[sp("A1")] == 0 + 1  # B2's SW side has none, A1's NE side one
    s = play(s, "deploy A1 1; move A1 B2 1; move B2 B3 1")
    assert s.ap == 10 - 1 - 1 - 4 and s.workers[ANA][sp("B3")] == 1


def test_ruling_1_no_stones_no_path() -> None:
    s = play(game(tiles=["A-1"]), "place A3 0; deploy A1 1; move A1 A2 1")
    # A2 and B2 touch, but neither side of their border has a stone
    assert path_costs(s, sp("A2"))[sp("B2")] == 2 + 1
    s = edit(s)
    s.explored[sp("A1")] = False  # without the base camp there would be no way at all
    s._paths = {}
    assert sp("B2") not in path_costs(s, sp("A2"))


def test_ruling_1_volcanoes_cannot_be_entered_or_crossed() -> None:
    def board(b3: str) -> GameState:
        s = edit(play(game(tiles=["A-1"]), "place A3 0; deploy A1 1"))
        lay(s, "B3", b3)
        lay(s, "C3", "E-3", rotation=1)  # its two stones face B3
        return s

    jungle = board("C-3")
    assert path_costs(jungle, sp("A1"))[sp("C3")] == 1 + 2 + 3
    assert play(jungle, "move A1 C3 1").ap == 9 - 6
    volcano = board("B-1")
    assert sp("C3") not in path_costs(volcano, sp("A1"))
    assert sp("B3") not in path_costs(volcano, sp("A1"))  # B2's N side has a stone, still closed
    illegal(volcano, "move A1 C3 1", says=["No path from A1 to C3"])
    illegal(volcano, "move A1 B3 1", says=["is a volcano"])


def test_ruling_1_other_players_never_block() -> None:
    s = edit(play(game(tiles=["C-2"]), "place B3 0"))
    s.camp[sp("B2")] = BEN
    s.guard[sp("A2")] = BEN
    stand(s, BEN, "A2", 5, leader=True)
    stand(s, ANA, "A1", 2)
    s = play(s, "move A1 B3 2")  # the cheapest path runs over Ben's guarded temple
    assert s.ap == 10 - 6 and s.workers[ANA][sp("B3")] == 2
    assert path_costs(s, sp("A1"))[sp("B2")] == 1


# --- 2–8, one check each (the details are in test_actions.py) -------------------------------------


def test_ruling_2_placement() -> None:
    s = play(game(tiles=["A-1", "C-2"]), "place A3 0; end")
    assert (sp("A4"), 0) in legal_placements(s) and (sp("A4"), 1) not in legal_placements(s)
    illegal(s, "place A4 1", says=["legal rotations there: 0"])


def test_ruling_3_transfer_between_two_own_camps() -> None:
    s = edit(play(game(tiles=["A-1"]), "place A3 0"))
    s.camp[sp("B2")] = ANA
    lay(s, "C2", "E-3")
    s.camp[sp("C2")] = ANA
    stand(s, ANA, "B2", 3)
    s = play(s, "transfer B2 C2 3")
    assert s.workers[ANA][sp("C2")] == 3 and s.ap == 7


def test_ruling_4_uncover_limits() -> None:
    s = edit(play(game(tiles=["A-1"]), "place A3 0"))
    stand(s, ANA, "A2", 3)
    s = play(s, "uncover A2 2")
    assert s.value[sp("A2")] == 3 and s.ap == 6
    illegal(s, "uncover A2", says=["at most 2 levels"])


def test_ruling_5_wafers_go_to_the_hex_in_the_treasure_order() -> None:
    s = play(game(tiles=["A-2"], wafers=["jaguar", "vase", "jaguar", "eagle"]), "place C2 0")
    assert s.wafers[sp("C2")] == ("jaguar", "vase", "jaguar", "eagle")
    s = edit(s)
    stand(s, ANA, "C2", 2)
    s = play(s, "recover C2 2")
    assert s.treasures[ANA] == {"jaguar": 1, "vase": 1}


def test_ruling_6_exchange_of_singles() -> None:
    s = edit(play(game(tiles=["A-1"]), "place A3 0"))
    s.treasures = [{"mask": 1}, {"idol": 1}]
    s = play(s, "exchange mask Ben idol")
    assert s.treasures == [{"idol": 1}, {"mask": 1}] and s.ap == 7


def test_ruling_7_camp_without_a_figure() -> None:
    s = play(game(tiles=["A-1"]), "place A3 0; camp B2")
    assert s.camp[sp("B2")] == ANA and sum(s.workers[ANA]) == 0


def test_ruling_8_guarded_temple_is_fixed_and_scores_for_its_owner_only() -> None:
    s = edit(scoring_game())
    stand(s, ANA, "A2", 2)
    s = play(s, "guard A2")
    assert s.guard[sp("A2")] == ANA
    s = edit(s)
    stand(s, BEN, "A2", 6)  # Ben stands stronger, but the temple is Ana's
    s = play(s, "end")
    assert s.score == [1, 0]
    s = play(s, "end")
    assert s.score == [1, 0]


# --- 9. scoring -----------------------------------------------------------------------------------


def test_ruling_9_majority_ties_guards_and_treasures() -> None:
    s = edit(scoring_game())
    lay(s, "A3", "A-1", value=5)
    lay(s, "C1", "C-1", value=7)
    stand(s, ANA, "A2", 2)
    stand(s, BEN, "A2", 1)  # Ana 2 > Ben 1: Ana scores A2 (1)
    stand(s, ANA, "B1", 0, leader=True)
    stand(s, BEN, "B1", 3)  # 3 against 3: nobody scores B1
    stand(s, ANA, "A3", 4)
    s.guard[sp("A3")] = BEN  # Ben's guard: only Ben scores A3 (5)
    stand(s, BEN, "C1", 1)  # Ben alone: Ben scores C1 (7)
    s.treasures = [{"mask": 1, "idol": 2, "vase": 3}, {"eagle": 2}]
    s = play(s, "end")
    assert s.score == [1 + (1 + 3 + 6), 0]
    s = play(s, "end")
    assert s.score == [11, 5 + 7 + 3]
    assert [(e.player, e.temples, e.treasures, e.total) for e in s.score_log] == [(0, 1, 10, 11), (1, 12, 3, 15)]


def test_ruling_9_beat_every_other_single_player() -> None:
    s = edit(scoring_game(3))
    stand(s, ANA, "A2", 3)
    stand(s, BEN, "A2", 2)
    stand(s, CY, "A2", 2)  # Ben and Cy together have more, but each alone has less
    stand(s, BEN, "B1", 2)
    stand(s, CY, "B1", 2)
    s = play(s, "end; end; end")
    assert s.score == [1, 0, 0]


def test_ruling_9_auction_starts_at_20() -> None:
    assert game(3, "auction").score == [20, 20, 20]
    assert game(3).score == [0, 0, 0]


# --- 10. turn order -----------------------------------------------------------------------------


def test_ruling_10_seat_one_starts_and_turns_go_clockwise() -> None:
    s = game(3, tiles=["A-1", "C-2", "A-3", "C-3"])
    seen = []
    for _ in range(4):
        assert s.phase is Phase.PLACE and s.ap == 10
        seen.append((acting(s), s.hand))
        s = through(s)
    assert seen == [("Ana", "A-1"), ("Ben", "C-2"), ("Cy", "A-3"), ("Ana", "C-3")]


def test_ruling_10_only_place_until_placed() -> None:
    s = game(tiles=["A-1"])
    assert {type(m.move).__name__ for m in legal_moves(s)} == {"Place"}
    illegal(s, "camp B2", says=["Place your hexagon first"])


def test_ruling_10_volcano_scoring_round_order() -> None:
    s = play(game(3, tiles=["A-1", "B-1", "C-2"]), "place A3 0; end")
    # Ben revealed the volcano: he scores first, then Cy, then Ana
    assert (acting(s), s.phase, s.ap, s.hand) == ("Ben", Phase.SCORING, 10, "B-1")
    assert summary(s)["phase"] == "scoring" and summary(s)["ap_left"] == 10
    s = play(s, "deploy A1 1; move A1 A2 1; end")
    assert s.score == [0, 1, 0]
    assert (acting(s), s.phase) == ("Cy", Phase.SCORING)
    s = play(s, "deploy A1 2; end")
    assert (acting(s), s.phase) == ("Ana", Phase.SCORING)
    s = play(s, "end")
    assert s.score == [0, 1, 0] and s.scoring_round == 1
    # then Ben places the volcano, with any rotation, and takes a normal turn
    assert (acting(s), s.phase, s.ap, s.hand) == ("Ben", Phase.PLACE, 10, "B-1")
    s = play(s, "place A4 5")
    assert s.terrain[sp("A4")] is Terrain.VOLCANO and summary(s)["hexes"]["A4"]["rotation"] == 5
    assert (s.phase, s.ap) == (Phase.ACTIONS, 10)
    s = play(s, "deploy A1 1; end")
    assert (acting(s), s.phase, s.hand) == ("Cy", Phase.PLACE, "C-2")
    assert s.score == [0, 1, 0]


def test_ruling_10_final_scoring_basic_starts_after_the_last_placer() -> None:
    s = edit(game(3, tiles=["A-1"]))
    s.stack_pos = 35  # one hexagon left after Ana's
    s = through(s)
    assert (acting(s), s.phase) == ("Ben", Phase.PLACE) and s.stack_left == 0
    s = edit(through(s))
    assert (acting(s), s.phase, s.volcano_player) == ("Cy", Phase.SCORING, -1)
    assert view(s).final_scoring
    order = []
    s.treasures = [{"mask": 1}, {"mask": 1}, {"mask": 1}]
    while not s.finished:
        order.append(acting(s))
        s = play(s, "end")
    assert order == ["Cy", "Ana", "Ben"]
    assert s.score == [1, 1, 1] and view(s).winners == (0, 1, 2)  # equal final scores share the win
    out = summary(s)
    assert (out["finished"], out["phase"], out["to_act"], out["ap_left"]) == (True, "finished", None, None)


def test_ruling_10_a_whole_basic_game() -> None:
    s = game(3, seed=11)
    volcanoes = 0
    while s.phase is not Phase.SCORING or s.stack_left or s.hand:
        if s.phase is Phase.SCORING and s.volcano_player == s.to_act and not s.turn_moves:
            volcanoes += 1
        s = through(s)
    assert volcanoes == 3 and s.scoring_round == 4 and all(s.explored)
    assert s.last_placer == CY and acting(s) == "Ana"  # 36 turns: Cy placed the last one
    s = through(through(through(s)))
    assert s.finished and legal_moves(s) == [] and absent_moves(s) == []


def test_ruling_10_final_scoring_auction_by_ascending_score_ties_to_nearer_neighbour() -> None:
    s = edit(game(4, "auction", tiles=["A-1", "A-3", "A-4", "A-6"]))
    s.stack_pos = 36  # this round is the last one
    s.score = [12, 5, 12, 12]
    while s.phase is not Phase.SCORING:
        s = through(s)
    assert s.last_placer == DEE and s.score == [12, 5, 12, 12]  # all passed: nobody paid
    order = []
    while not s.finished:
        order.append(acting(s))
        s = play(s, "end")
    # Ben has the least; the tied ones go by distance clockwise from Dee, Dee itself last
    assert order == ["Ben", "Ana", "Cy", "Dee"]
    assert view(s).winners == (0, 2, 3)


def test_ruling_10_final_scoring_auction_tie_rule_from_another_seat() -> None:
    s = edit(game(3, "auction", tiles=["A-1", "A-3", "A-4"]))
    s.stack_pos = 36
    s.score = [9, 9, 9]
    s = play(s, "pass; bid 1; pass")  # Ben wins the first turn
    s = through(play(s, "pick 1"))
    assert (acting(s), s.phase) == ("Cy", Phase.BID)
    s = through(play(s, "pass; pass"))  # Cy passed first: free turn
    assert (acting(s), s.phase, s.hand) == ("Ana", Phase.PLACE, "A-4")
    s = through(s)
    assert s.last_placer == ANA and s.score == [9, 8, 9]
    order = []
    while not s.finished:
        order.append(acting(s))
        s = play(s, "end")
    assert order == ["Ben", "Cy", "Ana"]


# --- 11. auction --------------------------------------------------------------------------------


def test_ruling_11_bids_beat_the_high_bid_and_stay_within_the_score() -> None:
    s = game(3, "auction")
    assert (acting(s), s.phase, len(s.shown)) == ("Ana", Phase.BID, 3)
    assert summary(s)["ap_left"] is None and summary(s)["phase"] == "bid"
    illegal(s, "bid 21", says=["at most your score (20)", "bid 1–20 or pass"])
    s = play(s, "bid 5")
    illegal(s, "bid 5", says=["beat the high bid (5)", "bid 6–20"])
    assert [str(m) for m in legal_moves(s)] == ["bid 6–20", "pass"]
    illegal(s, "end", says=["must bid or pass"])
    illegal(s, "pick 1", says=["still open"])
    poor = edit(s)
    poor.score[BEN] = 5
    illegal(poor, "bid 6", says=["cannot outbid 5 with a score of 5", "only pass"])
    assert [str(m) for m in legal_moves(poor)] == ["pass"]


def test_ruling_11_a_pass_is_final_and_the_high_bidder_pays_at_once() -> None:
    s = play(game(3, "auction"), "pass; bid 1; bid 2")
    assert acting(s) == "Ben"  # Ana passed: she is skipped
    s = play(s, "bid 3; bid 4; pass")
    assert (acting(s), s.phase, s.score) == ("Cy", Phase.PICK, [20, 20, 16])
    assert summary(s)["phase"] == "pick" and summary(s)["ap_left"] is None


def test_ruling_11_all_pass_first_passer_plays_free() -> None:
    s = play(game(3, "auction"), "bid 3")
    s = play(s, "pass; pass")
    assert (acting(s), s.phase, s.score) == ("Ana", Phase.PICK, [17, 20, 20])
    s = play(game(3, "auction"), "pass; pass; pass")
    assert (acting(s), s.phase, s.score) == ("Ana", Phase.PICK, [20, 20, 20])


def test_ruling_11_pick_counts_only_the_hexagons_still_shown() -> None:
    s = play(game(3, "auction", tiles=["A-1", "A-3", "A-4"]), "pass; pass; pass")
    illegal(s, "pick 4", says=["Only 3 hexagons are shown: pick 1–3"])
    s = play(s, "pick 2")
    assert (s.hand, s.shown, s.phase, s.ap) == ("A-3", ("A-1", "A-4"), Phase.PLACE, 10)
    s = play(s, "place A3 0; end")
    assert (acting(s), s.phase) == ("Ben", Phase.BID)
    s = play(s, "pass; pass; pick 2")
    assert (acting(s), s.hand, s.shown) == ("Ben", "A-4", ("A-1",))
    s = play(s, "place C1 0; end")
    # the last player of the round takes the last hexagon without auction or pick
    assert (acting(s), s.phase, s.hand, s.shown) == ("Cy", Phase.PLACE, "A-1", ())
    s = play(s, "place C2 0; end")
    # a new round opens with the clockwise neighbour of the round's last player
    assert (acting(s), s.phase, s.round, len(s.shown)) == ("Ana", Phase.BID, 2, 3)


def test_ruling_11_no_auction_in_the_basic_game() -> None:
    illegal(game(tiles=["A-1"]), "bid 1", says=["no auction in the basic game"])
    illegal(game(tiles=["A-1"]), "pass", says=["no auction"])
    illegal(play(game(tiles=["A-1"]), "place A3 0"), "pass", says=["`end`"])
    illegal(play(game(tiles=["A-1"]), "place A3 0"), "pick 1", says=["Nothing to pick"])


def test_ruling_11_a_picked_volcano_starts_a_scoring_round_that_is_no_turn() -> None:
    s = play(game(3, "auction", tiles=["A-1", "B-1", "A-3"]), "pass; bid 2; pass; pick 2")
    assert (acting(s), s.phase, s.hand, s.score) == ("Ben", Phase.SCORING, "B-1", [20, 18, 20])
    s = play(s, "end")
    assert acting(s) == "Cy" and s.phase is Phase.SCORING
    s = play(s, "end; end")
    assert (acting(s), s.phase, s.hand) == ("Ben", Phase.PLACE, "B-1")
    s = play(s, "place A3 0; end")
    # Cy and Ana had scoring turns only: Cy, the next clockwise without a turn, opens the auction
    assert (acting(s), s.phase, s.bidders) == ("Cy", Phase.BID, (CY, ANA))


# --- 12. undo -----------------------------------------------------------------------------------


def test_ruling_12_undo_one_action_at_a_time() -> None:
    s = play(game(tiles=["A-1"]), "place A3 0; deploy A1 2; camp B2; undo")
    assert (s.camp[sp("B2")], s.workers[ANA][sp("A1")], s.ap) == (-1, 2, 8)
    s = play(s, "undo; undo")
    assert (s.phase, s.hand) == (Phase.PLACE, "A-1")
    illegal(s, "undo", says=["Nothing to take back"])


# --- 13. hidden information ---------------------------------------------------------------------


def test_ruling_13_views_hide_the_stack_and_the_wafers_on_the_board() -> None:
    s = play(game(2, tiles=["A-2"], wafers=["dagger", "dagger", "serpent", "eagle"], seed=987654321987),
             "place C2 0")
    for viewer in (None, ANA, BEN):
        text = repr(view(s, viewer))
        for tile_id in s.setup.tile_order[s.stack_pos:]:
            assert f"'{tile_id}'" not in text
        for kind in ("dagger", "serpent", "eagle"):
            assert kind not in text
        assert "seed" not in text and "987654321987" not in text
    assert view(s).space("C2").wafers == 4


def test_ruling_13_the_seed_is_drawn_securely() -> None:
    seeds = {new_game(["Ana", "Ben"]).setup.seed for _ in range(3)}
    assert len(seeds) == 3 and all(0 <= x < 2**64 for x in seeds)


# --- 14. absent players -------------------------------------------------------------------------


def test_ruling_14_first_legal_space_lowest_legal_rotation_then_end() -> None:
    s = game(tiles=["A-1", "C-2"])
    assert [str(m) for m in absent_moves(s)] == ["place A3 0", "end"]
    s = edit(game(tiles=["C-2"]))
    lay(s, "A3", "E-3")
    lay(s, "A4", "E-4")
    lay(s, "A5", "G-2")
    lay(s, "B3", "B-1")  # a volcano: B4 touches only stoneless sides of A3 and A4
    assert [str(m) for m in absent_moves(s)] == ["place B4 1", "end"]
    after = s
    for m in absent_moves(s):
        after = apply(after, m)
    assert acting(after) == "Ben" and after.supply[ANA] == 18 and after.tile[sp("B4")] == "C-2"


def test_ruling_14_scoring_turn_is_just_end() -> None:
    s = scoring_game()
    assert [str(m) for m in absent_moves(s)] == ["end"]


def test_ruling_14_auction_pass_and_pick_one() -> None:
    s = game(3, "auction", tiles=["A-1", "A-3", "A-4"])
    assert [str(m) for m in absent_moves(s)] == ["pass"]
    s = play(s, "pass; pass; pass")
    assert [str(m) for m in absent_moves(s)] == ["pick 1", "place A3 0", "end"]
    assert play(s, "pick 1").hand == "A-1"


# --- who may act, and when ----------------------------------------------------------------------


def test_not_your_turn() -> None:
    s = game(tiles=["A-1"])
    with pytest.raises(NotYourTurn, match="It is Ana's turn"):
        apply(s, "place A3 0", player=BEN)
    assert apply(s, "place A3 0", player=ANA).version == 1
    bidding = play(game(3, "auction"), "pass")
    with pytest.raises(NotYourTurn, match="Ben's turn"):
        apply(bidding, "bid 1", player=CY)


def test_stale_state() -> None:
    s = play(game(tiles=["A-1"]), "place A3 0")
    assert s.version == 1
    with pytest.raises(StaleState, match="version 1"):
        apply(s, "deploy A1 1", expected_version=0)
    assert apply(s, "deploy A1 1", expected_version=1).version == 2


def test_game_over() -> None:
    s = edit(game(2, tiles=["A-1"]))
    s.stack_pos = 36
    s = play(s, "place A3 0; end; end; end")
    assert s.finished and s.to_act == -1
    illegal(s, "end", error=GameOver, says=["The game is over"])
    illegal(s, "place A4 0", error=GameOver)
    assert legal_moves(s) == [] and absent_moves(s) == []


# --- the board and the components (rules.md §1–2) ---------------------------------------------


def test_board_neighbours_follow_the_column_offsets() -> None:
    from engine.board import NEIGHBOURS

    def names(space: str) -> list[str | None]:
        from engine import space_name

        return [space_name(n) if n >= 0 else None for n in NEIGHBOURS[sp(space)]]

    # N, NE, SE, S, SW, NW
    assert names("C3") == ["C4", "D4", "D3", "C2", "B3", "B4"]  # even column: half a hex higher
    assert names("B3") == ["B4", "C3", "C2", "B2", "A2", "A3"]  # odd column
    assert names("A1") == ["A2", "B2", "B1", None, None, None]
    assert names("H5") == [None, None, None, "H4", "G4", "G5"]


def test_printed_spaces_and_components() -> None:
    from collections import Counter

    from engine import HEXAGONS
    from engine.tiles import TEMPLE_TILES

    s = game(2)
    assert [s.stones[sp(x)] for x in ("A1", "A2", "B2", "B1")] == [
        (1, 1, 1, 0, 0, 0), (1, 1, 0, 1, 0, 0), (1, 1, 1, 0, 0, 0), (0, 1, 0, 0, 0, 1)]
    assert [s.terrain[sp(x)] for x in ("A1", "A2", "B2", "B1")] == [
        Terrain.BASECAMP, Terrain.TEMPLE, Terrain.JUNGLE, Terrain.TEMPLE]
    assert s.value[sp("A2")] == s.value[sp("B1")] == 1
    kinds = Counter(h.terrain for h in HEXAGONS.values())
    assert kinds == {Terrain.TEMPLE: 15, Terrain.JUNGLE: 10, Terrain.TREASURE: 8, Terrain.VOLCANO: 3}
    assert sum(h.value for h in HEXAGONS.values() if h.terrain is Terrain.TREASURE) == 24
    assert sum(TEMPLE_TILES.values()) == 48
    assert sorted(h.id for h in HEXAGONS.values() if h.terrain is Terrain.VOLCANO) == ["B-1", "D-3", "F-2"]
    assert HEXAGONS["D-4"].rotated(1) == (1, 0, 1, 0, 1, 0)


def test_apply_takes_move_values_and_validate_checks_without_keeping() -> None:
    from engine import Place, is_legal, validate

    s = game(tiles=["A-1"])
    assert apply(s, Place(sp("A3"), 0)) == apply(s, "place a3 0")
    assert validate(s, "place A3 0") == Place(sp("A3"), 0) and s.phase is Phase.PLACE
    assert is_legal(s, Place(sp("A3"), 0)) and not is_legal(s, Place(sp("E5"), 0))


def test_a_clone_copies_every_slot_and_shares_no_changing_list() -> None:
    s = play(game(2, tiles=["A-1"]), "place A3 0; deploy A1 2")
    c = s.clone()
    assert c == s and c.log == s.log
    for name in type(s).__slots__:
        if name in ("_owned", "_prev"):
            continue  # copy-on-write bookkeeping: a clone owns all its lists, and undoes by replaying its turn
        assert getattr(c, name) == getattr(s, name), name
        if isinstance(getattr(s, name), list | dict):
            assert getattr(c, name) is not getattr(s, name) or name == "_paths", name
