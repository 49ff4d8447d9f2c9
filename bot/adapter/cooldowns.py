"""Per-member cooldowns of what costs the bot real work: the private board pictures (the command and the Board
button share one), ``/tikal hint`` (a computer player's search), ``/tikal-game replay`` (a whole game drawn) and
``/tikal-game review`` (a whole game judged). A member asking too often gets a private "You can ask again in 12 s";
nobody else is slowed down."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Final

from discord import app_commands

RATES: Final = {"board": (3, 30.0), "hint": (1, 30.0), "replay": (2, 60.0), "review": (3, 60.0)}
"""Per kind: so many times per so many seconds, per member."""


class Cooldowns:
    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self.clock = clock
        self._buckets: dict[tuple[str, int], tuple[app_commands.Cooldown, float]] = {}

    def check(self, kind: str, member_id: int) -> None:
        """Count one use; raises ``CommandOnCooldown`` (a private refusal) when the member must wait."""
        now = self.clock()
        rate, per = RATES[kind]
        for key in [k for k, (b, used) in self._buckets.items() if now - used > b.per]:  # forget the idle ones
            del self._buckets[key]
        bucket, _ = self._buckets.get((kind, member_id), (app_commands.Cooldown(rate, per), now))
        self._buckets[(kind, member_id)] = (bucket, now)
        retry_after = bucket.update_rate_limit(now)
        if retry_after:
            raise app_commands.CommandOnCooldown(bucket, retry_after)
