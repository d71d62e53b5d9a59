"""The coverage table: cases per intent × category, every cell present, gaps listed."""

from __future__ import annotations

from fourfold.cases import Case
from fourfold.generate import coverage


def case(id: str, intent: str | None, category: str | None, source: str = "S") -> Case:
    strata = {k: v for k, v in (("intent", intent), ("category", category)) if v is not None}
    return Case(id=id, input="q", strata=strata, metadata={"source_id": source})


def test_counts_every_cell_and_lists_the_gaps() -> None:
    table = coverage(
        [
            case("1", "gift", "shoes", "P1"),
            case("2", "gift", "shoes", "P1"),
            case("3", "price", "bags", "P2"),
        ],
        intents=["gift", "price", "compatibility"],
        categories=["shoes", "bags", "hats"],
    )
    assert table.counts == {
        "gift": {"shoes": 2, "bags": 0, "hats": 0},
        "price": {"shoes": 0, "bags": 1, "hats": 0},
        "compatibility": {"shoes": 0, "bags": 0, "hats": 0},
    }
    assert table.cases == 3 and table.sources == 2
    assert table.intents_without_cases == ["compatibility"]
    assert table.categories_without_cases == ["hats"]
    assert ("gift", "bags") in table.empty and ("gift", "shoes") not in table.empty
    assert table.row_total("gift") == 2 and table.column_total("bags") == 1


def test_intents_and_categories_found_on_the_cases_are_added() -> None:
    table = coverage([case("1", "seasonal", "coats"), case("2", None, None)], intents=["gift"])
    assert table.intents == ["gift", "seasonal", "(none)"]
    assert table.categories == ["coats", "(none)"]
    assert table.counts["(none)"]["(none)"] == 1
    assert table.counts["gift"] == {"coats": 0, "(none)": 0}
