"""Where the console keeps its games: a folder per game under the board folder, with its record, its computer
seats, its review and, while a console has it open, its lock; finding a game to continue."""

from __future__ import annotations

import json
import os
import tempfile
from datetime import datetime
from pathlib import Path
from typing import Any, Final

from bot.console.tutorial import resumed as tutorial_resumed
from bot.core.storage.process_lock import LockHeld, ProcessLock
from engine import EngineError, read_record, replay
from engine.console import Console
from engine.messages import Speaker

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


def write_atomically(path: Path, data: dict[str, Any]) -> None:
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
