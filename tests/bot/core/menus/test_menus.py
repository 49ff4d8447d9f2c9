"""The menus of a turn (``bot.core.menus``) against the engine: every legal move offered once and nothing else, in
at most three steps, a first step that never applies anything, keys a custom id can carry, the spaces' side."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

import pytest

import engine
from bot.core.menus import MAX_DEPTH, Menu, UnknownChoice, depth_of, entries_from_view
from bot.core.menus.actions import END
from engine import GameState, Phase, legal_moves
from lang import translator
from tests.engine.randomplay import random_game

KEY = re.compile(r"[A-Za-z0-9]+")
GAMES = (
    (3, "basic", 3, ()), (2, "auction", 4, ()), (3, "rapido", 5, ("obstacles", "guns")),
    (2, "auction", 6, ("indiana2d6", "randomterrain")), (4, "basic", 7, ("noround", "indiana")),
    (2, "basic", 8, ("indiana1d20", "obstacles")), (3, "auction", 9, ("guns",)),
)
"""Every variant and every option at least once."""


@cache
def positions(players: int, variant: str, seed: int, options: tuple[str, ...], every: int = 7) -> list[GameState]:
    states = random_game(players, variant, seed, options)
    return [s for s in states[::every] if not s.finished]


def all_positions() -> Iterator[GameState]:
    for game in GAMES:
        yield from positions(*game)


def concrete(state: GameState) -> set[str]:
    return {str(m) for e in legal_moves(state) for m in e.moves()}


def reached(menu: Menu) -> dict[str, int]:
    """Every move one can apply by walking the steps from the first, with the number of steps seen before it."""
    out: dict[str, int] = {}
    todo = [menu.first()]
    seen = set()
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        step = menu.step(path)
        assert step.depth <= MAX_DEPTH and step.choices, (path, step)
        for choice in step.choices:
            assert KEY.fullmatch(choice.key), choice.key
            if choice.move is not None:
                assert len(choice.leads) == 3
                out.setdefault(choice.move, step.depth)
            else:
                todo.append(choice.leads)
    return out


def test_every_legal_move_is_offered_and_nothing_else_in_at_most_three_steps() -> None:
    count = 0
    for state in all_positions():
        menu = Menu(engine.view(state, state.to_act), legal_moves(state))
        offered = reached(menu)
        assert set(offered) == concrete(state), state.log[-3:]
        assert {text for _, text in menu.paths()} == concrete(state)
        view = engine.view(state, state.to_act)
        for path, text in menu.paths():
            assert menu.apply_path(path) == text and engine.is_legal(state, text)
            assert menu.finish(path).ap == engine.move_cost(view, engine.parse_move(text))  # what it costs
            assert depth_of(menu, path) <= MAX_DEPTH
            assert len(".".join(path)) <= 40  # a custom id carries it with the game and the version
        assert len(menu.first()) < 3  # opening the menu applies nothing
        count += 1
    assert count > 150


def test_a_placement_is_two_taps_and_an_action_at_most_three() -> None:
    for state in all_positions():
        menu = Menu(engine.view(state, state.to_act), legal_moves(state))
        for path, text in menu.paths():
            depth = depth_of(menu, path)
            if text.startswith("place "):
                assert depth <= 2, text
            if text.split()[0] in ("bid", "pass", "pick", "score", "jump", "undo"):
                assert depth == 1, text


def test_ending_a_turn_with_ap_left_asks_first_and_without_does_not() -> None:
    asked = plain = 0
    for state in all_positions():
        if state.phase not in (Phase.ACTIONS, Phase.SCORING):
            continue
        menu = Menu(engine.view(state, state.to_act), legal_moves(state))
        first = menu.step()
        (end,) = [c for c in first.choices if c.key == END]
        assert end.control
        if state.ap:
            assert end.move is None and end.leads == (END,)
            confirm = menu.step(end.leads)
            assert [c.move for c in confirm.choices] == ["end"] and confirm.depth == 2
            asked += 1
        else:
            assert end.move == "end"
            plain += 1
    assert asked and plain


def test_the_first_steps_legal_moves_come_from_the_public_view() -> None:
    """A placement's and a bidding's exactly; a turn's actions' but Undo (a button of the wait's message), from the
    state ``determinize`` rebuilds: what it draws for the secrets decides no action."""
    checked = set()
    for game in GAMES:
        for state in positions(*game, every=2):
            entries = entries_from_view(engine.view(state, None))
            if state.phase in (Phase.PLACE, Phase.BID, Phase.ACTIONS, Phase.SCORING):
                assert entries is not None
                assert {str(m) for e in entries for m in e.moves()} == concrete(state) - {"undo"}, state.log[-3:]
                checked.add(state.phase)
            else:
                assert entries is None
    assert checked == {Phase.PLACE, Phase.BID, Phase.ACTIONS, Phase.SCORING}


def test_a_path_of_another_version_or_made_up_is_unknown() -> None:
    state = positions(3, "basic", 3, ())[5]
    menu = Menu(engine.view(state, state.to_act), legal_moves(state))
    for path in [("q",), ("mH5",), ("d", "H5"), ("d", "A1", "99"), ("d", "A1", "1", "x"), ("p", "A1")]:
        with pytest.raises(UnknownChoice):
            menu.lead(path)
    with pytest.raises(UnknownChoice):
        menu.step(("d", "A1", "1"))


def test_the_actions_at_a_space_are_those_that_name_it() -> None:
    for state in positions(3, "basic", 3, ())[3:12]:
        menu = Menu(engine.view(state, state.to_act), legal_moves(state))
        for space in range(40):
            here = menu.at(space)
            assert all(space in a.spaces for a in here)
            assert {f.text for a in here for f in a.finishes} == {
                f.text for acts in menu.groups.values() for a in acts if space in a.spaces for f in a.finishes}
        base = menu.at(0)
        if state.phase is Phase.ACTIONS and state.supply[state.to_act]:
            assert any(a.verb == "d" for a in base)


def test_move_targets_are_sorted_by_cost_then_temples_then_treasures() -> None:
    seen = 0
    for state in all_positions():
        menu = Menu(engine.view(state, state.to_act), legal_moves(state))
        for group, actions in menu.groups.items():
            if group.startswith("m"):
                costs = [a.ap_each for a in actions]
                assert costs == sorted(costs)
                seen += len(actions) > 1
    assert seen


@pytest.mark.parametrize("language", ["en", "de", "fr", "es", "it", "nl"])
def test_every_step_has_words_in_every_language(language: str) -> None:
    t = translator(language)
    for state in positions(3, "rapido", 5, ("obstacles", "guns"))[:40] + positions(2, "auction", 6, (
            "indiana2d6", "randomterrain"))[:30]:
        menu = Menu(engine.view(state, state.to_act), legal_moves(state), t)
        todo, seen = [menu.first()], set()
        while todo:
            path = todo.pop()
            if path in seen:
                continue
            seen.add(path)
            step = menu.step(path)
            assert step.question
            for choice in step.choices:
                assert choice.label.strip(), (path, choice)
                if choice.move is None:
                    todo.append(choice.leads)
