"""Issue 17: the posts a move queues tell the game's story in reading order (``bot.core.posts``), and the texts a
player reads from the core say things the way a player would (rotation choices, hints, not-your-turn)."""

from __future__ import annotations

import random

import pytest

import engine
from bot.core.autocomplete import command_text, option_choices
from bot.core.hints import Step, Suggestion, hint_text
from bot.core.labels import not_yours, waiting_for, waiting_said
from bot.core.posts import NewPost, PostKind, posts_for
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
def test_a_scoring_round_is_announced_after_the_turn_that_opened_it_and_names_who_brought_the_volcano(
        variant: str) -> None:
    rounds = 0
    for _, _, after, posts in GAMES[variant]:
        kinds = [p.kind for p in posts]
        if PostKind.SCORING_ROUND not in kinds:
            continue
        rounds += 1
        announced = posts[kinds.index(PostKind.SCORING_ROUND)].payload
        if PostKind.TURN_ENDED in kinds:  # the turn's post first; the announcement then pings the first to score
            assert kinds.index(PostKind.TURN_ENDED) < kinds.index(PostKind.SCORING_ROUND)
        assert announced.get("next", {}).get("seat") == after.to_act  # type: ignore[union-attr]
        if not announced.get("final"):
            assert announced.get("volcano") == after.volcano_player >= 0
    assert rounds == 4


@pytest.mark.parametrize("variant", sorted(GAMES))
def test_each_scoring_turn_adds_its_line_to_the_round_and_the_last_closes_it(variant: str) -> None:
    scored: dict[int, list[bool]] = {}
    for before, move, _, posts in GAMES[variant]:
        kinds = [p.kind for p in posts]
        if before.phase is Phase.SCORING and isinstance(move, engine.End):
            (line,) = [p.payload for p in posts if p.kind == PostKind.SCORED]
            assert line["seat"] == before.to_act  # type: ignore[typeddict-item]
            assert kinds.index(PostKind.SCORED) < kinds.index(PostKind.TURN_ENDED)  # the line before the ping
            scored.setdefault(line["round"], []).append(line["complete"])  # type: ignore[typeddict-item]
        else:
            assert PostKind.SCORED not in kinds
    assert sorted(scored) == [1, 2, 3, 4]
    for completes in scored.values():  # every player scores once; only the round's last line closes it
        assert completes == [False, False, True]


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
