"""What Discord refuses of a bot's requests, checked as Discord checks them, for the wire harness.

Discord's API documentation states these limits (messages, embeds, components, interactions, autocomplete); a
request past one is answered with HTTP 400 and code 50035 "Invalid Form Body", whose ``errors`` tree names each field
that broke a rule (discord.py shows them as ``In components.0.components.1.custom_id: …``). An interaction is
answered once (a second answer: 400, code 40060) and within 3 seconds of its creation (later: 404, code 10062
"Unknown interaction"); its follow-ups and edits need that answer first (404, code 10015 "Unknown Webhook").

``refusal(via, method, path, body, files)`` is what Discord would answer instead of accepting a request, or None;
``Interactions`` remembers the interactions delivered and answered, for the two rules of time and number.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

import discord

CONTENT: Final = 2000
EMBEDS: Final = 10
EMBED_TITLE: Final = 256
EMBED_DESCRIPTION: Final = 4096
EMBED_FIELDS: Final = 25
FIELD_NAME: Final = 256
FIELD_VALUE: Final = 1024
FOOTER: Final = 2048
AUTHOR: Final = 256
EMBED_TOTAL: Final = 6000
"""Title, description, field names and values, footer and author name of all the message's embeds together."""
ATTACHMENTS: Final = 10
ROWS: Final = 5
ROW_WIDTH: Final = 5
"""Buttons in one action row; a select fills a row alone."""
CUSTOM_ID: Final = 100
BUTTON_LABEL: Final = 80
SELECT_OPTIONS: Final = 25
OPTION_TEXT: Final = 100
"""A select option's label, value and description."""
PLACEHOLDER: Final = 150
MODAL_TITLE: Final = 45
MODAL_ROWS: Final = 5
INPUT_LABEL: Final = 45
INPUT_PLACEHOLDER: Final = 100
INPUT_VALUE: Final = 4000
CHOICES: Final = 25
CHOICE_TEXT: Final = 100
"""An autocomplete choice's name, and its value when it is a string."""
THREAD_NAME: Final = 100
MENTIONS: Final = 100
"""Users (and roles) an ``allowed_mentions`` may list."""
NONCE: Final = 25
ANSWER_WITHIN: Final = 3.0
"""Seconds from an interaction's creation to its answer."""

INVALID_FORM_BODY: Final = 50035
EMPTY_MESSAGE: Final = 50006
ALREADY_ACKNOWLEDGED: Final = 40060
UNKNOWN_INTERACTION: Final = 10062
UNKNOWN_WEBHOOK: Final = 10015

BUTTON, STRING_SELECT, TEXT_INPUT = 2, 3, 4
SELECTS: Final = frozenset({3, 5, 6, 7, 8})
LINK_STYLE, PREMIUM_STYLE = 5, 6
MESSAGE_CALLBACKS: Final = frozenset({4, 7})
"""Interaction callbacks that carry a message: a new one (4) or the component's message changed (7)."""
AUTOCOMPLETE_CALLBACK, MODAL_CALLBACK = 8, 9


@dataclass(frozen=True)
class Refusal:
    """Discord's answer to a request it refuses: an HTTP status, its error code and message, the ``errors`` tree."""

    status: int
    code: int
    message: str
    errors: dict[str, Any] = field(default_factory=dict)

    def exception(self) -> discord.HTTPException:
        """The exception discord.py raises for this answer."""
        kind = {403: discord.Forbidden, 404: discord.NotFound}.get(self.status, discord.HTTPException)
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        return kind(_Response(self.status), body)


class _Response:
    reasons: Final = {400: "Bad Request", 404: "Not Found"}

    def __init__(self, status: int) -> None:
        self.status = status
        self.reason = self.reasons.get(status, "Error")


Where = tuple[str | int, ...]
"""A field's place in a request body: keys and list indices."""


class _Errors:
    """Discord's ``errors`` tree: each field's path to ``{"_errors": [{"code", "message"}]}``."""

    def __init__(self) -> None:
        self.tree: dict[str, Any] = {}

    def add(self, path: Where, code: str, message: str) -> None:
        node = self.tree
        for key in path:
            node = node.setdefault(str(key), {})
        node.setdefault("_errors", []).append({"code": code, "message": message})

    def longest(self, path: Where, value: Any, most: int, *, least: int = 0) -> None:
        """A string or list of ``least`` to ``most`` items (``least`` 1: it must not be empty)."""
        size = len(value) if isinstance(value, str | list) else 0
        if least and size < least:
            if size == 0 and isinstance(value, str | type(None)):
                self.add(path, "BASE_TYPE_REQUIRED", "This field is required")
            else:
                self.add(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {least} and {most} in length.")
        elif size > most:
            if least:
                self.add(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {least} and {most} in length.")
            else:
                self.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {most} or fewer in length.")


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


# ----------------------------------------------------------------------------------------------- messages


def _embeds(errors: _Errors, at: Where, embeds: list[Any]) -> None:
    errors.longest((*at, "embeds"), embeds, EMBEDS)
    total = 0
    for i, embed in enumerate(embeds):
        here = (*at, "embeds", i)
        fields = embed.get("fields") or []
        errors.longest((*here, "title"), _text(embed.get("title")), EMBED_TITLE)
        errors.longest((*here, "description"), _text(embed.get("description")), EMBED_DESCRIPTION)
        errors.longest((*here, "fields"), fields, EMBED_FIELDS)
        footer = _text((embed.get("footer") or {}).get("text"))
        author = _text((embed.get("author") or {}).get("name"))
        errors.longest((*here, "footer", "text"), footer, FOOTER)
        errors.longest((*here, "author", "name"), author, AUTHOR)
        for k, item in enumerate(fields):
            errors.longest((*here, "fields", k, "name"), _text(item.get("name")), FIELD_NAME, least=1)
            errors.longest((*here, "fields", k, "value"), _text(item.get("value")), FIELD_VALUE, least=1)
        total += sum(len(_text(embed.get(key))) for key in ("title", "description")) + len(footer) + len(author)
        total += sum(len(_text(item.get("name"))) + len(_text(item.get("value"))) for item in fields)
    if total > EMBED_TOTAL:
        errors.add((*at, "embeds"), "MAX_EMBED_SIZE_EXCEEDED", f"Embed size exceeds maximum size of {EMBED_TOTAL}")


def _custom_id(errors: _Errors, at: Where, item: Mapping[str, Any], seen: set[str]) -> None:
    custom_id = item.get("custom_id")
    errors.longest((*at, "custom_id"), _text(custom_id), CUSTOM_ID, least=1)
    if isinstance(custom_id, str) and custom_id:
        if custom_id in seen:
            errors.add((*at, "custom_id"), "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated")
        seen.add(custom_id)


def _button(errors: _Errors, at: Where, button: Mapping[str, Any], seen: set[str]) -> None:
    errors.longest((*at, "label"), _text(button.get("label")), BUTTON_LABEL)
    if not button.get("label") and not button.get("emoji") and button.get("style") != PREMIUM_STYLE:
        errors.add((*at, "label"), "BUTTON_COMPONENT_INVALID", "A button needs a label or an emoji")
    if button.get("style") == LINK_STYLE:
        if not button.get("url"):
            errors.add((*at, "url"), "BASE_TYPE_REQUIRED", "This field is required")
        if "custom_id" in button:
            errors.add((*at, "custom_id"), "BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED",
                       "A link button cannot have a custom id")
    elif button.get("style") != PREMIUM_STYLE:
        _custom_id(errors, at, button, seen)


def _select(errors: _Errors, at: Where, select: Mapping[str, Any], seen: set[str]) -> None:
    _custom_id(errors, at, select, seen)
    errors.longest((*at, "placeholder"), _text(select.get("placeholder")), PLACEHOLDER)
    least, most = select.get("min_values", 1), select.get("max_values", 1)
    if not 0 <= least <= SELECT_OPTIONS:
        errors.add((*at, "min_values"), "BASE_TYPE_BAD_INT", f"int value should be between 0 and {SELECT_OPTIONS}.")
    if not 1 <= most <= SELECT_OPTIONS or most < least:
        errors.add((*at, "max_values"), "BASE_TYPE_BAD_INT",
                   f"int value should be between {max(1, least)} and {SELECT_OPTIONS}.")
    if select.get("type") != STRING_SELECT:
        return
    options = select.get("options") or []
    errors.longest((*at, "options"), options, SELECT_OPTIONS, least=1)
    if options and most > len(options):
        errors.add((*at, "max_values"), "BASE_TYPE_MAX_VALUE",
                   f"int value should be less than or equal to {len(options)}.")
    values: set[str] = set()
    for k, option in enumerate(options):
        here = (*at, "options", k)
        errors.longest((*here, "label"), _text(option.get("label")), OPTION_TEXT, least=1)
        errors.longest((*here, "value"), _text(option.get("value")), OPTION_TEXT, least=1)
        errors.longest((*here, "description"), _text(option.get("description")), OPTION_TEXT)
        if option.get("value") in values:
            errors.add(here, "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED", "The specified option value is already used")
        values.add(str(option.get("value")))


def _components(errors: _Errors, at: Where, rows: list[Any]) -> None:
    errors.longest((*at, "components"), rows, ROWS)
    seen: set[str] = set()
    for i, row in enumerate(rows):
        here = (*at, "components", i)
        if row.get("type") != 1:
            errors.add((*here, "type"), "UNION_TYPE_CHOICES", "The top level of a message holds action rows (type 1)")
            continue
        items = row.get("components") or []
        errors.longest((*here, "components"), items, ROW_WIDTH, least=1)
        for k, item in enumerate(items):
            kind = item.get("type")
            if kind == BUTTON:
                _button(errors, (*here, "components", k), item, seen)
            elif kind in SELECTS:
                _select(errors, (*here, "components", k), item, seen)
                if len(items) > 1:
                    errors.add((*here, "components", k), "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                               "The specified component exceeds the maximum width")
            else:
                errors.add((*here, "components", k, "type"), "UNION_TYPE_CHOICES",
                           f"Value of field \"type\" must be one of {(BUTTON, *sorted(SELECTS))}.")


def _mentions(errors: _Errors, at: Where, allowed: Mapping[str, Any]) -> None:
    for kind in ("users", "roles"):
        listed = allowed.get(kind)
        if isinstance(listed, list):
            errors.longest((*at, "allowed_mentions", kind), listed, MENTIONS)
            if listed and kind in (allowed.get("parse") or []):
                errors.add((*at, "allowed_mentions"), "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                           f"parse:[\"{kind}\"] and {kind}: [ids...] are mutually exclusive.")


def _message(errors: _Errors, at: Where, body: Mapping[str, Any], files: int) -> None:
    """The fields of a message being created or edited (an edit sends only what changes)."""
    if "content" in body:
        errors.longest((*at, "content"), _text(body.get("content")), CONTENT)
    if body.get("embeds") is not None:
        _embeds(errors, at, list(body["embeds"]))
    if body.get("components") is not None:
        _components(errors, at, list(body["components"]))
    if isinstance(body.get("allowed_mentions"), dict):
        _mentions(errors, at, body["allowed_mentions"])
    nonce = body.get("nonce")
    if isinstance(nonce, str):
        errors.longest((*at, "nonce"), nonce, NONCE)
    attachments = max(files, len(body.get("attachments") or []))
    if attachments > ATTACHMENTS:
        errors.add((*at, "attachments"), "BASE_TYPE_MAX_LENGTH", f"Must be {ATTACHMENTS} or fewer in length.")


def _empty(body: Mapping[str, Any], files: int) -> bool:
    """A new message with nothing to show."""
    return not (body.get("content") or body.get("embeds") or body.get("components") or files
                or body.get("attachments") or body.get("sticker_ids") or body.get("poll"))


# ----------------------------------------------------------------------------------------------- interactions


def _modal(errors: _Errors, data: Mapping[str, Any]) -> None:
    at: Where = ("data",)
    errors.longest((*at, "title"), _text(data.get("title")), MODAL_TITLE, least=1)
    errors.longest((*at, "custom_id"), _text(data.get("custom_id")), CUSTOM_ID, least=1)
    rows = data.get("components") or []
    errors.longest((*at, "components"), rows, MODAL_ROWS, least=1)
    seen: set[str] = set()
    for i, row in enumerate(rows):
        here = (*at, "components", i)
        inputs = row.get("components") or ([row["component"]] if isinstance(row.get("component"), dict) else [])
        if row.get("type") == 18:  # a label around its input (the label's text is the input's label)
            errors.longest((*here, "label"), _text(row.get("label")), INPUT_LABEL, least=1)
            placed = [((*here, "component"), item) for item in inputs]
        else:
            errors.longest((*here, "components"), inputs, 1, least=1)
            placed = [((*here, "components", k), item) for k, item in enumerate(inputs)]
        for path, item in placed:
            if item.get("type") != TEXT_INPUT:
                if item.get("type") in SELECTS:
                    _select(errors, path, item, seen)
                continue
            _custom_id(errors, path, item, seen)
            if row.get("type") != 18:
                errors.longest((*path, "label"), _text(item.get("label")), INPUT_LABEL, least=1)
            errors.longest((*path, "placeholder"), _text(item.get("placeholder")), INPUT_PLACEHOLDER)
            errors.longest((*path, "value"), _text(item.get("value")), INPUT_VALUE)
            least, most = item.get("min_length", 0), item.get("max_length", INPUT_VALUE)
            if not 0 <= least <= INPUT_VALUE:
                errors.add((*path, "min_length"), "BASE_TYPE_BAD_INT",
                           f"int value should be between 0 and {INPUT_VALUE}.")
            if not 1 <= most <= INPUT_VALUE:
                errors.add((*path, "max_length"), "BASE_TYPE_BAD_INT",
                           f"int value should be between 1 and {INPUT_VALUE}.")


def _choices(errors: _Errors, data: Mapping[str, Any]) -> None:
    choices = data.get("choices") or []
    errors.longest(("data", "choices"), choices, CHOICES)
    for k, choice in enumerate(choices):
        errors.longest(("data", "choices", k, "name"), _text(choice.get("name")), CHOICE_TEXT, least=1)
        if isinstance(choice.get("value"), str):
            errors.longest(("data", "choices", k, "value"), choice["value"], CHOICE_TEXT)


def _callback(errors: _Errors, body: Mapping[str, Any], files: int) -> bool:
    """An interaction's answer; whether it is an empty new message."""
    kind, data = body.get("type"), body.get("data") or {}
    if kind in MESSAGE_CALLBACKS:
        _message(errors, ("data",), data, files)
        return kind == 4 and _empty(data, files)
    if kind == AUTOCOMPLETE_CALLBACK:
        _choices(errors, data)
    elif kind == MODAL_CALLBACK:
        _modal(errors, data)
    return False


# ----------------------------------------------------------------------------------------------- requests


def _is_message(via: str, method: str, parts: list[str]) -> bool:
    """A new message or an edit: a channel's (``http``) or an interaction's follow-up or answer (``interaction``)."""
    if via == "interaction":
        return parts[0] == "webhooks" and method in ("POST", "PATCH")
    if parts[0] != "channels" or len(parts) < 3 or parts[2] != "messages":
        return False
    return (len(parts), method) in ((3, "POST"), (4, "PATCH"))


def refusal(via: str, method: str, path: str, body: Any, files: int = 0) -> Refusal | None:
    """What Discord answers instead of accepting this request (``via``: ``http`` for the bot's REST calls,
    ``interaction`` for an interaction's answers, follow-ups and their edits), or None; ``files``: how many files
    it uploads."""
    if not isinstance(body, dict):
        return None
    parts = path.strip("/").split("/")
    errors = _Errors()
    empty = False
    if via == "interaction" and path.endswith("/callback"):
        empty = _callback(errors, body, files)
    elif _is_message(via, method, parts):
        _message(errors, (), body, files)
        empty = method == "POST" and _empty(body, files)
    elif via == "http" and parts[0] == "channels" and parts[-1] == "threads" and method == "POST":
        errors.longest(("name",), _text(body.get("name")), THREAD_NAME, least=1)
        if isinstance(body.get("message"), dict):
            _message(errors, ("message",), body["message"], files)
    if errors.tree:
        return Refusal(400, INVALID_FORM_BODY, "Invalid Form Body", errors.tree)
    if empty:
        return Refusal(400, EMPTY_MESSAGE, "Cannot send an empty message")
    return None


class Interactions:
    """The interactions delivered to the bot and their answers: each is answered once, within ``ANSWER_WITHIN``
    seconds of ``clock`` from its delivery (no clock: time is not checked — the machine's own is too noisy for a
    test), and its token's follow-ups and edits come after that answer."""

    def __init__(self, clock: Callable[[], float] | None = None) -> None:
        self.clock = clock
        self.delivered: dict[str, float | None] = {}
        """Each interaction's id and when it arrived."""
        self.tokens: dict[str, str] = {}
        """Each delivered interaction's token and id."""
        self.answered: set[str] = set()

    def deliver(self, payloads: Iterable[Mapping[str, Any]]) -> None:
        for payload in payloads:
            self.delivered[str(payload["id"])] = self.clock() if self.clock else None
            self.tokens[str(payload["token"])] = str(payload["id"])

    def refusal(self, path: str) -> Refusal | None:
        """Discord's answer to a request on an interaction's path (its callback, follow-ups and edits) that breaks
        the rules of time or number, or None; a callback that passes counts as the interaction's answer."""
        parts = path.strip("/").split("/")
        if parts[0] == "interactions" and parts[-1] == "callback":
            interaction = parts[1]
            if interaction not in self.delivered:
                return None  # delivered some other way: nothing known of it
            if interaction in self.answered:
                return Refusal(400, ALREADY_ACKNOWLEDGED, "Interaction has already been acknowledged.")
            arrived = self.delivered[interaction]
            if self.clock is not None and arrived is not None and self.clock() - arrived > ANSWER_WITHIN:
                return Refusal(404, UNKNOWN_INTERACTION, "Unknown interaction")
            self.answered.add(interaction)
        elif parts[0] == "webhooks" and len(parts) >= 3:
            interaction = self.tokens.get(parts[2])
            if interaction is not None and interaction not in self.answered:
                return Refusal(404, UNKNOWN_WEBHOOK, "Unknown Webhook")
        return None


__all__ = ["ANSWER_WITHIN", "Interactions", "Refusal", "refusal"]
