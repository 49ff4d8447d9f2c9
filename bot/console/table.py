"""One game at the console: the engine's console with the bot's pictures, hint and help.

Every line the engine console reads works (``place C1 0``, ``show``, ``record`` …), and so do the Discord
commands as one would type them in a channel: ``/tikal place C1 0``, ``/tikal place space:C1 rotation:0``,
``/tikal board``, ``/tikal board zoom:A1``, ``/tikal hint``, ``/tikal-game status``, ``/tikal-game rules``.
Each game writes into a folder of its own under the board folder: a channel picture after every turn that
changed the board (a computer's too), the pictures asked for with ``board``, and the game's record after every
move, so that ``--resume`` continues a game that was left. Once the game is over, ``review`` looks back on it as
``/tikal-game review`` does (and keeps the review beside the record).
"""


from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

from bot.console.folders import RECORD, REVIEW, SEATS, claim, game_folder, write_atomically
from bot.console.tutorial import TutorialConsole
from bot.console.typed import ONLY_IN_DISCORD, read_line
from bot.core.storage.process_lock import ProcessLock
from bot.core.table.hints import hint_plain, suggest
from bot.core.words import review as review_words
from bot.core.words.help import explained, rules_for
from engine import GameState, GameView, Phase, apply, parse_move, record_of, view
from engine.ai.review import TurnLoss, fingerprint, review_turns, turn_loss_from_json, worst_turns
from engine.board import parse_space
from engine.console import Console, status_text
from engine.messages import Speaker
from render import legend_lines, option_legend_lines, render_board, render_detail, render_placement, render_zoom


def _signature(v: GameView) -> tuple[object, ...]:
    """What a picture shows that can change: the spaces, the scores, the hexagons in hand or shown."""
    return v.spaces, tuple(p.score for p in v.players), v.shown, v.hand


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
            write_atomically(seats, {"computers": {}, "ai_seed": 0, "tutorial": self.console.kept()})
        elif not seats.exists():
            write_atomically(seats, {"computers": {str(q + 1): level for q, level in self.console.computers.items()},
                                      "ai_seed": self.console.ai_seed})
        path = self.folder / RECORD
        write_atomically(path, record_of(self.console.state, full_orders=self.console.finished))
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
        write_atomically(path, {"judged_by": judged_by, "turns": [turn.as_json() for turn in turns]})
        return turns
