"""``python -m bot``: the Discord bot with ``DISCORD_TOKEN``, the local console without it."""

from __future__ import annotations

import logging
import sys

from bot.config import Settings
from bot.core.process_lock import DatabaseInUse

QUIET: tuple[str, ...] = ("aiosqlite", "discord.http", "discord.webhook.async_")
"""Loggers whose DEBUG lines hold SQL parameters or request bodies: a Tikal Rápido player's secret chips (kept in
``jump_choices``, answered privately) among them. They never log below INFO."""


def configure_logging(level: str) -> None:
    logging.basicConfig(level=level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    for name in QUIET:
        logging.getLogger(name).setLevel(max(logging.INFO, logging.getLogger().level))


def main(argv: list[str] | None = None) -> int:
    """Run the bot; without a token, the local console (which reads the console's options from ``argv``)."""
    settings = Settings()
    configure_logging(settings.log_level)
    if not settings.has_token:
        from bot.local_console import run

        return run(settings.board_dir, sys.argv[1:] if argv is None else argv)
    import aiohttp
    import discord

    from bot.adapter.app import TikalBot

    assert settings.discord_token is not None
    bot = TikalBot(settings)
    try:
        bot.run(settings.discord_token.get_secret_value(), log_handler=None)
    except DatabaseInUse as error:
        print(error, file=sys.stderr)
        return 1
    except discord.LoginFailure:
        print("Discord refused the token: check DISCORD_TOKEN (developer portal → Bot → Reset Token).",
              file=sys.stderr)
        return 1
    except (aiohttp.ClientError, OSError, TimeoutError) as error:
        print(f"Could not reach Discord: {error or type(error).__name__} — check the network.", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
