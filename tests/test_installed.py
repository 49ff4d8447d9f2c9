"""An installed copy, not the editable one: the wheel ``pip install .`` would install (what the Dockerfile does) is
built offline from the files the Dockerfile copies, holds every data file the packages read, and
``python -m bot`` and ``python -m engine`` start from it in a throwaway virtual environment whose only project
code is that wheel."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.test_deploy import declared

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.slow


def _data_files(package: str) -> Iterator[str]:
    """Every file of a package that is not a module (and not a cache), as a path inside the wheel."""
    for path in sorted((ROOT / package).rglob("*")):
        if path.is_file() and path.suffix not in {".py", ".pyc"} and "__pycache__" not in path.parts:
            yield path.relative_to(ROOT).as_posix()


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project's wheel, built without the network from a copy of exactly what the Dockerfile copies."""
    packages, files = declared()
    source = tmp_path_factory.mktemp("source")
    for name in files:
        (source / name).write_bytes((ROOT / name).read_bytes())
    for package in packages:
        for path in (ROOT / package).rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts:
                target = source / path.relative_to(ROOT)
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(path.read_bytes())
    out = tmp_path_factory.mktemp("dist")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
                    "--no-index", "--wheel-dir", str(out), str(source)], check=True, capture_output=True, timeout=300)
    (built,) = out.glob("*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A new virtual environment's interpreter with the wheel installed; the dependencies come from this test
    run's environment through a path file (which does not run that environment's editable-install hook)."""
    venv = tmp_path_factory.mktemp("venv")
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                               check=True, capture_output=True, text=True).stdout.strip())
    (site / "dependencies.pth").write_text(sysconfig.get_path("purelib") + "\n")
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index", "--target",
                    str(site), str(wheel)], check=True, capture_output=True, timeout=300)
    return python


def _run(python: Path, args: list[str], text: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items()
           if k not in {"PYTHONPATH", "DISCORD_TOKEN", "DATABASE_URL", "WEB_URL", "WEB_PORT"}}
    env["LANG"] = "C.UTF-8"
    return subprocess.run([str(python), *args], input=text, capture_output=True, text=True, cwd=cwd, env=env,
                          timeout=180)


def test_the_wheel_holds_every_data_file_the_packages_read(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    packages, _ = declared()
    wanted = [name for package in sorted(packages) for name in _data_files(package)]
    assert "engine/ai/model.json" in wanted
    assert [name for name in wanted if name not in names] == []


def test_the_installed_copy_is_the_one_imported(installed: Path, tmp_path: Path) -> None:
    found = _run(installed, ["-c", "import bot, engine, lang, render; print(engine.__file__, bot.__file__)"], "",
                 tmp_path)
    assert found.returncode == 0, found.stderr
    assert str(ROOT) not in found.stdout
    assert "site-packages" in found.stdout


def test_the_installed_engine_console_starts_with_a_computer_player(installed: Path, tmp_path: Path) -> None:
    done = _run(installed, ["-m", "engine", "console", "--players", "Ana,Ben", "--computer", "2=strong",
                            "--seed", "7"], "help\nquit\nyes\n", tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert "Ana, turn 1" in done.stdout


@pytest.mark.parametrize("args", [["--players", "Ana,Ben", "--computer", "2=strong", "--seed", "7"],
                                  ["--players", "Ana,Ben", "--seed", "7", "--lang", "de"],
                                  ["--tutorial"]])
def test_the_installed_bot_starts_its_console(installed: Path, tmp_path: Path, args: list[str]) -> None:
    done = _run(installed, ["-m", "bot", *args], "board\nquit\nyes\n", tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    pictures = list(tmp_path.rglob("*.png"))
    assert pictures, done.stdout
    assert all(p.read_bytes().startswith(b"\x89PNG") for p in pictures)
