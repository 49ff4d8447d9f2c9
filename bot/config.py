"""The bot's settings, read from the environment or a ``.env`` file (pydantic-settings)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from bot.core.storage.shards import Shards


class Settings(BaseSettings):
    """Every setting has a default except the token, and without a token the bot runs the local console."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr | None = Field(default=None, description="The bot token; never logged.")
    database_path: Path = Field(default=Path("tikal.sqlite3"), description="The SQLite file with every game.")
    database_url: SecretStr | None = Field(
        default=None, description="postgresql://user:password@host:port/name: every game in PostgreSQL instead of "
                                  "the SQLite file, shared by any number of bot processes. Never logged.")
    shard_count: int | None = Field(default=None, ge=1, description="Discord shards of the whole bot (all processes).")
    shard_ids: Annotated[tuple[int, ...] | None, NoDecode] = Field(
        default=None, description="The shards this process runs, e.g. 0,1 or 2-3 (needs SHARD_COUNT).")
    log_level: str = Field(default="INFO", description="DEBUG, INFO, WARNING or ERROR.")
    board_dir: Path = Field(default=Path("boards"), description="Where the console writes its board pictures.")
    dev_guild_id: int | None = Field(
        default=None, description="Sync the slash commands to this one guild at start (instant; for testing)."
    )
    sync_commands: Literal["always", "auto", "never"] = Field(
        default="auto", description="Register the slash commands with Discord at start: always, when they changed "
                                    "(auto) or never.")
    busy_timeout_ms: int = Field(default=5000, ge=0, description="How long SQLite waits for a locked database.")
    cpu_workers: int = Field(default=1, ge=1, le=32,
                             description="Worker processes for CPU-heavy work (computer players, hints, replays).")
    web_url: str | None = Field(
        default=None, description="The web view's public address (https://tikal.example.org): turn posts and "
                                  "/tikal-game status link each game's page under it. Unset: no links.")
    web_port: int | None = Field(default=None, ge=0, le=65535,
                                 description="Serve the web view from this process on this port (needs WEB_URL).")
    web_host: str = Field(default="", description="The address the web view listens on: by default 0.0.0.0 (every "
                                                  "interface), or 127.0.0.1 with WEB_BEHIND_PROXY (only the proxy "
                                                  "on this machine reaches it).")
    web_poll_seconds: float = Field(default=1.0, gt=0, le=60,
                                    description="How often an open page's game is read for changes.")
    web_requests_per_minute: float = Field(default=120, gt=0,
                                           description="Requests one address may make a minute (60 at once).")
    web_behind_proxy: bool = Field(default=False, description="The web view is reached through a reverse proxy that "
                                                              "appends the client's address to X-Forwarded-For: "
                                                              "the rate limit counts that address.")

    health_port: int | None = Field(
        default=None, ge=0, le=65535, description="Serve /livez, /healthz and /metrics on this port of their own. "
                                                   "Unset: no /metrics, and /livez and /healthz on the web view's port "
                                                   "when WEB_PORT is set.")
    health_host: str = Field(default="127.0.0.1", description="The address HEALTH_PORT listens on: this machine only "
                                                              "by default (0.0.0.0: every interface).")

    @field_validator("database_url", mode="before")
    @classmethod
    def _empty_url_is_none(cls, value: Any) -> Any:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("shard_count", "web_port", "web_url", "health_port", mode="before")
    @classmethod
    def _empty_is_none(cls, value: Any) -> Any:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("web_url")
    @classmethod
    def _web_address(cls, value: str | None) -> str | None:
        if value is None:
            return None
        if not value.startswith(("https://", "http://")):
            raise ValueError("WEB_URL is the address people open, starting with https:// (or http://)")
        return value.rstrip("/")

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _shard_list(cls, value: Any) -> Any:
        """``0,1`` or ``0-3`` (or both: ``0,2-3``) as written in the environment."""
        if not isinstance(value, str):
            return value
        if not value.strip():
            return None
        ids: list[int] = []
        for part in value.replace(" ", "").split(","):
            low, dash, high = part.partition("-")
            ids.extend(range(int(low), int(high) + 1) if dash else [int(low)])
        return tuple(ids)

    @model_validator(mode="after")
    def _shards_fit(self) -> Settings:
        shards = self.shards  # raises ValueError for ids without a count or out of range
        if not shards.everything and self.database_url is None:
            raise ValueError("SHARD_IDS names only some of the shards, so other processes run the rest: they must "
                             "share one database, so set DATABASE_URL (PostgreSQL). A SQLite file serves one "
                             "process.")
        if not self.web_host.strip():
            self.web_host = "127.0.0.1" if self.web_behind_proxy else "0.0.0.0"
        if self.web_port is not None and self.web_url is None:
            raise ValueError("WEB_PORT serves the web view, and its pages are linked under WEB_URL: set WEB_URL to "
                             "the address people open (e.g. https://tikal.example.org).")
        return self

    @property
    def has_token(self) -> bool:
        return self.discord_token is not None and bool(self.discord_token.get_secret_value().strip())

    @property
    def database(self) -> str | Path:
        """What ``open_storage`` opens: the PostgreSQL URL if set, else the SQLite file."""
        return self.database_url.get_secret_value() if self.database_url is not None else self.database_path

    @property
    def shards(self) -> Shards:
        return Shards.of(self.shard_count, self.shard_ids)

    @property
    def sharded(self) -> bool:
        """Whether the bot connects to Discord as shards (``SHARD_COUNT`` set): discord.py's ``AutoShardedBot``."""
        return self.shard_count is not None
