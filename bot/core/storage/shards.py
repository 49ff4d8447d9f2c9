"""Which guilds a bot process owns when several processes share one database (Discord's sharding).

Discord puts a guild on shard ``(guild_id >> 22) % shard_count``; a process started with ``SHARD_IDS`` gets the
events and interactions of those shards' guilds only. It must also do the rest of their work and nothing of
anyone else's: tick only their clocks, send only their posts, check only their membership at start-up.
``Shards()`` (no sharding) owns every guild.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class Shards:
    count: int = 1
    ids: frozenset[int] | None = None
    """The shards this process runs; None: all of them."""

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ValueError(f"the shard count is at least 1, not {self.count}")
        if self.ids is not None and (not self.ids or any(not 0 <= i < self.count for i in self.ids)):
            raise ValueError(f"shard ids are between 0 and {self.count - 1}: {sorted(self.ids)}")

    @classmethod
    def of(cls, count: int | None, ids: Iterable[int] | None) -> Shards:
        """From the settings: ``SHARD_COUNT`` and ``SHARD_IDS`` (ids without a count: refused)."""
        if count is None:
            if ids is not None:
                raise ValueError("SHARD_IDS needs SHARD_COUNT too")
            return cls()
        return cls(count, None if ids is None else frozenset(ids))

    @property
    def everything(self) -> bool:
        """True when this process owns every guild."""
        return self.ids is None or len(self.ids) == self.count

    def shard_of(self, guild_id: int) -> int:
        return (guild_id >> 22) % self.count

    def owns(self, guild_id: int) -> bool:
        return self.everything or self.shard_of(guild_id) in (self.ids or ())

    def where(self, column: str = "guild_id") -> str:
        """An SQL condition (both dialects) true for the rows of owned guilds: ``" AND …"``, or ``""``."""
        if self.everything:
            return ""
        owned = ", ".join(str(int(i)) for i in sorted(self.ids or ()))
        return f" AND ({column} >> 22) % {int(self.count)} IN ({owned})"

    def __str__(self) -> str:
        if self.everything:
            return "every shard" if self.count == 1 else f"all {self.count} shards"
        return f"shards {', '.join(map(str, sorted(self.ids or ())))} of {self.count}"


EVERY_GUILD: Final = Shards()
"""No sharding: one process does everything."""

__all__ = ["EVERY_GUILD", "Shards"]
