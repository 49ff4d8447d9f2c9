"""The console's terminal: the questions before a game, the loop that reads typed lines and prints the answers,
and the question before leaving a game in progress. With ``engine.__main__``, the only engine code that reads
input and prints; ``engine.console.Console`` turns each line into text.
"""

from __future__ import annotations

import os
import signal
import sys
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from typing import Final, Protocol, runtime_checkable

from .console import Console
from .errors import EngineError, InvalidRecord
from .messages import ENGLISH, Msg, Speaker
from .record import check_players

QUIT_WORDS: Final = ("quit", "exit")
"""What leaves, at a set-up question or at the game's prompt (typed like the notation, in English)."""

VARIANTS: Final = ("basic", "auction", "rapido")


class Handler(Protocol):
    """What answers the typed lines of a game: the engine's ``Console``, or the bot's local table around it."""

    def handle(self, line: str) -> str: ...


@runtime_checkable
class Keeper(Protocol):
    """A handler that keeps the game as it goes (the bot's local table: pictures, and the record after every
    move)."""

    def handle(self, line: str) -> str: ...

    def opening(self) -> str:
        """What follows the greeting (the pictures of the turns played before the first prompt)."""
        ...

    def keep(self) -> str:
        """Save the game as it is now and say where, and how to continue it."""
        ...


@runtime_checkable
class Asking(Protocol):
    """A handler that may ask before it plays a line (``end`` while AP are left)."""

    def handle(self, line: str) -> str: ...

    def confirmation(self, line: str) -> str | None:
        """The yes/no question to ask before ``line`` is played, or ``None``."""
        ...


class Leave(Exception):
    """The player asked to leave at a set-up question."""


def plain(word: str) -> str:
    """A typed word as compared: lower case, without accents (``Rápido`` → ``rapido``)."""
    decomposed = unicodedata.normalize("NFKD", word.strip().lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def variant_words(t: Speaker) -> dict[str, str]:
    """The variants as a reader types them at the set-up question: ``{"basic": "grundspiel", …}`` in German."""
    return {"basic": t.tr("console.choice.basic", "basic"), "auction": t.tr("console.choice.auction", "auction"),
            "rapido": t.tr("console.choice.rapido", "rapido")}


def answer_words(t: Speaker) -> tuple[str, str]:
    """Yes and no in the reader's language."""
    return t.tr("console.choice.yes", "yes"), t.tr("console.choice.no", "no")


def is_yes(answer: str, t: Speaker) -> bool:
    """``yes``, ``y`` or the reader's word for yes (or its first letter)."""
    yes = plain(answer_words(t)[0])
    return plain(answer) in {"yes", "y", yes, yes[:1]}


class Setup:
    """The console's questions before a game, each answer checked at once (case-insensitively) and asked
    again until it is good; what the command line gave is kept and not asked. ``quit`` or ``exit`` at any
    question raises ``Leave``."""

    def __init__(self, t: Speaker, computers: dict[int, str], ask: Callable[[str], str] | None = None) -> None:
        self.t = t
        self.computers = computers
        self._ask = ask

    def _answer(self, prompt: str, default: str) -> str:
        try:
            answer = (self._ask or input)(f"{prompt} [{default}]: ").strip()
        except EOFError:
            answer = ""
        if plain(answer) in QUIT_WORDS:
            raise Leave
        return answer or default

    def count(self) -> int:
        """2–4, and at least one seat more than the highest computer seat given on the command line."""
        least = max(2, *(seat + 1 for seat in self.computers)) if self.computers else 2
        while True:
            answer = self._answer(self.t.tr("console.ask.count", "How many players ({low}-4)? (`quit` leaves)",
                                            low=least), str(least))
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
        """``basic``, ``auction`` or ``rapido``, typed in the reader's words or in English."""
        words = variant_words(self.t)
        accepted = {plain(word): variant for variant, word in words.items()} | {v: v for v in VARIANTS}
        while True:
            answer = self._answer(self.t.tr("console.ask.variant", "Variant: {basic}, {auction} or {rapido}?",
                                            **words), words["basic"])
            if plain(answer) in accepted:
                return accepted[plain(answer)]
            wrong = self.t.tr("console.bad.variant", "The variant is {basic}, {auction} or {rapido}, not “{answer}”.",
                              answer=answer[:20], **words)
            print(f"✗ {wrong}")

    def computer_seats(self, names: Sequence[str]) -> dict[int, str]:
        """The seats the computer plays (0-based) with their levels: seat numbers or names, comma-separated, each
        ``=easy`` or ``=random`` for a weaker player than the strong one; every seat but the first unless told
        (one person against the computer), the reader's word for none (or ``none``) for a game of people only."""
        from .ai import LEVELS

        none = self.t.tr("console.choice.none", "none")
        default = ",".join(str(seat) for seat in range(2, len(names) + 1))
        while True:
            answer = self._answer(self.t.tr("console.ask.computers", "Which seats does the computer play? Seat "
                                                                     "numbers or names, comma-separated, `=easy` or "
                                                                     "`=random` after one for a weaker player; "
                                                                     "`{none}`: people only", none=none), default)
            if plain(answer) in {plain(none), "none", "0", "-"}:
                return {}
            seats = _computer_seats(answer, names, LEVELS)
            if seats is not None:
                return seats
            wrong = self.t.tr("console.bad.computers", "“{answer}” names no seats: write seat numbers (1-{n}) or "
                                                       "names, e.g. 2 or 2=easy (levels: {levels}), or `{none}`.",
                              answer=answer[:20], n=len(names), levels=", ".join(LEVELS), none=none)
            print(f"✗ {wrong}")


def _computer_seats(answer: str, names: Sequence[str], levels: Sequence[str]) -> dict[int, str] | None:
    """``2,Cid=easy`` → ``{1: "strong", 2: "easy"}``; ``None`` when a part names no seat or level."""
    by_name = {plain(name): seat for seat, name in enumerate(names)}
    seats: dict[int, str] = {}
    for part in answer.split(","):
        word, _, level = (w.strip() for w in part.partition("="))
        seat = int(word) - 1 if word.isdigit() and word.isascii() else by_name.get(plain(word), -1)
        level = plain(level) or "strong"
        if not 0 <= seat < len(names) or level not in levels:
            return None
        seats[seat] = level
    return seats


def seat_names_problem(names: Sequence[str], count: int) -> Msg | None:
    """Why ``names`` cannot be the seats of a ``count``-player game, or None."""
    if len(names) != count:
        return Msg("console.names_count", n=count, given=len(names))
    try:
        check_players(names)
    except InvalidRecord as e:
        return e.message
    return None


@dataclass(frozen=True, slots=True)
class Game:
    """What a terminal session plays: a new game from these settings (``None``: ask), or ``resumed``, a console
    whose game is under way (the settings are then not used)."""

    players: str | None = None
    variant: str | None = None
    seed: int | None = None
    computers: dict[int, str] | None = None
    options: Sequence[str] = ()
    resumed: Console | None = None


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
    resumed: Console | None = None,
) -> int:
    """The terminal loop around ``engine.console.Console``: the only place it reads and prints.

    ``intro_extra`` is printed before anything is asked; ``wrap`` may put another line handler around the
    console (the bot's local mode adds pictures and keeps the game: a ``Keeper``); ``after_game`` may say
    something once the game is over (where its record was saved); ``resumed`` is a game under way to continue
    instead of a new one. ``quit``, ``exit``, Ctrl-C or end of input at a set-up question leave at once; in a game
    under way they ask first (end of input that is not a terminal leaves).
    """
    game = Game(players, variant, seed, computers or {}, options, resumed)
    with _foreground():
        try:
            return _session(game, wrap=wrap, intro_extra=intro_extra, t=t, after_game=after_game)
        except (KeyboardInterrupt, Leave):
            print()
            return 0


def _session(game: Game, *, wrap: Callable[[Console], Handler] | None, intro_extra: str, t: Speaker,
             after_game: Callable[[Console], str] | None) -> int:
    if intro_extra:
        print(intro_extra)
    console = game.resumed or _new_console(game, t)
    if console is None:
        return 2
    handler: Handler = wrap(console) if wrap else console
    try:
        print(console.intro() if game.resumed is None else console.resumed_intro())
        said = handler.opening() if isinstance(handler, Keeper) else ""
        if said:
            print(said)
    except KeyboardInterrupt:  # while a computer seat played the first turns
        print()
        if _confirm_leave(handler, t):
            return 0
        print(handler.handle(""))
    return _play(console, handler, t, after_game)


def _new_console(game: Game, t: Speaker) -> Console | None:
    interactive = sys.stdin.isatty()
    setup = Setup(t, game.computers or {})
    players, variant, computers = game.players, game.variant, game.computers
    if players is None and variant is None and interactive:
        names = setup.names(setup.count())
        players = ",".join(names)
        if not computers:  # the command line named none: ask, one person against the computer by default
            computers = setup.computer_seats(names)
        variant = setup.variant()
    try:
        return Console.start([p.strip() for p in (players or "Ana,Ben").split(",")], (variant or "basic").lower(),
                             game.seed, computers=computers, options=game.options, t=t)
    except EngineError as e:
        print(f"✗ {t.message(e.message)}")
        return None


def _play(console: Console, handler: Handler, t: Speaker, after_game: Callable[[Console], str] | None) -> int:
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
            if plain(line) not in QUIT_WORDS:
                if _confirmed(handler, line, t):
                    print(handler.handle(line))
                else:  # the turn goes on: where it stands
                    print(handler.handle(""))
                continue
        except EOFError:
            print()
            if not sys.stdin.isatty():
                _say_kept(console, handler, t)
                return 0
        except KeyboardInterrupt:
            print()
        if console.finished or _confirm_leave(handler, t):
            return 0
        print(handler.handle(""))  # a computer's turn that was interrupted goes on; else where the game stands


def _confirmed(handler: Handler, line: str, t: Speaker) -> bool:
    """Whether to play ``line``: yes unless the handler asks first (in a terminal; a script's input is played as it
    comes) and the answer is not yes. Ctrl-C or end of input at the question: no."""
    question = handler.confirmation(line) if isinstance(handler, Asking) and sys.stdin.isatty() else None
    if question is None:
        return True
    try:
        return is_yes(input(question), t)
    except (EOFError, KeyboardInterrupt):
        print()
        return False


def _kept(handler: Handler, t: Speaker) -> str:
    if isinstance(handler, Keeper):
        return handler.keep()
    return t.tr("console.not_kept", "This game is not saved (`record` prints its record).")


def _say_kept(console: Console, handler: Handler, t: Speaker) -> None:
    if not console.finished:
        print(_kept(handler, t))


def _confirm_leave(handler: Handler, t: Speaker) -> bool:
    """Ask whether to leave the game under way (after saving it, when the handler keeps games): yes leaves; no,
    or anything else, plays on. Ctrl-C or end of input at this question leave."""
    print(_kept(handler, t))
    yes, no = answer_words(t)
    try:
        answer = input(t.tr("console.ask.leave", "Leave the game now? ({yes}/{no}) [{no}]: ", yes=yes, no=no))
    except (EOFError, KeyboardInterrupt):
        print()
        return True
    return is_yes(answer, t)


@contextmanager
def _foreground() -> Iterator[None]:
    """Under ``make run``, the terminal's Ctrl-C for this process only.

    A terminal sends Ctrl-C's SIGINT to its whole foreground process group: ``make`` and the console alike.
    ``make`` waits for its recipe, then kills itself with the signal and reports an error, so the console's
    question ("Leave the game now?") would be answered with make already dying. Under make (``MAKELEVEL``) the
    console takes a process group of its own as the terminal's foreground while it runs, as a shell does for a
    job, and gives the terminal back to make's group at the end. Ctrl-Z is ignored meanwhile: a stopped console
    in its own group would leave the shell waiting for make."""
    if "MAKELEVEL" not in os.environ or not sys.stdin.isatty():
        yield
        return
    try:
        fd = sys.stdin.fileno()
        before = os.tcgetpgrp(fd)
        if before != os.getpgrp():
            raise OSError("not in the terminal's foreground")
        os.setpgid(0, 0)
    except OSError:
        yield
        return
    ttou = signal.signal(signal.SIGTTOU, signal.SIG_IGN)
    tstp = signal.signal(signal.SIGTSTP, signal.SIG_IGN)
    try:
        os.tcsetpgrp(fd, os.getpgrp())
        yield
    finally:
        with suppress(OSError):
            os.tcsetpgrp(fd, before)
        signal.signal(signal.SIGTSTP, tstp)
        signal.signal(signal.SIGTTOU, ttou)


__all__ = ["Asking", "Handler", "Keeper", "Leave", "Setup", "plain", "run_console", "seat_names_problem"]
