"""Computer players with the options and in Tikal Rápido (docs/rules.md §7): they rebuild the hidden parts
(rolls to come, random terrain's stack, jump choices not yet revealed) from a view alone, play every
option legally, and decide declarations and jumps sensibly."""

from __future__ import annotations

import random

import pytest

from engine import (
    Declare,
    GameState,
    Jump,
    Phase,
    Stage,
    Uncover,
    Undo,
    apply,
    legal_moves,
    new_game,
    state_to_dict,
    view,
)
from engine.__main__ import main
from engine.ai import LEVELS, computer_turn, plan
from engine.ai.dice import at_most, expected_uncover, hits, never_hit
from engine.ai.evaluate import STRONG, acts_first, judge, make_context, random_terrain_urgency
from engine.ai.sample import determinize
from tests.engine.engine_builders import edit, play, stand
from tests.engine.randomplay import random_game, with_other_secrets
from tests.engine.test_ai import play_plan

GAMES = [
    (3, "basic", ("indiana", "obstacles", "guns")),
    (4, "auction", ("randomterrain", "noround", "indiana2d6")),
    (3, "rapido", ("obstacles", "indiana1d20")),
    (2, "rapido", ("guns", "noround")),
]


def states_of(players: int, variant: str, options: tuple[str, ...], seed: int) -> list[GameState]:
    return [s for s in random_game(players, variant, seed, options)[::5] if not s.finished]


@pytest.mark.parametrize(("players", "variant", "options"), GAMES)
def test_a_determinized_state_shows_the_same_view_and_moves_with_options(
    players: int, variant: str, options: tuple[str, ...]
) -> None:
    phases = set()
    for s in states_of(players, variant, options, 7):
        seat = s.to_act
        seen = view(s, seat)
        rebuilt = determinize(seen, random.Random(1))
        assert view(rebuilt, seat) == seen
        assert [str(e) for e in legal_moves(rebuilt)] == [str(e) for e in legal_moves(s)
                                                          if not isinstance(e.move, Undo)]
        phases.add(s.phase)
    assert Phase.ACTIONS in phases


def test_the_sample_depends_on_the_view_alone_with_options() -> None:
    for players, variant, options in GAMES:
        for s in states_of(players, variant, options, 11)[::6]:
            twin = with_other_secrets(s, random.Random(2))
            one = determinize(view(s, s.to_act), random.Random(4))
            other = determinize(view(twin, s.to_act), random.Random(4))
            assert state_to_dict(one) == state_to_dict(other)


def test_hidden_jump_choices_and_rolls_are_sampled_not_copied() -> None:
    s = new_game(["Ana", "Ben", "Cy"], "rapido", 3, options=["indiana"])
    while s.phase is not Phase.JUMP:
        s = apply(s, legal_moves(s)[-1].move if s.phase is Phase.BID else legal_moves(s)[0].move)
    s = apply(s, "jump 5")
    seen = view(s, s.to_act)
    samples = {determinize(seen, random.Random(k)).jump for k in range(12)}
    assert len(samples) > 1 and all(j[s.chosen[0]] in range(1, 6) for j in samples)
    rolls = {determinize(seen, random.Random(k)).setup.rolls for k in range(5)}
    assert len(rolls) > 1 and all(len(r) == 48 and all(3 <= x <= 18 for x in r) for r in rolls)


@pytest.mark.slow
@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("players", "variant", "options"), GAMES)
def test_every_level_plays_every_option_legally(
    level: str, players: int, variant: str, options: tuple[str, ...]
) -> None:
    s = new_game(["Ana", "Ben", "Cy", "Dee"][:players], variant, 5, options=options)
    seen_phases = set()
    for _ in range(60 if level == "strong" else 400):
        if s.finished:
            break
        seen_phases.add(s.phase)
        if level == "random":
            s = play_plan(s, plan(view(s, s.to_act), level, 1), level)
        else:
            s = computer_turn(s, level, 1, strict=True)[0]
    if variant == "rapido":
        assert Phase.JUMP in seen_phases


def test_the_strong_player_declares_a_volcano_scoring_only_when_it_gains_as_much_as_its_best_rival() -> None:
    s = new_game(["Ana", "Ben"], "auction", 1, options=["randomterrain"])
    s = s.clone()
    s.phase, s.hand, s.to_act = Phase.DECLARE, "B-1", 0
    s.workers[1][1] = 2  # Ben holds the temple A2: scoring now helps Ben
    assert plan(view(s, 0), "strong", 1) == [Declare(False)]
    assert plan(view(s, 0), "easy", 1) == [Declare(True)]
    s.workers[0][5] = 1  # Ana holds B1 now too: equal
    assert plan(view(s, 0), "strong", 1) == [Declare(True)]


def test_jumps_and_slots_are_single_legal_moves() -> None:
    s = new_game(["Ana", "Ben", "Cy"], "rapido", 9)
    for _ in range(400):
        if s.stage is Stage.JUMPS:
            break
        s, _ = computer_turn(s, "easy", 1, strict=True)
    assert s.phase is Phase.JUMP
    moves = plan(view(s, s.to_act), "strong", 1)
    assert len(moves) == 1 and isinstance(moves[0], Jump) and 1 <= moves[0].count <= 5
    while s.phase is Phase.JUMP:
        s, _ = computer_turn(s, "strong", 1, strict=True)
    assert s.phase is Phase.ACTIONS and s.stage is Stage.JUMPS
    moves = plan(view(s, s.to_act), "strong", 1)
    assert len(moves) == 1
    assert apply(s, moves[0]).to_act != s.to_act or apply(s, moves[0]).phase is not Phase.ACTIONS


def test_random_terrain_urgency() -> None:
    assert random_terrain_urgency(20, 0, 4) == 0.0
    assert random_terrain_urgency(4, 1, 4) == 1.0
    assert 0.0 < random_terrain_urgency(20, 1, 4) < 0.25


def test_the_tournament_command_takes_a_variant_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--games", "1", "--players", "random,random,easy", "--variant", "rapido",
                 "--options", "guns,indiana", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "(rapido with indiana, guns)" in out and "win rate" in out
    assert main(["tournament", "--games", "1", "--players", "easy,random", "--options", "randomterrain"]) == 2
    assert "needs the auction variant" in capsys.readouterr().err


def test_with_indiana_a_plan_stops_after_its_first_uncover() -> None:
    s = play(new_game(["Ana", "Ben"], "basic", 1, options=["indiana1d20"], tile_order=["A-1"]), "place A3 0")
    s = stand(edit(s), 0, "A2", 4, leader=True)
    for level in ("easy", "strong"):
        moves = plan(view(s, 0), level, 1)
        uncovers = [i for i, m in enumerate(moves) if str(m).startswith("uncover")]
        assert not uncovers or uncovers[0] == len(moves) - 1, [str(m) for m in moves]
    seen = set()
    for seed in range(12):  # whatever the rolls, the seat's turn is played strictly to its end
        t = new_game(["Ana", "Ben"], "basic", seed, options=["indiana1d20"], tile_order=["A-1"])
        t = stand(edit(play(t, "place A3 0")), 0, "A2", 4, leader=True)
        after, moves = computer_turn(t, "strong", seed, strict=True)
        seen.update(str(m).split()[0] for m in moves)
        assert after.to_act == 1
    assert "uncover" in seen


def test_the_strong_player_mounts_a_gun_where_it_may_and_builds_obstacles_by_its_temples() -> None:
    s = play(new_game(["Ana", "Ben"], "basic", 1, options=["guns", "obstacles"], tile_order=["A-1", "C-2"]),
             "place A3 0")
    s = stand(stand(stand(edit(s), 0, "A2", 4), 1, "A2", 1), 0, "A1", 0, leader=True)
    moves = [str(m) for m in plan(view(s, 0), "strong", 1)]
    assert "guard A2 gun" in moves, moves
    t = play(new_game(["Ana", "Ben"], "basic", 1, options=["obstacles"], tile_order=["A-1", "C-2"]), "place A3 0")
    t = stand(stand(edit(t), 0, "A2", 2, leader=True), 0, "A1", 2)
    # a temple of 8 held by the leader, dug as deep as this turn allows (the view shows the turn's uncover)
    t.ap, t.value[1], t.uncovered, t.turn_moves = 4, 8, {1: 2}, ("uncover A2 2",)
    assert any(str(m).startswith("obstacle") for m in plan(view(t, 0), "strong", 1))


def test_the_dice_chances_and_the_hits_they_make() -> None:
    assert at_most(2, 6)[7] == pytest.approx(21 / 36)
    assert at_most(3, 6)[18] == pytest.approx(1.0) and at_most(3, 6)[2] == 0.0
    assert at_most(1, 20)[10] == pytest.approx(0.5)
    assert hits([0.5, 0.5]) == pytest.approx([0.25, 0.5, 0.25])


def test_the_strong_player_judges_an_uncover_over_the_dice_not_at_the_roll_it_imagines() -> None:
    """A temple of 8 held 2 : 1: with 2d6 the next level (9) takes a worker 30 times in 36, and the majority
    with it. The search judges the uncover as that mean, and its sampled state never hits."""
    s = play(new_game(["Ana", "Ben"], "basic", 1, options=["indiana2d6"], tile_order=["A-1"]), "place A3 0")
    s = stand(stand(edit(s), 0, "A2", 2), 1, "A2", 1)
    s.value[1] = 8
    seen = view(s, 0)
    state = determinize(seen, random.Random(1))
    never_hit(state, seen)
    ctx = make_context(seen, state, 0, STRONG)
    ctx.at_most = at_most(2, 6)
    move = Uncover(1, 1)
    after = apply(state, move)
    assert after.workers[0][1] == 2  # the imagined roll missed
    hit = edit(after)
    hit.workers[0][1] -= 1
    hit.removed[0] += 1
    value = judge(after, ctx)
    expected = expected_uncover(state, move, after, ctx, value)
    assert expected == pytest.approx(6 / 36 * value + 30 / 36 * judge(hit, ctx))
    assert expected < value
    for seed in range(6):  # whatever rolls it imagines, it does not risk the majority for one level
        assert not any(isinstance(m, Uncover) and m.space == 1 for m in plan(seen, "strong", seed))


def test_with_noround_a_seat_plays_before_the_next_volcano_by_the_stacks_chance() -> None:
    states = random_game(4, "basic", 61, ("noround",))
    on_b = next(s for s in states if s.phase is Phase.ACTIONS and s.stack_left > 4
                and s.setup.tile_order[s.stack_pos][0] == "B" and "B-1" in s.setup.tile_order[s.stack_pos:])
    me = on_b.to_act
    seen = view(on_b, me)
    count = dict(seen.stack_by_letter)["B"]
    acts = acts_first(seen, me)
    assert acts is not None
    for k in range(1, 5):  # the k-th seat from me begins its turn with the k-th draw; me with the 4th
        assert acts[(me + k) % 4] == pytest.approx(1 - min(k, count) / count)
    assert acts_first(view(random_game(4, "basic", 61)[len(states) // 2], 0), 0) is None
