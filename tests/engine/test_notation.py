"""The move notation of SPEC section 5: parse_move and the canonical str()."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine import (
    Bid,
    Camp,
    Deploy,
    End,
    Exchange,
    Guard,
    Pass,
    Pick,
    Place,
    Recover,
    Transfer,
    Uncover,
    Undo,
    UnreadableMove,
    Walk,
    parse_move,
)
from tests.engine.engine_builders import sp

EVERY_VERB = [
    ("place C1 3", Place(sp("C1"), 3), "place C1 3"),
    ("place A3 00", Place(sp("A3"), 0), "place A3 0"),
    ("place A3 05", Place(sp("A3"), 5), "place A3 5"),
    ("deploy A1 4", Deploy(sp("A1"), 4), "deploy A1 4"),
    ("deploy A1 leader", Deploy(sp("A1"), 1, True), "deploy A1 leader"),
    ("transfer A1 C2 2", Transfer(sp("A1"), sp("C2"), 2), "transfer A1 C2 2"),
    ("transfer C2 A1 leader", Transfer(sp("C2"), sp("A1"), 1, True), "transfer C2 A1 leader"),
    ("move A1 C2 2", Walk(sp("A1"), sp("C2"), 2), "move A1 C2 2"),
    ("move H5 A1 leader", Walk(sp("H5"), sp("A1"), 1, True), "move H5 A1 leader"),
    ("uncover A2 2", Uncover(sp("A2"), 2), "uncover A2 2"),
    ("uncover A2", Uncover(sp("A2"), 1), "uncover A2 1"),
    ("recover D4 2", Recover(sp("D4"), 2), "recover D4 2"),
    ("recover D4", Recover(sp("D4"), 1), "recover D4 1"),
    ("exchange mask Ben idol", Exchange("mask", "Ben", "idol"), "exchange mask Ben idol"),
    ("camp B2", Camp(sp("B2")), "camp B2"),
    ("guard B1", Guard(sp("B1")), "guard B1"),
    ("guard B1 leader", Guard(sp("B1"), True), "guard B1 leader"),
    ("end", End(), "end"),
    ("undo", Undo(), "undo"),
    ("bid 7", Bid(7), "bid 7"),
    ("pass", Pass(), "pass"),
    ("pick 2", Pick(2), "pick 2"),
]


@pytest.mark.parametrize(("text", "move", "canonical"), EVERY_VERB)
def test_every_verb_parses_and_prints_canonically(text: str, move: object, canonical: str) -> None:
    parsed = parse_move(text)
    assert parsed == move
    assert str(parsed) == canonical
    assert parse_move(canonical) == move


@pytest.mark.parametrize(("text", "move", "canonical"), EVERY_VERB)
def test_case_and_spacing_do_not_matter(text: str, move: object, canonical: str) -> None:
    shouted = "   " + "   ".join(text.upper().split()) + "  "
    parsed = parse_move(shouted)
    if isinstance(move, Exchange):
        # the seat name is kept as written; the engine matches it ignoring case when applying
        assert parsed == Exchange("mask", "BEN", "idol")
    else:
        assert parsed == move
        assert str(parsed) == canonical


def test_tabs_separate_words_too() -> None:
    assert parse_move("move\ta1\t\tc2  3") == Walk(sp("A1"), sp("C2"), 3)


def test_space_names_print_upper_case() -> None:
    assert str(parse_move("place h5 0")) == "place H5 0"
    assert str(parse_move("transfer a1 b2 1")) == "transfer A1 B2 1"


def test_defaults() -> None:
    assert parse_move("uncover b1") == Uncover(sp("B1"), 1)
    assert parse_move("recover b1") == Recover(sp("B1"), 1)
    guard = parse_move("guard b1")
    assert isinstance(guard, Guard) and not guard.leader


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("fly A1", "not a move"),
        ("place I9 0", "“I9” is not a space"),
        ("place A0 0", "not a space"),
        ("place A6 0", "not a space"),
        ("place C1 6", "rotation “6” must be a number from 0 to 5"),
        ("place C1 -1", "rotation"),
        ("place C1", "`place` takes 2 words"),
        ("place C1 0 0", "`place` takes 2 words"),
        ("deploy A1 0", "at least 1"),
        ("deploy A1 -2", "not a number of workers in digits"),
        ("deploy A1 two", "not a number of workers in digits"),
        ("deploy A1 ３", "in digits"),
        ("deploy A1 ٣", "in digits"),
        ("deploy A1", "takes 2 words"),
        ("transfer A1 C2", "takes 3 words"),
        ("move A1 C2", "takes 3 words"),
        ("move A1 C2 2 3", "takes 3 words"),
        ("move A1 I9 2", "“I9” is not a space"),
        ("move A1 C2 0", "at least 1"),
        ("move A1 C2 leaders", "not a number of workers"),
        ("uncover A2 0", "at least 1"),
        ("uncover A2 1 1", "takes 1 or 2 words"),
        ("uncover", "takes 1 or 2 words"),
        ("recover D4 0", "at least 1"),
        ("recover D4 2.5", "in digits"),
        ("exchange mask Ben", "takes 3 words"),
        ("exchange gold Ben idol", "“gold” is not a treasure kind"),
        ("exchange masks Ben idol", "not a treasure kind"),
        ("camp", "takes 1 word"),
        ("camp B2 B3", "takes 1 word"),
        ("guard B1 worker", "should be `leader` or nothing"),
        ("guard B1 leader leader", "“leader” is written twice"),
        ("guard B1 leader gun x", "takes 1 or 2 words"),
        ("end now", "takes 0 words"),
        ("undo 2", "takes 0 words"),
        ("pass 1", "takes 0 words"),
        ("bid 0", "at least 1"),
        ("bid", "takes 1 word"),
        ("bid ５", "in digits"),
        ("pick 0", "at least 1"),
        ("pick first", "not a hexagon number in digits"),
    ],
)
def test_unreadable_moves_say_why(text: str, hint: str) -> None:
    with pytest.raises(UnreadableMove) as caught:
        parse_move(text)
    message = str(caught.value)
    assert hint in message
    verb = text.split()[0].lower() if text.split() else ""
    if verb in {"place", "deploy", "transfer", "move", "uncover", "recover", "exchange", "camp", "guard", "bid"}:
        assert "Write it as `" + verb in message
    elif verb in {"", "fly"}:
        assert "place" in message and "undo" in message  # lists the verbs


def test_unreadable_is_an_engine_value_error() -> None:
    from engine import EngineError

    with pytest.raises(ValueError):
        parse_move("place I9 0")
    assert issubclass(UnreadableMove, EngineError)


@pytest.mark.parametrize("text", ["guard A3 leader gun", "guard A3 gun leader", "GUARD a3  Gun  LEADER"])
def test_guard_takes_leader_and_gun_in_either_order(text: str) -> None:
    move = parse_move(text)
    assert move == Guard(sp("A3"), True, True)
    assert str(move) == "guard A3 leader gun"  # one canonical form
    assert parse_move("guard A3 gun") == Guard(sp("A3"), False, True)


@pytest.mark.parametrize(
    ("text", "basic", "guns"),
    [
        ("guard A3 worker", "“worker” should be `leader` or nothing", "“worker” should be `leader`, `gun` or nothing"),
        ("guard A3 gun gun", "“gun” is written twice", "“gun” is written twice"),
        ("guard A3 leader gun now", "`guard` takes 1 or 2 words after it", "`guard` takes 1 to 3 words after it"),
        ("guard", "`guard` takes 1 or 2 words after it", "`guard` takes 1 to 3 words after it"),
    ],
)
def test_a_guard_refusal_names_gun_only_in_a_game_with_machine_guns(text: str, basic: str, guns: str) -> None:
    for words, why, usage in (((), basic, "`guard <hex> [leader]`."), (("obstacle", "gun", "fire"), guns,
                                                                         "`guard <hex> [leader] [gun]`.")):
        with pytest.raises(UnreadableMove) as caught:
            parse_move(text, words)
        assert why in str(caught.value) and str(caught.value).endswith(f"Write it as {usage}")


def test_an_unknown_word_lists_section_5s_verbs_in_a_game_with_options_too() -> None:
    """As ``python -m engine replay`` has always said it (its output is a public contract)."""
    with pytest.raises(UnreadableMove) as caught:
        parse_move("fly A1", ("obstacle", "gun", "fire"))
    assert str(caught.value).endswith("Moves are: place, deploy, transfer, move, uncover, recover, exchange, camp, "
                                      "guard, end, undo, bid, pass, pick.")


def test_apply_refuses_a_guard_in_the_words_of_its_game() -> None:
    from engine import EngineError, apply, new_game, read_move

    guns = new_game(["Ana", "Ben"], "basic", 1, options=["guns"])
    plain = new_game(["Ana", "Ben"], "basic", 1)

    def refusal(attempt: Callable[[], object]) -> str:
        try:
            attempt()
        except EngineError as e:
            assert isinstance(e, UnreadableMove)
            return str(e)
        raise AssertionError("not refused")

    with_guns = "Write it as `guard <hex> [leader] [gun]`."
    assert refusal(lambda: apply(guns, "guard A2 worker")).endswith(f"or nothing. {with_guns}")
    assert "`leader`, `gun` or nothing" in refusal(lambda: read_move(guns, "guard A2 worker"))
    assert refusal(lambda: apply(plain, "guard A2 worker")).endswith(
        "“worker” should be `leader` or nothing. Write it as `guard <hex> [leader]`.")
    # either order reads as the same move; without machine guns, `gun` is not a word of the game
    assert refusal(lambda: apply(plain, "guard A2 gun leader")).endswith(
        "“gun” should be `leader` or nothing. Write it as `guard <hex> [leader]`.")
    assert read_move(guns, "guard A2 gun leader") == parse_move("guard A2 leader gun")
