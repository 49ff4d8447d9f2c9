"""``python -m engine tournament`` shows its progress and the time left on standard error, apart from the table
on standard output: one line rewritten in place on a terminal, a line per tenth of the games elsewhere."""

from __future__ import annotations

import io

from engine.tournament import Progress


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_progress_line_estimates_the_time_left_from_the_games_so_far() -> None:
    now = [100.0]
    out = Terminal()
    progress = Progress(100, out, clock=lambda: now[0])
    now[0] += 6.6
    progress(1)
    assert out.getvalue() == "\r\x1b[K1/100 games, about 11 min left"
    now[0] += 6.6 * 99
    progress(100)
    assert out.getvalue().endswith("\r\x1b[K100/100 games in 11 min\n")  # the table starts on a line of its own


def test_without_a_terminal_a_line_per_tenth_of_the_games() -> None:
    now = [0.0]
    out = io.StringIO()
    progress = Progress(20, out, clock=lambda: now[0])
    for done in range(1, 21):
        now[0] += 2
        progress(done)
    lines = out.getvalue().splitlines()
    assert lines[0] == "2/20 games, about 36 s left" and lines[-1] == "20/20 games in 40 s" and len(lines) == 10
