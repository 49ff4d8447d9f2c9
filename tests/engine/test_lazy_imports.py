"""``import engine`` stays cheap: pydantic loads only where records or snapshots are read (the trust
boundary), never for the rules themselves. Each check runs in a fresh interpreter."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PLAY = """
import json, sys
import engine
from engine import apply, legal_moves, new_game, state_to_json, summary, view
s = new_game(["Ana", "Ben", "Cy"], "auction", 3, options=["guns", "obstacles", "indiana"])
for _ in range(60):
    s = apply(s, next(iter(legal_moves(s)[0].moves())))
view(s, 0); summary(s); state_to_json(s)
print(json.dumps(sorted({m.split(".")[0] for m in sys.modules})))
"""


def loaded(code: str) -> set[str]:
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    return set(json.loads(out.stdout.strip().splitlines()[-1]))


def test_import_engine_loads_no_pydantic() -> None:
    modules = loaded("import json, sys, engine; print(json.dumps(sorted({m.split('.')[0] for m in sys.modules})))")
    assert "engine" in modules
    assert "pydantic" not in modules and "pydantic_core" not in modules


def test_playing_loads_no_pydantic() -> None:
    """``new_game``, ``apply``, ``legal_moves``, ``view``, ``summary`` and writing a snapshot need no pydantic."""
    modules = loaded(PLAY)
    assert "pydantic" not in modules


def test_reading_a_record_or_a_snapshot_loads_pydantic() -> None:
    record = "engine.read_record({'players': ['Ana', 'Ben'], 'variant': 'basic', 'seed': 1, 'moves': []})"
    snapshot = "engine.state_from_json(engine.state_to_json(engine.new_game(['Ana', 'Ben'], 'basic', 1)))"
    for read in (record, snapshot):
        code = f"import json, sys, engine; {read}; print(json.dumps(sorted({{m.split('.')[0] for m in sys.modules}})))"
        assert "pydantic" in loaded(code)


def test_game_record_is_still_the_pydantic_model() -> None:
    from engine import GameRecord, read_record
    from engine.record import GameRecord as FromRecord

    record = read_record({"players": ["Ana", "Ben"], "variant": "basic", "seed": 1, "moves": []})
    assert isinstance(record, GameRecord) and FromRecord is GameRecord


def test_import_engine_loads_neither_json_nor_random() -> None:
    """They load where a snapshot is written or read and where a game is dealt, not with ``import engine``."""
    code = "import sys, engine; print(repr(sorted(m for m in ('json', 'random') if m in sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
