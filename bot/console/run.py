"""``python -m bot`` without a token: the console's command line (the engine console's options, ``--lang``,
``--resume``, ``--tutorial``) and the terminal loop around a ``LocalTable``."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Final

from bot.console.folders import RECORD, GameOpenElsewhere, NotResumable, claim, game_folder, game_to_resume, saved_game
from bot.console.table import LocalTable
from bot.console.tutorial import TutorialConsole
from bot.core.storage.process_lock import ProcessLock
from bot.core.tutorial.lesson import lesson_names
from engine.command_line import console_arguments
from engine.command_line import console_parser as engine_console_parser
from engine.console import Console
from engine.messages import ENGLISH, Speaker
from lang import AUTONYMS, known, locale_from_environment, translator

DESCRIPTION: Final = """\
Tikal for Discord. With DISCORD_TOKEN set (in the environment or .env) this runs the Discord bot; without it,
the local console: the game in this terminal, with the same commands as in Discord (`place C1 0` or
`/tikal place C1 0`, `board`, `hint`, `rules` …) and a picture of the board after every turn.

Other commands:
  python -m bot migrate-db --help   copy a SQLite database's games into PostgreSQL (README, "Running at scale")
  python -m bot doctor              what would stop the bot in each server, in plain words (README, "For hosts")
  python -m bot backup FILE         a copy of the SQLite database while the bot runs; restore FILE puts one back
  python -m bot healthcheck         whether the running bot is ready (HEALTH_PORT or WEB_PORT's /healthz)"""

EPILOG: Final = """\
Each game is kept in a folder of its own under BOARD_DIR (default boards/): its pictures and its record, saved
after every move. `quit` (or Ctrl-C, Ctrl-D) asks before leaving a game under way; `--resume` continues it.
The moves' notation and the options are explained in docs/rules.md."""


def speaker(requested: str | None, environ: Mapping[str, str]) -> Speaker:
    """The console's language: ``--lang``, else the terminal's (``LANGUAGE``, ``LC_ALL``, ``LANG`` …); raises
    ``ValueError`` naming the languages there are when ``--lang`` asks for another."""
    if requested:
        locale = known(requested)
        if locale is None:
            there = ", ".join(f"{code} ({name})" for code, name in AUTONYMS.items())
            raise ValueError(f"“{requested[:20]}” is not a language of this game; --lang takes {there}.")
    else:
        locale = locale_from_environment(environ)
    return ENGLISH if locale == "en" else translator(locale)


def console_parser() -> argparse.ArgumentParser:
    """``python -m bot``'s command line: the console's options, ``--lang``, ``--resume`` and ``--tutorial``."""
    parser = engine_console_parser("python -m bot", DESCRIPTION, EPILOG)
    parser.add_argument("--lang", help="the language to play in: en, de, fr, es, it or nl (default: the terminal's, "
                                       "from LANGUAGE, LC_ALL or LANG)")
    parser.add_argument("--resume", nargs="?", const="", default=None, metavar="FOLDER",
                        help="continue a game that was left: the folder's name (or path), else the most recent "
                             "unfinished game")
    parser.add_argument("--tutorial", nargs="?", const="basic", default=None, choices=lesson_names(),
                        metavar="LESSON", help="learn to play in a guided game against the computer (about 15 "
                                               "minutes): basic, the default, or auction; asked on the first start")
    return parser


def first_start(board_dir: Path) -> bool:
    """Whether no game was ever kept under ``board_dir`` (the first start offers the tutorial)."""
    return not any(board_dir.glob(f"*/{RECORD}"))


def offer_tutorial(t: Speaker, ask: Callable[[str], str]) -> bool:
    """Ask whether to play the tutorial (yes unless the answer says no); end of input or Ctrl-C: no."""
    from engine.terminal import answer_words, is_yes

    yes, no = answer_words(t)
    try:
        answer = ask(t.tr("local.offer_tutorial", "First time here? Learn Tikal in a guided game against the computer "
                                                  "(about 15 minutes)? ({yes}/{no}) [{yes}]: ", yes=yes, no=no))
    except (EOFError, KeyboardInterrupt):
        print()
        return False
    return not answer.strip() or is_yes(answer, t)


def tutorial_player(players: str | None, t: Speaker) -> str:
    """The learner's seat name: the first of ``--players``, else Ana (the name the README plays with)."""
    given = (players or "").split(",")[0].strip()
    return given or "Ana"


def run(board_dir: Path, argv: list[str] | None = None, *, ask: Callable[[str], str] = input) -> int:
    """The terminal loop (the only place that reads input and prints), with the engine console's options:
    ``--players``, ``--variant``, ``--options``, ``--seed``, ``--computer 2=strong,…``, ``--lang``,
    ``--resume [FOLDER]`` and ``--tutorial [LESSON]``. Started in a terminal without any, on a board folder that
    never kept a game, it offers the tutorial first."""
    from engine.terminal import run_console

    parser = console_parser()
    try:
        parsed = parser.parse_args(argv)
    except SystemExit as exit_:
        return int(exit_.code or 0)
    try:
        t = speaker(parsed.lang, os.environ)
    except ValueError as e:
        print(f"✗ {e}", file=sys.stderr)
        return 2
    args = console_arguments(parsed, t)
    if isinstance(args, int):
        return args
    resumed: Console | None = None
    lock: ProcessLock | None = None
    if not argv and sys.stdin.isatty() and first_start(board_dir) and offer_tutorial(t, ask):
        parsed.tutorial = "basic"
    if parsed.resume is not None:
        try:
            resumed, folder = game_to_resume(board_dir, parsed.resume or None, t)
            lock = claim(folder, t)
            resumed = saved_game(folder, t)  # read again now that no other console can change it
        except NotResumable as e:
            print(f"✗ {e}")
            return 2
        except GameOpenElsewhere as e:
            print(f"✗ {e}")
            return 1
    else:
        folder = game_folder(board_dir)
        if parsed.tutorial is not None:
            resumed = TutorialConsole.begin(parsed.tutorial, tutorial_player(args.players, t), t)
    tables: list[LocalTable] = []

    def wrap(console: Console) -> LocalTable:
        tables.append(LocalTable(console, folder, resumed=resumed is not None, lock=lock))
        return tables[-1]

    intro = t.tr("local.intro", "No DISCORD_TOKEN is set, so this is the local console: the same commands as in "
                                "Discord (`/tikal place C1 0` or `place C1 0`, `/tikal board`, `/tikal hint`, "
                                "`/tikal-game rules` …). The game's pictures and its record, saved after every move, "
                                "go to {folder}/.", folder=str(folder))
    try:
        status = run_console(args.players, args.variant, args.seed, wrap=wrap, intro_extra=intro,
                             computers=args.computers, options=args.options, t=t, resumed=resumed,
                             after_game=lambda _: tables[-1].after_game() if tables else "")
    finally:
        for table in tables:
            table.release()
        if lock is not None:
            lock.release()
    if not sys.stdin.isatty() and resumed is None and tables and tables[-1].console.state.version == 0:
        # e.g. a container started without a token: say what it lacks, where its log shows it
        print(t.tr("local.no_token_no_input", "No DISCORD_TOKEN is set and nothing was typed: set DISCORD_TOKEN (in "
                                              "the environment or .env) to run the Discord bot, or start `python -m "
                                              "bot` in a terminal to play here."), file=sys.stderr)
    return status
