"""The engine's one error family. Every message is written for a player: it names the rule that was
broken and, where it can, says what would be legal.

An error carries a stable ``code`` and its ``params`` (``engine.messages``), never a language:
``str(error)`` is the English text, and the ``lang`` package renders the same error in a reader's
language. ``IllegalMove("camp.taken", space="C2", owner="Ben")``.
"""

from __future__ import annotations

from typing import Any

from .messages import PYDANTIC_FIELD_CODES, Msg, Param


class EngineError(ValueError):
    """Base class of every error the engine raises on bad input.

    ``code`` names the message in ``engine.messages.CATALOGUE``; ``params`` are its parameters. A
    subclass outside the engine may still pass a finished English sentence as the code, which is then
    its own text (until it gets a code of its own)."""

    code: str
    params: dict[str, Param]

    def __init__(self, code: str | Msg, /, **params: Param) -> None:
        """``code`` and its ``params``, or a finished message (the bot's ``Said``, which brings its English)."""
        said = code if isinstance(code, Msg) else None
        if said is not None:
            if params:
                raise TypeError("a finished message brings its own parameters")
            code, params = said.code, dict(said.params)
        assert isinstance(code, str)
        super().__init__(code)
        self.code = code
        self.params = params
        self._said = said

    @property
    def message(self) -> Msg:
        """The error's message as a value, to render in any language."""
        return self._said if self._said is not None else Msg(self.code, **self.params)

    def __str__(self) -> str:
        return str(self.message)


class UnreadableMove(EngineError):
    """The text is not a move in the notation of rules.md §5."""


class IllegalMove(EngineError):
    """The move is well formed but the rules do not allow it now."""


class NotYourTurn(IllegalMove):
    """Someone other than the player to act tried to act."""


class GameOver(IllegalMove):
    """The game has finished; no move applies any more."""


class StaleState(EngineError):
    """The move was meant for an older version of the game than the current one."""


class InvalidRecord(EngineError):
    """A game record or stored state cannot be read (rules.md §6, exit status 2)."""


def validation_reason(error: Any) -> Param:
    """The reason of one pydantic error (an item of ``ValidationError.errors()``) as a message: the
    engine's own error raised in a validator, a field error that has a code, else pydantic's words."""
    cause = error.get("ctx", {}).get("error")
    if isinstance(cause, EngineError):
        return cause.message
    code = PYDANTIC_FIELD_CODES.get(error["type"])
    return Msg(code) if code else str(error["msg"]).removeprefix("Value error, ")
