"""Computer players: legal, repeatable, blind to hidden information, and the strong one wins.

Positions come from seeded random games (``randomplay``) as well as from games the computer players
play themselves, so odd positions (half-spent turns, auctions, scoring rounds) are covered too.
"""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from engine import (
    SPACE_NAMES,
    TREASURE_KINDS,
    Bid,
    End,
    GameState,
    GameView,
    Move,
    Pass,
    Phase,
    Pick,
    Recover,
    Undo,
    apply,
    legal_moves,
    new_game,
    state_to_dict,
    view,
)
from engine.__main__ import main
from engine.ai import LEVELS, choose_move, computer_turn, plan
from engine.ai.evaluate import volcano_urgency
from engine.ai.sample import determinize, unseen_tiles
from engine.command_line import parse_computers
from engine.console import Console
from engine.tiles import HEXAGONS, Terrain
from engine.tournament import run_tournament, wilson
from tests.engine.randomplay import random_game, with_other_secrets

ROOT = Path(__file__).resolve().parent.parent.parent


def sampled_states(players: int, variant: str, seed: int, every: int) -> list[GameState]:
    states = random_game(players, variant, seed)
    return [s for s in states[::every] if not s.finished]


def play_plan(state: GameState, moves: list[Move], level: str = "strong") -> GameState:
    """Apply a computer player's moves strictly: each must be legal for the seat to act. The random level
    plays one move at a time; the others plan to the end of the turn, the bid or the pick, or a recover."""
    seat = state.to_act
    assert moves, "a computer player always has something to do while the game runs"
    for i, move in enumerate(moves):
        assert state.to_act == seat and not state.finished, (moves, i)
        assert not isinstance(move, Undo)
        assert any(move in entry for entry in legal_moves(state)), (str(move), [str(m) for m in moves])
        state = apply(state, move, player=seat)
    if level == "random":
        assert len(moves) == 1
    else:
        assert isinstance(moves[-1], Recover | End | Bid | Pass | Pick), [str(m) for m in moves]
    return state


# ---------------------------------------------------------------------------------------------
# Determinization: a playable state from a view


@pytest.mark.parametrize(("players", "variant", "seed"), [(2, "basic", 1), (3, "auction", 2), (4, "auction", 3)])
def test_a_determinized_state_shows_the_same_view_and_the_same_moves(players: int, variant: str, seed: int) -> None:
    checked = 0
    for s in sampled_states(players, variant, seed, every=7):
        seat = s.to_act
        seen = view(s, seat)
        rebuilt = determinize(seen, random.Random(seed))
        assert view(rebuilt, seat) == seen
        assert [str(e) for e in legal_moves(rebuilt)] == [
            str(e) for e in legal_moves(s) if not isinstance(e.move, Undo)]
        checked += 1
    assert checked > 20


def test_sampled_secrets_come_from_the_unseen_not_from_the_true_order() -> None:
    s = sampled_states(4, "basic", 5, every=1)[30]
    seen = view(s, s.to_act)
    true_stack = s.setup.tile_order[s.stack_pos:]
    stacks = set()
    for k in range(12):
        rebuilt = determinize(seen, random.Random(k))
        stack = rebuilt.setup.tile_order[rebuilt.stack_pos:]
        assert sorted(stack) == sorted(unseen_tiles(seen)) == sorted(true_stack)
        assert [t[0] for t in stack] == [t[0] for t in true_stack], "each letter keeps its place in the stack"
        assert Counter(rebuilt.setup.treasure_order) == Counter({k: 3 for k in TREASURE_KINDS})
        for space in range(len(SPACE_NAMES)):
            assert len(rebuilt.wafers[space]) == len(s.wafers[space])
        stacks.add(stack)
    assert len(stacks) > 1, "the stack is sampled, not copied"
    twin = with_other_secrets(s, random.Random(9))
    assert view(twin, s.to_act) == seen
    one, other = determinize(seen, random.Random(3)), determinize(view(twin, s.to_act), random.Random(3))
    assert state_to_dict(one) == state_to_dict(other), "the sample depends on the view alone"


def test_the_next_volcano_is_judged_from_the_stacks_letters() -> None:
    assert volcano_urgency(view(new_game(["Ana", "Ben"], "basic", seed=1), 0)) == 0.0, "no volcano among the A's"
    states = random_game(3, "basic", 61)
    on_b = next(s for s in states if s.stack_left and s.setup.tile_order[s.stack_pos][0] == "B"
                and "B-1" in s.setup.tile_order[s.stack_pos:])
    v = view(on_b, on_b.to_act)
    letter, count = v.stack_by_letter[0]
    assert letter == "B" and volcano_urgency(v) == pytest.approx(min(2, count) / count)
    after = next(s for s in states if s.stack_left and s.setup.tile_order[s.stack_pos][0] == "C")
    assert volcano_urgency(view(after, after.to_act)) == 0.0, "the next volcano is below every C"


# ---------------------------------------------------------------------------------------------
# Legality


@pytest.mark.slow
@pytest.mark.parametrize("level", ["easy", "strong"])
def test_plans_from_random_positions_are_legal(level: str) -> None:
    positions = [*sampled_states(2, "basic", 11, every=9), *sampled_states(4, "auction", 12, every=9),
                 *sampled_states(3, "basic", 13, every=11)]
    step = 1 if level == "easy" else 3
    for i, s in enumerate(positions[::step]):
        play_plan(s, plan(view(s, s.to_act), level, seed=i), level)
    assert len(positions[::step]) > 30


@pytest.mark.parametrize(("levels", "variant", "seed"), [
    (("easy", "easy", "random", "easy"), "auction", 21),
    (("easy", "random", "easy"), "basic", 22),
])
@pytest.mark.slow
def test_whole_games_of_computer_turns_are_legal(levels: tuple[str, ...], variant: str, seed: int) -> None:
    state = new_game([f"P{i + 1}" for i in range(len(levels))], variant, seed=seed)
    turns = 0
    while not state.finished:
        seat = state.to_act
        while not state.finished and state.to_act == seat:
            state = play_plan(state, plan(view(state, seat), levels[seat], seed=turns), levels[seat])
        turns += 1
        assert turns < 2000
    assert turns > 40 and state.finished


# ---------------------------------------------------------------------------------------------
# Determinism and hidden information


def _decisions(s: GameState, seed: int) -> list[list[str]]:
    return [[str(m) for m in plan(view(s, s.to_act), level, seed)] for level in LEVELS]


@pytest.mark.slow
def test_the_same_view_and_seed_give_the_same_moves() -> None:
    for s in sampled_states(3, "auction", 31, every=25):
        first = _decisions(s, 7)
        again = _decisions(s.clone(), 7)
        assert first == again
        assert choose_move(view(s, s.to_act), "strong", 7) == plan(view(s, s.to_act), "strong", 7)[0]


@pytest.mark.slow
def test_decisions_do_not_depend_on_hidden_information() -> None:
    rng = random.Random(41)
    compared = 0
    for s in sampled_states(4, "basic", 41, every=30) + sampled_states(2, "auction", 42, every=30):
        twin = with_other_secrets(s, rng)
        assert state_to_dict(twin) != state_to_dict(s) or not s.stack_left
        assert view(twin, s.to_act) == view(s, s.to_act)
        assert _decisions(twin, 3) == _decisions(s, 3)
        # The driver too: its first plan cannot tell the twins apart (later ones see revealed wafers).
        _, played = computer_turn(s, "easy", 3)
        _, played_twin = computer_turn(twin, "easy", 3)
        first = plan(view(s, s.to_act), "easy", 3)
        assert played[: len(first)] == played_twin[: len(first)] == first
        compared += 1
    assert compared >= 8


def test_views_carry_the_public_flow_fields_a_computer_player_needs() -> None:
    states = random_game(3, "auction", 51)
    scoring = next(s for s in states if s.phase is Phase.SCORING and s.volcano_player >= 0)
    v: GameView = view(scoring, None)
    assert v.volcano_player == scoring.volcano_player and v.scoring_queue == scoring.scoring_queue
    bidding = next(s for s in states if s.phase is Phase.BID and s.first_passer >= 0)
    assert view(bidding, None).first_passer == bidding.first_passer


# ---------------------------------------------------------------------------------------------
# Tournaments, the console and the command line


def test_wilson_interval() -> None:
    low, high = wilson(5, 10)
    assert round(low, 4) == 0.2366 and round(high, 4) == 0.7634
    assert wilson(0, 10)[0] == 0.0 and round(wilson(0, 10)[1], 4) == 0.2775
    assert wilson(10, 10)[1] == pytest.approx(1.0) and wilson(10, 10)[0] > 0.69


@pytest.mark.slow
def test_a_small_seeded_tournament_strong_beats_random() -> None:
    # Tournaments apply computer moves strictly, so this also plays whole games of strong turns for legality.
    result = run_tournament(["strong", "random"], games=1, variants=["basic"], seed=3)
    strong, rand = result.tallies["strong"], result.tallies["random"]
    assert strong.games == rand.games == 1
    assert strong.wins == 1 and rand.wins == 0
    assert strong.average > rand.average + 20
    assert all(scores[0] > scores[1] for scores in result.scores)


def test_the_console_plays_computer_seats() -> None:
    console = Console.start(["Ana", "Ben"], "basic", seed=4, computers={1: "easy"})
    assert "computer, easy" in console.intro()
    lines, seen = 0, ""
    while not console.finished:
        assert console.state.to_act == 0
        entries = legal_moves(console.state)
        entry = entries[0] if console.state.phase is Phase.PLACE else next(e for e in entries if str(e.move) == "end")
        out = console.handle(str(entry.move))
        assert out.startswith("✓"), out
        seen += out
        lines += 1
        assert lines < 200
    assert "🤖 Ben (easy)" in seen and "The game is over" in seen
    assert parse_computers("2=strong, 3=easy") == {1: "strong", 2: "easy"}
    with pytest.raises(ValueError):
        parse_computers("2=grandmaster")


def test_a_computer_that_acts_first_plays_in_the_intro() -> None:
    console = Console.start(["Ana", "Ben"], "auction", seed=6, computers={0: "random"})
    assert "🤖 Ana (random)" in console.intro()
    assert console.state.to_act == 1


def test_the_tournament_command_prints_win_rates(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--games", "1", "--players", "easy,random", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "win rate" in out and "95% interval" in out
    assert out.count("\nall      easy ") == 1 and out.count("\nall      random ") == 1
    assert main(["tournament", "--games", "1", "--players", "easy,grandmaster"]) == 2


def test_the_console_command_takes_computer_seats() -> None:
    run = subprocess.run([sys.executable, "-m", "engine", "console", "--players", "Ana,Ben", "--variant", "basic",
                          "--seed", "1", "--computer", "1=easy,2=easy"],
                         cwd=ROOT, input="", capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "The game is over" in run.stdout and "🤖 Ana (easy)" in run.stdout


# ---------------------------------------------------------------------------------------------
# Two-player auctions
def _lone_volcano_shown(s: GameState) -> bool:
    return len(s.shown) == 2 and sum(HEXAGONS[t].terrain is Terrain.VOLCANO for t in s.shown) == 1


def _duel_auction_states(phase: Phase) -> list[GameState]:
    found = []
    for seed in range(1, 9):
        found += [s for s in random_game(2, "auction", seed) if s.phase is phase and _lone_volcano_shown(s)][:1]
    return found


def test_two_players_the_strong_player_leaves_a_lone_volcano_to_the_other() -> None:
    # It scores this round whoever takes it; whoever leaves it plays a normal turn before the scoring.
    picks = _duel_auction_states(Phase.PICK)
    assert len(picks) >= 6
    for s in picks:
        [pick] = plan(view(s, s.to_act), "strong", 5)
        assert isinstance(pick, Pick)
        assert HEXAGONS[s.shown[pick.index - 1]].terrain is not Terrain.VOLCANO, (s.shown, s.score)


def test_two_players_the_strong_first_bidder_passes_unless_going_first_is_worth_points() -> None:
    # Two ordinary hexagons at the start: the opponent must pay to go first, or the first bidder plays for free.
    for seed in range(1, 5):
        s = new_game(["Ana", "Ben"], "auction", seed=seed)
        assert s.phase is Phase.BID and s.high_bid == 0 and not any(s.passed)
        assert plan(view(s, s.to_act), "strong", 5) == [Pass()]
    # A lone volcano shown: leaving it is a turn before the scoring, worth a bid even for the first bidder.
    firsts = [s for s in _duel_auction_states(Phase.BID) if not any(s.passed) and s.high_bid == 0
              and s.score[s.to_act] >= 1]
    assert firsts
    for s in firsts:
        assert plan(view(s, s.to_act), "strong", 5) == [Bid(1)], (s.shown, s.score)


# ---------------------------------------------------------------------------------------------
# Three or four players: auctions and scoring turns


def _four_player_auction_states(phase: Phase) -> list[GameState]:
    found = []
    for seed in range(1, 4):
        found += [s for s in random_game(4, "auction", seed) if s.phase is phase][:3]
    return found


def test_a_strong_pick_plans_the_turn_that_follows_unless_it_starts_a_scoring_round() -> None:
    picks = _four_player_auction_states(Phase.PICK)
    assert len(picks) >= 6
    for s in picks:
        moves = plan(view(s, s.to_act), "strong", 3)
        assert isinstance(moves[0], Pick)
        tile = s.shown[moves[0].index - 1]
        if HEXAGONS[tile].terrain is Terrain.VOLCANO:
            assert moves == [moves[0]]
            continue
        after = play_plan(s, moves)  # the pick, the placement and the actions, each legal in turn
        assert after.phase is not Phase.PICK and len(moves) >= 2


def test_a_strong_scoring_turn_with_four_players_is_legal_and_repeatable() -> None:
    scorings = [s for seed in (4, 5) for s in random_game(4, "basic", seed) if s.phase is Phase.SCORING][:6]
    assert scorings
    for s in scorings:
        seen = view(s, s.to_act)
        moves = plan(seen, "strong", 2)
        assert moves == plan(seen, "strong", 2)
        play_plan(s, moves)
