"""What members typed, shown back: short, escaped, and never a message Discord would refuse for its size."""

from __future__ import annotations

import random
import re
from typing import Any

import discord
import pytest

import engine
from bot.adapter.messages.auction import prize
from bot.adapter.notices import reminder
from bot.adapter.replies import fitted
from bot.core.league import ratings
from lang.translator import translator
from tests.bot.adapter.discordkit import (
    ANA,
    BEN,
    EVE,
    GUILD,
    MOD,
    MOD_PERMISSIONS,
    POSING,
    SECOND_CHANNEL,
    as_command,
    bot_of,
    click,
    command,
    custom_ids,
    edits,
    member_to_act,
    mod,
    open_game,
    pick_move,
    posts,
    responses,
    text_of,
    whose_turn,
)
from tests.bot.adapter.wire import Ref, Wire

PASTED = "x" * 6000
"""What a string option without max_length let through (Discord refuses it now; the handler must not echo it)."""

TYPED: list[tuple[str, dict[str, Any]]] = [
    ("tikal-game order", {"order": PASTED}),
    ("tikal-game settings", {"time_zone": PASTED}),
    ("tikal-game settings", {"quiet_from": PASTED, "quiet_to": "7"}),
    ("tikal exchange", {"give": PASTED, "player": PASTED, "take": PASTED}),
    ("tikal-mod kick", {"player": PASTED}),
    ("tikal-mod replace", {"player": PASTED, "member": Ref("user", EVE, "Eve")}),
    ("tikal-mod computer", {"player": PASTED}),
]


@pytest.mark.parametrize(("name", "options"), TYPED, ids=[f"{n} {'/'.join(o)}" for n, o in TYPED])
async def test_a_pasted_value_is_refused_with_a_short_private_reply(wire: Wire, name: str,
                                                                    options: dict[str, Any]) -> None:
    await open_game(wire, [ANA, BEN], variant="auction")
    _, actor, _ = await whose_turn(wire, 1)
    user = MOD if name.startswith("tikal-mod") else actor
    calls = await command(wire, name, options, user=user,
                          permissions=MOD_PERMISSIONS if user == MOD else None)
    (answer,) = responses(calls)
    content = answer.data["content"]
    assert answer.ephemeral and content and len(content) <= 300, content[:400]
    assert "x" * 100 not in content and "went wrong" not in content


async def test_names_show_as_typed_not_as_markdown_or_mentions(wire: Wire) -> None:
    calls = await command(wire, "tikal-game new", {"seats": 2, "thread": False}, user=EVE)
    lobby = text_of(posts(calls)[0])
    assert "\\*\\*Eve\\*\\* \\[click](https://evil.example)" in lobby and "**Eve**" not in lobby
    assert "@everyone" not in lobby.replace("@\u200beveryone", "")
    calls = await command(wire, "tikal-game games", user=ANA)
    listed = text_of(responses(calls)[-1])
    assert "\\*\\*Eve\\*\\*" in listed and "**Eve**" not in listed


def as_shown(name: str) -> str:
    """How a posing name must appear: every ``<`` escaped (Discord shows it and reads no syntax)."""
    return name.replace("<", "\\<")


def unescaped(text: str) -> list[str]:
    """The posing names in ``text`` that Discord would read as syntax."""
    return [name for name in POSING.values() if re.search(r"(?<!\\)" + re.escape(name), text)]


async def test_names_written_as_mentions_channels_roles_or_commands_are_shown_as_typed_everywhere(
        wire: Wire) -> None:
    """Each posing member's display name is shown escaped in the lobby message, the lobby's status, the games list;
    the turn posts show seat names; a season named like a channel is escaped in every answer and leaderboard."""
    posing = list(POSING)
    start = len(wire.calls)
    calls = await command(wire, "tikal-game new", {"seats": 4, "thread": False}, user=posing[0])
    lobby = posts(calls)[0]
    game_id = int(custom_ids(lobby.data)[0].split(":")[2])
    for member in posing[1:]:
        await click(wire, f"tikal:join:{game_id}", user=member, message_id=lobby.message_id)
    shown: dict[str, str] = {
        "lobby message": text_of([c for c in edits(wire.calls) if c.path.endswith(f"/{lobby.message_id}")][-1]),
        "lobby status": text_of(responses(await command(wire, "tikal-game status", user=ANA))[-1]),
        "games": text_of(responses(await command(wire, "tikal-game games", user=ANA))[-1]),
    }
    season = f"<#{SECOND_CHANNEL}> *Spring*"
    shown["season started"] = text_of(responses(await mod(wire, "season start", {"name": season}))[-1])
    await click(wire, f"tikal:start:{game_id}", user=posing[0], message_id=lobby.message_id)
    svc = bot_of(wire).core
    rng = random.Random(4)
    while (await svc.games.view(GUILD, game_id)).turn < 6:  # a turn of each seat: its turn post, the next one's ping
        member = await member_to_act(wire, game_id)
        assert member is not None
        name, options = as_command(pick_move(await svc.turns.legal_moves(GUILD, game_id, member), rng, 2))
        await command(wire, name, options, user=member)
    shown["games, running"] = text_of(responses(await command(wire, "tikal-game games", user=ANA))[-1])
    async with svc.storage.transaction() as tx:
        row = await tx.game(GUILD, game_id)
        assert row is not None
        await ratings.rate_game(tx, row, [40, 30, 20, 10])
    shown["leaderboard"] = text_of(responses(await command(wire, "tikal-game leaderboard", {}, user=ANA))[-1])
    shown["season leaderboard"] = text_of(responses(await command(
        wire, "tikal-game leaderboard", {"season": season}, user=ANA))[-1])
    shown["stats"] = text_of(responses(await command(wire, "tikal-game stats", {}, user=posing[1]))[-1])
    shown["season ended"] = text_of(responses(await mod(wire, "season end"))[-1])
    shown["refusal"] = text_of(responses(await command(wire, "tikal-game order", {"order": POSING[7211]},
                                                       user=posing[0]))[-1])

    for where in ("lobby message", "lobby status", "games"):
        assert all(as_shown(name) in shown[where] for name in POSING.values()), (where, shown[where])
    for where in ("season started", "season leaderboard", "stats", "season ended"):
        assert f"\\<#{SECOND_CHANNEL}> \\*Spring\\*" in shown[where], (where, shown[where])
    assert as_shown(POSING[7211]) in shown["refusal"]
    turn_posts = [c for c in posts(wire.calls[start:]) if "turn" in text_of(c)]
    assert len(turn_posts) >= 4
    for call in wire.calls[start:]:  # every message and answer, the turn posts and pings included
        text = text_of(call) + "".join(str(b.get("label", "")) for row in call.data.get("components") or []
                                       for b in row.get("components", []))
        assert unescaped(text) == [], (call.method, call.path, text)


def test_every_message_is_fitted_to_discords_limits() -> None:
    embed = discord.Embed(title="t" * 300, description="d" * 5000)
    for i in range(30):
        embed.add_field(name="n" * 300, value=f"{i}" + "v" * 1100)
    embed.set_footer(text="f" * 3000)
    content, fitted_embed = fitted("c" * 3000, embed, marker="post 7")
    assert content is not None and len(content) == 2000 and content.endswith("…")
    assert fitted_embed is not None
    data = fitted_embed.to_dict()
    assert len(data["title"]) <= 256 and len(data["description"]) <= 4096
    assert len(data["fields"]) <= 25 and all(len(f["name"]) <= 256 and len(f["value"]) <= 1024
                                             for f in data["fields"])
    assert len(data["footer"]["text"]) <= 2048
    total = len(data["title"]) + len(data["description"]) + len(data["footer"]["text"]) + sum(
        len(f["name"]) + len(f["value"]) for f in data["fields"])
    assert total <= 6000
    _, marked = fitted(None, discord.Embed(title="x").set_footer(text="Game #3"), marker="post 7")
    assert marked is not None and marked.footer.text == "Game #3 · post 7"


def test_a_direct_reminder_names_the_server_as_typed() -> None:
    out = reminder({"member_id": 7, "game_id": 3, "delivery": "dm"}, guild_id=1, channel_id=2,
                   now=0.0, server="<#5> **Tikal**")
    assert "in **\\<#5> \\*\\*Tikal\\*\\***" in out.content


def test_an_auctions_prize_agrees_with_its_noun_in_every_language() -> None:
    """An ordinal takes the gender of what it counts (Italian *1ª tavola* but *1° turno*), so each prize is a whole
    phrase of the catalogue, not an ordinal put before a noun."""
    rapido = engine.view(engine.new_game(["Ana", "Ben"], "rapido", 3))
    auction = engine.view(engine.new_game(["Ana", "Ben"], "auction", 3))
    assert (prize(rapido), prize(auction)) == ("1st hexagon", "1st turn")
    assert (prize(rapido, translator("it")), prize(auction, translator("it"))) == ("1ª tavola", "1° turno")
    assert (prize(rapido, translator("es")), prize(auction, translator("es"))) == ("1.er hexágono", "1.er turno")
    assert (prize(rapido, translator("fr")), prize(auction, translator("fr"))) == ("1er hexagone", "1er tour")
