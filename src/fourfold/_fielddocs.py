"""A model field's docstring, read from the source only when a message needs it.

Configuration models document each field with the string literal under it. pydantic can
copy those into ``Field.description`` (``use_attribute_docstrings``), but it does so when
the class is created, by reading and parsing the module's source: about a third of a
second of every ``fourfold run``'s start-up, spent on text only an error message uses.
So the models do not ask for it, and the rare message that wants the text reads it here.
"""

from __future__ import annotations

import ast
import inspect
import sys
from functools import cache
from pathlib import Path
from types import ModuleType

__all__ = ["field_doc"]


def field_doc(model: type, name: str) -> str | None:
    """The docstring written under field `name` of `model` (or of a base class), if any.

    Examples:
        >>> field_doc(_Example, "size")
        'How many, at most.'
        >>> field_doc(_Example, "other") is None
        True
        >>> from fourfold.models import ModelConfig  # reported as fourfold.models's
        >>> field_doc(ModelConfig, "rpm").split(".")[0]
        'Requests per minute at most (None: no limit)'

    """
    for cls in model.__mro__:
        doc = _docs_of(cls).get(name)
        if doc is not None:
            return doc
    return None


@cache
def _docs_of(cls: type) -> dict[str, str]:
    for path in _files_defining(cls):
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except (OSError, SyntaxError, UnicodeDecodeError):
            continue
        node = _class_node(tree, cls.__qualname__.split("."))
        if node is not None:
            return _field_docs(node)
    return {}


def _files_defining(cls: type) -> list[Path]:
    """Source files of modules that hold `cls`: its ``__module__`` first.

    A public name reports the package users import it from as its module (`_lazy`), not
    the file that defines it, so the loaded modules that hold the class are tried too.
    """
    names = [cls.__module__, *(n for n, m in list(sys.modules.items()) if _holds(m, cls))]
    files = []
    for name in dict.fromkeys(names):
        file = getattr(sys.modules.get(name), "__file__", None)
        if file and file.endswith(".py"):
            files.append(Path(file))
    return files


def _holds(module: ModuleType | None, cls: type) -> bool:
    return module is not None and vars(module).get(cls.__name__) is cls


def _class_node(tree: ast.AST, path: list[str]) -> ast.ClassDef | None:
    body = getattr(tree, "body", [])
    for node in body:
        if isinstance(node, ast.ClassDef) and node.name == path[0]:
            return node if len(path) == 1 else _class_node(node, path[1:])
    return None


def _field_docs(node: ast.ClassDef) -> dict[str, str]:
    docs: dict[str, str] = {}
    for field, after in zip(node.body, node.body[1:], strict=False):
        if (
            isinstance(field, ast.AnnAssign)
            and isinstance(field.target, ast.Name)
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            docs[field.target.id] = inspect.cleandoc(after.value.value)
    return docs


class _Example:
    size: int = 3
    """How many, at most."""
    other: str = ""
