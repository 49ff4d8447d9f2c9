"""Command line: ``python -m engine replay FILE`` (docs/rules.md, section 6), ``python -m engine console`` and
``python -m engine tournament``."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from .errors import EngineError, InvalidRecord
from .messages import ENGLISH, Speaker
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


@dataclass(frozen=True, slots=True)
class ConsoleArguments:
    """What a console's command line asks for (``python -m engine console``, ``python -m bot`` without a token)."""

    players: str | None
    variant: str | None
    seed: int | None
    computers: dict[int, str]
    options: list[str]
    speaker: Speaker


OPTIONS_HELP: Final = ("game options, comma-separated: noround, indiana, indiana2d6, indiana1d20, obstacles, guns, "
                       "randomterrain (auction only); docs/rules.md, section 7, explains each")


def add_console_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", help="comma-separated seat names, e.g. Ana,Ben,Cid (asked, with the computer "
                                          "seats and the variant, if neither is given)")
    parser.add_argument("--variant", type=str.lower, choices=["basic", "auction", "rapido"],
                        help="basic (the default when --players is given), auction or rapido")
    parser.add_argument("--options", help=OPTIONS_HELP)
    parser.add_argument("--seed", type=int, help="a whole number; a secure random one if missing")
    parser.add_argument("--computer", help="computer seats, e.g. 2=strong,3=easy (levels: random, easy, strong); "
                                           "without it and --players, asked")
    parser.add_argument("--lang", help="the language to play in: en, de, fr, es, it or nl (default: the terminal's, "
                                       "from LANGUAGE, LC_ALL or LANG)")


def console_options(args: argparse.Namespace) -> ConsoleArguments | int:
    """The console's arguments, or the exit status after saying what is wrong."""
    try:
        computers = parse_computers(args.computer)
        t = speaker(args.lang, os.environ)
    except ValueError as e:
        print(f"✗ {e}", file=sys.stderr)
        return 2
    return ConsoleArguments(args.players, args.variant, args.seed, computers, _options(args.options), t)


def console_parser(prog: str, description: str, epilog: str | None = None) -> argparse.ArgumentParser:
    """A console's command line (``prog``'s) with the console's options."""
    parser = argparse.ArgumentParser(prog=prog, description=description, epilog=epilog,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    add_console_options(parser)
    return parser


CONSOLE_EPILOG: Final = (
    "Moves are typed in the notation of docs/rules.md (section 5), e.g. `place C1 0`,\n`deploy A1 3`, `end`; "
    "`help` lists the legal moves, `quit` leaves (asking first\nwhile the game is under way).")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description="The Tikal rules engine.")
    sub = parser.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay", help="replay a game record and print the resulting state as JSON")
    rp.add_argument("file")
    add_console_options(sub.add_parser("console", help="play a hot-seat game in this terminal (text only; "
                                                       "python -m bot adds the pictures)", epilog=CONSOLE_EPILOG))
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
        return run_tournament_command(args.players, args.games, args.variant, args.seed, _options(args.options))
    console = console_options(args)
    if isinstance(console, int):
        return console
    return run_console(console.players, console.variant, console.seed, computers=console.computers,
                       options=console.options, t=console.speaker)


def speaker(requested: str | None, environ: Mapping[str, str]) -> Speaker:
    """The console's language: ``--lang``, else the terminal's (``LANGUAGE``, ``LC_ALL``, ``LANG`` …); raises
    ``ValueError`` naming the languages there are when ``--lang`` asks for another.

    The rules library never imports ``lang``; this command line may, and only for another language than
    English and only on the console's path (``replay`` stays free of Babel)."""
    from lang import AUTONYMS, known, locale_from_environment, translator

    if requested:
        locale = known(requested)
        if locale is None:
            there = ", ".join(f"{code} ({name})" for code, name in AUTONYMS.items())
            raise ValueError(f"“{requested[:20]}” is not a language of this game; --lang takes {there}.")
    else:
        locale = locale_from_environment(environ)
    return ENGLISH if locale == "en" else translator(locale)


def _options(text: str | None) -> list[str]:
    return [o.strip() for o in (text or "").split(",") if o.strip()]


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


def parse_computers(text: str | None) -> dict[int, str]:
    """Read ``--computer 2=strong,3=easy`` as 0-based seats → levels; raises ``ValueError``."""
    from .ai import LEVELS

    out: dict[int, str] = {}
    for part in (text or "").split(","):
        if not part.strip():
            continue
        seat, _, level = part.partition("=")
        if not seat.strip().isdigit() or level.strip() not in LEVELS:
            raise ValueError(f"“{part}” is not a computer seat: write seat=level, e.g. 2=strong "
                             f"(levels: {', '.join(LEVELS)}).")
        out[int(seat) - 1] = level.strip()
    return out


if __name__ == "__main__":
    sys.exit(main())
