"""Seat names derived from display names follow docs/rules.md §6."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.core.table.seat_names import ascii_name, seat_names
from engine.record import check_players


def test_accents_spaces_and_symbols_become_seat_name_characters() -> None:
    assert ascii_name("Zoë") == "Zoe"
    assert ascii_name("Łukasz Żółw") == "Lukasz_Zolw"
    assert ascii_name("Mary  Jane!!") == "Mary_Jane"
    assert ascii_name("42 Straße") == "Strasse"
    assert ascii_name("🐉 dragon 🐉") == "dragon"
    assert ascii_name("A" * 30) == "A" * 16


def test_unusable_reserved_and_repeated_names_get_fallbacks() -> None:
    assert seat_names(["😀", "日本", "Ana", "ANA"]) == ["Player1", "Player2", "Ana", "ANA2"]
    assert seat_names(["pass", "A1", "leader", "mask"]) == ["Player1", "Player2", "Player3", "Player4"]
    assert seat_names(["Player2", "☃"]) == ["Player2", "Player22"]
    assert seat_names(["ABCDEFGHIJKLMNOPQ", "abcdefghijklmnopz"]) == ["ABCDEFGHIJKLMNOP", "abcdefghijklmno2"]
    # "A" + a digit could spell a space name: those are skipped
    assert seat_names(["A", "A", "A"]) == ["A", "A6", "A7"]


@given(st.lists(st.text(max_size=40), min_size=2, max_size=4))
def test_any_display_names_give_a_valid_seat_list(displays: list[str]) -> None:
    names = seat_names(displays)
    assert len(names) == len(displays)
    check_players(names)  # raises on an invalid, reserved or repeated name
