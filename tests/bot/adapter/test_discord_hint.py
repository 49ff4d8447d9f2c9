"""``/tikal hint``: the strong computer player's suggestion, privately, only for the player to act."""

from __future__ import annotations

from pathlib import Path

import engine
from bot.core.table.autocomplete import command_text
from bot.core.table.hints import suggest
from engine.ai import explain, plan
from tests.bot.adapter.discordkit import (
    ANA,
    BEN,
    CY,
    GUILD,
    bot_of,
    command,
    open_game,
    responses,
    text_of,
    whose_turn,
)
from tests.bot.adapter.wire import Wire


async def test_hint_is_private_for_the_player_to_act_and_changes_nothing(wire: Wire) -> None:
    game_id = await open_game(wire, [ANA, BEN])
    _, actor, other = await whose_turn(wire, game_id)
    svc = bot_of(wire).core
    before = await svc.games.view(GUILD, game_id)
    calls = await command(wire, "tikal hint", user=actor)
    answers = responses(calls)
    assert answers[0].callback_type == 5 and answers[0].ephemeral  # deferred privately, then the follow-up
    text = text_of(answers[-1])
    assert answers[-1].ephemeral and "Suggestion" in text
    seat_view = await svc.turns.seat_view(GUILD, game_id, actor)
    expected = plan(seat_view, "strong", game_id * 1_000_003 + seat_view.version)
    # each step as the command the player types (the command itself clickable), not the notation
    typed = [command_text(m) for m in expected]
    why = explain(seat_view, expected, game_id * 1_000_003 + seat_view.version)
    lines = text.splitlines()[1:]
    assert expected and len(lines) == len(expected) + 1, text
    key = [str(m) for m in expected].index(str(why.params["move"]))
    assert lines[key].endswith(f" — _why:_ {why}")  # the reason beside the step it explains, same view and seed
    assert sum("_why:_" in line for line in lines) == 1
    assert all(path[1:] in line and options in line for (path, options), line in zip(typed, lines, strict=False))
    assert f"`{expected[0]}`" not in text
    assert "space:" in lines[0] and "rotation:" in lines[0]
    assert (await svc.games.view(GUILD, game_id)).version == before.version
    pool = bot_of(wire).core.pool
    assert pool.running and pool.started == 1  # thought in the worker pool, whose answer (and reason) came back
    for user in (other, CY):
        (refusal,) = responses(await command(wire, "tikal hint", user=user))
        assert refusal.ephemeral and refusal.callback_type == 4 and "turn" in refusal.data["content"]


async def test_suggested_ap_are_measured_on_the_players_own_view(tmp_path: Path) -> None:
    state = engine.new_game(["Ana", "Ben"], "basic", 7)
    state = engine.apply(state, engine.legal_moves(state)[0].move)
    seat_view = engine.view(state, state.to_act)
    steps = suggest(seat_view, 3).steps
    assert [s.move for s in steps] == plan(seat_view, "strong", 3)
    assert sum(s.ap or 0 for s in steps) <= (seat_view.ap_left or 0)
    assert any(s.ap for s in steps)

