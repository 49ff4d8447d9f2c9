"""A command run in a pseudo-terminal of its own, as a person runs it: what it prints is read as it comes, lines
are typed with Enter, and Ctrl-C / Ctrl-D go through the terminal (so Ctrl-C is a SIGINT to the terminal's
foreground process group, as in a real one)."""

from __future__ import annotations

import os
import pty
import re
import select
import signal
import time
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from types import TracebackType

CTRL_C = b"\x03"
CTRL_D = b"\x04"
_ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\r")


class Terminal:
    def __init__(self, argv: Sequence[str], cwd: Path, env: Mapping[str, str]) -> None:
        pid, fd = pty.fork()
        if pid == 0:  # the child: the pty is its controlling terminal, it leads the foreground group
            try:
                # A signal ignored or blocked survives exec: start the command with the keys a person's shell
                # leaves working, whatever the test process had ignored or blocked meanwhile.
                signal.pthread_sigmask(signal.SIG_SETMASK, [])
                for key in (signal.SIGINT, signal.SIGQUIT, signal.SIGTSTP, signal.SIGTTIN, signal.SIGTTOU):
                    signal.signal(key, signal.SIG_DFL)
                os.chdir(cwd)
                os.execvpe(argv[0], list(argv), dict(env))
            finally:
                os._exit(127)
        self.pid, self.fd = pid, fd
        self.text = ""
        self._read_to = 0
        self.status: int | None = None

    def _read(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return True
        try:
            chunk = os.read(self.fd, 65536)
        except OSError:  # EIO: the child closed the terminal
            return False
        if not chunk:
            return False
        self.text += _ESCAPES.sub("", chunk.decode("utf-8", "replace"))
        return True

    def expect(self, wanted: str, timeout: float = 90) -> str:
        """Wait until ``wanted`` is printed after what was already expected; return what came up to it."""
        deadline = time.monotonic() + timeout
        while wanted not in self.text[self._read_to:]:
            left = deadline - time.monotonic()
            if left <= 0 or (not self._read(min(left, 0.5)) and wanted not in self.text[self._read_to:]):
                raise AssertionError(f"{wanted!r} never came; the terminal shows:\n{self.text[-3000:]}\n"
                                     f"{self._signals()}")
        end = self.text.index(wanted, self._read_to) + len(wanted)
        said, self._read_to = self.text[self._read_to:end], end
        return said

    def _signals(self) -> str:
        """The signals each process of the terminal's foreground group blocks, ignores and catches (Linux's
        /proc), to tell a Ctrl-C that was never delivered from one that was not acted on."""
        try:
            lines = []
            for process in self._foreground():
                status = (process / "status").read_text().splitlines()
                wanted = [line for line in status if line.startswith(("Name", "State", "SigBlk", "SigIgn", "SigCgt"))]
                lines.append(f"{process.name}: " + ", ".join(wanted) + " syscall "
                             + (process / "syscall").read_text().split(" ")[0])
            return "\n".join(lines)
        except (OSError, IndexError) as error:
            return f"(no signal state: {error})"

    def _foreground(self) -> Iterator[Path]:
        """The /proc folder of each process in the terminal's foreground group (Linux); raises ``OSError`` or
        ``IndexError`` where /proc cannot tell (another system, a process gone meanwhile)."""
        foreground = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()[5]
        for stat in Path("/proc").glob("[0-9]*/stat"):
            if stat.read_text().rsplit(")", 1)[1].split()[2] == foreground:
                yield stat.parent

    def type(self, line: str) -> None:
        os.write(self.fd, line.encode() + b"\r")

    def key(self, key: bytes) -> None:
        """Press a key; Ctrl-C only once the program waits for input, as a person's would come.

        Python takes a SIGINT as a flag it looks at between steps: one that arrives after a prompt is written and
        before the read begins is seen only after the next line is read, a race no person's Ctrl-C meets."""
        if key == CTRL_C:
            self._wait_reading()
        os.write(self.fd, key)

    def _wait_reading(self, timeout: float = 60) -> None:
        """Until a process of the terminal's foreground group is blocked reading its standard input (Linux's /proc;
        elsewhere at once)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                for process in self._foreground():
                    call = (process / "syscall").read_text().split()
                    if call[:2] in (["0", "0x0"], ["63", "0x0"]):  # read(0, …) on x86-64 / arm64
                        return
            except (OSError, IndexError):
                return
            time.sleep(0.05)

    def wait(self, timeout: float = 90) -> int:
        """Read to the end and return the exit status (128 + n for a signal n)."""
        deadline = time.monotonic() + timeout
        while self.status is None:
            self._read(0.2)
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                while self._read(0.1) and select.select([self.fd], [], [], 0)[0]:
                    pass
                self.status = os.waitstatus_to_exitcode(status)
                if self.status < 0:
                    self.status = 128 - self.status
            elif time.monotonic() > deadline:
                raise AssertionError(f"still running; the terminal shows:\n{self.text[-3000:]}")
        return self.status

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None) -> None:
        if self.status is None:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        os.close(self.fd)
