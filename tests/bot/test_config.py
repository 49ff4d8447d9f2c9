"""Settings come from the environment or .env; the token is a secret."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import Settings


def test_defaults_without_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    for name in ("DISCORD_TOKEN", "DATABASE_PATH", "LOG_LEVEL", "BOARD_DIR", "DEV_GUILD_ID"):
        monkeypatch.delenv(name, raising=False)
    settings = Settings()
    assert settings.discord_token is None and not settings.has_token
    assert settings.database_path == Path("tikal.sqlite3") and settings.log_level == "INFO"


def test_environment_and_dotenv_are_read_and_the_token_never_shows(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".env").write_text("DISCORD_TOKEN=abc.def.secret\nBOARD_DIR=pictures\n", encoding="utf-8")
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "games.sqlite3"))
    monkeypatch.setenv("DEV_GUILD_ID", "123")
    settings = Settings()
    assert settings.has_token and settings.discord_token is not None
    assert settings.discord_token.get_secret_value() == "abc.def.secret"
    assert settings.database_path == tmp_path / "games.sqlite3" and settings.board_dir == Path("pictures")
    assert settings.dev_guild_id == 123
    assert "secret" not in repr(settings) and "secret" not in str(settings.model_dump())
