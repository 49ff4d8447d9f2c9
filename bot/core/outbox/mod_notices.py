"""Where a notice for the moderators goes (a deadline passed, posts that could not be delivered): once per event,
where moderators see it, never a public post that pings nobody.

1. the server's moderator log channel (``/tikal-mod config log_channel``), pinging the moderator role if one is set;
2. else, with a moderator role, the game's channel (where its lobby was opened), pinging the role;
3. else a direct message to the game's creator; if their DMs are closed, the game's channel with a ping for them
   (the adapter's outbox falls back so, and the text says how to set a log channel).

The route is chosen when the notice is queued, in the transaction of what caused it, and kept in the payload
(``ModeratorsRoute``), so the outbox composes it without reading the settings again.
"""

from __future__ import annotations

from typing import Any, cast

from bot.core.storage.base import Transaction
from bot.core.storage.rows import GameRow
from bot.core.table.posts import ModeratorsRoute, NewPost
from bot.core.table.results import Post


async def queue_for_moderators(tx: Transaction, row: GameRow, version: int, post: NewPost, *,
                               not_in: int | None = None) -> Post:
    """Queue ``post`` (its payload a ``ModeratorsRoute``) on the moderators' route; ``not_in``: a channel known
    to refuse posts (the one whose posts were given up), never chosen."""
    settings = await tx.guild_settings(row.guild_id)
    role = settings.moderator_role_id
    log = settings.log_channel_id if settings.log_channel_id != not_in else None
    route: ModeratorsRoute = {"moderator_role_id": role, "creator_id": row.creator_id}
    if log is not None:
        route["to"], place = "log", log
    elif role is not None and row.channel_id != not_in:
        route["to"], place = "role", row.channel_id
    else:
        route["to"], place = "creator", row.channel_id
    payload = {**cast(dict[str, Any], post.payload), **route}
    return await tx.add_post(row, version, NewPost(post.kind, cast(Any, payload)), place_id=place)


__all__ = ["queue_for_moderators"]
