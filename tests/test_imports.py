"""The import graph of the four packages, read from the source with ``ast``: every import counts,
those inside functions and under ``TYPE_CHECKING`` included.

No cycle anywhere; the engine imports neither render nor bot, and no language: only its command line
(``engine.__main__``) may hand the console a ``lang`` translator. ``lang`` imports only the engine;
render never imports bot, and the bot's discord-free core never imports its Discord adapter.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "render", "bot", "lang")


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
            if ((name.startswith("engine") and target.startswith(("render", "bot")))
                    or (name.startswith("engine") and name != "engine.__main__" and target.startswith("lang"))
                    or (name.startswith("lang") and target.startswith(("render", "bot")))
                    or (name.startswith("render") and target.startswith("bot"))
                    or (name.startswith("bot.core") and target.startswith("bot.adapter"))):
                wrong.append(f"{name} → {target}")
    assert wrong == []
