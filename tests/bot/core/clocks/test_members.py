"""Members' settings: delivery, time zone, quiet hours; validation; forgetting; re-planning running games."""

from __future__ import annotations

import sqlite3
from datetime import time
from pathlib import Path

import pytest

from bot.core.clocks.members import MemberSettings, parse_clock
from bot.core.clocks.schedule import QuietHours
from bot.core.words.errors import BadOption
from tests.bot.core.clockkit import MOD, Kit, open_kit
from tests.bot.core.servicekit import GUILD, MEMBERS
from tests.bot.core.servicekit import started_game as start

ANA, BEN, _, _ = MEMBERS


def test_clock_times_are_read_as_typed() -> None:
    assert parse_clock("22:30") == time(22, 30) and parse_clock(" 7 ") == time(7) and parse_clock("0:05") == time(0, 5)
    for bad in ("24:00", "7:60", "seven", "7pm", ""):
        with pytest.raises(BadOption, match="time of day"):
            parse_clock(bad)


async def test_settings_are_kept_validated_and_forgotten(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    async with open_kit(path) as k:
        assert await k.members.get(ANA) == MemberSettings(ANA)
        saved = await k.members.update(ANA, delivery="dm", time_zone="Europe/Berlin", quiet=("22:00", "7:30"))
        assert saved.quiet == QuietHours(time(22), time(7, 30), "Europe/Berlin")
        assert await k.members.get(ANA) == saved
        partial = await k.members.update(ANA, delivery="channel")  # options left empty stay
        assert partial.time_zone == "Europe/Berlin" and partial.quiet_start == time(22)
        with pytest.raises(BadOption, match="dm"):
            await k.members.update(ANA, delivery="pigeon")
        with pytest.raises(BadOption, match="Europe/Berlin"):
            await k.members.update(ANA, time_zone="Mars/Olympus")
        with pytest.raises(BadOption, match="time zone"):
            await k.members.update(BEN, quiet=("22", "7"))  # quiet hours need a time zone
        with pytest.raises(BadOption, match="differ"):
            await k.members.update(ANA, quiet=("7", "7:00"))
        assert await k.members.get(ANA) == partial and await k.members.get(BEN) == MemberSettings(BEN)
        cleared = await k.members.update(ANA, clear_quiet=True)
        assert cleared.quiet is None and cleared.time_zone == "Europe/Berlin"
        assert "Europe/Berlin" in k.members.zone_choices("berl")
        assert await k.members.forget(ANA) and not await k.members.forget(ANA)
        assert await k.members.get(ANA) == MemberSettings(ANA)
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT COUNT(*) FROM member_settings").fetchone()[0] == 0


@pytest.mark.backends
async def test_new_quiet_hours_and_forgetting_replan_a_running_game(kit: Kit) -> None:
    game = await start(kit.svc, 2)
    await kit.mod.set_timing(GUILD, game.id, MOD, is_moderator=True, turn_hours=None)  # reminders after 1 and 3 days
    kit.clock.at(2)
    await kit.members.update(ANA, time_zone="UTC", quiet=("08:00", "11:00"))  # the first, 09:00 UTC, is quiet
    assert await kit.tick(2) == []
    assert await kit.tick(24) == [] and await kit.tick(25.9) == []
    assert await kit.tick(26) == ["reminder"]  # 11:00 UTC, the end of her quiet hours
    kit.clock.at(27)
    await kit.members.update(ANA, time_zone="UTC", quiet=("00:00", "12:00"))  # the next one, 09:00, is quiet now
    await kit.tick(27)
    assert await kit.tick(72) == [] and await kit.tick(74.9) == []
    kit.clock.at(74.95)
    assert await kit.members.forget(ANA)  # no quiet hours any more: due at once
    assert await kit.tick(74.95) == ["reminder"]
    assert [p.payload["member_id"] for p in await kit.svc.outbox.posts_of(GUILD, game.id) if p.kind == "reminder"] == [
        ANA, ANA]
