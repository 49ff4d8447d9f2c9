"""The short rules, as ``/tikal-game rules`` and the local console show them: what each action costs."""

from __future__ import annotations

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
