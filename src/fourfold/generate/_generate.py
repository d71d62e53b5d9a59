"""Generating cases from the team's own records (a product catalog, help articles) with a model.

Start from content whose answer is already implied, and ask a model for the questions users
ask to reach it. One model call per record (or per chosen combination of articles), with
structured JSON output, asks for 1-6 realistic user queries covering distinct intents the
record supports; fourfold turns each into a `Case` and validates it:

- **schema**: an item of the reply that is not a case (no query, an unknown intent...) is
  dropped and counted, never fatal; a reply that is not JSON fails its record only.
- **fields**: for a catalog, every field the focus names, and every field of the
  constraints, exists in the catalog; the constraints are in `catalog_match`'s format and
  the product the case was written from meets them (checked with `catalog_match` itself);
  the expected outcome and the query never name the product's id (too specific).
- **grounding** (articles): a number in the expected outcome or the focus that the article
  does not hold flags the case for review (``metadata.review``).
- **near-duplicates**: a query too close to one kept before it (`query_similarity`) is
  merged into it (``metadata.merged``), across records too.

**Ids and sources.** A case's id is ``<source id>-<intent>-<8 hex of the normalised
query's hash>``: the same record asked again (same model, seed and temperature 0) gives the
same ids, whatever else the file holds or in which order records are processed. Each case
carries ``metadata.source_id`` and ``source_hash`` (a hash of the record), so a changed
record is detected, and a comparison can tell a changed case set (different source hashes)
from a changed agent. A changed record's query that comes back the same keeps its id, so
the comparison reports the case as edited rather than removed and added.

**Resume.** The output JSONL is appended record by record, in record order. With
``resume=True`` a record whose id and hash are already in the output (on a case, or on a
case merged into another) is skipped; a record whose hash changed is generated again and
its old cases are *replaced*: removed from the file, their ids listed in the new cases'
``metadata.replaces`` (a superseded case left in the file would still be run by a suite).
A record whose every item was dropped is tried again.
"""

from __future__ import annotations

import asyncio
import json
import os
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, ValidationError

from .._encoding import kind_of, read_text
from .._records import split_lines
from ..cases import Case
from ..errors import AuthError, ConfigError, ProviderError
from ._coverage import Coverage, coverage
from ._dedupe import DuplicateMerge, QueryIndex, record_merge
from ._plan import GenerationPlan, GenerationSource, GenerationTask, done_sources
from ._validate import ItemValidator

if TYPE_CHECKING:
    from ..models import Model, ModelResponse

__all__ = [
    "DroppedItem",
    "FailedSource",
    "GenerationResult",
    "SourceOutcome",
    "generate_cases",
    "generate_cases_async",
    "read_generated",
]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class DroppedItem(_Model):
    """An item of a reply that did not make a case."""

    source_id: str
    reason: str
    """What was wrong with it."""
    item: Any = None
    """The item as the model gave it."""


class FailedSource(_Model):
    """A record whose model call failed (the others went on)."""

    source_id: str
    error: str
    """The error's kind: ``ServerError``, ``RateLimitError``, ``not JSON``..."""
    message: str
    """What went wrong."""


class GenerationResult(_Model):
    """What a generation did."""

    cases: list[Case]
    """Every case of the output after the run (the earlier ones too, when resuming)."""
    generated: list[str]
    """The ids of the cases made by this run."""
    sources: int
    """Sources asked this run."""
    skipped: list[str]
    """Sources already in the output, not asked again (``resume``)."""
    failed: list[FailedSource]
    """Sources whose call failed; try them again with ``resume``."""
    dropped: list[DroppedItem]
    """Items that did not make a case, and why."""
    merged: list[DuplicateMerge]
    """Near-duplicates merged into an earlier case."""
    replaced: dict[str, list[str]]
    """Sources whose record changed: the ids of the cases they had, now removed."""
    stale: list[str]
    """Sources of cases in the output whose record is gone from the records."""
    review: list[str]
    """Ids of cases flagged for a human look (``metadata.review`` says why)."""
    calls: int = 0
    """Model calls made (cache hits included)."""
    cache_hits: int = 0
    input_tokens: int = 0
    """Prompt tokens of the calls that went to the provider."""
    output_tokens: int = 0
    cost_usd: float | None = None
    """What those calls cost (None when the model has no price)."""
    coverage: Coverage
    """Cases per intent × category over `cases`."""


# ---------------------------------------------------------------- the output file


def read_generated(path: str | Path) -> list[Case]:
    """The cases of a generated JSONL file (empty when it does not exist).

    A last line cut off mid-write (a generation killed while appending) is ignored.

    Raises:
        ConfigError: any other line is not a case.
    """
    return _read_output(Path(path))[0]


def _read_output(path: Path) -> tuple[list[Case], bool]:
    """The cases of the output, and whether its last line was cut off."""
    if kind_of(path) == "missing":
        return [], False
    lines = split_lines(read_text(path, what="generated cases file"))
    last = max((i for i, ln in enumerate(lines) if ln.strip()), default=-1)
    cases: list[Case] = []
    for i, line in enumerate(lines):
        if not line.strip():
            continue
        try:
            cases.append(Case.model_validate_json(line))
        except ValidationError as exc:
            if i == last and not line.rstrip().endswith("}"):
                return cases, True
            raise ConfigError(
                f"not a case: {exc.errors()[0]['msg']}",
                file=path,
                line=i + 1,
                hint="the output of a generation is resumed only from a file it wrote; "
                "use another -o, or start again without --resume",
            ) from exc
    return cases, False


def _line(case: Case) -> str:
    return json.dumps(case.model_dump(mode="json", exclude_defaults=True), ensure_ascii=False)


def _rewrite(path: Path, cases: Sequence[Case]) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text("".join(_line(c) + "\n" for c in cases), encoding="utf-8")
    os.replace(tmp, path)


def _append(path: Path, cases: Sequence[Case]) -> None:
    if not cases:
        return
    with path.open("a", encoding="utf-8") as fh:
        fh.write("".join(_line(c) + "\n" for c in cases))
        fh.flush()


# ---------------------------------------------------------------- generating


@dataclass
class SourceOutcome:
    """What one source gave: its cases (after merging), what was dropped, or the failure."""

    source: GenerationSource
    cases: list[Case] = field(default_factory=list)
    dropped: list[DroppedItem] = field(default_factory=list)
    merged: list[DuplicateMerge] = field(default_factory=list)
    failure: FailedSource | None = None
    error: ProviderError | None = None
    response: ModelResponse | None = None


@dataclass
class _State:
    """The output being built: every case by id, in file order, and the query index."""

    cases: dict[str, Case]
    index: QueryIndex
    written: set[str]
    dirty: bool = False
    """A case already written absorbed a duplicate: the file is rewritten at the end."""


async def generate_cases_async(
    plan: GenerationPlan,
    model: Model,
    *,
    output: str | Path | None = None,
    resume: bool = False,
    use_cache: bool = True,
    on_source: Callable[[SourceOutcome], None] | None = None,
) -> GenerationResult:
    """Generate the plan's cases with `model`, validate, merge near-duplicates and write them.

    Calls run concurrently (up to twice the model's concurrency in flight); results are
    validated and written in the plan's order, so the same replies give the same file.

    Args:
        plan: what to generate (`plan_generation`).
        model: the model that writes the cases.
        output: the JSONL file, appended source by source (None: keep the cases in memory).
            Without `resume` it is started afresh.
        resume: continue the output: skip sources already in it, regenerate changed ones.
        use_cache: serve a request already answered from the model's cache.
        on_source: called with each source's outcome, in order, as it is written.

    Raises:
        AuthError: the model refused the key (every call would): what was generated is kept.
        ConfigError: the output holds a line that is not a case.
    """
    path = Path(output) if output is not None else None
    existing, cut = _read_output(path) if (path is not None and resume) else ([], False)
    if cut and existing:
        # The source being written when the file was cut may have lost cases: it is redone.
        last = existing[-1].metadata.get("source_id")
        existing = [c for c in existing if c.metadata.get("source_id") != last]
    current = {t.source.id: t.source.hash for t in plan.tasks}
    replaced, kept = _drop_changed(existing, current)
    if path is not None:
        # Also when nothing changed: a last line cut off mid-write must not be appended to.
        _rewrite(path, kept)
    done = done_sources(kept, current)
    state = _State({c.id: c for c in kept}, QueryIndex(plan.config.similarity), set())
    for case in kept:
        state.index.add(case.id, case.user_text)
        state.written.add(case.id)
    validator = ItemValidator(plan, model.name)
    pending = [t for t in plan.tasks if t.source.id not in done]
    skipped = [t.source.id for t in plan.tasks if t.source.id in done]
    outcomes: list[SourceOutcome] = []
    generated: list[str] = []
    window = max(1, 2 * model.config.concurrency)
    queue = iter(pending)
    running: deque[asyncio.Task[SourceOutcome]] = deque()

    def start_more() -> None:
        while len(running) < window:
            task = next(queue, None)
            if task is None:
                return
            running.append(asyncio.ensure_future(_call(model, task, use_cache)))

    try:
        start_more()
        while running:
            outcome = await running.popleft()
            start_more()
            if isinstance(outcome.error, AuthError):
                raise outcome.error
            _settle(outcome, validator, state, replaced)
            if path is not None:
                _append(path, outcome.cases)
            state.written.update(c.id for c in outcome.cases)
            generated.extend(c.id for c in outcome.cases)
            outcomes.append(outcome)
            if on_source is not None:
                on_source(outcome)
    finally:
        for pending_task in running:
            pending_task.cancel()
        if running:
            await asyncio.gather(*running, return_exceptions=True)
        if path is not None and state.dirty:
            _rewrite(path, list(state.cases.values()))
    return _result(plan, state, outcomes, generated, skipped, replaced)


def generate_cases(
    plan: GenerationPlan,
    model: Model,
    *,
    output: str | Path | None = None,
    resume: bool = False,
    use_cache: bool = True,
    on_source: Callable[[SourceOutcome], None] | None = None,
) -> GenerationResult:
    """`generate_cases_async` from synchronous code; closes `model` at the end.

    The model's connections belong to the event loop this call runs, which ends with it.
    """

    async def main() -> GenerationResult:
        async with model:
            return await generate_cases_async(
                plan, model, output=output, resume=resume, use_cache=use_cache, on_source=on_source
            )

    return asyncio.run(main())


def _drop_changed(
    existing: list[Case], current: Mapping[str, str]
) -> tuple[dict[str, list[str]], list[Case]]:
    """Cases of sources whose record changed, by source; and the rest (merges stripped)."""

    def changed(meta: Mapping[str, Any]) -> bool:
        source = str(meta.get("source_id"))
        return source in current and meta.get("source_hash") != current[source]

    replaced: dict[str, list[str]] = {}
    kept: list[Case] = []
    for case in existing:
        if changed(case.metadata):
            replaced.setdefault(str(case.metadata["source_id"]), []).append(case.id)
            continue
        merged = case.metadata.get("merged")
        if isinstance(merged, list) and any(isinstance(m, dict) and changed(m) for m in merged):
            fresh = [m for m in merged if not (isinstance(m, dict) and changed(m))]
            metadata = {k: v for k, v in case.metadata.items() if k != "merged"}
            if fresh:
                metadata["merged"] = fresh
            case = case.model_copy(update={"metadata": metadata})
        kept.append(case)
    return replaced, kept


async def _call(model: Model, task: GenerationTask, use_cache: bool) -> SourceOutcome:
    outcome = SourceOutcome(task.source)
    try:
        outcome.response = await model.generate(task.request, use_cache=use_cache)
    except ProviderError as exc:
        outcome.error = exc
        outcome.failure = FailedSource(
            source_id=task.source.id, error=type(exc).__name__, message=str(exc)
        )
    return outcome


def _items(response: ModelResponse) -> list[Any] | str:
    parsed = response.parsed
    if parsed is None and response.text:
        try:
            parsed = json.loads(response.text)
        except ValueError:
            return f"the reply is not JSON: {response.text[:80]!r}"
    if isinstance(parsed, dict):
        for key in ("cases", "test_cases", "items"):
            if isinstance(parsed.get(key), list):
                return list(parsed[key])
        return f"the reply has no 'cases' list (keys: {', '.join(map(str, parsed)) or 'none'})"
    if isinstance(parsed, list):
        return parsed
    return "the reply is not a JSON object with a 'cases' list"


def _settle(
    outcome: SourceOutcome,
    validator: ItemValidator,
    state: _State,
    replaced: Mapping[str, list[str]],
) -> None:
    """Validate the reply's items into cases and merge them into the output."""
    source = outcome.source
    if outcome.response is None:
        return
    items = _items(outcome.response)
    if isinstance(items, str):
        outcome.failure = FailedSource(source_id=source.id, error="unusable reply", message=items)
        return
    limit = validator.plan.config.per_record
    for n, raw in enumerate(items):
        if n >= limit:
            outcome.dropped.append(
                DroppedItem(source_id=source.id, reason=f"beyond the {limit} asked for", item=raw)
            )
            continue
        made = validator.case(raw, source)
        if isinstance(made, str):
            outcome.dropped.append(DroppedItem(source_id=source.id, reason=made, item=raw))
            continue
        if source.id in replaced:
            made = made.model_copy(
                update={"metadata": {**made.metadata, "replaces": replaced[source.id]}}
            )
        found = state.index.find(made.user_text)
        if found is None and made.id in state.cases:
            found = (made.id, 1.0)
        if found is None:
            state.index.add(made.id, made.user_text)
            state.cases[made.id] = made
            outcome.cases.append(made)
            continue
        kept_id, similarity = found
        outcome.merged.append(
            DuplicateMerge(
                kept=kept_id,
                merged=made.id,
                similarity=similarity,
                query=made.user_text,
                source_id=source.id,
            )
        )
        absorbed = record_merge(state.cases[kept_id], made, similarity)
        state.cases[kept_id] = absorbed
        if kept_id in state.written:
            state.dirty = True
        else:
            outcome.cases = [absorbed if c.id == kept_id else c for c in outcome.cases]


def _result(
    plan: GenerationPlan,
    state: _State,
    outcomes: list[SourceOutcome],
    generated: list[str],
    skipped: list[str],
    replaced: dict[str, list[str]],
) -> GenerationResult:
    cases = list(state.cases.values())
    cache_hits = input_tokens = output_tokens = 0
    cost: float | None = None
    for outcome in outcomes:
        response = outcome.response
        if response is None:
            continue
        if response.cached:
            cache_hits += 1
            continue
        input_tokens += response.input_tokens
        output_tokens += response.output_tokens
        if response.cost_usd is not None:
            cost = (cost or 0.0) + response.cost_usd
    known = plan.record_ids
    new = set(generated)
    stale = sorted(
        {
            str(c.metadata.get("source_id"))
            for c in cases
            if any(
                i not in known for i in c.metadata.get("source_ids", [c.metadata.get("source_id")])
            )
        }
    )
    return GenerationResult(
        cases=cases,
        generated=generated,
        sources=len(outcomes),
        skipped=skipped,
        failed=[o.failure for o in outcomes if o.failure is not None],
        dropped=[d for o in outcomes for d in o.dropped],
        merged=[m for o in outcomes for m in o.merged],
        replaced=replaced,
        stale=stale,
        review=[c.id for c in cases if c.metadata.get("review") and c.id in new],
        calls=len(outcomes),
        cache_hits=cache_hits,
        input_tokens=input_tokens,
        output_tokens=output_tokens,
        cost_usd=cost,
        coverage=coverage(cases, intents=plan.intents, categories=plan.categories),
    )
