"""Command line: ``python -m engine replay FILE`` (SPEC section 6) and ``python -m engine console``."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from .errors import EngineError, InvalidRecord
from .record import read_record
from .rules import apply
from .summary import summary


def replay_file(path: str) -> tuple[int, dict[str, Any]]:
    """Replay the record in ``path``; return the exit status and the JSON object to print."""

    def unreadable(message: str) -> tuple[int, dict[str, Any]]:
        return 2, {"ok": False, "applied": 0, "error": {"move": None, "text": None, "message": message}}

    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except OSError as e:
        return unreadable(f"Cannot read {path}: {e.strerror or e}.")
    except (ValueError, UnicodeDecodeError) as e:
        return unreadable(f"{path} is not JSON: {e}.")
    try:
        record = read_record(data)
        state = record.start()
    except InvalidRecord as e:
        return unreadable(str(e))
    for i, text in enumerate(record.moves):
        try:
            state = apply(state, text)
        except EngineError as e:
            out = {"ok": False, "applied": i, "error": {"move": i, "text": text, "message": str(e)}}
            return 1, {**out, **summary(state)}
    return 0, {"ok": True, "applied": len(record.moves), "error": None, **summary(state)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description="The Tikal rules engine.")
    sub = parser.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay", help="replay a game record and print the resulting state as JSON")
    rp.add_argument("file")
    sub.add_parser("console", help="play a hot-seat game in this terminal")
    args = parser.parse_args(argv)
    if args.command == "replay":
        status, out = replay_file(args.file)
        json.dump(out, sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
        return status
    from .console import run_console

    return run_console()


if __name__ == "__main__":
    sys.exit(main())
