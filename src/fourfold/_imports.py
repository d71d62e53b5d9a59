"""Importing user code (agents, the suite's own checks) from a suite's folder.

Two suites often hold modules of the same name (``agent.py``, ``checks.py``). Python's
module cache would hand the second suite the first suite's module, so a module that
exists in the wanted folders is imported from there, replacing a same-named module
cached from elsewhere.

A suite names user code as ``module:attribute`` (``support_agent:answer``,
``support_tools:TOOLS``, ``mypkg.agents:Bot.run``); `split_reference` is the one reader of
that form and `find_attribute` the one walk down its dotted attribute.
"""

from __future__ import annotations

import importlib
import sys
import traceback
from pathlib import Path
from types import ModuleType
from typing import Any

from .errors import ConfigError

__all__ = ["find_attribute", "import_from", "import_user_module", "split_reference"]


def split_reference(spec: str, *, field: str, shape: str, hint: str) -> tuple[str, str]:
    """Split ``module:attribute`` into the module and the (maybe dotted) attribute.

    Args:
        spec: what the suite wrote.
        field: where it was written, with its verb, for messages ("agent.python is").
        shape: the form expected ("module:function").
        hint: how to write it, with an example.

    Raises:
        ConfigError: there is no colon, or nothing on one side of it; or the module is
            written as a file (``agent.py``, ``src/agent``): a module name is wanted.

    Examples:
        >>> split_reference(" agent : answer ", field="x is", shape="m:f", hint="")
        ('agent', 'answer')
    """
    module_name, sep, attr = spec.partition(":")
    module_name, attr = module_name.strip(), attr.strip()
    if not sep or not module_name or not attr:
        raise ConfigError(f"{field} {spec!r}, not {shape!r}", hint=hint)
    if module_name.endswith(".py") or "/" in module_name or "\\" in module_name:
        stem = Path(module_name).stem
        name = field.split()[0]
        raise ConfigError(
            f"{name} names the file {module_name!r}; it takes a module name",
            hint=f"write '{stem}:{attr}' and put the file's folder in agent.path",
        )
    return module_name, attr


def find_attribute(module: ModuleType, attr: str) -> tuple[bool, Any]:
    """Follow the dotted `attr` from `module`: (True, the value), or (False, None)."""
    target: Any = module
    for part in attr.split("."):
        if not hasattr(target, part):
            return False, None
        target = getattr(target, part)
    return True, target


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
        ConfigError: the module is not found, a module it imports is missing, it has a
            syntax error, or it raises or exits (``sys.exit``) while imported; the file and
            line are the module's own where the traceback shows them.
    """
    try:
        return import_from(name, folders)
    except SyntaxError as exc:  # before Exception: the file and line are the point
        raise ConfigError(
            f"importing {what} {name!r} raised {type(exc).__name__}: {exc.msg}",
            file=exc.filename,
            line=exc.lineno,
            hint=f"fix the syntax (try `python -c 'import {name}'`)",
        ) from exc
    except SystemExit as exc:
        # Left alone, it would end fourfold with the module's exit code (3 reads as "review").
        file, line = _where(exc, folders)
        raise ConfigError(
            f"importing {what} {name!r} called sys.exit({exc.code!r})",
            file=file,
            line=line,
            hint="a module must not exit when it is imported: put that code under "
            "`if __name__ == '__main__':`",
        ) from exc
    except ModuleNotFoundError as exc:
        if exc.name is not None and (name + ".").startswith(exc.name + "."):
            raise ConfigError(
                f"{what} {name!r} not found on the path [{', '.join(str(f) for f in folders)}]",
                hint="set agent.path in the suite to the folder that holds it "
                "(relative to the suite file)",
            ) from exc
        file, line = _where(exc, folders)
        raise ConfigError(
            f"importing {what} {name!r} failed: {exc}",
            file=file,
            line=line,
            hint=f"install {exc.name!r} in the environment fourfold runs in",
        ) from exc
    except Exception as exc:
        file, line = _where(exc, folders)
        raise ConfigError(
            f"importing {what} {name!r} raised {type(exc).__name__}: {exc}",
            file=file,
            line=line,
            hint=f"fix the module so it imports cleanly (try `python -c 'import {name}'`)",
        ) from exc


def _where(exc: BaseException, folders: list[Path]) -> tuple[str | None, int | None]:
    """The file and line of the user's code that raised: the innermost frame in `folders`.

    Falls back to the innermost frame outside Python's import machinery, and to nothing
    when the traceback holds neither (the module was not found at all).
    """
    roots = [f.resolve() for f in folders]
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if not f.filename.startswith("<")]
    for frame in reversed(frames):
        path = Path(frame.filename).resolve()
        if any(path.is_relative_to(root) for root in roots):
            return frame.filename, frame.lineno
    outside = [f for f in frames if not _is_fourfold(f.filename)]
    return (outside[-1].filename, outside[-1].lineno) if outside else (None, None)


def _is_fourfold(filename: str) -> bool:
    return Path(filename).resolve().is_relative_to(Path(__file__).resolve().parent)
