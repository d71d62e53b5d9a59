"""``fourfold generate``: cases from the team's own records (a catalog, help articles)."""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from contextlib import nullcontext
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from .._text import markup
from ..errors import ConfigError
from ._common import err_console, handle_errors, open_store, out_console, store_option
from ._models import chosen_model

if TYPE_CHECKING:
    from rich.progress import TaskID
    from rich.table import Table

    from ..cases import Case
    from ..generate import Coverage, GenerationPlan, GenerationResult, SourceOutcome
    from ..models import Model, ModelConfig


DEFAULT_SIMILARITY = 0.9
"""`fourfold.generate.DEFAULT_SIMILARITY`, written out so that ``fourfold generate --help``
does not load the generator (tests/test_startup.py keeps the two equal)."""


@click.command("generate")
@click.argument("records", type=click.Path(path_type=Path))
@click.option(
    "--kind",
    type=click.Choice(["catalog", "articles"]),
    required=True,
    help="catalog: a JSONL/CSV file of products; articles: a folder of Markdown help "
    "articles (or a record file with a 'text' field).",
)
@click.option(
    "--model",
    "model_name",
    metavar="PROVIDER/NAME|NAME",
    help="The model that writes the cases: provider/name (openai/gpt-4.1-mini, "
    "ollama/llama3.1...), or with --suite the name of one of the suite's models.",
)
@click.option(
    "--suite",
    "suite_file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Take the model from this suite's 'models:' (its endpoint, key variable, limits).",
)
@click.option("--model-name", "suite_model", metavar="NAME", help="Which of the suite's models.")
@click.option("--base-url", metavar="URL", help="The endpoint of --model provider/name, up to /v1.")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The cases file to write (JSONL; default: <records>-cases.jsonl here). The coverage "
    "table is written beside it as <output>.coverage.json.",
)
@click.option(
    "--per-record",
    type=click.IntRange(1, 6),
    default=3,
    show_default=True,
    help="Queries to ask for per record, each of a different intent.",
)
@click.option(
    "--seed",
    type=int,
    default=0,
    show_default=True,
    help="Makes sampling repeatable: which records (--limit), intents and combinations.",
)
@click.option("--limit", type=click.IntRange(1), help="Generate from N records, sampled.")
@click.option(
    "--combine",
    type=click.IntRange(2, 5),
    help="Articles: also generate cases that need K articles together.",
)
@click.option(
    "--combinations",
    type=click.IntRange(1),
    help="With --combine: how many combinations (default: one per K articles).",
)
@click.option(
    "--similarity",
    type=click.FloatRange(0, 1, min_open=True),
    default=DEFAULT_SIMILARITY,
    show_default=True,
    help="Queries at least this alike (normalised token Jaccard, spelling variants "
    "matched) are merged as near-duplicates.",
)
@click.option("--dry-run", is_flag=True, help="Estimate the calls and cost; call nothing.")
@click.option(
    "--resume",
    is_flag=True,
    help="Continue the output: skip records already in it, regenerate changed ones.",
)
@click.option("--overwrite", is_flag=True, help="Start the output again if it exists.")
@click.option(
    "--cache/--no-cache",
    "use_cache",
    default=True,
    show_default=True,
    help="Keep replies in the store's cache, and serve a request asked before from it.",
)
@store_option
@handle_errors
def generate_command(
    records: Path,
    kind: str,
    model_name: str | None,
    suite_file: Path | None,
    suite_model: str | None,
    base_url: str | None,
    output: Path | None,
    per_record: int,
    seed: int,
    limit: int | None,
    combine: int | None,
    combinations: int | None,
    similarity: float,
    dry_run: bool,
    resume: bool,
    overwrite: bool,
    use_cache: bool,
    store_target: str | None,
) -> None:
    """Generate cases from RECORDS with a model.

    One call per record (with structured JSON output) asks for realistic user queries
    covering distinct intents, each with the expected outcome and what the evaluator must
    check. Items that fail validation are dropped and counted, near-duplicate queries are
    merged, and a table of cases per intent × category shows the gaps.

    Exit code: 0 done, 1 some records failed (run again with --resume), 2 bad input.
    """
    from ..generate import GenerationConfig, load_source_records, plan_generation, read_generated

    if resume and overwrite:
        raise ConfigError("give --resume or --overwrite, not both")
    if combinations is not None and combine is None:
        raise ConfigError("--combinations goes with --combine K")
    config = GenerationConfig(
        kind=kind,
        per_record=per_record,
        seed=seed,
        limit=limit,
        combine=combine,
        combinations=combinations,
        similarity=similarity,
    )
    rows = load_source_records(records, kind=config.kind)
    plan = plan_generation(rows, config)
    model_config = chosen_model(model_name, suite_file, suite_model, base_url)
    target = output or Path(f"{records.resolve().stem}-cases.jsonl")
    if dry_run:
        _dry_run(plan, model_config, read_generated(target) if resume else [])
        return
    if model_config is None:
        raise ConfigError(
            "no model to generate with",
            hint="give --model provider/name (e.g. openai/gpt-4.1-mini), or --suite SUITE "
            "--model-name NAME; --dry-run estimates without one",
        )
    if target.exists() and not (resume or overwrite):
        raise ConfigError(
            "the output exists",
            file=target,
            hint="pass --resume to continue it, --overwrite to start again, or another -o",
        )
    result = _generate(plan, model_config, target, resume, use_cache, store_target, records)
    _report(result, plan, model_config, target)
    if result.failed:
        raise SystemExit(1)


# ---------------------------------------------------------------- the model


# ---------------------------------------------------------------- running


def _generate(
    plan: GenerationPlan,
    config: ModelConfig,
    target: Path,
    resume: bool,
    use_cache: bool,
    store_target: str | None,
    records: Path,
) -> GenerationResult:
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    from .._secrets import Redactor
    from ..generate import estimate_generation, generate_cases_async, read_generated
    from ..models import get_model
    from ..store import StoreCache

    progress: Progress | None = None
    task: TaskID | None = None
    if err_console.is_terminal:
        existing = read_generated(target) if resume else []
        calls = estimate_generation(plan, existing=existing).calls
        progress = Progress(
            TextColumn("generating"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=err_console,
            transient=True,
        )
        task = progress.add_task("generate", total=calls)

    def on_source(outcome: SourceOutcome) -> None:
        if progress is not None and task is not None:
            progress.advance(task)
        if outcome.failure is not None:
            err_console.print(
                f"[red]failed[/] {markup(outcome.source.id)}: "
                f"{markup(outcome.failure.error)}: {markup(outcome.failure.message)}"
            )

    async def run(model: Model) -> GenerationResult:
        async with model:
            return await generate_cases_async(
                plan, model, output=target, resume=resume, use_cache=use_cache, on_source=on_source
            )

    try:
        with progress or nullcontext():
            if not use_cache:
                return asyncio.run(run(get_model(config)))
            # The archive keeps every prompt and reply: the model's key and headers, and
            # the environment's credentials, are redacted from them (fourfold._secrets).
            secrets = Redactor.from_config(
                {"models": {"generator": config.model_dump(mode="json")}}
            )
            with open_store(store_target) as store:
                cache = StoreCache(store, redactor=secrets)
                return asyncio.run(run(get_model(config, cache=cache)))
    except KeyboardInterrupt:
        err_console.print(
            f"[yellow]interrupted.[/] the cases generated so far are in {markup(str(target))}; "
            f"continue with the same command and --resume (records: {markup(str(records))})"
        )
        raise SystemExit(130) from None


def _dry_run(plan: GenerationPlan, model: ModelConfig | None, existing: list[Case]) -> None:
    from ..cases import Case
    from ..generate import coverage, estimate_generation

    estimate = estimate_generation(plan, model=model, existing=existing)
    skipped = f" ({estimate.skipped} already in the output)" if estimate.skipped else ""
    out_console.print(
        f"[bold]dry run[/]: {estimate.calls} model calls{skipped}, {estimate.cases_asked} "
        f"queries asked for; about {estimate.input_tokens:,} input and "
        f"{estimate.output_tokens:,} output tokens"
    )
    if model is None:
        out_console.print("cost: unknown (no model given: --model provider/name prices it)")
    elif estimate.cost_usd is None:
        out_console.print(
            f"cost: unknown ({markup(model.model)} is not in the price table; set 'prices' in "
            "the suite's model config)"
        )
    else:
        out_console.print(f"estimated cost: ${estimate.cost_usd:.4f} with {markup(model.model)}")
    pending = set(estimate.sources)
    asked = [
        Case(
            id=f"{t.source.id}-{n}",
            input="-",
            strata={
                "intent": "combined" if t.source.combined else intent,
                "category": t.source.category,
            },
        )
        for t in plan.tasks
        if t.source.id in pending
        for n, intent in enumerate(t.source.intents)
    ]
    table = coverage(asked, intents=plan.intents, categories=plan.categories)
    out_console.print(_coverage_table(table, "queries asked for, per intent × category"))
    out_console.print("[dim]no call was made[/]")


# ---------------------------------------------------------------- reporting


def _report(
    result: GenerationResult,
    plan: GenerationPlan,
    model: ModelConfig,
    target: Path,
) -> None:
    print_ = out_console.print
    print_(
        f"[bold]generated[/] {len(result.generated)} cases from {result.sources} "
        f"{'record' if result.sources == 1 else 'records'} → {markup(str(target))} "
        f"({len(result.cases)} cases in the file; model {markup(model.model)}, "
        f"seed {plan.config.seed})"
    )
    if result.skipped:
        print_(f"skipped {len(result.skipped)} records already in the output (--resume)")
    for source, old in result.replaced.items():
        print_(
            f"[yellow]changed[/] record {markup(source)}: regenerated; its {len(old)} old "
            f"cases were replaced ({markup(', '.join(old))})"
        )
    if result.dropped:
        reasons = Counter(_reason_kind(d.reason) for d in result.dropped)
        print_(
            f"[yellow]dropped[/] {len(result.dropped)} items: "
            + "; ".join(f"{n} {markup(r)}" for r, n in reasons.most_common())
        )
        for dropped in result.dropped[:5]:
            print_(f"  [dim]{markup(dropped.source_id)}: {markup(dropped.reason)}[/]")
    if result.merged:
        print_(f"merged {len(result.merged)} near-duplicate queries into earlier cases")
        for merge in result.merged[:5]:
            print_(
                f"  [dim]{markup(merge.merged)} → {markup(merge.kept)} "
                f"(similarity {merge.similarity:.2f}: {markup(merge.query)!r})[/]"
            )
    if result.review:
        flagged = {c.id: c for c in result.cases}
        print_(f"[yellow]review[/] {len(result.review)} cases flagged (see metadata.review)")
        for case_id in result.review[:5]:
            notes = "; ".join(flagged[case_id].metadata.get("review", []))
            print_(f"  [dim]{markup(case_id)}: {markup(notes)}[/]")
    if result.stale:
        print_(
            f"[yellow]note[/]: cases of {len(result.stale)} records no longer in the records "
            f"stay in the output: {markup(', '.join(result.stale[:10]))}"
        )
    if result.failed:
        why = Counter(f.error for f in result.failed)
        print_(
            f"[red]{len(result.failed)} record{'s' if len(result.failed) > 1 else ''} "
            "failed[/] ("
            + ", ".join(f"{n} {markup(e)}" for e, n in why.most_common())
            + "): "
            + markup(", ".join(f.source_id for f in result.failed[:10]))
            + "; run the same command with --resume to try them again"
        )
    cost = f", ${result.cost_usd:.4f}" if result.cost_usd is not None else ""
    hits = f" ({result.cache_hits} from the cache)" if result.cache_hits else ""
    print_(
        f"[dim]{result.calls} calls{hits}, {result.input_tokens:,} input and "
        f"{result.output_tokens:,} output tokens{cost}[/]"
    )
    print_(_coverage_table(result.coverage, "cases per intent × category"))
    where = target.with_name(target.stem + ".coverage.json")
    where.write_text(
        json.dumps(result.coverage.model_dump(mode="json"), indent=2, ensure_ascii=False) + "\n",
        encoding="utf-8",
    )
    print_(f"[dim]coverage written to {markup(str(where))}[/]")


def _reason_kind(reason: str) -> str:
    """The kind of a drop reason, for counting (``schema``, ``focus names...``)."""
    head = reason.split(":", 1)[0]
    return head if len(head) < 60 else head[:57] + "..."


def _coverage_table(table: Coverage, title: str) -> Table:
    from rich.table import Table

    out = Table(title=title, title_justify="left", show_edge=False)
    out.add_column("intent")
    for category in table.categories:
        out.add_column(markup(category), justify="right")
    out.add_column("total", justify="right", style="bold")
    for intent in table.intents:
        cells: list[Any] = [markup(intent)]
        for category in table.categories:
            n = table.counts[intent][category]
            cells.append(str(n) if n else "[red]0[/]")
        total = table.row_total(intent)
        cells.append(str(total) if total else "[red]0[/]")
        out.add_row(*cells)
    out.add_section()
    out.add_row(
        "total",
        *[str(table.column_total(c)) for c in table.categories],
        str(table.cases),
    )
    return out
