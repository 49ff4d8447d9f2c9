"""The engine's one error family. Every message is written for a player: it names the rule that was
broken and, where it can, says what would be legal."""

from __future__ import annotations


class EngineError(ValueError):
    """Base class of every error the engine raises on bad input."""


class UnreadableMove(EngineError):
    """The text is not a move in the notation of SPEC section 5."""


class IllegalMove(EngineError):
    """The move is well formed but the rules do not allow it now."""


class NotYourTurn(IllegalMove):
    """Someone other than the player to act tried to act."""


class GameOver(IllegalMove):
    """The game has finished; no move applies any more."""


class StaleState(EngineError):
    """The move was meant for an older version of the game than the current one."""


class InvalidRecord(EngineError):
    """A game record or stored state cannot be read (SPEC section 6, exit status 2)."""
