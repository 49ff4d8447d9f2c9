"""Turns through the real discord.py bot: refusals stay private, autocomplete, the turn message, End turn."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import engine
from engine import Phase
from tests.bot.adapter.discordkit import (
    ANA,
    BEN,
    CHANNEL,
    CY,
    GUILD,
    bot_of,
    choices_of,
    click,
    command,
    custom_ids,
    edits,
    open_game,
    pinged,
    posts,
    responses,
    running_bot,
    text_of,
    whose_turn,
)
from tests.bot.adapter.wire import Wire


async def turn_message(wire: Wire, game_id: int) -> int:
    game = await bot_of(wire).core.games.game(GUILD, game_id)
    assert game.turn_message_id is not None
    return game.turn_message_id


async def place_first(wire: Wire, game_id: int, member: int) -> None:
    view = await bot_of(wire).core.games.view(GUILD, game_id)
    space, rotation = view.placements[0]
    calls = await command(wire, "tikal place", {"space": engine.space_name(space), "rotation": rotation}, user=member)
    assert responses(calls)[0].ephemeral and "✅" in responses(calls)[0].data["content"]


@pytest.mark.backends
async def test_not_your_turn_and_illegal_moves_are_private_and_change_nothing(wire: Wire) -> None:
    game_id = await open_game(wire, [ANA, BEN])
    view, actor, other = await whose_turn(wire, game_id)
    for name, options, user in (("tikal end", {}, other), ("tikal deploy", {"space": "A1", "figures": "3"}, actor),
                                ("tikal place", {"space": "H5", "rotation": 0}, actor),
                                ("tikal place", {"space": "Z9", "rotation": 0}, actor),
                                ("tikal end", {}, CY)):
        calls = await command(wire, name, options, user=user)
        (reply,) = calls
        assert reply.via == "interaction" and reply.callback_type == 4 and reply.ephemeral, (name, reply.json)
        assert reply.data["content"]
    texts = [r.data["content"] for r in wire.calls if r.via == "interaction" and r.ephemeral][-5:]
    actor_name = view.players[view.to_act or 0].name
    assert texts[0] == f"It is 🟦 {actor_name}'s turn, not yours."
    # a space that is none: the refusal names the spaces that would work now (the legal placements)
    legal = sorted({engine.space_name(space) for space, _ in view.placements})
    assert "Z9" in texts[3] and "work now" in texts[3] and all(name in texts[3] for name in legal[:12])
    assert f"🟦 {actor_name}'s turn" in texts[4]
    # the End turn button says it in the very same words as the command
    message = await turn_message(wire, game_id)
    assert message is not None
    (button,) = responses(await click(wire, f"tikal:end:{game_id}", user=other, message_id=message))
    assert button.ephemeral and button.data["content"] == texts[0]
    assert (await bot_of(wire).core.games.view(GUILD, game_id)).version == view.version


@pytest.mark.backends
async def test_autocomplete_lists_legal_choices_with_costs(wire: Wire) -> None:
    game_id = await open_game(wire, [ANA, BEN])
    view, actor, other = await whose_turn(wire, game_id)
    calls = await command(wire, "tikal place", {"space": ""}, user=actor, focused="space")
    (answer,) = calls
    assert answer.callback_type == 8
    choices = choices_of(answer)
    legal_spaces = {engine.space_name(s) for s, _ in view.placements}
    assert 0 < len(choices) <= 25 and {c["value"] for c in choices} == legal_spaces
    assert all("rotation" in c["name"] for c in choices)
    space = choices[0]["value"]
    calls = await command(wire, "tikal place", {"space": space, "rotation": ""}, user=actor, focused="rotation")
    rotations = choices_of(calls[0])
    assert {c["value"] for c in rotations} == {r for s, r in view.placements if engine.space_name(s) == space}
    assert all(c["name"].startswith(f"rotation {c['value']} · ") and "AP" in c["name"] for c in rotations)
    # Someone else gets no choices; a typed filter narrows them.
    calls = await command(wire, "tikal place", {"space": ""}, user=other, focused="space")
    assert choices_of(calls[0]) == []
    calls = await command(wire, "tikal place", {"space": space}, user=actor, focused="space")
    assert choices_of(calls[0])[0]["value"] == space

    await place_first(wire, game_id, actor)
    calls = await command(wire, "tikal deploy", {"space": "A1", "figures": ""}, user=actor, focused="figures")
    figures = choices_of(calls[0])
    assert figures[0] == {"name": "1 worker · 1 AP", "value": "1"}
    assert {"name": "3 workers · 3 AP", "value": "3"} in figures and len(figures) <= 25
    calls = await command(wire, "tikal move", {"source": ""}, user=actor, focused="source")
    assert choices_of(calls[0]) == []  # nobody stands on the board yet
    await command(wire, "tikal deploy", {"space": "A1", "figures": "3"}, user=actor)
    calls = await command(wire, "tikal move", {"source": "A1", "target": ""}, user=actor, focused="target")
    targets = choices_of(calls[0])
    assert targets and all(" AP each · " in c["name"] for c in targets)
    costs = [int(c["name"].split(" · ")[1].split()[0]) for c in targets]
    assert costs == sorted(costs)
    calls = await command(wire, "tikal board", {"zoom": "a"}, user=other, focused="zoom")
    zoom = choices_of(calls[0])
    assert zoom and all(c["value"].startswith("A") for c in zoom)


@pytest.mark.backends
async def test_the_turn_message_is_edited_and_end_turn_posts_the_board_with_one_ping(wire: Wire) -> None:
    game_id = await open_game(wire, [ANA, BEN, CY])
    view, actor, other = await whose_turn(wire, game_id)
    message = await turn_message(wire, game_id)
    await place_first(wire, game_id, actor)
    calls = await command(wire, "tikal deploy", {"space": "a1", "figures": "3"}, user=actor)
    (reply,) = responses(calls)
    assert reply.ephemeral and reply.data["content"] == "✅ deploy 3 → A1 · 3 AP · 7 AP left"
    (edit,) = edits(calls)
    assert edit.path == f"/channels/{CHANNEL}/messages/{message}"
    assert "deploy 3 → A1 · 3 AP" in text_of(edit) and "7 AP left" in text_of(edit)
    version = (await bot_of(wire).core.games.view(GUILD, game_id)).version
    assert custom_ids(edit.json or {}) == [f"tikal:board:{game_id}", f"tikal:undo:{game_id}",
                                           f"tikal:end:{game_id}", f"tikal:mps:{game_id}:{version}::0"]
    assert not posts(calls)

    # Undo (button) removes the line; only the player to act may use it.
    calls = await click(wire, f"tikal:undo:{game_id}", user=other, message_id=message)
    assert responses(calls)[0].ephemeral and "turn" in responses(calls)[0].data["content"]
    calls = await click(wire, f"tikal:undo:{game_id}", user=actor, message_id=message)
    assert responses(calls)[0].callback_type == 6
    assert "deploy" not in text_of(edits(calls)[0]) and "10 AP left" in text_of(edits(calls)[0])
    await command(wire, "tikal deploy", {"space": "A1", "figures": "2"}, user=actor)

    # End turn asks first while AP are left.
    calls = await click(wire, f"tikal:end:{game_id}", user=other, message_id=message)
    assert responses(calls)[0].ephemeral and "not yours" in responses(calls)[0].data["content"]
    calls = await click(wire, f"tikal:end:{game_id}", user=actor, message_id=message)
    (ask,) = calls
    assert ask.ephemeral and "8 AP" in ask.data["content"]
    version = (await bot_of(wire).core.games.view(GUILD, game_id)).version
    (confirm_id,) = custom_ids(ask.data)
    assert confirm_id == f"tikal:end:{game_id}:v{version}"
    assert (await bot_of(wire).core.games.view(GUILD, game_id)).phase is Phase.ACTIONS

    calls = await click(wire, confirm_id, user=actor, message_id=ask.message_id)
    assert calls[0].callback_type == 7 and calls[0].data["components"] == []
    final = edits(calls)[0]
    assert final.path.endswith(f"/{message}") and final.json is not None and final.json["components"] == []
    assert "deploy 2 → A1 · 2 AP" in text_of(final) and "AP used: 2" in text_of(final)
    (wait,) = posts(calls, CHANNEL)  # the next player's wait: one message, its ping, what happened, the board
    (picture,) = wait.files
    assert picture.startswith("board-") and wait.files[picture].startswith(b"\x89PNG")
    embed = wait.data["embeds"][0]
    assert embed["image"]["url"] == f"attachment://{picture}"
    assert wait.json is not None and wait.json["attachments"][0]["description"].startswith("Tikal board")
    after, next_member, _ = await whose_turn(wire, game_id)
    assert wait.data["content"].startswith(f"<@{next_member}>, your turn — place the ")
    assert wait.json["allowed_mentions"]["users"] in ([next_member], [str(next_member)])
    assert wait.json["allowed_mentions"]["parse"] == []
    # what happened since their last turn, in words: the turn in one line; the scores; the deadline
    assert re.search(r"🟦 Ana: placed an? .+ on [A-H][1-5] · deployed 2 workers to A1", text_of(wait)), text_of(wait)
    assert "Scores: " in text_of(wait) and "**0**" in text_of(wait) and "⏰ Deadline: " in text_of(wait)
    assert f"<@{next_member}>" not in "".join(e.get("description") or "" for e in wait.data["embeds"])
    assert "nonce" in wait.json and wait.json["enforce_nonce"] is True
    assert custom_ids(wait.data)[2:] == [f"tikal:end:{game_id}", f"tikal:mps:{game_id}:5:p:0"]  # the spaces to place on
    assert await turn_message(wire, game_id) == wait.message_id
    # A second click on the old confirmation does nothing.
    calls = await click(wire, confirm_id, user=actor, message_id=ask.message_id)
    assert not posts(calls) and "moved on" in calls[0].data["content"]
    assert after.turn == view.turn + 1


@pytest.mark.backends
async def test_board_is_private_and_shows_the_placement_preview(wire: Wire) -> None:
    game_id = await open_game(wire, [ANA, BEN])
    message = await turn_message(wire, game_id)
    calls = await click(wire, f"tikal:board:{game_id}", user=CY, message_id=message)
    defer, follow = calls
    assert defer.callback_type == 5 and defer.ephemeral
    assert follow.ephemeral and set(follow.files) == {"board.png", "placement.png"}
    calls = await command(wire, "tikal board", {"zoom": "A1"}, user=BEN)
    assert set(calls[-1].files) == {"zoom.png"} and calls[-1].ephemeral
    calls = await command(wire, "tikal-game rules", user=BEN)
    assert calls[0].ephemeral and "Uncover" in text_of(calls[0])


@pytest.mark.backends
async def test_end_turn_without_ap_left_ends_at_once(wire: Wire) -> None:
    game_id = await open_game(wire, [ANA, BEN])
    view, actor, _ = await whose_turn(wire, game_id)
    message = await turn_message(wire, game_id)
    await place_first(wire, game_id, actor)
    entries = await bot_of(wire).core.turns.legal_moves(GUILD, game_id, actor)
    deploy = next(e for e in entries if isinstance(e.move, engine.Deploy) and not e.move.leader)
    assert deploy.high == 10
    await command(wire, "tikal deploy", {"space": "A1", "figures": "10"}, user=actor)
    calls = await click(wire, f"tikal:end:{game_id}", user=actor, message_id=message)
    assert calls[0].callback_type == 6  # no question: the edit and the post are the answer
    assert any(f.startswith("board-") for c in posts(calls, CHANNEL) for f in c.files)
    assert (await bot_of(wire).core.games.view(GUILD, game_id)).to_act != view.to_act


@pytest.mark.backends
async def test_an_action_costs_one_state_load_and_one_transaction(database: Path | str) -> None:
    """One round trip per move: the command loads the state once and commits once; the turn message is
    edited from what the commit returned."""
    async with running_bot(database) as wire:
        game_id = await open_game(wire, [ANA, BEN])
        _, actor, _ = await whose_turn(wire, game_id)
        await place_first(wire, game_id, actor)
        core = bot_of(wire).core

        async def cost(name: str, options: dict[str, object]) -> tuple[int, int, int]:
            loads, reads, writes = core.store.loads, core.storage.reads, core.storage.transactions
            calls = await command(wire, name, options, user=actor)
            assert "✅" in responses(calls)[0].data.get("content", "✅")
            return core.store.loads - loads, core.storage.reads - reads, core.storage.transactions - writes

        assert await cost("tikal deploy", {"space": "A1", "figures": "2"}) == (1, 1, 1)
        assert await cost("tikal undo", {}) == (1, 1, 1)
        assert await cost("tikal deploy", {"space": "A1", "figures": "leader"}) == (1, 1, 1)
        loads, reads, writes = await cost("tikal end", {})
        # the end of a turn also records its post as sent and the new turn message: one transaction each; on a
        # database other processes share (PostgreSQL), the post is claimed before it is sent: one more
        claim = 1 if core.storage.shared else 0
        assert (loads, writes) == (1, 1 + claim + 1 + 1), (loads, reads, writes)
        assert reads <= 3, reads  # the load, and the post's game and siblings when it is composed


@pytest.mark.backends
async def test_end_turn_in_a_scoring_turn_with_ap_left_asks_first(wire: Wire) -> None:
    game_id = await open_game(wire, [ANA, BEN])
    svc = bot_of(wire).core
    for _ in range(80):  # place and end until a volcano starts a scoring round
        view, actor, _ = await whose_turn(wire, game_id)
        if view.phase is Phase.SCORING:
            break
        if view.phase is Phase.PLACE:
            await place_first(wire, game_id, actor)
        await command(wire, "tikal end", user=actor)
    view, actor, _ = await whose_turn(wire, game_id)
    assert view.phase is Phase.SCORING and view.ap_left
    calls = await click(wire, f"tikal:end:{game_id}", user=actor, message_id=await turn_message(wire, game_id))
    (ask,) = calls
    assert ask.ephemeral and f"{view.ap_left} AP" in ask.data["content"]
    assert (await svc.games.view(GUILD, game_id)).version == view.version  # nothing ended yet


@pytest.mark.backends
async def test_a_deleted_turn_message_is_posted_again_at_the_next_action(wire: Wire) -> None:
    game_id = await open_game(wire, [ANA, BEN])
    view, actor, _ = await whose_turn(wire, game_id)
    message = await turn_message(wire, game_id)
    wire.down[f"PATCH /channels/{CHANNEL}/messages/{message}"] = (404, 10008)  # someone deleted it
    space, rotation = view.placements[0]
    calls = await command(wire, "tikal place", {"space": engine.space_name(space), "rotation": rotation}, user=actor)
    (new,) = posts(calls, CHANNEL)  # posted again, so that the buttons come back; it pings nobody this time
    assert custom_ids(new.data) == [f"tikal:board:{game_id}", f"tikal:undo:{game_id}", f"tikal:end:{game_id}",
                                    f"tikal:mps:{game_id}:{view.version + 1}::0"]  # and the menu, of the game now
    assert "place" in text_of(new) and await turn_message(wire, game_id) == new.message_id
    assert not new.data.get("content") and pinged(new) == ([], [])
    calls = await command(wire, "tikal deploy", {"space": "A1", "figures": "1"}, user=actor)
    assert [c.path for c in edits(calls)] == [f"/channels/{CHANNEL}/messages/{new.message_id}"] and not posts(calls)
