"""The wire harness rests on a few private discord.py names: fail loudly if an upgrade moves them,
and prove the harness drives real discord.py code paths (commands, autocomplete, buttons, REST)."""

from __future__ import annotations

import inspect
import io
import re
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands
from discord.http import HTTPClient
from discord.state import ConnectionState
from discord.webhook.async_ import AsyncWebhookAdapter

from tests.bot.adapter.wire import Wire

GUILD, CHANNEL, ANA, BEN = 10, 20, 30, 40


def test_discord_py_minor_version_is_pinned() -> None:
    assert re.match(r"2\.7\.", discord.__version__), "the wire harness was written against discord.py 2.7"


def test_private_hooks_the_harness_relies_on_exist() -> None:
    assert list(inspect.signature(HTTPClient.request).parameters)[:2] == ["self", "route"]
    params = inspect.signature(AsyncWebhookAdapter.request).parameters
    assert {"route", "session", "payload", "multipart", "files", "params"} <= set(params)
    assert callable(ConnectionState.parse_interaction_create)
    assert callable(ConnectionState._add_guild_from_data)
    assert hasattr(discord.Client, "_async_setup_hook")
    src = inspect.getsource(discord.http.handle_message_parameters)
    assert "payload_json" in src and "files[" in src


class _Knock(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"knock:(?P<n>\d+)"):
    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label="Knock", custom_id=f"knock:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]) -> _Knock:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"knocked {self.n}", ephemeral=True)


class _Probe(commands.GroupCog, group_name="probe"):
    @app_commands.command(name="say", description="Say something")
    @app_commands.describe(word="what to say")
    async def say(self, interaction: discord.Interaction, word: str) -> None:
        await interaction.response.send_message(f"you said {word}", ephemeral=True)
        view = discord.ui.View(timeout=None)
        view.add_item(_Knock(7))
        assert interaction.channel is not None
        await interaction.channel.send(  # type: ignore[union-attr]
            f"<@{interaction.user.id}> look", file=discord.File(io.BytesIO(b"\x89PNG"), "board.png"),
            allowed_mentions=discord.AllowedMentions(users=[interaction.user], roles=False, everyone=False),
            view=view,
        )

    @say.autocomplete("word")
    async def _words(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=w, value=w) for w in ("alpha", "beta", "gamma") if current in w]


@pytest.fixture
async def wire() -> Any:
    bot = commands.Bot(command_prefix=commands.when_mentioned, intents=discord.Intents.default())
    await bot.add_cog(_Probe(bot))
    bot.add_dynamic_items(_Knock)
    w = Wire(bot)
    await w.start()
    w.add_guild(GUILD, owner_id=ANA, members={ANA: "Ana", BEN: "Ben"}, channels=[CHANNEL])
    yield w
    await w.close()


async def test_slash_command_reply_and_channel_message(wire: Wire) -> None:
    calls = await wire.send(wire.command_payload("probe say", {"word": "hi"}, guild_id=GUILD,
                                                 channel_id=CHANNEL, user_id=ANA, name="Ana"))
    reply, post = calls
    assert reply.via == "interaction" and reply.callback_type == 4 and reply.ephemeral
    assert reply.data["content"] == "you said hi"
    assert post.via == "http" and post.method == "POST" and post.path == f"/channels/{CHANNEL}/messages"
    assert post.files["board.png"] == b"\x89PNG"
    assert post.json is not None
    assert post.json["allowed_mentions"]["parse"] == [] and post.json["allowed_mentions"]["users"] == [ANA]
    assert post.json["components"][0]["components"][0]["custom_id"] == "knock:7"


async def test_autocomplete_and_persistent_button(wire: Wire) -> None:
    calls = await wire.send(wire.command_payload("probe say", {"word": "a"}, guild_id=GUILD, channel_id=CHANNEL,
                                                 user_id=BEN, focused="word"))
    assert calls[0].callback_type == 8
    assert [c["value"] for c in calls[0].json["data"]["choices"]] == ["alpha", "beta", "gamma"]
    calls = await wire.send(wire.component_payload("knock:42", message_id=123, guild_id=GUILD, channel_id=CHANNEL,
                                                   user_id=BEN))
    assert calls[0].ephemeral and calls[0].data["content"] == "knocked 42"
