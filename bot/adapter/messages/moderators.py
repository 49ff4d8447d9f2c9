"""The words of the notices for the moderators (``bot.core.outbox.mod_notices`` chose where each goes): a deadline that
passed, posts that could not be delivered; and the line that tells a game's creator why a notice came to them."""

from __future__ import annotations

from bot.core.table.posts import DeadlineWaiting, DeliveryFailed
from bot.core.words.escaping import escaped
from bot.core.words.labels import square
from bot.core.words.texts import loaded
from engine.messages import ENGLISH, Speaker


def _who(payload: DeadlineWaiting, t: Speaker) -> str:
    name = payload.get("player")
    return f"{square(payload.get('seat'))} {escaped(name) if name else t.tr('notice.a_player', 'a player')}"


def deadline_notice(payload: DeadlineWaiting, t: Speaker = ENGLISH) -> str:
    """A deadline passed: the game waits for the moderators (policy ``wait``), or the bot plays that turn."""
    passed = f" {payload['deadline']}" if payload.get("deadline") else ""
    kind = str(payload.get("kind"))
    what = t.tr("label.wait_bid", "bid") if kind == "bid" else t.tr("label.wait_jump", "jump") if kind == "jump" \
        else t.tr("label.wait_turn", "turn")
    params = {"who": _who(payload, t), "what": what, "game": str(payload.get("game_id")), "passed": passed}
    policy = payload.get("policy", "wait")
    if policy == "wait":
        return t.tr("notice.waiting_body", "⏰ {who}'s {what} deadline in game #{game} passed{passed}. The game "
                                           "waits: `/tikal-mod skip` plays it for them, `/tikal-mod kick` hands the "
                                           "seat to the bot, `/tikal-mod deadline` changes the clock.", **params)
    by = t.tr("notice.missed_by_computer", "a computer player") if policy == "computer" \
        else t.tr("notice.missed_by_bot", "the bot")
    return t.tr("notice.missed_body", "⏰ {who} missed the {what} deadline in game #{game}{passed}: {by} plays it "
                                      "for them. If they are gone for good, `/tikal-mod replace` gives the seat to "
                                      "another member.", by=by, **params)


def delivery_notice(payload: DeliveryFailed, t: Speaker = ENGLISH) -> str:
    """Posts of a game given up in a channel or thread, why, and how to send them again."""
    started = payload.get("since")
    since = " " + t.tr("notice.failed_since", "since {when}", when=f"<t:{int(started)}:R>") if started else ""
    reason = t.message(loaded(payload["said"])) if payload.get("said") else payload["reason"]
    return t.ntr("notice.failed_body", "⚠️ {n} post of game #{game} could not be delivered in {channel}{since}: "
                                       "{reason}. Once that is fixed, `/tikal-mod resend` sends it.",
                 "⚠️ {n} posts of game #{game} could not be delivered in {channel}{since}: {reason}. Once that is "
                 "fixed, `/tikal-mod resend` sends them.", payload["count"], game=payload["game_id"],
                 channel=f"<#{payload['channel_id']}>", since=since, reason=reason)


def to_creator(game_id: int, server: str | None, t: Speaker = ENGLISH) -> str:
    """Under a notice sent to a game's creator by direct message."""
    return t.tr("notice.to_creator", "You get this as the creator of game #{game} in **{server}**: the server has no "
                                     "moderator log channel or role (`/tikal-mod config` sets them).",
                game=game_id, server=server or "?")


def creator_in_channel(t: Speaker = ENGLISH) -> str:
    """Under a notice for a game's creator posted in the game's channel, because their direct messages are closed."""
    return t.tr("notice.creator_dms_closed", "(For the game's creator: your direct messages are closed, so this "
                                             "notice is here. `/tikal-mod config log_channel` sends such notices "
                                             "to a moderators' channel.)")


__all__ = ["creator_in_channel", "deadline_notice", "delivery_notice", "to_creator"]
