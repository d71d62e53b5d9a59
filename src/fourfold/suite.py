"""The suite file: what to run, on which cases, checked how, gated how.

A suite is YAML validated by the `Suite` model. `load_suite` reads it and resolves
everything it names up front, so a mistake is reported with its file and line before
anything runs: case files (each must hold a case), resources, the suite's own check
modules, checks (criterion files included), the suite models each judge calls, and the
checks the gate's rules name (a `score_check`, a `judge.check`, a weighted rubric's
dimensions, which must be rubric judges on one scale), with "did you mean" for
a name that is close to one that exists. A misspelt name never switches a rule off.
(No gate rule refers to case strata.) What only running would show besides, the agents'
code above all, `fourfold._preflight` checks for ``fourfold validate``::

    name: support
    agents:
      v1: {python: support_agent:answer_v1}
    cases: cases.jsonl
    repeats: 3
    resources:
      policies: {path: data/policies.jsonl, key: id}
    checks:
      - tool_order: {before: lookup_account, after: issue_refund}
      - check: max_length
        args: {words: 180}
    gate:
      outcome: {min_pass_rate: 0.8, critical: false}
"""

from __future__ import annotations

import difflib
import functools
import hashlib
import importlib.util
import sys
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from pathlib import Path
from typing import Annotated, Any, TypeVar

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializeAsAny,
    StringConstraints,
    ValidationError,
    field_validator,
    model_validator,
)

from ._encoding import kind_of
from ._fielddocs import field_doc
from ._gate_rules import GateConfig
from ._imports import import_from
from ._secrets import Redactor
from ._yaml import Lines, read_yaml
from .agents import AgentConfig, ReplayAgentConfig, agent_config_class
from .cadence import CheckPlan, default_cadence, is_judge
from .cases import Case, load_cases
from .checks import MODELS_ATTRIBUTE, Check, building_suite, create_check
from .errors import ConfigError
from .judges import builtin_check_names
from .models import ModelConfig
from .predictability import ConfidenceConfig
from .resources import Resources, load_resource
from .rubrics import check_rubrics
from .runs import LAYERS, Cadence, Layer
from .safety import Severity, default_severity

T = TypeVar("T")

__all__ = [
    "MAX_SEED",
    "CheckEntry",
    "LoadedSuite",
    "ResourceEntry",
    "Suite",
    "cases_to_run",
    "load_suite",
]

MAX_SEED = 2**63 - 1
"""The largest seed: the store keeps it in a signed 64-bit integer (numpy's generators take
any integer of 0 or more)."""


class _Config(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CheckEntry(_Config):
    """One check of the suite, in the long form (``- check: name``, ``args:``...).

    The shorthand ``- name: {args}`` is accepted too and turned into this form.
    """

    check: str
    """The registered check name (``fourfold checks`` lists them)."""
    args: dict[str, Any] = Field(default_factory=dict)
    """The check's arguments."""
    layer: Layer | None = None
    """Count the results towards this layer instead of the check's own."""
    name: str | None = None
    """A label for this use of the check (needed to use the same check twice)."""
    cadence: Cadence | None = None
    """When it runs: ``commit`` (every run) or ``scheduled`` (full runs only). Default:
    ``scheduled`` for a judge (a check that calls a model), ``commit`` for the rest."""
    tags: list[Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_.:/-]+$")]] = Field(
        default_factory=list
    )
    """Free labels (``[smoke]``) that ``fourfold run --checks TAG`` selects by."""
    severity: Severity | None = None
    """How bad a failure is, for a policy check: ``critical``, ``major`` or ``minor``
    (default per check, see `fourfold.safety.DEFAULT_SEVERITIES`)."""


class ResourceEntry(_Config):
    """A resource file (or folder of Markdown files) and the field that identifies a record."""

    path: str
    """The file, relative to the suite file."""
    key: str = "id"
    """The field holding each record's identifier."""


class Suite(_Config):
    """The suite file."""

    name: str = Field(min_length=1)
    """The suite's name; runs are listed and compared under it."""
    description: str = ""
    """One line on what the suite covers."""
    # SerializeAsAny: dumped as the kind's own config (a python agent's `python`, an http
    # agent's `headers`, which the run's Redactor reads), not as the base class's fields.
    agent: SerializeAsAny[AgentConfig] | None = None
    """The system under test, when there is one version."""
    agents: dict[str, SerializeAsAny[AgentConfig]] = Field(default_factory=dict)
    """Named versions of the system under test; ``--agent NAME`` picks one (default: first)."""
    cases: list[str] = Field(default_factory=list)
    """Case files (YAML, JSONL, JSON or CSV), relative to the suite file. With a ``replay``
    agent and no case files, cases are derived from the recorded traces."""
    repeats: int = Field(default=1, ge=1, le=1000)
    """How many times each case runs (repeats measure consistency)."""
    concurrency: int = Field(default=8, ge=1, le=1024)
    """How many trials run at once."""
    seed: int = Field(default=0, ge=0, le=MAX_SEED)
    """The run's seed, from 0 to 2^63 - 1; agents and statistics derive theirs from it."""
    resources: dict[str, ResourceEntry] = Field(default_factory=dict)
    """The team's data that checks read, by name."""
    models: dict[str, ModelConfig] = Field(default_factory=dict)
    """Models by name, for model-graded checks (``judge: {model: openai/gpt-4.1-mini}``).
    Keys are read from the environment variable each names, never from the suite."""
    imports: list[str] = Field(default_factory=list)
    """Modules with the suite's own checks (``my_checks`` or ``checks/my_checks.py``),
    imported from the suite's folder before the checks are built."""
    checks: list[CheckEntry] = Field(default_factory=list)
    """The deterministic checks, in the order they run."""
    gate: GateConfig = Field(default_factory=GateConfig)
    """Per-layer rules that turn the results into deploy, review or block."""
    confidence: ConfidenceConfig | None = None
    """Where the agent states how sure it is (``{path: structured.confidence}`` or
    ``{regex: 'Confidence: (\\d+)%', scale: 100}``); by default ``metadata.confidence`` of
    the trace. Predictability (`fourfold.predictability`) reads it."""

    @field_validator("cases", mode="before")
    @classmethod
    def _one_or_many(cls, value: object) -> object:
        return [value] if isinstance(value, str) else value

    @field_validator("resources", mode="before")
    @classmethod
    def _resource_shorthand(cls, value: object) -> object:
        if isinstance(value, dict):
            return {k: {"path": v} if isinstance(v, str) else v for k, v in value.items()}
        return value

    @field_validator("models", mode="before")
    @classmethod
    def _model_shorthand(cls, value: object) -> object:
        if isinstance(value, dict):
            return {k: {"model": v} if isinstance(v, str) else v for k, v in value.items()}
        return value

    @field_validator("checks", mode="before")
    @classmethod
    def _check_shorthand(cls, value: object) -> object:
        if not isinstance(value, list):
            return value
        out: list[object] = []
        for item in value:
            if isinstance(item, str):
                out.append({"check": item})
            elif isinstance(item, dict) and "check" not in item and len(item) == 1:
                ((name, args),) = item.items()
                out.append({"check": name, "args": {} if args is None else args})
            else:
                out.append(item)
        return out

    @model_validator(mode="after")
    def _has_agent(self) -> Suite:
        if self.agent is not None and self.agents:
            raise ValueError("give either 'agent' or 'agents', not both")
        if self.agent is None and not self.agents:
            raise ValueError("the suite names no agent: add 'agent:' (or 'agents:')")
        return self

    def named_agents(self) -> dict[str, AgentConfig]:
        """The agent versions by name (a lone ``agent`` is named by its ``version``)."""
        if self.agent is not None:
            return {self.agent.version: self.agent}
        return dict(self.agents)

    def pick_agent(self, name: str | None) -> tuple[str, AgentConfig]:
        """The agent called `name` (the first when None).

        Raises:
            ConfigError: no agent has that name.
        """
        agents = self.named_agents()
        if name is None:
            return next(iter(agents.items()))
        if name not in agents:
            close = difflib.get_close_matches(name, list(agents), n=1)
            hint = f"did you mean {close[0]!r}?" if close else f"the suite has: {', '.join(agents)}"
            raise ConfigError(f"the suite has no agent named {name!r}", hint=hint)
        return name, agents[name]


@dataclass(frozen=True)
class LoadedSuite:
    """A suite with everything it names resolved: cases, resources and checks."""

    suite: Suite
    path: Path
    cases: list[Case]
    resources: Resources
    checks: list[Check]
    lines: Lines | None = None
    """Where each part of the suite file is (for messages about it)."""
    notes: tuple[str, ...] = ()
    """What is right but worth knowing (a judge rule for a judge the suite does not run)."""
    plans: Mapping[str, CheckPlan] = dataclass_field(default_factory=dict)
    """Each check's cadence and tags, by check name (a check missing here gets the default
    of its kind: see `fourfold.cadence`)."""

    @property
    def base_dir(self) -> Path:
        """The folder the suite's relative paths start from."""
        return self.path.parent

    @functools.cached_property
    def redactor(self) -> Redactor:
        """The suite's secrets, redacted from everything a run of it stores.

        Its models' keys, read from the environment once; a regrade and a monitor of the
        suite redact the same (see `fourfold._secrets`).
        """
        return Redactor.from_config(self.suite.model_dump(mode="json"))


def load_suite(path: str | Path) -> LoadedSuite:
    """Read, validate and resolve a suite file.

    Raises:
        ConfigError: anything wrong, with the file, the line and what to do.
    """
    path = Path(path)
    if kind_of(path) != "file":
        raise ConfigError(
            f"suite file not found: {path}", hint="give the path to a suite .yaml file"
        )
    data, lines = read_yaml(path, what="suite file")
    if not isinstance(data, dict):
        raise ConfigError(
            "a suite must be a YAML mapping (name:, agent:, cases:, checks: ...)", file=path, line=1
        )
    suite = _validate(data, lines, path)
    base = path.parent
    shorthand = _shorthand_names(data)

    cases: list[Case] = []
    for i, name in enumerate(suite.cases):
        file = base / name
        case_line = lines.line_of(
            ("cases", i) if isinstance(data.get("cases"), list) else ("cases",)
        )
        kind = kind_of(file)
        if kind != "file":
            what = f"{name!r} is a folder" if kind == "folder" else f"not found: {name}"
            raise ConfigError(
                f"case file {what} (looked in {base})",
                file=path,
                line=case_line,
                hint="case paths are relative to the suite file",
            )
        # A simulated user's model must be one of the suite's (checked at its case's line).
        read_cases = functools.partial(load_cases, models=list(suite.models))
        file_cases = _from_file(read_cases, file, suite=path, line=case_line)
        if not file_cases:
            raise ConfigError(
                f"case file {name} holds no cases (0 cases)",
                file=path,
                line=case_line,
                hint=f"add cases to {file} (a JSONL file holds one JSON object per line), or "
                "take it out of 'cases:'",
            )
        cases.extend(file_cases)
    seen: set[str] = set()
    for case in cases:
        if case.id in seen:
            raise ConfigError(
                f"case id {case.id!r} appears in more than one case file",
                file=path,
                line=lines.line_of(("cases",)),
                hint="case ids must be unique within a suite",
            )
        seen.add(case.id)

    resources = {}
    for rname, entry in suite.resources.items():
        file = base / entry.path
        if kind_of(file) == "missing":
            raise ConfigError(
                f"resource {rname!r}: file not found: {entry.path} (looked in {base})",
                file=path,
                line=lines.line_of(("resources", rname)),
                hint="resource paths are relative to the suite file",
            )
        line = lines.line_of(("resources", rname))
        read = functools.partial(load_resource, rname, key=entry.key)
        try:
            resources[rname] = _from_file(read, file, suite=path, line=line)
        except ConfigError as exc:
            if exc.path != ("key",):
                raise
            raise ConfigError(
                f"{exc.message} in {file}",
                file=path,
                line=lines.line_of(("resources", rname, "key")),
                hint=exc.hint,
            ) from exc

    for i, name in enumerate(suite.imports):
        _import(name, base, file=path, line=lines.line_of(("imports", i)))

    checks: list[Check] = []
    plans: dict[str, CheckPlan] = {}
    names: dict[str, int] = {}
    for i, check_entry in enumerate(suite.checks):
        where: tuple[str | int, ...] = ("checks", i)
        args_path = (*where, check_entry.check) if i in shorthand else (*where, "args")
        try:
            with building_suite(base):
                built = create_check(
                    check_entry.check,
                    check_entry.args,
                    layer=check_entry.layer,
                    label=check_entry.name,
                )
        except ConfigError as exc:
            sub = exc.path[1:] if exc.path[:1] == ("args",) else ()
            line = lines.line_of((*args_path, *sub) if exc.path else where)
            raise _in_suite(exc, path, line) from exc
        if built.name in names:
            raise ConfigError(
                f"check {built.name!r} is used twice (first at checks[{names[built.name]}])",
                file=path,
                line=lines.line_of(where),
                hint="give one of them a 'name:' so their results can be told apart",
            )
        names[built.name] = i
        built = _with_severity(built, check_entry, path, lines.line_of((*where, "severity")))
        checks.append(built)
        plans[built.name] = CheckPlan(
            cadence=check_entry.cadence or default_cadence(built),
            tags=tuple(check_entry.tags),
            judge=is_judge(built),
        )
        _check_models(
            built, suite, file=path, line=lines.line_of(_model_path(check_entry, args_path, where))
        )
    notes = _check_gate_names(suite, checks, path, lines)
    check_rubrics(suite.gate.rubrics, checks, path, lines)
    return LoadedSuite(
        suite,
        path,
        cases,
        Resources(resources),
        checks,
        lines=lines,
        notes=tuple(notes),
        plans=plans,
    )


def _with_severity(check: Check, entry: CheckEntry, path: Path, line: int | None) -> Check:
    """A policy check stamped with its severity (the entry's, else the check's default)."""
    if check.layer != "policy":
        if entry.severity is not None:
            raise ConfigError(
                f"check {check.name!r} has a severity, but its results count towards "
                f"{check.layer}: severities rank policy violations",
                file=path,
                line=line,
                hint="remove 'severity:', or give the check 'layer: policy'",
            )
        return check
    return check.with_severity(entry.severity or default_severity(check.name))


def _model_path(
    entry: CheckEntry, args_path: tuple[str | int, ...], where: tuple[str | int, ...]
) -> tuple[str | int, ...]:
    return (*args_path, "model") if "model" in entry.args else where


def _check_models(check: Check, suite: Suite, *, file: Path, line: int | None) -> None:
    """Every suite model the check will call (a judge's ``model:``) must be defined."""
    for name in getattr(check.fn, MODELS_ATTRIBUTE, ()):
        if name in suite.models:
            continue
        defined = list(suite.models)
        close = difflib.get_close_matches(name, defined, n=1)
        if close:
            hint = f"did you mean {close[0]!r}? the suite's models: {', '.join(defined)}"
        elif defined:
            hint = f"the suite's models: {', '.join(defined)}; give one as model:"
        else:
            hint = (
                f"the suite defines no models: add one, e.g. models: {{{name}: "
                "{model: openai/gpt-4.1-mini}}"
            )
        raise ConfigError(
            f"check {check.name!r} is judged by the model {name!r}, which the suite does not "
            "define under 'models:'",
            file=file,
            line=line,
            hint=hint,
        )


def _from_file(read: Callable[[Path], T], file: Path, *, suite: Path, line: int | None) -> T:
    """`read(file)`; an error that names no file is put at the suite's line naming `file`."""
    try:
        return read(file)
    except ConfigError as exc:
        if exc.file is not None:
            raise
        raise ConfigError(exc.message, file=suite, line=line, hint=exc.hint) from exc


def _in_suite(exc: ConfigError, suite: Path, line: int | None) -> ConfigError:
    """A check's error, at the suite's line.

    An error about a file the check reads (a criterion file) stays at that file's line,
    and says where the suite uses it.
    """
    if exc.file is None or Path(exc.file) == suite:
        return ConfigError(exc.message, file=suite, line=line, hint=exc.hint)
    used = f"{suite}:{line}" if line is not None else str(suite)
    return ConfigError(
        f"{exc.message} (read for the check at {used})",
        file=exc.file,
        line=exc.line,
        hint=exc.hint,
    )


def _import(name: str, base: Path, *, file: Path, line: int | None) -> None:
    """Import a module of the suite's own checks: a file path, or a module name."""
    try:
        if name.endswith(".py"):
            module_file = (base / name).resolve()
            if not module_file.is_file():
                raise ConfigError(
                    f"imports: no file {name} in {base}",
                    file=file,
                    line=line,
                    hint="paths in 'imports' are relative to the suite file",
                )
            # A unique module name per file, so two suites' `checks.py` never collide.
            digest = hashlib.sha256(str(module_file).encode()).hexdigest()[:10]
            module_name = f"_fourfold_suite_{digest}_{module_file.stem}"
            if module_name not in sys.modules:
                spec = importlib.util.spec_from_file_location(module_name, module_file)
                assert spec is not None and spec.loader is not None
                module = importlib.util.module_from_spec(spec)
                sys.modules[module_name] = module
                try:
                    spec.loader.exec_module(module)
                except BaseException:
                    del sys.modules[module_name]
                    raise
        else:
            import_from(name, [base])
    except ConfigError:
        raise
    except ModuleNotFoundError as exc:
        raise ConfigError(
            f"imports: module {name!r} not found ({exc})",
            file=file,
            line=line,
            hint=f"put {name}.py beside the suite file, or install the package that provides it",
        ) from exc
    except Exception as exc:
        raise ConfigError(
            f"imports: importing {name!r} failed: {type(exc).__name__}: {exc}",
            file=file,
            line=line,
            hint="fix the module; run it with python to see the traceback",
        ) from exc


def _validate(data: dict[str, Any], lines: Lines, path: Path) -> Suite:
    try:
        return Suite.model_validate(data)
    except ValidationError as exc:
        err = min(exc.errors(), key=lambda e: e["type"] != "extra_forbidden")
        loc = tuple(err["loc"])
        raw_loc = _raw_path(data, loc)
        line = lines.line_of(raw_loc)
        field = ".".join(str(p) for p in loc) or "(suite)"
        hint: str | None = None
        if err["type"] == "extra_forbidden":
            key = str(loc[-1])
            model = _model_at(loc[:-1], data)
            known = list(model.model_fields) if model is not None else []
            close = difflib.get_close_matches(key, known, n=1)
            message = f"unknown field {field!r}"
            hint = _long_form_hint(data, loc) or (
                f"did you mean {close[0]!r}?" if close else f"allowed here: {', '.join(known)}"
            )
        elif err["type"] == "missing":
            message = f"missing field {field!r}"
            hint = f"add '{loc[-1]}:'"
        else:
            message = f"{field}: {err['msg']}"
            if len(loc) == 1 and str(loc[0]) in Suite.model_fields:
                hint = field_doc(Suite, str(loc[0]))  # what the field takes
            elif len(loc) >= 3 and loc[0] == "checks" and str(loc[2]) in _ENTRY_HINTS:
                hint = _ENTRY_HINTS[str(loc[2])]
            elif (
                loc[:2] == ("gate", "safety")
                or loc[:1] == ("confidence",)
                or (loc[:1] == ("checks",) and loc[-1:] == ("severity",))
            ):
                # The severity options: say what the field takes, from its docstring.
                owner = _model_at(loc[:-1], data)
                if owner is not None and str(loc[-1]) in owner.model_fields:
                    hint = field_doc(owner, str(loc[-1]))
        raise ConfigError(message, file=path, line=line, hint=hint) from exc


def _long_form_hint(data: dict[str, Any], loc: tuple[Any, ...]) -> str | None:
    """The long form to write for a shorthand check given entry fields beside it.

    ``- no_pii: {...}`` with ``tags:`` under it is read as a long-form entry with an
    unknown field ``no_pii``; the hint says how to write it. None for anything else.
    """
    if len(loc) != 3 or loc[0] != "checks" or not isinstance(loc[1], int):
        return None
    entries = data.get("checks")
    entry = entries[loc[1]] if isinstance(entries, list) and loc[1] < len(entries) else None
    if not isinstance(entry, dict) or "check" in entry:
        return None
    named = [k for k in entry if k not in CheckEntry.model_fields]
    if len(named) != 1:
        return None
    (name,) = named
    extra = [k for k in entry if k != name]
    return (
        f"with {', '.join(extra)} beside it, write the check in the long form: "
        f"- check: {name}, with its arguments under args: ({name}: ... becomes args: ...)"
    )


_ENTRY_HINTS = {
    "cadence": "cadence: commit (every run, the default for deterministic checks) or "
    "cadence: scheduled (full runs only, the default for judges)",
    "tags": "tags: a list of words of letters, digits and _ . : / - (tags: [smoke, refunds])",
}
"""What a check entry's field takes, for the message about a wrong value."""


def _raw_path(data: dict[str, Any], loc: tuple[Any, ...]) -> tuple[str | int, ...]:
    """Map a location in the validated model back to the YAML (shorthand checks differ)."""
    out: list[str | int] = []
    node: Any = data
    for part in loc:
        if isinstance(node, dict) and part not in node and len(node) == 1 and out[:1] == ["checks"]:
            (only,) = node
            out.append(only)
            node = node[only]
            if part == "args":
                continue
        if isinstance(part, str | int):
            out.append(part)
        node = (
            node.get(part)
            if isinstance(node, dict)
            else (
                node[part]
                if isinstance(node, list) and isinstance(part, int) and part < len(node)
                else None
            )
        )
    return tuple(out)


def _model_at(loc: tuple[Any, ...], data: dict[str, Any]) -> type[BaseModel] | None:
    """The model at `loc`: for an agent entry, the config of the kind the entry names."""
    model: type[BaseModel] = Suite
    node: Any = data
    keyed = False  # the previous field was a dict of models: this part is a key, not a field
    for part in loc:
        node = node.get(part) if isinstance(node, dict) else None
        if isinstance(part, int) or keyed:
            keyed = False
            continue
        field = model.model_fields.get(str(part))
        if field is None:
            return None
        annotation = field.annotation
        found = next(iter(_models_in(annotation)), None)
        if found is None:
            return None
        keyed = getattr(annotation, "__origin__", None) is dict
        model = found
    if issubclass(model, AgentConfig) and isinstance(node, dict):
        try:
            return agent_config_class(node)
        except ValueError:
            return model
    return model


def _models_in(annotation: Any) -> list[type[BaseModel]]:
    """The models an annotation holds (``X | None``, ``dict[str, X]``, ``Annotated[X, ...]``)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [m for arg in typing.get_args(annotation) for m in _models_in(arg)]


def _shorthand_names(data: dict[str, Any]) -> set[int]:
    checks = data.get("checks")
    if not isinstance(checks, list):
        return set()
    return {
        i
        for i, item in enumerate(checks)
        if isinstance(item, dict) and "check" not in item and len(item) == 1
    }


def _check_gate_names(suite: Suite, checks: list[Check], path: Path, lines: Lines) -> list[str]:
    """Resolve every check a gate rule the suite wrote names; return notes worth printing.

    A `score_check` must be a check the suite runs. A `judge.check` must be one too, or
    the name of a built-in judge (``rubric:grounding``): such a rule is applied only when
    that judge runs. Either way the check's results must count towards the rule's layer,
    or the rule would never see them. Rules the suite did not write (the defaults) name
    nothing to resolve.

    Raises:
        ConfigError: a name resolves to nothing (with the closest names), or to a check of
            another layer.
    """
    layers = {c.name: c.layer for c in checks}
    notes: list[str] = []
    for layer in LAYERS:
        if layer not in suite.gate.model_fields_set:
            continue
        # Read only for a rule the suite wrote (it parses every built-in criterion).
        builtin = builtin_check_names()
        rule = suite.gate.rule(layer)
        named: list[tuple[str, tuple[str, ...], bool]] = []
        if rule.score_check is not None:
            named.append((rule.score_check, ("score_check",), False))
        if rule.judge is not None:
            named.append((rule.judge.check, ("judge", "check"), True))
        for name, where, judge in named:
            line = lines.line_of(("gate", layer, *where))
            what = f"the gate's {layer} rule ({'.'.join(where)})"
            own = layers.get(name) or (builtin.get(name) if judge else None)
            if own is None:
                known = list(layers) + ([n for n in builtin if n not in layers] if judge else [])
                close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
                kinds = (
                    "a check of this suite or a built-in judge"
                    if judge
                    else "a check of this suite"
                )
                raise ConfigError(
                    f"{what} names {name!r}, which is not {kinds}: the rule would never apply",
                    file=path,
                    line=line,
                    hint=(f"did you mean {close[0]!r}? " if close else "")
                    + f"the suite's checks: {', '.join(layers) or 'none'}",
                )
            if own != layer:
                raise ConfigError(
                    f"{what} names {name!r}, whose results count towards {own}, not {layer}: "
                    "the rule would never see them",
                    file=path,
                    line=line,
                    hint=f"put the rule under gate.{own}, or give the check 'layer: {layer}'",
                )
            if name not in layers:
                notes.append(
                    f"the gate's {layer} judge rule applies only when {name} runs, and this "
                    f"suite does not run it (add - {name.split(':')[0]}: "
                    f"{{criterion: {name.split(':', 1)[1]}}} to checks)"
                )
    return notes


def cases_to_run(
    loaded: LoadedSuite, agent_config: AgentConfig, case_ids: Sequence[str] = ()
) -> list[Case]:
    """The cases a run of `loaded` with this agent takes: the suite's, or the replay file's.

    A run and its forecast (`fourfold.forecast`) take the same cases from here.

    Args:
        loaded: the suite.
        agent_config: the agent run (a ``replay`` agent brings its cases when the suite
            names none).
        case_ids: only these cases (all when empty).

    Raises:
        ConfigError: the suite has no cases, or names no case with one of `case_ids`.
    """
    if loaded.cases:
        cases = loaded.cases
    elif isinstance(agent_config, ReplayAgentConfig):
        from .agents import cases_from_replay  # only a replaying suite loads the reader

        cases = cases_from_replay(loaded.base_dir / agent_config.replay)
    else:
        raise ConfigError(
            "the suite has no cases",
            file=loaded.path,
            hint="add 'cases: cases.jsonl' (or replay recorded traces with a 'replay:' agent)",
        )
    if not case_ids:
        return cases
    known = {c.id for c in cases}
    missing = [i for i in case_ids if i not in known]
    if missing:
        raise ConfigError(
            f"no case with id {', '.join(repr(m) for m in missing)} in the suite",
            hint="`fourfold show` lists a run's cases; ids are case-sensitive",
        )
    return [c for c in cases if c.id in set(case_ids)]
