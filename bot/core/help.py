"""The short rules, as ``/tikal-game rules`` and the local console show them: what each action costs, and each
variant and option of SPEC 7 in two lines (its name and its rule)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from engine.actions import CAMP_AP, EXCHANGE_AP, GUARD_AP, RECOVER_AP, UNCOVER_AP

RULES: Final = (
    ("Your turn (basic)", "Draw a hexagon and place it (`/tikal place`), then spend 10 AP, then `/tikal end`."),
    ("Deploy / transfer", "1 AP per worker (`deploy` from the supply into the base camp or an own camp; "
                          "`transfer` between them)."),
    ("Move", "The stones between two spaces, per figure (`/tikal move`); the leader counts as 3 when comparing."),
    ("Uncover", f"{UNCOVER_AP} AP per temple level (`/tikal uncover`)."),
    ("Recover", f"{RECOVER_AP} AP per treasure wafer (`/tikal recover`)."),
    ("Exchange", f"{EXCHANGE_AP} AP: swap a single treasure with another player (`/tikal exchange`)."),
    ("Camp", f"{CAMP_AP} AP: build a camp (`/tikal camp`)."),
    ("Guard", f"{GUARD_AP} AP: guard a temple where you are strongest (`/tikal guard`)."),
    ("Scoring rounds", "A volcano starts one: everyone gets 10 AP, then scores temples and treasures."),
    ("Auction variant", "Each round the hexagons are shown; bid points for the turn order (`/tikal bid`, "
                        "`/tikal pass`), then `/tikal pick` one."),
    ("Looking", "`/tikal board` (optional zoom) shows the board privately; `/tikal-game status` the state."),
)

VARIANT_TEXT: Final[dict[str, tuple[str, str]]] = {
    "basic": ("Basic game", "Each turn: draw a hexagon, place it, then spend 10 AP."),
    "auction": ("Auction game", "Each round the hexagons are shown and players bid points of their score for "
                                "the turns."),
    "rapido": ("Tikal Rápido", "Scores start at 20. A round: auctions hand out the hexagons, everyone places, then "
                               "jumps: choose 1–5 of your 10 chips in secret, then act once with that many AP."),
}
"""Each variant in two lines: its name and what changes."""

OPTION_TEXT: Final[dict[str, tuple[str, str]]] = {
    "noround": ("Scoring without a round", "A volcano scores everyone at once (no 10-AP scoring turns); then its "
                                           "player places it and takes a normal turn."),
    "indiana": ("Indiana Jones (3d6)", "Each temple level uncovered rolls 3d6: at or under the new value, one of "
                                       "your workers there falls. Uncovers cannot be undone."),
    "indiana2d6": ("Indiana Jones (2d6)", "Each temple level uncovered rolls 2d6: at or under the new value, one "
                                          "of your workers there falls. Brutal."),
    "indiana1d20": ("Indiana Jones (1d20)", "Each temple level uncovered rolls 1d20: at or under the new value, one "
                                            "of your workers there falls."),
    "obstacles": ("Obstacles", "4 AP (`/tikal obstacle`): block a border next to a free worker of yours; crossing "
                               "it costs everyone 2 AP more per figure."),
    "guns": ("Machine guns", "6 AP (`/tikal guard … gun`): a guard plus a gun of 2 workers where you lead by 2; "
                             "rivals cannot cross, and `/tikal fire` (1 AP) removes one of their workers there."),
    "randomterrain": ("Random terrain, sudden death", "The 33 hexagons are mixed (no letters); the 3 volcanoes come "
                                                      "in later, two in one display may be declared not to score, "
                                                      "and the game ends when the third is placed."),
}
"""Each option in two lines: its name and its rule, short (SPEC 7.1–7.5)."""

OPTIONS_OVERVIEW: Final = (
    "Variants and options",
    "`/tikal-game new` with the variant rapido plays Tikal Rápido; in a lobby its creator adds options with the "
    "menu: scoring without a round, Indiana Jones (3d6, 2d6 or 1d20), obstacles, machine guns, random terrain "
    "(auction only). `/tikal-game rules` in a game's channel explains its own.",
)
"""What ``/tikal-game rules`` says of the variants and options outside a game with any."""


def explained(variant: str, options: Iterable[str]) -> list[tuple[str, str]]:
    """The variant (unless basic) and each option, in two lines each: name and rule."""
    out = [VARIANT_TEXT[variant]] if variant in VARIANT_TEXT and variant != "basic" else []
    return out + [OPTION_TEXT[o] for o in options if o in OPTION_TEXT]
