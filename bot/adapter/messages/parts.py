"""The pieces every message of the bot is made of: the seat colours of the embeds, a member's name as shown, a
variant and its options in words, the scores. Mentions only ever go in a message's content, never in an embed."""

from __future__ import annotations

from typing import Final

from bot.core.table.game_options import GameSetup
from bot.core.words.escaping import escaped
from bot.core.words.help import OPTION_TEXT, VARIANT_TEXT
from bot.core.words.labels import player
from engine import GameView
from engine.messages import ENGLISH, Speaker

EMBED_COLOURS: Final = (0x0072B2, 0xE69F00, 0x009E73, 0xCC79A7)
NEUTRAL: Final = 0x5B6770


def variant_words(variant: str, t: Speaker = ENGLISH) -> str:
    """The variant by its rulebook name (``Auction game``, ``Tikal Rápido``), never the notation's."""
    if variant not in VARIANT_TEXT:
        return variant
    return t.message(VARIANT_TEXT[variant][0])


def setup_words(setup: GameSetup, t: Speaker = ENGLISH) -> str:
    """``Tikal Rápido: Obstacles, Machine guns``: the variant and the options by their names in words."""
    names = [t.message(OPTION_TEXT[o][0]) for o in setup.options if o in OPTION_TEXT]
    return variant_words(setup.variant, t) + (f": {', '.join(names)}" if names else "")


def shown_name(name: str) -> str:
    """A member's name as text to show: its markdown and Discord's syntax escaped (``**Bo**``, ``<@7202>`` stay as
    typed)."""
    return escaped(name)


def colour(seat: int | None) -> int:
    return EMBED_COLOURS[seat % len(EMBED_COLOURS)] if seat is not None else NEUTRAL


def scores_field(view: GameView, t: Speaker = ENGLISH) -> str:
    ranked = sorted(view.players, key=lambda p: -p.score)
    return "\n".join(f"{player(view, p.seat, t)} **{p.score}**" for p in ranked)


def scores_line(view: GameView, t: Speaker = ENGLISH) -> str:
    """``🟧 Ben **21** · 🟩 Cy **18** · 🟦 Ana **9**``, best first: the scores in one line (a phone's width)."""
    return " · ".join(f"{player(view, p.seat, t)} **{p.score}**"
                      for p in sorted(view.players, key=lambda p: -p.score))
