"""The console: a whole hot-seat game can be played by typed lines, and bad input changes nothing."""

import os
import subprocess
import sys

from engine import legal_moves, state_to_dict
from engine.console import Console


def test_plays_a_whole_basic_game_by_typed_lines() -> None:
    console = Console.start(["Ana", "Ben"], "basic", seed=3)
    assert "Ana" in console.intro()
    steps = 0
    while not console.finished:
        entries = legal_moves(console.state)
        # A person's sensible shortcut: the first listed move, ending turns when only that is left.
        entry = next((e for e in entries if str(e.move) == "end"), entries[0]) if steps % 3 else entries[0]
        out = console.handle(str(entry.move))
        assert out.startswith("✓"), out
        steps += 1
        assert steps < 5000
    assert "The game is over" in console.handle("")
    assert "Winner" in console.handle("")


def test_bad_input_changes_nothing_and_says_what_is_legal() -> None:
    console = Console.start(["Ana", "Ben"], "basic", seed=3)
    before = state_to_dict(console.state)
    out = console.handle("deploy A1 3")
    assert out.startswith("✗") and "Place your hexagon first" in out and "place" in out
    assert console.handle("fly A1").startswith("✗ Cannot read")
    assert state_to_dict(console.state) == before


def test_help_show_and_absent() -> None:
    console = Console.start(["Ana", "Ben", "Cid"], "auction", seed=9)
    assert "bid" in console.handle("help") and "pass" in console.handle("help")
    assert "A1: basecamp" in console.handle("show")
    out = console.handle("absent")
    assert out.startswith("(absent: ruling 14) ✓ pass")
    assert console.state.players[console.state.to_act] == "Ben"


def test_console_command_reads_stdin_to_the_end() -> None:
    lines = "help\nshow\nquit\n"
    result = subprocess.run(
        [sys.executable, "-m", "engine", "console", "--players", "Ana,Ben", "--seed", "1"],
        input=lines, capture_output=True, text=True, timeout=60,
    )
    assert result.returncode == 0
    assert "Legal now:" in result.stdout and "Map" in result.stdout


def test_a_rapido_game_with_options_in_the_console_shows_their_state() -> None:
    console = Console.start(["Ana", "Ben", "Cid"], "rapido", seed=4, options=["guns", "obstacles", "indiana"])
    intro = console.intro()
    assert "rapido game with indiana, obstacles, guns" in intro and "`jump 3`" in intro
    shown = console.handle("show")
    assert "Obstacles (+2 AP to cross): none yet." in shown and "Indiana Jones (3d6)" in shown
    assert "Tikal Rápido, round 1 (auction)" in shown and "chips Ana 10" in shown
    while console.state.phase.value != "jump":
        assert console.handle("absent").startswith("(absent")
    assert "choose chips for the next jump" in console.handle("")
    assert console.handle("jump 9").startswith("✗") and "1–5" in console.handle("jump 9")
    assert console.handle("jump 2").startswith("✓ jump 2")


def test_console_command_takes_the_variant_and_options() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "engine", "console", "--players", "Ana,Ben", "--variant", "rapido",
         "--options", "guns,obstacles", "--seed", "1"],
        input="show\nquit\n", capture_output=True, text=True, timeout=60,
    )
    assert result.returncode == 0 and "rapido game with obstacles, guns" in result.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "engine", "console", "--players", "Ana,Ben", "--options", "randomterrain"],
        input="", capture_output=True, text=True, timeout=60,
    )
    assert bad.returncode == 2 and "needs the auction variant" in bad.stdout


def test_the_console_speaks_german_with_lang_de() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "engine", "console", "--players", "Ana,Ben", "--seed", "1", "--lang", "de"],
        input="help\nshow\ndeploy A1 3\nscore\nquit\n", capture_output=True, text=True, timeout=60,
    )
    assert result.returncode == 0
    out = result.stdout
    assert "Tikal, Grundversion. Plätze: 1. Ana, 2. Ben." in out
    assert "Jetzt erlaubt:" in out and "Karte (T5 Tempel mit Wert 5" in out and "A1: Basiscamp" in out
    assert "✗ Lege zuerst deine Geländetafel an" in out and "Punkte: Ana 0, Ben 0." in out


def test_the_console_takes_its_language_from_the_environment() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    result = subprocess.run(
        [sys.executable, "-m", "engine", "console", "--players", "Ana,Ben", "--seed", "1"],
        input="score\nquit\n", capture_output=True, text=True, timeout=60, env={**env, "LANG": "fr_FR.UTF-8"},
    )
    assert result.returncode == 0 and "Tikal, règles de base." in result.stdout and "Scores : Ana 0" in result.stdout


def _console_at(variant: str, wanted: str, seed: int = 5) -> Console:
    """A console whose player to act may now make a move starting with ``wanted`` (random play to get there)."""
    import random

    rng = random.Random(seed)
    console = Console.start(["Ana", "Ben"], variant, seed=seed)
    for _ in range(3000):
        moves = [m for e in legal_moves(console.state) for m in e.moves()]
        if any(str(m).startswith(wanted) for m in moves):
            return console
        choice = rng.choice([m for m in moves if str(m) != "undo"])
        console.handle(str(choice))
    raise AssertionError(f"no {wanted} came up")


def test_confirmations_say_what_a_move_did_and_cost() -> None:
    console = _console_at("basic", "recover")
    move = next(m for e in legal_moves(console.state) for m in e.moves() if str(m).startswith("recover"))
    before = console.state.treasures[console.state.to_act].copy()
    out = console.handle(str(move))
    after = console.state.treasures[console.state.to_act]
    kind = next(k for k, n in after.items() if n > before.get(k, 0))
    assert out.startswith(f"✓ {move} — found {kind}") and f"· {3 * move.count} AP" in out.splitlines()[0], out

    console = Console.start(["Ana", "Ben"], "basic", seed=3)
    console.handle(str(legal_moves(console.state)[0].move))
    assert console.handle("deploy A1 3").startswith("✓ deploy A1 3 — 3 AP")
    assert console.handle("undo").startswith("✓ undo — took back deploy A1 3 · 3 AP back")
    assert console.handle("deploy A1 2").startswith("✓ deploy A1 2 — 2 AP")
    assert console.handle("end").startswith("✓ end — 8 AP lost")


def test_show_and_score_list_each_players_supply_camps_guards_and_treasures() -> None:
    console = _console_at("basic", "recover", seed=8)
    move = next(m for e in legal_moves(console.state) for m in e.moves() if str(m).startswith("recover"))
    console.handle(str(move))
    score = console.handle("score")
    lines = score.splitlines()
    assert lines[0].startswith("Scores:") and len(lines) == 3
    me = console.state.players[console.state.to_act]
    mine = next(line for line in lines if line.startswith(me))
    assert "in the supply" in mine and " left · " in mine and "guard" in mine
    assert "no treasures" not in mine and "leader" in mine
    assert all(line in console.handle("show") for line in lines[1:])


def test_a_computer_turn_says_what_it_found() -> None:
    # Two easy seats (0.3 s), not two strong ones (9 s): the words of a computer's turn do not depend on its level.
    console = Console.start(["Ana", "Ben"], "basic", seed=2, computers={0: "easy", 1: "easy"})
    played = console.intro()
    assert console.finished
    assert "found " in played and " AP" in played


def test_the_setup_checks_each_answer_at_once() -> None:
    from engine.messages import ENGLISH
    from engine.terminal import Setup

    answers = iter(["5", "three", "3", "Ana,Ben", "Ana,Ben,Ana", "Ana,Ben,move", "ana,Ben,Cy", "Auction"])
    asked: list[str] = []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        return next(answers)

    setup = Setup(ENGLISH, {2: "easy"}, ask)
    assert setup.count() == 3 and len(asked) == 3 and "(3-4)" in asked[0]
    assert setup.names(3) == ["ana", "Ben", "Cy"] and len(asked) == 7
    assert setup.variant() == "auction"


def test_a_computer_seat_on_the_command_line_bounds_the_number_of_players() -> None:
    from engine.messages import ENGLISH
    from engine.terminal import Setup

    answers = iter(["2", "4"])
    assert Setup(ENGLISH, {3: "strong"}, lambda _: next(answers)).count() == 4


def test_ctrl_c_at_a_question_leaves_without_a_traceback(monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    import builtins

    from engine.terminal import run_console

    def interrupted(_: str = "") -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    monkeypatch.setattr(builtins, "input", interrupted)
    assert run_console(None, None, None, intro_extra="Welcome.") == 0
    out = capsys.readouterr()
    assert out.out.startswith("Welcome.") and "Traceback" not in out.out + out.err


def test_the_console_stays_open_after_the_game_for_its_record() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "engine", "console", "--players", "Ana,Ben", "--seed", "3",
         "--computer", "1=random,2=random"],
        input="record\nplace A1 0\nquit\n", capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "The game is over: `record` prints its record" in result.stdout
    assert '"players": ["Ana", "Ben"]' in result.stdout and "game over> ✗ The game is over" in result.stdout


def test_quit_or_exit_at_a_setup_question_leaves(monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    import builtins

    import pytest

    from engine.messages import ENGLISH
    from engine.terminal import Leave, Setup, run_console

    for word in ("quit", "EXIT"):
        with pytest.raises(Leave):
            Setup(ENGLISH, {}, lambda _, w=word: w).variant()  # type: ignore[misc]
    asked: list[str] = []

    def answer(prompt: str = "") -> str:
        asked.append(prompt)
        return "2" if len(asked) == 1 else "quit"

    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    monkeypatch.setattr(builtins, "input", answer)
    assert run_console(None, None, None) == 0
    assert len(asked) == 2 and "`quit` leaves" in asked[0]
    assert "Tikal" not in capsys.readouterr().out  # no game was started


def test_the_setup_asks_in_the_readers_words_and_takes_the_english_ones_too() -> None:
    from engine.terminal import Setup
    from lang import translator

    german = translator("de")
    asked: list[str] = []
    answers = iter(["Tikal", "Versteigerung", "auction", "RAPIDO", "Rápido"])

    def ask(prompt: str) -> str:
        asked.append(prompt)
        return next(answers)

    setup = Setup(german, {}, ask)
    assert setup.variant() == "auction" and setup.variant() == "auction"
    assert setup.variant() == "rapido" and setup.variant() == "rapido"
    assert "grundspiel, versteigerung oder rapido" in asked[0] and "[grundspiel]" in asked[0]
    assert "basic" not in asked[0] and "auction" not in asked[0]


def test_an_unknown_language_names_the_ones_there_are_and_exits_2() -> None:
    result = subprocess.run([sys.executable, "-m", "engine", "console", "--players", "Ana,Ben", "--lang", "xx"],
                            input="", capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "Tikal" not in result.stdout
    assert "“xx” is not a language" in result.stderr
    assert all(f"{code} ({name})" in result.stderr for code, name in (("de", "Deutsch"), ("nl", "Nederlands")))
    german = subprocess.run([sys.executable, "-m", "engine", "console", "--players", "Ana,Ben", "--lang", "de_AT"],
                            input="quit\n", capture_output=True, text=True, timeout=60)
    assert german.returncode == 0 and "Grundversion" in german.stdout


def test_players_on_the_command_line_start_the_game_without_a_question(monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    import builtins

    from engine.terminal import run_console

    asked: list[str] = []

    def answer(prompt: str = "") -> str:
        asked.append(prompt)
        raise EOFError

    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    monkeypatch.setattr(builtins, "input", answer)
    assert run_console("Ana,Ben", None, 3) == 0
    assert asked[0] == "Ana> " and "basic game" in capsys.readouterr().out


def test_a_scoring_round_says_why_it_begins_before_it_begins() -> None:
    for variant, reason in (("basic", "drew a volcano. Scoring round 1 of 4: each player in turn takes 10 AP"),
                            ("auction", "took a volcano. Scoring round 1 of 4")):
        told = Console.start(["Ana", "Ben"], variant, seed=5, computers={0: "random", 1: "random"}).intro()
        assert reason in told and "The last hexagon is placed: the final scoring round begins" in told
        assert told.index(reason) < told.index(" + temples ") and "\nScoring round" not in told
    rapido = Console.start(["Ana", "Ben"], "rapido", seed=5, computers={0: "random", 1: "random"}).intro()
    assert "placed a volcano this round. Scoring round 1 of 4" in rapido
    noround = Console.start(["Ana", "Ben"], "basic", seed=5, computers={0: "random", 1: "random"},
                            options=["noround"]).intro()
    assert "A volcano: scoring round 1, everyone scores at once.\n🤖" not in noround
    assert noround.index("A volcano: scoring round 1, everyone scores at once.") < noround.index(" + temples ")
    sudden = Console.start(["Ana", "Ben"], "auction", seed=5, computers={0: "random", 1: "random"},
                           options=["randomterrain"]).intro()
    assert "took a volcano. Scoring round 1:" in sudden and "of 4" not in sudden


def test_a_treasure_hexagon_counts_its_treasures_not_masks() -> None:
    console = Console.start(["Ana", "Ben"], "basic", seed=5)
    assert "your hexagon is the treasure hexagon with 4 treasures; place it" in console.handle("")
    assert "mask" not in console.handle("")


def test_only_the_moves_of_the_games_own_options_are_listed() -> None:
    sudden = Console.start(["Ana", "Ben"], "auction", seed=5, options=["randomterrain"]).intro()
    assert "This game's own moves: `score yes`, `score no`." in sudden
    assert not any(word in sudden for word in ("`obstacle", "gun`", "`jump", "`fire"))
    assert "own moves" not in Console.start(["Ana", "Ben"], "basic", seed=5).intro()
    rapido = Console.start(["Ana", "Ben"], "rapido", seed=5, options=["guns"]).intro()
    assert "`guard A2 gun`, `fire A2 Ben`, `jump 3`." in rapido and "`score yes`" not in rapido


def test_every_scoring_line_is_a_sum_that_adds_up_to_the_score() -> None:
    import re

    console = Console.start(["Ana", "Ben"], "auction", seed=5, computers={0: "random", 1: "random"})
    told = console.intro()
    sums = re.findall(r"^(Ana|Ben): (\d+) \+ temples (\d+) \+ treasures (\d+) = (\d+)$", told, re.MULTILINE)
    assert len(sums) >= 8  # four scoring rounds of two players
    last: dict[str, int] = {}
    for player, *numbers in sums:
        before, temples, treasures, total = map(int, numbers)
        assert before + temples + treasures == total
        assert before <= last.get(player, 20)  # between two scorings, only an auction's bid changes a score
        last[player] = total
    assert [last["Ana"], last["Ben"]] == list(console.state.score)


def test_the_setup_offers_computer_players_one_person_against_the_computer_by_default() -> None:
    from engine.messages import ENGLISH
    from engine.terminal import Setup

    answers = iter(["", "4", "Ben,Cid=easy", "Dee=hard", "none"])
    asked: list[str] = []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        return next(answers)

    setup = Setup(ENGLISH, {}, ask)
    assert setup.computer_seats(["Ana", "Ben"]) == {1: "strong"} and asked[0].endswith("`none`: people only [2]: ")
    assert setup.computer_seats(["Ana", "Ben", "Cid"]) == {1: "strong", 2: "easy"}  # "4" is no seat: asked again
    assert len(asked) == 3
    assert setup.computer_seats(["Ana", "Ben", "Cid", "Dee"]) == {} and "[2,3,4]" in asked[-1]  # "hard": no level


def test_the_first_questions_start_a_game_against_the_computer(monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    import builtins

    from engine.terminal import run_console
    from lang import translator

    asked: list[str] = []
    answers = iter(["", "", "", "", "quit", "yes"])

    def answer(prompt: str = "") -> str:
        asked.append(prompt)
        return next(answers)

    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    monkeypatch.setattr(builtins, "input", answer)
    assert run_console(None, None, 3, t=translator("de")) == 0
    said = capsys.readouterr().out
    assert "Ben (Computer, strong)" in said, said[:500]
    assert "keine" in asked[2] and "[2]" in asked[2]  # the computer question, in the reader's language


def test_ending_a_turn_with_ap_left_asks_first_in_a_terminal(monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    import builtins

    from engine import legal_moves, new_game
    from engine.terminal import run_console

    place = str(legal_moves(new_game(["Ana", "Ben"], "basic", 3))[0].move)
    lines = iter([place, "end", "no", "end", "yes", "quit", "yes"])
    asked: list[str] = []

    def answer(prompt: str = "") -> str:
        asked.append(prompt)
        return next(lines)

    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    monkeypatch.setattr(builtins, "input", answer)
    assert run_console("Ana,Ben", None, 3) == 0
    said = capsys.readouterr().out
    question = "You still have 10 AP. End your turn anyway? (yes/no) [no]: "
    assert asked[:6] == ["Ana> ", "Ana> ", question, "Ana> ", question, "Ben> "]
    assert "Ana, turn 1: 10 AP left." in said and "✓ end — 10 AP lost" in said  # no: the turn went on; yes: ended


def test_the_question_before_ending_is_for_ap_left_only() -> None:
    from engine import legal_moves
    from engine.ai import computer_turn
    from lang import translator

    console = Console.start(["Ana", "Ben"], "basic", seed=3)
    assert console.confirmation("end") is None  # a hexagon to place first: `end` is refused anyway
    console.handle(str(legal_moves(console.state)[0].move))
    assert console.confirmation(" END ") == "You still have 10 AP. End your turn anyway? (yes/no) [no]: "
    assert console.confirmation("deploy A1 2") is None
    german = Console(console.state, t=translator("de"))
    assert german.confirmation("end") == "Du hast noch 10 AP. Den Zug trotzdem beenden? (ja/nein) [nein]: "
    rapido = Console.start(["Ana", "Ben"], "rapido", seed=3)
    while rapido.state.stage.value != "jumps" or rapido.state.phase.value != "actions":  # to a slot of a jump
        rapido.state, _ = computer_turn(rapido.state, "random", 1)
    assert (rapido.confirmation("end") or "").startswith(f"You still have {rapido.state.ap} AP. Give this slot up?")
