"""τ²-bench's reward basis: each check compares only the parts a task's reward rests on."""

from __future__ import annotations

import collections
import gzip
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from fourfold._cli import cli
from fourfold.checks import create_check
from fourfold.errors import ConfigError
from fourfold.integrations import (
    basis_note,
    expected_actions,
    expected_outputs,
    from_tau2,
    tau_cases,
    tau_trajectory_checks,
)
from fourfold.integrations.tau._basis import undecided_parts
from fourfold.integrations.tau._checks import graded
from fourfold.integrations.tau._reward import reward_flags_of
from fourfold.trace import ToolCall
from tests.helpers import make_case, make_trace, run_check

UPSTREAM = ("tau2-bench", "upstream", "data", "tau2", "domains")
TAU2_SIMS = ("tau2-bench", "blakeelias-grok-policy-ab", "data", "simulations")
RETURN = {"order_id": "#W1", "item_ids": ["111"], "payment_method_id": "card_1"}


def task(
    basis: list[str] | None,
    *,
    actions: list[dict[str, Any]] | None = None,
    communicate: list[str] | None = None,
    nl: list[str] | None = None,
    env: list[dict[str, Any]] | None = None,
    task_id: str = "0",
) -> dict[str, Any]:
    """A τ²-bench task; `basis` None leaves ``reward_basis`` out."""
    criteria: dict[str, Any] = {
        "actions": actions
        if actions is not None
        else [{"action_id": "0_0", "name": "return_delivered_order_items", "arguments": RETURN}],
        "communicate_info": communicate or [],
        "nl_assertions": nl,
        "env_assertions": env,
    }
    if basis is not None:
        criteria["reward_basis"] = basis
    return {
        "id": task_id,
        "user_scenario": {"instructions": {"domain": "retail", "reason_for_call": "A return."}},
        "evaluation_criteria": criteria,
    }


def assistant(text: str | None = None, *calls: tuple[str, str, dict[str, Any]]) -> dict[str, Any]:
    return {
        "role": "assistant",
        "content": text,
        "tool_calls": [{"id": i, "name": n, "arguments": a} for i, n, a in calls] or None,
    }


def tool(call_id: str, content: str = "{}", *, requestor: str = "assistant", error: bool = False):
    return {
        "role": "tool",
        "id": call_id,
        "content": content,
        "requestor": requestor,
        "error": error,
    }


def simulation(
    messages: list[dict[str, Any]], *, reward: float = 1.0, basis: list[str] | None = None
) -> dict[str, Any]:
    return {
        "id": "sim-0",
        "task_id": "0",
        "trial": 0,
        "termination_reason": "user_stop",
        "reward_info": {
            "reward": reward,
            "reward_basis": basis,
            "reward_breakdown": {b: reward for b in basis or ["DB"]},
        },
        "messages": [{"role": "user", "content": "Hi, I want to return an item."}, *messages],
    }


def one(doc_task: dict[str, Any], sim: dict[str, Any]):
    (item,) = from_tau2({"tasks": [doc_task], "simulations": [sim]})
    return item


def verdicts(item, **args: Any):
    ctx = {"case": item.case, "trace": item.trace}
    return (
        run_check(expected_actions(**args), **ctx),
        run_check(expected_outputs(**args), **ctx),
    )


RETURNED = [
    assistant(None, ("c1", "return_delivered_order_items", RETURN)),
    tool("c1", '{"order_id": "#W1", "status": "return requested"}'),
    assistant("The return is requested."),
]


# ------------------------------------------------------------------------- DB, NL_ASSERTION


def test_db_and_nl_assertion_do_not_require_the_communicate_info():
    """Retail today: [DB, NL_ASSERTION], some tasks with communicate_info nobody grades."""
    doc = task(
        ["DB", "NL_ASSERTION"],
        communicate=["$54.04"],
        nl=["The agent refunds the item to the original card."],
    )
    item = one(doc, simulation(RETURNED, basis=["DB", "NL_ASSERTION"]))
    gt = item.case.ground_truth
    assert gt["reward_basis"] == ["DB", "NL_ASSERTION"] and gt["outputs"] == ["$54.04"]
    assert item.trace.metadata["reward_basis"] == ["DB", "NL_ASSERTION"]
    actions, outputs = verdicts(item)
    assert actions.status == "pass"
    assert "the reward also rests on NL_ASSERTION (1 natural-language" in actions.explanation
    assert outputs.status == "skip"
    assert "reward basis is DB, NL_ASSERTION, without COMMUNICATE" in outputs.explanation
    assert "its 1 expected output(s) are not required" in outputs.explanation
    # fourfold's verdict (validation/tau_runs.py): neither fails
    assert actions.status != "fail" and outputs.status != "fail"
    # the switch: compare every part whatever the task says
    _, everything = verdicts(item, basis="all")
    assert everything.status == "fail" and "$54.04" in everything.explanation
    _, listed = verdicts(item, basis=["DB", "COMMUNICATE"])
    assert listed.status == "fail"
    # the case says what is graded
    assert "Tells the user" not in item.case.expected
    assert "return_delivered_order_items" in item.case.expected


def test_db_only_still_compares_the_database():
    item = one(task(["DB"]), simulation(RETURNED[-1:], reward=0.0, basis=["DB"]))
    actions, outputs = verdicts(item)
    assert actions.status == "fail" and "1 of 1 expected change(s)" in actions.explanation
    assert outputs.status == "skip"


def test_nl_assertion_without_assertions_is_nothing_more_to_rest_on():
    """τ²-bench rewards an NL_ASSERTION part with no assertion 1: nothing undecided."""
    item = one(task(["DB", "NL_ASSERTION"]), simulation(RETURNED))
    actions, _ = verdicts(item)
    assert actions.status == "pass" and "rests on" not in actions.explanation
    assert undecided_parts(item.case.ground_truth) == {}


# ------------------------------------------------------------------------ ENV_ASSERTION only

TOGGLE = {"action_id": "t0", "requestor": "user", "name": "toggle_roaming", "arguments": {}}
ROAMING = {
    "action_id": "r0",
    "requestor": "assistant",
    "name": "enable_roaming",
    "arguments": {"customer_id": "C1", "line_id": "L1"},
}
ENV = [
    {
        "env_type": "user",
        "func_name": "assert_mobile_data_status",
        "arguments": {"expected_status": True},
        "assert_value": True,
    },
    {
        "env_type": "user",
        "func_name": "assert_service_status",
        "arguments": {"expected_status": "no_service"},
        "assert_value": False,
    },
]
USER_TOGGLED = [
    assistant("Please turn roaming on in your settings."),
    {
        "role": "user",
        "content": None,
        "tool_calls": [
            {"id": "u1", "name": "toggle_roaming", "arguments": {}, "requestor": "user"}
        ],
    },
    tool("u1", "Roaming is on.", requestor="user"),
    {
        "role": "user",
        "content": None,
        "tool_calls": [
            {"id": "u2", "name": "run_speed_test", "arguments": {"x": 1}, "requestor": "user"}
        ],
    },
    tool("u2", "No connection.", requestor="user", error=True),
    {"role": "user", "content": "It works now. ###STOP###"},
]


def test_env_assertion_only_skips_both_checks():
    """Telecom today: [ENV_ASSERTION], the expected actions mostly the user's."""
    doc = task(["ENV_ASSERTION"], actions=[ROAMING, TOGGLE], env=ENV)
    item = one(doc, simulation(USER_TOGGLED, basis=["ENV_ASSERTION"]))
    gt = item.case.ground_truth
    assert gt["reward_basis"] == ["ENV_ASSERTION"] and gt["env_assertion_count"] == 2
    assert [a["name"] for a in gt["actions"]] == ["enable_roaming"]
    assert gt["user_actions"] == [{"name": "toggle_roaming", "arguments": {}}]
    # the user's calls are no calls of the agent; the metadata keeps them
    assert item.trace.tool_calls == []
    assert item.trace.metadata["user_tool_calls"] == [
        {"name": "toggle_roaming", "arguments": {}},
        {"name": "run_speed_test", "arguments": {"x": 1}, "error": "No connection."},
    ]
    actions, outputs = verdicts(item)
    assert (actions.status, outputs.status) == ("skip", "skip")
    for verdict in (actions, outputs):
        assert "reward basis is ENV_ASSERTION" in verdict.explanation
        assert "the reward rests on ENV_ASSERTION (2 assertion(s)" in verdict.explanation
    # rewarded without the agent's expected write: no contradiction, no flag
    assert reward_flags_of(item.metadata) == []
    # the case says what the reward rests on
    assert "Has the user call toggle_roaming({})" in item.case.expected
    assert 'not assert_service_status(expected_status="no_service")' in item.case.expected
    assert "database" not in item.case.expected
    assert tau_trajectory_checks(doc) == [{"check": "tau/expected_actions", "args": {}}]
    # basis: all compares the database anyway (the agent never enabled roaming)
    everything, _ = verdicts(item, basis="all")
    assert everything.status == "fail"


# ---------------------------------------------------------------------------------- ACTION


def test_action_only_is_tau2_bench_action_check():
    expected = [
        {"action_id": "a", "name": "get_user_details", "arguments": {"user_id": "u1"}},
        {
            "action_id": "b",
            "name": "transfer_to_human_agents",
            "arguments": {"summary": "I cannot fix the issue."},
            "compare_args": [],
        },
        {
            "action_id": "c",
            "name": "refund",
            "arguments": {"order_id": "#W1", "amount": 10},
            "compare_args": ["order_id"],
        },
        TOGGLE,
    ]
    doc = task(["ACTION"], actions=expected)
    messages = [
        # any order; the hand-off's summary is not compared (compare_args: [])
        assistant(None, ("c1", "transfer_to_human_agents", {"summary": "Bye"})),
        tool("c1", "Transferred"),
        # a failed call counts: τ²-bench reads the requests
        assistant(None, ("c2", "refund", {"order_id": "#W1", "amount": 99})),
        tool("c2", "Error: no such order", error=True),
        assistant(None, ("c3", "get_user_details", {"user_id": "u1"})),
        tool("c3", "{}"),
        # extra calls do not matter
        assistant(None, ("c4", "cancel_pending_order", {"order_id": "#W9"})),
        tool("c4", "{}"),
        *USER_TOGGLED,
    ]
    item = one(doc, simulation(messages, basis=["ACTION"]))
    actions, outputs = verdicts(item)
    assert actions.status == "pass", actions.explanation
    assert actions.explanation.startswith("all 4 expected action(s) matched")
    assert actions.metadata["user_actions"] == 1 and actions.metadata["user_not_checked"] == 0
    assert outputs.status == "skip"

    # without compare_args the call's own arguments are compared, exactly (no case-folding)
    doc["evaluation_criteria"]["actions"][0]["arguments"] = {"user_id": "U1"}
    item = one(doc, simulation(messages, reward=0.0, basis=["ACTION"]))
    actions, _ = verdicts(item)
    assert actions.status == "fail" and actions.metadata["actions_missing"] == 1
    assert "user_id is 'u1', expected 'U1'" in actions.evidence[0].text
    # names only
    names = run_check(expected_actions(match="names"), case=item.case, trace=item.trace)
    assert names.status == "pass"


def test_an_argument_the_call_leaves_out_is_not_compared_one_it_adds_is():
    want = {"action_id": "a", "name": "f", "arguments": {"x": 1, "y": 2}}
    doc = task(["ACTION"], actions=[want])
    fewer = one(doc, simulation([assistant(None, ("c", "f", {"x": 1})), tool("c")]))
    more = one(doc, simulation([assistant(None, ("c", "f", {"x": 1, "y": 2, "z": 3})), tool("c")]))
    assert verdicts(fewer)[0].status == "pass"
    assert verdicts(more)[0].status == "fail"


def test_a_request_the_run_ended_before_answering_counts_for_action():
    want = {"action_id": "a", "name": "f", "arguments": {"x": 1}}
    item = one(
        task(["ACTION"], actions=[want]), simulation([assistant(None, ("c", "f", {"x": 1}))])
    )
    assert item.trace.tool_calls == []
    assert verdicts(item)[0].status == "pass"


def test_the_users_actions_without_a_record_of_its_calls_are_not_checked():
    ctx = {
        "case": make_case(ground_truth={"actions": [], "reward_basis": ["ACTION"]} | _user()),
        "trace": make_trace(),
    }
    result = run_check(expected_actions(), **ctx)
    assert result.status == "pass"
    assert "1 expected action(s) of the user not checked" in result.explanation
    assert result.metadata["user_not_checked"] == 1
    # recorded, and not among them: missing
    ctx["trace"] = make_trace(metadata={"user_tool_calls": []})
    result = run_check(expected_actions(), **ctx)
    assert result.status == "fail" and "the user's toggle_roaming" in result.evidence[0].text


def _user() -> dict[str, Any]:
    return {"user_actions": [{"name": "toggle_roaming", "arguments": {}}]}


def test_db_and_action_must_both_hold():
    gt = {"actions": [{"name": "get_user_details", "arguments": {"user_id": "u1"}}]}
    gt["reward_basis"] = ["DB", "ACTION"]
    case = make_case(ground_truth=gt)
    nothing = run_check(expected_actions(), case=case, trace=make_trace())
    assert nothing.status == "fail"
    assert nothing.explanation.startswith("database: no change expected and none made; actions:")
    read = make_trace(tools=[("get_user_details", {"user_id": "u1"})])
    assert run_check(expected_actions(), case=case, trace=read).status == "pass"


def test_the_users_expected_actions_are_not_compared_by_effect():
    case = make_case(ground_truth={"actions": [], "reward_basis": ["DB"]} | _user())
    result = run_check(expected_actions(), case=case, trace=make_trace())
    assert result.status == "pass"
    assert "1 expected action(s) of the user not compared by effect" in result.explanation


# ------------------------------------------------------------------------------- defaults


def test_a_task_without_a_basis_is_graded_on_db_and_communicate():
    item = one(task(None, communicate=["$54.04"]), simulation(RETURNED, reward=0.0))
    assert item.case.ground_truth["reward_basis"] == ["DB", "COMMUNICATE"]
    actions, outputs = verdicts(item)
    assert actions.status == "pass" and "rests on" not in actions.explanation
    assert outputs.status == "fail" and "'$54.04'" in outputs.explanation
    assert "Tells the user '$54.04'." in item.case.expected


def test_a_case_without_a_basis_is_read_as_tau_bench():
    """τ-bench's cases, and a user's own, carry no basis: DB and COMMUNICATE, as before."""
    case = make_case(ground_truth={"actions": [], "outputs": ["4"]})
    assert run_check(expected_outputs(), case=case, trace=make_trace(output="6")).status == "fail"
    assert run_check(expected_actions(), case=case, trace=make_trace()).status == "pass"


def test_the_basis_argument_is_validated():
    with pytest.raises(ConfigError, match="basis"):
        create_check("tau/expected_actions", {"basis": "some"})
    with pytest.raises(ConfigError, match="basis"):
        create_check("tau/expected_outputs", {"basis": ["DB", "VIBES"]})
    create_check("tau/expected_outputs", {"basis": ["DB", "COMMUNICATE"]})


def test_a_run_graded_on_another_basis_says_so():
    item = one(task(["DB", "NL_ASSERTION"]), simulation(RETURNED, basis=["DB", "COMMUNICATE"]))
    actions, _ = verdicts(item)
    assert "graded on DB, COMMUNICATE (its reward_info), the task names DB, NL_ASSERTION" in (
        actions.explanation
    )


def test_fourfold_import_counts_tasks_graded_on_what_the_trace_cannot_show(tmp_path: Path):
    tasks = [
        task(["ENV_ASSERTION"], actions=[TOGGLE], env=ENV, task_id="0"),
        task(["DB", "NL_ASSERTION"], nl=["Refund to the card."], task_id="1"),
        task(["DB", "NL_ASSERTION"], task_id="2"),  # no assertion: nothing undecided
    ]
    sims = [simulation(RETURNED) | {"id": f"s{i}", "task_id": str(i)} for i in range(3)]
    source = tmp_path / "telecom.json"
    source.write_text(json.dumps({"tasks": tasks, "simulations": sims}))
    result = CliRunner().invoke(cli, ["import", str(source), "-o", str(tmp_path / "t.jsonl")])
    assert result.exit_code == 0, result.output
    text = " ".join(result.stderr.split())
    assert "2 of 3 τ²-bench tasks are graded in part on what the trace cannot show" in text
    assert "(ENV_ASSERTION 1, NL_ASSERTION 1; 1 on nothing the checks decide" in text
    assert basis_note([]) is None


# ---------------------------------------------------------------------------- real data


def test_every_upstream_task_keeps_its_basis(shared):
    """τ²-bench's current tasks: retail [DB, NL_ASSERTION] (2 [DB]), telecom ENV_ASSERTION."""
    folder = shared(*UPSTREAM)
    counts: dict[str, collections.Counter[tuple[str, ...]]] = {}
    for domain, name in [
        ("airline", "tasks.json"),
        ("retail", "tasks.json"),
        ("telecom", "tasks_small.json"),
    ]:
        raw = json.loads((folder / domain / name).read_text())
        cases = tau_cases(raw)
        assert len(cases) == len(raw)
        counts[domain] = collections.Counter()
        for case, data in zip(cases, raw, strict=True):
            criteria = data["evaluation_criteria"]
            gt = case.ground_truth
            assert gt["reward_basis"] == criteria.get("reward_basis", ["DB", "COMMUNICATE"])
            counts[domain][tuple(gt["reward_basis"])] += 1
            by = collections.Counter(a.get("requestor", "assistant") for a in criteria["actions"])
            assert len(gt["actions"]) == by["assistant"]
            assert len(gt.get("user_actions", [])) == by["user"]
            assert gt.get("env_assertion_count", 0) == len(criteria.get("env_assertions") or [])
            assert gt["outputs"] == (criteria.get("communicate_info") or [])
    assert counts["airline"] == {("DB", "COMMUNICATE"): 50}
    assert counts["retail"] == {("DB", "NL_ASSERTION"): 112, ("DB",): 2}
    assert counts["telecom"] == {("ENV_ASSERTION",): 18, ("ENV_ASSERTION", "ACTION"): 2}


def _collected(tau_runs: Path) -> list[Path]:
    return sorted(tau_runs.glob("tau2-bench/*/*.json.gz"))


def _against_action_checks(docs: list[tuple[str, dict[str, Any]]]) -> collections.Counter:
    """(fourfold's ACTION verdict, τ²-bench's recorded one) over every run that has one."""
    check = expected_actions(basis=["ACTION"])
    table: collections.Counter[tuple[bool, bool]] = collections.Counter()
    for name, doc in docs:
        sims = {s["id"]: s for s in doc["simulations"]}
        for item in from_tau2(doc):
            checks = (sims[item.trace_id].get("reward_info") or {}).get("action_checks")
            if checks is None:
                continue  # cut short, or a task without actions: nothing recorded
            theirs = all(c["action_match"] for c in checks)
            ours = run_check(check, case=item.case, trace=item.trace).status == "pass"
            table[(ours, theirs)] += 1
            assert ours == theirs, (name, item.case_id)
    return table


@pytest.mark.slow  # every collected τ²-bench file: seconds
def test_the_action_part_agrees_with_tau2_bench_own_action_checks(tau_runs: Path):
    """With basis [ACTION], the check gives τ²-bench's recorded verdict on every run."""
    docs = [(p.name, json.loads(gzip.decompress(p.read_bytes()))) for p in _collected(tau_runs)]
    table = _against_action_checks(docs)
    assert sum(table.values()) == 273  # docs/tau-bench.md, "The reward basis"
    assert table[(True, True)] > 100 and table[(False, False)] > 100


@pytest.mark.slow  # 23 files: seconds
def test_the_action_part_agrees_on_the_policy_ab_runs(shared):
    folder = shared(*TAU2_SIMS)
    docs = [(p.name, json.loads(p.read_text())) for p in sorted(folder.glob("*.json"))]
    assert sum(_against_action_checks(docs).values()) == 330


def test_collected_telecom_runs_are_graded_on_their_basis(tau_runs: Path):
    """The ENV_ASSERTION tasks have no verdict; the ACTION ones agree with the reward."""
    for name, undecided, compared in [("pr17/gpt-4o-telecom", 18, 2)]:
        doc = json.loads(
            gzip.decompress((tau_runs / "tau2-bench" / f"{name}.json.gz").read_bytes())
        )
        imported = from_tau2(doc)
        skipped = agree = 0
        for item in imported:
            assert graded(item.metadata)
            actions, outputs = verdicts(item)
            assert outputs.status == "skip"
            if actions.status == "skip":
                skipped += 1
                continue
            agree += (actions.status == "pass") == (item.metadata["reward"] == 1.0)
        assert (skipped, agree) == (undecided, compared)
        calls = [c for item in imported for c in item.trace.metadata.get("user_tool_calls", [])]
        assert len(calls) == 125  # every tool call of the user simulator, none the agent's


@pytest.mark.parametrize("basis", [["DB"], ["ACTION"], ["DB", "ACTION"]])
def test_a_trace_with_a_call_it_does_not_name_is_not_compared(basis: list[str]) -> None:
    # the unnamed call may be the expected return, or an unexpected change: by name and by
    # effect alike, which actions the run took is not in the trace
    gt = {"actions": [{"name": "return_delivered_order_items", "arguments": RETURN}]}
    case = make_case(ground_truth=gt | {"reward_basis": basis})
    trace = make_trace(
        tools=[("get_order_details", {"order_id": "#W1"}), ToolCall(arguments=RETURN)]
    )
    result = run_check(expected_actions(), case=case, trace=trace)
    assert result.status == "skip"
    assert result.explanation == (
        "the trace names no tool for 1 call (first tool_calls[1]): which actions the run "
        "took is not in the trace"
    )
