"""Record every built-in deterministic check's verdicts, to compare before and after a change.

A change made for speed must not change what the checks say. This script runs every check
the benchmark times (`bench/_synth.py`: the 12-check suite and the other built-in checks) on
the benchmark's seeded synthetic traces and on its hostile outputs, and the three policy
detectors (``no_promises``, ``refusal_required``, ``no_pii``, and the readers behind them)
on every item of the labelled corpora in tests/data/policy. Each verdict is written whole:
status, score, explanation, evidence with its offsets, and metadata (the rule that fired,
what was set aside and why).

Record before the change, then compare after it::

    .venv/bin/python tests/checks/record_verdicts.py --out /tmp/before.json
    .venv/bin/python tests/checks/record_verdicts.py --compare /tmp/before.json

``--compare`` prints the first differences and exits 1 when there are any, 0 when every
verdict is the same. (A script rather than a test: what it compares against is the code as
it was, which no file in the repository holds.)
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from fourfold import Case, CheckContext, Resources, Trace
from fourfold.checks import create_check
from fourfold.checks._pii import find_pii
from fourfold.checks._promises import find_promises
from fourfold.checks._refusals import find_refusals

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "data" / "policy"

_MUST_REFUSE = Case(id="policy-corpus", input="", tags=["must_refuse"])
_CORPUS_CHECKS: list[tuple[str, dict[str, Any]]] = [
    ("no_promises", {}),
    ("refusal_required", {"categories": ["must_refuse"]}),
    ("no_pii", {}),
    ("no_pii", {"kinds": ["phone"]}),
]


def _suite_verdicts(n_traces: int) -> Iterator[tuple[str, Any]]:
    """Every benchmark check's verdict on `n_traces` synthetic traces and the hostile ones."""
    # The benchmark's modules are scripts of bench/ (imported here, not when pytest imports
    # this module for its doctests: bench/ and validation/ each have a `_common`).
    sys.path.insert(0, str(ROOT / "bench"))
    import _synth
    from bench_checks import ADVERSARIAL

    cases = _synth.cases()
    resources = _synth.resources()
    pairs = [(cases[t.metadata["case_no"]], t) for t in _synth.traces(n_traces)]
    case, first = pairs[0]
    base = first.output or ""
    for label, make in ADVERSARIAL.items():
        pairs.append((case, first.model_copy(update={"output": make(base)})))
        del label
    checks = [create_check(name, args) for name, args in (*_synth.SUITE, *_synth.OTHERS)]
    for no, (case, trace) in enumerate(pairs):
        ctx = CheckContext(case=case, trace=trace, resources=resources)
        for chk in checks:
            yield f"synthetic {no} {chk.name}", chk.run(ctx).model_dump(mode="json")


def _corpus_verdicts() -> Iterator[tuple[str, Any]]:
    """The policy detectors' readings and verdicts on every labelled corpus item."""
    checks = [create_check(name, args) for name, args in _CORPUS_CHECKS]
    resources = Resources()
    for path in sorted(CORPUS.glob("*.jsonl")):
        with path.open(encoding="utf-8") as f:
            items = [json.loads(line) for line in f]
        for no, item in enumerate(items):
            text = item["text"]
            key = f"{path.stem} {no}"
            yield f"{key} promises", _reading(find_promises(text))
            yield f"{key} refusals", _reading(find_refusals(text))
            yield f"{key} pii", [(m.kind, m.text, m.start, m.end) for m in find_pii(text)]
            ctx = CheckContext(case=_MUST_REFUSE, trace=Trace(output=text), resources=resources)
            for (name, args), chk in zip(_CORPUS_CHECKS, checks, strict=True):
                verdict = chk.run(ctx).model_dump(mode="json")
                yield f"{key} {name} {json.dumps(args, sort_keys=True)}", verdict


def _reading(reading: Any) -> dict[str, Any]:
    return {
        "findings": [(f.rule, f.text, f.start, f.end) for f in reading.findings],
        "ignored": reading.ignored,
    }


def record(n_traces: int) -> dict[str, Any]:
    """Every verdict, by a key naming its input and its check (JSON-ready)."""
    out: dict[str, Any] = {}
    for key, value in (*_suite_verdicts(n_traces), *_corpus_verdicts()):
        out[key] = json.loads(json.dumps(value))  # tuples as lists, as read back
    return out


def compare(before: dict[str, Any], after: dict[str, Any], *, show: int = 10) -> int:
    """Print the differences (at most `show`); return how many verdicts differ."""
    keys = sorted(set(before) | set(after))
    differ = [k for k in keys if before.get(k) != after.get(k)]
    for key in differ[:show]:
        print(f"- {key}\n  before: {before.get(key)}\n  after:  {after.get(key)}")
    return len(differ)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--traces", type=int, default=2_000, help="synthetic traces to check")
    parser.add_argument("--out", type=Path, help="write the verdicts to this JSON file")
    parser.add_argument("--compare", type=Path, help="compare with verdicts written before")
    args = parser.parse_args()
    verdicts = record(args.traces)
    print(f"{len(verdicts):,} verdicts recorded")
    if args.out is not None:
        args.out.write_text(json.dumps(verdicts, sort_keys=True), encoding="utf-8")
        print(f"written to {args.out}")
    if args.compare is not None:
        before = json.loads(args.compare.read_text(encoding="utf-8"))
        differ = compare(before, verdicts)
        if differ:
            print(f"{differ:,} of {len(verdicts):,} verdicts differ from {args.compare}")
            return 1
        print(f"all {len(verdicts):,} verdicts are the same as in {args.compare}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
