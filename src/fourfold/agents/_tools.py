"""Tools for a model agent: plain Python functions, described to the model from their code.

A tool is a function (sync or async). Its name is the function's name, its description
the first paragraph of its docstring, and its parameters a JSON Schema built by pydantic
from the signature's type hints (a ``Field(description=...)`` in an ``Annotated`` hint,
or an entry of the docstring's ``Args:`` section, describes a parameter); parameters
without a default are required. The same pydantic model validates, and coerces, the
arguments the model sends before the function is called::

    def lookup_account(
        account_id: Annotated[str, Field(description="the id, e.g. acc-1042")],
        include_orders: bool = False,
    ) -> dict:
        \"\"\"Look up a customer's account by its id.\"\"\"
"""

from __future__ import annotations

import inspect
import re
import typing
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import pydantic_core
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, create_model

from .._imports import find_attribute, import_user_module, split_reference
from ..errors import ConfigError
from ..models import ToolSpec
from ._recorder import Recorder
from ._threads import in_daemon_thread

__all__ = [
    "Tool",
    "describe_tool",
    "load_tools",
    "tool_result_text",
    "tool_spec",
    "validation_message",
]

_NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
"""Tool names OpenAI and Anthropic accept."""
_SECTION = re.compile(
    r"^(Args|Arguments|Parameters|Params|Keyword Args|Keyword Arguments|Returns|Return|"
    r"Yields|Raises|Examples|Example|Note|Notes|Attributes|See Also|Warnings?):\s*$"
)
_ARG_LINE = re.compile(r"^(\*{0,2}[A-Za-z_][A-Za-z0-9_]*)\s*(?:\([^)]*\))?\s*:\s*(.*)$")


@dataclass(frozen=True, slots=True)
class Tool:
    """A function the model may call, with its description and its argument validator."""

    fn: Callable[..., Any]
    """The function."""
    spec: ToolSpec
    """What the model is told about it."""
    arguments: type[BaseModel]
    """Validates (and coerces) the arguments the model sends."""
    parameters: tuple[tuple[str, str, bool], ...]
    """Each parameter as (its name, its field in `arguments`, whether it is positional-only)."""
    is_async: bool
    """Whether calling it gives an awaitable."""

    @property
    def name(self) -> str:
        """The name the model calls it by."""
        return self.spec.name

    def bind(self, arguments: dict[str, Any]) -> tuple[list[Any], dict[str, Any]]:
        """Validate the model's arguments and split them into the call's args and kwargs.

        Raises:
            ValidationError: the arguments do not fit the signature.
        """
        values = self.arguments.model_validate(arguments)
        args: list[Any] = []
        kwargs: dict[str, Any] = {}
        for name, field, positional_only in self.parameters:
            value = getattr(values, field)
            if positional_only:
                args.append(value)
            else:
                kwargs[name] = value
        return args, kwargs

    async def call(self, args: list[Any], kwargs: dict[str, Any], *, recorder: Recorder) -> Any:
        """Call the function with `recorder` current; a sync one runs in a daemon thread."""
        if self.is_async:
            with recorder.active():
                return await self.fn(*args, **kwargs)

        def call_fn() -> Any:
            with recorder.active():
                return self.fn(*args, **kwargs)

        future = in_daemon_thread(call_fn, name=f"fourfold-tool {self.name}")
        result = await future
        if inspect.isawaitable(result):  # a sync wrapper around a coroutine
            with recorder.active():
                return await result
        return result


def tool_spec(fn: Callable[..., Any]) -> ToolSpec:
    """What a model agent tells the model about the function `fn`.

    Useful to see, or test, how a tool is described before a suite runs.

    Raises:
        ConfigError: a parameter cannot be described (no type hint, ``*args``, a type
            with no JSON Schema); the message names the function and the parameter.

    Examples:
        >>> def lookup_account(account_id: str, limit: int = 5) -> dict:
        ...     '''Look up an account.'''
        >>> spec = tool_spec(lookup_account)
        >>> spec.name, spec.description, spec.parameters["required"]
        ('lookup_account', 'Look up an account.', ['account_id'])
    """
    return describe_tool(fn).spec


def describe_tool(fn: Callable[..., Any], *, source: str = "") -> Tool:
    """Describe `fn` as a tool and build the validator of its arguments.

    Args:
        fn: the tool's function.
        source: where it was named (``support_tools:TOOLS``), for error messages.

    Raises:
        ConfigError: `fn` cannot be described; the message names it and the parameter.
    """
    name = getattr(fn, "__name__", None)
    where = f" (from {source})" if source else ""
    if not isinstance(name, str) or not _NAME.match(name):
        raise ConfigError(
            f"the tool {fn!r}{where} has no name a model can call (letters, digits, _ and -, "
            "at most 64 characters)",
            hint="make each tool a plain function (def or async def), not a lambda or partial",
        )
    label = f"tool {name}{where}"
    try:
        signature = inspect.signature(fn)
    except (TypeError, ValueError) as exc:
        raise ConfigError(
            f"the {label} has no signature to describe ({exc})",
            hint="wrap it in a plain function with typed parameters",
        ) from exc
    try:
        hints = typing.get_type_hints(fn, include_extras=True)
    except Exception as exc:
        raise ConfigError(
            f"the type hints of the {label} cannot be resolved: {type(exc).__name__}: {exc}",
            hint="import every type its hints name at the top of its module",
        ) from exc
    doc = inspect.getdoc(fn) or ""
    arg_docs = _arg_docs(doc)
    fields: dict[str, Any] = {}
    parameters: list[tuple[str, str, bool]] = []
    for index, param in enumerate(signature.parameters.values()):
        if param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            star = "*" if param.kind is param.VAR_POSITIONAL else "**"
            raise ConfigError(
                f"the {label} takes {star}{param.name}, which a model cannot be told about",
                hint=f"list the parameters {name} takes by name, each with a type hint",
            )
        if param.name not in hints:
            raise ConfigError(
                f"parameter {param.name!r} of the {label} has no type hint, so the model "
                "cannot be told what to pass",
                hint=f"annotate it, e.g. `{param.name}: str`",
            )
        annotation = hints[param.name]
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # e.g. a default JSON cannot hold
                TypeAdapter(annotation).json_schema()
        except Exception as exc:
            raise ConfigError(
                f"parameter {param.name!r} of the {label} has the type {_type_name(annotation)}, "
                f"which has no JSON Schema ({type(exc).__name__})",
                hint="use JSON-like types (str, int, float, bool, list, dict, Literal, "
                "a pydantic model or a TypedDict)",
            ) from exc
        # Fields are named p0, p1...: a parameter called `json` or `model_config` would
        # clash with BaseModel's own attributes; the alias is what the model sees.
        field = f"p{index}"
        default = ... if param.default is param.empty else param.default
        fields[field] = (Annotated[annotation, Field(alias=param.name)], default)
        parameters.append((param.name, field, param.kind is param.POSITIONAL_ONLY))
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            model = create_model(
                f"{name}_arguments", __config__=ConfigDict(extra="forbid"), **fields
            )
            schema = model.model_json_schema()
    except Exception as exc:
        raise ConfigError(
            f"the parameters of the {label} cannot be described: {type(exc).__name__}: {exc}",
            hint="use JSON-like types with JSON-like defaults",
        ) from exc
    schema.pop("title", None)
    for prop_name, prop in schema.get("properties", {}).items():
        if isinstance(prop, dict):
            prop.pop("title", None)
            if prop_name in arg_docs:
                prop.setdefault("description", arg_docs[prop_name])
    spec = ToolSpec(name=name, description=_first_paragraph(doc), parameters=schema)
    return Tool(
        fn=fn,
        spec=spec,
        arguments=model,
        parameters=tuple(parameters),
        # An instance of a class whose __call__ is async counts too.
        is_async=inspect.iscoroutinefunction(fn) or inspect.iscoroutinefunction(type(fn).__call__),
    )


def load_tools(specs: list[str], *, path: list[str], base_dir: Path) -> list[Tool]:
    """Import and describe the tools that ``module:ATTRIBUTE`` specs name.

    Each attribute is a function or a list (or tuple) of functions. The `path` entries,
    resolved against `base_dir`, go first on the import path.

    Raises:
        ConfigError: a spec is malformed, names nothing, names something that is not a
            function or a list of functions, a tool cannot be described, or two tools
            share a name.
    """
    folders = [(base_dir / p).resolve() for p in path]
    tools: list[Tool] = []
    seen: dict[str, str] = {}
    for spec in specs:
        for fn in _import_attribute(spec, folders):
            tool = describe_tool(fn, source=spec)
            if tool.name in seen:
                raise ConfigError(
                    f"two tools are called {tool.name!r} (from {seen[tool.name]} and {spec})",
                    hint="a model calls tools by name: rename one of them",
                )
            seen[tool.name] = spec
            tools.append(tool)
    return tools


def tool_result_text(result: Any) -> str:
    """What the model reads as a tool's result: a string as it is, anything else as JSON."""
    if isinstance(result, str):
        return result
    return pydantic_core.to_json(result, serialize_unknown=True).decode()


def validation_message(exc: ValidationError) -> str:
    """A validation error as one line the model can act on."""
    parts = []
    for err in exc.errors(include_url=False):
        loc = ".".join(str(p) for p in err["loc"]) or "arguments"
        parts.append(f"{loc}: {err['msg']}")
    return "; ".join(parts)


def _import_attribute(spec: str, folders: list[Path]) -> list[Callable[..., Any]]:
    module_name, attr = split_reference(
        spec,
        field="agent.tools has",
        shape="module:ATTRIBUTE",
        hint="name the module and the list of tool functions, e.g. 'support_tools:TOOLS'",
    )
    module = import_user_module(module_name, folders, what="tools module")
    found, target = find_attribute(module, attr)
    if not found:
        lists = sorted(
            n
            for n, v in vars(module).items()
            if not n.startswith("_") and isinstance(v, list | tuple)
        )
        raise ConfigError(
            f"the tools module {module_name!r} has no attribute {attr!r}",
            hint=f"lists it defines: {', '.join(lists) or 'none'}; "
            "name a list of tool functions, or one function",
        )
    items = list(target) if isinstance(target, list | tuple) else [target]
    for i, item in enumerate(items):
        if not callable(item) or isinstance(item, type):
            what = f"item {i} of {spec!r}" if isinstance(target, list | tuple) else repr(spec)
            raise ConfigError(
                f"{what} is a {type(item).__name__}, not a function",
                hint="agent.tools names a function or a list of functions",
            )
    return items


def _type_name(annotation: Any) -> str:
    return getattr(annotation, "__name__", None) or repr(annotation)


def _first_paragraph(doc: str) -> str:
    lines: list[str] = []
    for line in doc.splitlines():
        text = line.strip()
        if _SECTION.match(text) or (not text and lines):
            break
        if text:
            lines.append(text)
    return " ".join(lines)


def _arg_docs(doc: str) -> dict[str, str]:
    """The parameters a Google-style ``Args:`` section describes."""
    found: dict[str, str] = {}
    lines = doc.splitlines()
    headers = [
        i for i, line in enumerate(lines) if line.strip() in ("Args:", "Arguments:", "Parameters:")
    ]
    if not headers:
        return found
    header_indent = len(lines[headers[0]]) - len(lines[headers[0]].lstrip())
    entry_indent: int | None = None
    current: str | None = None
    for line in lines[headers[0] + 1 :]:
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip())
        if indent <= header_indent:
            break
        if entry_indent is None:
            entry_indent = indent
        match = _ARG_LINE.match(line.strip()) if indent == entry_indent else None
        if match:
            current = match.group(1).lstrip("*")
            found[current] = match.group(2).strip()
        elif current is not None and indent > entry_indent:
            found[current] = (found[current] + " " + line.strip()).strip()
    return found
