"""Collecting the tests loads no reference library (#11: ``make test-fast`` in a minute).

Every xdist worker imports every test module to collect it. scipy.stats, statsmodels (and
the pandas it loads) and scikit-learn take seconds to import and serve only as references
a few tests check fourfold's figures against, so those tests import them where they use
them. A module-level import of one of them in any test file is what this test catches.
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent

REFERENCE_ONLY = ("scipy", "statsmodels", "sklearn", "pandas")
"""Libraries fourfold does not import at module level and the tests use only as references."""


def _module_level_imports(tree: ast.Module) -> list[tuple[int, str]]:
    found: list[tuple[int, str]] = []
    for node in tree.body:  # the module's own statements, not the functions' bodies
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
    return found


def test_no_test_module_imports_a_reference_library_at_module_level() -> None:
    texts = {file: file.read_text(encoding="utf-8") for file in sorted(TESTS.rglob("*.py"))}
    offenders = [
        f"{file.relative_to(TESTS.parent)}:{line}: import {name}"
        for file, text in texts.items()
        if any(library in text for library in REFERENCE_ONLY)  # parse only these (fast)
        for line, name in _module_level_imports(ast.parse(text))
        if name.split(".")[0] in REFERENCE_ONLY
    ]
    assert not offenders, (
        "these test modules import a reference library when they are collected; import it "
        "inside the tests that use it (as tests/stats/test_paired.py does):\n"
        + "\n".join(offenders)
    )
