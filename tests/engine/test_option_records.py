"""SPEC 7.0 (options, rolls, the new words, the replay output's additions) and the tightened sections 5–6
(leading zeros everywhere, a record needs ``moves``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine import (
    Fire,
    InvalidRecord,
    Jump,
    Obstacle,
    Option,
    UnreadableMove,
    apply,
    legal_moves,
    name_problem,
    new_game,
    parse_move,
    read_record,
    record_of,
    replay,
    summary,
    view,
)
from engine.__main__ import main
from tests.engine.engine_builders import game, play

GOOD: dict[str, Any] = {"players": ["Ana", "Ben"], "variant": "basic", "seed": 7, "moves": []}


def run(tmp_path: Path, record: Any, capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any]]:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    status = main(["replay", str(path)])
    return status, json.loads(capsys.readouterr().out)


# --- 7.0.1 options ------------------------------------------------------------------------------------


def test_options_are_kept_in_canonical_order_whatever_the_input_order() -> None:
    s = new_game(["Ana", "Ben"], "auction", 1, options=["randomterrain", "guns", "noround", "obstacles", "indiana"])
    assert s.setup.options == (Option.NOROUND, Option.INDIANA, Option.OBSTACLES, Option.GUNS, Option.RANDOMTERRAIN)
    record = record_of(s)
    assert record["options"] == ["noround", "indiana", "obstacles", "guns", "randomterrain"]
    assert list(record) == ["players", "variant", "seed", "options", "tile_order", "treasure_order", "rolls", "moves"]


def test_no_options_null_options_and_empty_options_are_the_same_game() -> None:
    plain = new_game(["Ana", "Ben"], "basic", 3)
    assert new_game(["Ana", "Ben"], "basic", 3, options=None) == plain
    assert new_game(["Ana", "Ben"], "basic", 3, options=[]) == plain
    assert read_record({**GOOD, "options": None}).start() == read_record(GOOD).start()
    assert "options" not in record_of(plain) and "rolls" not in record_of(plain)


@pytest.mark.parametrize(("options", "variant", "says"), [
    (["fog"], "basic", "“fog” is not an option"),
    (["Guns"], "basic", "“Guns” is not an option"),
    (["guns", "guns"], "basic", "named more than once"),
    (["indiana", "indiana1d20"], "basic", "At most one Indiana Jones option"),
    (["randomterrain"], "basic", "needs the auction variant"),
    (["randomterrain"], "rapido", "needs the auction variant"),
])
def test_a_bad_option_list_is_refused(options: list[str], variant: str, says: str) -> None:
    with pytest.raises(InvalidRecord, match=says):
        new_game(["Ana", "Ben"], variant, 1, options=options)
    with pytest.raises(InvalidRecord, match=says):
        read_record({**GOOD, "variant": variant, "options": options})


def test_every_other_combination_is_allowed() -> None:
    for variant in ("basic", "auction", "rapido"):
        s = new_game(["Ana", "Ben", "Cy"], variant, 2, options=["noround", "indiana2d6", "obstacles", "guns"])
        assert len(s.setup.options) == 4
    assert new_game(["Ana", "Ben"], "auction", 2, options=["randomterrain", "indiana1d20"]).setup.options


def test_a_bad_option_list_in_a_file_is_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for options in (["guns", "fog"], ["noround", "noround"], "guns", [1]):
        status, out = run(tmp_path, {**GOOD, "options": options}, capsys)
        assert status == 2 and out["ok"] is False and out["error"]["move"] is None, options


# --- 7.0.2 rolls ---------------------------------------------------------------------------------------


def test_rolls_of_a_record_come_first_then_the_seed_rolls() -> None:
    seeded = new_game(["Ana", "Ben"], "basic", 5, options=["indiana"])
    assert len(seeded.setup.rolls) == 48 and all(3 <= r <= 18 for r in seeded.setup.rolls)
    named = new_game(["Ana", "Ben"], "basic", 5, options=["indiana"], rolls=[18, 3])
    assert named.setup.rolls == (18, 3, *seeded.setup.rolls[2:])
    for option, low, high in (("indiana2d6", 2, 12), ("indiana1d20", 1, 20)):
        rolls = new_game(["Ana", "Ben"], "basic", 5, options=[option]).setup.rolls
        assert all(low <= r <= high for r in rolls)
        new_game(["Ana", "Ben"], "basic", 5, options=[option], rolls=[low, high])


@pytest.mark.parametrize("record", [
    {**GOOD, "rolls": [5]},
    {**GOOD, "options": ["indiana"], "rolls": [2]},
    {**GOOD, "options": ["indiana"], "rolls": [19]},
    {**GOOD, "options": ["indiana2d6"], "rolls": [13]},
    {**GOOD, "options": ["indiana1d20"], "rolls": [0]},
    {**GOOD, "options": ["indiana"], "rolls": [5.0]},
    {**GOOD, "options": ["indiana"], "rolls": ["5"]},
    {**GOOD, "options": ["indiana"], "rolls": [True]},
    {**GOOD, "options": ["indiana"], "rolls": 5},
])
def test_bad_rolls_are_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str], record: dict[str, Any]) -> None:
    status, out = run(tmp_path, record, capsys)
    assert status == 2 and out == {"ok": False, "applied": 0, "error": {"move": None, "text": None,
                                                                          "message": out["error"]["message"]}}


def test_empty_or_null_rolls_count_as_absent_even_without_indiana() -> None:
    assert read_record({**GOOD, "rolls": []}).start() == read_record(GOOD).start()
    assert read_record({**GOOD, "rolls": None}).start() == read_record(GOOD).start()


def test_rolls_are_secret_until_made() -> None:
    s = game(options=["indiana"], rolls=[10, 11, 12])
    assert view(s).rolls == () and view(s).dice == (3, 6)
    assert summary(s)["rolls"] == []


# --- 7.0.3 the new words ---------------------------------------------------------------------------------


def test_the_new_moves_read_and_print_canonically() -> None:
    assert parse_move("OBSTACLE b2 a1") == Obstacle(0, 6) and str(parse_move("obstacle B2 A1")) == "obstacle A1 B2"
    assert str(parse_move("guard a2 LEADER Gun")) == "guard A2 leader gun"
    assert str(parse_move("guard a2 gun LEADER")) == "guard A2 leader gun"  # either order, one canonical form
    assert parse_move("fire A2 ben") == Fire(1, "ben")
    assert parse_move("jump 05") == Jump(5) and str(parse_move("Score  NO")) == "score no"
    for text, says in (("obstacle A1", "takes 2 words"), ("jump 0", "at least 1"), ("jump x", "in digits"),
                       ("score maybe", "should be `yes` or `no`"), ("fire A9 Ben", "is not a space"),
                       ("guard A2 gun gun", "written twice"), ("guard A2 gun leader x", "takes 1 or 2 words")):
        with pytest.raises(UnreadableMove, match=says):
            parse_move(text)


@pytest.mark.parametrize(("move", "word"), [
    ("obstacle A1 B2", "obstacle"), ("fire A2 Ben", "fire"), ("jump 2", "jump"), ("score yes", "score"),
])
def test_the_new_verbs_are_unknown_moves_in_games_without_their_option(move: str, word: str) -> None:
    s = play(game(), "place A3 0")
    with pytest.raises(UnreadableMove, match=f"“{word}” is not a move"):
        apply(s, move)
    with pytest.raises(UnreadableMove, match="should be `leader` or nothing"):
        apply(s, "guard A2 gun")


def test_the_new_words_are_seat_names_only_in_games_without_their_option() -> None:
    for name, option, variant in (("Obstacle", "obstacles", "basic"), ("Fire", "guns", "basic"),
                                  ("Gun", "guns", "basic"), ("Yes", "randomterrain", "auction"),
                                  ("no", "randomterrain", "auction"), ("Score", "randomterrain", "auction")):
        assert name_problem(name) is None
        new_game([name, "Ben"], variant, 1)
        with pytest.raises(InvalidRecord, match="word of the move notation"):
            new_game([name, "Ben"], variant, 1, options=[option])
    new_game(["Jump", "Ben"], "auction", 1)
    with pytest.raises(InvalidRecord, match="word of the move notation"):
        new_game(["Jump", "Ben"], "rapido", 1)
    with pytest.raises(InvalidRecord):
        read_record({**GOOD, "players": ["Fire", "Ben"], "options": ["guns"]})


# --- sections 5 and 6 tightened -----------------------------------------------------------------------------


def test_numbers_may_have_leading_zeros_everywhere() -> None:
    s = play(game(tiles=["A-3"]), "place A3 00; deploy A1 03; move A1 A3 01; end")
    assert s.log[:3] == ("place A3 0", "deploy A1 3", "move A1 A3 1")


def test_a_record_without_moves_is_not_a_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = {k: v for k, v in GOOD.items() if k != "moves"}
    with pytest.raises(InvalidRecord, match="moves"):
        read_record(record)
    status, out = run(tmp_path, record, capsys)
    assert status == 2 and out["error"]["move"] is None and "moves" in out["error"]["message"]


# --- 7.0.4 the replay output ----------------------------------------------------------------------------------


def test_replay_output_adds_section_7_only_with_options_or_rapido(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, plain = run(tmp_path, {**GOOD, "moves": ["place A3 0"]}, capsys)
    assert "options" not in plain and "gun" not in plain["hexes"]["A1"]
    _, rapido = run(tmp_path, {**GOOD, "variant": "rapido"}, capsys)
    assert rapido["options"] == [] and set(rapido["rapido"]) == {"round_order", "hands", "chips", "chosen", "jump",
                                                                 "slots"}
    assert "obstacles" not in rapido and "rolls" not in rapido and "stack_left" not in rapido
    _, every = run(tmp_path, {**GOOD, "variant": "auction", "options": ["randomterrain", "guns", "obstacles",
                                                                        "indiana2d6", "noround"]}, capsys)
    assert every["options"] == ["noround", "indiana2d6", "obstacles", "guns", "randomterrain"]
    assert every["obstacles"] == [] and every["rolls"] == []
    assert every["stack_left"] == 31 and every["volcanoes_added"] == 0  # 33 less the 2 shown
    assert all(h["gun"] is None for h in every["hexes"].values()) and "rapido" not in every


def test_a_record_with_options_replays_to_the_same_state() -> None:
    s = play(game(options=["obstacles", "indiana1d20"], tiles=["A-1", "A-3", "C-2"], rolls=[2]),
             "place A3 0; deploy A1 2; obstacle A1 A2; move A1 A2 1; end", "place B3 0; end",
             "place C2 0; deploy A1 1; move A1 A2 1; uncover A2; end")
    assert s.log.count("obstacle A1 A2") == 1 and s.ap == 10 and s.removed[0] == 1
    record = read_record(json.loads(json.dumps(record_of(s))))
    assert replay(record) == s
    assert record_of(s)["rolls"][:1] == [2] and summary(s)["rolls"] == [2]


def test_replay_output_in_a_jump_and_in_its_slots(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    s = new_game(["Ana", "Ben"], "rapido", 3)
    while s.phase.value != "jump":
        s = apply(s, legal_moves(s)[0].move)
    s = apply(s, "jump 3")
    status, out = run(tmp_path, {**record_of(s), "moves": list(s.log)}, capsys)
    assert status == 0 and out["phase"] == "jump" and out["ap_left"] is None
    chooser = out["to_act"]
    assert out["rapido"]["chosen"] == [n for n in ("Ana", "Ben") if n != chooser]
    assert out["rapido"]["jump"] == {} and out["rapido"]["chips"] == {"Ana": 10, "Ben": 10}
    s = apply(s, "jump 2")
    status, out = run(tmp_path, {**record_of(s), "moves": list(s.log)}, capsys)
    assert out["phase"] == "actions" and out["ap_left"] == 2 and out["to_act"] == chooser
    assert out["rapido"]["jump"] == {chooser: 2, **{n: 3 for n in ("Ana", "Ben") if n != chooser}}
    assert out["rapido"]["slots"] == [n for n in ("Ana", "Ben") if n != chooser]
    assert out["rapido"]["chosen"] == [] and out["rapido"]["chips"][chooser] == 8
