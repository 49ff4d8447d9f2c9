"""``python -m bot`` without a token: the engine's console with the bot's pictures, hint and help.

Every line the engine console reads works (``place C1 0``, ``show``, ``record`` …), and so do the Discord
commands as one would type them in a channel: ``/tikal place C1 0``, ``/tikal place space:C1 rotation:0``,
``/tikal board``, ``/tikal board zoom:A1``, ``/tikal hint``, ``/tikal-game status``, ``/tikal-game rules``.
Each game writes into a folder of its own under the board folder: a channel picture after every turn that
changed the board (a computer's too), the pictures asked for with ``board``, and the game's record after every
move, so that ``--resume`` continues a game that was left. Once the game is over, ``review`` looks back on it as
``/tikal-game review`` does (and keeps the review beside the record).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Final

from bot.adapter.messages import review as review_words
from bot.core.storage.process_lock import LockHeld, ProcessLock
from bot.core.table.hints import hint_plain, suggest
from bot.core.tutorial.lesson import lesson_names
from bot.core.words.help import explained, rules_for
from bot.local_tutorial import TutorialConsole
from bot.local_tutorial import resumed as tutorial_resumed
from engine import EngineError, GameState, GameView, Phase, apply, parse_move, read_record, record_of, replay, view
from engine.ai.review import TurnLoss, fingerprint, review_turns, turn_loss_from_json, worst_turns
from engine.board import parse_space
from engine.console import Console, status_text
from engine.messages import Speaker
from render import legend_lines, option_legend_lines, render_board, render_detail, render_placement, render_zoom

COMMAND_WORDS: Final = ("tikal", "tikal-game", "tikal-mod")
ONLY_IN_DISCORD: Final = ("new", "join", "leave", "start", "games", "history", "export", "resign", "order",
                          "settings", "stats", "abort", "kick", "replace", "computer", "skip", "pause", "resume",
                          "deadline", "config", "resend")


@dataclass(frozen=True, slots=True)
class Typed:
    """A typed line read as a command: its word and the rest (Discord's ``option:value`` forms unwrapped)."""

    word: str
    args: tuple[str, ...]

    @property
    def line(self) -> str:
        return " ".join((self.word, *self.args))


def read_line(line: str) -> Typed:
    """``/tikal place space:C1 rotation:0`` → ``place C1 0``; ``/tikal guard space:A2 leader:True`` → ``guard A2
    leader``; lines without a slash stay as they are."""
    words = line.split()
    if words and words[0].lstrip("/").lower() in COMMAND_WORDS and words[0].startswith("/"):
        words = words[1:]
    elif words and words[0].startswith("/"):
        words[0] = words[0][1:]
    out: list[str] = []
    for word in words:
        name, colon, value = word.partition(":")
        if not colon or not name.isidentifier():
            out.append(word)
        elif value.lower() == "true":
            out.append(name)
        elif value.lower() != "false":
            out.append(value)
    if not out:
        return Typed("", ())
    return Typed(out[0].lower(), tuple(out[1:]))


def _signature(v: GameView) -> tuple[object, ...]:
    """What a picture shows that can change: the spaces, the scores, the hexagons in hand or shown."""
    return v.spaces, tuple(p.score for p in v.players), v.shown, v.hand


RECORD: Final = "record.json"
REVIEW: Final = "review.json"
"""Beside the record of a finished game: its review, once asked for (``review``)."""
SEATS: Final = "console.json"
"""Beside the record: the computer seats and their levels, which a record does not hold."""
LOCK: Final = "console.lock"
"""Beside the record while a console has the game open: that process's pid (``ProcessLock``)."""


class GameOpenElsewhere(Exception):
    """Another console has the game's folder open (the sentence is the message)."""


def claim(folder: Path, t: Speaker) -> ProcessLock:
    """The folder's lock for this console, the folder made if missing; raises ``GameOpenElsewhere`` while another
    running console holds it (a lock left by one that ended, however it ended, is taken over)."""
    folder.mkdir(parents=True, exist_ok=True)
    try:
        return ProcessLock.take(folder / LOCK)
    except LockHeld as held:
        raise GameOpenElsewhere(t.tr("local.open_elsewhere", "The game in {folder} is open in another console "
                                                             "(process {pid}): play on there, or leave it there "
                                                             "first (`quit`).", folder=str(folder),
                                     pid=held.owner)) from None


class LocalTable:
    """One hot-seat game whose pictures and record go to a folder of its own, which it holds (``claim``) from its
    first picture or move on, so that no other console plays it meanwhile; ``lock``: the folder of a game resumed,
    held already (without it, the folder is a new game's, made at the first write). A game nobody moved in is not
    kept."""

    def __init__(self, console: Console, folder: Path, *, resumed: bool = False,
                 lock: ProcessLock | None = None) -> None:
        self.console = console
        self.folder = folder
        self.pictures = max((int(p.name[:3]) for p in folder.glob("[0-9][0-9][0-9]-*.png")), default=0)
        self.resumed = resumed
        self.lock = lock
        self._seen = console.state
        self._shown = _signature(view(console.state, None))

    def _folder(self) -> Path:
        """The game's folder, made and held by this console before anything is written into it. A new game's folder
        is made now, so it must not exist yet: a console started in the same second may have taken its name, and
        the game then goes to the next free name."""
        if self.lock is not None and self.lock.held:
            return self.folder
        if self.lock is None:
            while True:
                try:
                    self.folder.mkdir(parents=True)
                    break
                except FileExistsError:
                    self.folder = game_folder(self.folder.parent)
        self.lock = claim(self.folder, self.t)
        return self.folder

    def release(self) -> None:
        """Let another console open the game (the lock goes with the process too)."""
        if self.lock is not None:
            self.lock.release()

    @property
    def t(self) -> Speaker:
        return self.console.t

    def picture(self, kind: str = "board", zoom: str = "A1", state: GameState | None = None,
                spotlight: tuple[int, ...] = ()) -> Path:
        """Write a picture of now (or of ``state``) and return its path: ``board`` (the channel picture, with the
        tutorial's ``spotlight`` spaces marked), ``detail`` (the private board, with costs), ``placement`` (the
        placement preview) or ``zoom`` (one hex and its neighbours)."""
        self._folder()
        v = view(state or self.console.state, None)
        locale = self.t.locale
        self.pictures += 1
        path = self.folder / f"{self.pictures:03d}-v{v.version}-{kind}.png"
        draw: dict[str, Callable[[GameView], bytes]] = {
            "board": lambda w: render_board(w, spotlight=spotlight, locale=locale),
            "detail": lambda w: render_detail(w, locale=locale),
            "placement": lambda w: render_placement(w, locale=locale),
            "zoom": lambda w: render_zoom(w, zoom, locale=locale),
        }
        path.write_bytes(draw[kind](v))
        return path

    def handle(self, line: str) -> str:
        """Act on one typed line; add a picture of each turn that passed and changed the board, computers'
        turns included, and keep the game's record. In a tutorial, the step the move did and the next one."""
        before = self.console.state
        said = self._handle(line)
        if isinstance(self.console, TutorialConsole) and self.console.state.version != before.version:
            said = "\n\n".join(x for x in (said, self._marked(self.console.judge(before))) if x)
            self._save()
        elif isinstance(self.console, TutorialConsole) and said.startswith("✗") and (lead := self.console.lead_line()):
            said = f"{said}\n💡 {lead}"  # a refusal in a lesson: the step's move to try, as in Discord
        return said

    def confirmation(self, line: str) -> str | None:
        """The question to ask before the line is played (``end`` or ``/tikal end`` while AP are left), or ``None``."""
        typed = read_line(line)
        return self.console.confirmation(typed.line) if typed.word == "end" else None

    def _marked(self, step: str) -> str:
        """A tutorial's step, and the picture of the board with the spaces it points at."""
        if not step or not isinstance(self.console, TutorialConsole) or not self.console.marks:
            return step
        path = self.picture(spotlight=self.console.marks)
        return step + "\n" + self.t.tr("local.marked", "Marked on the board: {path}", path=str(path))

    def _handle(self, line: str) -> str:
        typed = read_line(line)
        if typed.word == "board":
            return self._board(typed.args)
        if typed.word == "status":
            return status_text(self.console.state, self.t)
        if typed.word == "rules":
            return self._rules()
        if typed.word == "hint":
            return self._hint()
        if typed.word == "review":
            return self._review(" ".join(typed.args))
        if typed.word in ONLY_IN_DISCORD:
            return "✗ " + self.t.tr("local.only_discord", "`{word}` is for a game in Discord; here, `help` lists the "
                                                          "moves and `quit` leaves.", word=typed.word)
        out = self.console.handle(typed.line)
        pictures = self._caught_up()
        status = status_text(self.console.state, self.t)
        if pictures and out.endswith(status):  # the pictures of the turns that passed, then where the game stands
            return "\n".join((out[:-len(status)].rstrip("\n"), pictures, status)).lstrip("\n")
        return "\n".join(x for x in (out, pictures) if x)

    def opening(self) -> str:
        """After the greeting: the pictures of the turns computers played first (the game is kept from then on);
        a picture of a resumed game."""
        said = self._caught_up()
        tutorial = self.console if isinstance(self.console, TutorialConsole) else None
        step = self._marked(tutorial.step_text()) if tutorial is not None else ""
        if self.resumed and not said and not (tutorial and tutorial.marks):  # a marked board is drawn with the step
            said = self.t.tr("local.board", "Board: {path}", path=str(self.picture()))
        return "\n\n".join(x for x in (said, step) if x)

    def _caught_up(self) -> str:
        """Pictures of the turns that passed since the last look (each when the turn changed hands and the board
        changed), and the record saved if anything moved."""
        now = self.console.state
        if now.version == self._seen.version:
            return ""
        lines = []
        state = self._seen
        for text in now.log[state.version:]:
            after = apply(state, parse_move(text))
            if after.to_act != state.to_act or after.finished:
                shown = _signature(view(after, None))
                if shown != self._shown:
                    self._shown = shown
                    path = str(self.picture(state=after))
                    lines.append(self.t.tr("local.board_end", "Board at the end of the game: {path}", path=path)
                                 if after.finished else
                                 self.t.tr("local.board_after", "Board after {player}'s turn: {path}",
                                           player=state.players[state.to_act], path=path))
            state = after
        self._seen = now
        self._save()
        return "\n".join(lines)

    def _save(self) -> Path | None:
        """Write the record (and once the computer seats) atomically: a file is either the old one or the new; the
        record's path, or ``None`` for a game nobody moved in yet (nothing to keep: no folder is made for it).

        A game under way is saved without the stack's and wafers' orders written out (its seed replays them);
        a finished one names them in full, so that any engine replays it."""
        if self.console.state.version == 0:
            return None
        self._folder()
        seats = self.folder / SEATS
        if isinstance(self.console, TutorialConsole):  # its progress changes with the moves
            _write_atomically(seats, {"computers": {}, "ai_seed": 0, "tutorial": self.console.kept()})
        elif not seats.exists():
            _write_atomically(seats, {"computers": {str(q + 1): level for q, level in self.console.computers.items()},
                                      "ai_seed": self.console.ai_seed})
        path = self.folder / RECORD
        _write_atomically(path, record_of(self.console.state, full_orders=self.console.finished))
        return path

    def keep(self) -> str:
        """Save the game now and say where, and how to continue it (or that nothing was played, so nothing kept)."""
        self._caught_up()
        if self._save() is None:
            return self.t.tr("local.nothing_kept", "Nothing was played, so no game was kept.")
        return self.t.tr("local.kept", "The game is saved in {folder}; `python -m bot --resume {name}` continues it.",
                         folder=str(self.folder), name=self.folder.name)

    def _board(self, args: tuple[str, ...]) -> str:
        if args:
            space = parse_space(args[0])
            if space is None:
                return "✗ " + self.t.tr("local.bad_space", "“{word}” is not a space: A1 … H5.", word=args[0][:20])
            return self.t.tr("local.zoom", "Zoom: {path}", path=str(self.picture("zoom", args[0].upper())))
        out = self.t.tr("local.detail", "Board: {path}", path=str(self.picture("detail")))
        if self.console.state.phase is Phase.PLACE:
            out += "\n" + self.t.tr("local.placement", "Placement preview: {path}", path=str(self.picture("placement")))
        return out

    def _rules(self) -> str:
        """This game's variant and options (as ``/tikal-game rules`` in its channel), the short rules that apply to
        it, the legend."""
        setup = self.console.state.setup
        options = [o.value for o in setup.options]
        t = self.t
        lines = [t.tr("local.this_game", "This game: {name}: {rule}", name=name, rule=text)
                 for name, text in explained(setup.variant.value, options)]
        lines += [t.tr("local.rule", "{name}: {rule}", name=name, rule=text)
                  for name, text in rules_for(setup.variant.value)]
        legend = [*legend_lines(locale=self.t.locale), *option_legend_lines(options, locale=self.t.locale)]
        return "\n".join([*lines, "", *legend])

    def _hint(self) -> str:
        state = self.console.state
        if state.finished:
            return "✗ " + self.t.tr("local.no_hint", "The game is over: there is nothing to suggest.")
        seat = state.to_act
        if isinstance(self.console, TutorialConsole) and (lead := self.console.lead_line()):
            return f"💡 {lead}"  # the lesson's step: the move it teaches now, not the computer player's idea
        if seat in self.console.computers:
            return "✗ " + self.t.tr("local.computer_to_act", "{player} is a computer player: press Enter to let it "
                                                             "play.", player=state.players[seat])
        suggestion = suggest(view(state, seat), random.Random(state.version).randrange(1 << 30))
        return hint_plain(state.players[seat], suggestion, self.t)

    def save_record(self) -> str:
        """Write the finished game's record next to its pictures; say where."""
        path = self._save() or self.folder / RECORD
        return self.t.tr("local.record_saved", "The game record is saved in {path} (`python -m engine replay` "
                                               "reads it).", path=str(path))

    def after_game(self) -> str:
        """What is said once the game is over: where its record is, and that ``review`` looks back on it."""
        return "\n".join((self.save_record(), self.t.tr(
            "local.review_offer", "`review` shows each player's turns that lost the most points and what the computer "
                                  "player would have played instead (`review Ana`: one player's).")))

    def _review(self, name: str) -> str:
        """The finished game's review (``engine.ai.review``), made once and kept beside the record (``REVIEW``)."""
        state = self.console.state
        t = self.t
        if not state.finished:
            return "✗ " + t.tr("local.review_running", "The game is not over: its review comes when it ends (during "
                                                       "play it would be a hint).")
        players = list(state.players)
        seats = list(range(len(players)))
        if name:
            seats = [q for q, player in enumerate(players) if player.casefold() == name.strip().casefold()]
            if not seats:
                return "✗ " + t.tr("local.review_no_player", "There is no player called “{name}”: {players}.",
                                   name=name[:40], players=", ".join(players))
        worst = worst_turns(self._reviewed())
        seen = view(state, None)
        lines = [t.tr("local.review_title", "🔎 Review of this game"), review_words.intro(t)]
        for seat in seats:
            lines += ["", review_words.player_name(players, seat, plain=True)]
            for turn in worst.get(seat, []):
                said = review_words.turn_words(seen, turn, t)
                lines += [f"  {said.heading}", f"    {said.played}", f"    {said.better}"]
            if not worst.get(seat):
                lines.append(f"  {review_words.nothing_lost(t)}")
        return "\n".join(lines)

    def _reviewed(self) -> list[TurnLoss]:
        """Every turn of the finished game judged: read from ``REVIEW`` when it was made with the same judgement,
        else made now (some seconds) and kept there."""
        path = self.folder / REVIEW
        judged_by = fingerprint()
        try:
            kept = json.loads(path.read_text(encoding="utf-8"))
            if kept.get("judged_by") == judged_by:
                return [turn_loss_from_json(turn) for turn in kept["turns"]]
        except (OSError, ValueError, KeyError, TypeError):
            pass
        turns = review_turns(record_of(self.console.state))
        self.folder.mkdir(parents=True, exist_ok=True)
        _write_atomically(path, {"judged_by": judged_by, "turns": [turn.as_json() for turn in turns]})
        return turns


def _write_atomically(path: Path, data: dict[str, Any]) -> None:
    """``path`` holds ``data`` as JSON: written to a temporary file beside it, flushed, then renamed over it."""
    fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1)
            f.flush()
            os.fsync(f.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def game_folder(board_dir: Path, now: datetime | None = None) -> Path:
    """A new folder for one game's pictures: ``<board_dir>/game-20261126-0912``, with ``-2`` … if taken."""
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    folder = board_dir / f"game-{stamp}"
    k = 2
    while folder.exists():
        folder = board_dir / f"game-{stamp}-{k}"
        k += 1
    return folder


class NotResumable(Exception):
    """Why no game can be continued (the sentence is the message)."""


def saved_game(folder: Path, t: Speaker) -> Console:
    """The game kept in ``folder``, as it was left; raises ``NotResumable``."""
    try:
        record = read_record(json.loads((folder / RECORD).read_text(encoding="utf-8")))
        seats = json.loads((folder / SEATS).read_text(encoding="utf-8"))
        state = replay(record)
        if "tutorial" in seats:
            return tutorial_resumed(state, seats["tutorial"], t)
        computers = {int(q) - 1: str(level) for q, level in seats.get("computers", {}).items()}
        return Console(state, computers, int(seats.get("ai_seed", 0)), t)
    except (OSError, ValueError, KeyError, EngineError, AttributeError) as e:
        raise NotResumable(t.tr("local.unreadable", "{folder} holds no game that can be continued ({why}).",
                                folder=str(folder), why=str(e)[:200])) from e


def unfinished_games(board_dir: Path) -> list[Path]:
    """The folders of ``board_dir`` whose kept game is not over, the most recently played first."""
    found = []
    for record in board_dir.glob(f"*/{RECORD}"):
        try:
            data = json.loads(record.read_text(encoding="utf-8"))
            finished = replay(read_record(data)).finished
        except (OSError, ValueError, EngineError):
            continue
        if not finished and (record.parent / SEATS).is_file():
            found.append((record.stat().st_mtime, record.parent))
    return [folder for _, folder in sorted(found, reverse=True)]


def game_to_resume(board_dir: Path, name: str | None, t: Speaker) -> tuple[Console, Path]:
    """The game ``--resume`` names (a folder, or a folder's name under ``board_dir``), else the most recent
    unfinished one; raises ``NotResumable``."""
    if name:
        folder = Path(name)
        if not folder.is_dir():
            folder = board_dir / name
        if not folder.is_dir():
            raise NotResumable(t.tr("local.no_folder", "There is no game folder {name} (nor {folder}).", name=name,
                                    folder=str(board_dir / name)))
    else:
        unfinished = unfinished_games(board_dir)
        if not unfinished:
            raise NotResumable(t.tr("local.nothing_to_resume", "There is no unfinished game in {folder}.",
                                    folder=str(board_dir)))
        folder = unfinished[0]
    console = saved_game(folder, t)
    if console.finished:
        raise NotResumable(t.tr("local.resume_over", "The game in {folder} is over; its record is {path}.",
                                folder=str(folder), path=str(folder / RECORD)))
    return console, folder


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


def console_parser() -> argparse.ArgumentParser:
    """``python -m bot``'s command line: the console's options and ``--resume``."""
    from engine.__main__ import console_parser as engine_console_parser

    parser = engine_console_parser("python -m bot", DESCRIPTION, EPILOG)
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
    from engine.__main__ import console_options
    from engine.terminal import run_console

    parser = console_parser()
    try:
        parsed = parser.parse_args(argv)
    except SystemExit as exit_:
        return int(exit_.code or 0)
    args = console_options(parsed)
    if isinstance(args, int):
        return args
    t = args.speaker
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


__all__ = ["GameOpenElsewhere", "LocalTable", "NotResumable", "Typed", "claim", "game_folder", "game_to_resume",
           "read_line", "run", "unfinished_games"]
