"""The tutorial in the console: ``python -m bot --tutorial`` played in a real terminal by typing only the command each
step suggests, to the end; the same lesson in every language; the first start offers it; ``--resume`` continues it."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pytest

from bot.core.tutorial import words
from bot.local_console import LocalTable
from bot.local_tutorial import TutorialConsole
from lang import translator
from tests.terminal import Terminal

ROOT = Path(__file__).resolve().parents[2]
COMMAND = re.compile(r"`([^`]+)`")
pytestmark = pytest.mark.timeout(300)


def _env(boards: Path, lang: str = "C.UTF-8") -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG", "MAKE", "DISCORD"))}
    return {**env, "BOARD_DIR": str(boards), "LANG": lang, "DISCORD_TOKEN": "", "PYTHONUNBUFFERED": "1"}


def suggested(said: str) -> str:
    """The command the last step said to type: the last code span of what was printed."""
    found = COMMAND.findall(said.rsplit("🎓", 1)[-1])
    assert found, said[-2000:]
    return found[-1]


def test_the_tutorial_played_in_a_terminal_as_its_steps_say(tmp_path: Path) -> None:
    boards = tmp_path / "boards"
    with Terminal([sys.executable, "-m", "bot", "--tutorial"], ROOT, _env(boards)) as term:
        said = term.expect("Ana> ")
        assert said.count("Welcome to Tikal!") == 1 and "**" not in said  # plain text, no Discord bold
        steps = []
        for _ in range(40):
            step = re.findall(r"🎓 Step (\d+) of 17", said)
            steps += [int(n) for n in step[-1:]]
            if "🎉" in said:
                break
            term.type(suggested(said))
            said = term.expect("Ana> ")
        assert steps == list(range(1, 18))
        assert "🎉 You know how to play Tikal!" in said and "python -m bot --tutorial auction" in said
        (folder,) = [p for p in boards.iterdir() if p.is_dir()]
        kept = json.loads((folder / "console.json").read_text())["tutorial"]
        assert kept == {"lesson": "basic", "step": 17, "opponent_turn": 4, "seat": 0}
        term.type("quit")
        term.expect("Leave the game now?")
        term.type("yes")
        assert term.wait() == 0 and "Traceback" not in term.text


def test_the_first_start_offers_it_and_resume_continues_it(tmp_path: Path) -> None:
    boards = tmp_path / "boards"
    with Terminal([sys.executable, "-m", "bot"], ROOT, _env(boards)) as term:
        term.expect("First time here? Learn Tikal in a guided game against the computer (about 15 minutes)?")
        term.type("")  # Enter: yes
        said = term.expect("Ana> ")
        assert "🎓 Step 1 of 17 · Your first hexagon" in said
        term.type(suggested(said))
        term.expect("Ana> ")
        term.type("quit")
        term.expect("Leave the game now?")
        term.type("yes")
        assert term.wait() == 0
    with Terminal([sys.executable, "-m", "bot", "--resume"], ROOT, _env(boards)) as term:
        said = term.expect("Ana> ")
        assert "Resumed after 1 move." in said and "🎓 Step 2 of 17 · Action points" in said
        term.type("quit")
        term.expect("Leave the game now?")
        term.type("yes")
        assert term.wait() == 0
    with Terminal([sys.executable, "-m", "bot"], ROOT, _env(boards)) as term:  # not the first start any more
        said = term.expect("(`quit` leaves)")
        assert "First time here?" not in said
        term.type("quit")
        assert term.wait() == 0


@pytest.mark.parametrize("language", [pytest.param(language, marks=() if language == "en" else pytest.mark.slow)
                                      for language in ("en", "de", "fr", "es", "it", "nl")])  # `make check`: English
def test_the_same_lesson_in_every_language_from_its_texts_alone(tmp_path: Path, language: str) -> None:
    """The console's table as the terminal drives it, each line the command the last step printed."""
    t = translator(language)
    table = LocalTable(TutorialConsole.begin("basic", "Ana", t), tmp_path / "game")
    said = table.opening()
    headings = [t.tr("tutorial.heading", "Step {n} of {count} · {title}", n=n, count=17, title="").split(" · ")[0]
                for n in range(1, 18)]
    seen = []
    for _ in range(40):
        seen += [h for h in headings if f"🎓 {h} · " in said]
        if "🎉" in said:
            break
        said = table.handle(suggested(said))
    assert seen == headings and "**" not in said
    assert t.message(words.real_game_console()) in said  # the end, in the reader's words


def test_a_refused_move_in_the_console_says_the_steps_move_again(tmp_path: Path) -> None:
    """As in Discord: an illegal move gets the usual refusal, then the step's move to try; nothing changes."""
    t = translator("es")
    table = LocalTable(TutorialConsole.begin("basic", "Ana", t), tmp_path / "game")
    said = table.opening()
    move = suggested(said)
    before = table.console.state
    refused = table.handle("move A1 H5 2")
    assert refused.startswith("✗") and refused.endswith(f"`{move}`") and "💡" in refused, refused
    assert table.console.state == before
    assert "🎓" in table.handle(move)  # the step's move still does the step


def test_hint_in_a_lesson_suggests_the_steps_move(tmp_path: Path) -> None:
    table = LocalTable(TutorialConsole.begin("basic", "Ana", translator("en")), tmp_path / "game")
    said = table.opening()
    for _ in range(6):  # the first steps: each hint is the move the step gives
        move = suggested(said)
        hint = table.handle("hint")
        assert hint.startswith("💡 ") and f"`{move}`" in hint and "computer player" not in hint, hint
        said = table.handle(move)
    assert table.console.state.version > 0


def test_ending_is_not_asked_about_when_it_is_the_steps_move(tmp_path: Path) -> None:
    table = LocalTable(TutorialConsole.begin("basic", "Ana", translator("en")), tmp_path / "game")
    said = table.opening()
    asked_at_end = []
    for _ in range(40):
        if "🎉" in said:
            break
        move = suggested(said)
        if move == "end":
            asked_at_end.append(table.confirmation(move))
        said = table.handle(move)
    assert asked_at_end and asked_at_end == [None] * len(asked_at_end)
