"""What each move did, as facts everyone may see (docs/rules.md, ruling 13), kept with the move in the log
(``moves.story``, migration 12): what a wait's catch-up ("since your last turn") is told from without replaying the
game.

``story_of(before, move, after)`` is a pure function of the states around one move; it holds only what the move
made public: the hexagon it placed or picked, the points a scoring turn (or a volcano scoring everyone at once)
gave, the price and winner of an auction it closed, the jump a chip count belongs to, the hexagon Tikal Rápido
handed to the last player of a round. Never the stack, a wafer still on the board or a kept jump choice: the
jumps are logged only when everyone has chosen.

``CaughtUp`` is one move of a catch-up as a wait's post carries it (``posts.Wait``): the move as logged, the seat
it was made for, whether the bot made it (a computer player, an absent seat, a deadline, a moderator's skip) and
its facts.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from bot.core.words import labels
from engine import GameState, Move, Phase, Pick, Place, Variant


class Facts(TypedDict, total=False):
    scoring: bool
    """Made in a scoring turn."""
    round: int
    """The scoring round whose points ``gains`` are."""
    gains: list[list[int]]
    """Score entries the move made: ``[seat, temples, treasures, total]`` each."""
    won: list[int]
    """The move closed an auction: ``[winner, price]``."""
    tile: str
    """The hexagon placed or picked (its id: shown by what it is, never as the id)."""
    handed: list[list[Any]]
    """Tikal Rápido: ``[seat, hexagon]`` handed without an auction (the last player of a round)."""
    jump: int
    """The jump of the round's phase 3 a ``jump`` move belongs to (1, 2 …)."""


class CaughtUp(TypedDict):
    idx: int
    move: str
    seat: int
    bot: bool
    """The bot made the move for the seat (its actor is nobody)."""
    deadline: NotRequired[bool]
    """The bot made it because the seat's deadline passed."""
    computer: NotRequired[bool]
    """The seat is played by a computer player (as the wait's message was queued)."""
    facts: NotRequired[Facts]


def story_of(before: GameState, move: Move, after: GameState) -> Facts:
    """The public facts of ``move``, which took ``before`` to ``after``."""
    facts = Facts()
    if before.phase is Phase.SCORING:
        facts["scoring"] = True
    gained = after.score_log[len(before.score_log):]
    if gained:
        facts["round"] = gained[0].round
        facts["gains"] = [[e.player, e.temples, e.treasures, e.total] for e in gained]
    if before.phase is Phase.BID and after.phase is Phase.PICK:
        winner = after.to_act
        facts["won"] = [winner, before.score[winner] - after.score[winner]]
    if isinstance(move, Place):
        tile = after.tile[move.space]
        if tile:
            facts["tile"] = tile
    if isinstance(move, Pick) and 0 < move.index <= len(before.shown):
        facts["tile"] = before.shown[move.index - 1]
    if after.variant is Variant.RAPIDO and len(after.hands) == len(before.hands):
        handed = [[q, after.hands[q]] for q in range(len(after.hands))
                  if q != before.to_act and after.hands[q] and not before.hands[q]]
        if handed:
            facts["handed"] = handed
    if before.phase is Phase.JUMP:
        facts["jump"] = labels.jump_number(after.log, False)
    return facts
