r"""YAML with line numbers, so a mistake in a suite or case file can be pointed at; bounded.

`load_yaml` returns the data (as `yaml.safe_load` would) and a `Lines` map from a path
inside the document (a tuple of keys and indices) to its 1-based line. `read_yaml` reads a
file first (UTF-8, with or without a byte-order mark).

The loader is PyYAML's safe loader with bounds, because a few lines of YAML can ask for
gigabytes: nine anchors of ten aliases each expand to a billion nodes. It parses with
libyaml (PyYAML's own parser when PyYAML was built without it) and composes with a composer
that counts as it goes, so a document is refused, at the line where a bound was crossed,
before anything large is built, when it has

- more than `MAX_ALIASES` aliases (``*name``), or an alias inside the node it names;
- more than `MAX_NODES` nodes or `MAX_CHARS` characters of scalars once every alias is
  expanded (what validating and storing the data would build);
- nesting deeper than `MAX_DEPTH` (the composer recurses once per level);
- a key twice in one mapping (YAML would keep only the last): both lines are named;
- a value the safe loader cannot build (``2024-13-45``, an integer of 5,000 digits);
- a lone UTF-16 surrogate escape (``"\ud800"``), which no store can hold.

`read_yaml` refuses files over `MAX_BYTES` before parsing. The bounds also bound the time:
a document at `MAX_NODES` loads in a few seconds (the composer is Python).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.parser import Parser
from yaml.reader import Reader
from yaml.resolver import Resolver
from yaml.scanner import Scanner

from ._encoding import SURROGATE_HINT, format_path, lone_surrogate, read_text
from ._json import MAX_DEPTH
from .errors import ConfigError

__all__ = ["MAX_ALIASES", "MAX_BYTES", "MAX_CHARS", "MAX_NODES", "Lines", "load_yaml", "read_yaml"]

MAX_BYTES = 10 * 2**20
"""The largest YAML file read (10 MiB); keep more cases in a ``.jsonl`` file."""
MAX_ALIASES = 1_000
"""The most aliases (``*name``) one document may use."""
MAX_NODES = 200_000
"""The most nodes (scalars, sequences, mappings) a document may expand to."""
MAX_CHARS = 2 * MAX_BYTES
"""The most characters of scalars a document may expand to."""

_SURROGATE_ESCAPE = re.compile(r"\\(?:u|U0000)[dD][89a-fA-F][0-9a-fA-F]{2}")
_MERGE_TAG = "tag:yaml.org,2002:merge"


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


class _Refused(yaml.MarkedYAMLError):
    """A bound of the loader was crossed; carries what to do about it."""

    def __init__(self, problem: str, mark: Any, hint: str) -> None:
        super().__init__(problem=problem, problem_mark=mark)
        self.hint = hint


class _BoundedComposer(Composer):
    """PyYAML's composer, counting aliases, nodes, characters and depth as it composes."""

    def __init__(self) -> None:
        super().__init__()
        self._depth = 0
        self._aliases = 0
        self._nodes = 0
        self._chars = 0
        # The expanded size (nodes, characters) of each finished node, by id: an alias
        # adds its target's, and a target still open is an alias inside itself.
        self._sizes: dict[int, tuple[int, int]] = {}

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node:
        event = self.peek_event()  # type: ignore[attr-defined]  # the parser's
        if isinstance(event, yaml.AliasEvent):
            return self._alias(parent, index, event)
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise _Refused(
                    f"nested more than {MAX_DEPTH} levels deep",
                    event.start_mark,
                    f"fourfold reads YAML nested at most {MAX_DEPTH} levels deep",
                )
            node = super().compose_node(parent, index)
            assert node is not None
            return node
        finally:
            self._depth -= 1

    def compose_scalar_node(self, anchor: Any) -> yaml.ScalarNode:
        node: yaml.ScalarNode = super().compose_scalar_node(anchor)
        self._count(node, 1, len(node.value))
        return node

    def compose_sequence_node(self, anchor: Any) -> yaml.SequenceNode:
        node: yaml.SequenceNode = super().compose_sequence_node(anchor)
        sizes = [self._sizes[id(item)] for item in node.value]
        self._finish(node, 1 + sum(n for n, _ in sizes), sum(c for _, c in sizes))
        return node

    def compose_mapping_node(self, anchor: Any) -> yaml.MappingNode:
        node: yaml.MappingNode = super().compose_mapping_node(anchor)
        _check_unique_keys(node)
        sizes = [self._sizes[id(part)] for pair in node.value for part in pair]
        self._finish(node, 1 + sum(n for n, _ in sizes), sum(c for _, c in sizes))
        return node

    def _alias(self, parent: yaml.Node | None, index: Any, event: yaml.AliasEvent) -> yaml.Node:
        self._aliases += 1
        if self._aliases > MAX_ALIASES:
            raise _Refused(
                f"more than {MAX_ALIASES} aliases",
                event.start_mark,
                "write the values out, or use fewer anchors (&name) and aliases (*name)",
            )
        target = self.anchors.get(event.anchor) if event.anchor is not None else None
        if target is not None and id(target) not in self._sizes:
            raise _Refused(
                f"the alias *{event.anchor} is inside the node it names (a cycle)",
                event.start_mark,
                "an alias must name a node that ends before it",
            )
        node = super().compose_node(parent, index)
        assert node is not None
        nodes, chars = self._sizes[id(node)]
        self._grow(nodes, chars, event.start_mark)
        return node

    def _count(self, node: yaml.Node, nodes: int, chars: int) -> None:
        self._sizes[id(node)] = (nodes, chars)
        self._grow(nodes, chars, node.start_mark)

    def _finish(self, node: yaml.Node, nodes: int, chars: int) -> None:
        # The children were counted as they were composed: only the node itself is new.
        self._sizes[id(node)] = (nodes, chars)
        self._grow(1, 0, node.start_mark)

    def _grow(self, nodes: int, chars: int, mark: Any) -> None:
        self._nodes += nodes
        self._chars += chars
        if self._nodes > MAX_NODES or self._chars > MAX_CHARS:
            what = (
                f"{MAX_NODES:,} nodes" if self._nodes > MAX_NODES else f"{MAX_CHARS:,} characters"
            )
            if self._aliases:
                problem = f"the document expands to more than {what} (aliases counted in full)"
                hint = "aliases (*name) repeat what they name: write a smaller document"
            else:
                problem = f"the document holds more than {what}"
                hint = "split it, or keep many records in a .jsonl file (read without this limit)"
            raise _Refused(problem, mark, hint)


class _Constructor(SafeConstructor):
    """The safe constructor, turning a value it cannot build into an error at its line."""

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        try:
            return super().construct_object(node, deep=deep)
        except yaml.YAMLError:
            raise
        except (ValueError, TypeError, OverflowError) as exc:
            scalar = isinstance(node, yaml.ScalarNode)
            shown = f" {_cut(node.value)!r}" if scalar else ""
            raise _Refused(
                f"cannot read the value{shown}: {_cut(str(exc))}",
                node.start_mark,
                "quote the value to keep it as text" if scalar else "fix the value",
            ) from exc


class _PythonParser(Reader, Scanner, Parser):
    """PyYAML's pure-Python parser, its flow nesting bounded (used without libyaml)."""

    def __init__(self, text: str) -> None:
        Reader.__init__(self, text)
        Scanner.__init__(self)
        Parser.__init__(self)

    def fetch_flow_collection_start(self, TokenClass: type[yaml.Token]) -> None:  # noqa: N803
        # The scanner reads ahead to the end of an open flow collection, and does more
        # work for each level open: bound the levels before the composer sees any.
        if self.flow_level >= MAX_DEPTH:
            raise _Refused(
                f"nested more than {MAX_DEPTH} levels deep",
                self.get_mark(),
                f"fourfold reads YAML nested at most {MAX_DEPTH} levels deep",
            )
        super().fetch_flow_collection_start(TokenClass)


class _PythonLoader(_BoundedComposer, _PythonParser, _Constructor, Resolver):
    """The bounded loader on PyYAML's own parser."""

    def __init__(self, text: str) -> None:
        _PythonParser.__init__(self, text)
        _BoundedComposer.__init__(self)
        _Constructor.__init__(self)
        Resolver.__init__(self)


_Loader: type = _PythonLoader
if yaml.__with_libyaml__:  # pragma: no branch - PyYAML's wheels are built with libyaml
    from yaml._yaml import CParser

    class _CLoader(_BoundedComposer, CParser, _Constructor, Resolver):
        """The bounded loader on libyaml's parser: ten times faster than PyYAML's.

        libyaml refuses flow nesting past 1,000 levels itself; the composer's bound is lower.
        """

        def __init__(self, text: str) -> None:
            CParser.__init__(self, text)
            _BoundedComposer.__init__(self)
            _Constructor.__init__(self)
            Resolver.__init__(self)

    _Loader = _CLoader


def _check_unique_keys(node: yaml.MappingNode) -> None:
    seen: dict[tuple[str, str], yaml.Node] = {}
    for key, _ in node.value:
        if not isinstance(key, yaml.ScalarNode) or key.tag == _MERGE_TAG:
            continue
        first = seen.setdefault((key.tag, key.value), key)
        if first is not key:
            raise _Refused(
                f"the key {key.value!r} appears twice in this mapping "
                f"(first on line {first.start_mark.line + 1})",
                key.start_mark,
                "YAML keeps only the last of the two; delete or rename one",
            )


def _walk(
    node: yaml.Node, path: tuple[str | int, ...], table: dict[Any, int], seen: set[int]
) -> None:
    table.setdefault(path, node.start_mark.line + 1)
    if id(node) in seen:
        return  # an alias: its lines are the anchor's, recorded once (no expansion)
    seen.add(id(node))
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            key = key_node.value if isinstance(key_node, yaml.ScalarNode) else str(key_node.value)
            table[(*path, key)] = key_node.start_mark.line + 1
            _walk(value_node, (*path, key), table, seen)
            # A scalar value sits on its key's line; keep the key's line for the path.
            table[(*path, key)] = key_node.start_mark.line + 1
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _walk(item, (*path, i), table, seen)


def load_yaml(text: str, *, file: str | Path) -> tuple[Any, Lines]:
    """Parse one YAML document, keeping where each node came from.

    Raises:
        ConfigError: the text is not valid YAML, or crosses a bound (see the module's
            docstring); names the line and column.
    """
    loader: Any = None
    try:
        loader = _Loader(text)
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    except _Refused as exc:
        raise _error(exc, file, exc.hint) from exc
    except yaml.MarkedYAMLError as exc:
        raise _error(_libyaml_bound(exc), file, _hint(exc)) from exc
    except yaml.reader.ReaderError as exc:
        line = text.count("\n", 0, exc.position) + 1
        char = exc.character if isinstance(exc.character, int) else ord(exc.character)
        raise ConfigError(
            f"the character U+{char:04X} is not allowed in YAML",
            file=file,
            line=line,
            hint="remove it; write control characters as escapes in a double-quoted string",
        ) from exc
    except yaml.YAMLError as exc:
        raise ConfigError(f"malformed YAML: {exc}", file=file) from exc
    finally:
        if loader is not None:
            loader.dispose()
    table: dict[tuple[str | int, ...], int] = {}
    if node is not None:
        _walk(node, (), table, set())
    lines = Lines(table)
    if _SURROGATE_ESCAPE.search(text):
        where = lone_surrogate(data)
        if where is not None:
            raise ConfigError(
                f"{format_path(where)} holds a lone surrogate escape",
                file=file,
                line=lines.line_of(where),
                hint=SURROGATE_HINT,
            )
    return data, lines


def read_yaml(path: Path, *, what: str = "YAML file") -> tuple[Any, Lines]:
    """Read and parse the YAML file `path` (at most `MAX_BYTES`).

    Raises:
        ConfigError: the file cannot be read, is too large, is not UTF-8, or its YAML is
            malformed or crosses a bound; names the file and line.
    """
    return load_yaml(read_text(path, limit=MAX_BYTES, what=what), file=path)


def _libyaml_bound(exc: yaml.MarkedYAMLError) -> yaml.MarkedYAMLError:
    """The refusals of libyaml itself, said as fourfold's.

    libyaml bounds flow nesting at 1,000 levels (its scanner reads ahead, so it gets there
    before the composer's bound) and refuses a lone surrogate escape.
    """
    problem = exc.problem or ""
    if "nesting depth" in problem:
        return _Refused(f"nested more than {MAX_DEPTH} levels deep", exc.problem_mark, "")
    if "Unicode character escape" in problem:
        return _Refused(
            "an escape that is not a character (a lone surrogate?)", exc.problem_mark, ""
        )
    return exc


def _hint(exc: yaml.MarkedYAMLError) -> str:
    problem = exc.problem or ""
    if "nesting depth" in problem:
        return f"fourfold reads YAML nested at most {MAX_DEPTH} levels deep"
    if "Unicode character escape" in problem:
        return SURROGATE_HINT
    return "check the indentation and that every 'key: value' has a space after the colon"


def _cut(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _error(exc: yaml.MarkedYAMLError, file: str | Path, hint: str) -> ConfigError:
    mark = exc.problem_mark or exc.context_mark
    line = mark.line + 1 if mark is not None else None
    col = f", column {mark.column + 1}" if mark is not None else ""
    problem = exc.problem or exc.context or "invalid YAML"
    if exc.problem and exc.context and exc.context_mark is not None:
        problem += f" ({exc.context} that starts on line {exc.context_mark.line + 1})"
    prefix = "refused YAML" if isinstance(exc, _Refused) else "malformed YAML"
    return ConfigError(f"{prefix}{col}: {problem}", file=file, line=line, hint=hint)
