"""What the bot says, and how: every message goes through ``fitted`` (Discord's size limits, command links),
and every answer to the person who typed or clicked, and the refusal of anything they asked, is private.

Every command and button ends here when something is refused: engine and core errors carry a message
for a person, which is shown ephemerally; anything else is logged and answered with a short apology.
Channel messages (the lobby, the live turn message, the outbox's posts) are sent with ``post`` and
``edit``, which fit them the same way: nothing the bot sends can be refused for its size.
"""

from __future__ import annotations

import io
import logging
import math
from collections.abc import Sequence
from typing import Any, Final

import discord
from discord import app_commands

from bot.adapter import metering
from bot.adapter.command_links import linked
from bot.adapter.transformers import describe_bad_value
from bot.core.storage.seats import is_absent_member
from bot.core.words.escaping import escaped_words
from engine import EngineError
from engine.messages import ENGLISH, Speaker
from lang import translator

log = logging.getLogger(__name__)

# Discord's limits of a message's content and of an embed.
CONTENT: Final = 2000
TITLE, DESCRIPTION, FIELD_NAME, FIELD_VALUE, FOOTER, AUTHOR = 256, 4096, 256, 1024, 2048, 256
FIELDS, EMBED_TOTAL = 25, 6000


def cut(text: str, limit: int) -> str:
    """``text``, or its first ``limit - 1`` characters and an ellipsis."""
    return text if len(text) <= limit else text[: max(limit - 1, 0)] + "…"


def _embed_size(embed: discord.Embed) -> int:
    return (len(embed.title or "") + len(embed.description or "") + len(embed.footer.text or "")
            + len(embed.author.name or "") + sum(len(f.name or "") + len(f.value or "") for f in embed.fields))


def fit_embed(embed: discord.Embed, *, marker: str | None = None) -> discord.Embed:
    """The embed within every limit Discord has (cut with an ellipsis, the last fields dropped first), its
    command paths made clickable, and ``marker`` (the post's id) added to its footer."""
    if embed.title:
        embed.title = cut(embed.title, TITLE)
    if embed.description:
        embed.description = cut(linked(embed.description), DESCRIPTION)
    fields = [(cut(f.name or "", FIELD_NAME), cut(linked(f.value or ""), FIELD_VALUE), bool(f.inline))
              for f in embed.fields[:FIELDS]]
    embed.clear_fields()
    for name, value, inline in fields:
        embed.add_field(name=name, value=value, inline=inline)
    footer = " · ".join(t for t in (embed.footer.text, marker) if t)
    if footer:
        embed.set_footer(text=cut(footer, FOOTER), icon_url=embed.footer.icon_url)
    if embed.author.name:
        embed.set_author(name=cut(embed.author.name, AUTHOR), url=embed.author.url, icon_url=embed.author.icon_url)
    while _embed_size(embed) > EMBED_TOTAL and len(embed.fields) > 1:
        embed.remove_field(len(embed.fields) - 1)
    over = _embed_size(embed) - EMBED_TOTAL
    if over > 0 and embed.description:
        embed.description = cut(embed.description, max(len(embed.description) - over, 1))
    return embed


def fitted(content: str | None, embed: discord.Embed | None = None, *,
           marker: str | None = None) -> tuple[str | None, discord.Embed | None]:
    """A message's content and embed as Discord takes them: at most 2,000 characters of content, every embed
    limit, command paths clickable."""
    return (cut(linked(content), CONTENT) if content else content,
            fit_embed(embed, marker=marker) if embed is not None else None)


async def post(channel: discord.abc.Messageable, content: str | None = None, *, embed: discord.Embed | None = None,
               view: discord.ui.View | None = None, **kwargs: Any) -> discord.Message:
    """A channel message (no one is pinged unless ``allowed_mentions`` says so), fitted."""
    content, embed = fitted(content, embed)
    if embed is not None:
        kwargs["embed"] = embed
    if view is not None:
        kwargs["view"] = view
    return await channel.send(content, **kwargs)


async def edit(message: discord.PartialMessage | discord.Message, *, embed: discord.Embed,
               view: discord.ui.View | None) -> None:
    """Edit a channel message (the lobby, a live turn message), fitted."""
    _, fitted_embed = fitted(None, embed)
    await message.edit(embed=fitted_embed, view=view)


async def update(interaction: discord.Interaction, content: str | None = None, *, embed: discord.Embed | None = None,
                 view: discord.ui.View | None = None) -> None:
    """Replace the private message whose button was clicked (a confirmation, a page), fitted."""
    content, embed = fitted(content, embed)
    kwargs: dict[str, Any] = {"content": content, "view": view}
    if embed is not None:
        kwargs["embed"] = embed
    await interaction.response.edit_message(**kwargs)


async def edit_original(interaction: discord.Interaction, content: str | None = None, *,
                        view: discord.ui.View | None = None) -> None:
    """Replace the private message whose button was clicked, once its answer was deferred, fitted."""
    content, _ = fitted(content)
    await interaction.edit_original_response(content=content, view=view)


async def reply(interaction: discord.Interaction, content: str | None = None, *, embed: discord.Embed | None = None,
                files: list[discord.File] | None = None, view: discord.ui.View | None = None) -> None:
    """An ephemeral answer, as the response or (once responded or deferred) as a follow-up; fitted."""
    content, embed = fitted(content, embed)
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


def refusal(error: Exception, t: Speaker = ENGLISH) -> str | None:
    """The text that explains a refusal to the person in their language, or None if the error is not a refusal."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, EngineError):
        return t.message(escaped_words(error.message))
    if isinstance(error, app_commands.TransformerError):
        return t.message(describe_bad_value(error))
    if isinstance(error, app_commands.CommandOnCooldown):
        return t.tr("reply.cooldown", "You can ask again in {seconds} s.", seconds=math.ceil(error.retry_after))
    if isinstance(error, app_commands.NoPrivateMessage):
        return t.tr("reply.no_dm", "Tikal is played in a server channel, not in direct messages.")
    if isinstance(error, app_commands.MissingPermissions | app_commands.CheckFailure):
        return t.tr("reply.not_allowed", "You are not allowed to use this command here.")
    return None


async def explain(interaction: discord.Interaction, error: Exception) -> None:
    """Turn any refusal into a private answer in the member's language; log what is not a refusal."""
    t = translator(interaction.locale.value)
    text = refusal(error, t)
    metering.done(interaction, "refused" if text is not None else "error")
    if text is None:
        original = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        log.error("unexpected error in an interaction", exc_info=original)
        text = t.tr("reply.failed", "Something went wrong on my side. `/tikal-game status` shows where the game "
                                    "stands.")
    try:
        await reply(interaction, text)
    except discord.HTTPException:
        log.warning("could not tell %s why the interaction failed: %s", interaction.user.id, text)


def picture(png: bytes, filename: str, alt: str) -> discord.File:
    """A PNG attachment with its alt text (Discord takes up to 1,024 characters)."""
    return discord.File(io.BytesIO(png), filename=filename, description=alt[:1024])


def mentions(member_id: int | None, *, role: int | None = None, others: Sequence[int] = ()) -> discord.AllowedMentions:
    """Allow exactly one user (never a placeholder seat) or one role to be pinged, or nobody; ``others``: more
    users, when one message asks several people at once (a Tikal Rápido jump)."""
    if role is not None:
        return discord.AllowedMentions(everyone=False, users=False, replied_user=False, roles=[discord.Object(id=role)])
    users = [m for m in (member_id, *others) if m is not None and not is_absent_member(m)]
    if not users:
        return discord.AllowedMentions.none()
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(id=m) for m in users])
