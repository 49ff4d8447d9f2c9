"""Command line: ``python -m engine replay FILE`` (SPEC section 6) and ``python -m engine console``."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .console import Console
from .errors import EngineError, InvalidRecord
from .messages import ENGLISH, Msg, Speaker
from .record import check_players, read_record
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


@dataclass(frozen=True, slots=True)
class ConsoleArguments:
    """What a console's command line asks for (``python -m engine console``, ``python -m bot`` without a token)."""

    players: str | None
    variant: str | None
    seed: int | None
    computers: dict[int, str]
    options: list[str]
    speaker: Speaker


def add_console_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", help="comma-separated seat names, e.g. Ana,Ben,Cid (asked if missing)")
    parser.add_argument("--variant", type=str.lower, choices=["basic", "auction", "rapido"], help="asked if missing")
    parser.add_argument("--options", help="game options (SPEC 7), comma-separated, e.g. guns,obstacles")
    parser.add_argument("--seed", type=int, help="a whole number; a secure random one if missing")
    parser.add_argument("--computer", help="computer seats, e.g. 2=strong,3=easy (levels: random, easy, strong)")
    parser.add_argument("--lang", help="the language to play in: en, de, fr, es, it or nl (default: from LANG)")


def console_options(args: argparse.Namespace) -> ConsoleArguments | int:
    """The console's arguments, or the exit status after saying what is wrong."""
    try:
        computers = parse_computers(args.computer)
    except ValueError as e:
        print(f"✗ {e}")
        return 2
    return ConsoleArguments(args.players, args.variant, args.seed, computers, _options(args.options),
                            speaker(args.lang, os.environ))


def console_arguments(prog: str, argv: list[str] | None = None) -> ConsoleArguments | int:
    """Read a console's command line (``prog``'s), or return the exit status after a mistake."""
    parser = argparse.ArgumentParser(prog=prog, description="Play Tikal hot-seat in this terminal.")
    add_console_options(parser)
    try:
        return console_options(parser.parse_args(argv))
    except SystemExit as exit_:
        return int(exit_.code or 0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description="The Tikal rules engine.")
    sub = parser.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay", help="replay a game record and print the resulting state as JSON")
    rp.add_argument("file")
    add_console_options(sub.add_parser("console", help="play a hot-seat game in this terminal"))
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
    console = console_options(args)
    if isinstance(console, int):
        return console
    return run_console(console.players, console.variant, console.seed, computers=console.computers,
                       options=console.options, t=console.speaker)


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


class Setup:
    """The console's questions before a game, each answer checked at once (case-insensitively) and asked
    again until it is good; what the command line gave is kept and not asked."""

    def __init__(self, t: Speaker, computers: dict[int, str], ask: Callable[[str], str] | None = None) -> None:
        self.t = t
        self.computers = computers
        self._ask = ask

    def _answer(self, prompt: str, default: str) -> str:
        try:
            answer = (self._ask or input)(f"{prompt} [{default}]: ").strip()
        except EOFError:
            answer = ""
        return answer or default

    def count(self) -> int:
        """2–4, and at least one seat more than the highest computer seat given on the command line."""
        least = max(2, *(seat + 1 for seat in self.computers)) if self.computers else 2
        while True:
            answer = self._answer(self.t.tr("console.ask.count", "How many players ({low}-4)?", low=least),
                                  str(least))
            if answer in {str(n) for n in range(least, 5)}:
                return int(answer)
            wrong = self.t.tr("console.bad.count", "Tikal is for {low} to 4 players here, not “{answer}”.",
                              low=least, answer=answer[:20])
            print(f"✗ {wrong}")

    def names(self, count: int) -> list[str]:
        defaults = ",".join(["Ana", "Ben", "Cid", "Dee"][:count])
        while True:
            answer = self._answer(self.t.tr("console.ask.names", "Seat names, comma-separated, seat 1 starts"),
                                  defaults)
            names = [n.strip() for n in answer.split(",") if n.strip()]
            problem = seat_names_problem(names, count)
            if problem is None:
                return names
            print(f"✗ {self.t.message(problem)}")

    def variant(self) -> str:
        while True:
            answer = self._answer(self.t.tr("console.ask.variant", "Variant: basic, auction or rapido?"),
                                  "basic").lower()
            if answer in ("basic", "auction", "rapido"):
                return answer
            wrong = self.t.tr("console.bad.variant", "The variant is basic, auction or rapido, not “{answer}”.",
                              answer=answer[:20])
            print(f"✗ {wrong}")


def seat_names_problem(names: Sequence[str], count: int) -> Msg | None:
    """Why ``names`` cannot be the seats of a ``count``-player game, or None."""
    if len(names) != count:
        return Msg("console.names_count", n=count, given=len(names))
    try:
        check_players(names)
    except InvalidRecord as e:
        return e.message
    return None


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
    after_game: Callable[[Console], str] | None = None,
) -> int:
    """The terminal loop around ``engine.console.Console``: the only place it reads and prints.

    ``intro_extra`` is printed before anything is asked; ``wrap`` may put another line handler around the
    console (the bot's local mode adds pictures); ``after_game`` may say something once the game is over
    (where its record was saved). Ctrl-C or end of input leaves cleanly, at any question.
    """
    try:
        return _console_loop(players, variant, seed, wrap=wrap, intro_extra=intro_extra, computers=computers or {},
                             options=options, t=t, after_game=after_game)
    except KeyboardInterrupt:
        print()
        return 0


def _console_loop(
    players: str | None, variant: str | None, seed: int | None, *, wrap: Callable[[Console], Handler] | None,
    intro_extra: str, computers: dict[int, str], options: Sequence[str], t: Speaker,
    after_game: Callable[[Console], str] | None,
) -> int:
    if intro_extra:
        print(intro_extra)
    interactive = sys.stdin.isatty()
    setup = Setup(t, computers)
    if players is None and interactive:
        players = ",".join(setup.names(setup.count()))
    if variant is None and interactive:
        variant = setup.variant()
    try:
        console = Console.start([p.strip() for p in (players or "Ana,Ben").split(",")], (variant or "basic").lower(),
                                seed, computers=computers, options=options, t=t)
    except EngineError as e:
        print(f"✗ {t.message(e.message)}")
        return 2
    handler: Handler = wrap(console) if wrap else console
    print(console.intro())
    over_said = False
    while True:
        if console.finished and not over_said:
            over_said = True
            print(t.tr("console.after_game", "The game is over: `record` prints its record, `show` the board, "
                                             "`quit` leaves."))
            if after_game is not None:
                print(after_game(console))
        prompt = t.tr("console.over_prompt", "game over") if console.finished else \
            console.state.players[console.state.to_act]
        try:
            line = input(f"{prompt}> ")
        except EOFError:
            print()
            return 0
        if line.strip().lower() in ("quit", "exit"):
            return 0
        print(handler.handle(line))


if __name__ == "__main__":
    sys.exit(main())
