"""What members typed, shown back: short, escaped, and never a message Discord would refuse for its size."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.adapter.replies import fitted
from tests.bot.adapter.discordkit import (
    ANA,
    BEN,
    EVE,
    MOD,
    MOD_PERMISSIONS,
    command,
    open_game,
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
