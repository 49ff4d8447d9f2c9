"""The engine's messages: every code it raises has an English template in ``engine.messages``, every
template is used, plural entries are sound, and errors carry codes and parameters, not sentences."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from engine import TREASURE_KINDS, EngineError, IllegalMove, Terrain, apply, new_game
from engine.messages import CATALOGUE, PYDANTIC_FIELD_CODES, Msg, Param, joined, listed
from tests.engine.error_corpus import game_states

ENGINE = Path(__file__).resolve().parents[2] / "engine"
CODE = re.compile(r"[a-z_]+\.[a-z_.]+")
DYNAMIC = {*(f"treasure.{k}" for k in TREASURE_KINDS), *(f"terrain.{t.value}" for t in Terrain), "terrain.unexplored"}
"""Codes the engine builds from a value (``f"treasure.{kind}"``)."""


def codes_in_source(path: Path) -> set[str]:
    """Strings that look like codes, except the contexts of inline ``tr``/``ntr`` text (it carries its own English)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    inline = {id(node.args[0]) for node in ast.walk(tree) if isinstance(node, ast.Call) and node.args
              and isinstance(node.func, ast.Attribute | ast.Name)
              and (node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id) in ("tr", "ntr")}
    return {node.value for node in ast.walk(tree) if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and CODE.fullmatch(node.value) and id(node) not in inline}


def engine_codes() -> set[str]:
    return {c for p in ENGINE.rglob("*.py") if p.name != "messages.py" for c in codes_in_source(p)}


def test_every_code_the_engine_names_has_an_entry() -> None:
    assert engine_codes() - set(CATALOGUE) == set()
    assert DYNAMIC - set(CATALOGUE) == set()


def test_every_entry_is_used() -> None:
    internal = {"list.none", "list.more", "list.and", *PYDANTIC_FIELD_CODES.values()}
    assert set(CATALOGUE) - engine_codes() - DYNAMIC - internal == set()


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("code", sorted(c for c, t in CATALOGUE.items() if t.plural))
def test_a_plural_entry_counts_n_in_both_forms(code: str) -> None:
    entry = CATALOGUE[code]
    assert entry.many is not None
    assert "n" in fields(entry.one) and fields(entry.one) == fields(entry.many)


def test_english_picks_the_form_by_n_and_renders_nested_values() -> None:
    assert str(Msg("count.workers", n=1)) == "1 worker"
    assert str(Msg("count.workers", n=0)) == "0 workers"
    error = IllegalMove("figures.too_few_on", have=Msg("count.workers", n=2), space="C2", count=3)
    assert str(error) == "You have 2 workers on C2, not 3."
    assert error.code == "figures.too_few_on" and error.params["count"] == 3
    assert error.message == Msg("figures.too_few_on", have=Msg("count.workers", n=2), space="C2", count=3)
    assert str(Msg("player.unknown", name="Zed", players=("Ana", "Ben"))) == \
        "There is no player called “Zed”; the players are Ana, Ben."


def test_lists_and_joins() -> None:
    assert str(Msg("exchange.give_single", singles=listed([]))) .endswith("your singles: none.")
    long: Param = listed([f"A{i}" for i in range(1, 6)], limit=3)
    assert str(Msg("phase.place_first", spaces=long)).endswith("it may go on A1, A2, A3 and 2 more.")
    assert str(joined(["indiana", "indiana2d6", "indiana1d20"])) == "indiana and indiana2d6 and indiana1d20"


def test_a_message_is_a_frozen_value() -> None:
    m = Msg("count.levels", n=2)
    assert m == Msg("count.levels", n=2) and m != Msg("count.levels", n=3) and hash(m) == hash(Msg("count.levels"))
    with pytest.raises(AttributeError):
        m.code = "x"  # type: ignore[misc]


def test_a_text_without_a_code_is_its_own_english() -> None:
    """A subclass outside the engine (the bot's service errors, until they get codes) may pass a sentence."""
    assert str(EngineError("There is no game in this channel.")) == "There is no game in this channel."


def nested_codes(value: Param) -> set[str]:
    if isinstance(value, Msg):
        return {value.code} | {c for v in value.params.values() for c in nested_codes(v)}
    if isinstance(value, tuple):
        return {c for v in value for c in nested_codes(v)}
    return set()


def test_errors_raised_by_play_carry_catalogue_codes() -> None:
    state = game_states(0)[0]
    for text in ("deploy A1 3", "fly", "place A1 0", "exchange mask Zed idol"):
        with pytest.raises(EngineError) as caught:
            apply(state, text)
        assert nested_codes(caught.value.message) <= set(CATALOGUE), text
    with pytest.raises(EngineError) as caught:
        new_game(["Ana"], "basic", 1)
    assert caught.value.code == "record.players" and caught.value.params == {"n": 1}
