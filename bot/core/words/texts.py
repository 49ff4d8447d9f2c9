"""The bot's words, written in English where they are said and rendered later in the reader's language.

``tr(context, english, **params)`` and ``ntr(context, one, many, n, **params)`` build a ``Said`` (a message
with its own English): the core raises and returns them without knowing who reads, and the adapter renders
them with the reader's ``Speaker`` (``speaker.message(said)``). ``python -m lang.extract`` finds these calls
like any ``tr``/``ntr``, so each context is an entry of the six catalogues. ``str(said)`` is the English.
"""

from __future__ import annotations

from typing import Any

from engine.messages import Msg, Param, Said


def tr(context: str, english: str, /, **params: Param) -> Said:
    return Said(context, english, **params)


def ntr(context: str, one: str, many: str, n: int, /, **params: Param) -> Said:
    return Said(context, one, many, n=n, **params)


Stored = dict[str, Any]
"""A message as JSON (a post's payload keeps it, so the post is written in its reader's language when sent)."""


def stored(message: Msg) -> Stored:
    """A message as JSON: its code, its own English if it brings one, its parameters (nested ones too)."""
    out: Stored = {"code": message.code, "params": {k: _stored_param(v) for k, v in message.params.items()}}
    entry = message.entry()
    if isinstance(message, Said) and entry is not None:
        out["one"] = entry.one
        if entry.many is not None:
            out["many"] = entry.many
    return out


def loaded(data: Stored) -> Msg:
    """The message that ``stored`` wrote."""
    params = {k: _loaded_param(v) for k, v in data["params"].items()}
    if "one" in data:
        return Said(data["code"], data["one"], data.get("many"), **params)
    return Msg(data["code"], **params)


def _stored_param(value: Param) -> Any:
    if isinstance(value, Msg):
        return {"message": stored(value)}
    if isinstance(value, tuple):
        return {"list": [_stored_param(v) for v in value]}
    return value


def _loaded_param(value: Any) -> Param:
    if isinstance(value, dict):
        if "message" in value:
            return loaded(value["message"])
        return tuple(_loaded_param(v) for v in value["list"])
    assert isinstance(value, int | str), value
    return value

