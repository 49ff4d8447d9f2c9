"""Clickable command mentions: ``</tikal place:123>`` in place of `` `/tikal place` `` in what the bot says.

Discord renders ``</name sub:id>`` as a command the reader can click, with the id of the top-level command;
the ids come from the sync result or the application's registered commands (``remember``). Until they are
known (or for a path that is not a command) the text stays as it was: plain `` `/tikal place` ``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Final

_IDS: dict[str, int] = {}
_PATH: Final = re.compile(r"`(/tikal(?:-game|-mod)?(?: [a-z-]+)?)`")


def remember(ids: Mapping[str, int], paths: set[str]) -> None:
    """Keep the top-level commands' ids (name → id) and the command paths that exist (``tikal place``)."""
    _IDS.clear()
    _IDS.update({f"/{path}": ids[path.split()[0]] for path in paths if path.split()[0] in ids})


def forget() -> None:
    _IDS.clear()


def link(path: str) -> str:
    """``</tikal place:123>``, or `` `/tikal place` `` while the command's id is unknown."""
    known = _IDS.get(path)
    return f"</{path[1:]}:{known}>" if known is not None else f"`{path}`"


def linked(text: str) -> str:
    """Every `` `/tikal …` `` in ``text`` that names a known command, made clickable."""
    if not _IDS or "`/tikal" not in text:
        return text
    return _PATH.sub(lambda m: link(m[1]) if m[1] in _IDS else m[0], text)
