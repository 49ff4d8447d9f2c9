"""A game's status as a word for a person (``finished`` → ``beendet``), for refusals and lists."""

from __future__ import annotations

from bot.core.storage.rows import Status
from bot.core.words.texts import tr
from engine.messages import Said


def status_word(status: Status) -> Said:
    return {
        Status.LOBBY: tr("status.lobby", "a lobby"),
        Status.RUNNING: tr("status.running", "running"),
        Status.FINISHED: tr("status.finished", "finished"),
        Status.ABORTED: tr("status.aborted", "stopped"),
    }[status]


__all__ = ["status_word"]
