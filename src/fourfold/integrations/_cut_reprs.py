"""A Python repr cut short: what it holds whole, and nothing of what the cut reached.

Tracers that write an object's repr often cut it at a length and mark the cut with ``...``:
llama-index-workflows summarises each event a step is given or returns at 200 characters
(``ToolCallResult(tool_name='get_weather', tool_kwargs={'city': 'Paris'}, tool_id='call_w1',
tool_output=ToolOutput(blocks=[TextBlock(block_type='text', text='sunny, 22 C')],
tool_name='get_weather', ...``). Such text parses as nothing, yet most of it is whole: every
value closed before the cut is what the object held. `cut_repr` reads it so:

- a value is whole when its text ended before the cut: a string whose closing quote is
  there, a call, list or dict whose closing bracket is; a value the cut reached (a string
  still open, a number or name that may have gone on) is dropped, with the field that held
  it; a string or bracket that closes right at the cut is whole;
- a call, list or dict the cut reached (``tool_output=ToolOutput(blocks=[...], ...``) is a
  `Cut` of what it holds whole, never a value of its own: a list of its whole items is not
  the list, and a reader that wants the part must ask for it;
- a pydantic model's repr ``Name(field=value, ...)`` is the dict of its fields, nested
  models too; an enum member's repr (``<MessageRole.ASSISTANT: 'assistant'>``) is its value;
  anything else no literal writes (an object's default repr ``<... at 0x...>``, a name, a
  call given positional values, a summariser's stand-in such as ``[4 items]`` or ``{5 keys}``)
  is `UNREAD`.

Only the tokens are read (:mod:`tokenize`: brackets and commas inside strings are strings),
then the whole part, closed, is parsed as a Python expression (:mod:`ast`), its values read
as literals, never evaluated. Text over the literals' length limit is not read.
"""

from __future__ import annotations

import ast
import io
import tokenize
from typing import Any, Final

from ._literals import LIMIT, UNREAD, parsed_repr, python_literal

__all__ = ["CUT_MARK", "Cut", "cut_repr", "holds_unread", "repr_list"]

CUT_MARK: Final = "..."
"""What a tracer puts where it cut a repr."""

_PLACE: Final = "__cut__"
"""The name that stands, in the closed source, for what a value the cut reached held on."""
_OPEN: Final = {"(": ")", "[": "]", "{": "}"}
_CLOSE: Final = frozenset(_OPEN.values())
_SKIP: Final = frozenset(
    {tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT, tokenize.INDENT, tokenize.DEDENT}
)
_STAND_INS: Final = {("[", "items", "]"), ("{", "keys", "}")}
"""A summariser's stand-in for a long list or dict: ``[4 items]``, ``{5 keys}``."""


class Cut:
    """A call, list or dict the cut reached: what it holds whole (fields, items or keys).

    Examples:
        >>> Cut({"a": 1})
        Cut({'a': 1})
        >>> Cut([1]) == Cut([1]), Cut([1]) == [1]
        (True, False)
    """

    __slots__ = ("whole",)

    def __init__(self, whole: dict[Any, Any] | list[Any]) -> None:
        self.whole = whole

    def __repr__(self) -> str:
        return f"Cut({self.whole!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Cut) and other.whole == self.whole

    __hash__ = None  # type: ignore[assignment]


def cut_repr(text: Any, name: str) -> dict[str, Any] | Cut | None:
    r"""The fields of the repr `text` of a model named `name`, whole; None when it is not one.

    A repr that parses whole is its fields (a dict). One cut short (it ends with `CUT_MARK`)
    is a `Cut` of the fields whole before the cut, and the values the cut reached as `Cut`s
    of their own whole parts.

    Examples:
        >>> cut_repr("ToolCall(tool_name='f', tool_kwargs={'city': 'Paris'}, tool_id='c1')",
        ...     "ToolCall")
        {'tool_name': 'f', 'tool_kwargs': {'city': 'Paris'}, 'tool_id': 'c1'}
        >>> cut_repr("R(tool_id='c1', out=O(blocks=[B(text='sunny')], name='f', ...", "R")
        Cut({'tool_id': 'c1', 'out': Cut({'blocks': [{'text': 'sunny'}], 'name': 'f'})})
        >>> cut_repr("R(tool_id='c1', out=O(blocks=[B(text='sunny'), B(text='rai...", "R")
        Cut({'tool_id': 'c1', 'out': Cut({'blocks': Cut([{'text': 'sunny'}, Cut({})])})})
        >>> cut_repr("M(role=<Role.USER: 'user'>, text='It is', score=0.99...", "M")
        Cut({'role': 'user', 'text': 'It is'})
        >>> cut_repr("M(items=[4 items], fn=<function f at 0x7f01>, n=No...", "M")
        Cut({'items': UNREAD, 'fn': UNREAD})
        >>> cut_repr("Other(a=1)", "M"), cut_repr("M(a=1", "M"), cut_repr("M(a='x...", "M")
        (None, None, Cut({}))
        >>> cut_repr("M(a=1) and more", "M"), cut_repr("M(a=1)\nN(b=2)", "M")
        (None, None)
    """
    opening = f"{name}("
    if not isinstance(text, str) or len(text) > LIMIT or not text.startswith(opening):
        return None
    cut = text.endswith(CUT_MARK)
    parsed = (parsed_repr(source, opening) for source in _closed(text, cut))
    node = next((n for n in parsed if n is not None), None)
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
        return None
    found = _value(node)
    if isinstance(found, Cut):
        return found if cut and isinstance(found.whole, dict) else None
    return found if isinstance(found, dict) and not cut else None


def repr_list(text: Any, name: str) -> list[dict[str, Any]] | None:
    r"""The fields of each model in `text`, the repr of a list of models named `name`; else None.

    The list's repr whole (``str()`` of a list of pydantic models: CrewAI's ``tasks_output``,
    ``[TaskOutput(raw='...', output_format=<OutputFormat.RAW: 'raw'>, ...), ...]``), read as
    `cut_repr` reads one model: enum members their values, other angle-bracketed reprs
    `UNREAD`. None when it is cut short, or an item is no repr of a `name`.

    Examples:
        >>> repr_list("[T(raw='a', fmt=<F.RAW: 'raw'>), T(raw='b', fn=<function f at 0x1>)]", "T")
        [{'raw': 'a', 'fmt': 'raw'}, {'raw': 'b', 'fn': UNREAD}]
        >>> repr_list("[]", "T"), repr_list("[T(raw='a'), U(raw='b')]", "T")
        ([], None)
        >>> repr_list("[T(raw='a'), T(raw='b...", "T"), repr_list("T(raw='a')", "T")
        (None, None)
    """
    if not isinstance(text, str) or len(text) > LIMIT or not text.startswith("["):
        return None
    sources = _closed(text, cut=False)
    node = parsed_repr(sources[0], "[") if sources else None
    if not isinstance(node, ast.List):
        return None
    if not all(isinstance(e, ast.Call) and _is_named(e.func, name) for e in node.elts):
        return None
    found = [_value(e) for e in node.elts]
    return found if all(isinstance(f, dict) for f in found) else None


def holds_unread(value: Any) -> bool:
    """Whether `value`, or anything in it, is `UNREAD` or a `Cut`: no value to give whole.

    Examples:
        >>> holds_unread({"a": [1, {"b": "x"}]}), holds_unread({"a": [UNREAD]})
        (False, True)
        >>> holds_unread([Cut([])])
        True
    """
    if value is UNREAD or isinstance(value, Cut):
        return True
    if isinstance(value, dict):
        return any(holds_unread(v) for v in value.values())
    if isinstance(value, list | tuple):
        return any(holds_unread(v) for v in value)
    return False


def _closed(text: str, cut: bool) -> list[str]:
    """Sources of what `text` holds whole, its open brackets closed: the longest first.

    Each bracket the cut left open is closed after a starred `_PLACE` (``**__cut__)``,
    ``*__cut__]``), which marks it reached by the cut. Enum reprs become their values and
    other angle-bracketed reprs and stand-ins `_PLACE`. Up to the last token, when it closed
    a string or a bracket right at the cut; else up to the last comma or opening bracket,
    before the item the cut reached. No source when the text is no Python tokens, or leaves
    brackets open with no cut mark.
    """
    body = text[: -len(CUT_MARK)] if cut else text
    read = _tokens(body)
    if read is None or not read[0] or not (cut or read[1]):
        return []  # no tokens, or text that is no Python before any cut
    tokens = read[0]
    out: list[str] = []
    pos = 0  # where the text not yet written starts
    stack: list[str] = []  # the closer of each open bracket (``)c``: a call's)
    safe: tuple[int, list[str]] | None = None  # where the last whole item ended, what is open
    i = 0
    while i < len(tokens):
        tok, start, end = tokens[i]
        swap = _angled(tokens, i) or _stand_in(tokens, i)
        if swap is not None:
            replacement, after = swap
            out.append(body[pos:start] + replacement)
            pos, i = tokens[after - 1][2], after
            continue
        out.append(body[pos:end])
        pos = end
        if tok.type == tokenize.OP and tok.string in _OPEN:
            call = i > 0 and tokens[i - 1][0].type == tokenize.NAME
            stack.append(_OPEN[tok.string] + ("c" if call else ""))
            safe = (len(out), list(stack))
        elif tok.type == tokenize.OP and tok.string in _CLOSE:
            if not stack or stack[-1][0] != tok.string:
                return []  # brackets that do not match: no repr
            stack.pop()
        elif tok.type == tokenize.OP and tok.string == "," and stack:
            safe = (len(out), list(stack))
        i += 1
    if not stack or not cut:
        return ["".join(out)] if not stack else []
    tries = [safe] if safe is not None else []
    if tokens[-1][0].type == tokenize.STRING or tokens[-1][0].string in _CLOSE:
        tries.insert(0, (len(out), list(stack)))  # closed right at the cut: whole
    sources = []
    for kept, still_open in tries:
        source = "".join(out[:kept])
        ended_item = not source.rstrip().endswith((",", "(", "[", "{"))
        closers = ", ".join(_closer(c) for c in reversed(still_open))
        sources.append(source + (", " if ended_item else "") + closers)
    return sources


def _tokens(body: str) -> tuple[list[tuple[tokenize.TokenInfo, int, int]], bool] | None:
    """The tokens of `body` up to the first it cannot read, and whether they reached its end.

    Each token with where it starts and ends in `body`. None when `body` is over the length
    limit.
    """
    if len(body) > LIMIT:
        return None
    starts = [0]
    for line in body.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    found: list[tuple[tokenize.TokenInfo, int, int]] = []
    try:
        for tok in tokenize.generate_tokens(io.StringIO(body).readline):
            if tok.type == tokenize.ENDMARKER:
                return found, True
            if tok.type == tokenize.ERRORTOKEN:
                break  # a string the cut left open (Python 3.11): what came before it stands
            if tok.type not in _SKIP:
                begin = starts[tok.start[0] - 1] + tok.start[1]
                found.append((tok, begin, starts[tok.end[0] - 1] + tok.end[1]))
    except (tokenize.TokenError, SyntaxError):
        pass  # a string or bracket the cut left open: what came before it stands
    return found, False


def _closer(closer: str) -> str:
    """What closes a bracket the cut reached, marked so (`_PLACE` starred inside it)."""
    if closer == ")c":
        return f"**{_PLACE})"
    if closer == ")":
        return f"*{_PLACE},)"
    return f"**{_PLACE}}}" if closer == "}" else f"*{_PLACE}]"


def _angled(tokens: list[tuple[tokenize.TokenInfo, int, int]], at: int) -> tuple[str, int] | None:
    """What stands for an angle-bracketed repr at `at`, and the index after it; else None.

    An enum member's repr (``<MessageRole.USER: 'user'>``) is its value's literal; any other
    (``<function f at 0x1>``) is `_PLACE`.
    """
    if tokens[at][0].string != "<" or (at > 0 and tokens[at - 1][0].type == tokenize.NAME):
        return None
    for end in range(at + 1, min(len(tokens), at + 64)):
        piece = tokens[end][0].string
        if piece == ">":
            inner = [t for t, _, _ in tokens[at + 1 : end]]
            enum = (
                len(inner) >= 3
                and inner[-2].string == ":"
                and inner[-1].type in (tokenize.STRING, tokenize.NUMBER)
                and all(t.type == tokenize.NAME or t.string == "." for t in inner[:-2])
            )
            return (inner[-1].string if enum else _PLACE), end + 1
        if piece in _OPEN or piece in _CLOSE or piece in (",", "=", "<"):
            return None
    return None


def _stand_in(tokens: list[tuple[tokenize.TokenInfo, int, int]], at: int) -> tuple[str, int] | None:
    """A summariser's ``[N items]`` / ``{N keys}`` at `at`: (`_PLACE`, the index after it)."""
    if at + 3 >= len(tokens):
        return None
    words = (tokens[at][0].string, tokens[at + 2][0].string, tokens[at + 3][0].string)
    if words in _STAND_INS and tokens[at + 1][0].type == tokenize.NUMBER:
        return _PLACE, at + 4
    return None


def _value(node: ast.expr) -> Any:
    """A parsed value: a model's fields, a list's items, a dict; a `Cut` where marked so."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        if node.args:
            return UNREAD  # a call given positional values: no model's repr
        fields = {k.arg: _value(k.value) for k in node.keywords if k.arg is not None}
        reached = any(k.arg is None and _is_place(k.value) for k in node.keywords)
        return Cut(fields) if reached else fields
    if isinstance(node, ast.List | ast.Tuple):
        items = [e for e in node.elts if not _is_starred_place(e)]
        values = [_value(e) for e in items]
        return Cut(values) if len(items) < len(node.elts) else values
    if isinstance(node, ast.Dict):
        reached = any(
            k is None and _is_place(v) for k, v in zip(node.keys, node.values, strict=True)
        )
        out: dict[Any, Any] = {}
        for key, value in zip(node.keys, node.values, strict=True):
            if key is None:
                continue
            name = python_literal(key, default=UNREAD)
            if name is UNREAD or isinstance(name, list | dict | set):
                return UNREAD
            out[name] = _value(value)
        return Cut(out) if reached else out
    if _is_place(node):
        return UNREAD
    return python_literal(node, default=UNREAD)


def _is_place(node: ast.expr) -> bool:
    return isinstance(node, ast.Name) and node.id == _PLACE


def _is_starred_place(node: ast.expr) -> bool:
    return isinstance(node, ast.Starred) and _is_place(node.value)


def _is_named(node: ast.expr, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name
