"""fourfold's judges on a small local model, against LLMBar's plain prompt on the same model.

Opt-in (``make validate-local``; never part of ``make test``, ``make check`` or CI): it sets
up and serves Qwen2.5-Coder-1.5B-Instruct on loopback (`local_model`), judges LLMBar pairs
with fourfold's pairwise and rubric checks and with LLMBar's one-paragraph prompt
(`local_measure`), and writes the figures (`local_figures`) for the prompts in the
working tree to ``validation/local_figures.json`` and the tables of every prompt version
measured to docs/validation.md.

Two sets of pairs, kept apart:

* the tuning sample: ``--per-set`` pairs (default 10) of each LLMBar Adversarial subset
  (Neighbor, GPTInst, GPTOut, Manual), drawn with a fixed seed. Prompt changes are tried
  and read here;
* the ordinary sample: ``--ordinary`` pairs (default 24) of LLMBar's processed LLMEval²
  set, as short as Natural's, drawn with a fixed seed. The Adversarial sets are built to
  mislead (there, the model's own preference is mostly wrong), so a setting that reads the
  model's preference (``decide: log_odds``'s margin) is tuned on ordinary pairs too;
* LLMBar Natural (100 pairs): held out. It is measured for each prompt version kept, and
  never read while tuning (``--tuning-only`` leaves it out).

The rubric figure scores both outputs of the first ``--rubric-items`` Natural pairs (and
of the tuning sample's first pairs) on their own. A prompt version is named by a
fingerprint of the exact requests its judges send (see `local_measure`); ``--label``
gives it a readable name in the table. Replies are cached by request, so a second run on
unchanged prompts makes no model call.

Run: make validate-local   (or .venv/bin/python validation/local_judges.py --help)
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import re
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from _common import data_root
from local_figures import (
    PAIRWISE_HEADER,
    RUBRIC_HEADER,
    difference,
    difference_line,
    margin_sweep,
    pairwise_figures,
    pairwise_row,
    rubric_figures,
    rubric_row,
    sweep_table,
)
from local_measure import (
    Judging,
    ResultCache,
    adversarial_sample,
    judge_all,
    load_set,
    ordinary_sample,
)
from local_model import CACHE, MODEL_NAME, THREADS, SetupError, serve
from local_support import (
    SUPPORT_HEADER,
    judge_support,
    support_figures,
    support_row,
    support_trials,
)

from fourfold.models import ModelConfig

ROOT = Path(__file__).resolve().parents[1]
FIGURES = Path(__file__).resolve().parent / "local_figures.json"
DOCS = ROOT / "docs" / "validation.md"
BEGIN = "<!-- local-judges:begin (written by validation/local_judges.py) -->"
END = "<!-- local-judges:end -->"
TIMEOUT_S = 600.0
"""Long enough that a call times out because it runs on, not because the machine is
busy: the CPU is shared and the server runs niced, so an ordinary call can take minutes."""
RETRIES = 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-set", type=int, default=5, help="tuning pairs per subset")
    parser.add_argument("--rubric-items", type=int, default=30, help="Natural pairs scored")
    parser.add_argument(
        "--rubric-tuning", type=int, default=10, help="tuning pairs scored by the rubric"
    )
    parser.add_argument("--tuning-only", action="store_true", help="leave Natural out")
    parser.add_argument(
        "--ordinary",
        type=int,
        default=24,
        help="short LLMEval² pairs judged as a second tuning set of ordinary pairs (0: none)",
    )
    parser.add_argument(
        "--natural",
        type=int,
        default=100,
        help="Natural pairs measured, spread evenly over the 100 (fewer: a quicker, wider "
        "reading, named as such in the tables)",
    )
    parser.add_argument(
        "--no-support", action="store_true", help="leave the bundled support example out"
    )
    parser.add_argument(
        "--skip-no-ties",
        action="store_true",
        help="leave out fourfold's `ties: false` variant (a third fewer model calls)",
    )
    parser.add_argument("--label", default=None, help="the prompt version's name")
    parser.add_argument("--docs-only", action="store_true", help="rewrite the docs, no model")
    args = parser.parse_args(argv)

    figures = _load_figures()
    if not args.docs_only:
        root = data_root()
        if not (root / "llmbar" / "Dataset").is_dir():
            print(f"skipped: {root / 'llmbar' / 'Dataset'} not found", file=sys.stderr)
            return 0
        try:
            support = [] if args.no_support else support_trials()
            entry = asyncio.run(_measure(root, args, support))
        except SetupError as exc:
            print(f"validate-local: {exc}", file=sys.stderr)
            return 1
        versions = [v for v in figures["versions"] if v["fingerprint"] != entry["fingerprint"]]
        old = next(
            (v for v in figures["versions"] if v["fingerprint"] == entry["fingerprint"]), None
        )
        versions.append(_updated(entry, old, args.label))
        figures["versions"] = versions
        FIGURES.write_text(json.dumps(figures, indent=2, ensure_ascii=False) + "\n")
        print(f"figures written to {FIGURES.relative_to(ROOT)}")
    _write_docs(figures)
    print(f"tables written to {DOCS.relative_to(ROOT)}")
    return 0


def _updated(
    entry: dict[str, Any], old: dict[str, Any] | None, label: str | None
) -> dict[str, Any]:
    """A version's entry after a measurement, merged with its earlier one (`old`).

    A measurement that made no model call (every reply read back from the cache) keeps the
    earlier date and settings: the figures were measured when and as those replies were.
    """
    entry = dict(entry)
    fresh_calls = entry.pop("fresh_calls", None)
    if old is None:
        return entry
    entry["label"] = label or old["label"]
    entry["sets"] = _merged_sets(old.get("sets", {}), entry["sets"])
    if fresh_calls == 0:
        entry["measured"], entry["config"] = old["measured"], old["config"]
    return entry


def _merged_sets(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """A version's sets after a new measurement: the new figures, plus the old ones kept.

    A set measured again without a variant (``--skip-no-ties``) keeps that variant's earlier
    figures only when they were taken on as many pairs (the same pairs, with the same
    prompts: the fingerprint is the same); from a smaller sample they would sit beside the
    new figures as if measured on the same pairs, so they are dropped.
    """
    sets = dict(old)
    for name, measured in new.items():
        earlier = sets.get(name, {})
        pairs = measured.get("fourfold", {}).get("pairs")
        if earlier.get("fourfold", {}).get("pairs") != pairs:
            earlier = {}
        sets[name] = {**earlier, **measured}
    return sets


async def _measure(root: Path, args: argparse.Namespace, support: list[Any]) -> dict[str, Any]:
    with serve() as url:
        config = ModelConfig(
            model=f"llamacpp/{MODEL_NAME}",
            base_url=url,
            concurrency=1,
            timeout=TIMEOUT_S,
            max_retries=RETRIES,
        )
        judging = Judging(config, root, ResultCache(CACHE / "results.jsonl"))
        try:
            natural = load_set(root, "Natural")
            tuning = adversarial_sample(root, args.per_set)
            fingerprint = await _fingerprint(judging, natural[0])
            print(f"prompt version {fingerprint}")
            sets: dict[str, Any] = {}
            chosen = [("Adversarial sample (tuning)", tuning, args.rubric_tuning)]
            if args.ordinary > 0:
                ordinary = ordinary_sample(root, args.ordinary)
                chosen.append(("LLMEval² sample (tuning, ordinary pairs)", ordinary, 0))
            if not args.tuning_only:
                held_out = _spread(natural, args.natural)
                name = "Natural (held out)"
                if len(held_out) < len(natural):
                    name = f"Natural (held out; {len(held_out)} of {len(natural)} pairs)"
                chosen.append((name, held_out, args.rubric_items))
            with_no_ties = judging.no_ties is not None and not args.skip_no_ties
            kinds = ("plain", "fourfold", *(("no_ties",) if with_no_ties else ()))
            for name, pairs, rubric_items in chosen:
                print(f"{name}: {len(pairs)} pairs, both orders: {', '.join(kinds)}")
                done = await judge_all(judging, pairs, kinds)
                sets[name] = {
                    "plain": pairwise_figures(done["plain"]),
                    "fourfold": pairwise_figures(done["fourfold"]),
                    "difference": difference(done["plain"], done["fourfold"]),
                    "margins": margin_sweep(done["fourfold"]),
                }
                if rubric_items > 0:
                    print(f"{name}: rubric on {rubric_items} pairs' outputs")
                    scored = await judge_all(judging, _spread(pairs, rubric_items), ("rubric",))
                    sets[name]["rubric"] = rubric_figures(scored["rubric"])
                if "no_ties" in done:
                    sets[name]["no_ties"] = pairwise_figures(done["no_ties"])
                    sets[name]["no_ties_difference"] = difference(done["plain"], done["no_ties"])
            if support:
                print(f"support example: policy_compliance on {len(support)} trials")
                sets["support"] = support_figures(await judge_support(judging, support))
        finally:
            await judging.aclose()
    return {
        "fresh_calls": judging.fresh_calls,
        "fingerprint": fingerprint,
        "label": args.label or f"prompts {fingerprint}",
        "measured": datetime.now(UTC).date().isoformat(),
        "config": {
            "model": MODEL_NAME,
            "threads": THREADS,
            "timeout_s": TIMEOUT_S,
            "max_retries": RETRIES,
            "per_set": args.per_set,
            "ordinary": args.ordinary,
            "rubric_items": args.rubric_items,
            "rubric_tuning": args.rubric_tuning,
            "natural": args.natural,
        },
        "sets": sets,
    }


async def _fingerprint(judging: Judging, pair: Any) -> str:
    from local_measure import _context

    keys = [
        *await judging.request_keys(judging.pairwise, _context(pair, "a", baseline="b")),
        *await judging.request_keys(judging.rubric, _context(pair, "a")),
    ]
    return hashlib.sha256("".join(keys).encode()).hexdigest()[:8]


def _spread(pairs: list[Any], n: int) -> list[Any]:
    """`n` of `pairs`, spread evenly over them (so every subset of the tuning sample is
    represented)."""
    if n <= 0:
        return []
    if n >= len(pairs):
        return pairs
    step = len(pairs) / n
    return [pairs[int(i * step)] for i in range(n)]


def _load_figures() -> dict[str, Any]:
    if FIGURES.exists():
        loaded: dict[str, Any] = json.loads(FIGURES.read_text(encoding="utf-8"))
        return loaded
    return {"versions": []}


def _write_docs(figures: dict[str, Any]) -> None:
    text = DOCS.read_text(encoding="utf-8")
    section = f"{BEGIN}\n{render(figures)}\n{END}"
    if BEGIN in text:
        text = re.sub(
            re.escape(BEGIN) + r".*?" + re.escape(END), lambda _: section, text, flags=re.DOTALL
        )
    else:
        text = text.rstrip("\n") + "\n\n" + section + "\n"
    DOCS.write_text(text, encoding="utf-8")


def render(figures: dict[str, Any]) -> str:
    """The tables of every version measured, set by set."""
    versions = figures["versions"]
    names: list[str] = []
    for version in versions:
        names += [n for n in version["sets"] if n not in names and n != "support"]
    out: list[str] = []
    for name in names:
        out.append(f"**{name}**, pairwise, both orders\n\n{PAIRWISE_HEADER}")
        lines: list[str] = []
        for version in versions:
            entry = version["sets"].get(name)
            if entry is None:
                continue
            label = version["label"]
            out.append(pairwise_row(f"plain (LLMBar), {label}", entry["plain"]))
            out.append(pairwise_row(f"fourfold, {label}", entry["fourfold"]))
            lines.append(f"- {label}: {difference_line(entry['difference'])}")
            if "no_ties" in entry:
                out.append(pairwise_row(f"fourfold `ties: false`, {label}", entry["no_ties"]))
                line = difference_line(entry["no_ties_difference"])
                lines.append(f"- {label}, `ties: false`: {line}")
        out.append("\n" + "\n".join(lines) + "\n")
        # A version measured with --rubric-items 0 has no rubric figure for the set.
        scored = [v for v in versions if "rubric" in v["sets"].get(name, {})]
        if scored:
            out.append(f"**{name}**, rubric, each output on its own\n\n{RUBRIC_HEADER}")
            out += [
                rubric_row(f"fourfold, {v['label']}", v["sets"][name]["rubric"]) for v in scored
            ]
            out.append("")
    # The margin sweep of each version that has one, on its tuning sets only: the margin
    # is chosen there, never on the held-out set.
    for version in versions:
        tuning = {
            name: entry["margins"]
            for name, entry in version["sets"].items()
            if "margins" in entry and "tuning" in name
        }
        if tuning:
            out.append(
                f"**`decide: log_odds` margins on the tuning sets**, {version['label']} (each "
                "margin a reading of the same replies)\n\n" + sweep_table(tuning) + "\n"
            )
    supported = [v for v in versions if "support" in v["sets"]]
    if supported:
        out.append(
            "**The bundled support example**, `policy_compliance` on v1 and v2 against the "
            f"deterministic policy layer\n\n{SUPPORT_HEADER}"
        )
        out += [support_row(f"fourfold, {v['label']}", v["sets"]["support"]) for v in supported]
    return "\n".join(out).rstrip() + "\n"


if __name__ == "__main__":
    sys.exit(main())
