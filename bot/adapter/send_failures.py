"""What a failed send of a post means for it.

A failed post is tried again with a growing pause (``backoff``: 30 s, 1 min, 2 min … at most 15 min), by the
background worker or by the next command of the game; a command never hammers Discord while a post is waiting. What
failed decides what happens next (``classify``):

- a deleted channel or thread (404, Discord error 10003): the post is given up at once;
- a missing permission (403), a Discord outage (5xx) or no network: tried again until the post has
  been failing for ``GIVE_UP_AFTER`` (a day), then given up;
- anything else (Discord refuses the message itself, or it could not be composed): it would fail the
  same way every time, so it is given up after ``REFUSED_TRIES``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import aiohttp
import discord

from bot.core.words.texts import tr
from engine.messages import Msg, Said

RETRY_SECONDS: Final = 30.0
"""The outbox worker's round, and the first pause after a failure."""
MAX_BACKOFF: Final = 900.0
GIVE_UP_AFTER: Final = 24 * 3600.0
"""A post failing for a missing permission, an outage or no network is given up after this long."""
REFUSED_TRIES: Final = 3
UNKNOWN_CHANNEL: Final = 10003
TOO_LARGE: Final = 40005
"""Discord's "Request entity too large" (with HTTP 413): the attachments exceed the upload limit."""


@dataclass(frozen=True, slots=True)
class Failure:
    """What a failed send means for the post."""

    reason: Said
    """Why, in words for a moderator (written in the channel's language when the notice is sent)."""
    gone: bool = False
    """The channel or thread is gone: give up at once."""
    refused: bool = False
    """It would fail the same way again: give up after a few tries."""


def too_large(error: discord.HTTPException) -> bool:
    return error.status == 413 or error.code == TOO_LARGE


def backoff(attempts: int) -> float:
    """Seconds to wait after the ``attempts``-th failure in a row: 30 s, doubling, at most 15 min."""
    return min(RETRY_SECONDS * float(2 ** min(max(attempts - 1, 0), 10)), MAX_BACKOFF)


def classify(error: Exception, missing: Sequence[Msg] = ()) -> Failure:
    """Sort a send's failure; ``missing``: the permissions the bot lacks in the channel, if known."""
    if isinstance(error, discord.NotFound) and error.code == UNKNOWN_CHANNEL:
        return Failure(tr("outbox.gone", "the channel or thread was deleted"), gone=True)
    if isinstance(error, discord.Forbidden):
        if missing:
            named = tuple(tr("outbox.bold", "**{name}**", name=m) for m in missing)
            return Failure(tr("outbox.lacking", "I lack {permissions} there", permissions=named))
        return Failure(tr("outbox.forbidden", "Discord refused me there ({status}: {text})", status=error.status,
                          text=error.text or "forbidden"))
    if isinstance(error, discord.DiscordServerError) or (isinstance(error, discord.HTTPException)
                                                         and error.status in (404, 408, 429)):
        return Failure(tr("outbox.no_answer", "Discord did not answer ({status})", status=error.status))
    if isinstance(error, aiohttp.ClientError | OSError | TimeoutError):
        return Failure(tr("outbox.network", "Discord could not be reached (network)"))
    if isinstance(error, discord.HTTPException):
        return Failure(tr("outbox.refused", "Discord refused the message ({status}: {text})", status=error.status,
                          text=error.text), refused=True)
    return Failure(tr("outbox.unmade", "the message could not be made ({error})", error=type(error).__name__),
                   refused=True)
