"""A fixed corpus of refused moves, records and snapshots whose English messages are pinned in
``error_texts.json``: the engine's ``str(error)`` must stay the same text, character for character
(the replay contract of SPEC section 6, and every reader of today's messages).

The cases come from seeded random games (random and near-miss moves at many positions) plus lists of
unreadable moves, bad records and bad snapshots. ``python -m tests.engine.error_corpus`` writes the
file again from the engine as it is; run it only when a message is meant to change.
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

from engine import EngineError, GameState, apply, legal_moves, new_game, read_record, state_from_dict, state_to_dict
from engine.console import Console
from tests.engine.randomplay import all_move_texts, mutations, random_game, random_move_text

TEXTS = Path(__file__).with_name("error_texts.json")

GAMES: tuple[tuple[int, str, int, tuple[str, ...]], ...] = (
    (2, "basic", 11, ()),
    (3, "basic", 12, ()),
    (4, "auction", 13, ()),
    (3, "auction", 14, ("noround",)),
    (2, "auction", 15, ("indiana", "obstacles")),
    (4, "basic", 16, ("guns", "obstacles")),
    (3, "auction", 17, ("randomterrain", "guns", "indiana2d6")),
    (4, "auction", 18, ("randomterrain", "noround")),
    (3, "rapido", 19, ("guns", "obstacles", "indiana1d20")),
    (2, "rapido", 20, ()),
)

UNREADABLE = (
    "", "   ", "fly A1", "place", "place Z9 0", "place A1 7", "place A1 x", "deploy A1 0", "deploy A1 x",
    "deploy I9 2", "move A1 B2", "move A1 B2 two", "transfer A1 B2 3 4", "uncover A2 0", "recover C3 x",
    "exchange gold Ben idol", "exchange mask Ben", "camp", "guard", "guard A2 foo", "guard A2 leader gun x",
    "guard A2 gun leader", "end now", "undo 1", "bid", "bid x", "bid 0", "pass 1", "pick", "pick 0",
    "obstacle A1", "fire A1", "jump", "jump 0", "jump x", "score maybe", "score", "Place a1 9",
)

UNREADABLE_WITH_OPTIONS = ("fly A1", "", "guard A2 foo", "guard A2 leader gun x", "guard A2 gun gun", "guard",
                           "guard A2 gun leader x")
"""Unreadable in a game with obstacles and machine guns (``GAMES[5]``): a guard's refusal names ``gun``, an unknown verb
still lists section 5's verbs only."""

BAD_RECORDS: tuple[dict[str, Any], ...] = (
    {"players": ["Ana"], "variant": "basic", "seed": 1, "moves": []},
    {"players": ["Ana", "Ben", "Cy", "Dee", "Eve"], "variant": "basic", "seed": 1, "moves": []},
    {"players": ["Ana", "ana"], "variant": "basic", "seed": 1, "moves": []},
    {"players": ["Ana", "9lives"], "variant": "basic", "seed": 1, "moves": []},
    {"players": ["Ana", "mask"], "variant": "basic", "seed": 1, "moves": []},
    {"players": ["Ana", "fire"], "variant": "basic", "seed": 1, "options": ["guns"], "moves": []},
    {"players": ["Ana", "Ben"], "variant": "chess", "seed": 1, "moves": []},
    {"players": ["Ana", "Ben"], "variant": "basic", "seed": "x", "moves": []},
    {"players": ["Ana", "Ben"], "variant": "basic", "seed": 1},
    {"players": ["Ana", "Ben"], "variant": "basic", "seed": 1, "moves": [3]},
    {"players": "Ana", "variant": "basic", "seed": 1, "moves": []},
    {"players": ["Ana", "Ben"], "variant": "basic", "seed": 1, "tile_order": ["Z-9"], "moves": []},
    {"players": ["Ana", "Ben"], "variant": "basic", "seed": 1, "tile_order": ["A-1", "A-1"], "moves": []},
    {"players": ["Ana", "Ben"], "variant": "basic", "seed": 1, "treasure_order": ["gold"], "moves": []},
    {"players": ["Ana", "Ben"], "variant": "basic", "seed": 1, "treasure_order": ["mask"] * 4, "moves": []},
    {"players": ["Ana", "Ben"], "variant": "basic", "seed": 1, "rolls": [3], "moves": []},
    {"players": ["Ana", "Ben"], "variant": "basic", "seed": 1, "options": ["indiana"], "rolls": [2], "moves": []},
    {"players": ["Ana", "Ben"], "variant": "basic", "seed": 1, "options": ["indiana1d20"], "rolls": [21],
     "moves": []},
    {"players": ["Ana", "Ben"], "variant": "basic", "seed": 1, "options": ["flying"], "moves": []},
    {"players": ["Ana", "Ben"], "variant": "basic", "seed": 1, "options": ["guns", "guns"], "moves": []},
    {"players": ["Ana", "Ben"], "variant": "basic", "seed": 1, "options": ["indiana", "indiana2d6"], "moves": []},
    {"players": ["Ana", "Ben"], "variant": "basic", "seed": 1, "options": ["randomterrain"], "moves": []},
    {"players": ["Ana", "Ben"], "variant": "auction", "seed": 1, "options": ["randomterrain"],
     "tile_order": ["B-1"], "moves": []},
    {"players": ["Ana", "Ben", "Cy"], "variant": "auction", "seed": 1, "options": ["randomterrain"],
     "tile_order": ["A-1", "A-2", "A-3", "A-4", "A-5", "A-6", "B-2", "B-3", "B-4", "D-3"], "moves": []},
)


def _snapshot_breakers() -> Iterator[Callable[[dict[str, Any]], Any]]:
    def format_(d: dict[str, Any]) -> None:
        d["format"] = 999

    def tiles(d: dict[str, Any]) -> None:
        d["setup"]["tile_order"] = d["setup"]["tile_order"][:-1]

    def wafers(d: dict[str, Any]) -> None:
        d["setup"]["treasure_order"][0] = "gold"

    def per_player(d: dict[str, Any]) -> None:
        d["score"] = d["score"][:1]

    def hex_players(d: dict[str, Any]) -> None:
        d["board"][0]["workers"] = [0]

    def unknown_tile(d: dict[str, Any]) -> None:
        d["board"][-1]["tile"] = "Z-9"

    def no_hexagon(d: dict[str, Any]) -> None:
        d["board"].append({**d["board"][0], "space": "H5", "tile": None})

    def bad_space(d: dict[str, Any]) -> None:
        d["board"][0]["space"] = "Q7"

    def hand(d: dict[str, Any]) -> None:
        d["hand"] = "Z-9"

    def shown(d: dict[str, Any]) -> None:
        d["shown"] = ["Z-9"]

    def missing(d: dict[str, Any]) -> None:
        del d["score"]

    def wrong_type(d: dict[str, Any]) -> None:
        d["version"] = "x"

    def undo(d: dict[str, Any]) -> None:
        d["undo_base"], d["undo_moves"] = None, ["end"]

    def options(d: dict[str, Any]) -> None:
        d["setup"]["options"] = ["flying"]

    yield from (format_, tiles, wafers, per_player, hex_players, unknown_tile, no_hexagon, bad_space, hand, shown,
                missing, wrong_type, undo, options)


@cache
def game_states(index: int) -> tuple[GameState, ...]:
    players, variant, seed, options = GAMES[index]
    return tuple(random_game(players, variant, seed, options))


def _shape(message: str) -> str:
    return re.sub(r"\b[A-H][1-5]\b|\d+|“[^”]*”|\b(Ana|Ben|Cy|Dee)\b", "#", message)


def _moves_at(state: GameState, rng: random.Random) -> Iterator[str]:
    for _ in range(24):
        yield random_move_text(state, rng)
    yield from mutations(legal_moves(state), rng, 8)
    yield from ("end", "deploy A1 1", "pick 1", "bid 1", "jump 1", "score yes")
    if state.setup.options:
        yield from (t for t in all_move_texts(state) if t.startswith("fire ") or t.endswith(" gun"))


def refused_error(state: GameState, text: str) -> EngineError:
    """The error ``text`` raises at ``state``."""
    try:
        apply(state, text)
    except EngineError as e:
        return e
    raise AssertionError(f"{text} applies")


def refused(state: GameState, text: str) -> str | None:
    """The English message of the error ``text`` raises at ``state`` (``None`` if it applies)."""
    try:
        apply(state, text)
    except EngineError as e:
        return str(e)
    return None


def move_cases(per_shape: int = 2) -> list[dict[str, Any]]:
    """Refused moves of the random games, at most ``per_shape`` per message shape (numbers, spaces and names
    masked), plus every unreadable move of ``UNREADABLE`` at the first position of the first game and of
    ``UNREADABLE_WITH_OPTIONS`` at the first position of a game with options."""
    kept: list[dict[str, Any]] = []
    count: dict[str, int] = {}
    for g in range(len(GAMES)):
        states = game_states(g)
        rng = random.Random(g)
        for at in range(0, len(states), 5):
            for text in dict.fromkeys(_moves_at(states[at], rng)):
                message = refused(states[at], text)
                if message is None:
                    continue
                shape = _shape(message)
                if count.get(shape, 0) < per_shape:
                    count[shape] = count.get(shape, 0) + 1
                    kept.append({"game": g, "at": at, "move": text, "message": message})
    first = game_states(0)[0]
    for text in UNREADABLE:
        message = refused(first, text)
        assert message is not None, text
        kept.append({"game": 0, "at": 0, "move": text, "message": message})
    with_options = game_states(5)[0]
    for text in UNREADABLE_WITH_OPTIONS:
        message = refused(with_options, text)
        assert message is not None, text
        kept.append({"game": 5, "at": 0, "move": text, "message": message})
    return kept


def record_message(record: dict[str, Any]) -> str:
    try:
        read_record(record).start()
    except EngineError as e:
        return str(e)
    raise AssertionError(f"not refused: {record}")


def snapshot_messages() -> list[str]:
    base = state_to_dict(game_states(2)[40])
    out = []
    for breaker in _snapshot_breakers():
        data = copy.deepcopy(base)
        breaker(data)
        try:
            state_from_dict(data)
        except EngineError as e:
            out.append(str(e))
        else:
            raise AssertionError(f"not refused: {breaker.__name__}")
    return out


def other_messages() -> list[str]:
    """Errors raised outside the moves' checks: the console's computer seats, ``new_game``'s variant, a move
    for an older version of the game, a move by the wrong player."""
    out = []
    state = game_states(0)[3]
    for attempt in (lambda: Console.start(["Ana", "Ben"], computers={5: "easy"}),
                    lambda: new_game(["Ana", "Ben"], "chess"),
                    lambda: apply(state, "end", expected_version=1),
                    lambda: apply(state, "end", player=1 - state.to_act)):
        try:
            attempt()
        except EngineError as e:
            out.append(str(e))
    return out


def corpus() -> dict[str, Any]:
    return {"moves": move_cases(), "records": [record_message(r) for r in BAD_RECORDS],
            "snapshots": snapshot_messages(), "other": other_messages()}


if __name__ == "__main__":
    TEXTS.write_text(json.dumps(corpus(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
