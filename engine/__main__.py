"""Command line: ``python -m engine replay FILE`` (docs/rules.md, section 6), ``python -m engine console`` and
``python -m engine tournament``."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from .command_line import CONSOLE_EPILOG, add_console_options, console_arguments, option_list
from .errors import EngineError, InvalidRecord
from .messages import ENGLISH
from .record import read_record
from .rules import apply
from .summary import summary
from .terminal import run_console


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
    cp = sub.add_parser("console", help="play a hot-seat game in this terminal, in English (text only; python -m bot "
                                        "adds the pictures and other languages)", epilog=CONSOLE_EPILOG)
    add_console_options(cp)
    cp.add_argument("--lang", help="en: the engine's console speaks English; python -m bot --lang de (fr, es, it, "
                                   "nl) plays in another language")
    tp = sub.add_parser("tournament", help="computer players against each other: win rates and scores")
    tp.add_argument("--games", type=int, default=20, help="games per variant (default 20)")
    tp.add_argument("--players", default="strong,random", help="levels, one per seat, e.g. strong,easy,easy,easy")
    tp.add_argument("--variant", choices=["basic", "auction", "rapido", "both"], default="basic")
    tp.add_argument("--options", default="", help="game options for every game, e.g. noround,guns "
                                                      "(docs/rules.md, section 7)")
    tp.add_argument("--seed", type=int, default=1, help="games use seed, seed+1, … (default 1)")
    args = parser.parse_args(argv)
    if args.command == "replay":
        status, out = replay_file(args.file)
        json.dump(out, sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
        return status
    if args.command == "tournament":
        return run_tournament_command(args.players, args.games, args.variant, args.seed, option_list(args.options))
    if args.lang and not args.lang.strip().lower().startswith("en"):
        print(f"✗ python -m engine console speaks English; `python -m bot --lang {args.lang.strip()[:20]}` plays in "
              "another language (de, fr, es, it, nl), with the board's pictures.", file=sys.stderr)
        return 2
    console = console_arguments(args, ENGLISH)
    if isinstance(console, int):
        return console
    return run_console(console.players, console.variant, console.seed, computers=console.computers,
                       options=console.options, t=console.speaker)


def run_tournament_command(players: str, games: int, variant: str, seed: int, options: Sequence[str] = ()) -> int:
    """``python -m engine tournament``: play the games with their progress and the time left on standard error,
    then print the table."""
    from .tournament import Progress, format_result, run_tournament

    variants = ["basic", "auction"] if variant == "both" else [variant]
    try:
        result = run_tournament([p.strip() for p in players.split(",")], games, variants, seed,
                                progress=Progress(games * len(variants), sys.stderr), options=options)
    except ValueError as e:
        print(f"✗ {e}", file=sys.stderr)
        return 2
    print(format_result(result), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
