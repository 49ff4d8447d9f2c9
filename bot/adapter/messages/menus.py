"""A menu's private message (``bot.core.menus``): whose turn and the AP left, what the last tap did, and what the step
asks. Pure, in the reader's words."""

from __future__ import annotations

from bot.core.menus import Step
from bot.core.words.labels import player
from engine import GameView, Phase
from engine.messages import ENGLISH, Speaker


def menu_head(view: GameView, t: Speaker = ENGLISH) -> str:
    """``🟦 Ana — turn 7 · 6 AP left`` while a turn is played; the player alone otherwise."""
    who = player(view, view.to_act, t)
    if view.phase is Phase.SCORING:
        return t.ntr("fmt.live_scoring", "{player} — scoring turn · {n} AP left",
                     "{player} — scoring turn · {n} AP left", view.ap_left or 0, player=who)
    if view.phase in (Phase.PLACE, Phase.ACTIONS):
        return t.ntr("fmt.live_turn", "{player} — turn {turn} · {n} AP left", "{player} — turn {turn} · {n} AP left",
                     view.ap_left or 0, player=who, turn=view.turn)
    return who


def menu_text(view: GameView, step: Step, t: Speaker = ENGLISH, *, receipt: str | None = None) -> str:
    """The private message of a step: the receipt of the move just made (it says the AP left), or the turn's head;
    then the step's question."""
    first = receipt if receipt else f"**{menu_head(view, t)}**"
    return f"{first}\n{step.question}"


def refused_menu(text: str) -> str:
    """A menu that is refused (the game moved on): why, and nothing more to tap."""
    return f"⛔ {text}"
