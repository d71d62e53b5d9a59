"""The package's modules as syntax trees, parsed and walked once per test process.

The tests that read src/fourfold as code (test_architecture, test_one_rule) each parsed its
~270 modules (about a second and a half) and walked every tree again for every rule (a third
of a second a walk). Here the trees, and each tree's nodes in `ast.walk` order, are made
once per process and shared. The trees are shared objects: a test reads them, never
changes them.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

__all__ = ["PACKAGE", "ROOT", "nodes", "parsed", "tree"]

ROOT = Path(__file__).resolve().parents[2]
"""The repository."""
PACKAGE = ROOT / "src" / "fourfold"


@functools.cache
def parsed() -> tuple[tuple[Path, ast.Module], ...]:
    """Every module of the package, in path order, with its tree."""
    return tuple((file, tree(file)) for file in sorted(PACKAGE.rglob("*.py")))


@functools.cache
def tree(file: Path) -> ast.Module:
    """The syntax tree of `file`."""
    return ast.parse(file.read_text(encoding="utf-8"))


@functools.cache
def nodes(file: Path) -> tuple[ast.AST, ...]:
    """Every node of `file`'s tree, in the order `ast.walk` gives them."""
    return tuple(ast.walk(tree(file)))
