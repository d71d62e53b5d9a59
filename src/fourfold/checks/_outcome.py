"""Built-in outcome checks: is the answer right, whatever path the agent took to it.

The structure checks (`json_schema`, `required_fields`) live in ``_structure.py`` and
`catalog_match` in ``_catalog.py``; importing them here registers them with the rest.
"""

from __future__ import annotations

import json
import re
import unicodedata
from decimal import Decimal
from typing import Any, Literal

from ..errors import ConfigError
from ..runs import Evidence, Verdict, errored, failed, passed, skipped
from ._catalog import catalog_match
from ._check import CheckFn, check
from ._context import CheckContext
from ._structure import (
    Answer,
    check_path,
    find_answer,
    json_schema,
    render,
    required_fields,
    resolve_path,
)
from ._text import compile_pattern, first_number, normalize_text

__all__ = [
    "catalog_match",
    "contains",
    "json_schema",
    "matches_ground_truth",
    "regex",
    "required_fields",
]

_MAX_EVIDENCE = 20


@check(layer="outcome")
def matches_ground_truth(
    mode: Literal["exact", "normalized", "numeric", "json_subset"] = "normalized",
    tolerance: float = 0.0,
    field: str | None = None,
) -> CheckFn:
    """Check that the answer equals the case's ground truth; skip cases without one.

    What is compared: the dotted `field` of the structured answer when given; else, for a
    text ground truth, the text output; else (a number, list or mapping) the structured
    answer (``trace.structured``, or the output parsed as JSON).

    Modes:
        exact: the same text (surrounding whitespace aside) or the same JSON value.
        normalized: the same after Unicode NFKC, case-folding and collapsing punctuation and
            whitespace (``1,200`` and ``1200`` are the same); JSON values are compared as
            their JSON text.
        numeric: the first number of each (``1,200.50``, ``$5``, ``45%`` -> 45) within
            `tolerance`.
        json_subset: every key and value of the ground truth is in the answer, recursively;
            each element of an expected list matches some element of the answer's list.
            Scalars compare exactly (``1`` equals ``1.0``; ``true`` is not ``1``).

    Args:
        mode: how to compare.
        tolerance: the largest absolute difference that still passes, for ``numeric``.
        field: a dotted path (``order.total``) in the structured answer to compare.

    Raises:
        ConfigError: `tolerance` is negative or given for a mode other than ``numeric``, or
            `field` is not a dotted path.
    """
    if tolerance < 0:
        raise ConfigError(
            f"check 'matches_ground_truth': tolerance must be 0 or more, not {tolerance}",
            hint="it is the largest absolute difference that still passes",
            path=("args", "tolerance"),
        )
    if tolerance and mode != "numeric":
        raise ConfigError(
            f"check 'matches_ground_truth': tolerance is only used with mode 'numeric', "
            f"not {mode!r}",
            hint="set mode: numeric, or remove tolerance",
            path=("args", "tolerance"),
        )
    if field is not None:
        check_path(field, "matches_ground_truth", "field")
    limit = Decimal(str(tolerance))

    def run(ctx: CheckContext) -> Verdict:
        expected = ctx.case.ground_truth
        if expected is None:
            return skipped("the case has no ground truth")
        got = _compared(ctx, expected, mode, field)
        if isinstance(got, Verdict):
            return got
        value, where, is_json = got
        label = f"{field} " if field else ""
        if mode == "json_subset":
            if not is_json:
                return failed(
                    f"the answer is not JSON, so it cannot contain {render(expected)}",
                    evidence=[_whole(value, where)],
                )
            misses = _subset_misses(expected, value, f"$.{field}" if field else "$")
            if not misses:
                return passed(f"the answer {label}contains every expected value")
            return failed(
                f"the answer {label}lacks {len(misses)} expected "
                f"{'value' if len(misses) == 1 else 'values'}: {misses[0]}",
                evidence=[Evidence(text=m, where=where) for m in misses[:_MAX_EVIDENCE]],
                n_missing=len(misses),
            )
        if mode == "numeric":
            return _compare_numbers(expected, value, where, limit, label)
        if mode == "exact":
            same = (
                _as_text(value).strip() == expected.strip()
                if isinstance(expected, str)
                else _json_equal(expected, value)
            )
        else:
            same = normalize_text(_as_text(value)) == normalize_text(_as_text(expected))
        if same:
            return passed(f"the answer {label}matches the ground truth ({mode})")
        return failed(
            f"the answer {label}is {render(value)}, expected {render(expected)} ({mode})",
            evidence=[_whole(value, where)],
        )

    return run


@check(layer="outcome")
def contains(
    phrases: list[str], mode: Literal["any", "all"] = "any", case_sensitive: bool = False
) -> CheckFn:
    """Check that the answer contains any (or all) of `phrases`.

    A phrase matches anywhere, also inside a longer word; whitespace in a phrase matches
    any run of whitespace, so ``30 days`` also finds the words split over two lines.

    Args:
        phrases: the phrases to look for.
        mode: ``any`` passes when one is found, ``all`` when every one is.
        case_sensitive: compare case; by default ``Refund`` finds ``refund``.

    Raises:
        ConfigError: `phrases` is empty or holds a blank phrase.
    """
    if not phrases:
        raise ConfigError(
            "check 'contains': 'phrases' is empty",
            hint="list the phrases the answer must contain",
            path=("args", "phrases"),
        )
    flags = 0 if case_sensitive else re.IGNORECASE
    patterns = []
    for i, phrase in enumerate(phrases):
        words = unicodedata.normalize("NFC", phrase).split()
        if not words:
            raise ConfigError(
                f"check 'contains': phrase {i + 1} is blank",
                hint="remove it, or write the text to look for",
                path=("args", "phrases", i),
            )
        patterns.append(re.compile(r"\s+".join(re.escape(w) for w in words), flags))

    def run(ctx: CheckContext) -> Verdict:
        text = unicodedata.normalize("NFC", ctx.output)
        offsets = text == ctx.output  # spans in a re-normalised text do not point into the output
        found: list[str] = []
        missing: list[str] = []
        evidence: list[Evidence] = []
        for phrase, pattern in zip(phrases, patterns, strict=True):
            match = pattern.search(text)
            if match is None:
                missing.append(phrase)
            else:
                found.append(phrase)
                start, end = (match.start(), match.end()) if offsets else (None, None)
                evidence.append(Evidence(text=match[0], start=start, end=end))
        ok = bool(found) if mode == "any" else not missing
        score = len(found) / len(phrases) if mode == "all" else None
        if ok:
            return passed(
                "the answer contains " + ", ".join(repr(p) for p in found),
                score=score, evidence=evidence, found=found, missing=missing,
            )  # fmt: skip
        if mode == "any":
            message = "the answer contains none of " + ", ".join(repr(p) for p in phrases)
        else:
            message = "the answer lacks " + ", ".join(repr(p) for p in missing)
        return failed(message, score=score, evidence=evidence, found=found, missing=missing)

    return run


@check(layer="outcome")
def regex(pattern: str, must_match: bool = True) -> CheckFn:
    """Check that the answer matches a regular expression (or never does).

    The pattern is searched for anywhere in the output (Python ``re.search``); anchor it with
    ``^``/``$`` or use inline flags such as ``(?i)`` and ``(?s)`` as needed.

    Args:
        pattern: a Python regular expression.
        must_match: pass when the pattern is found (true) or when it is not (false).

    Raises:
        ConfigError: the pattern does not compile.
    """
    compiled = compile_pattern(pattern, "regex")

    def run(ctx: CheckContext) -> Verdict:
        matches = list(compiled.finditer(ctx.output))
        evidence = [
            Evidence(text=m[0], start=m.start(), end=m.end()) for m in matches[:_MAX_EVIDENCE]
        ]
        if must_match:
            if matches:
                return passed(f"the answer matches /{pattern}/", evidence=evidence[:1])
            return failed(f"the answer does not match /{pattern}/")
        if not matches:
            return passed(f"the answer never matches /{pattern}/")
        return failed(
            f"the answer matches /{pattern}/, which it must not ({len(matches)} "
            f"{'time' if len(matches) == 1 else 'times'})",
            evidence=evidence,
            n_matches=len(matches),
        )

    return run


def _compared(
    ctx: CheckContext, expected: Any, mode: str, field: str | None
) -> tuple[Any, str, bool] | Verdict:
    """Return what to compare, where it is and whether it is JSON data, or a failing verdict.

    Where is ``structured`` or ``output``; JSON data is the structured answer (or a part of
    it), as opposed to the text output.
    """
    trace = ctx.trace
    if field is not None:
        answer = find_answer(trace)
        if isinstance(answer, str):
            return failed(f"the answer has no {field!r}: {answer}")
        found, value = resolve_path(answer.value, field)
        if not found:
            return failed(f"the answer has no {field!r}")
        return value, answer.source, True
    if isinstance(expected, str) and mode != "json_subset":
        if trace.output is None and isinstance(trace.structured, str):
            return trace.structured, "structured", True
        return ctx.output, "output", False
    answer = find_answer(trace)
    if isinstance(answer, Answer):
        return answer.value, answer.source, True
    return ctx.output, "output", False


def _compare_numbers(expected: Any, value: Any, where: str, limit: Decimal, label: str) -> Verdict:
    want = _number_of(expected)
    if want is None:
        return errored(f"the ground truth {render(expected)} holds no number to compare")
    text = _as_text(value)
    match = None if _is_number(value) else first_number(text)
    got = _number_of(value) if _is_number(value) else (match.value if match else None)
    if got is None:
        return failed(
            f"the answer {label}holds no number (expected {want})",
            evidence=[_whole(value, where)],
        )
    if match is not None and where == "output" and isinstance(value, str):
        evidence = [Evidence(text=text[match.start : match.end], start=match.start, end=match.end)]
    else:
        evidence = [Evidence(text=f"{label}{got}".strip(), where=where)]
    difference = abs(got - want)
    if difference <= limit:
        within = f"within {limit} of" if limit else "equal to"
        return passed(
            f"the answer {label}is {got}, {within} {want}",
            evidence=evidence, difference=float(difference),
        )  # fmt: skip
    bound = f" ± {limit}" if limit else ""
    return failed(
        f"the answer {label}is {got}, expected {want}{bound} (off by {difference})",
        evidence=evidence,
        difference=float(difference),
    )


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _number_of(value: Any) -> Decimal | None:
    if _is_number(value):
        number = Decimal(str(value))
        return number if number.is_finite() else None
    if isinstance(value, str):
        match = first_number(value)
        return match.value if match else None
    return None


def _as_text(value: Any) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def _whole(value: Any, where: str) -> Evidence:
    if where == "output" and isinstance(value, str):
        return Evidence(text=value, start=0, end=len(value))
    return Evidence(text=render(value, limit=500), where=where)


def _json_equal(expected: Any, got: Any) -> bool:
    """Compare JSON values: 1 equals 1.0, but true is not 1."""
    if isinstance(expected, bool) or isinstance(got, bool):
        return isinstance(expected, bool) and isinstance(got, bool) and expected is got
    if _is_number(expected) and _is_number(got):
        return bool(expected == got)
    if isinstance(expected, dict):
        return (
            isinstance(got, dict)
            and expected.keys() == got.keys()
            and all(_json_equal(v, got[k]) for k, v in expected.items())
        )
    if isinstance(expected, list):
        return (
            isinstance(got, list)
            and len(expected) == len(got)
            and all(_json_equal(e, g) for e, g in zip(expected, got, strict=True))
        )
    return type(expected) is type(got) and bool(expected == got)


def _subset_misses(expected: Any, got: Any, path: str) -> list[str]:
    """List what of `expected` is not in `got`, one line per miss, each with its JSON path."""
    if isinstance(expected, dict):
        if not isinstance(got, dict):
            return [f"{path}: expected an object, got {render(got)}"]
        misses: list[str] = []
        for key, value in expected.items():
            if key not in got:
                misses.append(f"{path}.{key}: missing (expected {render(value)})")
            else:
                misses += _subset_misses(value, got[key], f"{path}.{key}")
        return misses
    if isinstance(expected, list):
        if not isinstance(got, list):
            return [f"{path}: expected a list, got {render(got)}"]
        return [
            f"{path}: no element matches {render(element)}"
            for element in expected
            if not any(not _subset_misses(element, g, path) for g in got)
        ]
    if _json_equal(expected, got):
        return []
    return [f"{path}: expected {render(expected)}, got {render(got)}"]
