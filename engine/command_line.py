"""A console's command line, shared by ``python -m engine console`` and ``python -m bot`` without a token: the
seats, variant, options, seed and computer seats. The language is not among them: the engine speaks English (its
messages' codes and parameters are its contract), and the bot's console adds ``--lang`` with its catalogues."""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from typing import Final

from .messages import Speaker


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

CONSOLE_EPILOG: Final = (
    "Moves are typed in the notation of docs/rules.md (section 5), e.g. `place C1 0`,\n`deploy A1 3`, `end`; "
    "`help` lists the legal moves, `quit` leaves (asking first\nwhile the game is under way).")


def add_console_options(parser: argparse.ArgumentParser) -> None:
    """The options every console takes: ``--players``, ``--variant``, ``--options``, ``--seed``, ``--computer``."""
    parser.add_argument("--players", help="comma-separated seat names, e.g. Ana,Ben,Cid (asked, with the computer "
                                          "seats and the variant, if neither is given)")
    parser.add_argument("--variant", type=str.lower, choices=["basic", "auction", "rapido"],
                        help="basic (the default when --players is given), auction or rapido")
    parser.add_argument("--options", help=OPTIONS_HELP)
    parser.add_argument("--seed", type=int, help="a whole number; a secure random one if missing")
    parser.add_argument("--computer", help="computer seats, e.g. 2=strong,3=easy (levels: random, easy, strong); "
                                           "without it and --players, asked")


def console_parser(prog: str, description: str, epilog: str | None = None) -> argparse.ArgumentParser:
    """A console's command line (``prog``'s) with the console's options."""
    parser = argparse.ArgumentParser(prog=prog, description=description, epilog=epilog,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    add_console_options(parser)
    return parser


def option_list(text: str | None) -> list[str]:
    """``noround, guns`` → ``["noround", "guns"]``."""
    return [o.strip() for o in (text or "").split(",") if o.strip()]


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


def console_arguments(args: argparse.Namespace, t: Speaker) -> ConsoleArguments | int:
    """The console's arguments spoken by ``t``, or the exit status after saying what is wrong."""
    try:
        computers = parse_computers(args.computer)
    except ValueError as e:
        print(f"✗ {e}", file=sys.stderr)
        return 2
    return ConsoleArguments(args.players, args.variant, args.seed, computers, option_list(args.options), t)
