"""The options of docs/rules.md §7 through the real discord.py bot: the lobby's options menu, whole games with options
(a Tikal Rápido game with a computer seat, obstacles and machine guns, random terrain with a declaration), the secrecy
of a jump's choices, and the autocomplete of the new commands."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest

import engine
from engine import GameView, Phase
from tests.bot.adapter.discordkit import (
    ANA,
    BEN,
    CHANNEL,
    CY,
    GUILD,
    MOD,
    MOD_PERMISSIONS,
    as_command,
    bot_of,
    choices_of,
    click,
    command,
    custom_ids,
    edits,
    keen,
    pinged,
    posts,
    responses,
    text_of,
)
from tests.bot.adapter.wire import Call, Wire


async def select(wire: Wire, custom_id: str, values: list[str], *, user: int, message_id: int,
                 permissions: int | None = None) -> list[Call]:
    """A choice in a select menu (component type 3) on ``message_id``."""
    payload = wire.component_payload(custom_id, message_id=message_id, guild_id=GUILD, channel_id=CHANNEL,
                                     user_id=user)
    payload["data"] = {"custom_id": custom_id, "component_type": 3, "values": values}
    if permissions is not None:
        payload["member"]["permissions"] = str(permissions)
    return await wire.send(payload)


async def open_lobby(wire: Wire, variant: str, seats: int, computers: int = 0) -> tuple[int, int]:
    """``/tikal-game new`` by Ana: the game's id and its lobby message."""
    calls = await command(wire, "tikal-game new", {"variant": variant, "seats": seats, "thread": False,
                                                   "computers": computers, "level": "random"}, user=ANA)
    (lobby,) = posts(calls, CHANNEL)
    return int(custom_ids(lobby.data)[0].split(":")[2]), lobby.message_id


async def start_game(wire: Wire, variant: str, people: list[int], options: list[str], computers: int = 0, *,
                     seed: int = 1) -> int:
    """A started game of Ana and ``people`` (joined with the button) and ``computers``, its options chosen with the
    lobby's menu; the game's seed is ``seed`` (so the test plays the same game every time)."""
    bot_of(wire).core.lobby._seed_source = lambda: seed
    game_id, lobby = await open_lobby(wire, variant, len(people) + computers, computers)
    if options:
        reply = responses(await select(wire, f"tikal:options:{game_id}", options, user=ANA, message_id=lobby))[0]
        assert reply.ephemeral and "Options of game" in reply.data["content"]
    for member in people[1:]:
        await click(wire, f"tikal:join:{game_id}", user=member, message_id=lobby)
    await click(wire, f"tikal:start:{game_id}", user=ANA, message_id=lobby)
    return game_id


async def play_on(wire: Wire, game_id: int, rng: random.Random, *, until: Callable[[GameView], bool] = lambda v: False,
                  most_chips: bool = True, limit: int = 3000) -> GameView:
    """Play through commands and buttons, as people would: a jump's chips with its buttons (each member in
    secret), a declaration with its buttons, every other move with its slash command."""
    svc = bot_of(wire).core
    actions_done, turn_key = 0, None
    for _ in range(limit):
        view = await svc.games.view(GUILD, game_id)
        if view.finished or until(view):
            return view
        game = await svc.games.game(GUILD, game_id)
        assert view.to_act is not None
        if view.phase is Phase.JUMP:
            _, waiting = await svc.jumps.jump_status(GUILD, game_id)
            assert waiting, "the bot's seats chose when the jump opened"
            for seat in waiting:
                member = game.at_seat(seat)
                assert member is not None and member.member_id > 0
                most, _ = await svc.jumps.jump_chips(GUILD, game_id, member.member_id)
                chips = most if most_chips else rng.randint(1, most)
                opened = view.version - len(view.chosen)
                calls = await click(wire, f"tikal:jump:{game_id}:{opened}:{chips}", user=member.member_id,
                                    message_id=game.turn_message_id or 0)
                (reply,) = responses(calls)
                assert reply.ephemeral and f"**{chips}**" in reply.data["content"]
            continue
        acting = game.at_seat(view.to_act)
        assert acting is not None and acting.member_id > 0, "a computer seat to act plays at once"
        key = (view.turn, view.to_act, view.phase, view.round, len(view.log) if view.stage.value == "jumps" else 0)
        if key != turn_key:
            turn_key, actions_done = key, 0
        entries = await svc.turns.legal_moves(GUILD, game_id, acting.member_id)
        move = keen(entries, rng, actions_done)
        if isinstance(move, engine.Declare):
            answer = "yes" if move.score else "no"
            calls = await click(wire, f"tikal:declare:{game_id}:{answer}", user=acting.member_id,
                                message_id=game.turn_message_id or 0)
        else:
            name, options = as_command(move)
            calls = await command(wire, name, options, user=acting.member_id)
        reply = responses(calls)[0]
        assert reply.ephemeral and reply.data["content"].startswith("✅"), (str(move), reply.data["content"])
        if not isinstance(move, engine.Place | engine.Bid | engine.Pass | engine.Pick | engine.End):
            actions_done += 1
    raise AssertionError("the game did not end")


# --- the lobby --------------------------------------------------------------------------------------------


async def test_the_lobby_options_menu_is_for_its_creator_or_a_moderator(wire: Wire) -> None:
    game_id, lobby = await open_lobby(wire, "auction", 3)
    assert f"tikal:options:{game_id}" in custom_ids(wire.messages[lobby])
    svc = bot_of(wire).core
    # another member is refused privately, and nothing changes
    calls = await select(wire, f"tikal:options:{game_id}", ["noround"], user=BEN, message_id=lobby)
    (reply,) = responses(calls)
    assert reply.ephemeral and "creator or a moderator" in reply.data["content"]
    assert not posts(calls) and not edits(calls) and (await svc.games.game(GUILD, game_id)).options == ()
    # a combination the engine refuses: its reason, privately
    calls = await select(wire, f"tikal:options:{game_id}", ["indiana", "indiana1d20"], user=ANA, message_id=lobby)
    (reply,) = responses(calls)
    assert reply.ephemeral and "At most one Indiana Jones option" in reply.data["content"]
    assert not edits(calls) and (await svc.games.game(GUILD, game_id)).options == ()
    # the creator's choice: the lobby explains each option in two lines
    calls = await select(wire, f"tikal:options:{game_id}", ["randomterrain", "obstacles"], user=ANA,
                         message_id=lobby)
    assert responses(calls)[0].ephemeral
    (edit,) = edits(calls)
    shown = text_of(edit)
    assert "Obstacles: 4 AP" in shown and "Random terrain, sudden death: The 33 hexagons" in shown
    menu = next(c for row in edit.data["components"] for c in row["components"] if c["type"] == 3)
    assert {o["value"] for o in menu["options"] if o.get("default")} == {"obstacles", "randomterrain"}
    # a moderator may change them too
    calls = await select(wire, f"tikal:options:{game_id}", ["guns"], user=MOD, message_id=lobby,
                         permissions=MOD_PERMISSIONS)
    assert "Machine guns" in responses(calls)[0].data["content"]
    assert (await svc.games.game(GUILD, game_id)).options == ("guns",)
    rules = text_of(responses(await command(wire, "tikal-game rules", user=BEN))[0])
    assert "This game: Machine guns" in rules and "crosshair" in rules
    status = text_of(responses(await command(wire, "tikal-game status", user=BEN))[0])
    assert "Machine guns" in status
    # random terrain needs the auction: explained when the variant is basic
    basic_id, basic_lobby = (await open_lobby_in(wire, "basic"))
    calls = await select(wire, f"tikal:options:{basic_id}", ["randomterrain"], user=ANA, message_id=basic_lobby)
    assert "randomterrain needs the auction variant" in responses(calls)[0].data["content"]


async def open_lobby_in(wire: Wire, variant: str) -> tuple[int, int]:
    calls = await command(wire, "tikal-game new", {"variant": variant, "seats": 2, "thread": False}, user=ANA,
                          channel=CHANNEL + 2)
    (lobby,) = posts(calls)
    return int(custom_ids(lobby.data)[0].split(":")[2]), lobby.message_id


# --- Tikal Rápido --------------------------------------------------------------------------------------------


@pytest.mark.slow
async def test_a_whole_rapido_game_with_a_computer_seat_keeps_every_jump_secret(wire: Wire) -> None:
    rng = random.Random(5)
    game_id = await start_game(wire, "rapido", [ANA, BEN], [], computers=1)
    svc = bot_of(wire).core
    view = await play_on(wire, game_id, rng, until=lambda v: v.phase is Phase.JUMP)
    game = await svc.games.game(GUILD, game_id)
    live = game.turn_message_id or 0
    # the jump opened with one post pinging both people (the computer chose already, in secret)
    opened = [c for c in posts(wire.calls, CHANNEL) if "choose your chips for jump 1" in (c.data.get("content") or "")]
    assert len(opened) == 1 and any(f.startswith("board-") for f in opened[0].files)
    assert sorted(pinged(opened[0])[0]) == sorted([str(ANA), str(BEN)])
    assert "1 of 3 has chosen" in text_of(_last_version(wire, live))
    first, second = ANA, BEN
    start = len(wire.calls)
    # Ana chooses 4 (then changes it to 3): only she reads a number
    for chips in (4, 3):
        calls = await click(wire, f"tikal:jump:{game_id}:{view.version}:{chips}", user=first, message_id=live)
        (reply,) = responses(calls)
        assert reply.ephemeral and f"**{chips}**" in reply.data["content"] and "only you see this" in \
            reply.data["content"]
    assert "2 of 3 have chosen" in text_of(_last_version(wire, live))
    # Ben sees no number anywhere: not in his autocomplete, not in the status, not in the channel
    calls = await command(wire, "tikal jump", {"chips": ""}, user=second, focused="chips")
    assert all("your choice" not in c["name"] for c in choices_of(responses(calls)[0]))
    status = text_of(responses(await command(wire, "tikal-game status", user=second))[0])
    assert "2 of 3 have chosen" in status and "Still to choose" in status
    for call in wire.calls[start:]:
        if not call.ephemeral and call.via == "http":  # (the scores, in bold too, are no chips)
            text = "\n".join(line for line in text_of(call).splitlines() if not line.startswith("Scores: "))
            assert not re.search(r"\*\*[34]\*\*|jump [34]", text), text
    # a click on the buttons of a jump that is over (an older turn message) is refused
    calls = await click(wire, f"tikal:jump:{game_id}:{view.version - 1}:2", user=second, message_id=1)
    assert "That jump is over" in responses(calls)[0].data["content"]
    # the last choice reveals all three at once on the jump's message (its last form), and pings the first to act
    calls = await click(wire, f"tikal:jump:{game_id}:{view.version}:5", user=second, message_id=live)
    assert "Everyone has chosen" in responses(calls)[0].data["content"]
    (reveal,) = [c for c in edits(calls) if c.path.endswith(f"/{live}") and "revealed" in text_of(c)]
    names = [p.name for p in (await svc.games.view(GUILD, game_id)).players]
    assert all(name in text_of(reveal) for name in names) and "**3**" in text_of(reveal) and "Slots:" in text_of(reveal)
    assert any(pinged(c)[0] for c in posts(calls, CHANNEL))
    after = await svc.games.view(GUILD, game_id)
    ana, ben = (game.seat_of(m) for m in (ANA, BEN))
    assert ana is not None and ben is not None and ana.seat is not None and ben.seat is not None
    assert after.phase is Phase.ACTIONS and after.jump[ana.seat] == 3 and after.jump[ben.seat] == 5
    # on to the end: a record with its variant
    final = await play_on(wire, game_id, rng, most_chips=False)
    assert final.finished
    record = (await svc.outbox.posts_of(GUILD, game_id))[-1].payload["record"]
    assert record["variant"] == "rapido" and engine.replay(engine.read_record(record)).finished


async def test_a_rapido_games_rules_leave_out_the_basic_turn(wire: Wire) -> None:
    """The rules a member asks for in a Rápido game's channel are that variant's: no basic turn to mislead them."""
    await start_game(wire, "rapido", [ANA, BEN], [], computers=1)
    rules = text_of(responses(await command(wire, "tikal-game rules", user=BEN))[0])
    assert "Your turn (basic)" not in rules and "This game: Tikal Rápido" in rules, rules


async def test_tied_jumps_act_and_are_listed_in_round_order_not_by_seat(wire: Wire) -> None:
    """Everyone takes 2 chips into the jump: the slots go in round order (rules.md §7.6.5), and so say the reveal on the
    jump's message and the first slot's message, which pings the first in round order (the seats' order differs
    from the round's here)."""
    game_id = await start_game(wire, "rapido", [ANA, BEN, CY], [], seed=3)
    svc = bot_of(wire).core
    view = await play_on(wire, game_id, random.Random(5), until=lambda v: v.phase is Phase.JUMP)
    order = list(view.round_order)
    assert order != sorted(order) and not view.chosen  # a tie listed by seat would read differently
    game = await svc.games.game(GUILD, game_id)
    live = game.turn_message_id or 0
    for q in order:
        member = game.at_seat(q)
        assert member is not None
        calls = await click(wire, f"tikal:jump:{game_id}:{view.version}:2", user=member.member_id, message_id=live)
    (reveal,) = [c for c in edits(calls) if c.path.endswith(f"/{live}") and "revealed" in text_of(c)]
    names = [view.players[q].name for q in order]
    (slots,) = [line for line in text_of(reveal).splitlines() if line.startswith("Slots: ")]
    assert re.findall(r"(\w+) \(2 AP\)", slots) == names
    first = game.at_seat(order[0])
    assert first is not None
    (slot,) = posts(calls, CHANNEL)  # the first slot's wait: it pings the first in round order
    assert pinged(slot)[0] == [str(first.member_id)]
    after = await svc.games.view(GUILD, game_id)
    assert after.to_act == order[0] and after.slots == tuple(order[1:])


def _last_version(wire: Wire, message_id: int) -> Call:
    """The last post or edit of a message (the live message's current text)."""
    found = [c for c in wire.calls if c.via == "http" and c.method in ("POST", "PATCH") and (
        c.path.endswith(f"/messages/{message_id}") or (c.response or {}).get("id") == str(message_id))]
    return found[-1]


# --- obstacles and machine guns ---------------------------------------------------------------------------


@pytest.mark.slow
async def test_an_obstacles_and_guns_game_through_the_commands(wire: Wire) -> None:
    rng = random.Random(5)
    game_id = await start_game(wire, "basic", [ANA, BEN, CY], ["obstacles", "guns"], seed=5)
    svc = bot_of(wire).core
    seen: set[str] = set()

    def done(view: GameView) -> bool:
        seen.update(m.split()[0] + (" gun" if m.endswith(" gun") else "") for m in view.log)
        return False

    final = await play_on(wire, game_id, rng, until=done)
    assert final.finished and {"obstacle", "guard gun", "fire"} <= seen
    record = (await svc.outbox.posts_of(GUILD, game_id))[-1].payload["record"]
    assert record["options"] == ["obstacles", "guns"] and engine.replay(engine.read_record(record)).finished


async def test_the_new_commands_are_autocompleted_from_the_legal_moves(wire: Wire) -> None:
    game_id = await start_game(wire, "basic", [ANA, BEN], ["obstacles", "guns"])
    svc = bot_of(wire).core
    rng, last = random.Random(8), 0
    for _ in range(40):  # on to a turn where an obstacle can be built
        view = await play_on(wire, game_id, rng, until=_actions_after(last))
        last = view.turn
        member = (await svc.games.game(GUILD, game_id)).at_seat(view.to_act or 0)
        assert member is not None
        entries = await svc.turns.legal_moves(GUILD, game_id, member.member_id)
        if any(isinstance(e.move, engine.Obstacle) for e in entries):
            break
    assert member is not None
    borders = {(e.move.first, e.move.second) for e in entries if isinstance(e.move, engine.Obstacle)}
    first, second = sorted(borders)[0]
    space = engine.space_name(second)  # picked from the higher side: the border is offered both ways
    calls = await command(wire, "tikal obstacle", {"space": space}, user=member.member_id, focused="space")
    assert space in [c["value"] for c in choices_of(responses(calls)[0])]
    calls = await command(wire, "tikal obstacle", {"space": space, "other": ""}, user=member.member_id,
                          focused="other")
    offered = choices_of(responses(calls)[0])
    assert engine.space_name(first) in [c["value"] for c in offered] and all("4 AP" in c["name"] for c in offered)
    calls = await command(wire, "tikal obstacle", {"space": space, "other": engine.space_name(first)},
                          user=member.member_id)
    assert responses(calls)[0].data["content"].startswith("✅ obstacle")
    other = next(m for m in (ANA, BEN) if m != member.member_id)
    calls = await command(wire, "tikal fire", {"space": ""}, user=other, focused="space")
    assert choices_of(responses(calls)[0]) == []  # not their turn
    calls = await command(wire, "tikal jump", {"chips": ""}, user=member.member_id, focused="chips")
    assert choices_of(responses(calls)[0]) == []  # no jump open


def _actions_after(turn: int) -> Callable[[GameView], bool]:
    def reached(view: GameView) -> bool:
        return view.phase is Phase.ACTIONS and view.turn > turn

    return reached


# --- random terrain -------------------------------------------------------------------------------------------


@pytest.mark.slow
async def test_random_terrain_declaration_with_the_buttons(wire: Wire) -> None:
    svc = bot_of(wire).core
    # the game's seed: its 7th display, of 3 players, holds two volcanoes
    game_id = await start_game(wire, "auction", [ANA, BEN, CY], ["randomterrain"], seed=135)
    view = await play_on(wire, game_id, random.Random(2), until=lambda v: v.phase is Phase.DECLARE)
    assert view.phase is Phase.DECLARE and view.display_volcanoes >= 2
    game = await svc.games.game(GUILD, game_id)
    live = wire.messages[game.turn_message_id or 0]
    assert {f"tikal:declare:{game_id}:yes", f"tikal:declare:{game_id}:no"} <= set(custom_ids(live))
    declarer = game.at_seat(view.to_act or 0)
    assert declarer is not None
    # the volcano's taker picked it on the message that pinged them: it asks now, with the buttons (no new ping)
    assert live["content"].startswith(f"<@{declarer.member_id}>, ") and "took a volcano — does it score?" in text_of(
        Call("http", "GET", "", live))
    other = next(m for m in (ANA, BEN, CY) if m != declarer.member_id)
    calls = await click(wire, f"tikal:declare:{game_id}:no", user=other, message_id=game.turn_message_id or 0)
    assert responses(calls)[0].ephemeral and "declaration, not yours" in responses(calls)[0].data["content"]
    calls = await click(wire, f"tikal:declare:{game_id}:no", user=declarer.member_id,
                        message_id=game.turn_message_id or 0)
    assert not wire.deleted  # a ping is never deleted
    assert responses(calls)[0].data["content"].startswith("✅ no scoring round")
    after = await svc.games.view(GUILD, game_id)
    assert after.phase is Phase.PLACE and after.declared_no and after.to_act == view.to_act
    final = await play_on(wire, game_id, random.Random(4))
    assert final.finished and final.volcanoes_taken == 3

