"""The bot without a Discord token: the same game in a terminal, with a board picture after every turn.

The typed commands are the slash commands' words (``move A1 C2 2``, ``end``, ``board`` …); after every
turn the board PNG is written to ``BOARD_DIR`` and its path printed, so anyone can try the bot locally.
"""

from __future__ import annotations

from pathlib import Path

from engine import Phase, view
from engine.console import Console
from render import render_board, render_detail, render_placement


class LocalTable:
    """One hot-seat game whose board pictures go to a folder."""

    def __init__(self, console: Console, board_dir: Path) -> None:
        self.console = console
        self.board_dir = board_dir
        self.pictures = 0

    def picture(self, kind: str = "board") -> Path:
        """Write the current picture and return the file's path: ``board`` (the channel picture), ``detail``
        (the private board, with costs) or ``placement`` (the placement preview)."""
        self.board_dir.mkdir(parents=True, exist_ok=True)
        v = view(self.console.state, None)
        self.pictures += 1
        path = self.board_dir / f"{self.pictures:03d}-v{v.version}-{kind}.png"
        path.write_bytes({"board": render_board, "detail": render_detail, "placement": render_placement}[kind](v))
        return path

    def handle(self, line: str) -> str:
        """Act on one typed line; after a turn changes hands, add the new picture's path."""
        word = line.strip().lower()
        if word == "board":
            placing = self.console.state.phase is Phase.PLACE
            return f"Board: {self.picture('detail')}" + (f"\nPlacement preview: {self.picture('placement')}"
                                                          if placing else "")
        before = self.console.state
        out = self.console.handle(line)
        after = self.console.state
        if after.version != before.version and (after.to_act != before.to_act or after.phase is Phase.FINISHED):
            out += f"\nBoard: {self.picture()}"
        return out


def run(board_dir: Path) -> int:
    """The terminal loop (the only place that reads input and prints)."""
    from engine.__main__ import run_console

    return run_console(None, None, None, wrap=lambda c: LocalTable(c, board_dir), intro_extra=(
        "No DISCORD_TOKEN is set, so this is the local console. `board` writes the current picture; "
        f"a picture is also written to {board_dir}/ after every turn."))
