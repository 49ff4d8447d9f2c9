"""docs/rules.md §7.5: random terrain and sudden death (auction games only)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine import (
    GameState,
    InvalidRecord,
    Phase,
    absent_moves,
    apply,
    legal_moves,
    new_game,
    read_record,
    summary,
    view,
)
from engine.options import volcano_entries
from engine.randomterrain import NON_VOLCANOES
from tests.engine.engine_builders import acting, game, illegal, play

FILLER = [t for t in NON_VOLCANOES if t[0] in "ABCDEFG"]


def until(s: GameState, done: Callable[[GameState], bool]) -> GameState:
    """Play absent players' moves one at a time until ``done``."""
    while not done(s):
        s = apply(s, absent_moves(s)[0])
    return s


def terrain(players: int, order: list[str], options: tuple[str, ...] = ()) -> GameState:
    return game(players, "auction", tiles=order, options=("randomterrain", *options))


@pytest.mark.parametrize(("players", "entries"), [(2, (8, 16, 24)), (3, (9, 18, 24)), (4, (8, 16, 24))])
def test_7_5_1_volcanoes_enter_after_n_times_ceil_8k_over_n_draws(players: int, entries: tuple[int, ...]) -> None:
    assert volcano_entries(players) == entries
    s = terrain(players, [])
    order = s.setup.tile_order
    assert sorted(order) == sorted([*NON_VOLCANOES, "B-1", "D-3", "F-2"])
    for volcano, at in zip(("B-1", "D-3", "F-2"), entries, strict=True):
        assert order.index(volcano) >= at


def test_7_5_2_a_volcano_named_before_it_can_be_drawn_is_exit_2() -> None:
    record = {"players": ["Ana", "Ben"], "variant": "auction", "seed": 1, "options": ["randomterrain"],
              "moves": [], "tile_order": [*FILLER[:7], "B-1"]}
    with pytest.raises(InvalidRecord, match="only after 8 hexagons"):
        read_record(record)
    assert read_record({**record, "tile_order": [*FILLER[:8], "B-1"]}).start().setup.tile_order[8] == "B-1"
    with pytest.raises(InvalidRecord, match="only after 24"):
        new_game(["Ana", "Ben", "Cy"], "auction", 1, options=["randomterrain"], tile_order=[*FILLER[:23], "F-2"])
    # without random terrain the same order is fine
    new_game(["Ana", "Ben"], "auction", 1, tile_order=[*FILLER[:7], "B-1"])


def test_7_5_2_the_seed_completes_a_partial_order_the_same_way_every_time() -> None:
    a = terrain(3, FILLER[:5]).setup.tile_order
    assert a == terrain(3, FILLER[:5]).setup.tile_order and list(a[:5]) == FILLER[:5]


def test_7_5_3_the_view_shows_no_letters_only_the_stack_size_and_volcanoes_added() -> None:
    s = terrain(4, [])
    v = view(s)
    assert v.stack_by_letter == () and v.stack_left == 33 - 4 and v.volcanoes_added == 0
    assert summary(s)["stack_left"] == 29 and summary(s)["volcanoes_added"] == 0
    s = until(s, lambda x: x.round == 3)
    assert s.stack_pos == 12 and view(s).volcanoes_added == 1 and view(s).stack_left == 33 + 1 - 12
    assert view(s).volcanoes_to_come == 1 - sum(1 for t in s.setup.tile_order[:12] if t == "B-1")


def two_volcano_display(options: tuple[str, ...] = ()) -> GameState:
    """2 players; round 9 shows B-1 and D-3; Ana passes first and so takes a volcano for free."""
    s = terrain(2, [*FILLER[:16], "B-1", "D-3"], options)
    s = until(s, lambda x: x.round == 9 and x.phase is Phase.PICK)
    assert s.shown == ("B-1", "D-3") and s.display_volcanoes == 2
    return s


def test_7_5_4_a_volcano_from_a_display_of_two_is_declared() -> None:
    s = play(two_volcano_display(), "pick 1")
    assert s.phase is Phase.DECLARE and s.hand == "B-1" and view(s).ap_left is None
    assert summary(s)["phase"] == "declare" and summary(s)["ap_left"] is None
    assert [str(e.move) for e in legal_moves(s)] == ["score yes", "score no"]
    illegal(s, "end", says=["score yes", "score no"])
    illegal(s, "undo", says=["cannot be taken back"])


def test_7_5_4_score_no_skips_the_round_and_the_next_volcano_must_score() -> None:
    s = play(two_volcano_display(), "pick 1; score no")
    taker = acting(s)
    assert s.phase is Phase.PLACE and s.declared_no and s.scoring_round == 0 and s.ap == 10
    s = play(apply(s, absent_moves(s)[0]), "end")
    assert s.phase is Phase.SCORING and s.hand == "D-3" and acting(s) != taker  # left over, no declaration
    illegal(s, "score yes", says=["Nothing to declare now"])


def test_7_5_4_after_score_yes_the_next_volcano_is_declared_too() -> None:
    s = play(two_volcano_display(), "pick 1; score yes")
    assert s.phase is Phase.SCORING and s.scoring_round == 1
    s = until(s, lambda x: x.phase is Phase.DECLARE)
    assert s.hand == "D-3" and s.scoring_round == 1


def third_volcano(options: tuple[str, ...] = ()) -> GameState:
    order = [*FILLER[:16], "B-1", FILLER[16], "D-3", *FILLER[17:22], "F-2"]
    s = terrain(2, order, options)
    return until(s, lambda x: x.volcanoes_taken == 3)


def test_7_5_5_the_third_volcano_scores_then_its_placement_ends_the_game() -> None:
    s = third_volcano()
    assert s.phase is Phase.SCORING and s.final_placement and s.hand == "F-2"
    s = until(s, lambda x: x.phase is Phase.PLACE)
    assert s.scoring_round == 3 and summary(s)["ap_left"] == 10 and view(s).final_placement
    illegal(s, "end", says=["Place your hexagon first"])
    illegal(s, "undo", says=["Nothing to take back"])
    s = apply(s, absent_moves(s)[0])
    assert s.finished and s.scoring_round == 3 and s.stack_left > 0 and not all(s.explored)
    assert summary(s)["phase"] == "finished" and summary(s)["ap_left"] is None


def test_7_5_5_with_noround_everyone_scores_then_the_placement_ends_the_game() -> None:
    s = third_volcano(("noround",))
    assert s.phase is Phase.PLACE and s.scoring_round == 3 and s.final_placement
    s = apply(s, absent_moves(s)[0])
    assert s.finished


def test_7_5_absent_players_declare_yes() -> None:
    s = play(two_volcano_display(), "pick 1")
    assert str(absent_moves(s)[0]) == "score yes"
