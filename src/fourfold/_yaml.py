"""YAML with line numbers, so a mistake in a suite or case file can be pointed at.

`load_yaml` returns the data (as `yaml.safe_load` would) and a `Lines` map from a path
inside the document (a tuple of keys and indices) to its 1-based line.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml

from .errors import ConfigError

__all__ = ["Lines", "load_yaml"]


class Lines:
    """Line numbers of the nodes of one YAML document, by path."""

    def __init__(self, table: dict[tuple[str | int, ...], int]) -> None:
        self._table = table

    def line_of(self, path: Sequence[str | int]) -> int | None:
        """The line of the deepest node on `path` that exists (the first line at worst)."""
        parts = tuple(path)
        while True:
            if parts in self._table:
                return self._table[parts]
            if not parts:
                return None
            parts = parts[:-1]


def _walk(
    node: yaml.Node, path: tuple[str | int, ...], table: dict[tuple[str | int, ...], int]
) -> None:
    table.setdefault(path, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            key = key_node.value if isinstance(key_node, yaml.ScalarNode) else str(key_node.value)
            table[(*path, key)] = key_node.start_mark.line + 1
            _walk(value_node, (*path, key), table)
            # A scalar value sits on its key's line; keep the key's line for the path.
            table[(*path, key)] = key_node.start_mark.line + 1
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _walk(item, (*path, i), table)


def load_yaml(text: str, *, file: str | Path) -> tuple[Any, Lines]:
    """Parse one YAML document, keeping where each node came from.

    Raises:
        ConfigError: the text is not valid YAML; names the line and column.
    """
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.safe_load(text)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        col = f", column {mark.column + 1}" if mark is not None else ""
        problem = exc.problem or exc.context or "invalid YAML"
        if exc.problem and exc.context and exc.context_mark is not None:
            problem += f" ({exc.context} that starts on line {exc.context_mark.line + 1})"
        raise ConfigError(
            f"malformed YAML{col}: {problem}",
            file=file,
            line=line,
            hint="check the indentation and that every 'key: value' has a space after the colon",
        ) from exc
    except yaml.YAMLError as exc:
        raise ConfigError(f"malformed YAML: {exc}", file=file) from exc
    table: dict[tuple[str | int, ...], int] = {}
    if node is not None:
        _walk(node, (), table)
    return data, Lines(table)
