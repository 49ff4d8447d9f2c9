"""``python -m bot`` without a token: the engine's console with the bot's pictures, hint and help.

Every line the engine console reads works (``place C1 0``, ``show``, ``record`` …), and so do the Discord
commands as one would type them in a channel: ``/tikal place C1 0``, ``/tikal place space:C1 rotation:0``,
``/tikal board``, ``/tikal board zoom:A1``, ``/tikal hint``, ``/tikal-game status``, ``/tikal-game rules``.
Each game writes into a folder of its own under the board folder: a channel picture whenever a turn passes
and the board has changed since the last one, the pictures asked for with ``board``, and at the end the
game's record.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Final

from bot.core.help import RULES, explained
from bot.core.hints import hint_text, suggest
from engine import GameView, Phase, record_of, view
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


class LocalTable:
    """One hot-seat game whose pictures and record go to a folder of its own."""

    def __init__(self, console: Console, folder: Path) -> None:
        self.console = console
        self.folder = folder
        self.pictures = 0
        self._shown = _signature(view(console.state, None))

    @property
    def t(self) -> Speaker:
        return self.console.t

    def picture(self, kind: str = "board", zoom: str = "A1") -> Path:
        """Write a picture of now and return its path: ``board`` (the channel picture), ``detail`` (the private
        board, with costs), ``placement`` (the placement preview) or ``zoom`` (one hex and its neighbours)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        v = view(self.console.state, None)
        locale = self.t.locale
        self.pictures += 1
        path = self.folder / f"{self.pictures:03d}-v{v.version}-{kind}.png"
        draw: dict[str, Callable[[GameView], bytes]] = {
            "board": lambda w: render_board(w, locale=locale), "detail": lambda w: render_detail(w, locale=locale),
            "placement": lambda w: render_placement(w, locale=locale),
            "zoom": lambda w: render_zoom(w, zoom, locale=locale),
        }
        path.write_bytes(draw[kind](v))
        return path

    def handle(self, line: str) -> str:
        """Act on one typed line; when a turn passes and the board changed, add the new picture's path."""
        typed = read_line(line)
        if typed.word == "board":
            return self._board(typed.args)
        if typed.word == "status":
            return status_text(self.console.state, self.t)
        if typed.word == "rules":
            return self._rules()
        if typed.word == "hint":
            return self._hint()
        if typed.word in ONLY_IN_DISCORD:
            return "✗ " + self.t.tr("local.only_discord", "`{word}` is for a game in Discord; here, `help` lists the "
                                                          "moves and `quit` leaves.", word=typed.word)
        before = self.console.state
        out = self.console.handle(typed.line)
        after = self.console.state
        if after.version != before.version and (after.to_act != before.to_act or after.finished):
            now = _signature(view(after, None))
            if now != self._shown:
                self._shown = now
                out += "\n" + self.t.tr("local.board", "Board: {path}", path=str(self.picture()))
        return out

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
        """The short rules, this game's variant and options (as ``/tikal-game rules`` in its channel), the legend."""
        setup = self.console.state.setup
        options = [o.value for o in setup.options]
        t = self.t
        lines = [t.tr("local.rule", "{name}: {rule}", name=name, rule=text) for name, text in RULES]
        lines += [t.tr("local.this_game", "This game: {name}: {rule}", name=name, rule=text)
                  for name, text in explained(setup.variant.value, options)]
        legend = [*legend_lines(locale=self.t.locale), *option_legend_lines(options, locale=self.t.locale)]
        return "\n".join([*lines, "", *legend])

    def _hint(self) -> str:
        state = self.console.state
        if state.finished:
            return "✗ " + self.t.tr("local.no_hint", "The game is over: there is nothing to suggest.")
        seat = state.to_act
        suggestion = suggest(view(state, seat), random.Random(state.version).randrange(1 << 30))
        return hint_text(state.players[seat], suggestion)

    def save_record(self) -> str:
        """Write the finished game's record next to its pictures; say where."""
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.folder / "record.json"
        path.write_text(json.dumps(record_of(self.console.state), indent=1))
        return self.t.tr("local.record_saved", "The game record is saved in {path} (`python -m engine replay` "
                                               "reads it).", path=str(path))


def game_folder(board_dir: Path, now: datetime | None = None) -> Path:
    """A new folder for one game's pictures: ``<board_dir>/game-20261126-0912``, with ``-2`` … if taken."""
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    folder = board_dir / f"game-{stamp}"
    k = 2
    while folder.exists():
        folder = board_dir / f"game-{stamp}-{k}"
        k += 1
    return folder


def run(board_dir: Path, argv: list[str] | None = None) -> int:
    """The terminal loop (the only place that reads input and prints), with the engine console's options:
    ``--players``, ``--variant``, ``--options``, ``--seed``, ``--computer 2=strong,…``, ``--lang``."""
    from engine.__main__ import console_arguments, run_console

    args = console_arguments("python -m bot", argv)
    if isinstance(args, int):
        return args
    folder = game_folder(board_dir)
    tables: list[LocalTable] = []

    def wrap(console: Console) -> LocalTable:
        tables.append(LocalTable(console, folder))
        return tables[-1]

    t = args.speaker
    intro = t.tr("local.intro", "No DISCORD_TOKEN is set, so this is the local console: the same commands as in "
                                "Discord (`/tikal place C1 0` or `place C1 0`, `/tikal board`, `/tikal hint`, "
                                "`/tikal-game rules` …). Pictures go to {folder}/.", folder=str(folder))
    return run_console(args.players, args.variant, args.seed, wrap=wrap, intro_extra=intro,
                       computers=args.computers, options=args.options, t=t,
                       after_game=lambda _: tables[-1].save_record() if tables else "")


__all__ = ["LocalTable", "Typed", "game_folder", "read_line", "run"]
