"""What the engine says, without a language: a message is a stable code and its parameters (``Msg``),
and ``CATALOGUE`` holds each code's English template. ``str(error)`` is the English text; a reader's
language comes from the ``lang`` package, which the engine never imports.

A parameter is a number, a language-free word (a space name ``C2``, a seat name, move notation, an
option name, a hexagon id), another ``Msg`` (a phrase: a counted noun, a terrain, a reason) or a tuple
of those (a list, joined with ``, ``). A plural entry picks its form by its parameter ``n``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Protocol, TypeAlias

Param: TypeAlias = "int | str | Msg | tuple[Param, ...]"


class Msg:
    """A message: a code of ``CATALOGUE`` and its parameters, e.g. ``Msg("count.workers", n=3)``."""

    __slots__ = ("code", "params")

    code: str
    params: Mapping[str, Param]

    def __init__(self, code: str, /, **params: Param) -> None:
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "params", params)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Msg is frozen")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Msg) and (self.code, dict(self.params)) == (other.code, dict(other.params))

    def __hash__(self) -> int:
        return hash(self.code)

    def __repr__(self) -> str:
        args = "".join(f", {k}={v!r}" for k, v in self.params.items())
        return f"Msg({self.code!r}{args})"

    def __str__(self) -> str:
        return english(self.code, self.params)

    def entry(self) -> Text | None:
        """The message's catalogue entry (``None``: the code is text already written)."""
        return CATALOGUE.get(self.code)

    def __reduce__(self) -> tuple[object, ...]:
        # Frozen slots refuse pickle's default setattr; a worker process returns messages (a hint's reason).
        return _message, (self.code, dict(self.params))


class Said(Msg):
    """A message written where it is said, outside the engine (the bot's words): it carries its own English
    template (``one``, and ``many`` for a plural entry chosen by ``n``) under ``code``, the catalogue's context.
    The bot builds them with ``tr``/``ntr`` calls that ``lang.extract`` finds, so a reader's ``Speaker`` renders
    them like the engine's messages."""

    __slots__ = ("text",)

    text: Text

    def __init__(self, context: str, one: str, many: str | None = None, /, **params: Param) -> None:
        super().__init__(context, **params)
        object.__setattr__(self, "text", Text(context, one, many))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Said) and super().__eq__(other) and self.text == other.text

    __hash__ = Msg.__hash__

    def __str__(self) -> str:
        return english_text(self.text, self.params)

    def entry(self) -> Text:
        return self.text

    def __reduce__(self) -> tuple[object, ...]:
        return _said, (self.code, self.text.one, self.text.many, dict(self.params))


def _message(code: str, params: dict[str, Param]) -> Msg:
    return Msg(code, **params)


def _said(code: str, one: str, many: str | None, params: dict[str, Param]) -> Said:
    return Said(code, one, many, **params)


@dataclass(frozen=True, slots=True)
class Text:
    """One catalogue entry: the English template, and for a plural entry the form for ``n`` ≠ 1."""

    code: str
    one: str
    many: str | None = None

    @property
    def plural(self) -> bool:
        return self.many is not None


def _entries(*texts: Text) -> dict[str, Text]:
    out: dict[str, Text] = {}
    for text in texts:
        assert text.code not in out, text.code
        out[text.code] = text
    return out


T = Text

CATALOGUE: Final[dict[str, Text]] = _entries(
    # --- words and lists used inside other messages ---
    T("list.none", "none"),
    T("list.more", "{items} and {n} more"),
    T("list.and", "{first} and {second}"),
    T("count.workers", "{n} worker", "{n} workers"),
    T("count.figures", "{n} figure", "{n} figures"),
    T("count.levels", "{n} level", "{n} levels"),
    T("count.wafers", "{n} wafer", "{n} wafers"),
    T("figures.leader", "the leader"),
    T("treasure.mask", "mask"),
    T("treasure.idol", "idol"),
    T("treasure.vase", "vase"),
    T("treasure.crown", "crown"),
    T("treasure.jaguar", "jaguar"),
    T("treasure.serpent", "serpent"),
    T("treasure.eagle", "eagle"),
    T("treasure.dagger", "dagger"),
    T("hexagon.temple", "temple (value {value})"),
    T("hexagon.treasure", "treasure hexagon with {n} treasure", "treasure hexagon with {n} treasures"),
    T("hexagon.jungle", "jungle"),
    T("hexagon.volcano", "volcano"),
    T("terrain.unexplored", "unexplored"),
    T("terrain.basecamp", "the base camp"),
    T("terrain.temple", "a temple"),
    T("terrain.jungle", "jungle"),
    T("terrain.treasure", "a treasure hex"),
    T("terrain.volcano", "a volcano"),
    T("leader.in_supply", "it is in your supply"),
    T("leader.guards", "it guards a temple"),
    T("leader.removed", "it has left the game"),
    T("leader.on", "it is on {space}"),
    # --- the notation (SPEC section 5) ---
    T("notation.bad", "Cannot read “{text}”: {why}. Write it as `{usage}`."),
    T("notation.empty", "Cannot read an empty move. Moves are: {verbs}."),
    T("notation.unknown_verb", "Cannot read “{text}”: “{word}” is not a move. Moves are: {verbs}."),
    T("notation.not_space", "“{word}” is not a space (A1 … H5)"),
    T("notation.not_digits", "“{word}” is not {what} in digits"),
    T("notation.at_least_one", "{what} must be at least 1"),
    T("notation.not_kind", "“{word}” is not a treasure kind ({kinds})"),
    T("notation.arity", "`{verb}` takes {n} word after it", "`{verb}` takes {n} words after it"),
    T("notation.arity_range", "`{verb}` takes {low} or {n} word after it",
      "`{verb}` takes {low} or {n} words after it"),
    T("notation.rotation", "the rotation “{word}” must be a number from 0 to 5"),
    T("notation.yes_no", "“{word}” should be `yes` or `no`"),
    T("notation.leader_or_nothing", "“{word}” should be `leader` or nothing"),
    T("notation.leader_gun_or_nothing", "“{word}” should be `leader`, `gun` or nothing"),
    T("notation.arity_upto", "`{verb}` takes {low} to {n} word after it", "`{verb}` takes {low} to {n} words after it"),
    T("notation.twice", "“{word}” is written twice"),
    T("what.count", "a count"),
    T("what.workers", "a number of workers"),
    T("what.bid", "a bid"),
    T("what.hexagon", "a hexagon number"),
    T("what.chips", "a number of chips"),
    # --- whose turn, the phase ---
    T("state.stale", "The game has moved on (version {version}, your action was for version {expected}); "
                     "look at the board again and retry."),
    T("game.over", "The game is over; no more moves can be made."),
    T("turn.not_yours", "It is {player}'s turn, not yours."),
    T("phase.place_first", "Place your hexagon first (`place <hex> <rotation>`); it may go on {spaces}."),
    T("phase.bid_first", "{player} must bid or pass now (`bid <n>` or `pass`)."),
    T("phase.declare_first", "{player} must first declare whether the volcano just taken starts a scoring round: "
                             "`score yes` or `score no` (random terrain)."),
    T("phase.jump_first", "{player} must first choose chips for the next jump: `jump <n>`, 1–{most} (Tikal Rápido)."),
    T("phase.pick_first", "{player} must pick a shown hexagon now (`pick <k>`)."),
    # --- AP ---
    T("ap.short", "Not enough AP: {doing} costs {cost} AP, you have {n} left.",
      "Not enough AP: {doing} costs {cost} AP, you have {n} left."),
    T("ap.short_could", "Not enough AP: {doing} costs {cost} AP, you have {n} left. {could}",
      "Not enough AP: {doing} costs {cost} AP, you have {n} left. {could}"),
    T("doing.deploy", "deploying {figures}"),
    T("doing.transfer", "transferring {figures}"),
    T("doing.move", "moving {figures} from {source} to {target}"),
    T("doing.exchange", "an exchange"),
    T("doing.camp", "a camp"),
    T("doing.guard", "a guard"),
    T("doing.obstacle", "an obstacle"),
    T("doing.gun", "a guard with a machine gun"),
    T("doing.fire", "firing a machine gun"),
    T("could.deploy", "You could deploy {n}."),
    T("could.transfer", "You could transfer {n}."),
    T("could.move", "You could move {figures} ({ap} AP)."),
    # --- placing a hexagon (rulings 2, 10) ---
    T("place.not_now", "You cannot place now: {why}."),
    T("place.scoring_turn", "a scoring turn has no hexagon to place"),
    T("place.already", "you have already placed your hexagon this turn"),
    T("place.explored", "{space} is already explored"),
    T("place.not_adjacent", "{space} is not next to an explored hex"),
    T("place.no_stone", "no rotation gives {space} a stone on a border with an explored hex"),
    T("place.rotation", "Rotation {rotation} leaves no stone on a border between {space} and an explored hex; "
                        "legal rotations there: {rotations}."),
    T("place.illegal", "You cannot place the hexagon on {space}: {why}. Legal spaces: {spaces}."),
    # --- figures: deploy, transfer, move (rulings 1, 3) ---
    T("figures.leader_not_on", "Your leader is not on {space} ({where})."),
    T("figures.too_few_on", "You have {have} on {space}, not {count}."),
    T("deploy.wrong_space", "Figures from the supply go into the base camp or your own camps: {why}. "
                            "You can deploy to {spaces}."),
    T("deploy.others_camp", "{space} is {owner}'s camp"),
    T("deploy.not_camp", "{space} is not a camp of yours"),
    T("deploy.leader_not_in_supply", "Your leader is not in your supply ({where})."),
    T("deploy.supply_short", "You have {have} in your supply, not {count}."),
    T("transfer.no_camp", "Transfers run between the base camp and your own camps, and you have no camp yet."),
    T("transfer.wrong_spaces", "Transfers run between two different spaces of the base camp and your own camps: "
                               "{spaces}."),
    T("move.same_space", "A move needs two different spaces; both are {space}."),
    T("move.no_path", "No path from {source} to {target}: {why}."),
    T("path.unexplored", "{space} is not explored"),
    T("path.volcano", "{space} is a volcano"),
    T("path.gun", "{space} holds {owner}'s machine gun, and no rival may end a move there or cross it"),
    T("path.guns_in_way", "{space} has no path of stones to it that avoids the other players' machine guns"),
    T("path.no_stones", "{space} has no path of stones to it"),
    # --- uncover and recover (rulings 4, 5) ---
    T("uncover.not_temple", "Only temples can be uncovered; {space} is {terrain}."),
    T("uncover.guarded", "The temple on {space} is guarded by {guard}; its value is fixed."),
    T("uncover.refused", "Cannot uncover {levels} on {space}: {why}."),
    T("uncover.refused_could", "Cannot uncover {levels} on {space}: {why}. You could uncover {could}."),
    T("uncover.per_turn", "at most {n} level per temple per turn ({used} done)",
      "at most {n} levels per temple per turn ({used} done)"),
    T("uncover.figures", "one own figure per level: you have {figures} there"),
    T("uncover.figures_used", "one own figure per level: you have {figures} there and uncovered {used} this turn"),
    T("uncover.no_tile", "no temple tile of value {value} is left"),
    T("uncover.ap", "each level costs {cost} AP and you have {ap}"),
    T("recover.not_treasure", "Wafers are recovered on treasure hexes; {space} is {terrain}."),
    T("recover.empty", "The treasure hex {space} has no wafers left."),
    T("recover.refused", "Cannot recover {wafers} on {space}: {why}."),
    T("recover.refused_could", "Cannot recover {wafers} on {space}: {why}. You could recover {could}."),
    T("recover.per_turn", "at most {n} wafer per treasure hex per turn ({used} done)",
      "at most {n} wafers per treasure hex per turn ({used} done)"),
    T("recover.figures", "one own figure per wafer: you have {figures} there"),
    T("recover.figures_used", "one own figure per wafer: you have {figures} there and recovered {used} this turn"),
    T("recover.left", "{wafers} left there"),
    T("recover.ap", "each wafer costs {cost} AP and you have {ap}"),
    # --- exchange, camp, guard (rulings 6–8) ---
    T("player.unknown", "There is no player called “{name}”; the players are {players}."),
    T("exchange.self", "An exchange is with another player, not with yourself."),
    T("exchange.give_single", "You can only give a single treasure (pairs and triples stay together); your singles: "
                              "{singles}."),
    T("exchange.take_single", "You can only take a single treasure of {player}'s; theirs: {singles}."),
    T("exchange.same_kind", "An exchange swaps two different kinds of treasure."),
    T("camp.none_left", "You have established both your camps; each player has two per game."),
    T("camp.taken", "{space} already has {owner}'s camp; one camp per hex."),
    T("camp.wrong_space", "Camps go on jungle hexes or emptied treasure hexes; {space} is not possible: {why}. "
                          "Possible: {spaces}."),
    T("camp.wafers_left", "its wafers are not all recovered"),
    T("camp.terrain", "it is {terrain}"),
    T("guard.none_left", "You have placed both your guards; each player has two per game."),
    T("guard.not_temple", "Guards go on temples; {space} is {terrain}."),
    T("guard.taken", "The temple on {space} is already guarded by {guard}."),
    T("guard.too_weak", "To guard {space} your strength there must beat every other player's: you have {mine}, "
                        "the strongest other has {best} (leader 3, worker 1)."),
    T("guard.no_leader", "Your leader is not on {space}; `guard {space}` makes a worker the guard."),
    T("guard.no_worker", "You have no worker on {space}; `guard {space} leader` makes your leader the guard."),
    # --- the auction (ruling 11) ---
    T("bid.cannot_outbid", "You cannot outbid {high} with a score of {score}: you can only pass."),
    T("bid.range", "A bid must beat the high bid ({high}) and be at most your score ({score}): bid {low}–{score} "
                   "or pass."),
    T("auction.over", "The bidding is over: pick a shown hexagon (`pick <k>`)."),
    T("auction.basic", "There is no auction in the basic game."),
    T("auction.none_now", "Nobody is bidding now; the next auction opens when this turn ends."),
    T("pass.use_end", "{why} To finish your turn, use `end`."),
    T("pick.bidding_open", "The bidding is still open: bid or pass first."),
    T("pick.nothing", "Nothing to pick now: hexagons are picked after winning an auction."),
    # The English sentence predates the plural forms; it keeps "hexagons" for 1 as it always did.
    T("pick.range", "Only {n} hexagons are shown: pick 1–{n}.", "Only {n} hexagons are shown: pick 1–{n}."),
    # --- undo (ruling 12) ---
    T("undo.auction", "Bids, passes and picks cannot be taken back."),
    T("undo.jump", "Jumps and declarations cannot be taken back."),
    T("undo.rapido", "Nothing to take back: in Tikal Rápido a placement in phase 2 and an action in a jump are "
                     "final."),
    T("undo.wafer", "Nothing to take back: a recovered wafer cannot be undone, nor anything before it."),
    T("undo.dice", "Nothing to take back: a recovered wafer or an uncovered level (the dice were rolled: Indiana "
                   "Jones) cannot be undone, nor anything before it."),
    T("undo.nothing", "Nothing to take back: you have not acted yet this turn."),
    # --- the options (SPEC 7) ---
    T("jump.not_now", "Chips are chosen only when a jump opens, in phase 3 of a Tikal Rápido round."),
    T("jump.range", "A jump takes 1–5 chips and at most the chips you have ({chips}): choose 1–{most}."),
    T("declare.not_now", "Nothing to declare now: `score yes|no` is said by a player who takes a volcano from a "
                         "display of two or more volcanoes (random terrain)."),
    T("obstacle.not_neighbours", "{first} and {second} are not neighbours: an obstacle stands on the border between "
                                 "two neighbouring hexes."),
    T("obstacle.no_path", "There is no path between {first} and {second} (both explored, a stone on the border, no "
                          "volcano): obstacles go only on borders figures can cross."),
    T("obstacle.taken", "The border between {first} and {second} already has an obstacle; one per border."),
    T("obstacle.no_free_worker", "You need a free worker on {first} or {second}: a worker of yours there, and more "
                                 "of your figures there than levels uncovered and wafers recovered there this turn."),
    T("gun.too_few", "To mount a machine gun on {space} you need {n} worker there ({crew}, and 2 more than any other "
                     "player's workers; the leader does not count): you have {mine}.",
      "To mount a machine gun on {space} you need {n} workers there ({crew}, and 2 more than any other player's "
      "workers; the leader does not count): you have {mine}."),
    T("gun.crew", "a crew of two"),
    T("gun.crew_and_guard", "a crew of two and the guard"),
    T("gun.none_here", "There is no machine gun of yours on {space}; your guns: {guns}."),
    T("gun.self", "A machine gun fires at another player's workers, not at yours."),
    T("gun.fired", "The machine gun on {space} cannot fire now: a gun fires once per turn, from the turn after it "
                   "was mounted."),
    T("gun.no_target", "{player} has no worker on {space} (a gun never hits a leader)."),
    T("ai.stuck", "the {level} computer player did not finish its obligation in {n} plan",
      "the {level} computer player did not finish its obligation in {n} plans"),
    T("review.not_finished", "Only a finished game is reviewed: during play a review would be a hint."),
    # --- why a computer player's decision is good (engine.ai.explain): one line for a hint ---
    # A reason names its move in ``move`` (not in the text): the hint shows it beside that move.
    T("ai.why.safe", "your majority at {space} ({mine} vs {theirs}) is safe from {rival} this turn"),
    T("ai.why.exposed", "you lead at {space} ({mine} vs {theirs}), but {rival} could bring {n} more this turn"),
    T("ai.why.tie", "you draw level with {rival} at {space} ({mine} vs {theirs})"),
    T("ai.why.behind", "you close in on {rival} at {space} ({mine} vs {theirs})"),
    T("ai.why.guard", "{space} (value {value}) is yours for {n} more scoring",
      "{space} (value {value}) is yours for {n} more scorings"),
    T("ai.why.treasure", "{n} wafer at {space} toward your treasure sets",
      "{n} wafers at {space} toward your treasure sets"),
    T("ai.why.wafers", "your figures stand by {n} wafer at {space}, ready to recover it",
      "your figures stand by {n} wafers at {space}, ready to recover them"),
    T("ai.why.camp", "a camp at {space} brings the temples nearer to your figures"),
    T("ai.why.place", "{space} is nearer to your figures than to your rivals'"),
    T("ai.why.best", "the best position the computer player found"),
    T("ai.why.end", "no action improves your position now"),
    T("ai.why.pick", "of the shown hexagons, the {hexagon} is worth most to you"),
    T("ai.why.bid", "the best shown hexagon is worth more than {n} point to you",
      "the best shown hexagon is worth more than {n} points to you"),
    T("ai.why.pass", "no shown hexagon is worth {n} point more to you than the others",
      "no shown hexagon is worth {n} points more to you than the others"),
    T("ai.why.declare_yes", "a scoring round now brings you {mine} and {rival} {theirs}"),
    T("ai.why.declare_no", "a scoring round now would bring {rival} {theirs} and you only {mine}"),
    T("ai.why.none", "the computer player has nothing to decide here"),
    # --- records, seats, options (SPEC 6, 7.0) ---
    T("record.invalid", "Not a game record: {where}: {why}"),
    T("record.players", "Tikal is for 2–4 players, not {n}."),
    T("record.seat", "{problem}."),
    T("record.seats_differ", "Seat names must differ (ignoring case)."),
    T("seat.bad_name", "“{name}” is not a seat name: a letter, then up to 15 letters, digits or underscores"),
    T("seat.reserved", "“{name}” is a word of the move notation and cannot be a seat name"),
    T("record.bad_variant", "The variant is `basic`, `auction` or `rapido`, not “{variant}”."),
    T("record.bad_tile", "“{tile}” is not a hexagon id (A-1 … G-4)."),
    T("record.tile_twice", "The hexagon {tile} is named more than once in tile_order."),
    T("record.bad_kind", "“{kind}” is not a treasure kind ({kinds})."),
    T("record.kind_too_often", "The treasure {kind} is named more than {n} time.",
      "The treasure {kind} is named more than {n} times."),
    T("record.rolls_without_dice", "A record lists rolls only with an Indiana Jones option (indiana, indiana2d6, "
                                   "indiana1d20)."),
    T("record.bad_roll", "The roll {roll} is not a total of {dice}d{faces} ({low}–{high})."),
    T("record.volcano_early", "The volcano {tile} is named at position {position} of tile_order, but with random "
                              "terrain and {players} players it enters the stack only after {n} hexagon is drawn.",
      "The volcano {tile} is named at position {position} of tile_order, but with random terrain and {players} players "
      "it enters the stack only after {n} hexagons are drawn."),
    T("option.unknown", "“{name}” is not an option; options are {options}."),
    T("option.twice", "The option {name} is named more than once."),
    T("option.two_indiana", "At most one Indiana Jones option may be chosen, not {chosen}."),
    T("option.randomterrain_auction", "The option randomterrain needs the auction variant, not {variant}."),
    T("field.missing", "Field required"),
    T("field.int", "Input should be a valid integer"),
    T("field.str", "Input should be a valid string"),
    T("field.list", "Input should be a valid list"),
    # --- snapshots (a stored state that does not load: a fault of the storage, not of a player) ---
    T("snapshot.invalid", "Bad snapshot: {where}: {why}"),
    T("snapshot.nested", "Bad snapshot: {why}"),
    T("snapshot.format", "Bad snapshot: format {found}, this engine reads {reads}."),
    T("snapshot.not_json", "Bad snapshot: not JSON ({why})."),
    T("snapshot.not_space", "Bad snapshot: “{name}” is not a space."),
    T("snapshot.tile_order", "Bad snapshot: the tile order is not the 36 hexagons."),
    T("snapshot.wafer_order", "Bad snapshot: unknown treasure kind in the wafer order."),
    T("snapshot.player_list", "Bad snapshot: a per-player list has the wrong length."),
    T("snapshot.hex_players", "Bad snapshot: a hex lists the wrong number of players."),
    T("snapshot.unknown_tile", "Bad snapshot: unknown hexagon {tile}."),
    T("snapshot.no_hexagon", "Bad snapshot: {space} has no hexagon."),
    T("snapshot.undo", "Bad snapshot: undo information is inconsistent."),
    T("snapshot.hand", "Bad snapshot: unknown hexagon in hand {tile}."),
    T("snapshot.shown", "Bad snapshot: unknown shown hexagon."),
    T("snapshot.volcano_value", "Bad snapshot: a volcano with a value."),
    T("snapshot.option_list", "Bad snapshot: a per-player list of the options has the wrong length."),
    T("snapshot.hands", "Bad snapshot: unknown hexagon in a hand."),
    T("snapshot.obstacle", "Bad snapshot: an obstacle is not a pair of spaces."),
    # --- the engine console's own refusal ---
    T("console.no_seat", "There is no seat {seat} for a computer player."),
    T("console.names_count", "Give {n} seat name, not {given}.", "Give {n} seat names, not {given}."),
)
"""Every code the engine uses, with its English template (the ``lang`` catalogues translate them)."""

PYDANTIC_FIELD_CODES: Final[dict[str, str]] = {
    "missing": "field.missing", "int_type": "field.int", "string_type": "field.str", "list_type": "field.list",
}
"""Pydantic's error types whose English message has a code here; other pydantic messages stay as pydantic
words them (they describe a broken file, not a move)."""


# ---------------------------------------------------------------------------------------------
# Building parameters


def counted(code: str, n: int) -> Msg:
    """A counted noun, e.g. ``counted("count.workers", 3)`` → ``3 workers``."""
    return Msg(code, n=n)


def treasure(kind: str) -> Msg:
    """A treasure kind as a game word (``mask`` → ``Maske`` in German)."""
    return Msg(f"treasure.{kind}")


def listed(items: Sequence[Param], limit: int | None = None) -> Param:
    """A list for a message: ``none`` when empty, at most ``limit`` items and ``… and N more``."""
    if not items:
        return Msg("list.none")
    if limit is not None and len(items) > limit:
        return Msg("list.more", items=tuple(items[:limit]), n=len(items) - limit)
    return tuple(items)


def joined(items: Iterable[Param]) -> Param:
    """``a and b and c`` (the items joined by ``list.and`` pair by pair)."""
    out: Param | None = None
    for item in items:
        out = item if out is None else Msg("list.and", first=out, second=item)
    return "" if out is None else out


# ---------------------------------------------------------------------------------------------
# English


def english(code: str, params: Mapping[str, Param]) -> str:
    """The English text of a message. A code not in the catalogue is taken as text already written (a
    subclass's message that has no code yet) and returned as it is."""
    entry = CATALOGUE.get(code)
    if entry is None:
        return code
    return english_text(entry, params)


def english_text(entry: Text, params: Mapping[str, Param]) -> str:
    template = entry.one if entry.many is None or params.get("n") == 1 else entry.many
    return template.format(**{k: english_value(v) for k, v in params.items()})


def english_value(value: Param) -> str:
    if isinstance(value, Msg):
        return str(value)
    if isinstance(value, tuple):
        return ", ".join(english_value(v) for v in value)
    return str(value)


# ---------------------------------------------------------------------------------------------
# Who speaks: English here, any language through ``lang.Translator``


class Speaker(Protocol):
    """Turns words into a reader's text. Code that talks to people (the console, the pictures, the bot)
    writes its English inline, ``t.tr("console.scores", "Scores: {list}.", list=…)``, and takes the
    speaker as a parameter: ``ENGLISH`` by default, a ``lang.Translator`` for another language. The
    ``context`` is a stable id (gettext's msgctxt); the English is the msgid the catalogues translate."""

    @property
    def locale(self) -> str: ...

    def tr(self, context: str, english: str, /, **params: Param) -> str:
        """``english`` in the reader's language, its ``{fields}`` filled with ``params``."""
        ...

    def ntr(self, context: str, one: str, many: str, n: int, /, **params: Param) -> str:
        """The plural form for ``n`` (also the field ``{n}``) in the reader's language, filled."""
        ...

    def message(self, message: Msg) -> str:
        """An engine message (an error's ``.message``, or a nested ``Msg``) in the reader's language."""
        ...

    def ordinal_form(self, n: int) -> str:
        """The CLDR ordinal category of ``n`` in the reader's language: ``one``, ``two``, ``few`` or ``other``…"""
        ...


def fill(template: str, params: Mapping[str, Param], value: Callable[[Param], str]) -> str:
    return template.format(**{k: value(v) for k, v in params.items()})


class English:
    """The ``Speaker`` of the English the engine and the pictures are written in (no catalogue needed)."""

    @property
    def locale(self) -> str:
        return "en"

    def tr(self, context: str, english: str, /, **params: Param) -> str:
        return fill(english, params, english_value)

    def ntr(self, context: str, one: str, many: str, n: int, /, **params: Param) -> str:
        return fill(one if n == 1 else many, {**params, "n": n}, english_value)

    def message(self, message: Msg) -> str:
        return str(message)

    def ordinal_form(self, n: int) -> str:
        if n % 100 in (11, 12, 13):
            return "other"
        return {1: "one", 2: "two", 3: "few"}.get(n % 10, "other")


ENGLISH: Final = English()
