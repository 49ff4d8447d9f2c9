"""Small values the bot keeps between starts that belong to no game or guild (``app_state``): e.g. the hash of
the slash commands last synced with Discord and their ids."""

from __future__ import annotations

import json
from typing import Any

from bot.core.storage import sql
from bot.core.storage.base import Storage


class AppState:
    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    async def get(self, key: str) -> dict[str, Any] | None:
        """The JSON object stored under ``key``, or None."""
        async with self.storage.read() as r:
            row = await sql.one(r, "SELECT value FROM app_state WHERE key = ?", (key,))
        return None if row is None else dict(json.loads(row[0]))

    async def put(self, key: str, value: dict[str, Any]) -> None:
        async with self.storage.transaction() as tx:
            await sql.run(tx, "INSERT INTO app_state (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT (key) "
                              "DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
                          (key, json.dumps(value, sort_keys=True), sql.now(tx)))


__all__ = ["AppState"]
