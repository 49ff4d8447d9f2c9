"""A turn played by tapping, through the real discord.py bot (``bot.adapter.ui.menus``, ``Table.menu``): the wait's
message offers the moment's first choice, each further step is private to the member, the last tap applies the move
as the slash command does (same answer, same undo, the wait's message edited), a stale menu or another member's tap is
refused and changes nothing, menus outlive a restart; every step holds Discord's limits and a phone's, in six
languages; whole games of every variant and option played by members who only tap (``tapkit.TapPlayer``)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord
import pytest

import engine
from bot.adapter.ui.menus import MORE, OPTIONS, add_step, menu_view, public_menu
from bot.core.menus import Choice, Menu, Step
from engine import GameState, Phase, legal_moves
from lang import translator
from lang.locales import LOCALES
from tests.bot.adapter.discordkit import (
    ANA,
    BEN,
    CHANNEL,
    CY,
    GUILD,
    bot_of,
    command,
    edits,
    open_game,
    posts,
    running_bot,
    text_of,
    whose_turn,
)
from tests.bot.adapter.tapkit import TapPlayer, check_components, items, menu_path, private_answer, tap
from tests.bot.adapter.test_discord_options import start_game
from tests.bot.adapter.wire import Wire
from tests.engine.randomplay import RandomPlayer


async def public_of(wire: Wire, game_id: int) -> tuple[int, dict[str, Any]]:
    game = await bot_of(wire).core.games.game(GUILD, game_id)
    assert game.turn_message_id is not None
    return game.turn_message_id, wire.messages[game.turn_message_id]


def component(message: dict[str, Any], custom_id_start: str) -> dict[str, Any]:
    return next(c for c in items(message) if c["custom_id"].startswith(custom_id_start))


def labelled(message: dict[str, Any], label: str) -> dict[str, Any]:
    return next(c for c in items(message) if c.get("label") == label)


def option(select: dict[str, Any], start: str) -> str:
    return next(str(o["value"]) for o in select["options"] if o["label"].startswith(start))


async def test_a_turn_by_taps_is_the_slash_commands_turn(wire: Wire) -> None:
    game_id = await open_game(wire, [ANA, BEN])
    core = bot_of(wire).core
    view, actor, other = await whose_turn(wire, game_id)
    public_id, public = await public_of(wire, game_id)
    check_components(public)
    spaces = component(public, f"tikal:mps:{game_id}:{view.version}:p:")
    assert {o["value"] for o in spaces["options"]} == {engine.space_name(s) for s, _ in view.placements}
    space, rotation = view.placements[0]
    # the space: a private step with the rotations, each saying where its paths lead and what they cost
    _, calls = await tap(wire, public_id, public, spaces, actor, engine.space_name(space))
    (answer,) = calls
    assert answer.callback_type == 4 and answer.ephemeral and "which rotation?" in answer.data["content"]
    rotations = component(answer.data, f"tikal:mes:{game_id}:{view.version}:p.{engine.space_name(space)}:")
    assert {o["value"] for o in rotations["options"]} == {str(r) for s, r in view.placements if s == space}
    assert all(o["label"].startswith("rotation ") and ((o.get("description") or "").startswith("AP to cross: ") or
                                                        "no path" in o["label"]) for o in rotations["options"])
    # the rotation: applied as `/tikal place` would, answered with its receipt and the next step
    _, calls = await tap(wire, answer.message_id, answer.data, rotations, actor, str(rotation))
    assert calls[0].callback_type == 6  # deferred before the move's transaction
    shown = private_answer(calls)
    assert shown is not None and shown[1]["content"].startswith("✅ place ") and "What next?" in shown[1]["content"]
    assert (await core.games.view(GUILD, game_id)).log[-1] == f"place {engine.space_name(space)} {rotation}"
    assert [c.path for c in edits(calls)] == [f"/channels/{CHANNEL}/messages/{public_id}"] and not posts(calls)
    # deploy three: the action, then how many (the base camp is the only camp: no "where" step)
    at = shown
    deploy = component(at[1], f"tikal:mes:{game_id}:")
    _, calls = await tap(wire, at[0], at[1], deploy, actor, option(deploy, "Deploy"))
    (answer,) = calls
    assert answer.callback_type == 7 and "Deploy into A1 (1 AP each): how many?" in answer.data["content"]
    check_components(answer.data)
    _, calls = await tap(wire, answer.message_id, answer.data, labelled(answer.data, "3 · 3 AP"), actor)
    at = private_answer(calls)
    assert at is not None and at[1]["content"].startswith("✅ deploy 3 → A1 · 3 AP · 7 AP left\n")
    # the slash command's receipt is the same words
    calls = await command(wire, "tikal deploy", {"space": "A1", "figures": "1"}, user=actor)
    assert calls[0].data["content"] == "✅ deploy 1 → A1 · 1 AP · 6 AP left"
    # Undo in the menu takes back the last action, as /tikal undo; the old menu is of an earlier version now
    stale = at
    _, calls = await tap(wire, stale[0], stale[1], component(stale[1], f"tikal:meb:{game_id}:{view.version + 2}:z"),
                         actor)
    assert private_answer(calls)[1]["content"].startswith("⛔ The game has moved on")  # type: ignore[index]
    assert (await core.games.view(GUILD, game_id)).log[-1] == "deploy A1 1"  # nothing was done
    # the wait's message offers the turn's actions (its Undo and End turn are buttons there): Deploy, then ◀ Back to
    # the whole menu, then its Undo
    public_id, public = await public_of(wire, game_id)
    actions = component(public, f"tikal:mps:{game_id}:{view.version + 3}::")
    assert actions["placeholder"] == "Choose an action…"
    assert {"z", "e"}.isdisjoint(o["value"] for o in actions["options"])
    _, calls = await tap(wire, public_id, public, actions, actor, option(actions, "Deploy"))
    (answer,) = calls
    assert answer.callback_type == 4 and answer.ephemeral and "6 AP left" in answer.data["content"]
    _, calls = await tap(wire, answer.message_id, answer.data, labelled(answer.data, "◀ Back"), actor)
    (answer,) = calls
    assert answer.callback_type == 7 and "What next?" in answer.data["content"]
    _, calls = await tap(wire, answer.message_id, answer.data, labelled(answer.data, "Undo"), actor)
    at = private_answer(calls)
    assert at is not None and at[1]["content"].startswith("✅ Taken back. · 7 AP left\n")
    assert (await core.games.view(GUILD, game_id)).log[-1] == "undo"
    # End turn asks first while AP are left, then ends; the next player's wait is posted, pinging them
    _, calls = await tap(wire, at[0], at[1], labelled(at[1], "End turn"), actor)
    (answer,) = calls
    assert "You still have **7 AP**. End your turn anyway?" in answer.data["content"]
    _, calls = await tap(wire, answer.message_id, answer.data, labelled(answer.data, "Yes, end my turn"), actor)
    done = private_answer(calls)
    assert done is not None and done[1]["content"] == "✅ Turn ended." and not items(done[1])
    assert f"<@{other}>" in posts(calls, CHANNEL)[0].data["content"]


async def test_a_stale_menu_and_another_members_tap_are_refused_and_change_nothing(wire: Wire) -> None:
    game_id = await open_game(wire, [ANA, BEN, CY])
    core = bot_of(wire).core
    view, actor, other = await whose_turn(wire, game_id)
    public_id, public = await public_of(wire, game_id)
    spaces = component(public, f"tikal:mps:{game_id}:")
    space, rotation = view.placements[0]
    # another member cannot open it
    _, calls = await tap(wire, public_id, public, spaces, other, engine.space_name(space))
    (answer,) = calls
    assert answer.callback_type == 4 and answer.ephemeral and "turn, not yours" in answer.data["content"]
    assert not items(answer.data)
    # the actor opens it, then places with the slash command: the menu is of an older version now
    _, calls = await tap(wire, public_id, public, spaces, actor, engine.space_name(space))
    (menu,) = calls
    await command(wire, "tikal place", {"space": engine.space_name(space), "rotation": rotation}, user=actor)
    version = (await core.games.view(GUILD, game_id)).version
    rotations = component(menu.data, f"tikal:mes:{game_id}:")
    _, calls = await tap(wire, menu.message_id, menu.data, rotations, actor, rotations["options"][-1]["value"])
    (answer,) = calls
    assert answer.callback_type == 7 and answer.data["content"].startswith("⛔ The game has moved on since this menu")
    assert answer.data["components"] == []  # nothing left to tap on it
    _, calls = await tap(wire, public_id, public, spaces, actor, engine.space_name(space))  # the old public select
    assert calls[0].callback_type == 4 and calls[0].ephemeral and "moved on" in calls[0].data["content"]
    assert (await core.games.view(GUILD, game_id)).version == version
    # a double tap on the last step: one move, the other tap refused; each answered once
    public_id, public = await public_of(wire, game_id)
    actions = component(public, f"tikal:mps:{game_id}:{version}::")
    _, calls = await tap(wire, public_id, public, actions, actor, option(actions, "Deploy"))
    counts = calls[0]
    button = labelled(counts.data, "2 · 2 AP")
    payloads = [wire.component_payload(button["custom_id"], message_id=counts.message_id, guild_id=GUILD,
                                       channel_id=CHANNEL, user_id=actor) for _ in range(2)]
    await wire.burst(payloads)
    after = await core.games.view(GUILD, game_id)
    assert after.version == version + 1 and after.log[-1] == "deploy A1 2"
    texts = []
    for payload in payloads:
        assert len([c for c in wire.answers(payload) if c.path.endswith("/callback")]) == 1
        shown = private_answer([c for c in wire.calls if payload["token"] in c.path])
        assert shown is not None
        texts.append(shown[1]["content"])
    done, refused = sorted(texts, key=lambda text: not text.startswith("✅"))
    assert done.startswith("✅ deploy 2 → A1") and "moved on" in refused, texts


@pytest.mark.backends
async def test_a_private_menu_works_after_a_restart(database: Path | str) -> None:
    async with running_bot(database) as wire:
        game_id = await open_game(wire, [ANA, BEN])
        view, actor, _ = await whose_turn(wire, game_id)
        space, rotation = view.placements[0]
        await command(wire, "tikal place", {"space": engine.space_name(space), "rotation": rotation}, user=actor)
        public_id, public = await public_of(wire, game_id)
        actions = component(public, f"tikal:mps:{game_id}:")
        _, calls = await tap(wire, public_id, public, actions, actor, option(actions, "Deploy"))
        counts = calls[0]
        assert counts.callback_type == 4 and "how many?" in counts.data["content"]
        kept = dict(wire.messages)
    async with running_bot(database, kept) as wire:  # a new bot object: nothing of the menu in memory
        _, calls = await tap(wire, counts.message_id, counts.data, labelled(counts.data, "1 · 1 AP"), actor)
        shown = private_answer(calls)
        assert shown is not None and shown[1]["content"].startswith("✅ deploy 1 → A1")
        assert (await bot_of(wire).core.games.view(GUILD, game_id)).log[-1] == "deploy A1 1"


# --- Discord's limits and a phone's, in six languages ---------------------------------------------------------------

LONG = ["Abcdefghijklmnop", "Bcdefghijklmnopq", "Cdefghijklmnopqr", "Defghijklmnopqrs"]
"""Seat names as long as they may be (16 characters)."""


def positions(players: int, variant: str, seed: int, options: tuple[str, ...], every: int) -> Iterator[GameState]:
    """Positions of a random game of long-named players, every ``every`` moves."""
    rng = random.Random(seed)
    state = engine.new_game(LONG[:players], variant, seed=seed, options=options)
    player = RandomPlayer(rng)
    for k in range(5000):
        if state.finished:
            return
        if k % every == 0:
            yield state
        state = engine.apply(state, player.choose(state))


def components(view: discord.ui.View) -> dict[str, Any]:
    return {"components": view.to_components()}


@pytest.mark.parametrize("language", LOCALES)
def test_every_step_holds_discords_limits_and_fits_a_phone(language: str) -> None:
    """Every step of every menu of whole games (each option, long seat names), on the wait's message and privately:
    5 rows, 5 buttons a row, a select alone, 25 options, lengths, unique custom ids; rows of buttons 400 px wide at
    most, options' labels and descriptions whole on a phone."""
    t = translator(language)
    steps = 0
    games = [(4, "basic", 3, ("obstacles", "guns")), (3, "auction", 4, ("indiana2d6", "randomterrain")),
             (3, "rapido", 5, ("noround",))]
    for players, variant, seed, options in games:
        for state in positions(players, variant, seed, options, 9 if language == "en" else 23):
            view = engine.view(state, state.to_act)
            menu = Menu(view, legal_moves(state), t)
            public = discord.ui.View(timeout=None)
            public_menu(public, 12, engine.view(state, None), t)
            check_components(components(public))
            todo, seen = [menu.first()], set()
            while todo:
                path = todo.pop()
                if path in seen:
                    continue
                seen.add(path)
                step = menu.step(path)
                check_components(components(menu_view(123456789012, menu, step, t)))
                steps += 1
                todo.extend(c.leads for c in step.choices if c.move is None)
    assert steps > 200


def test_a_long_list_is_paged_within_the_rows() -> None:
    """More entries than 4 selects hold: pages with More… and ◀ Earlier, every entry on one page."""
    choices = tuple(Choice(f"k{i}", f"entry {i}", "", ("b", f"k{i}", "y"), f"bid {i}") for i in range(130))
    step = Step(("b",), 1, "Your bid?", (*choices, Choice("e", "End turn", "", ("e",), control=True)), "select", None)
    seen: list[str] = []
    for page in range(3):
        view = discord.ui.View(timeout=None)
        add_step(view, 1, 1, step, public=False, page=page)
        message = components(view)
        check_components(message)
        selects = [c for c in items(message) if c["type"] == 3]
        assert len(selects) <= 4 and all(len(s["options"]) <= OPTIONS for s in selects)
        values = [o["value"] for s in selects for o in s["options"]]
        seen += [v for v in values if not v.startswith(MORE)]
        assert (f"{MORE}{page + 1}" in values) == (page < 1) and (f"{MORE}{page - 1}" in values) == (page > 0)
        assert [b["label"] for b in items(message) if b["type"] == 2] == ["End turn"]
        if page == 1:
            break
    assert seen == [c.key for c in choices]
    assert menu_path({"custom_id": "tikal:mes:1:1:b:0"}) == ("b",)


# --- whole games by taps ------------------------------------------------------------------------------------------

WHOLE = {
    "basic": ("basic", (), [ANA, BEN, CY], 3, False),
    "auction": ("auction", ("indiana2d6", "randomterrain"), [ANA, BEN, CY], 135, False),
    "rapido": ("rapido", ("indiana",), [ANA, BEN], 5, False),
    "options": ("basic", ("noround", "indiana1d20", "obstacles", "guns"), [ANA, BEN], 5, True),
}
"""Every variant, every option at least once."""


@pytest.mark.slow
@pytest.mark.timeout(600)  # a whole game through the real client: a Rápido game is ~650 taps
@pytest.mark.usefixtures("one_picture")
@pytest.mark.parametrize("name", list(WHOLE))
async def test_a_whole_game_played_only_by_taps(tmp_path: Path, name: str) -> None:
    variant, options, people, seed, keen = WHOLE[name]
    async with running_bot(tmp_path / "t.sqlite3") as wire:
        game_id = await start_game(wire, variant, people, list(options), seed=seed)
        player = TapPlayer(wire, game_id, random.Random(seed), keen=keen)
        tally = await player.play()
        view = await bot_of(wire).core.games.view(GUILD, game_id)
        assert view.finished
        assert tally.refused > 5  # stale menus and other members' taps, each refused with nothing changed
        moves = [m for w in tally.waits for m in w.moves]
        assert len(moves) > 100 and set(moves) <= set(view.log)
        wanted = {"place", "deploy", "move", "end"} | ({"bid", "pass", "pick"} if variant != "basic" else set()) | (
            {"jump"} if variant == "rapido" else set()) | ({"obstacle"} if "obstacles" in options else set())
        assert wanted <= player.verbs, wanted - player.verbs
        turns = [w for w in tally.waits if w.kind == "turn"]
        assert turns and sum(w.taps for w in turns) / len(turns) < 3 * sum(w.typed for w in turns) / len(turns)
        text = "\n".join(text_of(c) for c in posts(wire.calls, CHANNEL))
        assert "Traceback" not in text and "went wrong" not in text
        if "guns" in options:
            assert "fire" in player.verbs or "guard" in player.verbs
        if variant == "auction" and "randomterrain" in options:
            assert "score" in player.verbs  # a display of two volcanoes: declared with its buttons
        assert view.phase is Phase.FINISHED and view.winners


async def test_without_the_moves_of_the_public_view_the_wait_offers_a_button_to_the_menu(
        wire: Wire, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """Should no state be rebuilt from the public view, the wait's message still leads to the menu: a button that
    opens it, built from the game itself."""
    import bot.core.menus.actions

    def broken(*_: object) -> None:
        raise AssertionError("no state from this view")

    monkeypatch.setattr(bot.core.menus.actions, "determinize", broken)
    game_id = await open_game(wire, [ANA, BEN])
    view, actor, _ = await whose_turn(wire, game_id)
    space, rotation = view.placements[0]
    await command(wire, "tikal place", {"space": engine.space_name(space), "rotation": rotation}, user=actor)
    public_id, public = await public_of(wire, game_id)
    check_components(public)
    button = component(public, f"tikal:mpb:{game_id}:{view.version + 1}:")
    assert button["label"] == "Choose an action" and "no state rebuilt from the view" in caplog.text
    _, calls = await tap(wire, public_id, public, button, actor)
    (answer,) = calls
    assert answer.callback_type == 4 and answer.ephemeral and "What next?" in answer.data["content"]
    assert option(component(answer.data, f"tikal:mes:{game_id}:"), "Deploy") == "d"
