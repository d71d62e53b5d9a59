"""Variants of cases that ask the same thing in other words, linked to the case they came from.

A variant is its original with the user's text perturbed and nothing else changed: the
expected outcome, focus, ground truth, context, strata and tags are the original's, so the
same checks grade it and any change in the verdict is the agent's sensitivity to wording.

**Ids and links.** A variant's id is ``<original id>~<kind>-<n>`` (n from 1), and its
``metadata.perturbation`` records ``kind``, ``original`` (the original's id), ``seed``,
``index`` (n), the kind's parameters (``rate`` for typos, ``mode`` for case) and what was
done (edits, new order). `variant_of` reads the link back; the robustness report
(`fourfold.robustness`) pairs each variant with its original through it.

**Reproducible.** The deterministic kinds draw from ``random.Random`` seeded with
``(seed, original id, kind, n)``: the same seed gives the same variants, byte for byte,
whatever the order or number of the other cases. Paraphrases come from a model
(`fourfold.perturb.paraphrase_cases_async`) and are reproducible only as far as the model is.

**What is perturbed.** The user's turns: a string input, or every user message of a
conversation (never the system, assistant or tool turns, which the user did not type).
`reorder` shuffles earlier exchanges or list items (`fourfold.perturb._reorder`). A
variant that comes out equal to its original or to an earlier variant is not written.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from ..cases import Case
from ..trace import Message
from ._protect import Span, protected_spans, protected_terms
from ._reorder import reorder_items, reorder_turns
from ._text import CASE_MODES, change_case, change_whitespace, typos

__all__ = [
    "DEFAULT_RATE",
    "DETERMINISTIC_KINDS",
    "KINDS",
    "PerturbFailure",
    "PerturbResult",
    "perturb_case",
    "perturb_cases",
    "variant_id",
    "variant_of",
    "write_cases",
]

DETERMINISTIC_KINDS = ("typos", "case", "whitespace", "reorder")
"""The kinds that need no model, reproducible from the seed."""
KINDS = (*DETERMINISTIC_KINDS, "paraphrase")
"""Every kind of perturbation, in the order variants are written."""
DEFAULT_RATE = 0.05
"""The share of unprotected letters a typo variant changes."""


class PerturbFailure(BaseModel):
    """A variant that could not be made: reported, never written."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    case_id: str
    kind: str
    index: int
    reason: str


class PerturbResult(BaseModel):
    """The cases to write, and what was not made."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    cases: list[Case]
    """Each original followed by its variants, in the input's order."""
    variants: int
    """Variants among `cases`."""
    skipped: list[PerturbFailure] = Field(default_factory=list)
    """Variants not applicable (nothing to reorder) or equal to one made before."""
    failed: list[PerturbFailure] = Field(default_factory=list)
    """Variants that failed (a paraphrase the model did not give, or that lost a value)."""
    already_variants: list[str] = Field(default_factory=list)
    """Input cases that are variants themselves: written as they are, not perturbed again
    (and a new variant whose id one of them has is not made)."""


def variant_id(case_id: str, kind: str, index: int) -> str:
    """The id of the `index`-th variant of kind `kind` of case `case_id`.

    Examples:
        >>> variant_id("refund-1", "typos", 1)
        'refund-1~typos-1'
    """
    return f"{case_id}~{kind}-{index}"


def variant_of(case: Case) -> tuple[str, str] | None:
    """``(original id, kind)`` when `case` is a variant made by `perturb_cases`, else None.

    Examples:
        >>> from fourfold.cases import Case
        >>> v = Case(id="a~case-1", input="A", metadata={"perturbation": {"kind": "case",
        ...          "original": "a"}})
        >>> variant_of(v), variant_of(Case(id="a", input="a"))
        (('a', 'case'), None)
    """
    link = case.metadata.get("perturbation")
    if not isinstance(link, dict):
        return None
    original, kind = link.get("original"), link.get("kind")
    if isinstance(original, str) and isinstance(kind, str):
        return original, kind
    return None


def perturb_case(
    case: Case, kind: str, index: int, *, seed: int, rate: float = DEFAULT_RATE
) -> Case | None:
    """The `index`-th variant of `case` of a deterministic `kind`, or None when not applicable.

    Args:
        case: the original.
        kind: one of `DETERMINISTIC_KINDS`.
        index: the variant's number, from 1.
        seed: the seed of the whole set of variants.
        rate: for typos, the share of unprotected letters changed.

    Raises:
        ValueError: an unknown kind, or a rate outside (0, 1].
    """
    if kind not in DETERMINISTIC_KINDS:
        raise ValueError(f"unknown perturbation {kind!r}; one of {', '.join(DETERMINISTIC_KINDS)}")
    if not 0 < rate <= 1:
        raise ValueError(f"rate must be in (0, 1], got {rate}")
    rng = random.Random(f"{seed}\x1f{case.id}\x1f{kind}\x1f{index}")
    link: dict[str, Any] = {"kind": kind, "original": case.id, "seed": seed, "index": index}
    terms = protected_terms(case)
    new_input: str | list[Message]
    if kind == "reorder":
        reordered = _reorder(case, rng)
        if reordered is None:
            return None
        new_input, done = reordered
    else:
        if kind == "typos":
            link["rate"] = rate
        elif kind == "case":
            # Each variant of a case takes the next mode of one shuffled cycle, so n = 3
            # gives three different casings rather than three draws that may coincide.
            modes = list(CASE_MODES)
            random.Random(f"{seed}\x1f{case.id}\x1fcase").shuffle(modes)
            link["mode"] = modes[(index - 1) % len(modes)]
        edit = _text_edit(kind, rng, rate=rate, mode=link.get("mode", ""))
        new_input, done = _map_user_text(case, terms, edit)
    link.update(done)
    return case.model_copy(
        update={
            "id": variant_id(case.id, kind, index),
            "input": new_input,
            "metadata": {**case.metadata, "perturbation": link},
        }
    )


def perturb_cases(
    cases: Sequence[Case],
    kinds: Sequence[str],
    *,
    n: int,
    seed: int,
    rate: float = DEFAULT_RATE,
    paraphrases: dict[str, list[Case]] | None = None,
    paraphrase_failures: Sequence[PerturbFailure] = (),
) -> PerturbResult:
    """Each case followed by `n` variants of each of `kinds`.

    Args:
        cases: the originals (variants among them are kept as they are).
        kinds: which perturbations, from `KINDS`.
        n: variants per kind and case.
        seed: the seed every deterministic variant is drawn from.
        rate: for typos, the share of unprotected letters changed.
        paraphrases: with ``paraphrase`` among `kinds`, the paraphrased variants per
            original id (`paraphrase_cases_async` makes them).
        paraphrase_failures: the paraphrases that failed, reported with the result.

    Raises:
        ValueError: an unknown kind, n below 1, or a rate outside (0, 1].
    """
    unknown = [k for k in kinds if k not in KINDS]
    if unknown:
        raise ValueError(f"unknown perturbation {unknown[0]!r}; one of {', '.join(KINDS)}")
    if n < 1:
        raise ValueError(f"n must be at least 1, got {n}")
    out: list[Case] = []
    skipped: list[PerturbFailure] = []
    already: list[str] = []
    made = 0
    given = {c.id for c in cases}
    for case in cases:
        out.append(case)
        if variant_of(case) is not None:
            already.append(case.id)
            continue
        seen = {_body(case)}
        for kind in (k for k in KINDS if k in kinds):
            produced: list[Case | None]
            if kind == "paraphrase":
                produced = list((paraphrases or {}).get(case.id, []))
            else:
                produced = [
                    perturb_case(case, kind, i, seed=seed, rate=rate) for i in range(1, n + 1)
                ]
            for i, variant in enumerate(produced, start=1):
                if variant is None:
                    skipped.append(_skip(case.id, kind, i, "nothing to reorder"))
                elif variant.id in given:
                    skipped.append(_skip(case.id, kind, i, "a variant with its id is in the input"))
                elif _body(variant) in seen:
                    skipped.append(
                        _skip(case.id, kind, i, "the same as the original or an earlier variant")
                    )
                else:
                    seen.add(_body(variant))
                    out.append(variant)
                    made += 1
    return PerturbResult(
        cases=out,
        variants=made,
        skipped=skipped,
        failed=list(paraphrase_failures),
        already_variants=already,
    )


def write_cases(path: str | Path, cases: Sequence[Case]) -> None:
    """Write `cases` as JSONL (one case a line, defaults left out), replacing `path` at once."""
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    lines = (
        json.dumps(c.model_dump(mode="json", exclude_defaults=True), ensure_ascii=False) + "\n"
        for c in cases
    )
    tmp.write_text("".join(lines), encoding="utf-8")
    os.replace(tmp, path)


# ---------------------------------------------------------------- helpers

TextEdit = Callable[[str, list[Span]], tuple[str, dict[str, Any]]]


def _text_edit(kind: str, rng: random.Random, *, rate: float, mode: str) -> TextEdit:
    if kind == "typos":
        return lambda text, spans: typos(text, spans, rng, rate=rate)
    if kind == "case":
        return lambda text, spans: (change_case(text, spans, rng, mode=mode), {})
    return lambda text, spans: change_whitespace(text, spans, rng)


def _map_user_text(
    case: Case, terms: list[str], edit: TextEdit
) -> tuple[str | list[Message], dict[str, Any]]:
    """Apply `edit` to the user's text: the input string, or each user turn's content."""
    if isinstance(case.input, str):
        return edit(case.input, protected_spans(case.input, terms))
    done: dict[str, Any] = {}
    turns: list[Message] = []
    for message in case.input:
        if message.role == "user" and message.content:
            text, record = edit(message.content, protected_spans(message.content, terms))
            message = message.model_copy(update={"content": text})
            for key, value in record.items():
                done[key] = _add(done.get(key), value)
        turns.append(message)
    return turns, done


def _add(a: Any, b: Any) -> Any:
    if a is None:
        return b
    if isinstance(a, bool) or isinstance(b, bool):
        return bool(a) or bool(b)
    if isinstance(a, int) and isinstance(b, int):
        return a + b
    if isinstance(a, list) and isinstance(b, list):
        return sorted([*a, *b])
    return b


def _reorder(case: Case, rng: random.Random) -> tuple[str | list[Message], dict[str, Any]] | None:
    if isinstance(case.input, list):
        turns = reorder_turns(case.input, rng)
        if turns is not None:
            return turns
        last = max((i for i, m in enumerate(case.input) if m.role == "user"), default=None)
        if last is None or not case.input[last].content:
            return None
        items = reorder_items(case.input[last].content or "", rng)
        if items is None:
            return None
        text, done = items
        messages = list(case.input)
        messages[last] = messages[last].model_copy(update={"content": text})
        return messages, done
    return reorder_items(case.input, rng)


def _body(case: Case) -> str:
    return json.dumps(
        case.input if isinstance(case.input, str) else [m.model_dump() for m in case.input],
        sort_keys=True,
    )


def _skip(case_id: str, kind: str, index: int, reason: str) -> PerturbFailure:
    return PerturbFailure(case_id=case_id, kind=kind, index=index, reason=reason)
