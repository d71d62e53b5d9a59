"""`catalog_match`: the items a recommendation agent lists exist and meet the case's constraints."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from ..errors import ConfigError
from ..runs import Evidence, Verdict, errored, failed, passed, skipped
from ._check import CheckFn, check
from ._context import CheckContext
from ._structure import check_path, find_answer, render, resolve_path
from ._text import first_number

__all__ = ["catalog_match"]

_SPEC_KEYS = ("min", "max", "contains", "not")
_TRUE = {"true", "yes", "y", "1"}
_FALSE = {"false", "no", "n", "0"}


@check(layer="outcome")
def catalog_match(
    resource: str,
    items: str = "items",
    id_field: str | None = None,
    constraints: str = "constraints",
    min_score: float = 0.7,
    ideal_max: int = 5,
) -> CheckFn:
    """Check that the recommended items exist in a catalog and meet the case's constraints.

    The recommended items are the list at `items` in the structured answer: ids, or
    objects whose `id_field` is the id. The constraints are ``case.ground_truth[constraints]``,
    a mapping from a catalog field to what it must be::

        product_type: wallet          # equal (strings case-insensitively)
        gender: [women, unisex]       # one of
        price: {min: 10, max: 60}     # numbers, inclusive
        material: {contains: leather} # substring of a string, or element of a list
        color: {not: red}             # anything but (a list: none of them)

    A catalog field holding a list meets an equality or one-of constraint when any element
    does. Values read from CSV are strings: ``"79.00"`` is read as a number and ``"true"``
    as a boolean where the constraint needs one. A missing field fails every constraint
    except ``not``.

    precision = matching items / listed items; score = precision × min(1, ideal_max / listed
    items), so burying matches in a long list costs. The check passes when every item is in
    the catalog and score ≥ `min_score`. A case without constraints is skipped.

    Args:
        resource: the suite resource holding the catalog.
        items: dotted path of the list in the structured answer.
        id_field: the field of a listed object that holds its id; defaults to the
            resource's key.
        constraints: the key of the case's ground truth holding the constraints.
        min_score: the lowest passing score, 0-1.
        ideal_max: how many items a good answer lists at most.

    Raises:
        ConfigError: `min_score` is outside 0-1, `ideal_max` is below 1, or `items` is not
            a dotted path.
    """
    if not 0 <= min_score <= 1:
        raise ConfigError(
            f"check 'catalog_match': min_score must be between 0 and 1, not {min_score}",
            hint="the score is precision times the long-list penalty, a share from 0 to 1",
            path=("args", "min_score"),
        )
    if ideal_max < 1:
        raise ConfigError(
            f"check 'catalog_match': ideal_max must be at least 1, not {ideal_max}",
            hint="set it to the number of items a good answer lists at most",
            path=("args", "ideal_max"),
        )
    check_path(items, "catalog_match", "items")

    def run(ctx: CheckContext) -> Verdict:
        truth = ctx.case.ground_truth
        wanted = truth.get(constraints) if isinstance(truth, Mapping) else None
        if wanted is None:
            return skipped(f"the case has no {constraints!r} in its ground truth")
        problem = _invalid_constraints(wanted)
        if problem:
            return errored(f"case {ctx.case.id!r}: ground_truth.{constraints} {problem}")
        catalog = ctx.resources[resource]
        key = id_field or catalog.key

        answer = find_answer(ctx.trace)
        if isinstance(answer, str):
            return failed(f"the answer has no {items!r} list: {answer}", score=0.0)
        found, listed = resolve_path(answer.value, items)
        if not found or not isinstance(listed, list):
            return failed(f"the answer has no {items!r} list", score=0.0)
        if not listed:
            return failed(f"the answer's {items!r} list is empty", score=0.0, n_items=0)

        unknown: list[str] = []
        mismatches: dict[str, list[str]] = {}
        evidence: list[Evidence] = []
        n_matching = 0
        for i, entry in enumerate(listed):
            where = f"{answer.source}.{items}[{i}]"
            item_id = _item_id(entry, key)
            if item_id is None:
                unknown.append(f"{items}[{i}]")
                evidence.append(Evidence(text=f"{render(entry)}: has no {key!r}", where=where))
                continue
            record = catalog.get(item_id)
            if record is None:
                unknown.append(item_id)
                evidence.append(
                    Evidence(text=f"{item_id}: not in the catalog {resource!r}", where=where)
                )
                continue
            failures = {
                name: reason
                for name, spec in wanted.items()
                if (reason := _failure(record, name, spec)) is not None
            }
            if failures:
                mismatches[item_id] = list(failures)
                evidence.append(
                    Evidence(text=f"{item_id}: {'; '.join(failures.values())}", where=where)
                )
            else:
                n_matching += 1

        n_items = len(listed)
        precision = n_matching / n_items
        score = precision * min(1.0, ideal_max / n_items)
        metadata: dict[str, Any] = {
            "n_items": n_items,
            "n_matching": n_matching,
            "precision": precision,
            "unknown": unknown,
            "mismatches": mismatches,
        }
        summary = f"{n_matching} of {n_items} listed items meet the constraints"
        if n_items > ideal_max:
            summary += f"; {n_items} items is more than the ideal {ideal_max}"
        summary += f" (score {score:.2f}, needs {min_score:.2f})"
        if unknown:
            return failed(
                f"{len(unknown)} listed {'item is' if len(unknown) == 1 else 'items are'} not "
                f"in the catalog {resource!r}: {', '.join(unknown)}; {summary}",
                score=score, evidence=evidence, **metadata,
            )  # fmt: skip
        if score < min_score:
            return failed(summary, score=score, evidence=evidence, **metadata)
        return passed(summary, score=score, evidence=evidence, **metadata)

    return run


def _item_id(entry: Any, key: str) -> str | None:
    if isinstance(entry, Mapping):
        value = entry.get(key)
        return None if value is None or isinstance(value, Mapping | list) else str(value)
    if isinstance(entry, str | int | float) and not isinstance(entry, bool):
        return str(entry)
    return None


def _invalid_constraints(wanted: Any) -> str | None:
    """Why the constraints are malformed, or None."""
    if not isinstance(wanted, Mapping):
        return f"must map catalog fields to what they must be, not {render(wanted)}"
    for name, spec in wanted.items():
        if not isinstance(spec, Mapping):
            continue
        unknown = [k for k in spec if k not in _SPEC_KEYS]
        if unknown or not spec:
            return (
                f"field {name!r}: a mapping takes {', '.join(_SPEC_KEYS)}, "
                f"not {', '.join(map(str, unknown)) or 'nothing'}"
            )
        for bound in ("min", "max"):
            if bound in spec and _number(spec[bound]) is None:
                return f"field {name!r}: {bound} must be a number, not {render(spec[bound])}"
    return None


def _failure(record: Mapping[str, Any], name: str, spec: Any) -> str | None:
    """Why `record`'s field `name` does not meet `spec`, or None when it does."""
    found, value = resolve_path(record, name)
    if not found or value is None:
        if isinstance(spec, Mapping) and set(spec) == {"not"}:
            return None
        return f"{name} is missing, wanted {_describe(spec)}"
    if isinstance(spec, Mapping):
        ok = _meets(value, spec)
    elif isinstance(spec, list):
        ok = any(_equal(value, option) for option in spec)
    else:
        ok = _equal(value, spec)
    return None if ok else f"{name} is {render(value)}, wanted {_describe(spec)}"


def _meets(value: Any, spec: Mapping[str, Any]) -> bool:
    if "min" in spec or "max" in spec:
        number = _number(value)
        if number is None:
            return False
        low, high = _number(spec.get("min")), _number(spec.get("max"))
        if (low is not None and number < low) or (high is not None and number > high):
            return False
    if "contains" in spec:
        needles = spec["contains"] if isinstance(spec["contains"], list) else [spec["contains"]]
        if not all(_contains(value, needle) for needle in needles):
            return False
    if "not" in spec:
        excluded = spec["not"] if isinstance(spec["not"], list) else [spec["not"]]
        if any(_equal(value, x) for x in excluded):
            return False
    return True


def _contains(value: Any, needle: Any) -> bool:
    if isinstance(value, list):
        return any(_equal(element, needle) for element in value)
    if isinstance(value, str):
        return _fold(str(needle)) in _fold(value)
    return False


def _equal(value: Any, want: Any) -> bool:
    if isinstance(value, list):
        return any(_equal(element, want) for element in value)
    if want is None:
        return value is None
    if isinstance(want, bool):
        return _boolean(value) is want
    if isinstance(want, int | float):
        number = _number(value)
        return number is not None and number == _decimal(want)
    if isinstance(want, str):
        if isinstance(value, bool):
            return _boolean(want) is value
        return isinstance(value, str | int | float) and _fold(str(value)) == _fold(want)
    return bool(value == want)


def _fold(text: str) -> str:
    return " ".join(text.casefold().split())


def _boolean(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str):
        text = value.strip().casefold()
        return True if text in _TRUE else False if text in _FALSE else None
    return None


def _number(value: Any) -> Decimal | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return _decimal(value)
    if isinstance(value, str):
        match = first_number(value)
        return match.value if match is not None else None
    return None


def _decimal(value: int | float) -> Decimal | None:
    number = Decimal(str(value))
    return number if number.is_finite() else None


def _describe(spec: Any) -> str:
    if isinstance(spec, list):
        return "one of " + ", ".join(render(option) for option in spec)
    if not isinstance(spec, Mapping):
        return render(spec)
    parts = []
    if "min" in spec:
        parts.append(f"at least {spec['min']}")
    if "max" in spec:
        parts.append(f"at most {spec['max']}")
    if "contains" in spec:
        parts.append(f"containing {render(spec['contains'])}")
    if "not" in spec:
        parts.append(f"not {render(spec['not'])}")
    return " and ".join(parts)
