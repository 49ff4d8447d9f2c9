"""Per-member cooldowns of the private pictures (command and Board button alike) and of ``/tikal hint``."""

from __future__ import annotations

from pathlib import Path

from tests.bot.adapter.discordkit import (
    ANA,
    BEN,
    CY,
    GUILD,
    bot_of,
    click,
    command,
    open_game,
    responses,
    running_bot,
    whose_turn,
)
from tests.bot.core.clockkit import FakeClock


async def test_board_pictures_have_a_per_member_cooldown_shared_by_the_button_and_the_command(
        tmp_path: Path) -> None:
    clock = FakeClock()
    async with running_bot(tmp_path / "t.sqlite3", clock=clock) as wire:
        game_id = await open_game(wire, [ANA, BEN])
        message = (await bot_of(wire).core.games.game(GUILD, game_id)).turn_message_id or 0
        for _ in range(2):
            calls = await click(wire, f"tikal:board:{game_id}", user=CY, message_id=message)
            assert responses(calls)[0].callback_type == 5  # deferred: the picture follows
        assert responses(await command(wire, "tikal board", user=CY))[0].callback_type == 5
        (refusal,) = responses(await click(wire, f"tikal:board:{game_id}", user=CY, message_id=message))
        assert refusal.ephemeral and refusal.data["content"] == "You can ask again in 30 s."
        (refusal,) = responses(await command(wire, "tikal board", {"zoom": "A1"}, user=CY))
        assert refusal.ephemeral and refusal.data["content"].startswith("You can ask again in")
        assert responses(await command(wire, "tikal board", user=ANA))[0].callback_type == 5  # others are not slowed
        clock.now += 31
        assert responses(await command(wire, "tikal board", user=CY))[0].callback_type == 5


async def test_hint_has_a_per_member_cooldown(tmp_path: Path) -> None:
    clock = FakeClock()
    async with running_bot(tmp_path / "t.sqlite3", clock=clock) as wire:
        game_id = await open_game(wire, [ANA, BEN])
        _, actor, _ = await whose_turn(wire, game_id)
        assert responses(await command(wire, "tikal hint", user=actor))[0].callback_type == 5
        clock.now += 10
        (refusal,) = responses(await command(wire, "tikal hint", user=actor))
        assert refusal.ephemeral and refusal.data["content"] == "You can ask again in 20 s."
        clock.now += 21
        assert responses(await command(wire, "tikal hint", user=actor))[0].callback_type == 5
