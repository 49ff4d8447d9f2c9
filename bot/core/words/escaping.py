"""Text a member chose — a display name, a season's name, anything typed — shown in a Discord message as typed.

Discord reads its markdown (``**bold**``, ``[masked](links)``, ``# heading``, ``> quote`` …) and its own syntax in
a message's text: ``<@id>`` a member, ``<@&id>`` a role, ``<#id>`` a channel, ``</name:id>`` a command to click,
``<t:…>`` a time, ``@everyone``/``@here``. A member named ``<@7202>`` would read as Ben's mention: nobody is pinged
(the bot allows only the mentions it means), yet a player could pass for another. ``escaped`` makes all of it plain
text: a backslash before each character that starts markup (Discord shows the character, not the backslash; a
``<`` escaped is never a mention), a zero-width space after the ``@`` of a mass mention.

It lives in the core, which may not import discord.py, because the core echoes typed text too (``errors.quoted``);
the adapter shows names through it (``bot.adapter.messages.parts.shown_name``) and escapes the words a refused move
echoes (``escaped_words``). Inside a code span nothing is read, so text put there is left alone.
"""

from __future__ import annotations

import re
from typing import Final

from engine.messages import Msg, Param, Said

_ANYWHERE: Final = re.compile(r"([\\*_~|`<\[])")
"""Emphasis, strike-through, spoilers, code, Discord's ``<…>`` syntax, masked links (and the escape itself)."""
_LINE_START: Final = re.compile(r"^(\s*)([#>-]|\d+\.)", re.MULTILINE)
"""A heading, a list item or subtext, a quote, a numbered list item: only at the start of a line."""
_MASS: Final = re.compile(r"@(everyone|here)")
_CODE_PARAM: Final = re.compile(r"\{(\w+)\}")


def escaped(text: str) -> str:
    """``text`` as Discord shows it when written literally: no markdown, no mention, channel, role or command."""
    text = _ANYWHERE.sub(r"\\\1", text)
    text = _LINE_START.sub(lambda m: f"{m[1]}{m[2][:-1]}\\." if m[2][0].isdigit() else f"{m[1]}\\{m[2]}", text)
    return _MASS.sub("@\u200b\\1", text)


def _in_code(template: str) -> set[str]:
    """The fields of a template written inside a code span (odd pieces between backticks)."""
    return {name for piece in template.split("`")[1::2] for name in _CODE_PARAM.findall(piece)}


def _escaped_param(value: Param) -> Param:
    if isinstance(value, str):
        return escaped(value)
    if isinstance(value, tuple):
        return tuple(_escaped_param(v) for v in value)
    if isinstance(value, Msg):
        return escaped_words(value)
    return value


def escaped_words(message: Msg) -> Msg:
    """An engine message whose words are escaped where a reader would see markup: a refused move echoes what was
    typed (``Cannot read “<@7202>”``). Fields the template puts in a code span stay as they are, and so does a
    ``Said`` (the bot's own words: what it echoes went through ``errors.quoted`` already)."""
    entry = message.entry()
    if isinstance(message, Said) or entry is None:
        return message
    code = _in_code(entry.one) | _in_code(entry.many or "")
    return Msg(message.code, **{k: v if k in code else _escaped_param(v) for k, v in message.params.items()})


__all__ = ["escaped", "escaped_words"]
