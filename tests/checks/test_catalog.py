from __future__ import annotations

from typing import Any

import pytest

from fourfold.checks import CheckResult, create_check
from fourfold.errors import ConfigError
from fourfold.resources import Resource
from tests.helpers import make_case, make_trace, run_check

# Eight products; W-prefixed ids are wallets. Some values are strings, as a CSV gives them.
PRODUCTS = Resource(
    "products",
    [
        {
            "sku": "W1",
            "product_type": "Wallet",
            "gender": "women",
            "price": 45,
            "in_stock": True,
            "material": "full-grain leather",
            "colors": ["black", "tan"],
        },
        {
            "sku": "W2",
            "product_type": "wallet",
            "gender": "unisex",
            "price": 59.99,
            "in_stock": True,
            "material": "Leather",
            "colors": ["brown"],
        },
        {
            "sku": "W3",
            "product_type": "wallet",
            "gender": "women",
            "price": 79,
            "in_stock": True,
            "material": "leather",
            "colors": ["red"],
        },
        {
            "sku": "W4",
            "product_type": "wallet",
            "gender": "men",
            "price": 35,
            "in_stock": True,
            "material": "leather",
            "colors": ["black"],
        },
        {
            "sku": "W5",
            "product_type": "wallet",
            "gender": "women",
            "price": 30,
            "in_stock": False,
            "material": "leather",
            "colors": ["pink"],
        },
        {
            "sku": "W6",
            "product_type": "wallet",
            "gender": "women",
            "price": 25,
            "in_stock": True,
            "material": "canvas",
            "colors": ["blue"],
        },
        {
            "sku": "W7",
            "product_type": "wallet",
            "gender": "Unisex",
            "price": "$55.00",
            "in_stock": "true",
            "material": "vegan leather",
        },
        {
            "sku": "B1",
            "product_type": "bag",
            "gender": "women",
            "price": 55,
            "in_stock": True,
            "material": "leather",
            "colors": ["black"],
        },
    ],
    key="sku",
)
CONSTRAINTS: dict[str, Any] = {
    "product_type": "wallet",
    "gender": ["women", "unisex"],
    "price": {"max": 60},
    "in_stock": True,
    "material": {"contains": "leather"},
}
MATCHING = ["W1", "W2", "W7"]  # every other product fails at least one constraint


def catalog_check(
    items: Any,
    constraints: Any = CONSTRAINTS,
    args: dict[str, Any] | None = None,
    *,
    key: str = "items",
) -> CheckResult:
    case = make_case(ground_truth={"constraints": constraints} if constraints is not None else None)
    trace = make_trace(output=None, structured={key: items})
    check = create_check("catalog_match", {"resource": "products", **(args or {})})
    return run_check(check, trace=trace, case=case, resources={"products": PRODUCTS})


@pytest.mark.parametrize(
    ("items", "status", "score", "n_matching"),
    [
        (["W1"], "pass", 1.0, 1),
        (MATCHING, "pass", 1.0, 3),
        ([{"sku": "W1", "name": "Tan wallet"}, {"sku": "W2"}], "pass", 1.0, 2),
        (["W1", "W2", "W7", "W3"], "pass", 0.75, 3),
        (["W1", "W3"], "fail", 0.5, 1),
        (["W3", "W4", "W5", "W6", "B1"], "fail", 0.0, 0),
        # a long list costs even when everything matches: 6 items, ideal 5
        (["W1", "W2", "W7", "W1", "W2", "W7"], "pass", 5 / 6, 6),
        (["W1", "W2", "W7"] * 3, "fail", 5 / 9, 9),
    ],
)
def test_catalog_match_scores(items: list[Any], status: str, score: float, n_matching: int) -> None:
    result = catalog_check(items)
    assert result.status == status, result.explanation
    assert result.layer == "outcome"
    assert result.score == pytest.approx(score)
    assert result.metadata["n_matching"] == n_matching
    assert result.metadata["n_items"] == len(items)


@pytest.mark.parametrize(
    ("items", "evidence"),
    [
        (["W3"], ["W3: price is 79, wanted at most 60"]),
        (["W4"], ["W4: gender is 'men', wanted one of 'women', 'unisex'"]),
        (["W5"], ["W5: in_stock is false, wanted true"]),
        (["W6"], ["W6: material is 'canvas', wanted containing 'leather'"]),
        (["B1"], ["B1: product_type is 'bag', wanted 'wallet'"]),
    ],
)
def test_catalog_match_names_the_failing_field(items: list[str], evidence: list[str]) -> None:
    result = catalog_check(items)
    assert result.status == "fail"
    assert [e.text for e in result.evidence] == evidence
    assert result.evidence[0].where == "structured.items[0]"
    field = evidence[0].split(":")[1].split()[0]
    assert result.metadata["mismatches"] == {items[0]: [field]}


def test_catalog_match_metadata() -> None:
    result = catalog_check(["W1", "W3", "W5"])
    assert result.metadata == {
        "n_items": 3,
        "n_matching": 1,
        "precision": pytest.approx(1 / 3),
        "unknown": [],
        "mismatches": {"W3": ["price"], "W5": ["in_stock"]},
    }


@pytest.mark.parametrize(
    ("items", "unknown", "evidence"),
    [
        (["W1", "W2", "ZZ9"], ["ZZ9"], ["ZZ9: not in the catalog 'products'"]),
        (["w1"], ["w1"], ["w1: not in the catalog 'products'"]),  # ids are exact
        (
            [{"name": "Mystery wallet"}],
            ["items[0]"],
            ['{"name": "Mystery wallet"}: has no \'sku\''],
        ),
        ([["W1"]], ["items[0]"], ["[\"W1\"]: has no 'sku'"]),
    ],
)
def test_catalog_match_fails_on_unknown_items(
    items: list[Any], unknown: list[str], evidence: list[str]
) -> None:
    result = catalog_check(items)
    assert result.status == "fail"
    assert result.metadata["unknown"] == unknown
    assert [e.text for e in result.evidence] == evidence
    assert "not in the catalog" in result.explanation


@pytest.mark.parametrize(
    ("structured", "output", "words"),
    [
        ({"items": []}, None, "'items' list is empty"),
        ({"products": ["W1"]}, None, "no 'items' list"),
        ({"items": "W1"}, None, "no 'items' list"),
        (["W1"], None, "no 'items' list"),
        (None, "I recommend W1.", "no 'items' list"),
        (None, None, "no 'items' list"),
    ],
)
def test_catalog_match_fails_without_a_list(
    structured: Any, output: str | None, words: str
) -> None:
    case = make_case(ground_truth={"constraints": CONSTRAINTS})
    trace = make_trace(output=output, structured=structured)
    result = run_check(
        create_check("catalog_match", {"resource": "products"}),
        trace=trace, case=case, resources={"products": PRODUCTS},
    )  # fmt: skip
    assert result.status == "fail"
    assert words in result.explanation
    assert result.score == 0.0


def test_catalog_match_reads_json_output_and_custom_paths() -> None:
    case = make_case(ground_truth={"filters": {"gender": "women"}})
    trace = make_trace(
        output='```json\n{"result": {"picks": [{"product": "W1"}, {"product": "W3"}]}}\n```'
    )
    args = {"resource": "products", "items": "result.picks", "id_field": "product",
            "constraints": "filters"}  # fmt: skip
    result = run_check(
        create_check("catalog_match", args),
        trace=trace,
        case=case,
        resources={"products": PRODUCTS},
    )
    assert result.status == "pass", result.explanation
    assert result.metadata["n_matching"] == 2


@pytest.mark.parametrize(
    ("constraints", "matching"),
    [
        ({"colors": "black"}, ["W1", "W4", "B1"]),  # a list field: any element equals
        ({"colors": {"contains": "tan"}}, ["W1"]),
        ({"colors": {"contains": ["black", "tan"]}}, ["W1"]),  # every one
        ({"colors": {"not": "black"}}, ["W2", "W3", "W5", "W6", "W7"]),  # missing passes 'not'
        ({"colors": {"not": ["black", "red"]}}, ["W2", "W5", "W6", "W7"]),
        ({"gender": {"not": "women"}}, ["W2", "W4", "W7"]),
        ({"price": {"min": 45, "max": 59.99}}, ["W1", "W2", "W7", "B1"]),  # inclusive, "$55.00"
        ({"price": 45}, ["W1"]),
        ({"price": "45"}, ["W1"]),
        ({"in_stock": False}, ["W5"]),
        ({"in_stock": "true"}, ["W1", "W2", "W3", "W4", "W6", "W7", "B1"]),  # bools and "true"
        ({"material": "LEATHER"}, ["W2", "W3", "W4", "W5", "B1"]),  # equality, not substring
        ({"material": {"contains": "Vegan"}}, ["W7"]),
        ({"colors": ["pink", "blue"]}, ["W5", "W6"]),
        ({"warranty": {"min": 1}}, []),  # a missing field fails
        ({}, ["W1", "W2", "W3", "W4", "W5", "W6", "W7", "B1"]),
    ],
)
def test_catalog_match_constraint_specs(constraints: dict[str, Any], matching: list[str]) -> None:
    everything = [r["sku"] for r in PRODUCTS.records]
    result = catalog_check(everything, constraints, {"ideal_max": 8})
    found = [sku for sku in everything if sku not in result.metadata["mismatches"]]
    assert found == matching


def test_catalog_match_skips_cases_without_constraints() -> None:
    assert catalog_check(["W1"], constraints=None).status == "skip"
    case = make_case(ground_truth="W1")
    result = run_check(
        create_check("catalog_match", {"resource": "products"}),
        trace=make_trace(structured={"items": ["W1"]}),
        case=case,
        resources={"products": PRODUCTS},
    )
    assert result.status == "skip"
    assert "'constraints'" in result.explanation


@pytest.mark.parametrize(
    ("constraints", "words"),
    [
        (["wallet"], "must map catalog fields"),
        ({"price": {"below": 60}}, "not below"),
        ({"price": {}}, "not nothing"),
        ({"price": {"max": "cheap"}}, "max must be a number"),
    ],
)
def test_catalog_match_malformed_constraints_are_errors(constraints: Any, words: str) -> None:
    result = catalog_check(["W1"], constraints)
    assert result.status == "error"
    assert words in result.explanation
    assert "case-1" in result.explanation


def test_catalog_match_min_score_and_ideal_max_are_settable() -> None:
    items = ["W1", "W3"]
    assert catalog_check(items).status == "fail"
    assert catalog_check(items, args={"min_score": 0.5}).status == "pass"
    long_list = ["W1", "W2", "W7"] * 2
    assert catalog_check(long_list, args={"ideal_max": 2}).score == pytest.approx(1 / 3)


def test_catalog_match_unknown_resource_is_an_error() -> None:
    case = make_case(ground_truth={"constraints": CONSTRAINTS})
    result = run_check(
        create_check("catalog_match", {"resource": "catalogue"}),
        trace=make_trace(structured={"items": ["W1"]}),
        case=case,
        resources={"products": PRODUCTS},
    )
    assert result.status == "error"
    assert "products" in result.explanation


@pytest.mark.parametrize(
    ("args", "path"),
    [
        ({"min_score": 1.5}, ("args", "min_score")),
        ({"min_score": -0.1}, ("args", "min_score")),
        ({"ideal_max": 0}, ("args", "ideal_max")),
        ({"items": "a..b"}, ("args", "items")),
        ({"resource": None}, ("args", "resource")),
    ],
)
def test_catalog_match_config_errors(args: dict[str, Any], path: tuple[str, ...]) -> None:
    with pytest.raises(ConfigError) as info:
        create_check("catalog_match", {"resource": "products", **args})
    assert info.value.path == path
