"""Answers to the person who typed or clicked, and the refusal of anything they asked: always private.

Every command and button ends here when something is refused: engine and core errors carry a message
for a person, which is shown ephemerally; anything else is logged and answered with a short apology.
"""

from __future__ import annotations

import io
import logging
from typing import Any

import discord
from discord import app_commands

from bot.adapter.transformers import describe_bad_value
from bot.core.seats import is_absent_member
from engine import EngineError

log = logging.getLogger(__name__)


async def reply(interaction: discord.Interaction, content: str | None = None, *, embed: discord.Embed | None = None,
                files: list[discord.File] | None = None, view: discord.ui.View | None = None) -> None:
    """An ephemeral answer, as the response or (once responded) as a follow-up."""
    kwargs: dict[str, Any] = {"ephemeral": True}
    if embed is not None:
        kwargs["embed"] = embed
    if files:
        kwargs["files"] = files
    if view is not None:
        kwargs["view"] = view
    if interaction.response.is_done():
        await interaction.followup.send(content or "", **kwargs)
    else:
        await interaction.response.send_message(content, **kwargs)


def refusal(error: Exception) -> str | None:
    """The text that explains a refusal to the person, or None if the error is not a refusal."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, EngineError):
        return str(error)
    if isinstance(error, app_commands.TransformerError):
        return describe_bad_value(error)
    if isinstance(error, app_commands.NoPrivateMessage):
        return "Tikal is played in a server channel, not in direct messages."
    if isinstance(error, app_commands.MissingPermissions | app_commands.CheckFailure):
        return "You are not allowed to use this command here."
    return None


async def explain(interaction: discord.Interaction, error: Exception) -> None:
    """Turn any refusal into a private answer; log what is not a refusal."""
    text = refusal(error)
    if text is None:
        original = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        log.error("unexpected error in an interaction", exc_info=original)
        text = "Something went wrong on my side. `/tikal-game status` shows where the game stands."
    try:
        await reply(interaction, text)
    except discord.HTTPException:
        log.warning("could not tell %s why the interaction failed: %s", interaction.user.id, text)


def picture(png: bytes, filename: str, alt: str) -> discord.File:
    """A PNG attachment with its alt text (Discord takes up to 1,024 characters)."""
    return discord.File(io.BytesIO(png), filename=filename, description=alt[:1024])


def mentions(member_id: int | None, *, role: int | None = None) -> discord.AllowedMentions:
    """Allow exactly one user (never a placeholder seat) or one role to be pinged, or nobody."""
    if role is not None:
        return discord.AllowedMentions(everyone=False, users=False, replied_user=False, roles=[discord.Object(id=role)])
    if member_id is None or is_absent_member(member_id):
        return discord.AllowedMentions.none()
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(id=member_id)])
