"""The core's errors: one family under ``engine.EngineError``, every message written for a person.

The adapter catches ``EngineError`` and shows its text privately; the engine's own errors (an illegal
move, ``NotYourTurn``, ``StaleState``) pass through the core unchanged.
"""

from __future__ import annotations

from typing import Final

from bot.core.words.escaping import escaped
from engine import EngineError, IllegalMove

ECHO: Final = 40
"""How much of a typed value a refusal shows back."""


def quoted(value: object, limit: int = ECHO) -> str:
    """A value someone typed, shown back in a refusal: in quotes, cut short (a pasted page stays out) and as typed
    (no markdown, no mention)."""
    text = " ".join(str(value).split())
    return f"“{escaped(text if len(text) <= limit else text[: limit - 1] + '…')}”"


class ServiceError(EngineError):
    """A request the core refuses; nothing was changed."""


class NoGame(ServiceError):
    """No game here, or none with that id in this guild."""


class ChannelBusy(ServiceError):
    """The channel or thread already has an open lobby or a running game."""


class WrongStatus(ServiceError):
    """The game is not in the status the request needs (a lobby to join, a running game to act in…)."""


class LobbyFull(ServiceError):
    pass


class AlreadyJoined(ServiceError):
    pass


class NotJoined(ServiceError):
    pass


class NotAllowed(ServiceError):
    """Only the creator or a moderator may do that."""


class NotEnoughPlayers(ServiceError):
    pass


class NotAPlayer(IllegalMove, ServiceError):
    """Someone without a seat in the game tried to act in it."""


class BadOption(ServiceError):
    """An option of a command is out of range (seats, variant, seat order)."""


class MovedOn(ServiceError):
    """A menu (or a confirmation) of a version the game has moved past: nothing was done."""
