"""The words of a member's own page, in the reader's language: the spectator page's (``PageWords``) and those of
playing — the panel's labels, where the member stands, their own secrets, a move's receipt and the refusals. A
choice's words are the turn's menu's (``bot.core.menus.words``): the page offers the same menus as Discord.

The core's texts are written for Discord (``**bold**``, `` `code` ``); the page shows them as plain text
(``plain``)."""

from __future__ import annotations

import re
from typing import Final

from bot.core.days.standing_orders import StandingOrder
from bot.core.words import labels
from bot.web.words import PageWords
from engine import GameView, Phase, Variant
from engine.messages import Msg

MARKS: Final = re.compile(r"\*\*|__|`|\\(?=[\\*_`~|>#-])")
"""Discord's markdown in the core's texts: bold, underline, code, and the backslashes that escape it."""


def plain(text: str) -> str:
    """A text written for Discord, as the page shows it (the page sets text, never HTML)."""
    return MARKS.sub("", text)


class PlayWords(PageWords):
    """The words of a member's page."""

    def title(self, game: int) -> str:
        return self.t.tr("web_play.title", "Tikal game #{game}: your board", game=game)

    def gone(self) -> str:
        return self.t.tr("web_play.gone", "This page no longer plays for you: your link was replaced or ended, or your "
                                          "seat changed hands. Ask for a new link with /tikal-game web.")

    def no_session(self) -> str:
        return self.t.tr("web_play.no_session", "To play from this page, open your own link: /tikal-game web, or the "
                                                "My board link button on the game's message. Your link works for a "
                                                "day; the page keeps you signed in for 30 days.")

    def link_ended(self) -> str:
        return self.t.tr("web_play.link_ended", "This link no longer works: it was replaced by a newer one, it is "
                                                "more than a day old, or your seat changed hands. Ask for a new link "
                                                "with /tikal-game web.")

    def too_fast(self) -> str:
        return self.t.tr("web_play.too_fast", "Too many actions in a short time: wait a moment, then try again.")

    def moved_on(self) -> str:
        return self.t.tr("web_play.moved_on", "The game has moved on: nothing was done. The page now shows the game as "
                                              "it is.")

    def forbidden(self) -> str:
        return self.t.tr("web_play.forbidden", "This request did not come from your page: nothing was done. Reload "
                                               "the page.")

    def failed(self) -> str:
        return self.t.tr("web_play.failed", "Something went wrong on the bot's side: nothing may have been done. "
                                            "Reload the page to see where the game stands.")

    def signed_out(self) -> str:
        return self.t.tr("web_play.signed_out", "You are signed out on this browser. Your link from Discord signs "
                                                "you in again while it works.")

    def play_labels(self) -> dict[str, str]:
        """The panel's fixed words."""
        t = self.t
        return {
            "play": t.tr("web_play.panel", "Your move"),
            "here": t.tr("web_play.here", "Actions at {space}", space="{space}"),
            "nothing_here": t.tr("web_play.nothing_here", "Nothing to do at {space} now.", space="{space}"),
            "pick_space": t.tr("web_play.pick_space", "Choose a space with a blue ring on the board: what you can do "
                                                      "there appears here."),
            "other": t.tr("web_play.other", "Without a space"),
            "confirm": t.tr("web_play.confirm", "Confirm"),
            "cancel": t.tr("web_play.cancel", "Cancel"),
            "chosen": t.tr("web_play.chosen", "Your choice: {move}", move="{move}"),
            "sending": t.tr("web_play.sending", "Sending…"),
            "actionable": t.tr("web_play.actionable", "you can act here"),
            "sign_out": t.tr("web_play.sign_out", "Sign out"),
            "rotation_preview": t.tr("web_play.rotation_preview", "How the hexagon lies: its stones and the paths it "
                                                                  "opens"),
        }

    def you_are(self, view: GameView, seat: int) -> str:
        return self.t.tr("web_play.you_are", "You play {name} ({colour}).", name=view.players[seat].name,
                         colour=self.w.colour(seat))

    def standing(self, view: GameView, seat: int, acting: bool, jump: bool, chosen: bool) -> str:
        """Where the member stands now: their turn (and AP left), a jump to choose in, or whom the game waits for."""
        t = self.t
        if view.finished:
            return t.tr("web_play.over", "The game is over.")
        if jump:
            return t.tr("web_play.your_jump_chosen", "Your chips for this jump are chosen: the others still choose.") \
                if chosen else t.tr("web_play.your_jump", "A jump: choose your chips (in secret, as everyone does).")
        if view.phase is Phase.JUMP:
            return t.tr("web_play.others_jump", "A jump: the others choose their chips.")
        if acting:
            waiting = labels.waiting_for(view.phase, view.variant, view.stage, t)
            if view.ap_left is not None and view.phase in (Phase.ACTIONS, Phase.SCORING):
                return t.ntr("web_play.your_turn_ap", "Your {waiting}: {n} AP left.", "Your {waiting}: {n} AP left.",
                             view.ap_left, waiting=waiting)
            return t.tr("web_play.your_turn", "Your {waiting}.", waiting=waiting)
        to_act = view.to_act
        if to_act is None:
            return ""
        return t.tr("web_play.waiting_for", "The game waits for {name}'s {waiting}.", name=view.players[to_act].name,
                    waiting=labels.waiting_for(view.phase, view.variant, view.stage, t))

    def own_chips(self, chips: int) -> str:
        return self.t.ntr("web_play.own_chips", "You chose {n} chip for this jump (only you see this).",
                          "You chose {n} chips for this jump (only you see this).", chips)

    def own_order(self, order: StandingOrder) -> str:
        if order.max_bid is None:
            return self.t.tr("web_play.order_pass", "Your standing order this round: pass (only you see this).")
        return self.t.ntr("web_play.order_bid", "Your standing order this round: bid up to {n} point (only you see "
                                                "this).",
                          "Your standing order this round: bid up to {n} points (only you see this).", order.max_bid)

    def jump_question(self, most: int) -> str:
        return self.t.tr("web_play.jump_question", "How many chips for the jump (1–{most})?", most=most)

    def jump_choice(self, chips: int) -> str:
        return self.t.ntr("auto.chips", "{n} chip → {n} AP, one action", "{n} chips → {n} AP, one action", chips)

    def receipt(self, view: GameView, move: str, still_acting: bool) -> str:
        """What a move did, as the slash command's receipt says it (``deploy 3 → A1 · 3 AP · 7 AP left``)."""
        t = self.t
        if move == "undo":
            line = t.tr("fmt.taken_back", "Taken back.")
        elif move == "end":
            line = t.tr("fmt.turn_ended", "Turn ended.")
        elif move.startswith("pick ") and view.hand and view.variant is not Variant.RAPIDO:
            line = t.tr("fmt.picked_receipt", "Picked the **{hexagon}**", hexagon=labels.hexagon_name(view.hand, t))
        else:
            line = labels.action_line(view, move, t)
        if still_acting and view.ap_left is not None and view.phase in (Phase.ACTIONS, Phase.SCORING) \
                and move not in ("end", "pass") and not move.startswith("bid"):
            line = t.ntr("fmt.receipt_ap", "✅ {action} · {n} AP left", "✅ {action} · {n} AP left", view.ap_left,
                         action=line)
        else:
            line = f"✅ {line}"
        return plain(line)

    def jump_receipt(self, chips: int) -> str:
        return plain(self.own_chips(chips))

    def refusal(self, message: Msg) -> str:
        """A refusal of the core or the engine, in the reader's language, as plain text."""
        return plain(self.t.message(message))

    def script_words(self) -> dict[str, str]:
        return {**super().script_words(), **self.play_labels(), "gone": self.gone(), "moved_on": self.moved_on(),
                "failed": self.failed(), "signed_out": self.signed_out()}


__all__ = ["PlayWords", "plain"]
