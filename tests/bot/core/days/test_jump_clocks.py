"""A Tikal Rápido jump waits for everyone still to choose: reminders go to each of them, a deadline makes the bot
choose for all of them (as the policy says), an absent seat chooses the most chips (docs/rules.md §7.6.9) — always
through the secret choices, so a number is told only when everyone's are."""

from __future__ import annotations

import logging
import random

import pytest

from bot.core.table.posts import PostKind
from engine import GameView, Phase
from tests.bot.core.clockkit import MOD, Kit
from tests.bot.core.optionkit import drive, options_game
from tests.bot.core.servicekit import GUILD, MEMBERS

ANA, BEN, CY, _ = MEMBERS


async def at_a_jump(kit: Kit) -> tuple[GameView, int]:
    game = await options_game(kit.svc, 3, "rapido")
    view = await drive(kit.svc, game, random.Random(3), until=lambda v: v.phase is Phase.JUMP)
    return view, game.id


def seat_of(view: GameView, name: str) -> int:
    return next(p.seat for p in view.players if p.name == name)


async def test_reminders_go_to_everyone_still_to_choose_and_the_deadline_chooses_for_them(kit: Kit) -> None:
    _, game_id = await at_a_jump(kit)
    await kit.mod.set_timing(GUILD, game_id, MOD, is_moderator=True, turn_hours=24, policy="skip")
    await kit.svc.jumps.choose_jump(GUILD, game_id, ANA, 2)
    assert await kit.tick(11.9) == []
    assert await kit.tick(12) == ["reminder", "reminder"]
    sent = [p.payload for p in await kit.svc.outbox.posts_of(GUILD, game_id) if p.kind == PostKind.REMINDER]
    assert {(p["member_id"], p["kind"]) for p in sent} == {(BEN, "jump"), (CY, "jump")}
    kinds = await kit.tick(24)
    assert kinds[:2] == [PostKind.DEADLINE_WAITING, PostKind.DEADLINE_SKIPPED] and PostKind.WAIT in kinds
    skipped = next(p.payload for p in await kit.svc.outbox.posts_of(GUILD, game_id)
                   if p.kind == PostKind.DEADLINE_SKIPPED)
    assert skipped["moves"] == [] and sorted(skipped["jump"]) == ["Ben", "Cy"]  # whose, never how many
    after = await kit.svc.games.view(GUILD, game_id)
    assert after.phase is Phase.ACTIONS
    assert [after.jump[seat_of(after, n)] for n in ("Ana", "Ben", "Cy")] == [2, 5, 5]


async def test_the_deadline_policy_wait_names_everyone_still_to_choose(kit: Kit) -> None:
    view, game_id = await at_a_jump(kit)
    await kit.mod.set_timing(GUILD, game_id, MOD, is_moderator=True, turn_hours=24, policy="wait", reminders=False)
    await kit.svc.jumps.choose_jump(GUILD, game_id, BEN, 1)
    assert await kit.tick(24) == [PostKind.DEADLINE_WAITING]
    waiting = next(p.payload for p in await kit.svc.outbox.posts_of(GUILD, game_id)
                   if p.kind == PostKind.DEADLINE_WAITING)
    assert waiting["kind"] == "jump" and waiting["player"] == ", ".join(
        view.players[q].name for q in view.round_order if view.players[q].name != "Ben")
    assert (await kit.svc.games.view(GUILD, game_id)).phase is Phase.JUMP


async def test_the_deadline_policy_computer_lets_a_computer_player_choose_for_them(kit: Kit) -> None:
    _, game_id = await at_a_jump(kit)
    await kit.mod.set_timing(GUILD, game_id, MOD, is_moderator=True, turn_hours=24, policy="computer")
    kinds = await kit.tick(24)
    assert PostKind.DEADLINE_SKIPPED in kinds and PostKind.WAIT in kinds
    after = await kit.svc.games.view(GUILD, game_id)
    assert after.phase is Phase.ACTIONS and all(1 <= (j or 0) <= 5 for j in after.jump)


async def test_a_seat_kicked_during_a_jump_takes_the_most_chips_and_may_reveal_the_jump(kit: Kit) -> None:
    view, game_id = await at_a_jump(kit)
    await kit.svc.jumps.choose_jump(GUILD, game_id, ANA, 1)
    await kit.svc.jumps.choose_jump(GUILD, game_id, BEN, 2)
    done = await kit.mod.kick(GUILD, game_id, CY, MOD, is_moderator=True)
    assert done.moved is not None
    by_seat = {seat_of(view, "Ana"): 1, seat_of(view, "Ben"): 2, seat_of(view, "Cy"): 5}
    assert [m for m in done.moved.moves if m.startswith("jump")] == [f"jump {by_seat[q]}" for q in view.round_order]


async def test_a_moderators_skip_chooses_the_most_chips_for_everyone_still_to_choose(kit: Kit) -> None:
    _, game_id = await at_a_jump(kit)
    await kit.svc.jumps.choose_jump(GUILD, game_id, CY, 3)
    done = await kit.mod.skip(GUILD, game_id, MOD, is_moderator=True)
    assert done.moved is not None and "chose the most chips" in done.post.payload["text"]
    after = done.moved.view
    assert [after.jump[seat_of(after, n)] for n in ("Ana", "Ben", "Cy")] == [5, 5, 3]


async def test_no_log_line_holds_a_kept_choice(kit: Kit, caplog: pytest.LogCaptureFixture) -> None:
    _, game_id = await at_a_jump(kit)
    with caplog.at_level(logging.DEBUG, logger="bot"):
        await kit.svc.jumps.choose_jump(GUILD, game_id, ANA, 4)
        await kit.svc.jumps.choose_jump(GUILD, game_id, BEN, 4)
    assert not [r for r in caplog.records if "4" in r.getMessage() and r.name.startswith("bot")]


def test_even_at_debug_the_loggers_that_print_sql_parameters_or_request_bodies_stay_at_info() -> None:
    from bot.__main__ import QUIET, configure_logging

    root = logging.getLogger()
    before = (root.level, [logging.getLogger(n).level for n in QUIET])
    try:
        configure_logging("debug")
        assert all(not logging.getLogger(name).isEnabledFor(logging.DEBUG) for name in QUIET)
    finally:
        root.setLevel(before[0])
        for name, level in zip(QUIET, before[1], strict=True):
            logging.getLogger(name).setLevel(level)


async def test_an_absent_first_chooser_does_not_stop_the_others_reminders(kit: Kit) -> None:
    view, game_id = await at_a_jump(kit)
    first = view.players[view.round_order[0]].name
    done = await kit.mod.kick(GUILD, game_id, first, MOD, is_moderator=True)
    assert done.moved is None  # its chips are kept, in secret, until the others have chosen
    _, waiting = await kit.svc.jumps.jump_status(GUILD, game_id)
    assert waiting == list(view.round_order[1:])
    assert await kit.tick(1) == [] and await kit.tick(23.9) == []
    assert await kit.tick(24) == ["reminder", "reminder"]


async def test_a_jump_waits_for_everyone_in_their_lists_of_games_until_they_choose(kit: Kit) -> None:
    """``/tikal-game games mine``: a jump waits for every member still to choose, not only the engine's
    player to act; a member who chose is no longer waited for."""
    _, game_id = await at_a_jump(kit)
    for member in (ANA, BEN, CY):
        assert [g.waiting_for_me for g in await kit.mod.my_games(GUILD, member) if g.game.id == game_id] == [True]
    await kit.svc.jumps.choose_jump(GUILD, game_id, BEN, 1)
    assert [g.waiting_for_me for g in await kit.mod.my_games(GUILD, BEN) if g.game.id == game_id] == [False]
    assert [g.waiting_for_me for g in await kit.mod.my_games(GUILD, CY) if g.game.id == game_id] == [True]
