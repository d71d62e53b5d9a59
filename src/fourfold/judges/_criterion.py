"""Criteria as data: what a judge grades, on which scale, with an anchor for every score.

A rubric criterion is a YAML file (or one of the built-in templates)::

    name: grounding
    layer: grounding
    description: Is every claim in the answer supported by the retrieved passages?
    scale: [0, 3]            # or "0-3"
    pass_at: 2               # optional; see `Criterion.pass_at`
    inputs: [output, passages]
    anchors:
      3: Every factual claim maps to a specific retrieved passage...
      2: ...
      1: ...
      0: ...

A pairwise criterion says what decides which of two answers wins::

    kind: pairwise
    name: outcome_preference
    layer: outcome
    description: Which answer gives the customer a correct, actionable next step?
    decides: The answer whose next step is correct and can be acted on wins...
    inputs: [input, expected, focus]
"""

from __future__ import annotations

import difflib
import functools
import re
from importlib.resources import files
from pathlib import Path
from typing import Any, Literal, TypeAlias

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from .._encoding import kind_of
from .._yaml import Lines, load_yaml, read_yaml
from ..checks import suite_dir
from ..errors import ConfigError
from ..runs import Layer

__all__ = [
    "INPUTS",
    "AnyCriterion",
    "Criterion",
    "InputName",
    "PairwiseCriterion",
    "builtin_check_names",
    "builtin_criteria",
    "load_criterion",
    "parse_criterion",
]

InputName = Literal[
    "input", "output", "structured", "passages", "expected", "focus", "tool_log", "context"
]
"""What a judge may be shown: the user's input, the agent's output (text or structured), the
retrieved passages, the case's expected outcome and evaluation focus, the tool-call log and
the case's context."""

INPUTS: tuple[InputName, ...] = (
    "input",
    "output",
    "structured",
    "passages",
    "expected",
    "focus",
    "tool_log",
    "context",
)

MAX_LEVELS = 7
"""A judge cannot tell more levels apart reliably; wider scales are rejected."""

_TEMPLATES = "templates"


def _inputs(*names: InputName) -> list[InputName]:
    return list(names)


class _Config(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Criterion(_Config):
    """A reference-free rubric criterion: one dimension, a small integer scale, anchored."""

    kind: Literal["rubric"] = "rubric"
    """``rubric`` (this) or ``pairwise`` (`PairwiseCriterion`)."""
    name: str = Field(min_length=1)
    """The criterion's name, shown on results."""
    layer: Layer
    """The layer its results count towards."""
    description: str = Field(min_length=1)
    """The one question the judge answers."""
    scale: tuple[int, int]
    """The lowest and highest score, e.g. ``[0, 3]`` (or ``"0-3"``); at most 7 levels."""
    anchors: dict[int, str]
    """What each score looks like: one written anchor for every score on the scale."""
    pass_at: int | None = None
    """The lowest passing score. Unset, it is one below the top (``2`` on 0-3), but never
    the bottom: the top score is for flawless answers and one slip still passes, while a
    score the anchors describe as a real fault fails. See `threshold`."""
    inputs: list[InputName] = Field(default_factory=lambda: _inputs("input", "output"))
    """What the judge sees, in this order."""
    needs: list[InputName] = Field(default_factory=list)
    """Inputs of which a run must have at least one, or the check is skipped for it: the
    outcome criterion needs the case's ``expected`` outcome or its ``focus`` to judge
    against. Each must be among `inputs`."""

    @field_validator("scale", mode="before")
    @classmethod
    def _scale_from_text(cls, value: Any) -> Any:
        if isinstance(value, str):
            match = re.fullmatch(r"\s*(-?\d+)\s*(?:-|–|\.\.|to)\s*(-?\d+)\s*", value)
            if match is None:
                raise ValueError("write the scale as [low, high] or 'low-high', e.g. [0, 3]")
            return (int(match[1]), int(match[2]))
        return value

    @field_validator("inputs")
    @classmethod
    def _unique_inputs(cls, value: list[InputName]) -> list[InputName]:
        if not value:
            raise ValueError("a criterion must show the judge at least one input")
        return list(dict.fromkeys(value))

    @model_validator(mode="after")
    def _check_scale(self) -> Criterion:
        unseen = [n for n in self.needs if n not in self.inputs]
        if unseen:
            raise _FieldError(
                "needs", f"needs {unseen[0]!r}, which is not among the inputs the judge sees"
            )
        lo, hi = self.scale
        if lo >= hi:
            raise _FieldError("scale", f"the scale's low end {lo} must be below its high end {hi}")
        if hi - lo + 1 > MAX_LEVELS:
            raise _FieldError(
                "scale",
                f"the scale {lo}-{hi} has {hi - lo + 1} levels; a judge cannot tell more than "
                f"{MAX_LEVELS} apart reliably, use a short scale such as 0-3",
            )
        for score in range(lo, hi + 1):
            if score not in self.anchors or not self.anchors[score].strip():
                raise _FieldError(
                    "anchors",
                    f"no anchor for score {score}: every score on the scale {lo}-{hi} needs "
                    "a written description of what it looks like",
                )
        extra = sorted(s for s in self.anchors if not lo <= s <= hi)
        if extra:
            raise _FieldError(
                "anchors",
                f"anchor for score {extra[0]}, which is not on the scale {lo}-{hi}",
            )
        if self.pass_at is not None and not lo < self.pass_at <= hi:
            raise _FieldError(
                "pass_at",
                f"pass_at {self.pass_at} must be above {lo} and at most {hi} "
                "(at the bottom of the scale every answer would pass)",
            )
        return self

    @property
    def levels(self) -> range:
        """The scores on the scale, lowest first."""
        return range(self.scale[0], self.scale[1] + 1)

    @property
    def threshold(self) -> int:
        """The lowest passing score: `pass_at`, or one below the top but above the bottom."""
        if self.pass_at is not None:
            return self.pass_at
        lo, hi = self.scale
        return max(lo + 1, hi - 1)


class PairwiseCriterion(_Config):
    """A relative criterion: which of two answers to the same case is better."""

    kind: Literal["pairwise"]
    """Always ``pairwise``."""
    name: str = Field(min_length=1)
    """The criterion's name, shown on results."""
    layer: Layer
    """The layer its results count towards."""
    description: str = Field(min_length=1)
    """The question the judge answers about the two answers."""
    decides: str = Field(min_length=1)
    """What makes one answer win, and when it is a tie."""
    inputs: list[InputName] = Field(default_factory=lambda: _inputs("input"))
    """What the judge sees besides the two outputs (which it always sees)."""
    ties: bool = True
    """Whether the judge may answer TIE. Set ``false`` where the criterion has a single
    right answer (one answer is correct and the other is not): the judge must then pick A
    or B, which keeps a judge that hedges, as small models do, from calling most pairs
    even. A pair still ends as a tie when its two orders disagree."""

    @field_validator("inputs")
    @classmethod
    def _no_output(cls, value: list[InputName]) -> list[InputName]:
        # The two outputs are the thing compared; every other input is shared by both.
        shared: list[InputName] = [v for v in dict.fromkeys(value) if v != "output"]
        return shared


AnyCriterion: TypeAlias = Criterion | PairwiseCriterion
"""A rubric or a pairwise criterion, as `load_criterion` returns it."""


class _FieldError(ValueError):
    """A validation error that names the field it is about (for the line number)."""

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        super().__init__(message)


def builtin_criteria() -> list[str]:
    """The names of the built-in criteria (``grounding``, ``outcome_preference``...)."""
    return list(_builtin_criteria())


@functools.cache
def _builtin_criteria() -> tuple[str, ...]:
    # Listed once per process, like `_builtin_check_names`: the files of the installed
    # package, looked at for every built-in criterion a suite names.
    folder = files(__package__ or "fourfold.judges").joinpath(_TEMPLATES)
    return tuple(
        sorted(
            entry.name.removesuffix(".yaml")
            for entry in folder.iterdir()
            if entry.name.endswith(".yaml")
        )
    )


def builtin_check_names() -> dict[str, Layer]:
    """The names the built-in criteria give their judges' results, with their layers.

    Examples:
        >>> names = builtin_check_names()
        >>> names["rubric:grounding"], names["pairwise:outcome_preference"]
        ('grounding', 'outcome')
    """
    return dict(_builtin_check_names())


@functools.cache
def _builtin_check_names() -> tuple[tuple[str, Layer], ...]:
    # Read once per process: the built-in criteria are files of the installed package, and
    # every suite load asks (parsing the six took 10 ms a load).
    names = []
    for name in builtin_criteria():
        criterion = load_criterion(name)
        names.append((f"{criterion.kind}:{criterion.name}", criterion.layer))
    return tuple(names)


def load_criterion(name_or_path: str | Path, *, base_dir: str | Path | None = None) -> AnyCriterion:
    """A built-in criterion by name, or a criterion from a YAML file.

    A name without a path separator or a ``.yaml``/``.yml`` suffix is a built-in; anything
    else is a file, relative to `base_dir` (default: the folder of the suite being loaded,
    else the working directory).

    Args:
        name_or_path: ``grounding``, ``policy_compliance``, ``outcome``, ``conciseness``,
            ``outcome_preference``, ``helpfulness_preference``, or a path.
        base_dir: the folder relative paths are resolved against.

    Raises:
        ConfigError: no such built-in or file, malformed YAML, or an invalid criterion;
            names the file and line.

    Examples:
        >>> c = load_criterion("grounding")
        >>> c.scale, c.threshold
        ((0, 3), 2)
    """
    text = str(name_or_path)
    if isinstance(name_or_path, str) and _is_builtin_name(text):
        known = builtin_criteria()
        if text not in known:
            close = difflib.get_close_matches(text, known, n=2, cutoff=0.5)
            hint = f"did you mean {' or '.join(repr(c) for c in close)}? " if close else ""
            raise ConfigError(
                f"no built-in criterion named {text!r}",
                hint=f"{hint}built-in criteria: {', '.join(known)}; or give the path of a "
                "YAML file",
                path=("args", "criterion"),
            )
        resource = files(__package__ or "fourfold.judges").joinpath(_TEMPLATES, text + ".yaml")
        return parse_criterion(resource.read_text(encoding="utf-8"), file=f"<builtin>/{text}.yaml")
    path = Path(name_or_path)
    if not path.is_absolute():
        path = Path(base_dir) / path if base_dir is not None else suite_dir() / path
    if kind_of(path) != "file":
        raise ConfigError(
            f"criterion file not found: {path}",
            hint=_nearby(path, text)
            + "paths are relative to the suite file's folder; built-in criteria: "
            + ", ".join(builtin_criteria()),
            path=("args", "criterion"),
        )
    data, lines = read_yaml(path, what="criterion file")
    return _criterion(data, lines, file=path)


def _nearby(path: Path, given: str) -> str:
    """``did you mean 'criteria/tone.yaml'? `` when a file of a close name is beside it."""
    folder = path.parent
    if not folder.is_dir():
        return ""
    names = [f.name for f in folder.iterdir() if f.suffix in (".yaml", ".yml")]
    close = difflib.get_close_matches(path.name, names, n=1)
    if not close:
        return ""
    return f"did you mean {str(Path(given).parent / close[0]).removeprefix('./')!r}? "


def parse_criterion(text: str, *, file: str | Path) -> AnyCriterion:
    """A criterion from the text of its YAML file.

    Raises:
        ConfigError: malformed YAML or an invalid criterion, with the file and line.
    """
    data, lines = load_yaml(text, file=file)
    return _criterion(data, lines, file=file)


def _criterion(data: Any, lines: Lines, *, file: str | Path) -> AnyCriterion:
    if not isinstance(data, dict):
        raise ConfigError(
            "a criterion file must be a mapping (name:, layer:, scale:, anchors:...)",
            file=file,
            line=1,
        )
    model: type[Criterion] | type[PairwiseCriterion] = (
        PairwiseCriterion if data.get("kind") == "pairwise" else Criterion
    )
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise _config_error(exc, model, file, lines) from exc


def _config_error(
    exc: ValidationError,
    model: type[Criterion] | type[PairwiseCriterion],
    file: str | Path,
    lines: Lines,
) -> ConfigError:
    err = min(exc.errors(), key=lambda e: e["type"] != "extra_forbidden")
    loc: tuple[str | int, ...] = tuple(err["loc"])
    hint = None
    cause = err.get("ctx", {}).get("error")
    if isinstance(cause, _FieldError):
        loc, message = (cause.field,), str(cause)
    elif err["type"] == "extra_forbidden":
        field = str(loc[0]) if loc else ""
        close = difflib.get_close_matches(field, list(model.model_fields), n=1)
        message = f"unknown criterion field {field!r}"
        hint = (
            (f"did you mean {close[0]!r}? " if close else "")
            + "a criterion has "
            + ", ".join(model.model_fields)
        )
    elif err["type"] == "missing":
        message = f"the criterion needs the field {'.'.join(str(p) for p in loc)!r}"
    elif err["type"] == "literal_error" and loc[:1] == ("inputs",):
        given = err["input"]
        close = difflib.get_close_matches(str(given), INPUTS, n=1)
        message = f"unknown input {given!r}"
        hint = (f"did you mean {close[0]!r}? " if close else "") + "inputs are " + ", ".join(INPUTS)
    else:
        field = ".".join(str(p) for p in loc) or "(criterion)"
        message = f"criterion field {field!r}: {err['msg']}"
    # Line numbers are keyed by the YAML's own keys; anchors have int keys in both.
    return ConfigError(message, file=file, line=lines.line_of(loc), hint=hint, path=loc)


def _is_builtin_name(text: str) -> bool:
    return re.fullmatch(r"[A-Za-z0-9_]+", text) is not None
