"""Technical words: what a player should never have to read in a game's channel (docs/channel.md, principle 3), in every
language of the bot. ``technical_words(text)`` finds them in what a message shows.

The list:

- a post's marker in a footer (``post 6``) and the words the languages use for it (German ``Beitrag 6`` …);
- a hexagon's rotation in a placement (``(rotation 5)``, ``(Drehung 5)`` …);
- a rating's internals: ``μ`` and ``σ``;
- an internal hexagon id (``A-5``), which reads like the space ``A5``;
- move notation (``place A3 0``, ``bid 5``, ``end``) anywhere but a slash command to type: in a code span, any
  move the rules engine would read; outside one, a move of a verb and its arguments;
- the options' notation names (``rapido + obstacles, guns``, ``noround``, ``indiana2d6``, ``randomterrain``).
"""

from __future__ import annotations

import re
from typing import Final

import engine

PATTERNS: Final[tuple[tuple[str, re.Pattern[str]], ...]] = (
    ("post marker", re.compile(r"(?i)\b(?:post|beitrag|bericht|messaggio|mensaje|publicación)\s*#?\d+")),
    ("rotation", re.compile(r"(?i)\b(?:rotation|drehung|rotación|rotazione|draaiing|rotatie)\s*\d\b")),
    ("rating internals", re.compile(r"[μσ]")),
    ("hexagon id", re.compile(r"\b[A-H]-[1-9]\b")),
    ("option notation", re.compile(r"(?i)\b(?:noround|indiana\dd\d+|randomterrain)\b|\b(?:basic|auction|rapido)\s*\+"
                                   r"|\+\s*(?:obstacles|guns)\b")),
)

_CODE: Final = re.compile(r"`([^`\n]+)`")
_COMMAND_LINK: Final = re.compile(r"</[^>]+>")
_VERBS: Final = frozenset({"place", "deploy", "transfer", "move", "uncover", "recover", "exchange", "camp", "guard",
                           "obstacle", "fire", "bid", "pick", "score"})
"""Verbs whose notation is looked for outside code spans (``jump 2`` there is a jump's number: words)."""
_WORD: Final = re.compile(r"[^\W\d_]{2,}")


def _reads_as_move(text: str) -> bool:
    try:
        engine.parse_move(text)
    except engine.EngineError:
        return False
    return True


def _notation(text: str) -> list[str]:
    """Move notation: code spans the engine reads as a move (a slash command is meant to be typed), and outside code
    spans a verb (``_VERBS``) with arguments that reads as a move and is not followed by more words (``bid 5 points``
    is words)."""
    found = [span for span in _CODE.findall(text) if not span.startswith("/") and _reads_as_move(span.strip())]
    plain = _CODE.sub(" ", _COMMAND_LINK.sub(" ", text))
    tokens = re.findall(r"[\w-]+|[^\w\s]", plain)
    for i, token in enumerate(tokens):
        if token.lower() != token or token not in _VERBS:
            continue
        for k in (4, 3, 2):
            window = tokens[i:i + k]
            if len(window) < k or not all(re.fullmatch(r"[\w-]+", w) for w in window):
                continue
            after = tokens[i + k] if i + k < len(tokens) else ""
            if _reads_as_move(" ".join(window)) and not _WORD.fullmatch(after):
                found.append(" ".join(window))
                break
    return found


def technical_words(text: str) -> list[tuple[str, str]]:
    """Every technical word in ``text``: (kind, what was found)."""
    found = [(kind, m.group(0)) for kind, pattern in PATTERNS for m in pattern.finditer(_COMMAND_LINK.sub(" ", text))]
    return found + [("notation", n) for n in _notation(text)]
