"""The import graph of the four packages, read from the source with ``ast``: every import counts,
those inside functions and under ``TYPE_CHECKING`` included.

No cycle anywhere; the engine imports nothing of the project (neither render nor bot, and no language: its
console speaks English, the bot's console the other languages). ``lang`` imports only the engine; render never
imports bot. The bot's discord-free core imports none of its three adapters: Discord (``bot.adapter``), the web
view (``bot.web``), the console (``bot.console``). The Discord process serves the web view (``bot.adapter.app``
starts it); else no adapter imports another (``tests/bot/test_rooms.py``: nor does any but the Discord adapter
load discord). Inside the core, each part (a sub-package of ``bot.core``) imports only the parts below it, so
storage knows nothing of turns.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "render", "bot", "lang")
CORE_PARTS = ("metrics", "words", "menus", "storage", "clocks", "table", "outbox", "days", "league", "web_play",
              "guilds", "tutorial", "spectators", "health")
"""The parts of ``bot.core`` from the bottom up (docs/architecture.md): each imports only the parts before it.
``bot.core.assembly`` stands above them all and puts them together."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for package in PACKAGES for p in (ROOT / package).rglob("*.py")}


def imported(name: str, path: Path, known: set[str]) -> Iterator[str]:
    """The project's modules that ``name`` imports (``from a import b`` counts as ``a.b`` when that is a module)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")
                up = up[: len(up) - (node.level - 1)]
                base = ".".join([*up, *([base] if base else [])])
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                yield target


@functools.cache
def graph() -> dict[str, set[str]]:
    found = modules()
    known = set(found)
    return {name: set(imported(name, path, known)) for name, path in found.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of two or more modules (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return groups


def test_the_graph_is_read_from_every_module() -> None:
    edges = graph()
    assert {"engine.rules", "render.channel", "bot.core.table.store", "bot.adapter.app",
            "lang.translator"} <= set(edges)
    assert "lang.translator" in edges["render.words"] and "engine.messages" in edges["lang.translator"]
    assert "bot.core.storage.base" in edges["bot.core.table.store"]
    assert "bot.adapter.table" in edges["bot.adapter.app"]


def test_no_import_cycle_in_any_package() -> None:
    assert cycles(graph()) == []


def test_a_cycle_would_be_found() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_imports_only_go_down_the_layers() -> None:
    wrong = []
    for name, targets in graph().items():
        for target in targets:
            if ((name.startswith("engine") and target.startswith(("render", "bot", "lang")))
                    or (name.startswith("lang") and target.startswith(("render", "bot")))
                    or (name.startswith("render") and target.startswith("bot"))
                    or (name.startswith("bot.core") and target.startswith(ADAPTERS))
                    or (name.startswith(("bot.web", "bot.console")) and target.startswith("bot.adapter"))
                    or (name.startswith(("bot.adapter", "bot.web")) and target.startswith("bot.console"))
                    or (name.startswith("bot.console") and target.startswith("bot.web"))):
                wrong.append(f"{name} → {target}")
    assert wrong == []


ADAPTERS = ("bot.adapter", "bot.web", "bot.console")
"""The three ways in to the core: Discord, the web page, the terminal."""


def test_the_adapters_are_three_packages_beside_the_core() -> None:
    rooms = {name.split(".")[1] for name in graph() if name.count(".") >= 1 and name.startswith("bot.")}
    assert {"core", "adapter", "web", "console"} <= rooms
    loose = sorted(p.name for p in (ROOT / "bot").glob("*.py"))
    assert not any(name.startswith("local_") for name in loose), loose


def core_part(module: str) -> str | None:
    """The part of ``bot.core`` a module belongs to (``bot.core.table.store`` → ``table``), or None outside them."""
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[:2] == ["bot", "core"] and parts[2] != "assembly" else None


def upward(edges: dict[str, set[str]]) -> list[str]:
    """Every import from a part of the core to a part above it (or beside it, later in ``CORE_PARTS``)."""
    wrong = []
    for name, targets in edges.items():
        mine = core_part(name)
        for target in targets:
            theirs = core_part(target)
            if mine is not None and theirs is not None and CORE_PARTS.index(theirs) > CORE_PARTS.index(mine):
                wrong.append(f"{name} → {target}")
    return sorted(wrong)


def reached(edges: dict[str, set[str]], start: str) -> set[str]:
    """Every module ``start`` imports, directly or through others."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        for target in edges.get(todo.pop(), ()):
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return seen


def test_the_cores_parts_are_its_sub_packages() -> None:
    """Every module of the core is in one of its parts, but the assembly (and the package's own docstring)."""
    loose = {name for name in graph() if name.startswith("bot.core") and core_part(name) is None}
    assert loose == {"bot.core", "bot.core.assembly"}
    assert {core_part(name) for name in graph()} - {None} == set(CORE_PARTS)


def test_each_part_of_the_core_imports_only_the_parts_below_it() -> None:
    assert upward(graph()) == []


def test_an_import_up_the_core_would_be_found() -> None:
    edges = {"bot.core.storage.base": {"bot.core.table.posts"}, "bot.core.table.store": {"bot.core.storage.base"}}
    assert upward(edges) == ["bot.core.storage.base → bot.core.table.posts"]


def test_storage_knows_nothing_of_turns() -> None:
    """The storage and its backends reach nothing of the core outside ``bot.core.storage`` (no table, no clocks, no
    days, no league), not even through another module: a post is a kind and a JSON payload to it."""
    edges = graph()
    storage = [name for name in edges if core_part(name) == "storage"]
    assert "bot.core.storage.base" in storage and "bot.core.storage.postgres" in storage
    outside = {target for name in storage for target in reached(edges, name)
               if target.startswith("bot") and core_part(target) != "storage"}
    assert outside == set()


def test_the_engine_imports_nothing_above_it() -> None:
    edges = graph()
    above = {target for name in edges if name.startswith("engine")
             for target in reached(edges, name) if not target.startswith("engine")}
    assert above == set()
