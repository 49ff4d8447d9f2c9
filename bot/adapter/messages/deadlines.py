"""A wait's deadline in words: each reader sees their own time (``<t:…:R>``)."""

from __future__ import annotations

from engine.messages import ENGLISH, Speaker


def deadline_words(deadline_at: float | None, t: Speaker = ENGLISH) -> str:
    """``deadline <t:…:R>`` (each reader sees their own time), or ``no deadline``."""
    return t.tr("fmt.deadline", "deadline {when}", when=f"<t:{int(deadline_at)}:R>") if deadline_at else \
        t.tr("fmt.no_deadline", "no deadline")


def deadline_value(deadline_at: float | None, t: Speaker = ENGLISH) -> str:
    """The ⏰ Deadline field of a live message: ``<t:…:R>`` or ``none``."""
    return f"<t:{int(deadline_at)}:R>" if deadline_at else t.tr("fmt.deadline_none", "none")
