"""The wire harness refuses what Discord refuses (``discord_limits``), as Discord answers it: each kind of
violation checked alone on a request body, then through the real discord.py client on every route a bot sends a
message by (a channel message and its edit, an interaction's answer, its update of a message, a follow-up and an
edit of the answer), an autocomplete's choices and a modal; an interaction answered twice, answered after 3 seconds
of the fake clock, or followed up before it was answered."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from tests.bot.adapter.discord_limits import Interactions, Refusal, refusal
from tests.bot.adapter.wire import Wire
from tests.bot.core.clockkit import FakeClock

GUILD, CHANNEL, ANA = 10, 20, 30


def _row(*items: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(items)}


def _button(custom_id: str, label: str = "Go", **more: Any) -> dict[str, Any]:
    return {"type": 2, "style": 2, "label": label, "custom_id": custom_id, **more}


def _select(custom_id: str = "pick", options: int = 3, **more: Any) -> dict[str, Any]:
    return {"type": 3, "custom_id": custom_id,
            "options": [{"label": f"option {k}", "value": str(k)} for k in range(options)], **more}


def _embed(**more: Any) -> dict[str, Any]:
    return {"type": "rich", "title": "Title", "description": "Text", **more}


def _field(name: str = "name", value: str = "value") -> dict[str, Any]:
    return {"name": name, "value": value, "inline": False}


VIOLATIONS: dict[str, tuple[dict[str, Any], str, str]] = {
    # a message: (body, the field Discord names, the words of its error)
    "custom id repeated, one disabled": (
        {"components": [_row(_button("page:1"), _button("page:1", disabled=True))]},
        "components.0.components.1.custom_id", "Component custom id cannot be duplicated"),
    "custom id repeated across rows": (
        {"components": [_row(_button("a")), _row(_select("a"))]},
        "components.1.components.0.custom_id", "Component custom id cannot be duplicated"),
    "six action rows": ({"components": [_row(_button(f"b{k}")) for k in range(6)]},
                        "components", "Must be 5 or fewer in length."),
    "six buttons in a row": ({"components": [_row(*(_button(f"b{k}") for k in range(6)))]},
                             "components.0.components", "Must be between 1 and 5 in length."),
    "an empty row": ({"components": [_row()]}, "components.0.components", "Must be between 1 and 5 in length."),
    "a select beside a button": ({"components": [_row(_select(), _button("b"))]},
                                 "components.0.components.0", "The specified component exceeds the maximum width"),
    "26 select options": ({"components": [_row(_select(options=26))]},
                          "components.0.components.0.options", "Must be between 1 and 25 in length."),
    "a select without options": ({"components": [_row(_select(options=0))]},
                                 "components.0.components.0.options", "Must be between 1 and 25 in length."),
    "a select option label of 101": (
        {"components": [_row(_select(options=1) | {"options": [{"label": "x" * 101, "value": "1"}]})]},
        "components.0.components.0.options.0.label", "Must be between 1 and 100 in length."),
    "a select option value of 101": (
        {"components": [_row(_select(options=1) | {"options": [{"label": "x", "value": "v" * 101}]})]},
        "components.0.components.0.options.0.value", "Must be between 1 and 100 in length."),
    "a select option description of 101": (
        {"components": [_row(_select(options=1) | {"options": [{"label": "x", "value": "1",
                                                                "description": "d" * 101}]})]},
        "components.0.components.0.options.0.description", "Must be 100 or fewer in length."),
    "two select options of one value": (
        {"components": [_row(_select(options=1) | {"options": [{"label": "x", "value": "1"},
                                                               {"label": "y", "value": "1"}]})]},
        "components.0.components.0.options.1", "The specified option value is already used"),
    "a select placeholder of 151": ({"components": [_row(_select(placeholder="p" * 151))]},
                                    "components.0.components.0.placeholder", "Must be 150 or fewer in length."),
    "a select taking more values than it offers": ({"components": [_row(_select(options=3, max_values=4))]},
                                                   "components.0.components.0.max_values",
                                                   "int value should be less than or equal to 3."),
    "a button label of 81": ({"components": [_row(_button("b", "x" * 81))]},
                             "components.0.components.0.label", "Must be 80 or fewer in length."),
    "a button without label or emoji": ({"components": [_row(_button("b", ""))]},
                                        "components.0.components.0.label", "A button needs a label or an emoji"),
    "a custom id of 101": ({"components": [_row(_button("c" * 101))]},
                           "components.0.components.0.custom_id", "Must be between 1 and 100 in length."),
    "content of 2001": ({"content": "x" * 2001}, "content", "Must be 2000 or fewer in length."),
    "11 embeds": ({"embeds": [_embed() for _ in range(11)]}, "embeds", "Must be 10 or fewer in length."),
    "an embed title of 257": ({"embeds": [_embed(title="t" * 257)]}, "embeds.0.title",
                              "Must be 256 or fewer in length."),
    "an embed description of 4097": ({"embeds": [_embed(description="d" * 4097)]}, "embeds.0.description",
                                     "Must be 4096 or fewer in length."),
    "26 embed fields": ({"embeds": [_embed(fields=[_field() for _ in range(26)])]}, "embeds.0.fields",
                        "Must be 25 or fewer in length."),
    "a field name of 257": ({"embeds": [_embed(fields=[_field(name="n" * 257)])]}, "embeds.0.fields.0.name",
                            "Must be between 1 and 256 in length."),
    "a field value of 1025": ({"embeds": [_embed(fields=[_field(value="v" * 1025)])]}, "embeds.0.fields.0.value",
                              "Must be between 1 and 1024 in length."),
    "an empty field value": ({"embeds": [_embed(fields=[_field(value="")])]}, "embeds.0.fields.0.value",
                             "This field is required"),
    "a footer of 2049": ({"embeds": [_embed(footer={"text": "f" * 2049})]}, "embeds.0.footer.text",
                         "Must be 2048 or fewer in length."),
    "an author of 257": ({"embeds": [_embed(author={"name": "a" * 257})]}, "embeds.0.author.name",
                         "Must be 256 or fewer in length."),
    "6001 characters over two embeds": (
        {"embeds": [_embed(title="", description="d" * 4000), _embed(title="", description="d" * 2001)]},
        "embeds", "Embed size exceeds maximum size of 6000"),
    "101 users to mention": ({"content": "hi", "allowed_mentions": {"parse": [], "users": list(range(101))}},
                             "allowed_mentions.users", "Must be 100 or fewer in length."),
    "a nonce of 26": ({"content": "hi", "nonce": "n" * 26}, "nonce", "Must be 25 or fewer in length."),
}


def _flat(found: Refusal) -> dict[str, str]:
    """The refusal as discord.py shows it: each field's path and its errors' words."""
    text = str(found.exception())
    return dict(line.removeprefix("In ").split(": ", 1) for line in text.splitlines()[1:])


@pytest.mark.parametrize("name", sorted(VIOLATIONS))
@pytest.mark.parametrize("route", ["new message", "edited message", "answer", "update", "follow-up",
                                   "answer edited"])
def test_every_route_of_a_message_refuses_each_violation_as_discord_does(name: str, route: str) -> None:
    body, where, words = VIOLATIONS[name]
    if route in ("edited message", "update", "answer edited") and name == "a nonce of 26":
        return  # only a new message carries a nonce
    via, method, path, sent = {
        "new message": ("http", "POST", "/channels/1/messages", body),
        "edited message": ("http", "PATCH", "/channels/1/messages/2", body),
        "answer": ("interaction", "POST", "/interactions/3/tok/callback", {"type": 4, "data": body}),
        "update": ("interaction", "POST", "/interactions/3/tok/callback", {"type": 7, "data": body}),
        "follow-up": ("interaction", "POST", "/webhooks/4/tok", body),
        "answer edited": ("interaction", "PATCH", "/webhooks/4/tok/messages/@original", body),
    }[route]
    found = refusal(via, method, path, sent)
    assert found is not None and (found.status, found.code, found.message) == (400, 50035, "Invalid Form Body")
    prefix = "data." if path.endswith("/callback") else ""
    assert _flat(found) == {prefix + where: words}


def test_what_discord_accepts_passes() -> None:
    full = {"content": "x" * 2000, "nonce": "n" * 25,
            "embeds": [_embed(title="t" * 256, description="d" * 3000, fields=[_field("n" * 10, "v" * 1024)] * 2,
                              footer={"text": "f" * 200})],
            "components": [_row(*(_button(f"b{k}", "x" * 80) for k in range(5))), _row(_select(options=25)),
                           _row(_button("off", disabled=True), _button("on")),
                           _row({"type": 2, "style": 5, "label": "Web", "url": "https://example.org"}),
                           _row(_select("many", options=25, min_values=0, max_values=25, placeholder="p" * 150))]}
    assert refusal("http", "POST", "/channels/1/messages", full) is None
    assert refusal("interaction", "POST", "/interactions/3/tok/callback", {"type": 4, "data": full}) is None
    assert refusal("http", "PATCH", "/channels/1/messages/2", {"components": []}) is None  # buttons taken off
    assert refusal("interaction", "POST", "/interactions/3/tok/callback", {"type": 5}) is None  # a deferral
    assert refusal("http", "POST", "/channels/1/messages", {"content": "", "attachments": [{"id": 0}]}, 1) is None


def test_an_empty_new_message_is_refused() -> None:
    for via, path, body in (("http", "/channels/1/messages", {"content": ""}),
                            ("interaction", "/interactions/3/tok/callback", {"type": 4, "data": {"flags": 64}}),
                            ("interaction", "/webhooks/4/tok", {"embeds": []})):
        found = refusal(via, "POST", path, body)
        assert found is not None and (found.status, found.code) == (400, 50006), path


def test_more_than_ten_files_are_refused() -> None:
    found = refusal("http", "POST", "/channels/1/messages", {"content": "x"}, 11)
    assert found is not None and _flat(found) == {"attachments": "Must be 10 or fewer in length."}


def test_a_thread_name_of_101_is_refused() -> None:
    found = refusal("http", "POST", "/channels/1/messages/2/threads", {"name": "n" * 101})
    assert found is not None and _flat(found) == {"name": "Must be between 1 and 100 in length."}
    assert refusal("http", "POST", "/channels/1/threads", {"name": "n" * 100, "type": 11}) is None


@pytest.mark.parametrize(("choices", "where", "words"), [
    ([{"name": str(k), "value": str(k)} for k in range(26)], "data.choices", "Must be 25 or fewer in length."),
    ([{"name": "n" * 101, "value": "v"}], "data.choices.0.name", "Must be between 1 and 100 in length."),
    ([{"name": "n", "value": "v" * 101}], "data.choices.0.value", "Must be 100 or fewer in length."),
    ([{"name": "", "value": "v"}], "data.choices.0.name", "This field is required"),
])
def test_autocomplete_choices_past_their_limits_are_refused(choices: list[dict[str, Any]], where: str,
                                                            words: str) -> None:
    found = refusal("interaction", "POST", "/interactions/3/tok/callback", {"type": 8, "data": {"choices": choices}})
    assert found is not None and found.code == 50035 and _flat(found) == {where: words}
    fine = [{"name": "n" * 100, "value": 10 ** 30}] * 25  # a number is no string: no length
    assert refusal("interaction", "POST", "/interactions/3/tok/callback", {"type": 8, "data": {"choices": fine}}) \
        is None


def _modal(title: str = "Bid", label: str = "Most", **more: Any) -> dict[str, Any]:
    return {"type": 9, "data": {"custom_id": "form", "title": title, "components": [_row(
        {"type": 4, "custom_id": "most", "style": 1, "label": label, **more})]}}


@pytest.mark.parametrize(("body", "where", "words"), [
    (_modal(title="t" * 46), "data.title", "Must be between 1 and 45 in length."),
    (_modal(label="l" * 46), "data.components.0.components.0.label", "Must be between 1 and 45 in length."),
    (_modal(placeholder="p" * 101), "data.components.0.components.0.placeholder", "Must be 100 or fewer in length."),
    (_modal(max_length=4001), "data.components.0.components.0.max_length", "int value should be between 1 and 4000."),
])
def test_a_modal_past_its_limits_is_refused(body: dict[str, Any], where: str, words: str) -> None:
    found = refusal("interaction", "POST", "/interactions/3/tok/callback", body)
    assert found is not None and found.code == 50035 and _flat(found) == {where: words}
    assert refusal("interaction", "POST", "/interactions/3/tok/callback", _modal(title="t" * 45, label="l" * 45)) \
        is None


def test_an_interaction_is_answered_once_within_three_seconds_of_the_clock_and_followed_up_after() -> None:
    clock = FakeClock()
    interactions = Interactions(clock)
    interactions.deliver([{"id": "1", "token": "a"}, {"id": "2", "token": "b"}, {"id": "3", "token": "c"}])
    early = interactions.refusal("/webhooks/9/a")
    assert early is not None and (early.status, early.code) == (404, 10015)  # no answer yet: no follow-up
    assert interactions.refusal("/interactions/1/a/callback") is None
    twice = interactions.refusal("/interactions/1/a/callback")
    assert twice is not None and (twice.status, twice.code, twice.message) == (
        400, 40060, "Interaction has already been acknowledged.")
    assert interactions.refusal("/webhooks/9/a") is None and interactions.refusal("/webhooks/9/a/messages/@original") \
        is None
    clock.now += 3.0
    assert interactions.refusal("/interactions/2/b/callback") is None  # 3 seconds: still in time
    clock.now += 0.5
    late = interactions.refusal("/interactions/3/c/callback")
    assert late is not None and (late.status, late.code, late.message) == (404, 10062, "Unknown interaction")
    assert isinstance(late.exception(), discord.NotFound)
    assert Interactions(None).refusal("/interactions/7/x/callback") is None  # never delivered here: unknown


# ----------------------------------------------------------------------------------------------- the real client


class _Raw(discord.ui.View):
    """A view that sends the components it is given as they are (discord.py's own checks bypassed)."""

    def __init__(self, rows: list[dict[str, Any]]) -> None:
        super().__init__(timeout=None)
        self.rows = rows

    def to_components(self) -> list[dict[str, Any]]:
        return self.rows


DUPLICATED = [_row(_button("page:1", "⏮ first"), _button("page:1", "◀ earlier", disabled=True))]
SHOWN = "In components.0.components.1.custom_id: Component custom id cannot be duplicated"


class _Probe(commands.GroupCog, group_name="probe"):
    """Commands that break Discord's rules on each route; what discord.py raised is kept in ``errors``."""

    def __init__(self, clock: FakeClock) -> None:
        self.clock = clock
        self.errors: list[discord.HTTPException] = []
        self.sent: discord.Message | None = None
        super().__init__()

    async def _keep(self, work: Any) -> None:
        try:
            await work
        except discord.HTTPException as error:
            self.errors.append(error)

    @app_commands.command(name="route", description="Break a rule on one route")
    async def route(self, interaction: discord.Interaction, way: str) -> None:
        channel: Any = interaction.channel
        if way == "new message":
            await interaction.response.defer(ephemeral=True)
            await self._keep(channel.send("hi", view=_Raw(DUPLICATED)))
        elif way == "edited message":
            await interaction.response.defer(ephemeral=True)
            self.sent = await channel.send("hi")
            await self._keep(self.sent.edit(view=_Raw(DUPLICATED)))
        elif way == "answer":
            await self._keep(interaction.response.send_message("hi", view=_Raw(DUPLICATED), ephemeral=True))
        elif way == "follow-up":
            await interaction.response.defer(ephemeral=True)
            await self._keep(interaction.followup.send("hi", view=_Raw(DUPLICATED), ephemeral=True))
        elif way == "answer edited":
            await interaction.response.defer(ephemeral=True)
            await self._keep(interaction.edit_original_response(content="hi", view=_Raw(DUPLICATED)))
        elif way == "twice":
            await interaction.response.send_message("hi", ephemeral=True)
            interaction.response._response_type = None  # as a second process answering the same interaction
            await self._keep(interaction.response.send_message("again", ephemeral=True))
        elif way == "slow":
            self.clock.now += 3.5  # work that took longer than Discord waits, with no deferral first
            await self._keep(interaction.response.send_message("at last", ephemeral=True))
        elif way == "slow deferred":
            await interaction.response.defer(ephemeral=True, thinking=True)
            self.clock.now += 60  # a follow-up may come later (the token lasts 15 minutes)
            await self._keep(interaction.followup.send("done", ephemeral=True))
        elif way == "early follow-up":
            await self._keep(interaction.followup.send("before the answer", ephemeral=True))

    @app_commands.command(name="choose", description="Offer too many choices")
    async def choose(self, interaction: discord.Interaction, word: str) -> None:
        await interaction.response.send_message(word, ephemeral=True)

    @choose.autocomplete("word")
    async def _words(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=f"word {k}", value=str(k)) for k in range(26)]

    @app_commands.command(name="form", description="Open a modal with too long a title")
    async def form(self, interaction: discord.Interaction) -> None:
        modal = discord.ui.Modal(title="A title far longer than the forty-five of Discord")
        modal.add_item(discord.ui.TextInput(label="Most"))
        await self._keep(interaction.response.send_modal(modal))


class _Pages(discord.ui.View):
    def __init__(self, probe: _Probe) -> None:
        super().__init__(timeout=None)
        self.probe = probe

    @discord.ui.button(label="next", custom_id="probe:next")
    async def next_page(self, interaction: discord.Interaction, _: discord.ui.Button[Any]) -> None:
        await self.probe._keep(interaction.response.edit_message(view=_Raw(DUPLICATED)))


@pytest.fixture
async def probed() -> AsyncIterator[tuple[Wire, _Probe, FakeClock]]:
    clock = FakeClock()
    bot = commands.Bot(command_prefix=commands.when_mentioned, intents=discord.Intents.default())
    probe = _Probe(clock)
    await bot.add_cog(probe)
    bot.add_view(_Pages(probe))
    wire = Wire(bot, clock=clock)
    await wire.start()
    wire.add_guild(GUILD, owner_id=ANA, members={ANA: "Ana"}, channels=[CHANNEL])
    yield wire, probe, clock
    await wire.close()


def _run(wire: Wire, command: str, options: dict[str, Any] | None = None, **more: Any) -> Any:
    return wire.send(wire.command_payload(command, options, guild_id=GUILD, channel_id=CHANNEL, user_id=ANA, **more))


@pytest.mark.parametrize("way", ["new message", "edited message", "answer", "follow-up", "answer edited"])
async def test_the_client_sees_discords_refusal_on_every_route(probed: tuple[Wire, _Probe, FakeClock],
                                                               way: str) -> None:
    wire, probe, _ = probed
    await _run(wire, "probe route", {"way": way})
    (error,) = probe.errors
    shown = SHOWN.replace("In ", "In data.") if way == "answer" else SHOWN  # an answer's message is its data
    assert (error.status, error.code) == (400, 50035) and error.text == f"Invalid Form Body\n{shown}"
    (refused,) = wire.refused
    assert refused[1].code == 50035
    with pytest.raises(AssertionError, match="Component custom id cannot be duplicated"):
        wire.check()  # a test that did not expect it fails
    wire.refused.clear()


async def test_a_component_updating_its_message_is_refused_too(probed: tuple[Wire, _Probe, FakeClock]) -> None:
    wire, probe, _ = probed
    # a message this wire never sent: Discord shows it with the button clicked
    await wire.send(wire.component_payload("probe:next", message_id=12345, guild_id=GUILD, channel_id=CHANNEL,
                                           user_id=ANA))
    (error,) = probe.errors
    assert (error.status, error.code) == (400, 50035) and SHOWN.replace("In ", "In data.") in error.text
    wire.refused.clear()


@pytest.mark.parametrize(("way", "status", "code", "kind"), [
    ("twice", 400, 40060, discord.HTTPException), ("slow", 404, 10062, discord.NotFound),
    ("early follow-up", 404, 10015, discord.NotFound)])
async def test_the_rules_of_an_interactions_answer(probed: tuple[Wire, _Probe, FakeClock], way: str, status: int,
                                                   code: int, kind: type[discord.HTTPException]) -> None:
    wire, probe, _ = probed
    await _run(wire, "probe route", {"way": way})
    (error,) = probe.errors
    assert type(error) is kind and (error.status, error.code) == (status, code)
    assert [found.code for _, found in wire.refused] == [code]
    wire.refused.clear()


async def test_a_deferred_answer_may_follow_up_later(probed: tuple[Wire, _Probe, FakeClock]) -> None:
    wire, probe, _ = probed
    calls = await _run(wire, "probe route", {"way": "slow deferred"})
    assert probe.errors == [] and wire.refused == []
    assert [c.method for c in calls] == ["POST", "POST"] and calls[1].data["content"] == "done"


async def test_too_many_autocomplete_choices_and_too_long_a_modal_title(
        probed: tuple[Wire, _Probe, FakeClock]) -> None:
    wire, probe, _ = probed
    await _run(wire, "probe choose", {"word": "w"}, focused="word")
    await _run(wire, "probe form")
    shown = [str(found.exception()) for _, found in wire.refused]
    assert len(shown) == 2
    assert "In data.choices: Must be 25 or fewer in length." in shown[0]
    assert "In data.title: Must be between 1 and 45 in length." in shown[1]
    assert [e.code for e in probe.errors] == [50035]  # the modal's (the autocomplete's error is discord.py's to log)
    wire.refused.clear()
