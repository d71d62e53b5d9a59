"""Policy detectors: precision and recall on the labelled corpus in tests/data/policy.

Three detectors, run as a suite runs them (`create_check` on a trace):

* ``no_promises`` on ``promise.jsonl``: a reply is predicted to promise when the check
  fails;
* ``refusal_required`` (categories ``[must_refuse]``, on a case tagged ``must_refuse``) on
  ``refusal.jsonl``: a reply is predicted to refuse when the check passes;
* ``no_pii`` with ``kinds: [phone]`` on ``phone.jsonl``: here each phone number counts,
  not each reply. A number found is right only when its span is exactly one of the item's
  ``spans``; precision is right spans over spans found, recall right spans over spans
  labelled;
* ``no_pii`` with ``kinds: [email]`` on the items of ``phone.jsonl`` that list their
  ``emails`` (the dev split only, so far), scored the same way: an address must be found
  whole (``j.o'brien@example.com``).

Each corpus item is ``{text, label, rule, split}`` (``rule``: the clause of the labelling
rule that applies, e.g. ``completed-authority-action``, ``hedged``, ``idiom``). The
``test`` split was written and committed before the detectors were built and was not
read while tuning them; the ``dev`` split was tuned on. Both are reported, with 95%
Wilson intervals, and both must reach the targets (precision >= 0.95 and recall >= 0.90
for promise and refusal, >= 0.97 for phone numbers); docs/checks.md has the table.

The ``real`` split (promise and refusal only) is assistant replies of real τ-bench and
τ²-bench runs (tests/data/tau/runs), drawn by ``validation/tau_policy_sample.py`` and
labelled against the rules before the detectors were run on them; each item also names
its ``source`` (file#record/message). It is reported, not yet held to the targets: its
figures are printed without a threshold. The ``real-test`` split is a second sample of such
replies, disjoint from ``real`` (``tau_policy_sample.py --split real-test``) and held out
from the tuning; it is reported the same way. The ``real-2`` split is a third sample, disjoint
from both (``tau_policy_sample.py --split real-2``), labelled the same way to be tuned on
next; it is reported the same way too.

The ``blind`` split is rounds of sentences written against the rules like the dev rounds
below, committed before the detectors read them, measured once and not tuned on: what the
detectors read on text no one here has fitted them to. It is reported without a threshold;
a session that fixes a blind round's misses moves the round to dev first, and says so.

From the fifth round on, the dev items a round of sentences added name it (``round``: 5;
the phone and e-mail items from the tenth); ``--round 5`` prints each detector's figures on
that round's items alone, and the items the detectors get wrong there (docs/checks.md
gives each round's figures before and after its fixes).

The corpus is in the repository, so this script never skips.

Run: .venv/bin/python validation/policy_detectors.py [--errors dev|test|real|real-test|real-2|blind]
     [--round N]
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from _common import Report, collect, corpus_parts, render

from fourfold import Case, CheckContext, Resources, Trace
from fourfold.checks import Check, CheckResult, create_check

NAME = "policy detectors (no_promises, refusal_required, no_pii) on tests/data/policy"
CORPUS = Path(__file__).resolve().parents[1] / "tests" / "data" / "policy"
SPLITS = ("dev", "test", "real", "real-test", "real-2", "blind")
REPORTED_ONLY = {"real", "real-test", "real-2", "blind"}
"""Splits whose figures are printed but not held to `TARGETS` (yet)."""
TARGETS: dict[str, tuple[float, float]] = {
    "promise": (0.95, 0.90),
    "refusal": (0.95, 0.90),
    "phone": (0.97, 0.97),
    "email": (0.97, 0.97),
}
"""Per detector: the least precision and the least recall, on each split."""

_CASE = Case(id="policy-corpus", input="", tags=["must_refuse"])


@dataclass(frozen=True)
class Counts:
    """True positives, and the denominators of precision and of recall."""

    hits: int
    predicted: int
    labelled: int


@dataclass(frozen=True)
class Error:
    """An item the detector got wrong, for tuning on the dev split."""

    text: str
    rule: str
    expected: Any
    got: Any
    source: str | None = None
    """Where the item was taken from (the ``real`` splits' file#record/message)."""


def wilson(successes: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default); (0, 1) when n is 0."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def load(name: str) -> list[dict[str, Any]]:
    """The items of ``tests/data/policy/<name>.jsonl`` and of its later parts, in order.

    A corpus grows by rounds appended to its last part; a part is started (``<name>.2.jsonl``,
    ``<name>.3.jsonl``...) when the last would pass 2 MiB.
    """
    items: list[dict[str, Any]] = []
    for path in corpus_parts(CORPUS, name):
        with path.open(encoding="utf-8") as f:
            items.extend(json.loads(line) for line in f if line.strip())
    return items


def _run(check: Check, text: str) -> CheckResult:
    ctx = CheckContext(case=_CASE, trace=Trace(output=text), resources=Resources({}))
    result = check.run(ctx)
    if result.status == "error":
        # a detector that crashes must not pass for one that decided
        raise RuntimeError(f"{check.name} errored on {text!r}: {result.explanation}")
    return result


def score_replies(
    items: list[dict[str, Any]], predict: Callable[[str], bool]
) -> tuple[Counts, list[Error]]:
    """Reply-level counts: a reply is predicted positive or not, against its label."""
    hits = predicted = labelled = 0
    errors: list[Error] = []
    for item in items:
        guess = predict(item["text"])
        hits += guess and item["label"]
        predicted += guess
        labelled += item["label"]
        if guess != item["label"]:
            errors.append(
                Error(item["text"], item["rule"], item["label"], guess, item.get("source"))
            )
    return Counts(hits, predicted, labelled), errors


def score_spans(
    items: list[dict[str, Any]], find: Callable[[str], list[str]], key: str = "spans"
) -> tuple[Counts, list[Error]]:
    """Span-level counts: each span found must be exactly one labelled.

    The labelled spans are the item's ``spans`` when it is labelled positive (phone numbers),
    or its ``emails``.
    """
    hits = predicted = labelled = 0
    errors: list[Error] = []
    for item in items:
        if key == "spans":
            expected = item.get("spans", []) if item["label"] else []
        else:
            expected = item[key]
        found = find(item["text"])
        right = sum(1 for span in found if span in expected)
        hits += right
        predicted += len(found)
        labelled += len(expected)
        if sorted(found) != sorted(expected):
            errors.append(Error(item["text"], item["rule"], expected, found))
    return Counts(hits, predicted, labelled), errors


def detectors() -> dict[str, Callable[[list[dict[str, Any]]], tuple[Counts, list[Error]]]]:
    promises = create_check("no_promises")
    refusal = create_check("refusal_required", {"categories": ["must_refuse"]})
    phones = create_check("no_pii", {"kinds": ["phone"]})
    emails = create_check("no_pii", {"kinds": ["email"]})
    return {
        "promise": lambda items: score_replies(
            items, lambda text: _run(promises, text).status == "fail"
        ),
        "refusal": lambda items: score_replies(
            items, lambda text: _run(refusal, text).status == "pass"
        ),
        "phone": lambda items: score_spans(
            items, lambda text: [e.text for e in _run(phones, text).evidence]
        ),
        "email": lambda items: score_spans(
            [i for i in items if "emails" in i],
            lambda text: [e.text for e in _run(emails, text).evidence],
            key="emails",
        ),
    }


_SOURCE = {"email": "phone"}
"""Detectors whose items are in another detector's corpus file."""


def _shown(hits: int, n: int) -> str:
    low, high = wilson(hits, n)
    value = hits / n if n else 0.0
    return f"{value:.3f} [{low:.3f}, {high:.3f}] ({hits}/{n})"


def evaluate() -> dict[tuple[str, str], tuple[Counts, list[Error]]]:
    """Counts and errors for every detector and split."""
    results = {}
    for name, score in detectors().items():
        items = load(_SOURCE.get(name, name))
        for split in SPLITS:
            results[(name, split)] = score([i for i in items if i["split"] == split])
    return results


def evaluate_round(number: int) -> dict[str, tuple[Counts, list[Error]]]:
    """Each detector's counts and errors on the items of one round (``round``).

    A detector whose corpus has no item of that round is left out (the phone and e-mail
    items have rounds of their own, from the tenth on).
    """
    results = {}
    for name, score in detectors().items():
        items = [i for i in load(_SOURCE.get(name, name)) if i.get("round") == number]
        if items:
            results[name] = score(items)
    return results


def blind_rounds() -> set[int]:
    """The rounds whose items are in the blind split, in any corpus."""
    return {
        i["round"]
        for name in detectors()
        for i in load(_SOURCE.get(name, name))
        if i["split"] == "blind" and i.get("round") is not None
    }


def _print_errors(title: str, errors: list[Error]) -> None:
    print(f"\n== {title} ({len(errors)})")
    for e in errors:
        where = f" {e.source}" if e.source else ""
        print(f"  [{e.rule}]{where} expected {e.expected!r}, got {e.got!r}: {e.text!r}")


def build(root: Path, report: Report) -> None:
    """Add each detector's precision and recall, per split, as figures with a floor."""
    del root  # the corpus is in the repository
    for (name, split), (counts, _) in evaluate().items():
        if counts.labelled == 0 and counts.predicted == 0:
            continue  # no items of this kind in this split (e-mail in test, phones in real)
        min_precision, min_recall = TARGETS[name]
        precision = counts.hits / counts.predicted if counts.predicted else 0.0
        recall = counts.hits / counts.labelled if counts.labelled else 0.0
        if split in REPORTED_ONLY:
            report.extra(f"{name} precision, {split}", _shown(counts.hits, counts.predicted))
            report.extra(f"{name} recall, {split}", _shown(counts.hits, counts.labelled))
            continue
        report.at_least(
            f"{name} precision, {split}",
            min_precision,
            precision,
            _shown(counts.hits, counts.predicted),
        )
        report.at_least(
            f"{name} recall, {split}", min_recall, recall, _shown(counts.hits, counts.labelled)
        )
    report.notes.append(
        "the test split was written before the detectors and not read while tuning them; "
        "the real, real-test and real-2 splits (τ-bench runs' replies, labelled blind to the "
        "detectors; real-test held out from the tuning) and the blind split (rounds written "
        "against the rules, measured once, never tuned on) are reported without a threshold; "
        "intervals are 95% Wilson score intervals"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--errors", choices=SPLITS, help="also list the items a detector gets wrong"
    )
    parser.add_argument(
        "--round",
        type=int,
        metavar="N",
        help=(
            "also print each detector's figures on round N's items, and their misses (a blind"
            " round's figures only: its misses are never printed, so it cannot be tuned on)"
        ),
    )
    args = parser.parse_args(argv)
    report = collect(NAME, build)
    print(render(report))
    if args.errors:
        for (name, split), (_, errors) in evaluate().items():
            if split == args.errors:
                _print_errors(f"{name} errors on {split}", errors)
    if args.round is not None:
        for name, (counts, errors) in evaluate_round(args.round).items():
            print(
                f"\n{name}, round {args.round}: precision {_shown(counts.hits, counts.predicted)},"
                f" recall {_shown(counts.hits, counts.labelled)}"
            )
            if args.round in blind_rounds():
                print("  (a blind round: its misses are not printed)")
            else:
                _print_errors(f"{name} errors on round {args.round}", errors)
    return 1 if report.status == "mismatch" else 0


if __name__ == "__main__":
    sys.exit(main())
