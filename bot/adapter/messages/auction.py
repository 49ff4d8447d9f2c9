"""An auction in words: the shown hexagons, what is bid for (``prize``), who won it for what, what the pick took."""

from __future__ import annotations

from itertools import takewhile

from bot.core.words.labels import hexagon_name, player
from engine import GameView, Variant
from engine.messages import ENGLISH, Speaker


def shown_hexagons(view: GameView, t: Speaker) -> str:
    return "\n".join(f"**{k}** · {hexagon_name(tile, t)}" for k, tile in enumerate(view.shown, start=1)) or \
        t.tr("fmt.none", "none")


def winning_bid(view: GameView) -> int:
    """What the auction just won cost (in a pick): the highest bid of the bids and passes that closed it (0 if
    everyone passed), read from the log since a view keeps the high bid only while the bidding goes on."""
    bids = list(takewhile(lambda move: move == "pass" or move.startswith("bid "), reversed(view.log)))
    return max((int(move.split()[1]) for move in bids if move != "pass"), default=0)


def won_words(view: GameView, t: Speaker) -> str:
    """``🟧 Ben wins the 1st turn for 5 points`` (in a pick: the auction's winner is the player to act)."""
    return t.ntr("fmt.wins", "{player} wins the {prize} for {n} point", "{player} wins the {prize} for {n} points",
                 winning_bid(view), player=player(view, view.to_act, t), prize=prize(view, t))


def picked_words(old: GameView, new: GameView, t: Speaker) -> str:
    """What the pick took (and, in Tikal Rápido, who was handed the display's last hexagon with it)."""
    move = new.log[old.version] if len(new.log) > old.version else ""
    words = move.split()
    if len(words) != 2 or words[0] != "pick" or not words[1].isdigit() or not 0 < int(words[1]) <= len(old.shown):
        return t.tr("fmt.picked_a", "Picked a hexagon.")
    text = t.tr("fmt.picked", "Picked the **{hexagon}**.", hexagon=hexagon_name(old.shown[int(words[1]) - 1], t))
    if old.variant is Variant.RAPIDO and len(new.hands) == len(old.players) and len(old.hands) == len(new.hands):
        handed = [q for q in range(len(old.players)) if q != old.to_act and not old.hands[q] and new.hands[q]]
        text += "".join(" " + t.tr("fmt.takes_last", "{player} takes the last one, the **{hexagon}**.",
                                   player=player(new, q, t), hexagon=hexagon_name(new.hands[q], t)) for q in handed)
    return text


def auction_number(view: GameView) -> int:
    """Which auction of the round is under way or was last won (1, 2 …): one per player who had a turn (or a
    hexagon) this round, plus one."""
    return sum(p.had_turn for p in view.players) + 1


def prize(view: GameView, t: Speaker = ENGLISH) -> str:
    """``1st turn`` / ``2nd hexagon``: what the auction under way hands out. Each is a whole phrase, as an
    ordinal's form follows the noun's gender (Italian ``1ª tavola`` but ``1° turno``)."""
    n = min(auction_number(view), 4)
    if view.variant is Variant.RAPIDO:
        return (t.tr("fmt.prize_hexagon.1", "1st hexagon"), t.tr("fmt.prize_hexagon.2", "2nd hexagon"),
                t.tr("fmt.prize_hexagon.3", "3rd hexagon"), t.tr("fmt.prize_hexagon.4", "4th hexagon"))[n - 1]
    return (t.tr("fmt.prize_turn.1", "1st turn"), t.tr("fmt.prize_turn.2", "2nd turn"),
            t.tr("fmt.prize_turn.3", "3rd turn"), t.tr("fmt.prize_turn.4", "4th turn"))[n - 1]
