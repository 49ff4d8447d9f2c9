"""What each move made public (``bot.core.table.story``), and the texts a player reads from the core
say things the way a player would (rotation choices, hints, not-your-turn)."""

from __future__ import annotations

import random

import pytest

import engine
from bot.core.table.autocomplete import command_text, option_choices
from bot.core.table.hints import Step, Suggestion, hint_text
from bot.core.table.posts import NewPost, PostKind, posts_for
from bot.core.table.story import story_of
from bot.core.words.labels import not_yours, waiting_for, waiting_said
from engine import GameState, Phase, Variant
from engine.messages import Msg
from lang import translator


def _game(variant: str, seed: int) -> list[tuple[GameState, engine.Move, GameState, list[NewPost]]]:
    """A whole random game: each move with the states around it and the posts it queues."""
    rng = random.Random(seed)
    state = engine.new_game(["Ana", "Ben", "Cy"], variant, seed=seed)
    steps = []
    actions = 0
    while not state.finished:
        entries = [e for e in engine.legal_moves(state) if not isinstance(e.move, engine.Undo)]
        ends = [e for e in entries if isinstance(e.move, engine.End)]
        others = [e for e in entries if not isinstance(e.move, engine.End)]
        entry = ends[0] if ends and (actions >= 2 or not others) else rng.choice(others or entries)
        move = rng.choice(list(entry.moves()))
        actions = 0 if isinstance(move, engine.End) else actions + 1
        after = engine.apply(state, move)
        steps.append((state, move, after, posts_for(state, move, after, lambda seat: 7200 + seat)))
        state = after
    return steps


GAMES = {variant: _game(variant, seed) for variant, seed in (("basic", 3), ("auction", 4))}


@pytest.mark.parametrize("variant", sorted(GAMES))
def test_a_moves_facts_tell_what_it_made_public_and_nothing_more(variant: str) -> None:
    """What a wait's catch-up is told from (``bot.core.table.story``): the hexagon a placement put down (and
    nothing drawn before), each scoring turn's points in its round, the auction a pass or a bid closed."""
    rounds: dict[int, list[int]] = {}
    for before, move, after, posts in GAMES[variant]:
        facts = story_of(before, move, after)
        if isinstance(move, engine.Place):
            assert facts["tile"] == after.tile[move.space]
        elif isinstance(move, engine.Pick):
            assert facts["tile"] == before.shown[move.index - 1]
        else:
            assert "tile" not in facts
        assert facts.get("scoring", False) == (before.phase is Phase.SCORING)
        if before.phase is Phase.SCORING and isinstance(move, engine.End):
            (gain,) = facts["gains"]
            assert gain[0] == before.to_act and gain[1] + gain[2] == after.score[gain[0]] - before.score[gain[0]]
            rounds.setdefault(facts["round"], []).append(gain[0])
        else:
            assert "gains" not in facts
        if before.phase is Phase.BID and after.phase is Phase.PICK:
            winner = after.to_act
            assert facts["won"] == [winner, before.score[winner] - after.score[winner]]
        else:
            assert "won" not in facts
        assert [p.kind for p in posts] == ([PostKind.FINISHED] if after.finished else [])  # waits: bot.core.table.waits
    assert sorted(rounds) == [1, 2, 3, 4] and all(sorted(seats) == [0, 1, 2] for seats in rounds.values())


def test_rotation_choices_name_the_path_and_its_cost() -> None:
    state = engine.new_game(["Ana", "Ben"], "basic", seed=7)
    view = engine.view(state, state.to_act)
    space = engine.space_name(view.placements[0][0])
    labels = [o.label for o in option_choices(view, engine.legal_moves(state), "place", "rotation", {"space": space})]
    assert labels and all(label.startswith("rotation ") for label in labels)
    assert any(" path to " in label or " paths to " in label for label in labels), labels
    assert not any("→" in label for label in labels)  # no compass notation ("S→A2 3 AP")
    for label in labels:
        if "to " in label:
            assert label.split(" to ", 1)[1][:2] in {engine.space_name(s) for s in range(len(view.spaces))}
            assert label.endswith(" AP")


def test_a_hint_lists_the_commands_a_player_types() -> None:
    moves = [engine.Deploy(space=0, count=1, leader=True), engine.Walk(source=0, target=1, count=2, leader=False),
             engine.End()]
    why = Msg("ai.why.end", move="end")
    text = hint_text("Ana", Suggestion([Step(moves[0], 1), Step(moves[1], 4), Step(moves[2], None)], why))
    assert "• `/tikal end` — _why:_ no action improves your position now" in text  # beside the move it explains
    assert "`/tikal deploy` space:A1 figures:leader · 1 AP" in text
    assert "`/tikal move` source:A1 target:A2 figures:2 · 4 AP" in text
    assert "`/tikal end`" in text and "`deploy A1 leader`" not in text
    assert command_text(engine.Bid(count=3)) == ("/tikal bid", "amount:3")


def test_not_your_turn_names_what_is_awaited() -> None:
    assert waiting_for(Phase.BID, Variant.AUCTION, engine.Stage.NONE) == "bid"
    assert waiting_for(Phase.PICK, Variant.AUCTION, engine.Stage.NONE) == "pick"
    assert waiting_for(Phase.ACTIONS, Variant.BASIC, engine.Stage.NONE) == "turn"
    bid = waiting_said(Phase.BID, Variant.AUCTION, engine.Stage.NONE)
    assert str(not_yours(0, "Ana", bid)) == "It is 🟦 Ana's bid, not yours."
    assert translator("de").message(not_yours(0, "Ana", bid)) == "🟦 Ana ist dran (Gebot), nicht du."
