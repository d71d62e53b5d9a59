"""Generating cases from records, against the real local OpenAI-compatible test server."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path
from typing import Any

import pytest

from fourfold.cases import load_cases
from fourfold.errors import AuthError
from fourfold.generate import (
    ARTICLE_INTENTS,
    CATALOG_INTENTS,
    GenerationConfig,
    GenerationPlan,
    GenerationResult,
    estimate_generation,
    generate_cases,
    load_source_records,
    plan_generation,
    read_generated,
)
from fourfold.models import MockProvider, ModelConfig, ModelRequest, get_model
from tests.helpers.generate_builders import Script, article_case, product_case, user_prompt
from tests.helpers.openai_server import OpenAIServer, chat_reply, error


def make_plan(path: Path, kind: str = "catalog", **options: Any) -> GenerationPlan:
    config = GenerationConfig(kind=kind, **options)  # type: ignore[arg-type]
    return plan_generation(load_source_records(path, kind=config.kind), config)


def run(plan: GenerationPlan, server: OpenAIServer, **options: Any) -> GenerationResult:
    config = ModelConfig(
        model="openai-compatible/test-model", base_url=server.base_url, max_retries=0
    )
    return generate_cases(plan, get_model(config), **options)


def user_prompt_of(request: ModelRequest) -> str:
    return next(m.content or "" for m in request.messages if m.role == "user")


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def by_source(result: GenerationResult) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for case in result.cases:
        out.setdefault(case.metadata["source_id"], []).append(case.id)
    return out


# ---------------------------------------------------------------- the request


def test_each_record_is_one_request_for_json_schema_output_holding_its_fields(
    catalog: Path, server: OpenAIServer, script: Script
) -> None:
    plan = make_plan(catalog, per_record=3)
    run(plan, server)
    records = [json.loads(line) for line in catalog.read_text().splitlines()]
    assert sorted(script.bodies) == sorted(r["id"] for r in records)
    for record in records:
        (body,) = script.bodies[record["id"]]
        fmt = body["response_format"]
        assert fmt["type"] == "json_schema"
        schema = fmt["json_schema"]["schema"]
        item = schema["properties"]["cases"]["items"]
        assert schema["required"] == ["cases"]
        assert set(item["required"]) >= {"intent", "query", "expected", "focus", "constraints"}
        assert schema["properties"]["cases"]["maxItems"] == 3
        assert set(item["properties"]["intent"]["enum"]) <= set(CATALOG_INTENTS)
        assert len(item["properties"]["intent"]["enum"]) == 3
        prompt = user_prompt(body)
        for name, value in record.items():
            assert f'"{name}": {json.dumps(value)}' in prompt
        assert body["seed"] == 0 and body["temperature"] == 0.0


def test_an_article_request_holds_the_article_and_the_question_kinds(
    articles: Path, server: OpenAIServer, script: Script
) -> None:
    run(make_plan(articles, "articles", per_record=3, limit=2), server)
    assert len(script.bodies) == 2
    for source, (body,) in script.bodies.items():
        article = (articles / f"{source}.md").read_text()
        body_text = article.split("---\n", 2)[2].strip()
        assert body_text in user_prompt(body)
        assert "---" not in user_prompt(body).split("Article", 1)[1][:20]
        intents = body["response_format"]["json_schema"]["schema"]["properties"]["cases"]
        assert set(intents["items"]["properties"]["intent"]["enum"]) == set(ARTICLE_INTENTS)


# ---------------------------------------------------------------- the cases


def test_a_generated_catalog_case_has_source_strata_constraints_and_a_stable_id(
    catalog: Path, server: OpenAIServer, tmp_path: Path
) -> None:
    out = tmp_path / "cases.jsonl"
    result = run(make_plan(catalog, per_record=2, seed=5), server, output=out)
    first = json.loads(catalog.read_text().splitlines()[0])
    case = next(c for c in result.cases if c.metadata["source_id"] == first["id"])
    intent = case.strata["intent"]
    assert re.fullmatch(rf"p0001-{intent}-[0-9a-f]{{8}}", case.id)
    assert case.input == product_case(first, intent)["query"]
    assert case.strata == {"intent": intent, "category": "footwear"}
    assert case.ground_truth == {"constraints": product_case(first, intent)["constraints"]}
    assert case.metadata["source_kind"] == "catalog"
    assert case.metadata["source_hash"].startswith("sha256:")
    assert case.metadata["generator"] == "openai-compatible/test-model"
    assert case.metadata["seed"] == 5
    assert case.metadata["catalog_matches"] >= 1
    assert set(case.metadata["focus_fields"]) == set(case.ground_truth["constraints"])
    assert case.expected and case.focus and "generated" in case.tags
    # the output is a case file a suite loads as it is
    assert [c.id for c in load_cases(out)] == [c.id for c in result.cases]


def test_ids_are_stable_across_runs_record_order_and_sampling(
    catalog: Path, server: OpenAIServer, tmp_path: Path
) -> None:
    first = by_source(run(make_plan(catalog), server))
    again = by_source(run(make_plan(catalog), server))
    reordered = tmp_path / "reordered.jsonl"
    reordered.write_text("\n".join(reversed(catalog.read_text().splitlines())) + "\n")
    shuffled = by_source(run(make_plan(reordered), server))
    sampled = by_source(run(make_plan(catalog, limit=4, seed=0), server))
    assert first == again
    assert {k: sorted(v) for k, v in first.items()} == {k: sorted(v) for k, v in shuffled.items()}
    assert sampled and all(sampled[k] == first[k] for k in sampled if k in first)


def test_another_seed_asks_other_intents(catalog: Path) -> None:
    zero = make_plan(catalog, seed=0)
    one = make_plan(catalog, seed=1)
    assert [t.source.intents for t in zero.tasks] == [
        t.source.intents for t in make_plan(catalog, seed=0).tasks
    ]
    assert [t.source.intents for t in zero.tasks] != [t.source.intents for t in one.tasks]
    assert [t.source.id for t in make_plan(catalog, limit=3, seed=0).tasks] == [
        t.source.id for t in make_plan(catalog, limit=3, seed=0).tasks
    ]
    assert [t.source.id for t in make_plan(catalog, limit=3, seed=0).tasks] != [
        t.source.id for t in make_plan(catalog, limit=3, seed=2).tasks
    ]


def test_near_duplicate_queries_are_merged_into_the_first(
    catalog: Path, server: OpenAIServer, script: Script, tmp_path: Path
) -> None:
    def twin(query: str) -> Any:
        def items(records: list[dict[str, Any]], intents: list[str]) -> list[Any]:
            item = product_case(records[0], intents[0])
            return [{**item, "query": query}]

        return items

    script.overrides["P0001"] = twin("brown leather sandals for men")
    script.overrides["P0002"] = twin("linen shorts in green")
    script.overrides["P0003"] = twin("Men's brown leather sandals!")  # P0001's, reworded
    out = tmp_path / "cases.jsonl"
    result = run(make_plan(catalog, per_record=1), server, output=out)
    (merge,) = result.merged
    kept = next(c for c in result.cases if c.id == merge.kept)
    assert kept.metadata["source_id"] == "P0001"
    assert merge.source_id == "P0003" and merge.similarity == 1.0
    assert [m["id"] for m in kept.metadata["merged"]] == [merge.merged]
    assert kept.metadata["merged"][0]["source_id"] == "P0003"
    assert "P0003" not in by_source(result)
    # the kept case was written before its twin came: the file is rewritten with the merge
    (line,) = [c for c in lines(out) if c["id"] == kept.id]
    assert line["metadata"]["merged"] == kept.metadata["merged"]
    assert merge.merged not in {c["id"] for c in lines(out)}


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({}, None),
        ({"focus_fields": ["product_type", "colour"]}, "colour"),
        ({"focus": "check product_type and the shoe_width"}, "shoe_width"),
        ({"focus_fields": []}, "names no catalog field"),
        ({"constraints": {"product_type": "sandals", "size": "42"}}, "size"),
        ({"constraints": {"product_type": "sandals", "price": {"max": 20}}}, "exclude the product"),
        ({"constraints": {"product_type": "sandals", "price": {"below": 20}}}, "below"),
        ({"constraints": {"price": {"max": "cheap"}}}, "must be a number"),
        ({"constraints": {}}, "at least one constraint"),
        ({"query": "do you have P0001 in stock"}, "too specific"),
        ({"intent": "mood"}, "unknown intent"),
        ({"query": None}, "schema"),
    ],
)
def test_an_item_is_kept_or_dropped_with_its_reason(
    product: Path,
    server: OpenAIServer,
    script: Script,
    change: dict[str, Any],
    reason: str | None,
) -> None:
    def items(records: list[dict[str, Any]], intents: list[str]) -> list[Any]:
        base = product_case(records[0], "category")
        return [{**base, **change}]

    script.overrides["P0001"] = items
    result = run(make_plan(product, per_record=1), server)
    if reason is None:
        assert len(result.cases) == 1 and not result.dropped
    else:
        assert not result.cases
        (dropped,) = result.dropped
        assert reason in dropped.reason and dropped.source_id == "P0001"


def test_bad_items_are_dropped_and_counted_and_the_good_ones_kept(
    product: Path, server: OpenAIServer, script: Script
) -> None:
    def items(records: list[dict[str, Any]], intents: list[str]) -> list[Any]:
        good = product_case(records[0], "category")
        return [good, "not an object", {"query": 5}, {**good, "intent": "nope"}]

    script.overrides["P0001"] = items
    result = run(make_plan(product, per_record=4), server)
    assert len(result.cases) == 1
    assert len(result.dropped) == 3
    assert all(d.reason.startswith("schema") for d in result.dropped)
    assert not result.failed


def test_more_items_than_asked_for_are_dropped(
    product: Path, server: OpenAIServer, script: Script
) -> None:
    def items(records: list[dict[str, Any]], intents: list[str]) -> list[Any]:
        return [product_case(records[0], i) for i in ("category", "attribute", "gift")]

    script.overrides["P0001"] = items
    result = run(make_plan(product, per_record=2), server)
    assert len(result.cases) == 2
    assert [d.reason for d in result.dropped] == ["beyond the 2 asked for"]


@pytest.mark.parametrize(
    ("reply", "error_kind"),
    [
        (error(500, "upstream exploded"), "ServerError"),
        (error(400, "bad request"), "BadRequestError"),
        (chat_reply("Sure! Here are some cases: ..."), "unusable reply"),
        (chat_reply(json.dumps({"results": []})), "unusable reply"),
    ],
)
def test_a_failing_record_is_reported_and_the_others_go_on(
    catalog: Path,
    server: OpenAIServer,
    script: Script,
    tmp_path: Path,
    reply: Any,
    error_kind: str,
) -> None:
    script.overrides["P0003"] = reply
    out = tmp_path / "cases.jsonl"
    result = run(make_plan(catalog), server, output=out)
    (failed,) = result.failed
    assert failed.source_id == "P0003" and failed.error == error_kind
    assert "P0003" not in by_source(result)
    assert len(by_source(result)) == 9
    # run again with resume: only the failed record is asked
    del script.overrides["P0003"]
    script.bodies.clear()
    again = run(make_plan(catalog), server, output=out, resume=True)
    assert script.asked == ["P0003"]
    assert not again.failed and len(by_source(again)) == 10


def test_a_refused_key_stops_the_generation(
    catalog: Path, server: OpenAIServer, script: Script, tmp_path: Path
) -> None:
    script.overrides.update({f"P{n:04d}": error(401, "invalid key") for n in range(1, 11)})
    with pytest.raises(AuthError):
        run(make_plan(catalog), server, output=tmp_path / "cases.jsonl")
    assert read_generated(tmp_path / "cases.jsonl") == []


# ---------------------------------------------------------------- resume and changes


def test_resume_skips_the_records_already_in_the_output(
    catalog: Path, server: OpenAIServer, script: Script, tmp_path: Path
) -> None:
    out = tmp_path / "cases.jsonl"
    partial = run(make_plan(catalog, limit=4, seed=9), server, output=out)
    done = set(by_source(partial))
    assert len(done) == 4 and sorted(script.asked) == sorted(done)
    script.bodies.clear()
    result = run(make_plan(catalog, seed=9), server, output=out, resume=True)
    assert sorted(result.skipped) == sorted(done)
    assert sorted(script.asked) == sorted({f"P{n:04d}" for n in range(1, 11)} - done)
    ids = [c["id"] for c in lines(out)]
    assert len(ids) == len(set(ids)) == len(result.cases)
    assert len(by_source(result)) == 10
    assert [(c["id"], c["input"]) for c in lines(out)[: len(partial.cases)]] == [
        (c.id, c.input) for c in partial.cases
    ]
    # a third run has nothing left to do
    script.bodies.clear()
    run(make_plan(catalog, seed=9), server, output=out, resume=True)
    assert script.asked == []


def test_resume_redoes_the_record_whose_last_line_was_cut_off_mid_write(
    catalog: Path, server: OpenAIServer, script: Script, tmp_path: Path
) -> None:
    clean = run(make_plan(catalog, per_record=3), server)
    out = tmp_path / "cases.jsonl"
    run(make_plan(catalog, per_record=3, limit=3), server, output=out)
    text = out.read_text()
    last = text.splitlines()[-1]
    out.write_text(text[: -len(last) // 2 - 1])  # the last case half written
    cut_source = json.loads(last)["metadata"]["source_id"]
    script.bodies.clear()
    run(make_plan(catalog, per_record=3), server, output=out, resume=True)
    assert len(script.asked) == 8 and cut_source in script.asked
    assert sorted(c.id for c in load_cases(out)) == sorted(c.id for c in clean.cases)


def test_a_changed_record_is_regenerated_and_its_old_cases_replaced(
    catalog: Path, server: OpenAIServer, script: Script, tmp_path: Path
) -> None:
    out = tmp_path / "cases.jsonl"
    before = run(make_plan(catalog, per_record=3), server, output=out)
    old = {c.id: c for c in before.cases}
    records = [json.loads(line) for line in catalog.read_text().splitlines()]
    records[1]["price"] = 12.0  # P0002 gets cheaper
    catalog.write_text("".join(json.dumps(r) + "\n" for r in records))
    script.bodies.clear()
    after = run(make_plan(catalog, per_record=3), server, output=out, resume=True)
    assert script.asked == ["P0002"]
    old_p2 = sorted(i for i, c in old.items() if c.metadata["source_id"] == "P0002")
    assert {k: sorted(v) for k, v in after.replaced.items()} == {"P0002": old_p2}
    new_p2 = [c for c in after.cases if c.metadata["source_id"] == "P0002"]
    assert new_p2 and all(sorted(c.metadata["replaces"]) == old_p2 for c in new_p2)
    assert all(c.metadata["source_hash"] != old[old_p2[0]].metadata["source_hash"] for c in new_p2)
    # the same source and intent with the same query keeps its id (the comparison sees
    # an edited case); a query that changed with the record is a new id
    for case in new_p2:
        previous = [o for o in old_p2 if old[o].strata["intent"] == case.strata["intent"]]
        if case.strata["intent"] == "price_sensitivity":
            assert case.id not in previous
        else:
            assert previous == [case.id]
    # the other records' cases are untouched, and no old P0002 case is left
    file_ids = [c["id"] for c in lines(out)]
    assert len(file_ids) == len(set(file_ids))
    kept_old = {i for i in file_ids if i in old}
    assert {i for i in old if old[i].metadata["source_id"] != "P0002"} <= kept_old
    assert {c["metadata"]["source_hash"] for c in lines(out) if c["id"] in old_p2} <= {
        new_p2[0].metadata["source_hash"]
    }


# ---------------------------------------------------------------- coverage, estimate


def test_the_coverage_table_counts_cases_per_intent_and_category(
    catalog: Path, server: OpenAIServer
) -> None:
    result = run(make_plan(catalog, per_record=3), server)
    table = result.coverage
    assert table.intents == list(CATALOG_INTENTS)
    categories = [json.loads(line)["category"] for line in catalog.read_text().splitlines()]
    assert table.categories == list(dict.fromkeys(categories))
    assert table.cases == len(result.cases)
    for intent in table.intents:
        for category in table.categories:
            expected = sum(
                1 for c in result.cases if c.strata == {"intent": intent, "category": category}
            )
            assert table.counts[intent][category] == expected
    # no product of the example catalog has a field compatibility could be asked about
    assert "compatibility" in table.intents_without_cases
    assert ("compatibility", "footwear") in table.empty
    assert table.sources == len(by_source(result))


def test_the_estimate_counts_calls_and_prices_the_prompts(catalog: Path) -> None:
    plan = make_plan(catalog, per_record=2)
    priced = estimate_generation(plan, model=ModelConfig(model="openai/gpt-4.1-mini"))
    chars = sum(
        sum(len(m.content or "") for m in t.request.messages)
        + len(json.dumps(t.request.response_schema))
        for t in plan.tasks
    )
    assert priced.calls == 10 and priced.cases_asked == 20
    assert priced.input_tokens == chars // 4
    expected = (priced.input_tokens * 0.40 + priced.output_tokens * 1.60) / 1e6
    assert priced.cost_usd == pytest.approx(expected)
    unpriced = estimate_generation(plan, model=ModelConfig(model="ollama/llama3.1"))
    assert unpriced.cost_usd is None and unpriced.calls == 10


# ---------------------------------------------------------------- articles


def test_article_cases_are_grounded_in_the_article(
    articles: Path, server: OpenAIServer, script: Script
) -> None:
    def items(records: list[dict[str, Any]], intents: list[str]) -> list[Any]:
        good = article_case(records, "simple")
        bad = {
            **article_case(records, "edge_case"),
            "expected": "Refunds within 45 days, however late.",
        }
        return [good, bad]

    script.overrides["returning-an-item"] = items
    result = run(make_plan(articles, "articles", per_record=3), server)
    assert len(by_source(result)) == 12
    flagged = [c for c in result.cases if c.metadata.get("review")]
    assert [c.metadata["source_id"] for c in flagged] == ["returning-an-item"]
    assert "45" in flagged[0].metadata["review"][0]
    assert result.review == [flagged[0].id]
    returns = next(c for c in result.cases if c.metadata["source_id"] == "returning-an-item")
    assert returns.strata["category"] == "returns"
    assert returns.metadata["source_kind"] == "article"
    assert returns.ground_truth is None


def test_combined_articles_make_cases_that_need_them_together(
    articles: Path, server: OpenAIServer, script: Script
) -> None:
    plan = make_plan(articles, "articles", per_record=2, combine=2, combinations=3, seed=4)
    combined = [t.source for t in plan.tasks if t.source.combined]
    assert len(combined) == 3 and all(len(s.ids) == 2 for s in combined)
    used = [i for s in combined for i in s.ids]
    assert len(used) == len(set(used))  # each article used once before any twice
    same = make_plan(articles, "articles", per_record=2, combine=2, combinations=3, seed=4)
    assert [t.source.id for t in same.tasks] == [t.source.id for t in plan.tasks]
    result = run(plan, server)
    for source in combined:
        prompt = user_prompt(script.bodies[source.id][0])
        assert "need these 2 help-centre articles together" in prompt
        for article_id in source.ids:
            assert f"({article_id}):" in prompt
        cases = [c for c in result.cases if c.metadata["source_id"] == source.id]
        assert cases
        for case in cases:
            assert case.metadata["source_ids"] == list(source.ids)
            assert case.strata["intent"] == "combined"
            assert "multi_article" in case.tags
    assert "combined" in result.coverage.intents


def test_combining_needs_articles(catalog: Path) -> None:
    from fourfold.errors import ConfigError

    with pytest.raises(ConfigError, match="--combine is for articles"):
        make_plan(catalog, combine=2)


# ---------------------------------------------------------------- the mock provider


def test_generation_with_the_mock_provider() -> None:
    records = [
        {"id": "A1", "product_type": "wallet", "gender": "women", "price": 30, "category": "bags"},
        {"id": "A2", "product_type": "belt", "gender": "men", "price": 25, "category": "bags"},
    ]
    reply = {
        "cases": [
            {
                "intent": "gift",
                "query": "an affordable wallet for my wife",
                "expected": "Women's wallets at an accessible price",
                "focus": "product_type, gender and price of each product",
                "focus_fields": ["product_type", "gender", "price"],
                "constraints": {"product_type": "wallet", "gender": "women", "price": {"max": 60}},
            }
        ]
    }
    mock = MockProvider([json.dumps(reply), json.dumps({"cases": []})])
    plan = plan_generation(records, GenerationConfig(kind="catalog", per_record=1))
    result = generate_cases(plan, get_model("mock/generator", provider=mock))
    assert mock.calls == 2
    assert [r.response_schema is not None for r in mock.requests] == [True, True]
    (case,) = result.cases
    assert case.metadata["source_id"] == "A1"
    assert case.metadata["catalog_matches"] == 1  # the belt is not a women's wallet
    assert case.metadata["generator"] == "mock/generator"
    assert "review" not in case.metadata
    assert not result.failed and not result.dropped


def test_constraints_that_match_the_whole_catalog_are_flagged_for_review() -> None:
    records = [
        {"id": "A1", "product_type": "wallet", "category": "bags"},
        {"id": "A2", "product_type": "belt", "category": "bags"},
    ]
    item = {
        "intent": "category",
        "query": "something from the bags section",
        "expected": "Any bag-section product",
        "focus": "category of each product",
        "focus_fields": ["category"],
        "constraints": {"category": "bags"},
    }
    mock = MockProvider([json.dumps({"cases": [item]}), json.dumps({"cases": []})])
    plan = plan_generation(records, GenerationConfig(kind="catalog", per_record=1))
    result = generate_cases(plan, get_model("mock/generator", provider=mock))
    (case,) = result.cases
    assert case.metadata["catalog_matches"] == 2
    assert "match every product" in case.metadata["review"][0]
    assert result.review == [case.id]


def test_cases_of_a_record_gone_from_the_records_stay_and_are_reported(
    catalog: Path, server: OpenAIServer, script: Script, tmp_path: Path
) -> None:
    out = tmp_path / "cases.jsonl"
    before = run(make_plan(catalog), server, output=out)
    gone = [c.id for c in before.cases if c.metadata["source_id"] == "P0010"]
    catalog.write_text("".join(catalog.read_text().splitlines(keepends=True)[:9]))
    script.bodies.clear()
    after = run(make_plan(catalog), server, output=out, resume=True)
    assert script.asked == []
    assert after.stale == ["P0010"]
    assert set(gone) <= {c.id for c in after.cases}


def test_a_csv_catalog_works_like_a_jsonl_one(
    catalog: Path, server: OpenAIServer, script: Script, tmp_path: Path
) -> None:
    records = [json.loads(line) for line in catalog.read_text().splitlines()]
    fields = list(records[0])
    csv_file = tmp_path / "catalog.csv"
    with csv_file.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=fields)
        writer.writeheader()
        for r in records:
            writer.writerow({**r, "features": ";".join(r["features"])})
    result = run(make_plan(csv_file, per_record=2), server)
    assert len(by_source(result)) == 10 and not result.dropped
    prompt = user_prompt(script.bodies["P0001"][0])
    assert '"price": "58.0"' in prompt  # CSV values are text; catalog_match reads numbers


def test_a_big_catalog_counts_matches_among_a_seeded_sample() -> None:
    records = [
        {"id": f"A{n:04d}", "product_type": "wallet" if n % 2 else "belt", "category": "bags"}
        for n in range(600)
    ]

    def respond(request: ModelRequest) -> str:
        record = json.loads(user_prompt_of(request).split("\nProduct:\n", 1)[1])
        kind = record["product_type"]
        item = {
            "intent": "category",
            "query": f"a {kind}",
            "expected": f"{kind}s",
            "focus": "product_type of each product",
            "focus_fields": ["product_type"],
            "constraints": {"product_type": kind},
        }
        return json.dumps({"cases": [item]})

    mock = MockProvider(respond)
    plan = plan_generation(records, GenerationConfig(kind="catalog", per_record=1, limit=1))
    (case,) = generate_cases(plan, get_model("mock/generator", provider=mock)).cases
    assert case.metadata["catalog_checked"] == 500
    assert 200 < case.metadata["catalog_matches"] < 300
