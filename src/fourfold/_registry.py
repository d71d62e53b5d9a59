"""The one registry of named components: checks, model providers and kinds of agent.

Built-in components register when their module is imported; a package may `defer` that
import to the first lookup of one of the names the module registers (fourfold's own
deterministic checks do: a suite that names none of them imports none). Components from
other packages are found through the ``fourfold`` entry-point group: each entry point
names a module that registers its components on import, under namespaced names
(``mypkg/toxicity``). Entry points are loaded lazily, the first time a name is missed.

The kinds, and who registers them:

- ``check``: `fourfold.checks.check` (a suite's ``checks:`` names them);
- ``provider``: `fourfold.models` (the prefix of a model name, ``openai/...``);
- ``agent``: `fourfold.agents.register_agent` (a suite's ``agent: {type: ...}``).

A kind is added here when something registers it and something looks it up.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from importlib import import_module
from importlib.metadata import entry_points
from typing import Any, Literal

from .errors import UnknownNameError

__all__ = ["Entry", "Kind", "defer", "lookup", "names", "register"]

Kind = Literal["agent", "check", "provider"]

ENTRY_POINT_GROUP = "fourfold"


@dataclass(frozen=True, slots=True)
class Entry:
    """One registered component."""

    kind: Kind
    name: str
    factory: Callable[..., Any]
    summary: str
    meta: dict[str, Any]


_entries: dict[tuple[Kind, str], Entry] = {}
_deferred: dict[tuple[Kind, str], str] = {}
"""Names a module registers when imported, and that module: imported on first lookup."""
_entry_points_loaded = False


def register(kind: Kind, name: str, factory: Callable[..., Any], /, **meta: Any) -> Entry:
    """Register `factory` under `name`.

    Positional-only, so a component's own metadata keyword can never collide with these.

    Raises:
        ValueError: the name is taken by a different factory.
    """
    owner = _deferred.get((kind, name))
    if owner is not None and getattr(factory, "__module__", None) != owner:
        raise ValueError(f"a {kind} named {name!r} is already registered (by {owner})")
    existing = _entries.get((kind, name))
    if existing is not None and existing.factory is not factory:
        same = getattr(existing.factory, "__qualname__", None) == getattr(
            factory, "__qualname__", None
        ) and getattr(existing.factory, "__module__", None) == getattr(factory, "__module__", None)
        if not same:  # a re-import of the same module (e.g. under doctest) is harmless
            raise ValueError(f"a {kind} named {name!r} is already registered")
    doc = (factory.__doc__ or "").strip().splitlines()
    entry = Entry(kind, name, factory, doc[0] if doc else "", dict(meta))
    _entries[(kind, name)] = entry
    return entry


def defer(kind: Kind, module: str, names: Iterable[str]) -> None:
    """Say that importing `module` registers `names` of `kind`: `lookup` imports it on first use.

    The names are listed by `names` and taken (another module cannot register them) before
    the module is imported.

    Examples:
        >>> defer("check", "fourfold.checks._policy", ["no_pii"])
        >>> lookup("check", "no_pii").factory.__module__
        'fourfold.checks._policy'
    """
    for name in names:
        _deferred[(kind, name)] = module


def names(kind: Kind) -> list[str]:
    """Every registered name of `kind`, sorted (loads entry points first)."""
    _load_entry_points()
    known = {name for k, name in _entries if k == kind}
    return sorted(known | {name for k, name in _deferred if k == kind})


def lookup(kind: Kind, name: str) -> Entry:
    """The entry registered as `name`.

    Raises:
        UnknownNameError: no such component; the message suggests the closest names.
    """
    entry = _entries.get((kind, name))
    if entry is None and (kind, name) in _deferred:
        import_module(_deferred[(kind, name)])  # registers it
        entry = _entries.get((kind, name))
    if entry is None:
        _load_entry_points()
        entry = _entries.get((kind, name))
    if entry is None:
        known = names(kind)
        close = difflib.get_close_matches(name, known, n=3, cutoff=0.5)
        hint = (
            f"did you mean {' or '.join(repr(c) for c in close)}?"
            if close
            else f"known {kind}s: {', '.join(known)}"
        )
        raise UnknownNameError(f"unknown {kind} {name!r}", hint=hint)
    return entry


def _load_entry_points() -> None:
    global _entry_points_loaded
    if _entry_points_loaded:
        return
    _entry_points_loaded = True
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        ep.load()
