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
import textwrap
from functools import cache
from pathlib import Path

__all__ = ["field_doc"]


def field_doc(model: type, name: str) -> str | None:
    """The docstring written under field `name` of `model` (or of a base class), if any.

    Examples:
        >>> field_doc(_Example, "size")
        'How many, at most.'
        >>> field_doc(_Example, "other") is None
        True
    """
    for cls in model.__mro__:
        doc = _docs_of(cls).get(name)
        if doc is not None:
            return doc
    return None


@cache
def _docs_of(cls: type) -> dict[str, str]:
    source: str | None
    try:
        source = textwrap.dedent(inspect.getsource(cls))
    except (OSError, TypeError):  # built in, or defined where no source is kept
        source = _source_by_method(cls)
    if source is None:
        return {}
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return {}
    body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.ClassDef) else []
    docs: dict[str, str] = {}
    for node, after in zip(body, body[1:], strict=False):
        if (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            docs[node.target.id] = inspect.cleandoc(after.value.value)
    return docs


def _source_by_method(cls: type) -> str | None:
    """The class's source found through one of its methods' files.

    A class a lazy package exports reports the package as its ``__module__`` (see
    `fourfold._lazy`), where `inspect.getsource` cannot find it; its methods still know
    the file they were defined in.
    """
    for value in vars(cls).values():
        code = getattr(value, "__code__", None)
        if code is None:
            continue
        try:
            tree = ast.parse(Path(code.co_filename).read_text(encoding="utf-8"))
        except (OSError, SyntaxError, UnicodeDecodeError):
            return None
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and node.name == cls.__name__:
                return ast.unparse(node)
        return None
    return None


class _Example:
    size: int = 3
    """How many, at most."""
    other: str = ""
