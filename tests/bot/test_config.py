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


def test_shards_and_the_database_url(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    for name in ("DATABASE_URL", "SHARD_COUNT", "SHARD_IDS"):
        monkeypatch.delenv(name, raising=False)
    plain = Settings(_env_file=None)
    assert plain.database == Path("tikal.sqlite3") and plain.shards.everything and not plain.sharded
    monkeypatch.setenv("DATABASE_URL", "postgresql://tikal:secret@db/tikal")
    monkeypatch.setenv("SHARD_COUNT", "8")
    monkeypatch.setenv("SHARD_IDS", "0, 2-3")
    settings = Settings(_env_file=None)
    assert settings.database == "postgresql://tikal:secret@db/tikal" and "secret" not in repr(settings)
    assert settings.sharded and settings.shards.count == 8 and settings.shards.ids == frozenset({0, 2, 3})
    assert settings.shards.owns(2 << 22) and not settings.shards.owns(1 << 22) and settings.shards.owns(10 << 22)
    monkeypatch.delenv("DATABASE_URL")  # some shards only, but a SQLite file serves one process: refused
    with pytest.raises(ValueError, match="DATABASE_URL"):
        Settings(_env_file=None)
    monkeypatch.setenv("SHARD_IDS", "8")
    with pytest.raises(ValueError, match="between 0 and 7"):
        Settings(_env_file=None)
    monkeypatch.delenv("SHARD_COUNT")
    with pytest.raises(ValueError, match="SHARD_IDS needs SHARD_COUNT"):
        Settings(_env_file=None)
    monkeypatch.setenv("SHARD_COUNT", "2")
    monkeypatch.delenv("SHARD_IDS")  # every shard in one process: fine on SQLite
    assert Settings(_env_file=None).shards.everything
