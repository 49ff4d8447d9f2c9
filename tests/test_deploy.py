"""Deploying the conventional way: the Dockerfile installs exactly the packages pyproject.toml declares (and what
building them needs) from the project's own pyproject.toml, as a user without privileges, and runs
``python -m bot``; compose.yaml builds that image for shard processes around one PostgreSQL; and the local
PostgreSQL of README's "Running at scale" starts, takes ``migrate-db`` and stops. Docker itself does not run here."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

import pytest

from tests.pgcluster import server_binaries

ROOT = Path(__file__).resolve().parents[1]


def _instructions() -> list[tuple[str, str]]:
    lines = [line.strip() for line in (ROOT / "Dockerfile").read_text().splitlines()]
    return [(line.split()[0].upper(), line.partition(" ")[2]) for line in lines if line and not line.startswith("#")]


def declared() -> tuple[set[str], set[str]]:
    """The top-level packages pyproject.toml declares, and the files its build reads besides them."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    include = project["tool"]["setuptools"]["packages"]["find"]["include"]
    packages = {pattern.rstrip("*").rstrip(".") for pattern in include}
    return packages, {"pyproject.toml", project["project"]["readme"]}


def test_the_image_takes_exactly_the_declared_packages_and_installs_them_from_pyproject() -> None:
    packages, files = declared()
    assert packages == {"engine", "render", "bot", "lang"}
    assert all((ROOT / p / "__init__.py").is_file() for p in packages)
    copied = set()
    for kind, args in _instructions():
        if kind == "COPY":
            *sources, _target = args.split()
            copied.update(s.rstrip("/") for s in sources)
    assert copied == packages | files
    ignored = (ROOT / ".dockerignore").read_text().splitlines()
    assert ignored[ignored.index("*") + 1:] == [*(f"!{f}" for f in ("pyproject.toml", "README.md")),
                                                 *(f"!{p}/" for p in ("engine", "render", "bot", "lang")),
                                                 "**/__pycache__"]


def test_the_image_runs_the_bot_as_a_user_without_privileges() -> None:
    steps = _instructions()
    kinds = [kind for kind, _ in steps]
    assert steps[0] == ("FROM", "python:3.11-slim")
    install = next(i for i, (kind, args) in enumerate(steps)
                   if kind == "RUN" and re.match(r"pip install \.( |$)", args))
    user = kinds.index("USER")
    assert install < user and steps[user][1] not in ("root", "0")
    assert "useradd" in " ".join(args for kind, args in steps if kind == "RUN")
    assert steps[-1] == ("CMD", '["python", "-m", "bot"]')
    assert (ROOT / "Procfile").read_text().strip() == "worker: python -m bot"


def test_compose_builds_the_image_for_every_shard_around_one_postgresql() -> None:
    text = (ROOT / "compose.yaml").read_text()
    assert re.search(r"^  postgres:\n    image: postgres:\d+", text, re.MULTILINE)
    assert "build: ." in text and "image: python" not in text and "cp -r" not in text
    counts = set(re.findall(r'SHARD_COUNT: "(\d+)"', text))
    assert len(counts) == 1
    shards = [int(s) for ids in re.findall(r'SHARD_IDS: "([\d,]+)"', text) for s in ids.split(",")]
    assert sorted(shards) == list(range(int(counts.pop())))  # every shard run, by one process each
    assert text.count("DATABASE_URL: postgresql://tikal:change-me@postgres:5432/tikal") == 2


def test_the_docker_lines_name_what_the_image_and_compose_hold() -> None:
    """What README, the Dockerfile and compose.yaml tell one to type holds for the files as they are: the volume is
    the image's data folder, where the settings' relative paths land, and the env file is read as written."""
    readme = (ROOT / "README.md").read_text()
    dockerfile = (ROOT / "Dockerfile").read_text()
    compose = (ROOT / "compose.yaml").read_text()
    steps = dict(_instructions())
    assert "docker compose up -d --build" in readme and "docker compose up -d --build" in compose
    assert "`DISCORD_TOKEN` in `.env`" in readme and compose.count("env_file: .env") == 1
    assert "docker build -t tikal ." in dockerfile
    run = re.search(r"docker run --env-file \.env -v tikal-data:(\S+) tikal", dockerfile)
    assert run is not None and steps["VOLUME"] == run.group(1) == "/data"
    assert steps["WORKDIR"] == "/data"  # the last one: the relative DATABASE_PATH and BOARD_DIR of .env land there
    env = " ".join(args for kind, args in _instructions() if kind == "ENV")
    assert "DATABASE_PATH=/data/" in env and "BOARD_DIR=/data/" in env
    assert "chown tikal /data" in dockerfile
    # docker's --env-file takes each line literally: no quotes, no comment after a value, no export
    settings = [line for line in (ROOT / ".env.example").read_text().splitlines() if line and not line.startswith("#")]
    assert settings and all(re.fullmatch(r"[A-Z_]+=[^\s\"'#]*", line) for line in settings), settings
    values = dict(line.split("=", 1) for line in settings)
    assert values["DISCORD_TOKEN"] == "" and not values["DATABASE_PATH"].startswith("/")


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_a_local_postgresql_starts_takes_migrate_db_and_stops(tmp_path: Path) -> None:
    if server_binaries() is None:
        pytest.skip("no PostgreSQL server on this machine")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    # as root the server runs as the postgres user, who must reach its folder (pytest's are the owner's only)
    where = Path(tempfile.mkdtemp(prefix="tikal-local-pg-"))
    os.chmod(where, 0o755)
    env = {**os.environ, "PGDATA_DIR": str(where / "data"), "PGPORT": str(port)}
    script = str(ROOT / "deploy" / "local-postgres.sh")
    started = subprocess.run([script, "start"], env=env, capture_output=True, text=True, timeout=120)
    try:
        assert started.returncode == 0, started.stderr
        url = f"postgresql://postgres@127.0.0.1:{port}/tikal"
        assert f"DATABASE_URL={url}" in started.stdout
        again = subprocess.run([script, "start"], env=env, capture_output=True, text=True, timeout=120)
        assert again.returncode == 0, again.stderr  # starting twice is harmless
        source = tmp_path / "tikal.sqlite3"
        _sqlite_file(source)
        migrated = subprocess.run([sys.executable, "-m", "bot", "migrate-db", "--from", str(source), "--to", url],
                                  cwd=ROOT, capture_output=True, text=True, timeout=120,
                                  env={**os.environ, "DISCORD_TOKEN": ""})
        assert migrated.returncode == 0, migrated.stderr
        assert migrated.stdout.startswith("copied 0 games") and "done: set DATABASE_URL" in migrated.stdout
    finally:
        stopped = subprocess.run([script, "stop"], env=env, capture_output=True, text=True, timeout=120)
        shutil.rmtree(where, ignore_errors=True)
    assert stopped.returncode == 0, stopped.stderr


def _sqlite_file(path: Path) -> None:
    """An empty bot database, as the bot leaves it at its first start."""
    import asyncio

    from bot.core.storage.sqlite import SqliteStorage

    async def make() -> None:
        storage = await SqliteStorage.open(path)
        await storage.close()

    asyncio.run(make())


def test_the_image_checks_its_health_with_python_on_the_health_port() -> None:
    steps = _instructions()
    (check,) = [args for kind, args in steps if kind == "HEALTHCHECK"]
    options, _, command = check.partition(" CMD ")
    assert command == '["python", "-m", "bot", "healthcheck"]'  # no curl in python:3.11-slim
    assert "--start-period=" in options and "--timeout=" in options
    environment = " ".join(args for kind, args in steps if kind == "ENV")
    port = re.search(r"\bHEALTH_PORT=(\d+)", environment)
    assert port is not None and ("EXPOSE", port[1]) in steps
    assert [kind for kind, _ in steps].index("HEALTHCHECK") > [kind for kind, _ in steps].index("USER")


@pytest.mark.slow
def test_the_health_check_command_says_ready_or_not(tmp_path: Path) -> None:
    """``python -m bot healthcheck`` against a small server that answers as the bot's ``/healthz`` does."""
    import http.server
    import json
    import threading

    answers = [(200, {"ready": True, "checks": {}}),
               (503, {"ready": False, "checks": {"discord": {"ok": False, "detail": "not connected"},
                                                 "database": {"ok": True, "detail": "answers"}}})]

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            status, body = answers[0] if self.path == "/healthz" else (404, {})
            self.send_response(status)
            self.end_headers()
            self.wfile.write(json.dumps(body).encode())

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    env = {**os.environ, "DISCORD_TOKEN": "", "HEALTH_PORT": str(server.server_address[1]),
           "HEALTH_HOST": "0.0.0.0"}
    try:
        ready = subprocess.run([sys.executable, "-m", "bot", "healthcheck"], cwd=tmp_path, env=env,
                               capture_output=True, text=True, timeout=60)
        assert (ready.returncode, ready.stdout) == (0, "ready\n")
        answers.pop(0)
        unready = subprocess.run([sys.executable, "-m", "bot", "healthcheck"], cwd=tmp_path, env=env,
                                 capture_output=True, text=True, timeout=60)
        assert unready.returncode == 1 and unready.stderr.strip() == "not ready: discord: not connected"
    finally:
        server.shutdown()
    gone = subprocess.run([sys.executable, "-m", "bot", "healthcheck"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)
    assert gone.returncode == 1 and "no answer from http://127.0.0.1:" in gone.stderr
