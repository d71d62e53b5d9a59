"""Coverage of a case set: how many cases each intent has in each category, so gaps show."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pydantic import BaseModel, ConfigDict

from ..cases import Case

__all__ = ["Coverage", "coverage"]

UNKNOWN = "(none)"
"""The row or column of cases without that stratum."""


class Coverage(BaseModel):
    """Cases per intent × category (the strata ``intent`` and ``category``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    intents: list[str]
    """The rows: every intent asked about, then any other found on the cases."""
    categories: list[str]
    """The columns: every category of the source records, then any other found."""
    counts: dict[str, dict[str, int]]
    """``counts[intent][category]``: how many cases; every cell is present, 0 included."""
    cases: int
    """How many cases were counted."""
    sources: int
    """How many distinct source records (``metadata.source_id``) they came from."""
    empty: list[tuple[str, str]]
    """The (intent, category) cells without a case: the gaps."""
    intents_without_cases: list[str]
    """Intents no case has, in any category."""
    categories_without_cases: list[str]
    """Categories no case has, for any intent."""

    def row_total(self, intent: str) -> int:
        """Cases of `intent`, over every category."""
        return sum(self.counts[intent].values())

    def column_total(self, category: str) -> int:
        """Cases of `category`, over every intent."""
        return sum(row[category] for row in self.counts.values())


def coverage(
    cases: Iterable[Case],
    *,
    intents: Sequence[str] = (),
    categories: Sequence[str] = (),
) -> Coverage:
    """Count `cases` by their ``intent`` and ``category`` strata.

    Args:
        cases: the cases.
        intents: the intents that should be covered (rows even when no case has them).
        categories: the categories that should be covered (columns even when empty).

    Examples:
        >>> from fourfold.cases import Case
        >>> table = coverage(
        ...     [Case(id="a", input="q", strata={"intent": "gift", "category": "shoes"})],
        ...     intents=["gift", "price"], categories=["shoes"])
        >>> table.counts, table.intents_without_cases
        ({'gift': {'shoes': 1}, 'price': {'shoes': 0}}, ['price'])
    """
    rows, columns = list(dict.fromkeys(intents)), list(dict.fromkeys(categories))
    seen: list[tuple[str, str]] = []
    sources: set[str] = set()
    total = 0
    for case in cases:
        intent = case.strata.get("intent", UNKNOWN)
        category = case.strata.get("category", UNKNOWN)
        seen.append((intent, category))
        source = case.metadata.get("source_id")
        if source is not None:
            sources.add(str(source))
        total += 1
        if intent not in rows:
            rows.append(intent)
        if category not in columns:
            columns.append(category)
    counts = {intent: dict.fromkeys(columns, 0) for intent in rows}
    for intent, category in seen:
        counts[intent][category] += 1
    return Coverage(
        intents=rows,
        categories=columns,
        counts=counts,
        cases=total,
        sources=len(sources),
        empty=[(i, c) for i in rows for c in columns if counts[i][c] == 0],
        intents_without_cases=[i for i in rows if not any(counts[i].values())],
        categories_without_cases=[c for c in columns if not any(counts[i][c] for i in rows)],
    )
