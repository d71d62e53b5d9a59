"""Importing user code (agents, the suite's own checks) from a suite's folder.

Two suites often hold modules of the same name (``agent.py``, ``checks.py``). Python's
module cache would hand the second suite the first suite's module, so a module that
exists in the wanted folders is imported from there, replacing a same-named module
cached from elsewhere.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType

from .errors import ConfigError

__all__ = ["import_from", "import_user_module"]


def _module_file(name: str, folder: Path) -> Path | None:
    base = folder.joinpath(*name.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate.resolve()
    return None


def import_from(name: str, folders: list[Path]) -> ModuleType:
    """Import module `name`, looking in `folders` first.

    Raises:
        ModuleNotFoundError: neither the folders nor the environment have it.
        Exception: whatever the module raises while it is imported.
    """
    entries = [str(f.resolve()) for f in folders]
    for entry in reversed(entries):
        if entry in sys.path:
            sys.path.remove(entry)
        sys.path.insert(0, entry)
    local = next((f for f in (_module_file(name, Path(e)) for e in entries) if f), None)
    cached = sys.modules.get(name)
    if cached is not None and local is not None:
        cached_file = getattr(cached, "__file__", None)
        if cached_file is None or Path(cached_file).resolve() != local:
            top = name.split(".")[0]
            for key in [k for k in sys.modules if k == top or k.startswith(top + ".")]:
                del sys.modules[key]
    importlib.invalidate_caches()
    return importlib.import_module(name)


def import_user_module(name: str, folders: list[Path], *, what: str) -> ModuleType:
    """`import_from`, with every failure turned into a `ConfigError` that says what to do.

    Args:
        name: the module.
        folders: where to look first.
        what: what the module is, for messages ("module", "tools module").

    Raises:
        ConfigError: the module is not found, a module it imports is missing, or it raises
            (`SystemExit` included: user code never chooses fourfold's exit code).
    """
    try:
        return import_from(name, folders)
    except ModuleNotFoundError as exc:
        if exc.name is not None and (name + ".").startswith(exc.name + "."):
            raise ConfigError(
                f"{what} {name!r} not found on the path [{', '.join(str(f) for f in folders)}]",
                hint="set agent.path in the suite to the folder that holds it "
                "(relative to the suite file)",
            ) from exc
        raise ConfigError(
            f"importing {what} {name!r} failed: {exc}",
            hint=f"install {exc.name!r} in the environment fourfold runs in",
        ) from exc
    except SystemExit as exc:
        # Never fourfold's exit code: a module that ends the process on import is bad input.
        raise ConfigError(
            f"importing {what} {name!r} called sys.exit({exc.code!r}): a module fourfold "
            "imports must not end the process",
            hint=f"move the sys.exit call under `if __name__ == '__main__':` in {name}",
        ) from exc
    except Exception as exc:
        raise ConfigError(
            f"importing {what} {name!r} raised {type(exc).__name__}: {exc}",
            hint=f"fix the module so it imports cleanly (try `python -c 'import {name}'`)",
        ) from exc
