"""Games played by tapping only (the turn's menus, ``bot.adapter.ui.menus``), through the wire harness: members who
never type a slash command, only press buttons and choose in selects, on the wait's message and on the private
messages of their menus.

``TapPlayer`` plays a game to its end that way. On the way it checks what a member may rely on: every move the menus
apply is one the engine listed just before; every interaction gets exactly one answer; every message holds
Discord's limits (``check_components``) and a phone's; a menu of an older version, and a member who is not to act,
are refused and change nothing. It counts the taps of each wait against the slash commands (and their options) the
same moves would have needed: ``Tally``, the figures of docs/performance.md (``bench/taps.py``).
"""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import engine
from bot.adapter.ui.menus import MORE, PHONE_DESCRIPTION, PHONE_OPTION, decode, row_fits
from engine import GameView, Phase, Stage, Variant
from tests.bot.adapter.discordkit import CHANNEL, GUILD, NAMES, as_command, bot_of
from tests.bot.adapter.wire import Call, Wire

LIMITS = {"rows": 5, "buttons": 5, "options": 25, "custom_id": 100, "button_label": 80, "option": 100,
          "placeholder": 150}
"""Discord's limits of a message's components."""


def items(message: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for row in message.get("components") or [] for c in row.get("components", [])]


def is_menu(component: dict[str, Any]) -> bool:
    return str(component.get("custom_id", "")).startswith("tikal:m") and component["custom_id"][7:8] in "pe" \
        and component["custom_id"][8:9] in "sb" and component["custom_id"][9:10] == ":"


def menu_path(component: dict[str, Any]) -> tuple[str, ...]:
    return decode(component["custom_id"].split(":")[4])


def check_components(message: dict[str, Any]) -> None:
    """Discord's limits (5 rows, 5 buttons a row, a select alone in its row, 25 options, lengths, custom ids unique
    in the message) and a phone's (a menu's row of buttons fits 400 px; its options' labels and descriptions show
    whole)."""
    rows = message.get("components") or []
    assert len(rows) <= LIMITS["rows"], len(rows)
    ids: list[str] = []
    for row in rows:
        assert row["type"] == 1
        inside = row["components"]
        assert 1 <= len(inside) <= LIMITS["buttons"]
        if any(c["type"] == 3 for c in inside):
            assert len(inside) == 1, "a select is alone in its row"
        for c in inside:
            ids.append(c["custom_id"])
            assert len(c["custom_id"]) <= LIMITS["custom_id"], c["custom_id"]
            if c["type"] == 2:
                assert 0 < len(c["label"]) <= LIMITS["button_label"], c["label"]
            else:
                options = c["options"]
                assert 1 <= len(options) <= LIMITS["options"]
                assert len(c.get("placeholder") or "") <= LIMITS["placeholder"]
                assert len({o["value"] for o in options}) == len(options)
                for o in options:
                    assert 0 < len(o["label"]) <= LIMITS["option"] and len(o["value"]) <= LIMITS["option"]
                    assert len(o.get("description") or "") <= LIMITS["option"]
                    if is_menu(c):
                        assert len(o["label"]) <= PHONE_OPTION, o["label"]
                        assert len(o.get("description") or "") <= PHONE_DESCRIPTION, o["description"]
        if all(c["type"] == 2 and is_menu(c) for c in inside):
            assert row_fits([c["label"] for c in inside]), [c["label"] for c in inside]
    assert len(ids) == len(set(ids)), ids


def answers_once(wire: Wire, payload: dict[str, Any]) -> list[Call]:
    """The interaction's answer: exactly one callback (a deferred one followed by its follow-up or edit)."""
    callbacks = [c for c in wire.answers(payload) if c.path.endswith("/callback")]
    assert len(callbacks) == 1, ([c.json for c in callbacks], payload["data"], payload["message"])
    return [c for c in wire.calls if payload["token"] in c.path or c in callbacks]


async def tap(wire: Wire, message_id: int, message: dict[str, Any], component: dict[str, Any], user: int,
              value: str | None = None) -> tuple[dict[str, Any], list[Call]]:
    """Press a button, or choose ``value`` in a select, of ``message`` as ``user``; the payload and its calls."""
    payload = wire.component_payload(component["custom_id"], message_id=message_id, guild_id=GUILD,
                                     channel_id=CHANNEL, user_id=user, name=NAMES.get(user, "someone"))
    # the message as the member's client shows it: ``message``'s components (an older copy, if the bot could not edit
    # it), the rest as Discord keeps it
    base = wire.messages.get(message_id) or wire._message_payload(CHANNEL, message, {}, message_id)
    payload["message"] = dict(base, id=str(message_id), components=message.get("components") or [])
    if component["type"] == 3:
        assert value is not None
        payload["data"] = {"custom_id": component["custom_id"], "component_type": 3, "values": [value]}
    return payload, await wire.send(payload)


def private_answer(calls: list[Call]) -> tuple[int, dict[str, Any]] | None:
    """The private message an interaction's answer shows last (its id and what it holds): a new one, an update of
    the tapped one, or the follow-up or edit after a deferred answer."""
    shown = None
    for c in calls:
        if c.via != "interaction" or c.response is None:
            continue
        body = c.json or {}
        if c.path.endswith("/callback"):
            if body.get("type") in (4, 7):
                shown = c.message_id, c.data
        elif c.method in ("POST", "PATCH"):
            shown = c.message_id, body
    return shown


def wait_kind(view: GameView) -> str:
    """What kind of wait the game is in, for the tally."""
    if view.phase is Phase.JUMP:
        return "jump"
    if view.variant is Variant.RAPIDO and view.stage is Stage.JUMPS and view.phase is Phase.ACTIONS:
        return "slot"
    if view.variant is Variant.RAPIDO and view.phase is Phase.PLACE and view.stage is Stage.PLACING:
        return "placing"
    return {Phase.PLACE: "turn", Phase.ACTIONS: "turn", Phase.SCORING: "scoring", Phase.BID: "bid",
            Phase.PICK: "pick", Phase.DECLARE: "declare"}[view.phase]


def typed_options(move: str) -> int:
    """The options a member fills in to type ``move`` as its slash command (a guard's ``leader`` and ``gun`` only when
    they are true)."""
    return sum(1 for value in as_command(engine.parse_move(move))[1].values() if value is not False)


@dataclass
class Wait:
    kind: str
    taps: int = 0
    moves: list[str] = field(default_factory=list)
    costs: list[int] = field(default_factory=list)
    """Per move, the taps it took (since the move before it, or the wait's start)."""
    selects: int = 0
    """The taps that chose in a select (on a phone, opening the list is one touch more)."""

    @property
    def typed(self) -> int:
        """The slash commands the same moves take (``end`` of a turn included)."""
        return len(self.moves)

    @property
    def fields(self) -> int:
        """The options those commands are typed with (each one chosen in an autocomplete list)."""
        return sum(typed_options(m) for m in self.moves)


@dataclass
class Tally:
    waits: list[Wait] = field(default_factory=list)
    refused: int = 0
    """Taps on a stale menu or by a member not to act, each refused with nothing changed."""

    def by_kind(self) -> dict[str, tuple[int, float, float, float, float]]:
        """Per kind of wait: how many, and per wait (means) taps, of them in a select, slash commands, their
        options."""
        out: dict[str, list[Wait]] = defaultdict(list)
        for w in self.waits:
            out[w.kind].append(w)
        return {k: (len(ws), sum(w.taps for w in ws) / len(ws), sum(w.selects for w in ws) / len(ws),
                    sum(w.typed for w in ws) / len(ws), sum(w.fields for w in ws) / len(ws))
                for k, ws in sorted(out.items())}

    def by_verb(self) -> dict[str, tuple[int, float, float]]:
        """Per verb: how many moves, the taps each took, the options of its slash command (means)."""
        out: dict[str, list[tuple[int, int]]] = defaultdict(list)
        for w in self.waits:
            for move, taps in zip(w.moves, w.costs, strict=True):
                out[move.split()[0]].append((taps, typed_options(move)))
        return {v: (len(xs), sum(x for x, _ in xs) / len(xs), sum(y for _, y in xs) / len(xs))
                for v, xs in sorted(out.items())}

    def totals(self, kinds: tuple[str, ...]) -> tuple[int, int, int, int]:
        """Waits, taps, slash commands and their options over the waits of ``kinds``."""
        chosen = [w for w in self.waits if w.kind in kinds]
        return (len(chosen), sum(w.taps for w in chosen), sum(w.typed for w in chosen),
                sum(w.fields for w in chosen))


class TapPlayer:
    """Plays a game to its end by taps only, as its members would, checking the menus on the way."""

    def __init__(self, wire: Wire, game_id: int, rng: random.Random, *, actions: int = 2, probe: float = 0.05,
                 keen: bool = False) -> None:
        self.wire, self.game_id, self.rng = wire, game_id, rng
        self.actions = actions
        """The actions a member makes in a turn before ending it (or fewer, when nothing is left to do)."""
        self.probe = probe
        """How often a stale menu or another member's tap is tried (each must be refused)."""
        self.keen = keen
        """Prefer the options' actions (an obstacle, a machine gun, a shot) whenever the menu offers one."""
        self.tally = Tally()
        self.verbs: set[str] = set()
        self.stale: tuple[int, dict[str, Any], int] | None = None
        """A private menu of an earlier version (message id, message, member), to try again later."""
        self.members_at: dict[int, int] = {}

    @property
    def core(self) -> Any:
        return bot_of(self.wire).core

    async def member_at(self, seat: int) -> int:
        """The member at a seat (seats do not change in these games: read once)."""
        if not self.members_at:
            game = await self.core.games.game(GUILD, self.game_id)
            self.members_at = {s.seat: s.member_id for s in game.seats if s.seat is not None}
        return self.members_at[seat]

    async def play(self, limit: int = 3000) -> Tally:
        for _ in range(limit):
            view = await self.core.games.view(GUILD, self.game_id)
            if view.finished:
                return self.tally
            game = await self.core.games.game(GUILD, self.game_id)
            assert game.turn_message_id is not None
            public = self.wire.messages[game.turn_message_id]
            check_components(public)
            if view.phase is Phase.JUMP:
                await self.jump(view, game.turn_message_id, public)
                continue
            assert view.to_act is not None
            await self.wait(view, await self.member_at(view.to_act), game.turn_message_id)
        raise AssertionError("the game did not end")

    async def jump(self, view: GameView, message_id: int, public: dict[str, Any]) -> None:
        _, waiting = await self.core.jumps.jump_status(GUILD, self.game_id)
        for seat in waiting:
            member = await self.member_at(seat)
            most, _ = await self.core.jumps.jump_chips(GUILD, self.game_id, member)
            buttons = [c for c in items(public) if c["custom_id"].startswith(f"tikal:jump:{self.game_id}:")]
            button = self.rng.choice([b for b in buttons if int(b["custom_id"].rsplit(":", 1)[1]) <= most])
            payload, _calls = await tap(self.wire, message_id, public, button, member)
            answers_once(self.wire, payload)
            self.tally.waits.append(Wait("jump", 1, [f"jump {button['label']}"], [1]))
            self.verbs.add("jump")

    async def wait(self, view: GameView, member: int, public_id: int) -> None:
        """One wait of one member (a turn, a scoring turn, a bid, a pick …), tapped to its end."""
        record = Wait(wait_kind(view))
        self.tally.waits.append(record)
        at: tuple[int, dict[str, Any]] | None = None  # the member's private menu, once one is open
        done = undos = since = 0
        now = view
        for _ in range(80):
            if now.finished or now.to_act is None or now.phase is Phase.JUMP or \
                    await self.member_at(now.to_act) != member:
                return
            await self.maybe_probe(now, member, public_id)
            if at is None:
                message_id, message = public_id, self.wire.messages[public_id]
                component, value = self.on_public(now, message)
            else:
                message_id, message = at
                component, value = self.on_private(message, done, undos)
            legal = {str(m) for e in await self.core.turns.legal_moves(GUILD, self.game_id, member)
                     for m in e.moves()}
            payload, calls = await tap(self.wire, message_id, message, component, member, value)
            record.taps += 1
            record.selects += component["type"] == 3
            since += 1
            answers_once(self.wire, payload)
            shown = private_answer(calls)
            assert shown is None or not shown[1].get("content", "").startswith("⛔"), shown[1]["content"]
            after = await self.core.games.view(GUILD, self.game_id)
            if after.version > now.version:
                made = after.log[now.version]
                assert made in legal, (made, sorted(legal)[:20])  # the engine's move, one it listed just before
                record.moves.append(made)
                record.costs.append(since)
                since = 0
                verb = made.split()[0]
                self.verbs.add(verb)
                if at is not None and self.rng.random() < 0.5:
                    self.stale = (at[0], at[1], member)
                if verb == "undo":
                    undos += 1
                    done = max(done - 1, 0)
                elif verb not in ("place", "end"):
                    done += 1
                if verb in ("end", "bid", "pass", "pick", "score") or record.kind in ("slot", "placing"):
                    return
            if shown is not None and any(is_menu(c) for c in items(shown[1])):
                check_components(shown[1])
                at = shown
            else:
                at = None
            now = after
        raise AssertionError("a wait that does not end")

    def on_public(self, view: GameView, public: dict[str, Any]) -> tuple[dict[str, Any], str | None]:
        """What a member taps on the wait's message: the menu (a space, a bid, an action), a pick, a declaration,
        Pass, or End turn when the menu offers nothing else."""
        menus = [c for c in items(public) if is_menu(c)]
        if view.phase is Phase.PICK:
            return self.rng.choice([c for c in items(public) if c["custom_id"].startswith("tikal:pick:")]), None
        if view.phase is Phase.DECLARE:
            return self.rng.choice([c for c in items(public) if c["custom_id"].startswith("tikal:declare:")]), None
        if view.phase is Phase.BID:
            passing = next(c for c in items(public) if c["custom_id"] == f"tikal:pass:{self.game_id}")
            if not menus or self.rng.random() < 0.5:
                return passing, None
            select = menus[0]
            return select, self.rng.choice(select["options"][:4])["value"]
        if not menus:  # nothing but ending the turn is left
            assert view.phase in (Phase.ACTIONS, Phase.SCORING), f"no menu on the wait's message in {view.phase}"
            return next(c for c in items(public) if c["custom_id"] == f"tikal:end:{self.game_id}"), None
        assert all(int(c["custom_id"].split(":")[3]) == view.version for c in menus)
        component = self.rng.choice(menus)
        if component["type"] == 3:
            return component, self.rng.choice([o for o in component["options"] if not o["value"].startswith(MORE)])[
                "value"]
        return component, None

    def on_private(self, message: dict[str, Any], done: int, undos: int) -> tuple[dict[str, Any], str | None]:
        """What a member taps in their private menu: an entry at random (an option's action first when keen), ◀ Back
        or Undo now and then, End turn (and its confirmation) after their actions."""
        menus = [c for c in items(message) if is_menu(c)]
        selects = [c for c in menus if c["type"] == 3]
        buttons = [c for c in menus if c["type"] == 2]
        ends = [b for b in buttons if menu_path(b)[:1] == ("e",)]
        undo = [b for b in buttons if menu_path(b)[:1] == ("z",)]
        back = [b for b in buttons if b["label"].startswith("◀")]
        entries = [b for b in buttons if b not in ends and b not in undo and b not in back]
        options = [(s, str(o["value"])) for s in selects for o in s["options"]]
        more = [(s, v) for s, v in options if v.startswith(MORE)]
        options = [(s, v) for s, v in options if not v.startswith(MORE)]
        if ends and (done >= self.actions or not (options or entries)):
            return self.rng.choice(ends), None
        if undo and undos == 0 and self.rng.random() < 0.06:
            return undo[0], None
        if back and self.rng.random() < 0.05:
            return back[0], None
        if more and self.rng.random() < 0.3:
            return self.rng.choice(more)
        choices: list[tuple[dict[str, Any], str | None]] = [*options, *((b, None) for b in entries)]
        if self.keen:  # an obstacle, a shot, a guard with a machine gun: the options' own actions
            wanted = [(s, v) for s, v in options if not menu_path(s) and v[:1] in ("o", "f", "g")]
            wanted += [(b, None) for b in entries if menu_path(b)[:1] == ("g",) and menu_path(b)[-1].endswith("g")]
            if wanted and self.rng.random() < 0.7:
                return self.rng.choice(wanted)
        if not choices:
            return (ends or undo or back)[0], None
        return self.rng.choice(choices)

    async def maybe_probe(self, view: GameView, member: int, public_id: int) -> None:
        """Now and then: another member taps the wait's menu, or someone taps a private menu of an earlier version.
        Each is refused privately and changes nothing."""
        if self.rng.random() >= self.probe:
            return
        if self.stale is not None and self.rng.random() < 0.6:
            message_id, message, who = self.stale
            menus = [c for c in items(message) if is_menu(c)]
            if menus and int(menus[0]["custom_id"].split(":")[3]) < view.version:
                component = self.rng.choice(menus)
                value = component["options"][0]["value"] if component["type"] == 3 else None
                payload, calls = await tap(self.wire, message_id, message, component, who, value)
                await self.refused(view, payload, calls)
                self.stale = None
                return
        public = self.wire.messages[public_id]
        menus = [c for c in items(public) if is_menu(c)]
        others = [m for m in NAMES if m != member and m in await self.members()]
        if menus and others:
            component = menus[0]
            value = component["options"][0]["value"] if component["type"] == 3 else None
            payload, calls = await tap(self.wire, public_id, public, component, self.rng.choice(others), value)
            await self.refused(view, payload, calls)

    async def members(self) -> list[int]:
        game = await self.core.games.game(GUILD, self.game_id)
        return [s.member_id for s in game.seats]

    async def refused(self, view: GameView, payload: dict[str, Any], calls: list[Call]) -> None:
        answers_once(self.wire, payload)
        shown = private_answer(calls)
        assert shown is not None
        body = shown[1]
        assert body.get("flags", 64) & 64 or body.get("content", "").startswith("⛔"), body
        assert not any(is_menu(c) for c in items(body)), "a refusal offers nothing to tap"
        assert (await self.core.games.view(GUILD, self.game_id)).version == view.version, "a refusal changed the game"
        self.tally.refused += 1
