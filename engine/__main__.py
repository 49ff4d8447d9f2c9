"""Command line: ``python -m engine replay FILE`` (SPEC section 6) and ``python -m engine console``."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any, Protocol

from .console import Console
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
    cp = sub.add_parser("console", help="play a hot-seat game in this terminal")
    cp.add_argument("--players", help="comma-separated seat names, e.g. Ana,Ben,Cid (asked if missing)")
    cp.add_argument("--variant", choices=["basic", "auction"], help="asked if missing")
    cp.add_argument("--seed", type=int, help="a whole number; a secure random one if missing")
    args = parser.parse_args(argv)
    if args.command == "replay":
        status, out = replay_file(args.file)
        json.dump(out, sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
        return status
    return run_console(args.players, args.variant, args.seed)


class Handler(Protocol):
    def handle(self, line: str) -> str: ...


def _ask(prompt: str, default: str) -> str:
    try:
        answer = input(f"{prompt} [{default}]: ").strip()
    except EOFError:
        answer = ""
    return answer or default


def run_console(
    players: str | None,
    variant: str | None,
    seed: int | None,
    *,
    wrap: Callable[[Console], Handler] | None = None,
    intro_extra: str = "",
) -> int:
    """The terminal loop around ``engine.console.Console``: the only place it reads and prints.

    ``wrap`` may put another line handler around the console (the bot's local mode adds pictures).
    """
    interactive = sys.stdin.isatty()
    while True:
        if players is None and interactive:
            count = _ask("How many players (2-4)?", "2")
            defaults = ["Ana", "Ben", "Cid", "Dee"][: int(count) if count in ("2", "3", "4") else 2]
            players = _ask("Seat names, comma-separated, seat 1 starts", ",".join(defaults))
        if variant is None and interactive:
            variant = _ask("Variant, basic or auction?", "basic")
        try:
            console = Console.start([p.strip() for p in (players or "Ana,Ben").split(",")], variant or "basic", seed)
            break
        except EngineError as e:
            print(f"✗ {e}")
            if not interactive:
                return 2
            players = variant = None
    handler: Handler = wrap(console) if wrap else console
    print(console.intro() + (f"\n{intro_extra}" if intro_extra else ""))
    while not console.finished:
        try:
            line = input(f"{console.state.players[console.state.to_act]}> ")
        except (EOFError, KeyboardInterrupt):
            print()
            return 0
        if line.strip().lower() in ("quit", "exit"):
            return 0
        print(handler.handle(line))
    return 0


if __name__ == "__main__":
    sys.exit(main())
