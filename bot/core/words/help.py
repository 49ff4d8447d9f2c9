"""The short rules, as ``/tikal-game rules`` and the local console show them: what each action costs, and each
variant and option of docs/rules.md §7 in two lines (its name and its rule). Every line is a ``Said``: the reader's
speaker writes it in their language."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from bot.core.words.texts import tr
from engine.actions import CAMP_AP, EXCHANGE_AP, GUARD_AP, RECOVER_AP, UNCOVER_AP
from engine.messages import Said

RULES: Final[tuple[tuple[Said, Said], ...]] = (
    (tr("help.turn", "Your turn (basic)"),
     tr("help.turn.rule", "Draw a hexagon and place it (`/tikal place`), then spend 10 AP, then `/tikal end`.")),
    (tr("help.deploy", "Deploy / transfer"),
     tr("help.deploy.rule", "1 AP per worker (`deploy` from the supply into the base camp or an own camp; "
                            "`transfer` between them).")),
    (tr("help.move", "Move"),
     tr("help.move.rule", "The stones between two spaces, per figure (`/tikal move`); the leader counts as 3 when "
                          "comparing.")),
    (tr("help.uncover", "Uncover"), tr("help.uncover.rule", "{ap} AP per temple level (`/tikal uncover`).",
                                       ap=UNCOVER_AP)),
    (tr("help.recover", "Recover"), tr("help.recover.rule", "{ap} AP per treasure wafer (`/tikal recover`).",
                                       ap=RECOVER_AP)),
    (tr("help.exchange", "Exchange"),
     tr("help.exchange.rule", "{ap} AP: swap a single treasure with another player (`/tikal exchange`).",
        ap=EXCHANGE_AP)),
    (tr("help.camp", "Camp"), tr("help.camp.rule", "{ap} AP: build a camp (`/tikal camp`).", ap=CAMP_AP)),
    (tr("help.guard", "Guard"),
     tr("help.guard.rule", "{ap} AP: guard a temple where you are strongest (`/tikal guard`).", ap=GUARD_AP)),
    (tr("help.scoring", "Scoring rounds"),
     tr("help.scoring.rule", "A volcano starts one: everyone gets 10 AP, then scores temples and treasures.")),
    (tr("help.auction", "Auction variant"),
     tr("help.auction.rule", "Each round the hexagons are shown; bid points for the turn order (`/tikal bid`, "
                             "`/tikal pass`), then `/tikal pick` one.")),
    (tr("help.looking", "Looking"),
     tr("help.looking.rule", "`/tikal board` (optional zoom) shows the board privately; `/tikal-game status` the "
                             "state.")),
)

VARIANT_TEXT: Final[dict[str, tuple[Said, Said]]] = {
    "basic": (tr("variant.basic", "Basic game"),
              tr("variant.basic.rule", "Each turn: draw a hexagon, place it, then spend 10 AP.")),
    "auction": (tr("variant.auction", "Auction game"),
                tr("variant.auction.rule", "Each round the hexagons are shown and players bid points of their score "
                                           "for the turns.")),
    "rapido": (tr("variant.rapido", "Tikal Rápido"),
               tr("variant.rapido.rule", "Scores start at 20. A round: auctions hand out the hexagons, everyone "
                                         "places, then jumps: choose 1–5 of your 10 chips in secret, then act once "
                                         "with that many AP.")),
}
"""Each variant in two lines: its name and what changes."""

OPTION_TEXT: Final[dict[str, tuple[Said, Said]]] = {
    "noround": (tr("option.noround", "Scoring without a round"),
                tr("option.noround.rule", "A volcano scores everyone at once (no 10-AP scoring turns); then its "
                                          "player places it and takes a normal turn.")),
    "indiana": (tr("option.indiana", "Indiana Jones (3d6)"),
                tr("option.indiana.rule", "Each temple level uncovered rolls 3d6: at or under the new value, one of "
                                          "your workers there falls. Uncovers cannot be undone.")),
    "indiana2d6": (tr("option.indiana2d6", "Indiana Jones (2d6)"),
                   tr("option.indiana2d6.rule", "Each temple level uncovered rolls 2d6: at or under the new value, "
                                                "one of your workers there falls. Brutal.")),
    "indiana1d20": (tr("option.indiana1d20", "Indiana Jones (1d20)"),
                    tr("option.indiana1d20.rule", "Each temple level uncovered rolls 1d20: at or under the new value, "
                                                  "one of your workers there falls.")),
    "obstacles": (tr("option.obstacles", "Obstacles"),
                  tr("option.obstacles.rule", "4 AP (`/tikal obstacle`): block a border next to a free worker of "
                                              "yours; crossing it costs everyone 2 AP more per figure.")),
    "guns": (tr("option.guns", "Machine guns"),
             tr("option.guns.rule", "6 AP (`/tikal guard … gun`): a guard plus a gun of 2 workers where you lead by "
                                    "2; rivals cannot cross, and `/tikal fire` (1 AP) removes one of their workers "
                                    "there.")),
    "randomterrain": (tr("option.randomterrain", "Random terrain, sudden death"),
                      tr("option.randomterrain.rule", "The 33 hexagons are mixed (no letters); the 3 volcanoes come "
                                                      "in later, two in one display may be declared not to score, "
                                                      "and the game ends when the third is placed.")),
}
"""Each option in two lines: its name and its rule, short (rules.md §7.1–7.5)."""

OPTIONS_OVERVIEW: Final = (
    tr("help.options", "Variants and options"),
    tr("help.options.rule", "`/tikal-game new` with the variant rapido plays Tikal Rápido; in a lobby its creator "
                            "adds options with the menu: scoring without a round, Indiana Jones (3d6, 2d6 or 1d20), "
                            "obstacles, machine guns, random terrain (auction only). `/tikal-game rules` in a game's "
                            "channel explains its own."),
)
"""What ``/tikal-game rules`` says of the variants and options outside a game with any."""


def explained(variant: str, options: Iterable[str]) -> list[tuple[Said, Said]]:
    """The variant (unless basic) and each option, in two lines each: name and rule."""
    out = [VARIANT_TEXT[variant]] if variant in VARIANT_TEXT and variant != "basic" else []
    return out + [OPTION_TEXT[o] for o in options if o in OPTION_TEXT]


NOT_IN: Final = {"basic": ("help.auction",), "auction": ("help.turn",), "rapido": ("help.turn", "help.auction")}
"""The lines of ``RULES`` that do not apply to a game of each variant (a Rápido game has no basic turn, and its
auctions hand out hexagons, as its own two lines say)."""


def rules_for(variant: str) -> tuple[tuple[Said, Said], ...]:
    """The lines of ``RULES`` that apply to a game of ``variant``."""
    dropped = NOT_IN.get(variant, ())
    return tuple((name, rule) for name, rule in RULES if name.code not in dropped)
