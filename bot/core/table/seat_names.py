"""Seat names from members' display names (docs/rules.md §6).

A seat name is ``[A-Za-z][A-Za-z0-9_]{0,15}``, distinct from the others ignoring case, and not a word
of the move notation. Accents are dropped (``Zoë`` → ``Zoe``), other characters become ``_``
(``Mary Jane`` → ``Mary_Jane``); a name with nothing usable left becomes ``Player<seat>``; a repeated
one gets a digit (``Ana``, ``Ana2``).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import Final

from engine import name_problem

MAX_LENGTH: Final = 16
# Letters that Unicode does not decompose into an ASCII letter plus accents.
_SPELLED: Final = str.maketrans({
    "ß": "ss", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ø": "o", "Ø": "O", "ł": "l", "Ł": "L",
    "đ": "d", "Đ": "D", "ð": "d", "Ð": "D", "þ": "th", "Þ": "Th", "ı": "i", "ħ": "h", "Ħ": "H",
})
_NOT_NAME: Final = re.compile(r"[^A-Za-z0-9_]+")


def ascii_name(display_name: str) -> str:
    """Return the display name cut down to a seat name's characters (possibly empty or reserved)."""
    text = unicodedata.normalize("NFKD", display_name.translate(_SPELLED))
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = text.encode("ascii", "ignore").decode("ascii")
    text = _NOT_NAME.sub("_", text)
    text = re.sub(r"^[^A-Za-z]+", "", text)
    text = re.sub(r"_+", "_", text)
    return text[:MAX_LENGTH].rstrip("_")


def _with_suffix(base: str, n: int) -> str:
    suffix = str(n)
    return base[: MAX_LENGTH - len(suffix)] + suffix


def seat_names(display_names: Sequence[str], reserved: Sequence[str] = ()) -> list[str]:
    """Return one valid, distinct seat name per display name, in the same order (seat order); ``reserved``: the
    words a game's options make verbs (rules.md §7.0.3: ``jump``, ``score``, ``yes`` …), which cannot be names there."""
    names: list[str] = []
    taken: set[str] = set()
    for seat, display in enumerate(display_names, start=1):
        base = ascii_name(display)
        if not base or name_problem(base, reserved):
            base = f"Player{seat}"
        name, n = base, 1
        while name.lower() in taken or name_problem(name, reserved):
            n += 1
            name = _with_suffix(base, n)
        names.append(name)
        taken.add(name.lower())
    return names
