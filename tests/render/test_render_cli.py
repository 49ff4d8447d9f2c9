"""``python -m render animate RECORD.json OUT.gif``: exit status 0 with the GIF written, 1 on an illegal move,
2 on a file that is not a record."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from render.__main__ import main
from tests.render.replay_cases import Record, corpus, ends

ROOT = Path(__file__).resolve().parents[2]


def _short_record() -> Record:
    record = corpus()["busy-basic-3"]
    return {**record, "moves": record["moves"][:ends(record)[2]]}


def test_the_command_writes_the_gif(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source, out = tmp_path / "game.json", tmp_path / "game.gif"
    source.write_text(json.dumps(_short_record()))
    assert main(["animate", str(source), str(out)]) == 0
    gif = Image.open(out)
    assert gif.format == "GIF" and gif.n_frames == 4
    assert "4 frames" in capsys.readouterr().out


@pytest.mark.parametrize("content", ["not json {", json.dumps({"players": ["Ana"], "variant": "basic", "seed": 1,
                                                               "moves": []}), json.dumps([1, 2])])
def test_an_unreadable_record_exits_2(tmp_path: Path, content: str, capsys: pytest.CaptureFixture[str]) -> None:
    source, out = tmp_path / "game.json", tmp_path / "game.gif"
    source.write_text(content)
    assert main(["animate", str(source), str(out)]) == 2
    assert "not a readable game record" in capsys.readouterr().err
    assert not out.exists()


def test_a_missing_file_exits_2(tmp_path: Path) -> None:
    assert main(["animate", str(tmp_path / "nowhere.json"), str(tmp_path / "out.gif")]) == 2


def test_an_illegal_move_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = _short_record()
    record["moves"] = [*record["moves"][:5], "uncover H5 1", *record["moves"][5:]]
    source, out = tmp_path / "game.json", tmp_path / "game.gif"
    source.write_text(json.dumps(record))
    assert main(["animate", str(source), str(out)]) == 1
    # the sixth move, counted as a reader counts: from 1
    assert f"move 6 of {len(record['moves'])} ('uncover H5 1')" in capsys.readouterr().err
    assert not out.exists()


def test_python_dash_m_render_animate(tmp_path: Path) -> None:
    source, out = tmp_path / "game.json", tmp_path / "game.gif"
    source.write_text(json.dumps({**_short_record(), "moves": _short_record()["moves"][:3]}))
    done = subprocess.run([sys.executable, "-m", "render", "animate", str(source), str(out)], cwd=ROOT,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert Image.open(out).format == "GIF"
    usage = subprocess.run([sys.executable, "-m", "render", "animate"], cwd=ROOT, capture_output=True, text=True,
                           check=False)
    assert usage.returncode == 2

