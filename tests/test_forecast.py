"""``fourfold run --dry-run`` and `fourfold.forecast_run`, against a real local
OpenAI-compatible server: nothing is sent, and after a real run the forecast is stored
beside what happened."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from fourfold import RunOptions, forecast_run, load_suite, run
from fourfold._cli import cli
from fourfold.forecast import (
    AGENT_REPLY_TOKENS,
    JUDGE_REPLY_TOKENS,
    TOOL_RESULT_TOKENS,
    ForecastCheck,
    estimate_tokens,
)
from fourfold.models import price_of
from fourfold.report.html import load_report, render_report
from fourfold.store import Store
from tests.helpers.openai_server import OpenAIServer, Reply, chat_reply, tool_call_reply

TOOLS = '''
def lookup_order(order_id: str) -> dict:
    """Look an order up by its id.

    Args:
        order_id: the order's id, like O-1.
    """
    return {"order_id": order_id, "total": 40.0}

TOOLS = [lookup_order]
'''

SYSTEM = "You answer order questions. Look orders up first."

SUITE = """
name: shop
agents:
  careful: {{model: {{model: "openai-compatible/gpt-4.1-mini", base_url: "{url}", api_key_env: ""}},
            system: "{system}", tools: "shop_tools:TOOLS", timeout: 30}}
cases: cases.jsonl
repeats: 2
concurrency: 3
models:
  judge: {{model: "openai-compatible/gpt-4.1-nano", base_url: "{url}", api_key_env: "",
          rpm: 60, timeout: 10}}
checks:
  - rubric: {{criterion: conciseness}}
"""


def reply(body: dict[str, Any]) -> Reply:
    """The agent looks the order up then answers; the judge gives a 3."""
    if body["model"] == "gpt-4.1-nano":
        verdict = {"evidence": None, "rationale": "short", "score": 3}
        return chat_reply(json.dumps(verdict), usage=(300, 40))
    if not any(m["role"] == "tool" for m in body["messages"]):
        return tool_call_reply(("lookup_order", {"order_id": "O-1"}), usage=(60, 12))
    return chat_reply("Order O-1 came to 40.00.", usage=(90, 15))


@pytest.fixture
def server() -> Iterator[OpenAIServer]:
    with OpenAIServer(reply) as s:
        yield s


def project(tmp_path: Path, url: str) -> Path:
    (tmp_path / "shop_tools.py").write_text(TOOLS)
    (tmp_path / "cases.jsonl").write_text(
        "".join(
            json.dumps({"id": f"o{i}", "input": f"What did order O-{i} cost? " * (i + 1)}) + "\n"
            for i in range(5)
        )
    )
    suite = tmp_path / "suite.yaml"
    suite.write_text(SUITE.format(url=url, system=SYSTEM))
    return suite


def test_dry_run_calls_nothing_and_stores_no_run(tmp_path: Path, server: OpenAIServer) -> None:
    suite = project(tmp_path, server.base_url)
    db = tmp_path / "runs.db"
    result = CliRunner().invoke(cli, ["run", str(suite), "--dry-run", "--store", str(db)])
    assert result.exit_code == 0, result.output
    assert server.requests == []  # not one request reached the model server
    with Store.open(str(db)) as store:
        assert store.list_runs() == [] and store.count_model_calls() == 0
    out = result.stdout
    assert "5 cases × 2 repeats = 10 trials" in out and "nothing was called" in out
    # the agent: one tool round, two turns a trial; the judge: one call a trial
    assert "agent careful" in out and "judge rubric:conciseness" in out
    assert "30 calls sent, 0 from the cache" in out


def test_the_forecast_counts_tokens_of_the_rendered_prompts_and_prices_them(
    tmp_path: Path, server: OpenAIServer
) -> None:
    suite = project(tmp_path, server.base_url)
    forecast = forecast_run(load_suite(suite))
    agent, judge = forecast.callers
    assert (agent.calls, agent.cached, agent.max_calls) == (20, 0, 80)  # 8 turns at most
    assert (judge.calls, judge.max_calls) == (10, 20)  # a repair request each at most
    # the agent's first turn: the system prompt, the case and the tool definition, rendered
    shortest = estimate_tokens(SYSTEM) + estimate_tokens("What did order O-0 cost? ")
    first_turns = agent.input_tokens - 10 * (AGENT_REPLY_TOKENS + TOOL_RESULT_TOKENS)
    assert first_turns / 20 > shortest + estimate_tokens("lookup_order")
    # longer cases, more tokens: the prompts were rendered per case
    more = forecast_run(load_suite(suite), case_ids=["o4"], repeats=1)
    fewer = forecast_run(load_suite(suite), case_ids=["o0"], repeats=1)
    assert more.callers[0].input_tokens > fewer.callers[0].input_tokens
    assert more.callers[1].input_tokens > fewer.callers[1].input_tokens
    assert agent.output_tokens == 20 * AGENT_REPLY_TOKENS
    assert judge.output_tokens == 10 * JUDGE_REPLY_TOKENS
    # money from the price table
    mini, nano = price_of("gpt-4.1-mini"), price_of("gpt-4.1-nano")
    assert mini is not None and nano is not None
    assert agent.cost_usd == pytest.approx(
        (agent.input_tokens * mini.input_per_mtok + agent.output_tokens * mini.output_per_mtok)
        / 1e6
    )
    assert forecast.cost_usd == pytest.approx((agent.cost_usd or 0) + (judge.cost_usd or 0))
    # wall time: the judge's 60 requests a minute take 10 calls 10 s at least; at most
    # every trial to its timeout (30 s agent, 10 s a judge call and its repair), 3 at once
    assert forecast.min_wall_s == pytest.approx(10.0)
    assert forecast.max_wall_s == pytest.approx(4 * (30 + 2 * 10))


@pytest.mark.slow
def test_a_real_run_stores_its_forecast_beside_what_happened(
    tmp_path: Path, server: OpenAIServer
) -> None:
    suite = project(tmp_path, server.base_url)
    db = tmp_path / "runs.db"
    first = run(suite, store=db, options=RunOptions(progress=False))
    sent = len(server.requests)
    assert sent == 30
    with Store.open(str(db)) as store:
        stored = store.get_analysis(first.run.id, "forecast", "")
        assert stored is not None
        checked = ForecastCheck.model_validate(stored.body)
        # the cache now answers the same run: the dry run says so, looking the calls up
        again = forecast_run(load_suite(suite), store)
    assert checked.forecast.calls == checked.actual.calls == sent
    assert checked.forecast.cached == checked.actual.cached == 0
    assert checked.actual.input_tokens == 10 * (60 + 90) + 10 * 300
    assert checked.actual.wall_s is not None and checked.actual.wall_s >= 0
    assert (again.calls, again.cached) == (30, 30)
    assert again.input_tokens == again.output_tokens == 0 and again.cost_usd == 0.0

    second = run(suite, store=db, options=RunOptions(progress=False))
    assert len(server.requests) == sent  # every call replayed, as forecast
    with Store.open(str(db)) as store:
        stored = store.get_analysis(second.run.id, "forecast", "")
    assert stored is not None
    replay = ForecastCheck.model_validate(stored.body)
    assert replay.forecast.cached == replay.actual.cached == 30
    assert replay.actual.input_tokens == replay.actual.output_tokens == 0  # nothing was sent
    assert replay.actual.cost_usd == 0.0

    with Store.open(str(db)) as store:
        page = render_report(load_report(store, second.run.id, n_resamples=50))
    assert "forecast against what happened" in page
    assert "model calls: forecast 30, actual 30" in page

    shown = CliRunner().invoke(cli, ["show", second.run.id, "--store", str(db)])
    assert shown.exit_code == 0, shown.output
    assert "forecast against what happened" in shown.stdout
    assert "model calls: forecast 30, actual 30" in shown.stdout
    assert "from the cache: forecast 30, actual 30" in shown.stdout


@pytest.mark.slow
def test_no_cache_forecasts_every_call_sent(tmp_path: Path, server: OpenAIServer) -> None:
    suite = project(tmp_path, server.base_url)
    db = tmp_path / "runs.db"
    run(suite, store=db, options=RunOptions(progress=False))
    result = CliRunner().invoke(
        cli, ["run", str(suite), "--dry-run", "--no-cache", "--store", str(db)]
    )
    assert result.exit_code == 0, result.output
    assert "30 calls sent, 0 from the cache" in result.stdout


def test_dry_run_with_a_python_agent_says_what_it_cannot_see(tmp_path: Path) -> None:
    (tmp_path / "agent.py").write_text("def answer(case):\n    return 'ok'\n")
    (tmp_path / "cases.jsonl").write_text('{"id": "a", "input": "hi"}\n')
    suite = tmp_path / "suite.yaml"
    suite.write_text("name: py\nagents:\n  v1: {python: 'agent:answer'}\ncases: cases.jsonl\n")
    result = CliRunner().invoke(
        cli, ["run", str(suite), "--dry-run", "--store", str(tmp_path / "r.db")]
    )
    assert result.exit_code == 0, result.output
    assert "1 cases × 1 repeats = 1 trials" in result.stdout
    assert "fourfold cannot see them" in result.stdout


def test_dry_run_refuses_resume(tmp_path: Path, server: OpenAIServer) -> None:
    suite = project(tmp_path, server.base_url)
    result = CliRunner().invoke(
        cli,
        ["run", str(suite), "--dry-run", "--resume", "x", "--store", str(tmp_path / "r.db")],
    )
    assert result.exit_code == 2
    assert "--dry-run forecasts a new run" in result.output and "Traceback" not in result.output
    assert server.requests == []
