"""Frozen values made quickly: ``quick_init`` gives a frozen dataclass with slots a faster ``__init__``."""

from __future__ import annotations

from dataclasses import MISSING, fields
from typing import TypeVar

T = TypeVar("T")


def quick_init(cls: type[T]) -> type[T]:
    """Give a frozen dataclass with slots an ``__init__`` that sets each slot through its descriptor. The
    dataclass's own goes through ``object.__setattr__`` per field and costs about twice as much; moves are made
    for every move parsed and every legal move listed, a Rápido player's counts at every action. Same parameters,
    same defaults."""
    params, body = [], []
    setters: dict[str, object] = {}
    for f in fields(cls):  # type: ignore[arg-type]
        params.append(f.name if f.default is MISSING else f"{f.name}={f.default!r}")
        body.append(f"    _set_{f.name}(self, {f.name})\n")
        setters[f"_set_{f.name}"] = getattr(cls, f.name).__set__
    exec(f"def __init__(self, {', '.join(params)}):\n{''.join(body) or '    pass'}\n", setters)
    setattr(cls, "__init__", setters["__init__"])  # noqa: B010 (mypy may not assign a method)
    return cls
