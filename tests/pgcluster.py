"""A throwaway PostgreSQL server for the tests: ``initdb`` in a temporary folder, ``pg_ctl start``, removed after.

The server binaries are looked for in ``PG_BIN`` when it is set (there only: an empty folder stands for a machine
without a server), else on ``PATH`` and in Debian's ``/usr/lib/postgresql/<n>/bin`` (the newest). ``initdb``
refuses to run as root, so as root the cluster belongs to the ``postgres`` system user (Debian's package creates
it) or else ``nobody``: its folder is made theirs and the server runs as them. It listens on 127.0.0.1 on a free
port (and a socket in its own folder) with fsync off: a test server, fast and disposable. Each test gets a database
of its own (``create_database``), dropped afterwards. Under pytest-xdist each worker process starts a server of its
own, so two workers never share a server, let alone a database.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path
from typing import Any

NEEDED = ("initdb", "pg_ctl", "postgres")
NO_SERVER = "no PostgreSQL server binaries found"
"""The start of the reason a PostgreSQL test is skipped for (``tests/conftest.py`` counts them)."""


def server_binaries() -> Path | None:
    """The folder with ``initdb``, ``pg_ctl`` and ``postgres``, or None if this machine has no server."""
    candidates: list[Path] = []
    if os.environ.get("PG_BIN"):
        candidates.append(Path(os.environ["PG_BIN"]))
        return _first_complete(candidates)
    found = shutil.which("pg_ctl")
    if found:
        candidates += [Path(found).parent, Path(found).resolve().parent]

    def version(path: str) -> float:
        try:
            return float(Path(path).parent.name)
        except ValueError:
            return 0.0

    candidates += [Path(p) for p in sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=version, reverse=True)]
    candidates += [Path(p) for p in sorted(glob.glob("/usr/pgsql-*/bin"), reverse=True)]
    return _first_complete(candidates)


def _first_complete(candidates: list[Path]) -> Path | None:
    for folder in candidates:
        if all((folder / name).is_file() and os.access(folder / name, os.X_OK) for name in NEEDED):
            return folder
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Cluster:
    """One running throwaway server; ``stop()`` stops it and deletes its folder."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.root = Path(tempfile.mkdtemp(prefix="tikal-pg-"))
        self.data = self.root / "data"
        self.port = _free_port()
        self._as: dict[str, Any] = {}
        self._count = 0
        if os.geteuid() == 0:  # initdb and postgres refuse root: the cluster is another user's
            try:
                user = pwd.getpwnam("postgres")
            except KeyError:
                user = pwd.getpwnam("nobody")
            os.chown(self.root, user.pw_uid, user.pw_gid)
            self._as = {"user": user.pw_uid, "group": user.pw_gid, "extra_groups": []}
        os.chmod(self.root, 0o700)

    def _run(self, *args: str) -> None:
        done = subprocess.run([str(a) for a in args], capture_output=True, text=True, cwd=self.root, check=False,
                              timeout=120, **self._as)
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(args)} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}\n"
                               f"{self.log()}")

    def log(self) -> str:
        with contextlib.suppress(OSError):
            return (self.root / "server.log").read_text()[-3000:]
        return ""

    def start(self, *, durable: bool = False) -> Cluster:
        """Start the server: for tests without fsync; ``durable`` (benchmarks) with PostgreSQL's defaults, every
        commit on disk before it returns, like the SQLite file's ``synchronous=FULL``."""
        self._run(str(self.bindir / "initdb"), "-D", str(self.data), "-U", "postgres", "-A", "trust", "-E", "UTF8",
                  "--no-sync")
        tries = 0
        while True:
            options = (f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c max_connections=300 "
                       "-c shared_buffers=64MB")
            if not durable:
                options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
            try:
                self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-l", str(self.root / "server.log"),
                          "-w", "-t", "60", "-o", options, "start")
                return self
            except RuntimeError:
                # the free port was taken meanwhile (another test worker's server, another program): another one
                tries += 1
                if tries == 3 or "could not bind" not in self.log():
                    raise
                self.port = _free_port()

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def new_name(self) -> str:
        self._count += 1
        return f"t{os.getpid()}_{self._count}"

    async def create_database(self) -> str:
        """A new empty database; its URL."""
        import asyncpg

        name = self.new_name()
        conn = await asyncpg.connect(self.url())
        try:
            await conn.execute(f'CREATE DATABASE "{name}"')
        finally:
            await conn.close()
        return self.url(name)

    async def drop_database(self, url: str) -> None:
        import asyncpg

        name = url.rsplit("/", 1)[-1]
        conn = await asyncpg.connect(self.url())
        try:
            await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await conn.close()

    def stop(self) -> None:
        with contextlib.suppress(Exception):
            self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.root, ignore_errors=True)


__all__ = ["NO_SERVER", "Cluster", "server_binaries"]
