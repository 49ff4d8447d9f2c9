"""The Raider (``rivals/raider.py``): its temple projects build a lead of ``LEAD``, its moves are legal and its
decisions depend on the view alone."""

from __future__ import annotations

from functools import cache

import pytest

from engine import GameState, GameView, Move, Phase, apply, new_game, view
from engine.ai import plan, play_decisions
from engine.state import NOBODY
from engine.tiles import Terrain
from rivals import raider
from rivals.position import rebuild

RAIDER = 0


@cache
def raider_positions(variant: str, seed: int) -> tuple[GameState, ...]:
    """The positions the Raider (seat 1) was asked to decide in a 4-player game against three easy players."""
    seen: list[GameState] = []

    def recording(game: GameView, ai_seed: int) -> list[Move]:
        seen.append(rebuild(game))
        return raider.decide(game, ai_seed)

    def easy(game: GameView, ai_seed: int) -> list[Move]:
        return plan(game, "easy", ai_seed)

    state = new_game(["Raider", "Ben", "Cy", "Dee"], variant, seed=seed)
    while not state.finished:
        seat = state.to_act
        state, _ = play_decisions(state, recording if seat == RAIDER else easy, seed * 10 + seat, strict=True)
    return tuple(seen)


def lead(state: GameState, t: int) -> int:
    return raider.strength(state, RAIDER, t) - raider.best_rival(state, RAIDER, t)


@pytest.mark.slow
def test_a_temple_project_leads_there_afterwards_by_at_most_the_lead_sought() -> None:
    built = []
    for position in raider_positions("basic", 8) + raider_positions("auction", 9):
        if position.phase not in (Phase.ACTIONS, Phase.SCORING):
            continue
        for t in range(raider.SPACES):
            if position.terrain[t] is not Terrain.TEMPLE or position.guard[t] != NOBODY:
                continue
            project = raider.take_temple(position, RAIDER, t)
            if project is None:
                continue
            after = position
            for move in project.moves:
                after = apply(after, move)  # every move of a project is legal, in order
            sought = raider.SCORING_LEAD if position.phase is Phase.SCORING else raider.LEAD
            assert 1 <= lead(after, t) <= sought + 2  # the leader (3) may pass the lead sought by 2
            assert project.cost == position.ap - after.ap
            built.append(lead(after, t))
    assert max(built) >= raider.LEAD > 2  # it builds past the thin lead of two that lost to easy


def test_the_raider_decides_from_the_view_alone_whatever_the_seed() -> None:
    positions = raider_positions("auction", 9)
    assert len(positions) > 50
    for position in positions[::7]:
        seen = view(position, RAIDER)
        first = raider.decide(seen, 1)
        assert raider.decide(seen, 1) == first == raider.decide(seen, 987654)
