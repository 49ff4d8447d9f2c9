"""The replay corpus: records of every variant and option combination with what the engine before its
speed-up (commit b49b25d: 0617b1a and a view that hides the jumps chosen so far in its log) printed for
them, so a faster engine can be held to the same output.

The fixture ``replay_corpus.json.gz`` was written by ``python -m tests.engine.replay_corpus`` run with that
commit's engine (``git archive b49b25d engine tests`` into a folder, this file copied in, run there); write it
again only that way, and only when the replay contract itself changes. Per random game (one per
combination of ``test_option_properties.combinations``, 2–4 players) it holds the finished record and:

- the output of ``python -m engine replay`` (exit status and JSON text, ``ensure_ascii=False`` as the command
  line prints it) for the whole record, for a prefix of it, and for a prefix followed by an illegal or
  unreadable move (and, for finished games, a move after the end);
- SHA-256 digests, over every state of the game, of ``state_to_json``, of the spectator's and the player to
  act's ``GameView`` (``repr``) and of ``legal_moves`` (as text), so snapshots, views and legal moves stay the same.

Some records are written the way people write them (moves in lower case with extra spaces and leading zeros,
options out of order, no orders so that the seed deals them), and a few are not records at all (exit 2).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from engine import EngineError, GameState, apply, legal_moves, record_of, state_to_json, view
from engine.__main__ import replay_file
from tests.engine.randomplay import random_game, random_move_text
from tests.engine.test_option_properties import combinations

FIXTURE = Path(__file__).with_name("replay_corpus.json.gz")
NAMES = ("Ana", "Ben", "Cy", "Dee")

BAD_RECORDS: tuple[tuple[str, Any], ...] = (
    ("not json", "{\"players\": [\"Ana\""),
    ("not an object", [1, 2, 3]),
    ("no moves", {"players": ["Ana", "Ben"], "variant": "basic", "seed": 1}),
    ("one player", {"players": ["Ana"], "variant": "basic", "seed": 1, "moves": []}),
    ("five players", {"players": ["Ana", "Ben", "Cy", "Dee", "Eve"], "variant": "basic", "seed": 1, "moves": []}),
    ("a reserved name", {"players": ["Ana", "move"], "variant": "basic", "seed": 1, "moves": []}),
    ("names equal ignoring case", {"players": ["Ana", "ANA"], "variant": "basic", "seed": 1, "moves": []}),
    ("an option word as a name", {"players": ["Ana", "fire"], "variant": "basic", "seed": 1, "options": ["guns"],
                                  "moves": []}),
    ("a float seed", {"players": ["Ana", "Ben"], "variant": "basic", "seed": 1.5, "moves": []}),
    ("a move that is no string", {"players": ["Ana", "Ben"], "variant": "basic", "seed": 1, "moves": ["end", 3]}),
    ("an unknown variant", {"players": ["Ana", "Ben"], "variant": "chess", "seed": 1, "moves": []}),
    ("an unknown hexagon", {"players": ["Ana", "Ben"], "variant": "basic", "seed": 1, "tile_order": ["Z-9"],
                            "moves": []}),
    ("a hexagon twice", {"players": ["Ana", "Ben"], "variant": "basic", "seed": 1, "tile_order": ["A-1", "A-1"],
                         "moves": []}),
    ("a kind four times", {"players": ["Ana", "Ben"], "variant": "basic", "seed": 1,
                           "treasure_order": ["mask"] * 4, "moves": []}),
    ("an unknown option", {"players": ["Ana", "Ben"], "variant": "basic", "seed": 1, "options": ["fog"],
                           "moves": []}),
    ("two dice options", {"players": ["Ana", "Ben"], "variant": "basic", "seed": 1,
                          "options": ["indiana", "indiana2d6"], "moves": []}),
    ("random terrain without the auction", {"players": ["Ana", "Ben"], "variant": "basic", "seed": 1,
                                            "options": ["randomterrain"], "moves": []}),
    ("rolls without dice", {"players": ["Ana", "Ben"], "variant": "basic", "seed": 1, "rolls": [3], "moves": []}),
    ("a roll out of range", {"players": ["Ana", "Ben"], "variant": "basic", "seed": 1, "options": ["indiana1d20"],
                             "rolls": [21], "moves": []}),
    ("a volcano too early", {"players": ["Ana", "Ben"], "variant": "auction", "seed": 1,
                             "options": ["randomterrain"], "tile_order": ["B-1"], "moves": []}),
)


def digest(texts: list[str]) -> str:
    h = hashlib.sha256()
    for text in texts:
        h.update(text.encode())
        h.update(b"\0")
    return h.hexdigest()


def game_digests(states: list[GameState]) -> dict[str, str]:
    """Digests of every state's snapshot, views and legal moves."""
    return {
        "snapshots": digest([state_to_json(s) for s in states]),
        "views": digest([f"{view(s)!r}|{view(s, s.to_act if s.to_act >= 0 else None)!r}" for s in states]),
        "legal": digest(["\n".join(str(e) for e in legal_moves(s)) for s in states]),
    }


def replay_output(record: Any, folder: Path, name: str = "record.json") -> dict[str, Any]:
    """Run ``python -m engine replay``'s function on ``record`` (a dict, or text written as it is); the
    temporary folder's name in a message is written ``<folder>``."""
    path = folder / name
    path.write_text(record if isinstance(record, str) else json.dumps(record), encoding="utf-8")
    status, out = replay_file(str(path))
    return {"status": status, "output": json.dumps(out, ensure_ascii=False).replace(str(folder), "<folder>")}


def _as_people_write(move: str, rng: random.Random) -> str:
    """The same move with its words in lower case, extra spaces and leading zeros."""
    words = [w.lower() if rng.random() < 0.7 else w for w in move.split()]
    words = [f"0{w}" if w.isdigit() and rng.random() < 0.5 else w for w in words]
    return (" " * rng.randint(0, 2)) + "  ".join(words) + (" " * rng.randint(0, 2))


def _bad_move(state: GameState, rng: random.Random) -> str:
    """A move text that does not apply to ``state`` (illegal, or unreadable one time in eight)."""
    if rng.random() < 0.125:
        return rng.choice(("fly A1", "move A1 I9 1", "place C3 7", "deploy A1 0", "", "exchange gold Ben mask"))
    for _ in range(200):
        text = random_move_text(state, rng)
        try:
            apply(state, text)
        except EngineError:
            return text
    return "undo" if not state.undo_moves else "bid 999"


def build(folder: Path) -> dict[str, Any]:
    games = []
    for i, (variant, options) in enumerate(combinations()):
        players, seed = 2 + i % 3, 1400 + i
        states = random_game(players, variant, seed, options)
        final = states[-1]
        record = record_of(final)
        rng = random.Random(seed)
        cases = []
        if i % 4 == 1:
            as_written = {**record, "moves": [_as_people_write(m, rng) for m in record["moves"]],
                          "options": list(reversed(record.get("options", [])))}
            cases.append({"what": "as people write it", "record": as_written})
        if i % 4 == 2 and not options:
            seeded = {k: v for k, v in record.items() if k not in ("tile_order", "treasure_order")}
            cases.append({"what": "orders from the seed", "record": seeded})
        cases.append({"what": "whole", "record": record})
        cut = rng.randrange(1, len(record["moves"]))
        cases.append({"what": f"first {cut} moves", "record": {**record, "moves": record["moves"][:cut]}})
        bad_at = rng.randrange(1, len(record["moves"]))
        bad = _bad_move(states[bad_at], rng)
        cases.append({"what": f"a bad move after {bad_at}",
                      "record": {**record, "moves": [*record["moves"][:bad_at], bad, "end"]}})
        if i % 8 == 0:
            cases.append({"what": "a move after the end", "record": {**record, "moves": [*record["moves"], "end"]}})
        for case in cases:
            case.update(replay_output(case["record"], folder))
        games.append({"variant": variant, "options": list(options), "players": players, "seed": seed,
                      "cases": cases, **game_digests(states)})
        print(f"{i + 1:3}/128 {variant} {','.join(options) or '-'}: {len(record['moves'])} moves", file=sys.stderr)
    bad_records = [{"what": what, "record": record, **replay_output(record, folder)} for what, record in BAD_RECORDS]
    return {"games": games, "bad_records": bad_records}


def load() -> dict[str, Any]:
    with gzip.open(FIXTURE, "rt", encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    return data


def main() -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        corpus = build(Path(folder))
    with gzip.open(FIXTURE, "wt", encoding="utf-8", compresslevel=9) as f:
        json.dump(corpus, f, ensure_ascii=False, separators=(",", ":"))
    print(f"wrote {FIXTURE} ({FIXTURE.stat().st_size:,} bytes)", file=sys.stderr)


if __name__ == "__main__":
    main()
