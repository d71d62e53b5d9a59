"""Attributes of a package imported on first use (PEP 562), so importing it costs nothing.

A package whose public names pull in heavy or unrelated modules lists them here instead of
importing them: ``__getattr__, __dir__ = lazy_exports(__name__, {"name": ".module"})``.
The module is imported when the name is first read, and the name is then cached on the
package. Type checkers see the names through an ``if TYPE_CHECKING:`` import block beside it.

A public name reports the package a user imports it from as its ``__module__``, not the
private module that defines it (``fourfold.Trace`` is ``fourfold.trace.Trace``, not
``fourfold.trace._model.Trace``), as httpx does: tracebacks, ``repr`` and documentation
then name what a user can import. `lazy_exports` rewrites a name as it serves it;
a package that imports its names eagerly calls `publish` after its imports.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterable, Mapping
from types import FunctionType, ModuleType
from typing import Any

__all__ = ["lazy_exports", "publish"]

_EXPORTS: dict[str, Mapping[str, str]] = {}
"""Package name -> its lazy exports, read by `_LazyPackage.__setattr__`."""


class _LazyPackage(ModuleType):
    """A package whose lazy export shares its name with one of its submodules.

    Once a submodule is loaded, the import system binds it on its package under its own
    name: loading ``fourfold.compare`` (the module) would hide ``fourfold.compare`` (the
    function) for good, since ``__getattr__`` is only asked for names the package lacks.
    An eagerly importing package rebinds the function afterwards; a lazy one refuses the
    binding instead, so the name keeps resolving to the export.
    """

    def __setattr__(self, name: str, value: Any) -> None:
        if (
            isinstance(value, ModuleType)
            and value.__name__ == f"{self.__name__}.{name}"
            and name in _EXPORTS.get(self.__name__, {})
        ):
            return
        super().__setattr__(name, value)


def lazy_exports(
    package: str, exports: Mapping[str, str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """A module-level ``__getattr__`` and ``__dir__`` serving `exports` lazily.

    Args:
        package: the package's ``__name__``.
        exports: public name -> the module defining it, relative to `package` (``"._files"``).

    Examples:
        >>> import sys, types
        >>> package = sys.modules["example"] = types.ModuleType("example")
        >>> package.__getattr__, package.__dir__ = lazy_exports("example", {"loads": "json"})
        >>> "loads" in dir(package), "loads" in vars(package)
        (True, False)
        >>> package.loads("[1]"), "loads" in vars(package)
        ([1], True)
        >>> del sys.modules["example"]
    """
    _EXPORTS[package] = exports
    module = sys.modules.get(package)
    if module is not None and type(module) is ModuleType:
        module.__class__ = _LazyPackage

    def __getattr__(name: str) -> Any:
        where = exports.get(name)
        if where is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(where, package), name)
        _report_as(package, value)
        setattr(sys.modules[package], name, value)
        return value

    def __dir__() -> list[str]:
        return sorted({*exports, *vars(sys.modules[package])})

    return __getattr__, __dir__


def publish(package: str, names: Iterable[str]) -> None:
    """Report each of `names`, already imported into `package`, as defined there.

    For a package that imports its public names eagerly: call it after the imports, with
    ``__all__``.

    Examples:
        >>> import fourfold.trace
        >>> fourfold.trace.Trace.__module__
        'fourfold.trace'
    """
    namespace = vars(sys.modules[package])
    for name in names:
        _report_as(package, namespace[name])


def _report_as(package: str, value: Any) -> None:
    """Set `value`'s ``__module__`` to `package` if a private module defines it.

    Only classes and functions carry their own ``__module__``; constants and type aliases
    are left alone. A name defined in a public module keeps it (``fourfold.gate``).
    """
    if any(part.startswith("_") for part in package.split(".")):
        return
    if not isinstance(value, type | FunctionType):
        return
    module = getattr(value, "__module__", None)
    if not isinstance(module, str) or not module.startswith("fourfold"):
        return
    if any(part.startswith("_") for part in module.split(".")):
        value.__module__ = package
