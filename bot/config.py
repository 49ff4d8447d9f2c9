"""The bot's settings, read from the environment or a ``.env`` file (pydantic-settings)."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """Every setting has a default except the token, and without a token the bot runs the local console."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr | None = Field(default=None, description="The bot token; never logged.")
    database_path: Path = Field(default=Path("tikal.sqlite3"), description="The SQLite file with every game.")
    log_level: str = Field(default="INFO", description="DEBUG, INFO, WARNING or ERROR.")
    board_dir: Path = Field(default=Path("boards"), description="Where the console writes its board pictures.")
    dev_guild_id: int | None = Field(
        default=None, description="Sync the slash commands to this one guild at start (instant; for testing)."
    )
    sync_commands: Literal["always", "auto", "never"] = Field(
        default="auto", description="Register the slash commands with Discord at start: always, when they changed "
                                    "(auto) or never.")
    busy_timeout_ms: int = Field(default=5000, ge=0, description="How long SQLite waits for a locked database.")

    @property
    def has_token(self) -> bool:
        return self.discord_token is not None and bool(self.discord_token.get_secret_value().strip())
