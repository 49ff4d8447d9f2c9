"""Command line: ``python -m engine replay FILE`` (SPEC section 6) and ``python -m engine console``."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from .console import Console
from .errors import EngineError, InvalidRecord
from .messages import ENGLISH, Speaker
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
    cp.add_argument("--variant", choices=["basic", "auction", "rapido"], help="asked if missing")
    cp.add_argument("--options", help="game options (SPEC 7), comma-separated, e.g. guns,obstacles")
    cp.add_argument("--seed", type=int, help="a whole number; a secure random one if missing")
    cp.add_argument("--computer", help="computer seats, e.g. 2=strong,3=easy (levels: random, easy, strong)")
    cp.add_argument("--lang", help="the language to play in: en, de, fr, es, it or nl (default: from LANG)")
    tp = sub.add_parser("tournament", help="computer players against each other: win rates and scores")
    tp.add_argument("--games", type=int, default=20, help="games per variant (default 20)")
    tp.add_argument("--players", default="strong,random", help="levels, one per seat, e.g. strong,easy,easy,easy")
    tp.add_argument("--variant", choices=["basic", "auction", "rapido", "both"], default="basic")
    tp.add_argument("--options", default="", help="game options (SPEC 7) for every game, e.g. noround,guns")
    tp.add_argument("--seed", type=int, default=1, help="games use seed, seed+1, … (default 1)")
    args = parser.parse_args(argv)
    if args.command == "replay":
        status, out = replay_file(args.file)
        json.dump(out, sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
        return status
    if args.command == "tournament":
        return run_tournament_command(args.players, args.games, args.variant, args.seed, _options(args.options))
    try:
        computers = parse_computers(args.computer)
    except ValueError as e:
        print(f"✗ {e}")
        return 2
    return run_console(args.players, args.variant, args.seed, computers=computers, options=_options(args.options),
                       t=speaker(args.lang, os.environ))


def speaker(requested: str | None, environ: Mapping[str, str]) -> Speaker:
    """The console's language: ``--lang``, else the terminal's (``LANGUAGE``, ``LC_ALL``, ``LANG`` …).

    The rules library never imports ``lang``; this command line may, and only for another language than
    English and only on the console's path (``replay`` stays free of Babel)."""
    from lang import locale_from_environment, resolve, translator

    locale = resolve(requested) if requested else locale_from_environment(environ)
    return ENGLISH if locale == "en" else translator(locale)


def _options(text: str | None) -> list[str]:
    return [o.strip() for o in (text or "").split(",") if o.strip()]


def run_tournament_command(players: str, games: int, variant: str, seed: int, options: Sequence[str] = ()) -> int:
    """``python -m engine tournament``: play the games, print one dot per game, then the table."""
    from .tournament import format_result, run_tournament

    variants = ["basic", "auction"] if variant == "both" else [variant]
    try:
        result = run_tournament([p.strip() for p in players.split(",")], games, variants, seed,
                                progress=lambda done, _: print(".", end="", flush=True, file=sys.stderr),
                                options=options)
    except ValueError as e:
        print(f"✗ {e}")
        return 2
    print(file=sys.stderr)
    print(format_result(result))
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
    computers: dict[int, str] | None = None,
    options: Sequence[str] = (),
    t: Speaker = ENGLISH,
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
            variant = _ask("Variant, basic, auction or rapido?", "basic")
        try:
            console = Console.start([p.strip() for p in (players or "Ana,Ben").split(",")], variant or "basic", seed,
                                    computers=computers, options=options, t=t)
            break
        except EngineError as e:
            print(f"✗ {t.message(e.message)}")
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
