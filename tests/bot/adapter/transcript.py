"""A game's channel as its players read it, from the wire harness's calls: every new message, edit and deletion
in order (content, embeds' text, attachments, who is pinged), the private answers in brackets, and notes of what
was typed or clicked. ``story`` counts the channel's messages per turn, for the story test and
the transcripts' summaries; ``measure`` what docs/channel.md holds the channel to: messages left per wait, pings per
player waited on, ghost pings and technical words."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from tests.bot.adapter.technical import technical_words
from tests.bot.adapter.wire import Call, Wire


@dataclass(frozen=True)
class Measure:
    """A played game's channel counted against its waits (a moment the game waits for one player: a bid owed, a
    turn, a pick and the turn it opens, a Rápido placement, slot or jump's choice … ``storyplay.waits_of``)."""

    waits: int
    left: int
    """Channel messages the bot posted that are still there at the end (the lobby and the result included)."""
    pings: int
    """Notifications of the waits: each member a new message's content mentions and may notify (the result's and
    the reminders' excepted)."""
    end_pings: int
    """Notifications of the result: each player once."""
    reminders: int
    """Notifications of reminders (replies to a wait's message, hours later): counted apart from the waits'."""
    ghosts: tuple[str, ...]
    """Messages that pinged and were later deleted, or edited so that the mention is gone."""
    technical: tuple[tuple[str, str], ...]
    """Every technical word the channel showed (in new messages and edits): (kind, what)."""

    @property
    def left_per_wait(self) -> float:
        return self.left / max(self.waits, 1)

    @property
    def pings_per_wait(self) -> float:
        return self.pings / max(self.waits, 1)

    def line(self) -> str:
        kinds = Counter(kind for kind, _ in self.technical)
        words = ", ".join(f"{kind} {n}" for kind, n in kinds.most_common()) or "none"
        return (f"waits {self.waits} · messages left {self.left} ({self.left_per_wait:.2f} per wait) · pings "
                f"{self.pings} ({self.pings_per_wait:.2f} per player waited on) and {self.end_pings} at the end · "
                f"reminders {self.reminders} · ghost pings {len(self.ghosts)} · technical words "
                f"{len(self.technical)} ({words})")


@dataclass
class Transcript:
    """Notes laid over a wire's calls; ``render`` writes them out in order."""

    wire: Wire
    channel: int
    start: int = 0
    notes: list[tuple[int, str]] = field(default_factory=list)
    marks: list[tuple[int, str]] = field(default_factory=list)
    """Where each turn (or bidding, pick, jump …) began: the wire's call index and a key naming it."""

    def note(self, text: str) -> None:
        self.notes.append((len(self.wire.calls), text))

    def mark(self, key: str) -> None:
        """A new stage of the game begins here (its channel messages are counted from here)."""
        if not self.marks or self.marks[-1][1] != key:
            self.marks.append((len(self.wire.calls), key))

    @property
    def calls(self) -> list[Call]:
        return self.wire.calls[self.start:]

    def channel_calls(self) -> list[tuple[int, Call]]:
        """(index, call) of the channel's new messages, edits and deletions."""
        prefix = f"/channels/{self.channel}/messages"
        return [(i, c) for i, c in enumerate(self.wire.calls) if i >= self.start and c.via == "http"
                and c.path.startswith(prefix) and c.method in ("POST", "PATCH", "DELETE")
                and not c.path.endswith("/threads")]

    def render(self, *, private: bool = True) -> str:
        """The transcript: ``#n`` numbers the channel's messages in the order they were posted."""
        numbers: dict[int, int] = {}
        lines: list[str] = []
        notes = sorted(self.notes)
        k = 0
        for i, call in enumerate(self.wire.calls):
            if i < self.start:
                continue
            while k < len(notes) and notes[k][0] <= i:
                lines.append(f"\n>>> {notes[k][1]}")
                k += 1
            lines.extend(self._describe(call, numbers, private))
        lines.extend(f"\n>>> {text}" for _, text in notes[k:])
        return "\n".join(lines).strip() + "\n"

    def _describe(self, call: Call, numbers: dict[int, int], private: bool) -> list[str]:
        prefix = f"/channels/{self.channel}/messages"
        if call.via == "interaction":
            if not private or call.callback_type in (5, 6, 8):  # a deferral or an autocomplete: nothing to read
                return []
            if call.method == "DELETE":
                return []
            text = message_text(call.data)
            if not text:
                return []
            shown = "private" if call.ephemeral or call.callback_type == 7 else "answer"
            return ["  [" + shown + "] " + text.replace("\n", "\n  [" + shown + "] ")]
        if not call.path.startswith(prefix) or call.path.endswith("/threads"):
            return []
        rest = call.path[len(prefix):].strip("/")
        if call.method == "POST" and not rest:
            try:
                mid = call.message_id
            except AssertionError:
                return []
            numbers[mid] = len(numbers) + 1
            return [f"#{numbers[mid]} NEW" + _pings(call) + _reply(call, numbers),
                    *_indent(message_text(call.data, files=call.files))]
        if not rest.isdigit():
            return []
        mid = int(rest)
        n = f"#{numbers[mid]}" if mid in numbers else "(an earlier message)"
        if call.method == "DELETE":
            return [f"{n} DELETED"]
        if call.method == "PATCH":
            return [f"{n} EDITED", *_indent(message_text(call.data, files=call.files, edit=True))]
        return []

    def story(self) -> list[tuple[str, Counter[str]]]:
        """Per stage (``mark``), how many channel messages were posted (``new``; ``kept``: those never deleted),
        edited and deleted while it went on."""
        counted: list[tuple[str, Counter[str]]] = []
        bounds = [*self.marks, (len(self.wire.calls), "")]
        calls = self.channel_calls()
        deleted = {int(c.path.rsplit("/", 1)[1]) for _, c in calls if c.method == "DELETE"}
        for (begin, key), (end, _) in pairwise(bounds):
            count: Counter[str] = Counter()
            for i, call in calls:
                if begin <= i < end:
                    count[{"POST": "new", "PATCH": "edited", "DELETE": "deleted"}[call.method]] += 1
                    if call.method == "POST" and call.message_id not in deleted:
                        count["kept"] += 1
            counted.append((key, count))
        return counted

    def measure(self, waits: int) -> Measure:
        """The channel counted against ``waits``."""
        calls = self.channel_calls()
        deleted = {int(c.path.rsplit("/", 1)[1]) for _, c in calls if c.method == "DELETE"}
        new = [c for _, c in calls if c.method == "POST"]
        pinged: dict[int, set[str]] = {}
        for call in new:
            mentioned = set(re.findall(r"<@!?(\d+)>", str(call.data.get("content") or "")))
            allowed = {str(u) for u in ((call.json or {}).get("allowed_mentions") or {}).get("users") or []}
            if mentioned & allowed:
                pinged[call.message_id] = mentioned & allowed
        ghosts = [f"message {mid} deleted" for mid in pinged if mid in deleted]
        for _, call in calls:
            mid = int(call.path.rsplit("/", 1)[1]) if call.method == "PATCH" else None
            if mid in pinged and "content" in (call.json or {}):
                kept = set(re.findall(r"<@!?(\d+)>", str((call.json or {}).get("content") or "")))
                if not pinged[mid] <= kept:
                    ghosts.append(f"message {mid} edited without its mention")
        technical = [found for _, call in calls if call.method in ("POST", "PATCH")
                     for found in technical_words(message_text(call.data))]
        results = {c.message_id for c in new if any(re.fullmatch(r"tikal-game-\d+\.json", f) for f in c.files)}
        reminders = {c.message_id for c in new if is_reply(c)}
        return Measure(waits, sum(c.message_id not in deleted for c in new),
                       sum(len(p) for mid, p in pinged.items() if mid not in results | reminders),
                       sum(len(p) for mid, p in pinged.items() if mid in results),
                       sum(len(p) for mid, p in pinged.items() if mid in reminders), tuple(ghosts), tuple(technical))

    def summary(self) -> str:
        """Channel messages per kind of stage: new messages (min–max, mean), edits and deletions."""
        by_kind: dict[str, list[Counter[str]]] = {}
        for key, count in self.story():
            by_kind.setdefault(key.split(" ", 1)[0], []).append(count)
        lines = []
        for kind, counts in by_kind.items():
            new = [c["new"] for c in counts]
            kept = [c["kept"] for c in counts]
            lines.append(f"{kind}: {len(counts)} × — new messages {min(new)}–{max(new)} "
                         f"(mean {sum(new) / len(new):.1f}), kept {min(kept)}–{max(kept)} "
                         f"(mean {sum(kept) / len(kept):.1f}), edits {sum(c['edited'] for c in counts)}, "
                         f"deletions {sum(c['deleted'] for c in counts)}")
        return "\n".join(lines)


def is_reply(call: Call) -> bool:
    """Whether a new message replies to another (a reminder, to its wait's message)."""
    return "message_reference" in (call.json or {})


def _indent(text: str) -> list[str]:
    return ["    " + line for line in text.splitlines()] if text else []


def _pings(call: Call) -> str:
    allowed = (call.json or {}).get("allowed_mentions") or {}
    users = allowed.get("users") or []
    roles = allowed.get("roles") or []
    who = [f"<@{u}>" for u in users] + [f"<@&{r}>" for r in roles]
    return f" (pings {', '.join(who)})" if who else ""


def _reply(call: Call, numbers: dict[int, int]) -> str:
    reference = (call.json or {}).get("message_reference") or {}
    mid = reference.get("message_id")
    if mid is None:
        return ""
    return f" (a reply to #{numbers.get(int(mid), '?')})"


def message_text(data: dict[str, Any], *, files: dict[str, bytes] | None = None, edit: bool = False) -> str:
    """What a person reads of a message: content, each embed's title, description, fields and footer, the files
    and the buttons."""
    parts = []
    if data.get("content"):
        parts.append(str(data["content"]))
    for embed in data.get("embeds") or []:
        if embed.get("title"):
            parts.append(f"┃ **{embed['title']}**")
        if embed.get("description"):
            parts.extend(f"┃ {line}" for line in str(embed["description"]).splitlines())
        for f in embed.get("fields") or []:
            value = str(f["value"]).splitlines() or [""]
            parts.append(f"┃ {f['name']}: {value[0]}")
            parts.extend(f"┃   {line}" for line in value[1:])
        if (embed.get("image") or {}).get("url"):
            parts.append(f"┃ [picture: {embed['image']['url'].removeprefix('attachment://')}]")
        if (embed.get("footer") or {}).get("text"):
            parts.append(f"┃ — {embed['footer']['text']}")
    shown = {(embed.get("image") or {}).get("url", "").removeprefix("attachment://")
             for embed in data.get("embeds") or []}
    for name in files or {}:
        if name not in shown:
            parts.append(f"[file: {name}]")
    buttons = [b.get("label") or b.get("placeholder") or "?" for row in data.get("components") or []
               for b in row.get("components", [])]
    if buttons:
        parts.append("[" + "] [".join(str(b) for b in buttons) + "]")
    elif edit and "components" in data and data.get("components") == []:
        parts.append("(buttons removed)")
    return "\n".join(parts)
