"""The words of the posts of games that live for days: reminders, deadlines, absent seats, standing orders
and moderators' actions (pure functions of a post's payload, no I/O).

Each returns an ``Outgoing``: what to send and who alone may be pinged. Absent seats (member ids below
zero) are never pinged, DMed or mentioned.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

import discord

from ...formatting import square
from ...moderation import is_absent_member

SKIP_KINDS: Final = ("deadline_skipped", "absent_turn", "mod_action", "computer_turn")
"""Posts that say the bot played a turn for a player (a ``mod_action`` only when its ``action`` is ``skip``)."""


@dataclass(slots=True)
class Outgoing:
    """One message to send: ``member`` (a user) or ``role`` is the only mention allowed to notify."""

    content: str = ""
    embed: discord.Embed | None = None
    files: list[discord.File] = field(default_factory=list)
    member: int | None = None
    role: int | None = None
    reply_to: int | None = None
    """The channel message to reply to (the turn message), if it still exists."""
    dm: bool = False
    """Deliver to ``member`` by direct message (the channel when their DMs are closed)."""
    fallback: str = ""
    """The content to post in the channel instead, when the DM cannot be delivered."""


def member_of(payload: dict[str, Any]) -> int | None:
    """The payload's member id, or None for an absent seat or none."""
    member = payload.get("member_id")
    return None if member is None or is_absent_member(int(member)) else int(member)


def who(payload: dict[str, Any]) -> str:
    """``🟦 Ana``."""
    return f"{square(payload.get('seat'))} {payload.get('player') or 'a player'}"


def moves_text(moves: list[str] | None) -> str:
    shown = [f"`{m}`" for m in moves or []]
    return ", ".join(shown) if shown else "nothing"


def _waiting_for(payload: dict[str, Any]) -> str:
    if payload.get("kind") == "bid":
        return "your bid"
    if payload.get("phase") == "pick":
        return "your pick"
    return "your turn"


def jump_url(guild_id: int, channel_id: int, message_id: int | None) -> str | None:
    return None if message_id is None else f"https://discord.com/channels/{guild_id}/{channel_id}/{message_id}"


def reminder(payload: dict[str, Any], *, guild_id: int, channel_id: int, server: str | None = None) -> Outgoing:
    """``@Ana, ⏰ reminder: your turn in game #12 (since <t:…:R>) — deadline <t:…:R>``, as a reply to the
    turn message, or by DM with a link to it."""
    member = member_of(payload)
    game = payload.get("game_id")
    since = f" (waiting since {payload['since']})" if payload.get("since") else ""
    deadline = f" — deadline {payload['deadline']}" if payload.get("deadline") else ""
    what = _waiting_for(payload)
    channel = f"<@{member}>, ⏰ reminder: {what} in game #{game}{since}{deadline}."
    link = jump_url(guild_id, channel_id, payload.get("reply_to"))
    where = f" in **{server}**" if server else ""
    direct = (f"⏰ Reminder: {what} in Tikal game #{game}{where}{since}{deadline}."
              + (f"\n{link}" if link else f"\n<#{channel_id}>"))
    dm = payload.get("delivery") == "dm" and member is not None
    return Outgoing(direct if dm else channel, member=member, reply_to=payload.get("reply_to"), dm=dm,
                    fallback=channel)


def deadline_skipped(payload: dict[str, Any]) -> Outgoing:
    """The deadline passed and the bot played the turn (SPEC ruling 14); the turn's board post follows."""
    passed = f" ({payload['deadline']})" if payload.get("deadline") else ""
    by = f"a {computer_mark(payload)} player" if payload.get("level") else "the bot"
    return Outgoing(f"⏰ {who(payload)}'s deadline passed{passed}: {by} played for them — "
                    f"{moves_text(payload.get('moves'))}.")


def absent_turn(payload: dict[str, Any]) -> Outgoing:
    return Outgoing(f"🤖 {who(payload)} has left the game: the bot played for that seat — "
                    f"{moves_text(payload.get('moves'))}.")


def deadline_waiting(payload: dict[str, Any]) -> Outgoing:
    """For the moderators (their role is pinged if the server set one): the game waits for someone."""
    role = payload.get("moderator_role_id")
    head = f"<@&{role}>" if role else "Moderators"
    passed = f" {payload['deadline']}" if payload.get("deadline") else ""
    what = "bid" if payload.get("kind") == "bid" else "turn"
    return Outgoing(f"{head}: ⏰ {who(payload)}'s {what} deadline in game #{payload.get('game_id')} passed{passed}. "
                    "The game waits: `/tikal-mod skip` plays it for them, `/tikal-mod kick` hands the seat to the "
                    "bot, `/tikal-mod deadline` changes the clock.", role=int(role) if role else None)


def computer_turn(payload: dict[str, Any]) -> Outgoing:
    """A computer player's turn (issue 6): marked as such, and nobody is pinged."""
    return Outgoing(f"{computer_mark(payload)} · {who(payload)} played {moves_text(payload.get('moves'))}.")


def computer_mark(payload: dict[str, Any]) -> str:
    return f"🤖 computer ({payload.get('level') or 'strong'})"


def standing_order(payload: dict[str, Any]) -> Outgoing:
    return Outgoing(f"🔨 {who(payload)}'s standing order ({payload.get('order')}): "
                    f"{moves_text(payload.get('moves'))}.")


def mod_action(payload: dict[str, Any]) -> Outgoing:
    """The moderator's line, as the moderation layer wrote it; its mentions do not notify anyone."""
    text = str(payload.get("text") or f"🛠️ A moderator changed game #{payload.get('game_id')}.")
    if payload.get("action") == "skip" and payload.get("moves"):
        text += f" — {moves_text(payload.get('moves'))}"
    return Outgoing(text)


def skip_mark(siblings: list[tuple[str, dict[str, Any]]], seat: int | None) -> str | None:
    """Why the bot played a turn, from the posts queued with it (``(kind, payload)``), or None."""
    for kind, payload in siblings:
        if kind not in SKIP_KINDS or payload.get("seat") != seat:
            continue
        if kind == "deadline_skipped":
            return "⏰ skipped: deadline passed" + (f" · {computer_mark(payload)}" if payload.get("level") else "")
        if kind == "absent_turn":
            return "🤖 played by the bot (the player left)"
        if kind == "computer_turn":
            return computer_mark(payload)
        if payload.get("action") == "skip":
            return "⏭️ skipped by a moderator"
    return None


SIMPLE: Final = {
    "deadline_skipped": deadline_skipped, "absent_turn": absent_turn, "deadline_waiting": deadline_waiting,
    "standing_order": standing_order, "mod_action": mod_action, "computer_turn": computer_turn,
}
