"""Promotion: the cases a run failed become new cases, so a suite accumulates.

Every case that fails — in a live run, or in a run of replayed or monitored production
traces — is a case the suite should keep asking. `promote` turns a stored run's failing
trials into cases and appends them to a JSONL case file, recording the layer each broke.

One promoted case per failing source case, whatever the number of layers and repeats that
failed: a case is evaluated on every layer anyway, and two copies of one input would count
it twice in every pass rate. The layers it broke are listed in ``metadata.broke`` and as
``broke:<layer>`` tags, the failing checks in ``metadata.checks``::

    {"id": "refund-small-1f3a9c0e", "input": "...", "expected": "...",
     "tags": ["promoted", "broke:policy", "broke:trajectory"],
     "metadata": {"promoted_from": {"run": "20261129-...", "case_id": "refund-small",
                                    "repeat": 0, ...},
                  "broke": ["trajectory", "policy"], "checks": ["tool_order", "no_pii"],
                  "failures": {"no_pii": "the output contains personal data: ..."},
                  "promoted_at": "2026-11-29T20:05:00+00:00"}}

A promoted case is written, downloaded and shown: the run's secrets (what its
configuration names, in the environment of the process that promotes, and literal header
values of runs stored before the store redacted them) are replaced in it by markers, as
in everything a run stores (`fourfold._secrets`).

The id is the source case's id and a hash of its input and context, so the same case
failing again (in this run or a later one) gets the same id: ids already in the target are
skipped, and so is a case whose input and context the target already holds under another
id (the source case itself, say). Promoting twice adds nothing the second time.
"""

from __future__ import annotations

import difflib
import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, cast

from ._secrets import Redactor
from .cases import Case, load_cases
from .errors import ConfigError
from .runs import LAYERS, CheckResult, Layer, Run, Trial
from .store import Store

__all__ = ["Promotion", "promote", "promoted_cases", "promoted_id", "question_key"]

_EXPLANATION_CHARS = 300


@dataclass(frozen=True)
class Promotion:
    """What `promote` added to a case file (or would add, on a dry run)."""

    run: Run
    """The run the failures come from."""
    target: Path | None
    """The JSONL file appended to (None on a dry run without one)."""
    added: list[Case]
    """The new cases, in the run's case order (not written on a dry run)."""
    skipped_ids: list[str] = field(default_factory=list)
    """Promoted cases whose id the target already holds."""
    skipped_same_input: list[tuple[str, str]] = field(default_factory=list)
    """(promoted id, id already holding the same input and context) pairs left out."""
    no_input: list[str] = field(default_factory=list)
    """Failing cases that cannot become cases: no input, and no user message in the trace."""
    dry_run: bool = False
    """True when nothing was written."""

    @property
    def skipped(self) -> int:
        """How many promoted cases were left out because the target already has them."""
        return len(self.skipped_ids) + len(self.skipped_same_input)


def promoted_id(case: Case) -> str:
    """The id of the case promoted from `case`: its id and a hash of its input and context.

    Examples:
        >>> promoted_id(Case(id="refund-1", input="Refund order O-1"))
        'refund-1-dd48ae9e'
    """
    digest = hashlib.sha256(question_key(case).encode()).hexdigest()
    return f"{case.id}-{digest[:8]}"


def question_key(case: Case) -> str:
    """What makes two cases ask the same thing: the input and the context, as JSON text."""
    body = case.model_dump(mode="json", include={"input", "context"})
    return json.dumps(body, sort_keys=True, ensure_ascii=False)


def promoted_cases(
    store: Store,
    run_id: str,
    *,
    layers: Sequence[str] = (),
    checks: Sequence[str] = (),
    promoted_at: datetime | None = None,
    environ: Mapping[str, str] | None = None,
) -> tuple[Run, list[Case], list[str]]:
    """The cases a run's failing trials promote to, before any deduplication.

    A trial fails a layer when one of that layer's results fails (errored trials and
    results that could not decide are not failures). With `layers` or `checks`, only
    failures in those layers, of those checks, count.

    Args:
        store: the store holding the run.
        run_id: the run (an id, a unique prefix, or ``latest``).
        layers: only failures in these layers (all when empty).
        checks: only failures of these checks, by the name results carry (all when empty).
        promoted_at: the time to record (default: now).
        environ: the environment whose credentials the cases must not hold (default
            ``os.environ``).

    Returns:
        The run, the promoted cases in the run's case order, and the ids of failing cases
        that have no input to ask again (a trace without a user message).

    Raises:
        RunNotFoundError: no such run.
        ConfigError: an unknown layer, or a check the run never ran.
    """
    wanted_layers = _known_layers(layers)
    run = store.get_run(run_id)
    trials = store.trials(run.id)
    wanted_checks = _known_checks(checks, run, trials)
    sources = {case.id: case for case in store.cases(run.id)}
    when = (promoted_at or datetime.now(UTC)).astimezone(UTC)

    failing: dict[str, list[tuple[Trial, list[CheckResult]]]] = {}
    repeats: dict[str, int] = {}
    for trial in trials:
        repeats[trial.case_id] = repeats.get(trial.case_id, 0) + 1
        if trial.status != "ok":
            continue
        failed = [
            r
            for r in trial.results
            if r.status == "fail"
            and (not wanted_layers or r.layer in wanted_layers)
            and (not wanted_checks or r.check in wanted_checks)
        ]
        if failed:
            failing.setdefault(trial.case_id, []).append((trial, failed))

    redactor = Redactor.from_config(run.config, environ)
    cases: list[Case] = []
    no_input: list[str] = []
    for case_id, found in failing.items():
        source = sources.get(case_id) or _case_from_trace(case_id, found[0][0])
        if source is None or not _has_input(source):
            no_input.append(case_id)
            continue
        cases.append(redactor.model(_promote(source, run, found, repeats[case_id], when)))
    return run, cases, no_input


def promote(
    store: Store,
    run_id: str,
    target: str | Path | None,
    *,
    layers: Sequence[str] = (),
    checks: Sequence[str] = (),
    known: Iterable[Case] = (),
    dry_run: bool = False,
    promoted_at: datetime | None = None,
    environ: Mapping[str, str] | None = None,
) -> Promotion:
    """Append the cases a run failed to a JSONL case file, skipping those it already has.

    Args:
        store: the store holding the run.
        run_id: the run (an id, a unique prefix, or ``latest``).
        target: the ``.jsonl`` case file to append to (created if missing); None only
            with `dry_run`.
        layers: only failures in these layers (all when empty).
        checks: only failures of these checks (all when empty).
        known: other cases to leave out by id or by input and context (the rest of a
            suite's cases, when appending to its first case file).
        dry_run: work out what would be added, and write nothing.
        promoted_at: the time to record (default: now).
        environ: the environment whose credentials the cases must not hold (default
            ``os.environ``).

    Raises:
        RunNotFoundError: no such run.
        ConfigError: an unknown layer or check, a target that is not a ``.jsonl`` file or
            holds a malformed case, or no target outside a dry run.
    """
    path = Path(target) if target is not None else None
    if path is None and not dry_run:
        raise ConfigError(
            "promote needs a case file to append to",
            hint="give -o cases.jsonl, or --into suite.yaml (its first case file)",
        )
    if path is not None:
        _require_jsonl(path)
    run, candidates, no_input = promoted_cases(
        store, run_id, layers=layers, checks=checks, promoted_at=promoted_at, environ=environ
    )
    existing = [*known, *(load_cases(path) if path is not None and path.exists() else [])]
    ids = {case.id for case in existing}
    questions = {question_key(case): case.id for case in existing}
    added: list[Case] = []
    skipped_ids: list[str] = []
    same_input: list[tuple[str, str]] = []
    for case in candidates:
        key = question_key(case)
        if case.id in ids:
            skipped_ids.append(case.id)
        elif key in questions:
            same_input.append((case.id, questions[key]))
        else:
            added.append(case)
            ids.add(case.id)
            questions[key] = case.id
    if path is not None and added and not dry_run:
        _append(path, added)
    return Promotion(
        run=run,
        target=path,
        added=added,
        skipped_ids=skipped_ids,
        skipped_same_input=same_input,
        no_input=no_input,
        dry_run=dry_run,
    )


def _promote(
    source: Case,
    run: Run,
    found: list[tuple[Trial, list[CheckResult]]],
    repeats: int,
    when: datetime,
) -> Case:
    results = [r for _, failed in found for r in failed]
    broke = [layer for layer in LAYERS if any(r.layer == layer for r in results)]
    check_names = list(dict.fromkeys(r.check for r in results))
    failures: dict[str, str] = {}
    for r in results:
        if r.explanation and r.check not in failures:
            failures[r.check] = _shorten(r.explanation)
    tags = list(dict.fromkeys([*source.tags, "promoted", *(f"broke:{layer}" for layer in broke)]))
    metadata: dict[str, Any] = {
        **source.metadata,
        "promoted_from": {
            "run": run.id,
            "suite": run.suite,
            "agent_version": run.agent_version,
            "case_id": source.id,
            "repeat": found[0][0].repeat,
            "failed_repeats": [trial.repeat for trial, _ in found],
            "repeats": repeats,
        },
        "broke": broke,
        "checks": check_names,
        "failures": failures,
        "promoted_at": when.isoformat(),
    }
    return source.model_copy(update={"id": promoted_id(source), "tags": tags, "metadata": metadata})


def _case_from_trace(case_id: str, trial: Trial) -> Case | None:
    """The case of a trial the run's case list lacks: the trace's first user message."""
    if trial.trace is None:
        return None
    user = next((m.content for m in trial.trace.messages if m.role == "user" and m.content), None)
    if user is None:
        return None
    return Case(id=case_id, input=user)


def _has_input(case: Case) -> bool:
    return bool(case.input) if isinstance(case.input, list) else bool(case.input.strip())


def _known_layers(layers: Sequence[str]) -> set[Layer]:
    for layer in layers:
        if layer not in LAYERS:
            close = difflib.get_close_matches(layer, LAYERS, n=1)
            hint = f"did you mean {close[0]!r}? " if close else ""
            raise ConfigError(
                f"unknown layer {layer!r}",
                hint=hint + f"the layers are {', '.join(LAYERS)}",
            )
    return {cast(Layer, layer) for layer in layers}


def _known_checks(checks: Sequence[str], run: Run, trials: list[Trial]) -> set[str]:
    if not checks:
        return set()
    ran = {r.check for t in trials for r in t.results}
    for spec in run.config.get("checks_resolved") or []:
        if isinstance(spec, dict):
            ran.add(str(spec.get("label") or spec.get("name")))
    for name in checks:
        if name not in ran:
            close = difflib.get_close_matches(name, sorted(ran), n=1)
            hint = f"did you mean {close[0]!r}? " if close else ""
            raise ConfigError(
                f"run {run.id} has no results of check {name!r}",
                hint=hint + f"its checks: {', '.join(sorted(ran)) or 'none'}",
            )
    return set(checks)


def _require_jsonl(path: Path) -> None:
    if path.suffix.lower() != ".jsonl":
        raise ConfigError(
            f"{path} is not a JSONL file: promote appends one case per line",
            hint="give a .jsonl case file (-o promoted.jsonl) and add it to the suite's cases",
        )
    if path.is_dir():
        raise ConfigError(f"{path} is a folder", hint="give a .jsonl case file")


def _append(path: Path, cases: list[Case]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    text = "".join(case.model_dump_json(exclude_defaults=True) + "\n" for case in cases)
    # A file whose last line lacks its newline would get the first case glued onto it.
    if path.exists() and path.stat().st_size > 0:
        with path.open("rb") as existing:
            existing.seek(-1, 2)
            if existing.read(1) != b"\n":
                text = "\n" + text
    with path.open("a", encoding="utf-8") as out:
        out.write(text)


def _shorten(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= _EXPLANATION_CHARS else text[: _EXPLANATION_CHARS - 1] + "…"
