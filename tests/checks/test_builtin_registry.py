"""The built-in checks register on first use: `fourfold.checks` names them, by module.

A suite that names none of them imports none of their modules (their patterns are a good
part of a judged run's start-up); the first lookup of a name imports its module.
"""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

from fourfold import _registry
from fourfold.checks import _BUILT_IN

MODULES = {f"fourfold.checks.{module}": names for module, names in _BUILT_IN.items()}


@pytest.mark.parametrize("module", sorted(MODULES))
def test_the_table_names_what_each_module_registers(module: str) -> None:
    importlib.import_module(module)
    registered = sorted(
        name
        for (kind, name), entry in _registry._entries.items()
        if kind == "check" and entry.factory.__module__ == module
    )
    assert registered == sorted(MODULES[module])


def test_every_built_in_check_is_listed_and_found() -> None:
    names = _registry.names("check")
    for module, table in MODULES.items():
        for name in table:
            assert name in names
            assert _registry.lookup("check", name).factory.__module__ == module


PROBE = """
import sys
import fourfold.checks
from fourfold import _registry

modules = {modules!r}
assert not [m for m in modules if m in sys.modules], [m for m in modules if m in sys.modules]
assert "tools_required" in _registry.names("check")
assert "fourfold.checks._trajectory" not in sys.modules  # listed without being imported

try:
    _registry.register("check", "no_pii", lambda: None)
except ValueError as exc:
    assert "fourfold.checks._policy" in str(exc), exc
else:
    raise AssertionError("a plugin took a built-in check's name")

fourfold.checks.create_check("no_pii", {{}})
assert "fourfold.checks._policy" in sys.modules
assert "fourfold.checks._trajectory" not in sys.modules
print("ok")
"""


@pytest.mark.slow  # a fresh interpreter imports fourfold
def test_a_built_in_module_is_imported_on_the_first_lookup_of_one_of_its_names() -> None:
    done = subprocess.run(
        [sys.executable, "-c", PROBE.format(modules=sorted(MODULES))],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip() == "ok"
