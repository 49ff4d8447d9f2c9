"""The Ranger (``rivals/ranger.py``): it knows the options' chances (dice, the next volcano), judges an uncover
over the dice, plays every option legally and decides from the view alone."""

from __future__ import annotations

import random

import pytest

from engine import GameState, GameView, Move, Phase, Uncover, new_game, view
from engine.ai import plan, play_decisions
from engine.tournament import play_game
from rivals import ranger
from rivals.position import rebuild
from tests.engine.engine_builders import sp
from tests.engine.randomplay import random_game, with_other_secrets

RANGER = "rivals/ranger.py:decide"


def test_the_dice_chances() -> None:
    assert ranger.dice_at_most(2, 6)[7] == pytest.approx(21 / 36)
    assert ranger.dice_at_most(3, 6)[3] == pytest.approx(1 / 216)
    assert ranger.dice_at_most(3, 6)[18] == pytest.approx(1.0)
    assert ranger.dice_at_most(1, 20)[10] == pytest.approx(0.5)


def _acting_on_a_temple(options: list[str], value: int, mine: int, theirs: int) -> GameState:
    """Ana's normal turn, her hexagon placed: she has ``mine`` workers on the temple A2, Ben ``theirs``."""
    s = new_game(["Ana", "Ben", "Cy", "Dee"], "basic", 3, options=options).clone()
    s.phase, s.hand, s.ap, s.to_act = Phase.ACTIONS, None, 10, 0
    a2 = sp("A2")
    s.value[a2] = value
    s.workers[0][a2], s.workers[1][a2] = mine, theirs
    s.supply[0] -= mine
    s.supply[1] -= theirs
    return s


def test_an_uncover_is_judged_over_the_dice_not_at_one_roll() -> None:
    s = _acting_on_a_temple(["indiana2d6"], value=8, mine=2, theirs=1)
    game = view(s, 0)
    root = rebuild(game)
    seat = ranger.Seat(0, root, ranger.Outlook.of(game, 0))
    a2 = sp("A2")
    expected, after = ranger.expected_after(root, Uncover(a2, 1), seat)
    hit = after.clone()
    hit.workers[0][a2] -= 1
    hit.removed[0] += 1
    chance = 30 / 36  # 2d6 at most 9, the new value
    assert expected == pytest.approx((1 - chance) * ranger.judge(after, seat) + chance * ranger.judge(hit, seat))
    assert expected < ranger.judge(after, seat)
    without = _acting_on_a_temple([], value=8, mine=2, theirs=1)
    plain = rebuild(view(without, 0))
    plain_seat = ranger.Seat(0, plain, ranger.Outlook.of(view(without, 0), 0))
    value, plain_after = ranger.expected_after(plain, Uncover(a2, 1), plain_seat)
    assert value == ranger.judge(plain_after, plain_seat)


def test_with_noround_a_seat_acts_before_the_next_volcano_only_by_chance() -> None:
    s = random_game(4, "basic", 5, ("noround",))[40]
    game = view(s, s.to_act)
    me = s.to_act
    acts = ranger.Outlook.of(game, me).acts_first
    later = [acts[(me + k) % 4] for k in range(1, 5)]  # the next seats, then the decider itself
    assert all(0.0 <= a <= 1.0 for a in later)
    assert later == sorted(later, reverse=True) and later[-1] < 1.0
    assert ranger.Outlook.of(view(s.clone(), me), me).acts_first == acts
    plain = random_game(4, "basic", 5)[40]
    assert ranger.Outlook.of(view(plain, plain.to_act), plain.to_act).acts_first == (1.0,) * 4


def test_the_ranger_decides_from_the_view_alone() -> None:
    rng = random.Random(3)
    states = random_game(4, "auction", 12, ("indiana", "obstacles", "guns", "noround"))
    tried = 0
    for s in states[::23]:
        if s.finished:
            continue
        twin = with_other_secrets(s, rng)
        assert view(twin, s.to_act) == view(s, s.to_act)
        first = ranger.decide(view(s, s.to_act), 1)
        assert ranger.decide(view(twin, s.to_act), 987) == first
        tried += 1
    assert tried >= 8


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "options"), [
    ("basic", ("noround", "indiana2d6", "obstacles", "guns")),
    ("auction", ("randomterrain", "indiana1d20", "obstacles")),
    ("auction", ("indiana", "guns", "noround")),
])
def test_the_ranger_plays_the_options_legally(variant: str, options: tuple[str, ...]) -> None:
    played: list[str] = []

    def recording(game: GameView, seed: int) -> list[Move]:
        moves = ranger.decide(game, seed)
        played.extend(str(m).split(" ")[0] for m in moves)
        return moves

    def easy(game: GameView, seed: int) -> list[Move]:
        return plan(game, "easy", seed)

    state = new_game(["Ana", "Ben", "Cy", "Dee"], variant, 21, options=options)
    while not state.finished:
        seat = state.to_act
        state, _ = play_decisions(state, recording if seat in (0, 2) else easy, seat, strict=True)
    assert {"place", "uncover", "end"} <= set(played)


def test_a_tournament_takes_the_ranger_as_a_player() -> None:
    scores = play_game(["easy", RANGER], "basic", 4, 4)
    assert len(scores) == 2 and max(scores) > 0
