"""Property tests: random games for 2–4 players in both variants, checked move by move.

Random players come from ``randomplay``; hypothesis draws the seeds (one seed drives both the game's
shuffles and the player's choices), so a failure names the seed that reproduces it.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import (
    HEXAGONS,
    SPACE_NAMES,
    TREASURE_KINDS,
    Declare,
    End,
    EngineError,
    GameOver,
    GameState,
    IllegalMove,
    Jump,
    LegalMove,
    Move,
    NotYourTurn,
    Pass,
    Phase,
    Pick,
    Place,
    StaleState,
    Terrain,
    UnreadableMove,
    absent_moves,
    apply,
    legal_moves,
    legal_placements,
    parse_move,
    read_record,
    record_of,
    replay,
    state_from_json,
    state_to_dict,
    state_to_json,
    view,
)
from engine.state import LEADER_SUPPLY
from tests.engine.randomplay import all_move_texts, mutations, random_game, random_move_text, with_other_secrets

OPTION_WORDS = ("obstacle", "fire", "jump", "score")

CONFIGS = [(n, v) for n in (2, 3, 4) for v in ("basic", "auction")]
SEEDS = st.integers(min_value=0, max_value=2**64 - 1)
FEW = settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SAMPLE_RATE = 0.12
"""Share of a game's states that get the costly checks (every listed move, random moves, views)."""

FIGURES, WAFERS, TEMPLE_TILES = 19, 24, 48
PRINTED_TEMPLE_VALUE = 1  # A2 and B1


def sampled(states: list[GameState], seed: int) -> list[GameState]:
    rng = random.Random(seed ^ 0x5EED)
    return [s for s in states if rng.random() < SAMPLE_RATE] + [states[0], states[-1]]


# ---------------------------------------------------------------------------------------------
# Invariants


def check_invariants(s: GameState) -> None:
    n = len(s.players)
    assert 0 <= s.ap <= 10, s.ap
    assert s.version == len(s.log)
    for p in range(n):
        leader = s.leader[p]
        guards = sum(1 for g in s.guard if g == p)
        crews = 2 * sum(1 for g in s.gun if g == p)
        on_board = sum(s.workers[p]) + (1 if leader >= 0 else 0)
        in_supply = s.supply[p] + (1 if leader == LEADER_SUPPLY else 0)
        assert min(s.workers[p]) >= 0 and s.supply[p] >= 0 and s.removed[p] >= 0
        assert in_supply + on_board + guards + crews + s.removed[p] == FIGURES, (p, in_supply, on_board, guards)
        assert all(s.guard[x] == p for x, g in enumerate(s.gun) if g == p), "a gun stands beside its owner's guard"
        assert guards == 2 - s.guards_left[p] and s.guards_left[p] >= 0
        assert sum(1 for c in s.camp if c == p) == 2 - s.camps_left[p] and s.camps_left[p] >= 0
        if leader >= 0:
            assert s.explored[leader]
        for space, count in enumerate(s.workers[p]):
            if count:
                assert s.explored[space] and s.terrain[space] is not Terrain.VOLCANO
    # wafers: on the board + held + still in the order beyond wafer_pos, 3 of each kind
    wafers: Counter[str] = Counter()
    for kinds in s.wafers:
        wafers.update(kinds)
    for held in s.treasures:
        assert all(c >= 0 for c in held.values())
        wafers.update(held)
    wafers.update(s.setup.treasure_order[s.wafer_pos:])
    assert sum(wafers.values()) == WAFERS
    assert wafers == Counter({k: 3 for k in TREASURE_KINDS})
    # temple tiles: the supply + the tiles on temples (top value − printed value, values never skipped)
    used: Counter[int] = Counter()
    for space in range(len(SPACE_NAMES)):
        if s.terrain[space] is Terrain.TEMPLE:
            tile = s.tile[space]
            printed = HEXAGONS[tile].value if tile else PRINTED_TEMPLE_VALUE
            assert s.value[space] >= printed
            used.update(range(printed + 1, s.value[space] + 1))
    assert all(c >= 0 for c in s.temple_supply.values())
    assert sum(s.temple_supply.values()) + sum(used.values()) == TEMPLE_TILES
    for value, total in {2: 3, 3: 6, 4: 9, 5: 11, 6: 8, 7: 5, 8: 3, 9: 2, 10: 1}.items():
        assert s.temple_supply.get(value, 0) + used[value] == total, value


@pytest.mark.parametrize(("players", "variant"), CONFIGS)
@FEW
@given(seed=SEEDS)
def test_random_games_end_keep_invariants_and_replay(players: int, variant: str, seed: int) -> None:
    states = random_game(players, variant, seed)
    for s in states:
        check_invariants(s)
    final = states[-1]
    assert final.finished and final.phase is Phase.FINISHED
    assert all(s.explored), "the board is full at the end"
    assert final.stack_left == 0 and final.scoring_round == 4
    assert legal_moves(final) == []
    # the record replays to the same state, also after a trip through JSON text
    record = read_record(json.loads(json.dumps(record_of(final))))
    assert replay(record) == final
    k = random.Random(seed).randrange(len(states))
    assert replay(record, upto=k) == states[k]
    # snapshots round-trip and the restored state plays on identically
    for s in random.Random(seed + 1).sample(states, 3):
        restored = state_from_json(state_to_json(s))
        assert restored == s
        assert restored.version == s.version
        assert legal_moves(restored) == legal_moves(s)


# ---------------------------------------------------------------------------------------------
# legal_moves is exact


def covered(move: Move, entries: list[LegalMove], s: GameState) -> bool:
    # seat names are case-insensitive in the notation, and so is an entry's membership test
    return any(move in entry for entry in entries)


def another_options_word(text: str) -> bool:
    """Whether ``text`` uses a word of SPEC 7.0.3 (an option's verb, or ``gun`` after ``guard <hex>``)."""
    words = text.split()
    return words[0] in OPTION_WORDS or (words[0] == "guard" and "gun" in words[2:])


def check_exact(s: GameState, rng: random.Random) -> None:
    entries = legal_moves(s)
    before = state_to_dict(s)
    if s.finished:
        assert entries == []
    else:
        assert any(isinstance(e.move, End | Pass | Place | Pick | Jump | Declare) for e in entries), "someone can go on"
    listed = 0
    for entry in entries:
        assert entry.low <= entry.high
        for move in entry.moves():
            assert parse_move(str(move)) == move
            after = apply(s, move)
            assert after.version == s.version + 1 and after.log[-1] == str(move)
            listed += 1
    assert listed == sum(1 + e.high - e.low for e in entries)
    texts = [random_move_text(s, rng) for _ in range(30)] + list(mutations(entries, rng, 10))
    for text in texts:
        move = parse_move(text)
        try:
            after = apply(s, move)
        except UnreadableMove as e:
            assert another_options_word(text), e
            assert not covered(move, entries, s)
        except IllegalMove as e:
            assert str(e), text
            assert not covered(move, entries, s), f"{text!r} is listed but raised {e}"
            assert not isinstance(e, GameOver) or s.finished
        else:
            assert covered(move, entries, s), f"{text!r} applies but legal_moves does not list it"
            assert after.version == s.version + 1
        assert state_to_dict(s) == before, text
    if not s.finished:
        other = (s.to_act + 1) % len(s.players)
        with pytest.raises(NotYourTurn):
            apply(s, entries[0].move, player=other)
        with pytest.raises(StaleState):
            apply(s, entries[0].move, expected_version=s.version + 1)
    assert state_to_dict(s) == before


def check_exhaustively(s: GameState) -> None:
    """Try every well-formed move within bounds that hold every legal one: exactly the listed ones apply."""
    before = state_to_dict(s)
    listed = {move for entry in legal_moves(s) for move in entry.moves()}
    applied = set()
    for text in all_move_texts(s):
        try:
            apply(s, text)
        except (IllegalMove, UnreadableMove) as e:
            assert str(e), text
        else:
            applied.add(parse_move(text))
    assert applied == listed, (applied - listed, listed - applied)
    assert state_to_dict(s) == before


@pytest.mark.slow
@pytest.mark.parametrize(("players", "variant"), CONFIGS)
@FEW
@given(seed=SEEDS)
def test_legal_moves_are_exact(players: int, variant: str, seed: int) -> None:
    rng = random.Random(seed)
    states = random_game(players, variant, seed)
    some = sampled(states, seed)
    for s in some:
        check_exact(s, rng)
    # trying every move is slow while a hexagon waits (each refusal lists the legal spaces)
    acting = [s for s in some if s.phase is not Phase.PLACE]
    for s in [*rng.sample(acting, min(2, len(acting))), rng.choice(some)]:
        check_exhaustively(s)


def test_a_random_move_after_the_end_is_game_over() -> None:
    final = random_game(2, "basic", 11)[-1]
    rng = random.Random(11)
    for _ in range(20):
        text = random_move_text(final, rng)
        if another_options_word(text):
            continue  # unknown in a game without the option, finished or not
        with pytest.raises(GameOver) as raised:
            apply(final, text)
        assert isinstance(raised.value, EngineError) and "over" in str(raised.value)


# ---------------------------------------------------------------------------------------------
# Views hide the stack order and the wafers' kinds


@pytest.mark.slow
@pytest.mark.parametrize(("players", "variant"), CONFIGS)
@FEW
@given(seed=SEEDS)
def test_views_never_contain_hidden_information(players: int, variant: str, seed: int) -> None:
    rng = random.Random(seed)
    states = random_game(players, variant, seed)
    differed = 0
    for s in sampled(states, seed):
        seen = {seat: view(s, seat) for seat in (None, *range(players))}
        for _ in range(2):
            twin = with_other_secrets(s, rng)
            if state_to_dict(twin) != state_to_dict(s):
                differed += 1
            for seat, expected in seen.items():
                assert view(twin, seat) == expected, (s, seat)
    assert differed, "the secrets were never actually changed"


# ---------------------------------------------------------------------------------------------
# Absent players (ruling 14)


def check_absent(s: GameState) -> None:
    moves = absent_moves(s)
    if s.finished:
        assert moves == []
        return
    assert moves, "an absent seat always has something to do"
    seat = s.to_act
    for move in moves:
        assert s.to_act == seat and not s.finished
        entries = legal_moves(s)
        assert any(move in e for e in entries), move
        if s.phase is Phase.PLACE:
            assert isinstance(move, Place) and (move.space, move.rotation) == min(legal_placements(s))
        elif s.phase is Phase.BID:
            assert move == Pass()
        elif s.phase is Phase.PICK:
            assert move == Pick(1)
        elif s.phase is Phase.DECLARE:
            assert move == Declare(True)
        elif s.phase is Phase.JUMP:
            assert move == Jump(min(5, s.chips[seat]))
        else:
            assert move == End()
        s = apply(s, move)
    assert s.finished or s.to_act != seat, "the moves end the seat's obligation"


@pytest.mark.parametrize(("players", "variant"), CONFIGS)
@FEW
@given(seed=SEEDS)
def test_absent_moves_take_the_seat_through_its_obligation(players: int, variant: str, seed: int) -> None:
    states = random_game(players, variant, seed)
    for s in sampled(states, seed):
        check_absent(s)
