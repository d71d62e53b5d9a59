"""Checks: code that reads one trace and returns a verdict for one layer.

A check is written as a *factory*: a function whose arguments are the check's settings
(from the suite file or from Python) and which returns the function that reads a
`CheckContext`. The `check` decorator registers the factory and records each call as a
`CheckSpec`, so a stored run can rebuild exactly the checks it ran::

    @check(layer="trajectory")
    def max_calls(tool: str, limit: int) -> CheckFn:
        def run(ctx: CheckContext) -> Verdict: ...
        return run

The inner function may be plain or ``async`` and may return a `Verdict` or a bool.
"""

from __future__ import annotations

import inspect
import warnings
from collections.abc import Awaitable, Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache, wraps
from pathlib import Path
from types import UnionType
from typing import Any, Literal, ParamSpec, TypeAlias, Union, cast, get_args, get_origin

from pydantic import BaseModel, ConfigDict, ValidationError, create_model

from .._registry import lookup, register
from ..errors import ConfigError
from ..runs import LAYERS, CheckResult, Layer, Verdict, errored
from ._context import CheckContext

__all__ = [
    "LABEL_ATTRIBUTE",
    "LAYER_ATTRIBUTE",
    "MODELS_ATTRIBUTE",
    "Check",
    "CheckFn",
    "CheckSpec",
    "building_suite",
    "check",
    "create_check",
    "suite_dir",
]

CheckFn: TypeAlias = Callable[[CheckContext], "Verdict | bool | Awaitable[Verdict | bool]"]
"""The function a check factory returns."""

P = ParamSpec("P")

LAYER_ATTRIBUTE = "__fourfold_layer__"
"""Set on the function a check factory returns to give that instance its own layer."""

LABEL_ATTRIBUTE = "__fourfold_label__"
"""Set on the function a check factory returns to give that instance its own default name
(a rubric judge is named after its criterion: ``rubric:grounding``)."""

MODELS_ATTRIBUTE = "__fourfold_models__"
"""Set on the function a check factory returns to name the suite models it will call (a
judge's ``model:``), as a tuple of names: a suite that lacks one is refused when it loads,
instead of every result of the check erroring when it runs."""

_suite_dir: ContextVar[Path | None] = ContextVar("fourfold_suite_dir", default=None)


def suite_dir() -> Path:
    """The folder of the suite whose checks are being built (the working directory otherwise).

    A check factory that reads a file named in its arguments (a rubric criterion, a JSON
    Schema) resolves it against this, so paths in a suite are relative to the suite file.
    """
    return _suite_dir.get() or Path.cwd()


@contextmanager
def building_suite(folder: Path) -> Iterator[None]:
    """Build checks for the suite in `folder` (see `suite_dir`)."""
    token = _suite_dir.set(folder)
    try:
        yield
    finally:
        _suite_dir.reset(token)


class CheckSpec(BaseModel):
    """How a check was built: its registered name, its arguments and its layer."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    """The registered name."""
    args: dict[str, Any]
    """The arguments given to the factory (JSON values)."""
    layer: Layer
    """The layer the results count towards."""
    label: str | None = None
    """A name for this instance, when a suite uses the same check twice."""

    @property
    def display_name(self) -> str:
        """`label` if set, else the check's name."""
        return self.label or self.name


@dataclass(frozen=True, slots=True)
class Check:
    """A check with its settings bound, ready to run on traces."""

    spec: CheckSpec
    fn: CheckFn
    severity: str | None = None
    """How bad a failure of this policy check is (``critical``, ``major``, ``minor``; see
    `fourfold.safety`): stored in each result's ``metadata["severity"]``. None stores
    nothing, and readers take the check's default severity."""

    @property
    def name(self) -> str:
        """The name results carry (`CheckSpec.display_name`)."""
        return self.spec.display_name

    @property
    def layer(self) -> Layer:
        """The layer the results count towards."""
        return self.spec.layer

    def with_layer(self, layer: Layer) -> Check:
        """The same check counted towards another layer."""
        return Check(self.spec.model_copy(update={"layer": layer}), self.fn, self.severity)

    def labelled(self, label: str) -> Check:
        """The same check under another name (to use one check twice in a suite)."""
        return Check(self.spec.model_copy(update={"label": label}), self.fn, self.severity)

    def with_severity(self, severity: str | None) -> Check:
        """The same check, its results stamped with `severity` (``metadata["severity"]``).

        The severity is kept out of the spec, so a stored run's ``checks_resolved`` (which a
        resumed run is compared against) reads as before.
        """
        return Check(self.spec, self.fn, severity)

    def run(self, ctx: CheckContext) -> CheckResult:
        """Run a plain (non-async) check. A check that raises gives an ``error`` result.

        Raises:
            TypeError: the check is async; use `run_async`.
        """
        try:
            value = self.fn(ctx)
        except (Exception, SystemExit) as exc:  # a bug in one check must not end a run
            return self._result(errored(_raised(exc)))
        if inspect.isawaitable(value):
            if inspect.iscoroutine(value):
                value.close()
            raise TypeError(f"check {self.name!r} is async; call run_async()")
        return self._result(value)

    async def run_async(self, ctx: CheckContext) -> CheckResult:
        """Run the check, plain or async. A check that raises gives an ``error`` result."""
        try:
            value = self.fn(ctx)
            if inspect.isawaitable(value):
                value = await value
        except (Exception, SystemExit) as exc:
            return self._result(errored(_raised(exc)))
        return self._result(value)

    def _result(self, value: object) -> CheckResult:
        if isinstance(value, bool):
            verdict = Verdict(status="pass" if value else "fail")
        elif isinstance(value, Verdict):
            verdict = value
        else:
            verdict = errored(
                f"the check returned {type(value).__name__}; return a Verdict or a bool"
            )
        # The verdict was validated when it was made and the name and layer when the check
        # was built; validating the whole result again would cost more than most checks.
        given = verdict.__dict__
        fields = {k: given[k] for k in _VERDICT_FIELDS}
        if self.severity is not None:
            fields["metadata"] = {**verdict.metadata, "severity": self.severity}
        fields["check"] = self.name
        fields["layer"] = self.layer
        return CheckResult.model_construct(**fields)


_VERDICT_FIELDS = tuple(Verdict.model_fields)


def _raised(exc: BaseException) -> str:
    """Why a check errored; `SystemExit` (never the run's exit code) is named as the call."""
    if isinstance(exc, SystemExit):
        return f"the check called sys.exit({exc.code!r}); a check returns its verdict"
    return f"the check raised {type(exc).__name__}: {exc}"


def check(
    *, layer: Layer, name: str | None = None
) -> Callable[[Callable[P, CheckFn]], Callable[P, Check]]:
    """Register a check factory.

    Args:
        layer: the layer the check's results count towards (a suite may override it).
        name: the registered name; defaults to the function's name. Use ``mypkg/name`` in
            extension packages.

    Raises:
        TypeError: `layer` is not one of the four layers.
    """
    if layer not in LAYERS:
        raise TypeError(f"layer must be one of {', '.join(LAYERS)}, not {layer!r}")

    def decorate(factory: Callable[P, CheckFn]) -> Callable[P, Check]:
        registered = name or factory.__name__

        @wraps(factory)
        def build(*args: P.args, **kwargs: P.kwargs) -> Check:
            bound = inspect.signature(factory).bind(*args, **kwargs)
            return create_check(registered, dict(bound.arguments))

        register("check", registered, factory, layer=layer, public=build)
        return build

    return decorate


def create_check(
    name: str,
    args: dict[str, Any] | None = None,
    *,
    layer: Layer | None = None,
    label: str | None = None,
) -> Check:
    """Build the registered check `name` with `args`, validated against its signature.

    Raises:
        UnknownNameError: no check has that name (the closest names are suggested).
        ConfigError: an argument is missing, unknown or of the wrong type; `path` names it.
    """
    entry = lookup("check", name)
    model = _args_model(entry.factory)
    try:
        validated = model.model_validate(args or {})
    except ValidationError as exc:
        err = exc.errors()[0]
        arg = str(err["loc"][0]) if err["loc"] else ""
        params = ", ".join(model.model_fields)
        if err["type"] == "extra_forbidden":
            message, hint = f"check {name!r} has no argument {arg!r}", f"its arguments: {params}"
        elif err["type"] == "missing":
            message, hint = f"check {name!r} needs the argument {arg!r}", f"its arguments: {params}"
        else:
            field = ".".join(str(p) for p in err["loc"])
            message = f"check {name!r}, argument {field!r}: {err['msg']}"
            hint = f"expected {_describe(model, arg)}"
        raise ConfigError(message, hint=hint, path=("args", *err["loc"])) from exc
    given = validated.model_fields_set
    kwargs = {k: getattr(validated, k) for k in model.model_fields if k in given}
    fn = entry.factory(**kwargs)
    if not callable(fn):
        raise TypeError(f"check factory {name!r} must return a function of a CheckContext")
    # A factory whose layer depends on its arguments (a rubric judge takes its criterion's
    # layer) sets it on the function it returns; the suite's `layer:` still wins.
    own_layer = getattr(fn, LAYER_ATTRIBUTE, None)
    spec = CheckSpec(
        name=name,
        args=validated.model_dump(mode="json", include=set(kwargs)),
        layer=layer or own_layer or cast(Layer, entry.meta["layer"]),
        label=label or getattr(fn, LABEL_ATTRIBUTE, None),
    )
    return Check(spec, cast(CheckFn, fn))


@cache
def _args_model(factory: Callable[..., Any]) -> type[BaseModel]:
    fields: dict[str, Any] = {}
    hints = inspect.get_annotations(factory, eval_str=True)
    for param in inspect.signature(factory).parameters.values():
        annotation = hints.get(param.name, Any)
        default = ... if param.default is inspect.Parameter.empty else param.default
        fields[param.name] = (annotation, default)
    # A check's argument may be called `schema`, `json` or `copy`: names that shadow
    # BaseModel attributes. That is harmless for a model only ever validated and read
    # with getattr, so pydantic's warning about it is silenced here, once for every check.
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Field name .* shadows", category=UserWarning)
        return create_model(
            f"{factory.__name__}_args",
            __config__=ConfigDict(extra="forbid", arbitrary_types_allowed=True),
            **fields,
        )


_NAMES = {
    int: "an integer",
    float: "a number",
    str: "a string",
    bool: "true or false",
    dict: "a mapping",
    list: "a list",
    type(None): "null",
}


def _describe(model: type[BaseModel], arg: str) -> str:
    field = model.model_fields.get(arg)
    if field is None or field.annotation is None:
        return "a different value"
    return _type_words(field.annotation)


def _type_words(annotation: Any) -> str:
    """An annotation in words, for error hints ("a list of a string", "one of 'a', 'b'")."""
    if annotation in _NAMES:
        return _NAMES[annotation]
    origin = get_origin(annotation)
    args = get_args(annotation)
    if origin is Literal:
        return "one of " + ", ".join(repr(a) for a in args)
    if origin in (Union, UnionType):
        return " or ".join(_type_words(a) for a in args)
    if origin in (list, tuple, Sequence, set, frozenset) and args:
        inner = _type_words(args[0])
        for article in ("a ", "an "):
            if inner.startswith(article):
                return f"a list of {inner.removeprefix(article)}s"
        return f"a list, each {inner}"
    if origin in (dict, Mapping):
        return "a mapping"
    return getattr(annotation, "__name__", str(annotation))
