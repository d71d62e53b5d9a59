"""Attributes of a package imported on first use (PEP 562), so importing it costs nothing.

A package whose public names pull in heavy or unrelated modules lists them here instead of
importing them: ``__getattr__, __dir__ = lazy_exports(__name__, {"name": ".module"})``.
The module is imported when the name is first read, and the name is then cached on the
package. Type checkers see the names through an ``if TYPE_CHECKING:`` import block beside it.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["lazy_exports"]


def lazy_exports(
    package: str, exports: Mapping[str, str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """A module-level ``__getattr__`` and ``__dir__`` serving `exports` lazily.

    Args:
        package: the package's ``__name__``.
        exports: public name -> the module defining it, relative to `package` (``"._files"``).

    Examples:
        >>> getattr_, dir_ = lazy_exports("json", {"loads": ".decoder"})
        >>> "loads" in dir_()
        True
    """

    def __getattr__(name: str) -> Any:
        where = exports.get(name)
        if where is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(where, package), name)
        setattr(sys.modules[package], name, value)
        return value

    def __dir__() -> list[str]:
        return sorted({*exports, *vars(sys.modules[package])})

    return __getattr__, __dir__
