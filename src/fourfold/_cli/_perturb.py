"""``fourfold perturb``: each case followed by variants that ask the same thing in other words."""

from __future__ import annotations

import asyncio
import difflib
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING

import click

from .._text import markup
from ..errors import ConfigError
from ._common import err_console, handle_errors, open_store, out_console, store_option

if TYPE_CHECKING:
    from ..cases import Case
    from ..models import ModelConfig
    from ..perturb import PerturbFailure

KINDS = ("typos", "case", "whitespace", "reorder", "paraphrase")
"""`fourfold.perturb.KINDS`, written out so that ``fourfold perturb --help`` loads no more
than click (tests/test_cli_perturb.py keeps the two equal)."""
DEFAULT_KINDS = "typos,case,whitespace,reorder"
DEFAULT_RATE = 0.05
"""`fourfold.perturb.DEFAULT_RATE`, written out for the same reason."""


@click.command("perturb")
@click.argument("cases_file", metavar="CASES", type=click.Path(path_type=Path))
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    required=True,
    help="The JSONL file to write: each case of CASES followed by its variants.",
)
@click.option(
    "--kinds",
    default=DEFAULT_KINDS,
    show_default=True,
    metavar="KIND,...",
    help="Which perturbations, comma-separated: typos, case, whitespace, reorder, paraphrase "
    "(paraphrase needs a model: --suite or --model).",
)
@click.option(
    "--n",
    "n",
    type=click.IntRange(1, 20),
    default=2,
    show_default=True,
    help="Variants per kind and case.",
)
@click.option(
    "--seed",
    type=int,
    default=0,
    show_default=True,
    help="The same seed gives the same variants, byte for byte (paraphrases: as far as the "
    "model is reproducible).",
)
@click.option(
    "--rate",
    type=click.FloatRange(0, 1, min_open=True),
    default=DEFAULT_RATE,
    show_default=True,
    help="Typos: the share of letters changed (outside ids, numbers, e-mails, URLs and the "
    "case's expected values, which are never changed).",
)
@click.option(
    "--suite",
    "suite_file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Paraphrase with a model of this suite's 'models:' (its endpoint, key, limits).",
)
@click.option("--model-name", "suite_model", metavar="NAME", help="Which of the suite's models.")
@click.option(
    "--model",
    "model_name",
    metavar="PROVIDER/NAME|NAME",
    help="The paraphrasing model: provider/name, or with --suite the name of one of its models.",
)
@click.option("--base-url", metavar="URL", help="The endpoint of --model provider/name, up to /v1.")
@click.option("--overwrite", is_flag=True, help="Replace the output if it exists.")
@click.option(
    "--cache/--no-cache",
    "use_cache",
    default=True,
    show_default=True,
    help="Paraphrase: keep replies in the store's cache and serve a request asked before from it.",
)
@store_option
@handle_errors
def perturb_command(
    cases_file: Path,
    output: Path,
    kinds: str,
    n: int,
    seed: int,
    rate: float,
    suite_file: Path | None,
    suite_model: str | None,
    model_name: str | None,
    base_url: str | None,
    overwrite: bool,
    use_cache: bool,
    store_target: str | None,
) -> None:
    """Write each case of CASES followed by variants that ask the same thing in other words.

    typos (neighbouring keys swapped, dropped, inserted or replaced at --rate), case
    (lower, UPPER, Sentence, rAnDoM words), whitespace (doubled spaces, tabs, line
    breaks), reorder (earlier conversation turns or list items; the last user turn stays
    last) and paraphrase (a model rewrites the message). Ids, numbers, e-mails, URLs and
    the case's expected values are never changed. A variant's id is <id>~<kind>-<n> and
    its metadata.perturbation names its original; everything the checks read is the
    original's. Run a suite over the file and `fourfold robustness RUN` compares the
    verdicts on variants with their originals'.

    Exit code: 0 done, 1 some paraphrases failed (the rest is written), 2 bad input.
    """
    from ..cases import load_cases
    from ..perturb import perturb_cases, write_cases

    chosen = _kinds(kinds)
    if output.suffix.lower() != ".jsonl":
        # A suite reads a cases file by its extension: JSONL under .yaml would not load.
        raise ConfigError(
            f"-o {output.name}: the variants are written as JSONL",
            hint=f"name the output {output.stem}.jsonl",
        )
    if output.exists() and not overwrite:
        raise ConfigError(
            "the output exists", file=output, hint="pass --overwrite to replace it, or another -o"
        )
    if output.resolve() == cases_file.resolve():
        raise ConfigError("-o is the cases file itself", hint="write the variants to another file")
    model_config = _paraphrase_model(chosen, suite_file, suite_model, model_name, base_url)
    cases = load_cases(cases_file)
    paraphrases: dict[str, list[Case]] = {}
    failures: list[PerturbFailure] = []
    if model_config is not None:
        paraphrases, failures = _paraphrase(cases, model_config, n, seed, use_cache, store_target)
    result = perturb_cases(
        cases,
        chosen,
        n=n,
        seed=seed,
        rate=rate,
        paraphrases=paraphrases,
        paraphrase_failures=failures,
    )
    write_cases(output, result.cases)
    originals = len(result.cases) - result.variants
    per_kind = Counter(
        c.metadata["perturbation"]["kind"]
        for c in result.cases
        if isinstance(c.metadata.get("perturbation"), dict) and c.id not in result.already_variants
    )
    out_console.print(
        f"[bold]wrote[/] {len(result.cases)} cases to {markup(str(output))}: {originals} "
        f"original{'s' if originals != 1 else ''} and {result.variants} variants "
        f"({', '.join(f'{per_kind[k]} {k}' for k in chosen)}; seed {seed}"
        + (f", rate {rate}" if "typos" in chosen else "")
        + ")"
    )
    if result.already_variants:
        out_console.print(
            f"[dim]{len(result.already_variants)} cases of CASES are variants already: kept as "
            "they are, not perturbed again[/]"
        )
    for reason, count in Counter(s.reason for s in result.skipped).most_common():
        out_console.print(f"[dim]not written: {count} variants ({markup(reason)})[/]")
    if result.failed:
        err_console.print(
            f"[red]{len(result.failed)} paraphrase{'s' if len(result.failed) > 1 else ''} "
            "failed[/] (not written):"
        )
        for failure in result.failed[:10]:
            err_console.print(
                f"  {markup(failure.case_id)} #{failure.index}: {markup(failure.reason)}"
            )
        raise SystemExit(1)


def _kinds(text: str) -> list[str]:
    chosen = [k.strip() for k in text.split(",") if k.strip()]
    if not chosen:
        raise ConfigError("--kinds names no perturbation", hint=f"choose from {', '.join(KINDS)}")
    for kind in chosen:
        if kind not in KINDS:
            close = difflib.get_close_matches(kind, KINDS, n=1)
            raise ConfigError(
                f"--kinds: unknown perturbation {kind!r}",
                hint=(f"did you mean {close[0]!r}? " if close else "")
                + f"the kinds are {', '.join(KINDS)}",
            )
    return list(dict.fromkeys(chosen))


def _paraphrase_model(
    kinds: list[str],
    suite_file: Path | None,
    suite_model: str | None,
    model_name: str | None,
    base_url: str | None,
) -> ModelConfig | None:
    from ._models import chosen_model

    config = chosen_model(model_name, suite_file, suite_model, base_url)
    if "paraphrase" in kinds and config is None:
        raise ConfigError(
            "paraphrase needs a model",
            hint="give --suite SUITE (and --model-name NAME when it has several models), or "
            "--model provider/name; or leave paraphrase out of --kinds",
        )
    if "paraphrase" not in kinds and config is not None:
        raise ConfigError(
            "a model is given but paraphrase is not among --kinds",
            hint="add paraphrase to --kinds, or leave out --suite/--model",
        )
    return config


def _paraphrase(
    cases: list[Case],
    config: ModelConfig,
    n: int,
    seed: int,
    use_cache: bool,
    store_target: str | None,
) -> tuple[dict[str, list[Case]], list[PerturbFailure]]:
    from .._secrets import Redactor
    from ..models import Model, get_model
    from ..perturb import paraphrase_cases_async
    from ..store import StoreCache

    async def run(model: Model) -> tuple[dict[str, list[Case]], list[PerturbFailure]]:
        async with model:
            return await paraphrase_cases_async(cases, model, n=n, seed=seed, use_cache=use_cache)

    if not use_cache:
        return asyncio.run(run(get_model(config)))
    # The archive keeps every prompt and reply: the model's key and headers, and the
    # environment's credentials, are redacted from them (fourfold._secrets).
    secrets = Redactor.from_config({"models": {"paraphraser": config.model_dump(mode="json")}})
    with open_store(store_target) as store:
        return asyncio.run(run(get_model(config, cache=StoreCache(store, redactor=secrets))))
