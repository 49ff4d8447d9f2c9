"""``python -m render animate RECORD.json OUT.gif``: the animated replay of a game record (docs/rules.md, section 6).

Exit status 0 when the GIF is written, 1 on an illegal or unreadable move in the record (nothing is
written), 2 on a file that cannot be read as a record, an output that cannot be written or a wrong
command line.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from engine import EngineError, InvalidRecord, read_record

from .frames import replay_frames
from .replay import render_replay


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m render", description="Pictures of a Tikal game.")
    commands = parser.add_subparsers(dest="command", required=True)
    animate = commands.add_parser(
        "animate", help="write the animated replay (GIF) of a game record",
        description="Write the animated replay of a game record: a GIF with one frame per turn and per scoring "
                    "round, as the bot attaches to the end of a game (e.g. a record the local console saved).")
    animate.add_argument("record", type=Path, help="a game record as JSON (its format: docs/rules.md, section 6)")
    animate.add_argument("out", type=Path, help="where to write the GIF")
    return parser


def animate(record_path: Path, out: Path) -> int:
    try:
        record = read_record(json.loads(record_path.read_text(encoding="utf-8")))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, InvalidRecord) as e:
        print(f"{record_path}: not a readable game record: {e}", file=sys.stderr)
        return 2
    try:
        frames = replay_frames(record)
    except InvalidRecord as e:
        print(f"{record_path}: not a readable game record: {e}", file=sys.stderr)
        return 2
    except EngineError as e:
        index = getattr(e, "move_index", None)
        where = f"move {index + 1} of {len(record.moves)} ({record.moves[index]!r})" if index is not None else "a move"
        print(f"{record_path}: {where} cannot be played: {e}", file=sys.stderr)
        return 1
    gif = render_replay(frames)
    try:
        out.write_bytes(gif)
    except OSError as e:
        print(f"{out}: cannot write: {e}", file=sys.stderr)
        return 2
    print(f"{out}: {len(frames)} frames, {len(gif) / 1_000_000:.2f} MB")
    return 0


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    return animate(args.record, args.out)


if __name__ == "__main__":
    raise SystemExit(main())
