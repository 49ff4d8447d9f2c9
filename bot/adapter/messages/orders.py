"""A standing order in words, and the private answer to one (``/tikal-game order``)."""

from __future__ import annotations

from engine.messages import ENGLISH, Speaker


def order_words(max_bid: int | None, t: Speaker = ENGLISH) -> str:
    """A standing order in words: ``pass every auction of this round`` / ``bid for you up to 6 points``."""
    if max_bid is None:
        return t.tr("order.pass_words", "pass every auction of this round")
    return t.ntr("order.up_to_words", "bid for you up to {n} point", "bid for you up to {n} points", max_bid)


def order_answer(game_id: int, round_: int, max_bid: int | None, played: bool, t: Speaker = ENGLISH) -> str:
    """The private answer to a standing order: what it does, whether it was played at once, how to take it back."""
    order = order_words(max_bid, t)
    if played:
        return t.tr("order.played_now", "🔨 Your standing order for round {round} of game #{game}: the bot will "
                                        "**{order}**; it was your bid, so it is played now. Only you see it; "
                                        "`/tikal-game order cancel` takes it back.", round=round_, game=game_id,
                    order=order)
    return t.tr("order.left_now", "🔨 Your standing order for round {round} of game #{game}: the bot will **{order}** "
                                  "when your bid is due. Only you see it; `/tikal-game order cancel` takes it back.",
                round=round_, game=game_id, order=order)
