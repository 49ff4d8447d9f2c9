"""Game records, snapshots and ``python -m engine replay`` (docs/rules.md §4 and §6)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from engine import (
    HEXAGONS,
    TREASURE_KINDS,
    EngineError,
    GameState,
    IllegalMove,
    InvalidRecord,
    absent_moves,
    apply,
    new_game,
    read_record,
    record_of,
    replay,
    state_from_json,
    state_to_dict,
    state_to_json,
)
from engine.__main__ import main
from tests.engine.engine_builders import game, play

ROOT = Path(__file__).resolve().parents[2]

TOP_KEYS = {"ok", "applied", "error", "finished", "phase", "to_act", "ap_left", "scores", "players", "hexes",
            "temple_supply"}
PLAYER_KEYS = {"workers_supply", "leader_supply", "removed", "camps_left", "guards_left", "treasures"}
HEX_KEYS = {"terrain", "tile", "rotation", "value", "wafers", "camp", "guard", "figures"}


def a_few_turns() -> GameState:
    """Two turns each with most kinds of action, an undo and an exchange written in lower case."""
    s = game(2, tiles=["A-2", "C-2", "A-1"], wafers=["mask", "idol", "vase", "crown"])
    s = play(s, "place C2 0; deploy A1 2; move A1 C2 1; recover C2; deploy A1 leader; undo; end")
    s = play(s, "place B3 0; deploy A1 2; move A1 A2 2; uncover A2 1; end")
    return play(s, "place A3 0; camp B2; transfer A1 B2 1; end")


def whole_game(players: int, variant: str, seed: int) -> GameState:
    s = game(players, variant, seed=seed)
    while not s.finished:
        for move in absent_moves(s):
            s = apply(s, move)
    return s


# --- records --------------------------------------------------------------------------------------


def test_record_round_trip_mid_game() -> None:
    s = a_few_turns()
    record = record_of(s)
    assert record["moves"] == list(s.log) and len(s.log) == s.version == 16
    text = json.dumps(record)
    again = replay(read_record(json.loads(text)))
    assert again == s
    assert state_to_dict(again) == state_to_dict(s)


@pytest.mark.parametrize(("players", "variant", "seed"), [(2, "basic", 3), (3, "auction", 4), (4, "auction", 5)])
def test_record_round_trip_whole_game(players: int, variant: str, seed: int) -> None:
    s = whole_game(players, variant, seed)
    record = record_of(s)
    assert sorted(record["tile_order"]) == sorted(HEXAGONS) and len(record["treasure_order"]) == 24
    assert replay(read_record(record)) == s
    assert s.version == len(s.log) == len(record["moves"])


def test_record_without_orders_replays_from_the_seed() -> None:
    s = a_few_turns()
    record = record_of(s, full_orders=False)
    assert "tile_order" not in record
    # the prefixes chosen at the start are part of the game, so without them the stack differs
    with pytest.raises(EngineError):
        replay(read_record(record))
    plain = whole_game(2, "basic", 9)
    assert replay(read_record(record_of(plain, full_orders=False))) == plain


def test_replay_upto_and_version() -> None:
    s = a_few_turns()
    record = read_record(record_of(s))
    for n in (0, 1, 5, 6, 7, 16):
        part = replay(record, upto=n)
        assert part.version == n and list(part.log) == list(s.log[:n])


def test_replay_reports_the_index_of_a_bad_move() -> None:
    record = read_record({"players": ["Ana", "Ben"], "variant": "basic", "seed": 1,
                          "moves": ["place A3 0", "end", "end"]})
    with pytest.raises(IllegalMove) as caught:
        replay(record)
    assert caught.value.move_index == 2  # type: ignore[attr-defined]


# --- orders ---------------------------------------------------------------------------------------


def test_orders_named_first_then_the_seeded_rest() -> None:
    plain = new_game(["Ana", "Ben"], "basic", 42)
    tiles, wafers = plain.setup.tile_order, plain.setup.treasure_order
    assert [t[0] for t in tiles] == sorted(t[0] for t in tiles)  # A on top, then B … G
    assert Counter(wafers) == Counter({k: 3 for k in TREASURE_KINDS})
    named = new_game(["Ana", "Ben"], "basic", 42, tile_order=["G-4", "B-1"], treasure_order=["eagle", "eagle"])
    assert named.setup.tile_order == ("G-4", "B-1", *(t for t in tiles if t not in ("G-4", "B-1")))
    rest = list(wafers)
    rest.remove("eagle")
    rest.remove("eagle")
    assert named.setup.treasure_order == ("eagle", "eagle", *rest)
    assert named.hand == "G-4"


def test_same_seed_same_orders() -> None:
    one = new_game(["Ana", "Ben"], "basic", 2024)
    two = new_game(["Cy", "Dee", "Eve"], "auction", 2024)
    assert one.setup.tile_order == two.setup.tile_order
    assert one.setup.treasure_order == two.setup.treasure_order
    other = new_game(["Ana", "Ben"], "basic", 2025)
    assert (other.setup.tile_order, other.setup.treasure_order) != (one.setup.tile_order, one.setup.treasure_order)


# --- snapshots ------------------------------------------------------------------------------------


def test_snapshot_round_trip_mid_turn_with_undo_base() -> None:
    s = play(game(2, tiles=["A-2"], wafers=["mask", "idol", "vase", "crown"]), "place C2 0; deploy A1 2; camp B2")
    assert s.undo_base is not None and len(s.undo_moves) == 3
    text = state_to_json(s)
    back = state_from_json(text)
    assert back == s and back.version == s.version == 3
    assert state_to_json(back) == text
    # the rebuilt state behaves the same: three undos, then nothing to take back
    a, b = s, back
    for _ in range(3):
        a, b = apply(a, "undo"), apply(b, "undo")
        assert a == b
    assert b.hand == "A-2" and b.wafer_pos == 0
    assert apply(b, "place C1 0") == apply(a, "place C1 0")


@pytest.mark.parametrize("when", ["start", "bid", "pick", "scoring", "finished"])
def test_snapshot_round_trip_in_every_phase(when: str) -> None:
    s = {
        "start": game(3, "auction"),
        "bid": play(game(3, "auction"), "bid 3"),
        "pick": play(game(3, "auction"), "bid 3; pass; pass"),
        "scoring": play(game(2, tiles=["B-1"]), "deploy A1 1"),
        "finished": whole_game(2, "basic", 6),
    }[when]
    back = state_from_json(state_to_json(s))
    assert back == s
    assert back.version == s.version == len(s.log)


def test_snapshot_rejects_garbage() -> None:
    with pytest.raises(InvalidRecord):
        state_from_json("{")
    with pytest.raises(InvalidRecord):
        state_from_json(json.dumps({"format": 1}))
    bad = state_to_dict(game(2))
    bad["setup"]["tile_order"] = [*bad["setup"]["tile_order"][:-1], "A-1"]
    with pytest.raises(InvalidRecord):
        state_from_json(json.dumps(bad))


# --- python -m engine replay ----------------------------------------------------------------------


def write(tmp_path: Path, data: Any, name: str = "game.json") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def run_cli(path: Path) -> tuple[int, dict[str, Any]]:
    done = subprocess.run([sys.executable, "-m", "engine", "replay", str(path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=60, check=False)
    return done.returncode, json.loads(done.stdout)


def run_main(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any]]:
    status = main(["replay", str(path)])
    return status, json.loads(capsys.readouterr().out)


def check_contract(out: dict[str, Any], names: list[str]) -> None:
    assert set(out) == TOP_KEYS
    assert set(out["scores"]) == set(names) == set(out["players"])
    for player in out["players"].values():
        assert set(player) == PLAYER_KEYS
        assert all(isinstance(n, int) and n > 0 for n in player["treasures"].values())
    assert {"A1", "A2", "B1", "B2"} <= set(out["hexes"])
    for hex_ in out["hexes"].values():
        assert set(hex_) == HEX_KEYS
        assert hex_["terrain"] in {"basecamp", "temple", "jungle", "treasure", "volcano"}
        for who, figures in hex_["figures"].items():
            assert who in names and set(figures) == {"workers", "leader"}
            assert figures["workers"] > 0 or figures["leader"]
    assert list(out["temple_supply"]) == [str(v) for v in range(2, 11)]


def test_cli_replay_ok(tmp_path: Path) -> None:
    s = a_few_turns()
    status, out = run_cli(write(tmp_path, record_of(s)))
    assert status == 0
    check_contract(out, ["Ana", "Ben"])
    assert (out["ok"], out["applied"], out["error"]) == (True, 16, None)
    assert (out["finished"], out["phase"], out["to_act"], out["ap_left"]) == (False, "place", "Ben", 10)
    assert out["scores"] == {"Ana": 0, "Ben": 0}
    assert out["players"]["Ana"] == {"workers_supply": 16, "leader_supply": True, "removed": 0, "camps_left": 1,
                                     "guards_left": 2, "treasures": {"mask": 1}}
    assert out["players"]["Ben"]["workers_supply"] == 16 and out["players"]["Ben"]["treasures"] == {}
    assert out["hexes"]["C2"] == {"terrain": "treasure", "tile": "A-2", "rotation": 0, "value": None, "wafers": 3,
                                  "camp": None, "guard": None,
                                  "figures": {"Ana": {"workers": 1, "leader": False}}}
    assert out["hexes"]["A1"]["figures"] == {}
    assert out["hexes"]["A2"]["value"] == 2 and out["hexes"]["A2"]["terrain"] == "temple"
    assert out["hexes"]["A2"]["figures"] == {"Ben": {"workers": 2, "leader": False}}
    assert out["hexes"]["B2"]["camp"] == "Ana"
    assert out["hexes"]["B2"]["figures"] == {"Ana": {"workers": 1, "leader": False}}
    assert out["temple_supply"] == {"2": 2, "3": 6, "4": 9, "5": 11, "6": 8, "7": 5, "8": 3, "9": 2, "10": 1}


def test_cli_replay_finished_game_lists_zeros(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    s = whole_game(4, "basic", 12)
    status, out = run_main(write(tmp_path, record_of(s)), capsys)
    assert status == 0
    check_contract(out, ["Ana", "Ben", "Cy", "Dee"])
    assert (out["finished"], out["phase"], out["to_act"], out["ap_left"]) == (True, "finished", None, None)
    assert len(out["hexes"]) == 40


def test_cli_replay_illegal_move(tmp_path: Path) -> None:
    record = {"players": ["Ana", "Ben"], "variant": "basic", "seed": 7, "tile_order": ["A-1"],
              "moves": ["place A3 0", "deploy A1 2", "move A1 E5 1", "end"]}
    status, out = run_cli(write(tmp_path, record))
    assert status == 1
    check_contract(out, ["Ana", "Ben"])
    assert out["ok"] is False and out["applied"] == 2
    assert out["error"]["move"] == 2 and out["error"]["text"] == "move A1 E5 1"
    assert "No path from A1 to E5" in out["error"]["message"]
    # the state before the bad move
    assert (out["phase"], out["to_act"], out["ap_left"]) == ("actions", "Ana", 8)
    assert out["hexes"]["A1"]["figures"] == {"Ana": {"workers": 2, "leader": False}}


def test_cli_replay_unreadable_move_keeps_the_text_as_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = {"players": ["Ana", "Ben"], "variant": "auction", "seed": 7,
              "moves": ["BID   3", "pass", "  Pick  I9 "]}
    status, out = run_main(write(tmp_path, record), capsys)
    assert status == 1 and out["applied"] == 2
    assert out["error"] == {"move": 2, "text": "  Pick  I9 ", "message": out["error"]["message"]}
    assert "Cannot read" in out["error"]["message"]
    assert (out["phase"], out["to_act"], out["ap_left"]) == ("pick", "Ana", None)
    assert out["scores"] == {"Ana": 17, "Ben": 20}


def test_cli_replay_wrong_player_at_move_zero(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run_main(write(tmp_path, {"players": ["Ana", "Ben"], "variant": "basic", "seed": 1,
                                            "moves": ["end"]}), capsys)
    assert status == 1 and out["applied"] == 0 and out["error"]["move"] == 0
    assert out["phase"] == "place" and out["ap_left"] == 10


GOOD: dict[str, Any] = {"players": ["Ana", "Ben"], "variant": "basic", "seed": 7, "moves": []}

UNREADABLE_RECORDS: list[tuple[str, Any]] = [
    ("not json", "{\"players\": [\"Ana\", "),
    ("not an object", json.dumps(["Ana", "Ben"])),
    ("move not a string", {**GOOD, "moves": ["place A3 0", 5]}),
    ("move null", {**GOOD, "moves": [None]}),
    ("one player", {**GOOD, "players": ["Ana"]}),
    ("five players", {**GOOD, "players": ["Ana", "Ben", "Cy", "Dee", "Eve"]}),
    ("name starts with a digit", {**GOOD, "players": ["Ana", "1Ben"]}),
    ("name with a space", {**GOOD, "players": ["Ana", "Ben B"]}),
    ("name too long", {**GOOD, "players": ["Ana", "B" * 17]}),
    ("empty name", {**GOOD, "players": ["Ana", ""]}),
    ("name with a hyphen", {**GOOD, "players": ["Ana", "Ben-B"]}),
    ("repeated name", {**GOOD, "players": ["Ana", "ana"]}),
    ("name pass", {**GOOD, "players": ["Ana", "pass"]}),
    ("name Mask", {**GOOD, "players": ["Ana", "Mask"]}),
    ("name c2", {**GOOD, "players": ["Ana", "c2"]}),
    ("name leader", {**GOOD, "players": ["Ana", "leader"]}),
    ("name move", {**GOOD, "players": ["MOVE", "Ana"]}),
    ("name h5", {**GOOD, "players": ["Ana", "H5"]}),
    ("variant", {**GOOD, "variant": "chess"}),
    ("seed not a number", {**GOOD, "seed": "7"}),
    ("seed not whole", {**GOOD, "seed": 7.5}),
    ("no players", {"variant": "basic", "seed": 7, "moves": []}),
    ("unknown hexagon", {**GOOD, "tile_order": ["A-1", "Z-9"]}),
    ("hexagon twice", {**GOOD, "tile_order": ["A-1", "A-1"]}),
    ("unknown kind", {**GOOD, "treasure_order": ["mask", "gold"]}),
    ("kind four times", {**GOOD, "treasure_order": ["mask", "idol", "mask", "mask", "mask"]}),
]


@pytest.mark.parametrize(("why", "data"), UNREADABLE_RECORDS, ids=[w for w, _ in UNREADABLE_RECORDS])
def test_cli_replay_unreadable_record(
    why: str, data: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out = run_main(write(tmp_path, data), capsys)
    assert status == 2
    message = out["error"]["message"]
    assert out == {"ok": False, "applied": 0, "error": {"move": None, "text": None, "message": message}}
    assert isinstance(message, str) and len(message) > 10


def test_cli_replay_unreadable_record_subprocess(tmp_path: Path) -> None:
    status, out = run_cli(write(tmp_path, {**GOOD, "players": ["Ana", "pass"]}))
    assert status == 2
    assert out == {"ok": False, "applied": 0, "error": {"move": None, "text": None,
                                                       "message": out["error"]["message"]}}
    assert "pass" in out["error"]["message"]


def test_cli_replay_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run_main(tmp_path / "nowhere.json", capsys)
    assert status == 2 and out["applied"] == 0 and out["error"]["move"] is None


def test_three_wafers_of_a_kind_may_be_named() -> None:
    record = read_record({**GOOD, "treasure_order": ["mask", "mask", "mask"]})
    assert record.start().setup.treasure_order[:3] == ("mask", "mask", "mask")
    with pytest.raises(InvalidRecord):
        read_record({**GOOD, "treasure_order": ["mask"] * 4})


@pytest.mark.parametrize(
    ("players", "variant"),
    [(["Ana"], "basic"), (["Ana", "ANA"], "basic"), (["Ana", "idol"], "basic"), (["Ana", "Ben"], "chess")],
)
def test_new_game_checks_its_setup(players: list[str], variant: str) -> None:
    with pytest.raises(InvalidRecord):
        new_game(players, variant, 1)


def test_new_game_checks_its_orders() -> None:
    with pytest.raises(InvalidRecord, match="Z-9"):
        new_game(["Ana", "Ben"], "basic", 1, tile_order=["Z-9"])
    with pytest.raises(InvalidRecord, match="more than 3 times"):
        new_game(["Ana", "Ben"], "basic", 1, treasure_order=["vase"] * 4)
