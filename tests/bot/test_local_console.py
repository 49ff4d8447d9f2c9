"""``python -m bot`` without a token: Discord's commands typed in a terminal, a folder per game, a picture
when the board changed, and the record kept at the end."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest

from bot.local_console import LocalTable, game_folder, read_line
from engine import apply, legal_moves
from engine.console import Console
from render import option_legend_lines


def test_discord_command_forms_read_as_the_notation() -> None:
    assert read_line("/tikal place C1 0").line == "place C1 0"
    assert read_line("/tikal place space:C1 rotation:0").line == "place C1 0"
    assert read_line("/tikal guard space:A2 leader:True").line == "guard A2 leader"
    assert read_line("/tikal guard space:A2 leader:False").line == "guard A2"
    assert read_line("/tikal-game status").word == "status"
    assert read_line("/tikal board zoom:A1") .args == ("A1",)
    assert read_line("/hint").word == "hint"
    assert read_line("deploy A1 3").line == "deploy A1 3"
    assert read_line("  ").word == ""


def test_every_game_gets_a_folder_of_its_own(tmp_path: Path) -> None:
    now = datetime(2026, 11, 26, 9, 12, 5)
    first = game_folder(tmp_path, now)
    first.mkdir()
    second = game_folder(tmp_path, now)
    assert first != second and first.parent == second.parent == tmp_path


def test_the_commands_of_discord_work_here(tmp_path: Path) -> None:
    table = LocalTable(Console.start(["Ana", "Ben"], "basic", seed=3), tmp_path / "game")
    assert table.handle("/tikal-game status").startswith("Ana, turn 1")
    assert "Deploy / transfer" in table.handle("/tikal-game rules")
    assert table.handle("/tikal hint").startswith("💡")
    zoom = table.handle("/tikal board zoom:A1")
    assert zoom.startswith("Zoom: ") and Path(zoom.split(": ", 1)[1]).is_file()
    board = table.handle("/tikal board")
    assert "Placement preview: " in board
    assert table.handle("/tikal board Q9").startswith("✗ “Q9” is not a space")
    assert table.handle("/tikal-game new").startswith("✗ `new` is for a game in Discord")
    place = str(legal_moves(table.console.state)[0].move)
    assert table.handle(f"/tikal {place}").startswith(f"✓ {place}")


def test_the_rules_explain_the_games_variant_and_options(tmp_path: Path) -> None:
    table = LocalTable(Console.start(["Ana", "Ben"], "rapido", seed=3, options=["obstacles", "guns"]), tmp_path / "g")
    rules = table.handle("/tikal-game rules")
    assert "This game: Tikal Rápido:" in rules and "This game: Obstacles:" in rules
    assert "This game: Machine guns:" in rules and option_legend_lines(["obstacles", "guns"])[1] in rules
    plain = LocalTable(Console.start(["Ana", "Ben"], "basic", seed=3), tmp_path / "h").handle("rules")
    assert "This game" not in plain and "obstacle" not in plain
    assert rules.startswith("This game: Tikal Rápido:")  # the game's own rules first
    assert "Your turn (basic)" not in rules and "Auction variant" not in rules and "Your turn (basic)" in plain


def test_a_picture_only_when_a_turn_passes_and_the_board_changed(tmp_path: Path) -> None:
    folder = tmp_path / "game"
    table = LocalTable(Console.start(["Ana", "Ben", "Cid"], "auction", seed=9), folder)
    for _ in range(2):  # bids change hands but not the board: no picture
        out = table.handle("pass" if table.console.state.high_bid else "bid 1")
        assert "Board:" not in out
    assert not list(folder.glob("*.png"))
    while table.console.state.phase.value in ("bid", "pick"):
        table.handle(str(legal_moves(table.console.state)[0].move))
    paid = len(list(folder.glob("*board.png")))  # the winner paid for the turn: the scores changed
    assert paid <= 1
    assert "Board:" not in table.handle(str(legal_moves(table.console.state)[0].move))  # place: same player
    out = table.handle("end")
    assert "Board after Cid's turn: " in out and len(list(folder.glob("*board.png"))) == paid + 1


def test_the_record_is_kept_next_to_the_pictures(tmp_path: Path) -> None:
    console = Console.start(["Ana", "Ben"], "basic", seed=4, computers={0: "random", 1: "random"})
    console.intro()
    assert console.finished
    table = LocalTable(console, tmp_path / "game")
    said = table.save_record()
    assert (tmp_path / "game" / "record.json").is_file() and "record.json" in said


def test_a_picture_of_every_turn_that_passed_the_computers_turns_too(tmp_path: Path) -> None:
    folder = tmp_path / "game"
    table = LocalTable(Console.start(["Ana", "Ben"], "basic", seed=3, computers={1: "random"}), folder)
    table.handle(str(legal_moves(table.console.state)[0].move))
    out = table.handle("end")  # Ana's turn ends, Ben (a computer) plays his inside the same line
    assert "Board after Ana's turn: " in out and "Board after Ben's turn: " in out
    assert len(list(folder.glob("*-board.png"))) == 2
    first = Console.start(["Ana", "Ben"], "basic", seed=3, computers={0: "random"})
    opening = LocalTable(first, tmp_path / "first")
    first.intro()  # the computer in seat 1 plays before the first prompt
    assert "Board after Ana's turn: " in opening.opening()


@pytest.mark.slow
def test_the_game_is_kept_after_every_move_and_resumes_as_it_was(tmp_path: Path) -> None:
    import json
    import random

    from bot.local_console import NotResumable, game_to_resume, unfinished_games
    from engine import state_to_dict

    games = (("basic", [], 3), ("auction", ["randomterrain", "guns"], 4), ("rapido", ["indiana", "obstacles"], 5))
    for i, (variant, options, seed) in enumerate(games):
        folder = tmp_path / f"game-{i}"
        table = LocalTable(Console.start(["Ana", "Ben", "Cid"], variant, seed=seed, options=options,
                                         computers={2: "random"}), folder)
        pick = random.Random(seed)
        for _ in range(40):
            table.handle(str(pick.choice(legal_moves(table.console.state)).move))
            kept = json.loads((folder / "record.json").read_text())
            assert kept["moves"] == list(table.console.state.log)  # written after every move
        assert not [p for p in folder.iterdir() if p.name.startswith(".")]
        console, where = game_to_resume(tmp_path, folder.name, table.t)
        assert where == folder and console.computers == {2: "random"}
        assert state_to_dict(console.state) == state_to_dict(table.console.state)
    assert unfinished_games(tmp_path)[0] == tmp_path / "game-2"  # the most recently played first
    assert game_to_resume(tmp_path, None, table.t)[1] == tmp_path / "game-2"
    for missing in ("nowhere", str(tmp_path / "nowhere")):
        try:
            game_to_resume(tmp_path, missing, table.t)
            raise AssertionError("resumed a game that does not exist")
        except NotResumable as e:
            assert "There is no game folder" in str(e)
    over = Console.start(["Ana", "Ben"], "basic", seed=4, computers={0: "random", 1: "random"})
    over.intro()
    LocalTable(over, tmp_path / "over").save_record()
    assert tmp_path / "over" not in unfinished_games(tmp_path)
    assert "tile_order" in json.loads((tmp_path / "over" / "record.json").read_text())  # finished: in full


def test_the_hint_in_the_terminal_is_plain_text_in_the_readers_language(tmp_path: Path) -> None:
    from lang import translator

    english = LocalTable(Console.start(["Ana", "Ben"], "basic", seed=3), tmp_path / "en").handle("hint")
    german = LocalTable(Console.start(["Ana", "Ben"], "basic", seed=3, t=translator("de")),
                        tmp_path / "de").handle("hint")
    for text in (english, german):
        assert not any(mark in text for mark in ("**", "_Why", "/tikal", "`", "autocomplete"))
    assert english.startswith("💡 Suggestion for Ana") and "\n  place " in english and " — why: " in english
    assert german.startswith("💡 Vorschlag für Ana") and " — warum: " in german and "Suggestion" not in german


def test_a_game_nobody_moved_in_is_not_kept(tmp_path: Path) -> None:
    folder = tmp_path / "game"
    table = LocalTable(Console.start(["Ana", "Ben"], "basic", seed=3), folder)
    assert table.opening() == "" and not folder.exists()
    assert table.keep() == "Nothing was played, so no game was kept." and not folder.exists()
    table.handle(str(legal_moves(table.console.state)[0].move))
    assert (folder / "record.json").is_file() and "--resume game" in table.keep()


@pytest.mark.slow
def test_python_m_bot_without_input_keeps_nothing_and_says_what_it_lacks(tmp_path: Path) -> None:
    """As a container started without a token runs it: every start would otherwise leave a game on the volume."""
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG", "DISCORD"))}
    for _ in range(2):
        done = subprocess.run([sys.executable, "-m", "bot"], stdin=subprocess.DEVNULL, capture_output=True, text=True,
                              cwd=tmp_path, env={**env, "BOARD_DIR": str(tmp_path / "boards"), "LANG": "C.UTF-8"},
                              timeout=120)
        assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
        assert "Nothing was played, so no game was kept." in done.stdout
        assert "set DISCORD_TOKEN" in done.stderr
    assert not (tmp_path / "boards").exists() or not any((tmp_path / "boards").iterdir())


def test_a_game_open_in_one_console_is_refused_by_another(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import os

    from bot.local_console import GameOpenElsewhere, claim, run
    from engine.messages import ENGLISH

    folder = tmp_path / "game-1"
    table = LocalTable(Console.start(["Ana", "Ben"], "basic", seed=3), folder)
    table.handle(str(legal_moves(table.console.state)[0].move))  # the first move: the folder is this console's
    assert (folder / "console.lock").read_text() == f"{os.getpid()}\n"
    with pytest.raises(GameOpenElsewhere, match=rf"The game in .*game-1 is open in another console \(process "
                                                rf"{os.getpid()}\)"):
        claim(folder, ENGLISH)
    for resume in (["--resume", "game-1"], ["--resume"]):  # named, or the most recent unfinished game
        assert run(tmp_path, resume) == 1
        assert "is open in another console" in capsys.readouterr().out
    table.release()
    claim(folder, ENGLISH).release()  # left: the next console may open it


def test_a_lock_left_by_a_console_that_died_is_taken_over(tmp_path: Path) -> None:
    import os

    from bot.local_console import claim
    from engine.messages import ENGLISH

    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "console.lock").write_text("999999\n")  # what a killed console leaves: its pid, no lock held
    lock = claim(folder, ENGLISH)
    assert lock.held and (folder / "console.lock").read_text() == f"{os.getpid()}\n"
    lock.release()


def test_ending_with_ap_left_is_asked_about_in_discords_forms_too(tmp_path: Path) -> None:
    table = LocalTable(Console.start(["Ana", "Ben"], "basic", seed=3), tmp_path / "game")
    assert table.confirmation("/tikal end") is None  # the hexagon first
    table.handle(str(legal_moves(table.console.state)[0].move))
    for line in ("end", "/tikal end", "/end"):
        assert table.confirmation(line) == "You still have 10 AP. End your turn anyway? (yes/no) [no]: "
    assert table.confirmation("/tikal board") is None and table.confirmation("hint") is None


def test_two_new_games_never_share_a_folder(tmp_path: Path) -> None:
    """Two consoles started in the same second get the same folder name: the second to write takes the next one."""
    named = tmp_path / "game-20261126-091205"
    first = LocalTable(Console.start(["Ana", "Ben"], "basic", seed=3), named)
    second = LocalTable(Console.start(["Cid", "Dee"], "basic", seed=4), named)
    for table in (first, second):
        table.handle(str(legal_moves(table.console.state)[0].move))
    assert first.folder == named and second.folder != named and second.folder.parent == tmp_path
    first.release()
    second.handle("end")  # its folder stays its own
    records = {table.folder: json.loads((table.folder / "record.json").read_text()) for table in (first, second)}
    assert records[named]["players"] == ["Ana", "Ben"] and records[second.folder]["players"] == ["Cid", "Dee"]


def test_review_looks_back_on_a_finished_game_once_and_never_during_play(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    import functools

    import bot.local_console
    from engine import parse_move
    from engine.ai import review
    from lang import translator
    from tests.engine.test_ai_review import QUICK, states_of

    made: list[int] = []

    def quick(record: dict[str, object]) -> list[review.TurnLoss]:
        made.append(1)
        return review.review_turns(record, settings=QUICK)

    monkeypatch.setattr(bot.local_console, "review_turns", quick)
    monkeypatch.setattr(bot.local_console, "fingerprint", functools.partial(review.fingerprint, QUICK))
    playing = LocalTable(Console.start(["Ana", "Ben"], "basic", seed=3), tmp_path / "playing")
    assert playing.handle("review").startswith("✗ The game is not over") and made == []
    assert playing.handle("/tikal-game review").startswith("✗ The game is not over")
    over = Console.start(["Ana", "Ben"], "basic", seed=4, computers={0: "easy", 1: "easy"})
    over.intro()
    table = LocalTable(over, tmp_path / "over")
    assert "`review`" in table.after_game()
    said = table.handle("review")
    lines = said.splitlines()
    assert lines[0] == "🔎 Review of this game" and "🟦 Ana" in lines and "🟧 Ben" in lines
    headings = [line.strip() for line in lines if " points lost" in line or " point lost" in line]
    assert headings and all(h.startswith(("Turn ", "Scoring round ")) and " · about " in h for h in headings)
    assert said.count("    Played: ") == said.count("    The computer player instead: ") == len(headings)
    assert not any(mark in said for mark in ("`", "**", "place ", "move ", "deploy "))  # words, not notation
    assert (tmp_path / "over" / "review.json").is_file() and made == [1]
    # kept: asked again (one player's), nothing is judged again
    ben = table.handle("/tikal-game review member:ben")
    assert "🟧 Ben" in ben and "🟦 Ana" not in ben and made == [1]
    assert table.handle("review Zed") == "✗ There is no player called “Zed”: Ana, Ben."
    # the alternatives named are turns the engine accepts from where each turn began
    kept = [review.turn_loss_from_json(t) for t in json.loads((tmp_path / "over" / "review.json").read_text())["turns"]]
    states = states_of(json.loads((tmp_path / "over" / "record.json").read_text()))
    for turn in review.worst_turns(kept)[1]:
        state = states[turn.start]
        for move in turn.better:
            state = apply(state, parse_move(move))
    german = LocalTable(Console(over.state, {}, 0, translator("de")), tmp_path / "over").handle("review")
    assert german.startswith("🔎 ") and "Review of this game" not in german and made == [1]
