"""A server's settings: the defaults until saved, each server its own, and a default variant a server may have
(Tikal Rápido is chosen per game), refused in words with nothing changed."""

from __future__ import annotations

import pytest

from bot.core.assembly import Core
from bot.core.guilds.settings import DEFAULT_VARIANTS
from bot.core.storage.rows import GuildSettings
from bot.core.words.errors import BadOption
from tests.bot.core.servicekit import GUILD, OTHER_GUILD


@pytest.mark.backends
async def test_settings_are_saved_per_server_and_a_rapido_default_is_refused(svc: Core) -> None:
    assert await svc.settings.get(GUILD) == GuildSettings(GUILD)
    saved = GuildSettings(GUILD, moderator_role_id=5, default_variant="auction", use_threads=False, turn_hours=0,
                          reminder_hours=6, log_channel_id=808)
    await svc.settings.save(saved)
    assert await svc.settings.get(GUILD) == saved and await svc.settings.get(OTHER_GUILD) == GuildSettings(OTHER_GUILD)
    assert "rapido" not in DEFAULT_VARIANTS
    with pytest.raises(BadOption, match="`basic` or `auction`, not “rapido”"):
        await svc.settings.save(GuildSettings(GUILD, default_variant="rapido"))
    assert await svc.settings.get(GUILD) == saved
