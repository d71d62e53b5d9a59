"""The HTML report's data and page, without a browser: trial details, rows, plots, the CLI."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from fourfold._cli import cli
from fourfold.calibration import calibration_report
from fourfold.cases import Case
from fourfold.checks import CheckResult, Evidence
from fourfold.report import html as report_html
from fourfold.report.html import build_report, load_report, render_report
from fourfold.report.html._model import (
    CalibrationView,
    CheckStats,
    Distribution,
    ForestRow,
    StratumStats,
)
from fourfold.report.html._plots import (
    check_outcomes,
    confusion_matrix,
    forest_plot,
    histogram,
    score_histogram,
    strata_heatmap,
)
from fourfold.report.html._render import embed_json, pool_strings
from fourfold.report.html._trial import MAX_SEGMENT, trial_detail, trial_row, utf16_offset
from fourfold.runs import Label, Run, RunData, Trial
from fourfold.store import Store
from fourfold.trace import Message, Passage, ToolCall, ToolRequest, Trace

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)


def make_trial(
    case_id: str = "c1",
    *,
    repeat: int = 0,
    trace: Trace | None = None,
    results: list[CheckResult] | None = None,
    status: str = "ok",
    error: str | None = None,
) -> Trial:
    return Trial(
        case_id=case_id,
        repeat=repeat,
        status=status,  # type: ignore[arg-type]
        error=error,
        trace=trace if trace is not None else Trace(output="ok"),
        results=results or [],
        started_at=NOW,
        ended_at=NOW,
    )


def make_run(run_id: str = "20261129-120000-aaaaaa", label: str = "v1", **fields: Any) -> Run:
    return Run(
        id=run_id,
        suite="s",
        agent_version=label,
        package_version="test",
        started_at=NOW,
        status="finished",
        **fields,
    )


def result(check: str, layer: str, status: str, **fields: Any) -> CheckResult:
    return CheckResult(check=check, layer=layer, status=status, **fields)  # type: ignore[arg-type]


def test_public_names_are_sorted_and_resolve() -> None:
    names = list(report_html.__all__)
    key = [(0 if n.isupper() else 1 if n[0].isupper() else 2, n) for n in names]
    assert key == sorted(key)
    assert all(getattr(report_html, n) is not None for n in names)


# ---------------------------------------------------------------- trial details


@pytest.mark.parametrize(
    ("text", "index", "expected"),
    [("abc", 2, 2), ("a😀b", 1, 1), ("a😀b", 2, 3), ("😀😀x", 3, 5), ("é", 1, 1)],
)
def test_utf16_offsets(text: str, index: int, expected: int) -> None:
    assert utf16_offset(text, index) == expected
    assert len(text[:index].encode("utf-16-le")) // 2 == expected


def test_a_python_agent_trace_reads_user_calls_passages_then_output() -> None:
    trace = Trace(
        messages=[Message(role="user", content="hi"), Message(role="assistant", content="bye")],
        tool_calls=[ToolCall(name="search", arguments={"q": "x"}, result=["r"])],
        passages=[Passage(id="4.2", text="Refunds take 5 days.")],
        output="bye",
    )
    d = trial_detail(make_trial(trace=trace), None, key="t0")
    assert [i["kind"] for i in d["timeline"]] == ["message", "call", "passages", "output"]
    assert d["segs"][d["timeline"][-1]["seg"]] == "bye"


def test_a_model_agent_trace_places_each_call_where_its_tool_message_is() -> None:
    trace = Trace(
        messages=[
            Message(role="system", content="be nice"),
            Message(role="user", content="refund O-1"),
            Message(role="assistant", content=None),
            Message(role="tool", content='{"ok": true}', tool_call_id="a", name="refund"),
            Message(role="assistant", content="Done."),
        ],
        tool_calls=[
            ToolCall(name="refund", arguments={"order": "O-1"}, result={"ok": True}, id="a")
        ],
        output="Done.",
    )
    d = trial_detail(make_trial(trace=trace), None, key="t0")
    kinds = [(i["kind"], i.get("role")) for i in d["timeline"]]
    assert kinds == [
        ("message", "system"),
        ("message", "user"),
        ("call", None),
        ("output", None),
    ]


def test_an_assistant_turn_shows_the_calls_it_requested_by_name_and_id() -> None:
    asked = Message(
        role="assistant",
        tool_calls=[
            ToolRequest(id="a", name="refund", arguments={"order": "O-1"}),
            ToolRequest(name="notify"),
        ],
    )
    trace = Trace(
        messages=[
            Message(role="user", content="refund O-1"),
            asked,
            Message(role="tool", content='{"ok": true}', tool_call_id="a", name="refund"),
            Message(role="assistant", content="Done."),
        ],
        tool_calls=[ToolCall(name="refund", arguments={"order": "O-1"}, id="a")],
        output="Done.",
    )
    d = trial_detail(make_trial(trace=trace), None, key="t0")
    kinds = [(i["kind"], i.get("role")) for i in d["timeline"]]
    assert kinds == [
        ("message", "user"),
        ("message", "assistant"),
        ("call", None),
        ("output", None),
    ]
    assert d["timeline"][1] == {
        "kind": "message",
        "role": "assistant",
        "calls": [{"name": "refund", "id": "a"}, {"name": "notify"}],
    }
    # the final reply's requests stay in place when its text is shown as the output
    last = Message(role="assistant", content="Done.", tool_calls=[ToolRequest(id="b", name="x")])
    d = trial_detail(make_trial(trace=Trace(messages=[last], output="Done.")), None, key="t0")
    assert d["timeline"][0] == {
        "kind": "message",
        "role": "assistant",
        "calls": [{"name": "x", "id": "b"}],
    }
    assert d["timeline"][-1]["kind"] == "output"


def test_a_trace_without_messages_shows_the_case_input() -> None:
    case = Case(id="c1", input="Where is my parcel?", expected="says where")
    d = trial_detail(make_trial(trace=Trace(output="on its way")), case, key="t0")
    first = d["timeline"][0]
    assert first["role"] == "user" and d["segs"][first["seg"]] == "Where is my parcel?"
    assert d["segs"][d["case"]["expected"]] == "says where"


@pytest.mark.parametrize(
    ("output", "evidence", "seg", "span"),
    [
        # offsets into the output are taken as given, converted to UTF-16 units
        (
            "😀 call +1 415 555 0134",
            Evidence(text="+1 415 555 0134", start=7, end=22),
            "out",
            (8, 23),
        ),
        # no offsets: the quoted text is found
        ("I guarantee it", Evidence(text="guarantee"), "out", (2, 11)),
        # in a named passage
        ("x", Evidence(text="5 days", where="passages[4.2]"), "p0", (13, 19)),
        # in a tool call's result
        ("x", Evidence(text='"ok"', where="tool_calls[0]"), "c0r", None),
        # nowhere: reported, not located
        ("x", Evidence(text="lookup was never called", where="tool_calls"), None, None),
        # offsets out of range fall back to finding the text
        ("abc def", Evidence(text="def", start=40, end=43), "out", (4, 7)),
    ],
)
def test_evidence_is_located_where_it_occurs(
    output: str, evidence: Evidence, seg: str | None, span: tuple[int, int] | None
) -> None:
    trace = Trace(
        output=output,
        tool_calls=[ToolCall(name="refund", arguments={"a": 1}, result={"status": "ok"})],
        passages=[Passage(id="4.2", text="Refunds take 5 days.")],
    )
    r = result("c", "policy", "fail", evidence=[evidence])
    d = trial_detail(make_trial(trace=trace, results=[r]), None, key="t0")
    ev = d["results"][0]["e"][0]
    assert ev.get("g") == seg
    if span is not None:
        assert (ev["a"], ev["b"]) == span
    if seg is not None:
        text = d["segs"][seg].encode("utf-16-le")
        found = text[ev["a"] * 2 : ev["b"] * 2].decode("utf-16-le")
        assert evidence.text.strip('"') in found


def test_evidence_naming_a_call_flags_it() -> None:
    trace = Trace(output="x", tool_calls=[ToolCall(name="a"), ToolCall(name="b")])
    r = result(
        "tool_order", "trajectory", "fail", evidence=[Evidence(text="b()", where="tool_calls[1]")]
    )
    d = trial_detail(make_trial(trace=trace, results=[r]), None, key="t0")
    assert d["results"][0]["e"][0]["k"] == 1


def test_a_judge_quote_is_found_forgivingly_but_a_check_s_text_exactly() -> None:
    trace = Trace(output="Refunds  take “30 days”.")
    judged = result(
        "rubric:grounding",
        "grounding",
        "fail",
        evidence=[Evidence(text='refunds take "30 days"')],
        metadata={"model_calls": []},
    )
    plain = result("c", "grounding", "fail", evidence=[Evidence(text='refunds take "30 days"')])
    d = trial_detail(make_trial(trace=trace, results=[judged, plain]), None, key="t0")
    by_check = {r["c"]: r["e"][0] for r in d["results"]}
    assert (by_check["rubric:grounding"]["a"], by_check["rubric:grounding"]["b"]) == (0, 23)
    assert "g" not in by_check["c"]


def test_a_very_long_text_is_cut_and_evidence_past_the_cut_is_not_placed() -> None:
    output = "a" * (MAX_SEGMENT + 50) + " PHONE"
    r = result("no_pii", "policy", "fail", evidence=[Evidence(text="PHONE")])
    d = trial_detail(make_trial(trace=Trace(output=output), results=[r]), None, key="t0")
    assert len(d["segs"]["out"]) < len(output)
    assert "more characters cut" in d["segs"]["out"]
    assert "g" not in d["results"][0]["e"][0]


def test_results_are_ordered_failures_first_and_judge_metadata_is_kept_apart() -> None:
    results = [
        result("a", "outcome", "pass"),
        result("b", "outcome", "fail"),
        result(
            "rubric:x",
            "policy",
            "fail",
            score=1.0,
            metadata={"model_calls": [{"key": "secret-cache-key"}], "raw_reply": "{}", "n": 3},
        ),
        result("d", "grounding", "error"),
    ]
    d = trial_detail(make_trial(results=results), None, key="t0")
    assert [r["c"] for r in d["results"]] == ["rubric:x", "b", "d", "a"]
    judge = d["results"][0]
    assert judge["r"] == ["{}"] and judge["m"] == [["n", "3"]] and judge["v"] == 1.0
    assert "secret-cache-key" not in json.dumps(d)


@pytest.mark.parametrize(
    ("trial", "verdict", "layers"),
    [
        (make_trial(results=[result("a", "policy", "pass")]), "pass", "---p"),
        (make_trial(results=[result("a", "policy", "fail")]), "fail", "---f"),
        (make_trial(results=[result("a", "outcome", "error")]), "error", "e---"),
        (make_trial(status="error", error="boom", trace=None), "error", "----"),
        (
            make_trial(results=[result("a", "grounding", "skip"), result("b", "outcome", "pass")]),
            "pass",
            "p-s-",
        ),
    ],
)
def test_rows_carry_the_verdict_and_one_status_per_layer(
    trial: Trial, verdict: str, layers: str
) -> None:
    row = trial_row(trial, [0])
    assert row[2] == verdict and row[3] == layers and row[5] == [0]


def test_severity_puts_policy_failures_first_then_agent_errors() -> None:
    trials = {
        "policy": make_trial(results=[result("a", "policy", "fail")]),
        "three": make_trial(
            results=[
                result("a", "trajectory", "fail"),
                result("b", "grounding", "fail"),
                result("c", "outcome", "fail"),
            ]
        ),
        "errored": make_trial(status="error", error="boom", trace=None),
        "check-error": make_trial(results=[result("a", "outcome", "error")]),
        "pass": make_trial(results=[result("a", "outcome", "pass")]),
    }
    order = sorted(trials, key=lambda k: -trial_row(trials[k], [])[4])
    assert order == ["policy", "three", "errored", "check-error", "pass"]


# ---------------------------------------------------------------- embedding


@pytest.mark.parametrize(
    "value",
    [
        "</script><script>alert(1)</script>",
        "<!-- comment -->",
        "a & b > c",
        "\u2028\u2029",
        {"k</script>": ["<", ">", "😀"]},
    ],
)
def test_embedded_json_cannot_close_its_block_and_reads_back_the_same(value: Any) -> None:
    text = str(embed_json(value))
    assert "<" not in text and ">" not in text and "&" not in text
    assert json.loads(text) == value


def test_embedded_json_turns_nan_into_null() -> None:
    assert json.loads(str(embed_json({"a": float("nan"), "b": [float("inf"), 1.0]}))) == {
        "a": None,
        "b": [None, 1.0],
    }


def test_pooled_strings_read_back_as_the_original_details() -> None:
    shared = "a passage every trial retrieved, long enough to pool"
    details = {
        f"t{i}": {
            "segs": {"p0": shared, "out": f"answer {i}"},
            "results": [{"c": "x", "x": "the stock explanation of a check", "m": [["k", shared]]}],
        }
        for i in range(3)
    }
    embedded, pool = pool_strings(details)
    assert shared in pool and len(pool) == 2
    assert embedded["t0"]["segs"]["p0"] == pool.index(shared)
    assert embedded["t0"]["segs"]["out"] == "answer 0"
    assert details["t0"]["segs"]["p0"] == shared  # the input is left as it is

    def unpool(x: Any) -> Any:
        return pool[x] if isinstance(x, int) else x

    for key, d in embedded.items():
        assert {k: unpool(v) for k, v in d["segs"].items()} == details[key]["segs"]
        r = d["results"][0]
        assert unpool(r["x"]) == details[key]["results"][0]["x"]
        assert [[k, unpool(v)] for k, v in r["m"]] == details[key]["results"][0]["m"]


# ---------------------------------------------------------------- plots


HOSTILE_LABEL = '<script>x</script>"><img src=x onerror=alert(1)>'


@pytest.mark.parametrize(
    "svg",
    [
        lambda: check_outcomes([CheckStats(HOSTILE_LABEL, "policy", {"pass": 3, "fail": 1}, [])]),
        lambda: score_histogram(CheckStats(HOSTILE_LABEL, "grounding", {"pass": 2}, [0, 3, 3])),
        lambda: strata_heatmap(
            HOSTILE_LABEL,
            [StratumStats(HOSTILE_LABEL, HOSTILE_LABEL, 3, {"policy": 0.5}, {"policy": 2})],
        ),
        lambda: forest_plot(
            [
                ForestRow(
                    HOSTILE_LABEL,
                    "check",
                    "pass",
                    -0.2,
                    -0.4,
                    0.0,
                    None,
                    "regression",
                    True,
                    9,
                    0.01,
                )
            ],
            title=HOSTILE_LABEL,
        ),
        lambda: histogram(Distribution(HOSTILE_LABEL, "s", [0.1, 0.2, 5.0], [0.3])),
        lambda: confusion_matrix(
            CalibrationView(
                HOSTILE_LABEL,
                "all",
                ["0", HOSTILE_LABEL],
                [[1, 2], [0, 3]],
                0.4,
                "κ",
                "human_review",
                HOSTILE_LABEL,
            )
        ),
    ],
)
def test_plots_escape_their_labels(svg: Any) -> None:
    text = str(svg())
    assert text.startswith("<svg") and text.endswith("</svg>")
    assert "<script" not in text and "<img" not in text
    assert "&lt;script&gt;" in text


@pytest.mark.parametrize(
    ("values", "baseline"),
    [([1.0], []), ([0.0, 0.0, 0.0], [0.0]), ([0.001, 2.0, 900.0], [1.0, 2.0])],
)
def test_histograms_draw_degenerate_distributions(
    values: list[float], baseline: list[float]
) -> None:
    text = str(histogram(Distribution("latency", "s", values, baseline)))
    assert "nan" not in text.lower() and "inf" not in text.lower()


def test_a_forest_plot_draws_rows_without_an_interval() -> None:
    row = ForestRow("outcome", "layer", "pass", None, None, None, 0.05, "no_data", True, 0, None)
    assert "—" in str(forest_plot([row], title="t"))


# ---------------------------------------------------------------- whole reports


def _scripts(html: str) -> list[str]:
    return re.findall(r"<script>(.*?)</script>", html, flags=re.S)


@pytest.mark.slow
def test_the_page_is_self_contained_and_its_policy_allows_only_its_own_script(
    support_runs: Any,
) -> None:
    with Store.open(support_runs.store_path) as store:
        report = load_report(store, support_runs.cand_id, baseline=support_runs.base_id)
    html = render_report(report)
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", html)
    assert "@import" not in html and "url(" not in html
    (script,) = _scripts(html)
    digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
    assert f"script-src &#39;sha256-{digest}&#39;" in html
    assert "connect-src &#39;none&#39;" in html
    # every trial's detail is embedded, and the flipped cases' baseline trials
    assert html.count('type="application/json" id="ff-d-t') == len(report.index["rows"])
    base_trials = {f[0]: len(f[8]) for f in report.index["flips"]}
    assert html.count('id="ff-d-b') == sum(base_trials.values()) > 0


@pytest.mark.slow
def test_a_served_page_fetches_details_instead_of_embedding_them(
    support_runs: Any,
) -> None:
    with Store.open(support_runs.store_path) as store:
        report = load_report(store, support_runs.cand_id)
    html = render_report(report, detail_url="/api/trials/{key}")
    assert 'id="ff-d-' not in html and 'id="ff-pool"' not in html
    assert "connect-src &#39;self&#39;" in html
    assert "/api/trials/{key}" in html
    assert set(report.details) == {f"t{i}" for i in range(len(report.index["rows"]))}


@pytest.mark.slow
def test_the_support_report_names_the_failing_layers_and_the_flips(
    support_runs: Any,
) -> None:
    with Store.open(support_runs.store_path) as store:
        report = load_report(store, support_runs.cand_id, baseline=support_runs.base_id)
    assert report.gate.decision == "block"
    failing = {c.layer for c in report.layers if c.status == "fail"}
    assert failing == {"trajectory", "grounding", "policy"}
    for card in report.layers:
        assert card.low is not None and card.high is not None
        assert card.low <= (card.pass_rate or 0) <= card.high
        assert card.change is not None
    assert report.comparison is not None and report.comparison.decision == "block"
    flips = report.index["flips"]
    assert flips and flips[0][2] == "regressed" and flips[0][1] == "policy"
    assert all(f[8] and f[9] for f in flips)  # both sides have trials to show
    assert report.consistency and report.consistency[0].rows[-1].k == 3
    assert {d.name for d in report.distributions} >= {"latency", "cost per trial"}
    assert report.strata and report.forest


def test_one_repeat_and_no_baseline_leave_out_consistency_and_the_forest() -> None:
    trials = [make_trial(f"c{i}", results=[result("a", "policy", "pass")]) for i in range(3)]
    report = build_report(
        RunData(make_run(), [Case(id=f"c{i}", input="x") for i in range(3)], trials)
    )
    assert report.consistency == [] and report.forest == [] and report.comparison is None
    html = render_report(report)
    assert "Consistency over" not in html and "Against the baseline" not in html
    assert 'id="flip-list"' not in html


def test_calibrations_kept_with_the_run_become_confusion_matrices(tmp_path: Path) -> None:
    store = Store.open(tmp_path / "runs.db")
    run = make_run()
    store.create_run(run)
    scores = [0, 1, 2, 3] * 10
    trials = [
        make_trial(
            f"c{i}",
            results=[
                result(
                    "rubric:grounding",
                    "grounding",
                    "pass" if s >= 2 else "fail",
                    score=float(s),
                    metadata={"model_calls": []},
                )
            ],
        )
        for i, s in enumerate(scores)
    ]
    for t in trials:
        store.save_trial(run.id, t)
    labels = [
        Label(
            run_id=run.id,
            case_id=f"c{i}",
            repeat=0,
            criterion="rubric:grounding",
            labeller="ann",
            value=float(min(3, s + (i % 3 == 0))),
        )
        for i, s in enumerate(scores)
    ]
    calibration = calibration_report(trials, labels, "rubric:grounding", run_id=run.id, seed=0)
    store.save_analysis(
        run.id, "calibration", "rubric:grounding", calibration.model_dump(mode="json")
    )
    report = load_report(store, run.id)
    assert report.calibrations and report.calibrations[0].criterion == "rubric:grounding"
    view = report.calibrations[0]
    assert sum(map(sum, view.matrix)) == len(scores)
    assert "judge against humans" in render_report(report)
    store.close()


@pytest.mark.slow
def test_the_report_command_writes_the_file_and_says_where(
    support_runs: Any, tmp_path: Path
) -> None:
    out = tmp_path / "nested" / "report.html"
    result_ = CliRunner().invoke(
        cli,
        [
            "report",
            support_runs.cand_id[:18],  # the time and part of the random suffix
            "--baseline",
            support_runs.base_id,
            "-o",
            str(out),
            "--store",
            str(support_runs.store_path),
        ],
    )
    assert result_.exit_code == 0, result_.output
    assert str(out) in result_.output and "gate: block" in result_.output
    html = out.read_text(encoding="utf-8")
    assert html.startswith("<!doctype html>") and html.rstrip().endswith("</html>")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["report", "nope"], "no run 'nope'"),
        (["report", "latest", "--baseline", "nope"], "no run 'nope'"),
    ],
)
def test_the_report_command_says_what_is_wrong(
    support_runs: Any, args: list[str], message: str
) -> None:
    result_ = CliRunner().invoke(cli, [*args, "--store", str(support_runs.store_path)])
    assert result_.exit_code == 2 or result_.exit_code == 1
    assert message in result_.output


def test_the_report_command_cannot_write_where_it_cannot(support_runs: Any, tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    result_ = CliRunner().invoke(
        cli,
        [
            "report",
            "latest",
            "-o",
            str(blocker / "report.html"),
            "--store",
            str(support_runs.store_path),
        ],
    )
    assert result_.exit_code == 2
    assert "cannot write the report" in result_.output
