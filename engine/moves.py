"""Moves as frozen values, their notation (docs/rules.md §5) and the parser.

``parse_move`` turns text into a move without looking at any game; whether the move is legal is a
separate question (``engine.rules``). ``str(move)`` gives the canonical form.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from .board import SPACE_INDEX, SPACE_NAMES
from .errors import UnreadableMove
from .messages import Msg
from .tiles import TREASURE_KINDS
from .values import quick_init

_SPACES: Final = SPACE_INDEX
_NAMES: Final = SPACE_NAMES


@quick_init
@dataclass(frozen=True, slots=True)
class Place:
    """Place the hexagon in hand on ``space`` with ``rotation`` (0–5)."""

    space: int
    rotation: int

    def __str__(self) -> str:
        return f"place {_NAMES[self.space]} {self.rotation}"


@quick_init
@dataclass(frozen=True, slots=True)
class Deploy:
    """Put ``count`` workers (or the leader) from the supply into the base camp or an own camp."""

    space: int
    count: int = 1
    leader: bool = False

    def __str__(self) -> str:
        return f"deploy {_NAMES[self.space]} {'leader' if self.leader else self.count}"


@quick_init
@dataclass(frozen=True, slots=True)
class Transfer:
    """Move figures between the base camp and own camps (1 AP each)."""

    source: int
    target: int
    count: int = 1
    leader: bool = False

    def __str__(self) -> str:
        return f"transfer {_NAMES[self.source]} {_NAMES[self.target]} {'leader' if self.leader else self.count}"


@quick_init
@dataclass(frozen=True, slots=True)
class Walk:
    """Move figures along the cheapest path (the notation's ``move``)."""

    source: int
    target: int
    count: int = 1
    leader: bool = False

    def __str__(self) -> str:
        return f"move {_NAMES[self.source]} {_NAMES[self.target]} {'leader' if self.leader else self.count}"


@quick_init
@dataclass(frozen=True, slots=True)
class Uncover:
    """Uncover ``count`` temple levels."""

    space: int
    count: int = 1

    def __str__(self) -> str:
        return f"uncover {_NAMES[self.space]} {self.count}"


@quick_init
@dataclass(frozen=True, slots=True)
class Recover:
    """Recover ``count`` treasure wafers."""

    space: int
    count: int = 1

    def __str__(self) -> str:
        return f"recover {_NAMES[self.space]} {self.count}"


@quick_init
@dataclass(frozen=True, slots=True)
class Exchange:
    """Give my single treasure ``give`` for ``player``'s single treasure ``take``."""

    give: str
    player: str
    take: str

    def __str__(self) -> str:
        return f"exchange {self.give} {self.player} {self.take}"


@quick_init
@dataclass(frozen=True, slots=True)
class Camp:
    space: int

    def __str__(self) -> str:
        return f"camp {_NAMES[self.space]}"


@quick_init
@dataclass(frozen=True, slots=True)
class Guard:
    """Place a guard (the leader with ``leader``); with ``gun`` also a machine gun (rules.md §7.4)."""

    space: int
    leader: bool = False
    gun: bool = False

    def __str__(self) -> str:
        return f"guard {_NAMES[self.space]}" + (" leader" if self.leader else "") + (" gun" if self.gun else "")


@quick_init
@dataclass(frozen=True, slots=True)
class Obstacle:
    """Build an obstacle on the border between two neighbours (rules.md §7.3); ``first`` < ``second``."""

    first: int
    second: int

    def __str__(self) -> str:
        return f"obstacle {_NAMES[self.first]} {_NAMES[self.second]}"


@quick_init
@dataclass(frozen=True, slots=True)
class Fire:
    """Fire the machine gun on ``space`` at one worker of ``player`` (rules.md §7.4.4)."""

    space: int
    player: str

    def __str__(self) -> str:
        return f"fire {_NAMES[self.space]} {self.player}"


@quick_init
@dataclass(frozen=True, slots=True)
class Jump:
    """Tikal Rápido: take ``count`` chips (1–5) in hand for the next jump (rules.md §7.6.4)."""

    count: int

    def __str__(self) -> str:
        return f"jump {self.count}"


@quick_init
@dataclass(frozen=True, slots=True)
class Declare:
    """Random terrain: declare whether the volcano taken starts a scoring round (rules.md §7.5.4)."""

    score: bool

    def __str__(self) -> str:
        return "score yes" if self.score else "score no"


@quick_init
@dataclass(frozen=True, slots=True)
class End:
    def __str__(self) -> str:
        return "end"


@quick_init
@dataclass(frozen=True, slots=True)
class Undo:
    def __str__(self) -> str:
        return "undo"


@quick_init
@dataclass(frozen=True, slots=True)
class Bid:
    count: int

    def __str__(self) -> str:
        return f"bid {self.count}"


@quick_init
@dataclass(frozen=True, slots=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


@quick_init
@dataclass(frozen=True, slots=True)
class Pick:
    """Take the ``index``-th hexagon still shown (1-based)."""

    index: int

    def __str__(self) -> str:
        return f"pick {self.index}"


Move = (
    Place | Deploy | Transfer | Walk | Uncover | Recover | Exchange | Camp | Guard | End | Undo | Bid | Pass | Pick
    | Obstacle | Fire | Jump | Declare
)
"""Any move of the notation."""

COUNTED: Final = (Deploy, Transfer, Walk, Uncover, Recover, Bid, Jump)
"""Move types that carry a count, so one legal-move entry may stand for a range of counts."""

VERBS: Final = (
    "place", "deploy", "transfer", "move", "uncover", "recover", "exchange",
    "camp", "guard", "end", "undo", "bid", "pass", "pick",
)
"""The verbs of rules.md §5, in every game."""

OPTION_MOVES: Final[dict[str, str]] = {"obstacle": "obstacle", "fire": "fire", "gun": "guard", "jump": "jump",
                                       "score": "score"}
"""Words of rules.md §7.0.3 that make a move, by the verb whose usage they belong to."""

USAGE: Final[dict[str, str]] = {
    "place": "place <hex> <rotation 0-5>",
    "deploy": "deploy <hex> <n|leader>",
    "transfer": "transfer <from> <to> <n|leader>",
    "move": "move <from> <to> <n|leader>",
    "uncover": "uncover <hex> [<n>]",
    "recover": "recover <hex> [<n>]",
    "exchange": "exchange <my kind> <player> <their kind>",
    "camp": "camp <hex>",
    "guard": "guard <hex> [leader]",
    "end": "end",
    "undo": "undo",
    "bid": "bid <n>",
    "pass": "pass",
    "pick": "pick <k>",
    "obstacle": "obstacle <hex> <hex>",
    "fire": "fire <hex> <player>",
    "jump": "jump <n 1-5>",
    "score": "score yes|no",
}


GUN_USAGE: Final = "guard <hex> [leader] [gun]"
"""``guard``'s form in a game with machine guns (rules.md §7.4); its two last words may come in either order."""


def _bad(text: str, verb: str, why: Msg, usage: str | None = None) -> UnreadableMove:
    return UnreadableMove("notation.bad", text=text, why=why, usage=usage or USAGE[verb])


def _space(text: str, verb: str, word: str) -> int:
    space = _SPACES.get(word.upper())
    if space is None:
        raise _bad(text, verb, Msg("notation.not_space", word=word))
    return space


def _digits(word: str) -> bool:
    """Whether ``word`` is ASCII digits only (``str.isdigit`` alone also takes other scripts' digits)."""
    return word.isdigit() and word.isascii()


def _count(text: str, verb: str, word: str, what: str = "what.count") -> int:
    """Read a count; ``what`` is the code of what it counts, for the message."""
    if not _digits(word):
        raise _bad(text, verb, Msg("notation.not_digits", word=word, what=Msg(what)))
    n = int(word)
    if n < 1:
        raise _bad(text, verb, Msg("notation.at_least_one", what=Msg(what)))
    return n


def _figure_count(text: str, verb: str, word: str) -> tuple[int, bool]:
    if _digits(word):
        n = int(word)
        if n >= 1:
            return n, False
    elif word.lower() == "leader":
        return 1, True
    return _count(text, verb, word, "what.workers"), False


def _kind(text: str, verb: str, word: str) -> str:
    kind = word.lower()
    if kind not in TREASURE_KINDS:
        raise _bad(text, verb, Msg("notation.not_kind", word=word, kinds=TREASURE_KINDS))
    return kind


def unknown_verb(text: str, word: str, verbs: tuple[str, ...] = VERBS) -> UnreadableMove:
    """Return the error for a first word that is not a move of the game (its ``verbs``)."""
    return UnreadableMove("notation.unknown_verb", text=text, word=word, verbs=verbs)


def not_in_game(move: Move, words: tuple[str, ...]) -> UnreadableMove | None:
    """Return the error for a move that uses a word of rules.md §7.0.3 the game does not have (its option
    is not chosen: the word is then unknown, as ``parse_move`` would find it), else ``None``.

    ``words`` are the game's option words (``engine.options.option_words``)."""
    text = str(move)
    verbs = (*VERBS, *(w for w in words if w in OPTION_MOVES and w != "gun"))
    if isinstance(move, Obstacle | Fire | Jump | Declare):
        verb = text.split(" ", 1)[0]
        return None if verb in words else unknown_verb(text, verb, verbs)
    if isinstance(move, Guard) and move.gun and "gun" not in words:
        return _bad(text, "guard", Msg("notation.leader_or_nothing", word="gun"))
    return None


def parse_move(text: str, game: tuple[str, ...] = ()) -> Move:
    """Parse one move in the notation of rules.md §5 (and the moves of section 7).

    Returns the move; raises ``UnreadableMove`` with a message naming the expected form. Words are
    case-insensitive and separated by one or more spaces; ``guard``'s ``leader`` and ``gun`` come in
    either order. The moves of section 7 are read here in any game; ``engine.apply`` refuses them as
    unknown in a game without their option.

    ``game``, the game's words of rules.md §7.0.3 (``engine.options.option_words``), changes only what a
    refusal of ``guard`` says: with machine guns, its whole form ``guard <hex> [leader] [gun]``. (An
    unknown verb lists section 5's verbs in every game, as ``python -m engine replay`` always printed.)
    """
    words = text.split()
    if words:
        quick = _QUICK.get(words[0])
        if quick is not None:
            move = quick(words)
            if move is not None:
                return move
    else:
        raise UnreadableMove("notation.empty", verbs=VERBS)
    verb, args = words[0].lower(), words[1:]
    arity = _ARITY.get(verb)
    if arity is None:
        raise unknown_verb(text, words[0])
    if verb == "guard":
        return _guard(text, args, "gun" in game)
    low, high = arity
    if not low <= len(args) <= high:
        raise _bad(text, verb, Msg("notation.arity", verb=verb, n=high) if low == high
                   else Msg("notation.arity_range", verb=verb, low=low, n=high))
    return _READERS[verb](text, verb, args)


def parse_written(text: str) -> tuple[Move, str]:
    """``parse_move(text)`` and the move as the game writes it (``str(move)``). A move read at once (``_QUICK``: its
    words as the game writes them) is written as its words joined by one space, so no ``str`` is needed."""
    words = text.split()
    if words:
        quick = _QUICK.get(words[0])
        if quick is not None:
            move = quick(words)
            if move is not None:
                return move, " ".join(words)
    move = parse_move(text)
    return move, str(move)


# ---------------------------------------------------------------------------------------------
# Moves as the game writes them, read at once: a verb in lower case, upper-case space names, counts without
# leading zeros. Each returns ``None`` for anything else, which ``parse_move`` then reads word by word.

_COUNTS: Final[dict[str, int]] = {str(n): n for n in range(1, 100)}
"""Counts as the game writes them."""


def _quick_place(words: list[str]) -> Move | None:
    if len(words) == 3:
        space, rotation = _SPACES.get(words[1]), _ROTATIONS.get(words[2])
        if space is not None and rotation is not None:
            return Place(space, rotation)
    return None


_ROTATIONS: Final[dict[str, int]] = {str(r): r for r in range(6)}


def _quick_deploy(words: list[str]) -> Move | None:
    if len(words) == 3:
        space, count = _SPACES.get(words[1]), _COUNTS.get(words[2])
        if space is not None:
            if count is not None:
                return Deploy(space, count)
            if words[2] == "leader":
                return Deploy(space, 1, True)
    return None


def _quick_walk_or_transfer(words: list[str]) -> Move | None:
    if len(words) == 4:
        source, target, count = _SPACES.get(words[1]), _SPACES.get(words[2]), _COUNTS.get(words[3])
        if source is not None and target is not None:
            kind = Walk if words[0] == "move" else Transfer
            if count is not None:
                return kind(source, target, count)
            if words[3] == "leader":
                return kind(source, target, 1, True)
    return None


def _quick_dig(words: list[str]) -> Move | None:
    if len(words) == 3:
        space, count = _SPACES.get(words[1]), _COUNTS.get(words[2])
        if space is not None and count is not None:
            return Uncover(space, count) if words[0] == "uncover" else Recover(space, count)
    return None


def _quick_camp(words: list[str]) -> Move | None:
    if len(words) == 2:
        space = _SPACES.get(words[1])
        if space is not None:
            return Camp(space)
    return None


def _quick_counted(words: list[str]) -> Move | None:
    if len(words) == 2:
        count = _COUNTS.get(words[1])
        if count is not None:
            return _COUNTED_KINDS[words[0]](count)
    return None


def _quick_exchange(words: list[str]) -> Move | None:
    if len(words) == 4 and words[1] in _KINDS and words[3] in _KINDS:
        return Exchange(words[1], words[2], words[3])
    return None


_KINDS: Final = frozenset(TREASURE_KINDS)


def _quick_guard(words: list[str]) -> Move | None:
    space = _SPACES.get(words[1]) if 2 <= len(words) <= 4 else None
    if space is not None:
        rest = words[2:]
        if not rest:
            return Guard(space)
        if rest == ["leader"]:
            return Guard(space, True)
        if rest == ["gun"]:
            return Guard(space, False, True)
        if rest == ["leader", "gun"]:  # in the order the game writes them
            return Guard(space, True, True)
    return None


def _quick_obstacle(words: list[str]) -> Move | None:
    if len(words) == 3:
        first, second = _SPACES.get(words[1]), _SPACES.get(words[2])
        if first is not None and second is not None and first < second:  # in the order the game writes them
            return Obstacle(first, second)
    return None


def _quick_fire(words: list[str]) -> Move | None:
    if len(words) == 3:
        space = _SPACES.get(words[1])
        if space is not None:
            return Fire(space, words[2])
    return None


def _quick_declare(words: list[str]) -> Move | None:
    if len(words) == 2 and (words[1] == "yes" or words[1] == "no"):
        return Declare(words[1] == "yes")
    return None


def _quick_word(words: list[str]) -> Move | None:
    return _WORD_MOVES[words[0]] if len(words) == 1 else None


def _place(text: str, verb: str, args: list[str]) -> Move:
    space = _space(text, verb, args[0])
    rotation = args[1]
    if not _digits(rotation) or int(rotation) > 5:
        raise _bad(text, verb, Msg("notation.rotation", word=rotation))
    return Place(space, int(rotation))


def _deploy(text: str, verb: str, args: list[str]) -> Move:
    space, word = _SPACES.get(args[0].upper()), args[1]
    if space is not None:  # the usual cases, at once
        if word.isdigit() and word.isascii() and int(word) > 0:
            return Deploy(space, int(word))
        if word == "leader":
            return Deploy(space, 1, True)
    count, leader = _figure_count(text, verb, word)
    return Deploy(_space(text, verb, args[0]), count, leader)


def _transfer_or_walk(text: str, verb: str, args: list[str]) -> Move:
    kind = Transfer if verb == "transfer" else Walk
    source, target, word = _SPACES.get(args[0].upper()), _SPACES.get(args[1].upper()), args[2]
    if source is not None and target is not None:  # the usual cases, at once
        if word.isdigit() and word.isascii() and int(word) > 0:
            return kind(source, target, int(word))
        if word == "leader":
            return kind(source, target, 1, True)
    source, target = _space(text, verb, args[0]), _space(text, verb, args[1])
    count, leader = _figure_count(text, verb, word)
    return kind(source, target, count, leader)


def _dig(text: str, verb: str, args: list[str]) -> Move:
    space = _SPACES.get(args[0].upper())
    if space is not None:  # the usual cases, at once
        if len(args) == 1:
            return Uncover(space) if verb == "uncover" else Recover(space)
        word = args[1]
        if word.isdigit() and word.isascii() and word != "0" * len(word):
            return Uncover(space, int(word)) if verb == "uncover" else Recover(space, int(word))
    space = _space(text, verb, args[0])
    count = _count(text, verb, args[1]) if len(args) > 1 else 1
    return (Uncover if verb == "uncover" else Recover)(space, count)


def _exchange(text: str, verb: str, args: list[str]) -> Move:
    return Exchange(_kind(text, verb, args[0]), args[1], _kind(text, verb, args[2]))


def _camp(text: str, verb: str, args: list[str]) -> Move:
    return Camp(_space(text, verb, args[0]))


def _bid(text: str, verb: str, args: list[str]) -> Move:
    word = args[0]
    if word.isdigit() and word.isascii() and word != "0" * len(word):  # the usual case, at once
        return Bid(int(word))
    return Bid(_count(text, verb, word, "what.bid"))


def _pick(text: str, verb: str, args: list[str]) -> Move:
    word = args[0]
    if word.isdigit() and word.isascii() and word != "0" * len(word):  # the usual case, at once
        return Pick(int(word))
    return Pick(_count(text, verb, word, "what.hexagon"))


def _obstacle(text: str, verb: str, args: list[str]) -> Move:
    first, second = _space(text, verb, args[0]), _space(text, verb, args[1])
    return Obstacle(min(first, second), max(first, second))


def _fire(text: str, verb: str, args: list[str]) -> Move:
    return Fire(_space(text, verb, args[0]), args[1])


def _jump(text: str, verb: str, args: list[str]) -> Move:
    word = args[0]
    if word.isdigit() and word.isascii() and word != "0" * len(word):  # the usual case, at once
        return Jump(int(word))
    return Jump(_count(text, verb, word, "what.chips"))


def _declare(text: str, verb: str, args: list[str]) -> Move:
    answer = args[0].lower()
    if answer not in ("yes", "no"):
        raise _bad(text, verb, Msg("notation.yes_no", word=args[0]))
    return Declare(answer == "yes")


def _guard(text: str, args: list[str], guns: bool) -> Guard:
    """``guard <hex>`` with ``leader``, ``gun``, both in either order, or neither (read in any game; ``guns``: the
    game has machine guns, which its refusals then name)."""
    usage = GUN_USAGE if guns else USAGE["guard"]
    if not 1 <= len(args) <= 3:
        raise _bad(text, "guard", Msg("notation.arity_upto", verb="guard", low=1, n=3) if guns
                   else Msg("notation.arity_range", verb="guard", low=1, n=2), usage)
    space = _space(text, "guard", args[0])
    rest = [a.lower() for a in args[1:]]
    for word, lowered in zip(args[1:], rest, strict=True):
        if lowered not in ("leader", "gun"):
            raise _bad(text, "guard", Msg("notation.leader_gun_or_nothing" if guns else "notation.leader_or_nothing",
                                          word=word), usage)
    if len(rest) == 2 and rest[0] == rest[1]:
        raise _bad(text, "guard", Msg("notation.twice", word=args[2]), usage)
    return Guard(space, "leader" in rest, "gun" in rest)


_END, _UNDO, _PASS = End(), Undo(), Pass()

_ARITY: Final[dict[str, tuple[int, int]]] = {
    "place": (2, 2), "deploy": (2, 2), "transfer": (3, 3), "move": (3, 3), "uncover": (1, 2),
    "recover": (1, 2), "exchange": (3, 3), "camp": (1, 1), "guard": (1, 3), "end": (0, 0),
    "undo": (0, 0), "bid": (1, 1), "pass": (0, 0), "pick": (1, 1), "obstacle": (2, 2), "fire": (2, 2),
    "jump": (1, 1), "score": (1, 1),
}
"""Per verb, the fewest and the most words after it (``guard``'s are checked by ``_guard``)."""

_READERS: Final[dict[str, Callable[[str, str, list[str]], Move]]] = {
    "place": _place, "deploy": _deploy, "transfer": _transfer_or_walk, "move": _transfer_or_walk,
    "uncover": _dig, "recover": _dig, "exchange": _exchange, "camp": _camp,
    "end": lambda *_: _END, "undo": lambda *_: _UNDO,
    "bid": _bid, "pass": lambda *_: _PASS, "pick": _pick, "obstacle": _obstacle, "fire": _fire, "jump": _jump,
    "score": _declare,
}

_COUNTED_KINDS: Final[dict[str, Callable[[int], Move]]] = {"bid": Bid, "pick": Pick, "jump": Jump}
_WORD_MOVES: Final[dict[str, Move]] = {"end": _END, "undo": _UNDO, "pass": _PASS}
_QUICK: Final[dict[str, Callable[[list[str]], Move | None]]] = {
    "place": _quick_place, "deploy": _quick_deploy, "move": _quick_walk_or_transfer,
    "transfer": _quick_walk_or_transfer, "uncover": _quick_dig, "recover": _quick_dig, "camp": _quick_camp,
    "bid": _quick_counted, "pick": _quick_counted, "jump": _quick_counted, "end": _quick_word, "undo": _quick_word,
    "pass": _quick_word, "exchange": _quick_exchange, "guard": _quick_guard, "obstacle": _quick_obstacle,
    "fire": _quick_fire, "score": _quick_declare,
}
"""Per verb as the game writes it, a reader of the move as the game writes it (``None`` for anything else)."""
