"""Copy-on-write and the quick undo: a state ``apply`` returns shares the lists and dicts the move
did not change with the state it came from, and ``undo`` returns the state before the action instead of
replaying the turn. Neither may show: no state changes once made, whatever is applied to it or to the states
after it, and an undo gives exactly what replaying the turn from its start gives (every variant and option)."""

from __future__ import annotations

import random

import pytest

from engine import GameState, Phase, Undo, apply, legal_moves, new_game, state_from_json, state_to_dict, state_to_json
from engine.state import _COMPARED
from tests.engine.randomplay import play
from tests.engine.test_option_properties import COMBOS, sweep


def fingerprint(s: GameState) -> str:
    """Every field as text (the states a state refers to, such as ``undo_base``, are fingerprinted on their own)."""
    return "|".join(repr(getattr(s, name)) for name in _COMPARED)


def check_undo(s: GameState, snapshot: bool) -> None:
    """The quick undo equals the undo that replays the turn (a clone, or a state read from a snapshot, keeps no
    earlier states)."""
    quick = apply(s, Undo())
    replayed = apply(s.clone(), Undo())
    assert quick == replayed
    assert state_to_dict(quick) == state_to_dict(replayed)
    if snapshot:
        restored = apply(state_from_json(state_to_json(s)), Undo())
        assert state_to_dict(restored) == state_to_dict(quick)


def branch(s: GameState, rng: random.Random) -> None:
    """Apply every listed move to ``s``, and a second move after some of them."""
    for entry in legal_moves(s):
        child = apply(s, entry.move)
        if rng.random() < 0.3 and not child.finished:
            apply(child, rng.choice(legal_moves(child)).move)


@pytest.mark.parametrize(("variant", "options"), sweep(COMBOS))
def test_no_state_changes_once_made_and_undo_is_exact(variant: str, options: tuple[str, ...]) -> None:
    seed = 7 + sum(map(ord, variant + "".join(options)))
    players = 2 + seed % 3
    rng = random.Random(seed)
    first = new_game(["Ana", "Ben", "Cy", "Dee"][:players], variant, seed=seed, options=options)
    made = [(first, fingerprint(first))]
    undos = 0
    for before, _, after in play(first, rng):
        made.append((after, fingerprint(after)))
        if before.undo_moves and before.phase in (Phase.ACTIONS, Phase.SCORING, Phase.PLACE):
            check_undo(before, snapshot=undos % 8 == 0)
            undos += 1
        if rng.random() < 0.08:
            branch(after, rng)
    assert undos > 0
    for s, seen in made:
        assert fingerprint(s) == seen, f"state v{s.version} changed after it was made"


def test_a_fork_shares_until_the_rules_change_a_container() -> None:
    s = new_game(["Ana", "Ben"], "basic", seed=3, tile_order=["A-1"])
    s = apply(s, "place A3 0")
    after = apply(s, "deploy A1 2")
    assert after.explored is s.explored and after.camp is s.camp, "untouched lists are shared"
    assert after.workers is not s.workers and after.workers[1] is s.workers[1], "only the changed row is copied"
    assert after.supply is not s.supply and s.supply == [18, 18]
    copy = after.clone()
    assert all(getattr(copy, name) is not getattr(after, name) for name in ("explored", "workers", "treasures"))
    assert copy == after
