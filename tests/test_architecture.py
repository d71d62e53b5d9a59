"""The layers of src/fourfold: imports run one way, as docs/architecture.md draws them.

Every part of the package (a sub-package or a top-level module) sits in one layer of the
``layers`` block in docs/architecture.md. A part may import its own layer or the layers
below it, never above; no parts import each other round a circle; no module is over 800
lines. Lazy imports (inside functions, under ``TYPE_CHECKING``) count like any other.
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers import source_tree

ROOT = source_tree.ROOT
PACKAGE = source_tree.PACKAGE
DOC = ROOT / "docs" / "architecture.md"
MAX_LINES = 800
EXEMPT = {"__init__"}
"""The package's own ``__init__`` is the library's face: it re-exports from every layer."""


def layers() -> dict[str, int]:
    """Part -> its layer's rank (0 is the top) from the doc's ``layers`` block."""
    block = re.search(r"```layers\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert block, f"{DOC} has no ```layers block"
    rank: dict[str, int] = {}
    for i, line in enumerate(block.group(1).strip().splitlines()):
        _, *parts = line.split()
        for part in parts:
            assert part not in rank, f"{part} is in two layers of {DOC.name}"
            rank[part] = i
    return rank


def part_of(module: str) -> str | None:
    bits = module.split(".")
    return bits[1] if bits[0] == "fourfold" and len(bits) > 1 else None


def modules() -> Iterator[tuple[Path, str]]:
    for file in sorted(PACKAGE.rglob("*.py")):
        rel = file.relative_to(PACKAGE.parent).with_suffix("")
        bits = rel.parts[:-1] if rel.name == "__init__" else rel.parts
        yield file, ".".join(bits)


def imports(file: Path, module: str) -> Iterator[tuple[str, int]]:
    """Every fourfold module `file` imports, with the line."""
    package = module.split(".") if file.name == "__init__.py" else module.split(".")[:-1]
    for node in source_tree.nodes(file):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            yield target, node.lineno


@functools.cache
def edges() -> dict[tuple[str, str], list[str]]:
    """(importer part, imported part) -> where, for every import between two parts.

    Made once per process (the source does not change while the tests run); not to be changed.
    """
    out: dict[tuple[str, str], list[str]] = {}
    for file, module in modules():
        me = part_of(module) or "__init__"
        if me in EXEMPT:
            continue
        for target, line in imports(file, module):
            other = part_of(target)
            if other is not None and other != me:
                out.setdefault((me, other), []).append(f"{file.relative_to(ROOT)}:{line}")
    return out


def parts() -> set[str]:
    return {p for _, m in modules() if (p := part_of(m)) is not None} | {
        p for (a, b) in edges() for p in (a, b)
    }


def test_every_part_has_a_layer() -> None:
    rank = layers()
    unplaced = sorted(parts() - set(rank) - EXEMPT)
    assert not unplaced, (
        f"parts not placed in {DOC.name}'s layers block: {unplaced}; add each to the layer "
        "it belongs to (the lowest layer whose parts it needs)"
    )
    gone = sorted(set(rank) - parts())
    assert not gone, f"{DOC.name} places parts that no longer exist: {gone}"


def test_imports_only_go_down() -> None:
    rank = layers()
    upward = [
        f"{a} ({_name(rank[a])}) imports {b} ({_name(rank[b])}) at {where[0]}"
        for (a, b), where in sorted(edges().items())
        if a in rank and b in rank and rank[b] < rank[a]
    ]
    assert not upward, "imports against the layer order:\n" + "\n".join(upward)


def test_no_circle_between_parts() -> None:
    graph: dict[str, set[str]] = {}
    for a, b in edges():
        graph.setdefault(a, set()).add(b)
    circles = _circles(graph)
    assert not circles, f"parts that import each other round a circle: {circles}"


@pytest.mark.parametrize(
    "file", [f for f, _ in modules()], ids=lambda f: str(f.relative_to(PACKAGE))
)
def test_no_module_is_over_800_lines(file: Path) -> None:
    lines = len(file.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{file.relative_to(ROOT)} has {lines} lines: split it by concept"


def _name(rank: int) -> str:
    block = re.search(r"```layers\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert block
    return block.group(1).strip().splitlines()[rank].split()[0]


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one part (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_checker_sees_a_circle() -> None:
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _circles({"a": {"b"}, "b": set()}) == []


def private_imports() -> list[str]:
    """Imports of a private module of another part: ``fourfold.trace.importers._files``.

    A part's own helpers (``integrations/otel`` importing ``integrations/_spans``) are its
    business; another part imports what the package's ``__init__`` publishes. Top-level
    private modules (``fourfold._json``) are shared values, not any package's insides.
    """
    found = []
    for file, module in modules():
        me = part_of(module) or "__init__"
        for target, line in imports(file, module):
            bits = target.split(".")
            if bits[0] != "fourfold" or len(bits) < 2 or bits[1] == me:
                continue
            if not (PACKAGE / bits[1]).is_dir():
                continue
            inside = bits[2:]
            names = _imported_names(file, line)
            if any(b.startswith("_") for b in inside) or any(
                _is_private_module(PACKAGE.joinpath(*bits[1:]), n) for n in names
            ):
                found.append(f"{file.relative_to(ROOT)}:{line} imports {target}")
    return found


def _imported_names(file: Path, line: int) -> list[str]:
    for node in source_tree.nodes(file):
        if isinstance(node, ast.ImportFrom) and node.lineno == line:
            return [alias.name for alias in node.names]
    return []


def _is_private_module(package: Path, name: str) -> bool:
    return name.startswith("_") and (
        (package / f"{name}.py").is_file() or (package / name / "__init__.py").is_file()
    )


def test_no_part_imports_the_private_modules_of_another() -> None:
    found = private_imports()
    assert not found, (
        "imports of another package's private modules:\n"
        + "\n".join(found)
        + "\npublish what is used in that package's __init__ and import it from there"
    )


def test_no_circle_between_the_importers_modules() -> None:
    """Inside `fourfold.integrations` too: the span readers and the assembly's own rules
    import what a span is from ``_steps``, never the assembly (``_common``) that uses them.
    """
    inside = {m for _, m in modules() if m.startswith("fourfold.integrations")}
    graph: dict[str, set[str]] = {}
    for file, module in modules():
        if module in inside:
            for target, _ in imports(file, module):
                if target in inside and target != module:
                    graph.setdefault(module, set()).add(target)
    circles = _circles(graph)
    assert not circles, f"modules of fourfold.integrations that import each other: {circles}"
