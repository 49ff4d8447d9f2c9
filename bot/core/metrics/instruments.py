"""The bot's Prometheus instruments, in a registry of the bot's own (``REGISTRY``), with the process's memory, CPU
and garbage collection beside them. Feeding one costs a lock and an addition: nothing waits for a scrape.

Labels are bounded sets chosen by the code (a command's name, an outcome, where a decision was thought), never a
member, a channel or a game, so nothing identifies anyone and the series stay few."""

from __future__ import annotations

from typing import Final

from prometheus_client import CollectorRegistry, Counter, Histogram
from prometheus_client.gc_collector import GCCollector
from prometheus_client.platform_collector import PlatformCollector
from prometheus_client.process_collector import ProcessCollector

REGISTRY: Final = CollectorRegistry()
ProcessCollector(registry=REGISTRY)
PlatformCollector(registry=REGISTRY)
GCCollector(registry=REGISTRY)

OUTCOMES: Final = ("ok", "refused", "error")
"""A command's outcome: done; refused with a reason for the member (not their turn, an illegal move …); failed on
the bot's side (logged)."""

COMMANDS: Final = Counter("tikal_commands", "Slash commands and buttons answered, by kind and outcome",
                          ("kind", "outcome"), registry=REGISTRY)
COMMAND_SECONDS: Final = Histogram(
    "tikal_command_seconds", "Seconds from a command's arrival until it was answered and done, by kind", ("kind",),
    buckets=(0.01, 0.025, 0.05, 0.1, 0.2, 0.35, 0.5, 1.0, 2.0, 5.0, 10.0), registry=REGISTRY)
THINKING_SECONDS: Final = Histogram(
    "tikal_computer_thinking_seconds", "Seconds a computer player thought about one decision (wall time, in the "
    "worker pool or a thread)", buckets=(0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0, 60.0), registry=REGISTRY)


def command_done(kind: str, outcome: str, seconds: float | None) -> None:
    """One command answered: ``kind`` its name (``tikal move``, ``button end``), ``outcome`` one of ``OUTCOMES``,
    ``seconds`` since it arrived (None: unknown)."""
    COMMANDS.labels(kind, outcome).inc()
    if seconds is not None:
        COMMAND_SECONDS.labels(kind).observe(seconds)


__all__ = ["COMMANDS", "COMMAND_SECONDS", "OUTCOMES", "REGISTRY", "THINKING_SECONDS", "command_done"]
