r"""JSON from user files, bounded: nesting depth, duplicate keys, huge numbers, lone surrogates.

Python's parser recurses once per level of nesting, so 2,000 nested ``[`` ended fourfold
with a `RecursionError`; a number of more than 4,300 digits raised a bare `ValueError`;
``{"a": 1, "a": 2}`` silently kept the last value. `load_json` refuses each of them as a
`ConfigError` naming the file and line (both lines for a duplicate key), before anything
deep is built:

- nesting deeper than `MAX_DEPTH` levels (counted on the text, strings skipped);
- a key twice in one object (``unique_keys``; off for traffic read as it comes, such as
  the monitor's, where a duplicate is the exporter's business);
- an integer of more than 4,300 digits (Python's own bound on reading one);
- a lone UTF-16 surrogate escape (``"\ud800"``), which no store can hold (see `_encoding`);
  with ``repair`` (recorded traffic) it becomes U+FFFD instead.

A leading byte-order mark is dropped.

`json_object_in` finds the JSON object in a model's text (a judge's reply, a reply to a
response schema): the one set of rules for both, in its docstring.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from ._encoding import BOM, SURROGATE_HINT, format_path, lone_surrogate, scrub
from .errors import ConfigError

__all__ = [
    "MAX_DEPTH",
    "CutArray",
    "CutObject",
    "JsonProblem",
    "NoJsonObject",
    "json_array_items_before_cut",
    "json_before_cut",
    "json_documents_in",
    "json_object_in",
    "json_object_or_none",
    "load_json",
    "parse_json",
]

MAX_DEPTH = 100
"""The deepest nesting of arrays and objects read (and of YAML sequences and mappings)."""

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_TOKEN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}:,]', re.DOTALL)
_LONE_ESCAPE = re.compile(
    r"\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F])"
    r"|(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u[dD][c-fC-F][0-9a-fA-F]{2}"
)


class JsonProblem(ValueError):
    """Why a text is not acceptable JSON, and where (1-based line and column).

    `syntax` is True when the text is not JSON at all (rather than JSON fourfold refuses),
    so a caller that accepts plain text where JSON may be (a CSV cell) can tell them apart;
    `surrogate` when the only problem is a lone surrogate escape (`parse_json`'s `repair`
    reads such text).
    """

    def __init__(
        self,
        message: str,
        *,
        line: int | None = None,
        column: int | None = None,
        syntax: bool = False,
        surrogate: bool = False,
        hint: str | None = None,
    ) -> None:
        self.message = message
        self.line = line
        self.column = column
        self.syntax = syntax
        self.surrogate = surrogate
        self.hint = hint
        super().__init__(message)


def parse_json(text: str, *, unique_keys: bool = True, repair: bool = False) -> Any:
    """Parse `text` within the bounds in the module's docstring.

    With `repair`, a lone surrogate escape becomes U+FFFD instead of an error: for traffic
    an agent produced (the monitor's), which is stored rather than refused.

    Raises:
        JsonProblem: what is wrong, with its line and column in `text`.
    """
    text = text.removeprefix(BOM)
    deep_at = _too_deep_at(text)
    if deep_at is not None:
        line, column = _position(text, deep_at)
        raise JsonProblem(
            f"nested more than {MAX_DEPTH} levels deep",
            line=line,
            column=column,
            hint=f"fourfold reads JSON nested at most {MAX_DEPTH} levels deep",
        )
    try:
        data = json.loads(text, object_pairs_hook=_unique if unique_keys else None)
    except json.JSONDecodeError as exc:
        raise JsonProblem(exc.msg, line=exc.lineno, column=exc.colno, syntax=True) from exc
    except _DuplicateKey as exc:
        raise _duplicate_problem(text, exc.key) from exc
    except RecursionError as exc:  # pragma: no cover - the depth check comes first
        raise JsonProblem(f"nested more than {MAX_DEPTH} levels deep") from exc
    except ValueError as exc:  # an integer beyond Python's 4,300-digit bound
        raise JsonProblem(
            f"unreadable number: {exc}",
            hint="write numbers of up to 4,300 digits, or put the value in a string",
        ) from exc
    if "\\u" in text and (match := _LONE_ESCAPE.search(text)):
        where = lone_surrogate(data)
        if where is not None and repair:
            return scrub(data)
        if where is not None:
            line, column = _position(text, match.start())
            raise JsonProblem(
                f"{format_path(where)} holds a lone surrogate escape ({match.group()})",
                line=line,
                column=column,
                surrogate=True,
                hint=SURROGATE_HINT,
            )
    return data


def load_json(
    text: str,
    *,
    file: str | Path | None,
    line: int | None = None,
    unique_keys: bool = True,
    hint: str | None = None,
) -> Any:
    """Parse the JSON of `file` (one line of it, when `line` is given: a JSONL file).

    Raises:
        ConfigError: the text is not JSON, or is refused (see the module's docstring); names
            the file and line.
    """
    try:
        return parse_json(text, unique_keys=unique_keys)
    except JsonProblem as exc:
        raise as_config_error(exc, file=file, line=line, hint=hint) from exc


def as_config_error(
    problem: JsonProblem, *, file: str | Path | None, line: int | None, hint: str | None = None
) -> ConfigError:
    """`problem` as the error a command prints: on `line` of `file`, or at its own line."""
    column = f" at column {problem.column}" if problem.column is not None else ""
    prefix = "invalid JSON" if problem.syntax else "refused JSON"
    return ConfigError(
        f"{prefix}{column}: {problem.message}",
        file=file,
        line=line if line is not None else problem.line,
        hint=problem.hint or hint,
    )


@dataclass(frozen=True, slots=True)
class NoJsonObject:
    """Why a model's text holds no usable JSON object, in words the model can be shown."""

    kind: Literal["no_json", "not_an_object"]
    """``not_an_object`` when the whole text is JSON of another type (``[3]``, ``"3"``)."""
    error: str


_FENCE = re.compile(r"```[ \t]*[A-Za-z0-9_-]*[ \t]*\n?(.*?)```", re.DOTALL)


def json_object_in(
    text: str | None, *, prefer: Collection[str] = ()
) -> dict[str, Any] | NoJsonObject:
    """The JSON object in a model's text: bare, in a code fence, or amid prose.

    Models wrap the JSON they were asked for in fences and sentences; the rules, tried in
    turn:

    1. the whole text (stripped): an object is the answer; any other JSON value is
       ``not_an_object`` (the model answered, in the wrong shape);
    2. each fenced code block (any language tag), the first that holds an object;
    3. each object that starts at a ``{`` in the text, in order: the first with a key
       in `prefer` (a judge's ``score``), else the first.

    Every candidate is read within the module's bounds: text nested more than
    `MAX_DEPTH` deep holds no object, an object with a key twice is not read (which of
    the two did the model mean?), and a lone surrogate escape becomes U+FFFD (the text is
    stored as it came). A model's text is data to read, so nothing here raises.

    Examples:
        >>> json_object_in('Here it is: {"score": 2} hope that helps')
        {'score': 2}
        >>> json_object_in('{"a": 1} then {"score": 0}', prefer=["score"])
        {'score': 0}
        >>> json_object_in("[3]").kind
        'not_an_object'
    """
    if text is None or not text.strip():
        return NoJsonObject("no_json", "the reply is empty")
    text = text.removeprefix(BOM)
    stripped = text.strip()
    if _too_deep_at(stripped) is not None:
        return NoJsonObject("no_json", f"it is nested more than {MAX_DEPTH} levels deep")
    decoder = _OBJECTS
    whole = _decode(decoder, stripped, 0)
    if isinstance(whole, tuple) and whole[1] == len(stripped):
        if isinstance(whole[0], dict):
            return whole[0]
        return NoJsonObject(
            "not_an_object", f"it is a JSON {type(whole[0]).__name__}, not an object"
        )
    first_error = f"it is not valid JSON ({whole})" if isinstance(whole, str) else None
    for fenced in _FENCE.findall(text):
        inner = fenced.strip()
        value = _decode(decoder, inner, 0)
        if isinstance(value, tuple) and value[1] == len(inner) and isinstance(value[0], dict):
            return value[0]
    found = _objects_in(decoder, text)
    preferred = next((obj for obj in found if any(key in obj for key in prefer)), None)
    if preferred is not None:
        return preferred
    if found:
        return found[0]
    if "{" not in text:
        return NoJsonObject("no_json", "it holds no JSON object")
    return NoJsonObject("no_json", first_error or "it holds no complete JSON object")


def json_object_or_none(text: str | None) -> dict[str, Any] | None:
    """`json_object_in`, None when there is no object: a reply's ``parsed`` value."""
    found = json_object_in(text)
    return found if isinstance(found, dict) else None


def _decode(decoder: json.JSONDecoder, text: str, at: int) -> tuple[Any, int] | str:
    """The value at `at` and where it ends, or why there is none there."""
    try:
        value, end = decoder.raw_decode(text, at)
    except json.JSONDecodeError as exc:
        return f"{exc.msg} at line {exc.lineno} column {exc.colno}"
    except _DuplicateKey as exc:
        return f"the key {exc.key!r} appears twice in one object"
    except (RecursionError, ValueError) as exc:  # ValueError: an integer of 4,300+ digits
        return f"unreadable: {exc}"
    if "\\u" in text[at:end] and lone_surrogate(value) is not None:
        value = scrub(value)
    return value, end


def _objects_in(decoder: json.JSONDecoder, text: str) -> list[dict[str, Any]]:
    objects: list[dict[str, Any]] = []
    position = text.find("{")
    while position >= 0:
        value = _decode(decoder, text, position)
        if isinstance(value, str):
            position = text.find("{", position + 1)
            continue
        if isinstance(value[0], dict):
            objects.append(value[0])
        position = text.find("{", value[1])
    return objects


class _DuplicateKey(Exception):
    def __init__(self, key: str) -> None:
        self.key = key
        super().__init__(key)


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _DuplicateKey(key)
            seen.add(key)
    return data


_OBJECTS = json.JSONDecoder(object_pairs_hook=_unique)
"""`json_object_in`'s decoder: made once (it keeps no state between reads), not per reply."""


def _too_deep_at(text: str) -> int | None:
    """The offset where nesting first goes past `MAX_DEPTH`, or None.

    Counted on the text with strings removed, so that the check runs in C (regular
    expressions and numpy) for a large file; the exact offset is looked for only when the
    check fails.
    """
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return None
    import numpy as np

    skeleton = _NOT_BRACKET.sub("", _STRING.sub("", text))
    codes = np.frombuffer(skeleton.encode("ascii"), dtype=np.uint8)
    steps = np.where((codes == ord("[")) | (codes == ord("{")), 1, -1)
    if int(np.cumsum(steps).max(initial=0)) <= MAX_DEPTH:
        return None
    depth = 0
    for match in _TOKEN.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return match.start()
        elif token in "]}":
            depth -= 1
    return 0  # pragma: no cover - the fast count and the scan agree


def _duplicate_problem(text: str, key: str) -> JsonProblem:
    """The problem for `key` appearing twice in one object, with both of its lines."""
    found = _duplicate_offsets(text, key)
    first_line = second = column = None
    if found is not None:
        first_line = _position(text, found[0])[0]
        second, column = _position(text, found[1])
    again = f" (first on line {first_line})" if first_line is not None else ""
    return JsonProblem(
        f"the key {key!r} appears twice in one object{again}",
        line=second,
        column=column,
        hint="JSON keeps only the last of the two; delete or rename one",
    )


def _duplicate_offsets(text: str, key: str) -> tuple[int, int] | None:
    """Offsets of the first and second `key` of the first object that has it twice."""
    stack: list[dict[str, int] | None] = []  # an object's keys by offset; None for an array
    previous: re.Match[str] | None = None
    for match in _TOKEN.finditer(text):
        token = match.group()
        if token == "{":
            stack.append({})
        elif token == "[":
            stack.append(None)
        elif token in "]}":
            if stack:
                stack.pop()
        elif token == ":" and previous is not None and previous.group().startswith('"'):
            keys = stack[-1] if stack else None
            if keys is not None:
                name = json.loads(previous.group())
                if name == key and name in keys:
                    return keys[name], previous.start()
                keys.setdefault(name, previous.start())
        previous = match
    return None


def _position(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


_ITEMS = json.JSONDecoder()
_JSON_SPACE = " \t\r\n"


def json_array_items_before_cut(text: str) -> list[Any]:
    """The items of a JSON array cut short that are complete, in order.

    For recorded text an attribute length limit cut (`fourfold.integrations._cut_json`); an
    item nested too deeply to read ends the list there.

    Examples:
        >>> json_array_items_before_cut('[{"role": "user", "content": "Hi"}, {"role": "ass')
        [{'role': 'user', 'content': 'Hi'}]
        >>> json_array_items_before_cut('{"role": "user", "content": "Hi')
        []
    """
    at = len(text) - len(text.lstrip(_JSON_SPACE))
    if text[at : at + 1] != "[":
        return []
    at += 1
    items: list[Any] = []
    while True:
        at = _skip_space(text, at)
        try:
            item, end = _ITEMS.raw_decode(text, at)
        except (ValueError, RecursionError):
            return items
        at = _skip_space(text, end)
        if text[at : at + 1] not in (",", "]"):
            return items  # an item followed by no separator: it may itself be cut
        items.append(item)
        if text[at] == "]":
            return items
        at += 1


class CutObject(dict[str, Any]):
    """A JSON object a cut left open: its members whole before the cut (`json_before_cut`)."""


class CutArray(list[Any]):
    """A JSON array a cut left open: its items whole before the cut.

    The last one may be a `CutObject` or `CutArray` of its own (`json_before_cut`).
    """


def json_before_cut(text: str) -> CutObject | CutArray | None:
    """What a JSON array or object cut short holds whole, open containers marked so.

    The containers the cut left open are `CutObject` and `CutArray`.

    The cut falls in one value at each depth; every value before it is whole, and each
    container it falls in is open, keeping its whole members. A value the cut fell in that
    is no container (a string, a number, a literal, an object's key) is no value: its item
    or member is left out, since what it held is not known (``"Par`` may have been
    ``"Paris"`` or ``"Parma"``, ``12`` may have been ``125``). Deciding what an open
    container still means is its reader's (`fourfold.integrations._cut_json`). None when
    `text` opens no array or object, and for an array or object that is whole.

    Examples:
        >>> json_before_cut('[{"role": "user", "content": "Hi"}, {"role": "assistant", "con')
        [{'role': 'user', 'content': 'Hi'}, {'role': 'assistant'}]
        >>> value = json_before_cut('{"a": [1, 2], "b": {"c": true, "d": 12')
        >>> value, type(value["b"]).__name__
        ({'a': [1, 2], 'b': {'c': True}}, 'CutObject')
        >>> json_before_cut('[1, 2]'), json_before_cut('"text')
        (None, None)
    """
    at = _skip_space(text, 0)
    if text[at : at + 1] not in ("[", "{"):
        return None
    try:
        _ITEMS.raw_decode(text, at)
    except (ValueError, RecursionError):
        return _open_container(text, at, 0)
    return None


def _open_container(text: str, at: int, depth: int) -> CutObject | CutArray | None:
    """The array or object opening at `at` that the cut falls in, with its whole members."""
    if depth >= MAX_DEPTH:
        return None
    is_object = text[at] == "{"
    found: CutObject | CutArray = CutObject() if is_object else CutArray()
    at += 1
    while True:
        at = _skip_space(text, at)
        key = None
        if is_object:
            try:
                key, end = _ITEMS.raw_decode(text, at)
            except (ValueError, RecursionError):
                return found  # cut in the key, or before it
            at = _skip_space(text, end)
            if not isinstance(key, str) or text[at : at + 1] != ":":
                return found
            at = _skip_space(text, at + 1)
        value, at, whole = _value_at(text, at, depth)
        if value is not _NO_VALUE:
            if isinstance(found, CutObject):
                found[str(key)] = value
            else:
                found.append(value)
        if not whole:
            return found
        at = _skip_space(text, at)
        if text[at : at + 1] != ",":
            return found
        at += 1


_NO_VALUE = object()


def _value_at(text: str, at: int, depth: int) -> tuple[Any, int, bool]:
    """The value at `at`, where it ends, and whether it is whole (`_NO_VALUE` for none).

    A number the text ends on, or ends inside (``1.5e``), may be cut; a container that does
    not close is read open.
    """
    try:
        value, end = _ITEMS.raw_decode(text, at)
    except (ValueError, RecursionError):
        if text[at : at + 1] in ("[", "{"):
            inner = _open_container(text, at, depth + 1)
            return (_NO_VALUE if inner is None else inner), len(text), False
        return _NO_VALUE, len(text), False
    number = isinstance(value, int | float) and not isinstance(value, bool)
    if number and text[end : end + 1] not in (",", "]", "}", *_JSON_SPACE):
        return _NO_VALUE, end, False  # the cut may have fallen in its digits
    return value, end, True


def _skip_space(text: str, at: int) -> int:
    while at < len(text) and text[at] in _JSON_SPACE:
        at += 1
    return at


def json_documents_in(text: str) -> tuple[list[tuple[int, int]], int | None]:
    r"""Where each JSON value of a text of several, one after another, starts and ends.

    The values are separated by white space only, each on as many lines as it takes (the
    OpenTelemetry SDK's ``ConsoleSpanExporter`` writes each span as indented JSON, one after
    another). Returns the bounds of the values read and where reading stopped on something
    that is no JSON value (None when the whole text was read). The bounds are only found
    here: read each value with `parse_json`, which says what is wrong where it stopped.

    Examples:
        >>> text = '{"name": "a",\n "n": 1}\n{"name": "b"}\n'
        >>> bounds, stopped = json_documents_in(text)
        >>> [text[start:end] for start, end in bounds], stopped
        (['{"name": "a",\n "n": 1}', '{"name": "b"}'], None)
        >>> json_documents_in('{"name": "a"} trailing words')
        ([(0, 13)], 14)
    """
    found: list[tuple[int, int]] = []
    at = _skip_space(text, 0)
    while at < len(text):
        try:
            _, end = _ITEMS.raw_decode(text, at)
        except (ValueError, RecursionError):
            return found, at
        found.append((at, end))
        at = _skip_space(text, end)
    return found, None
