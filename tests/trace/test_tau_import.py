from __future__ import annotations

import collections
import json

import pytest

from fourfold.checks import create_check
from fourfold.errors import ConfigError
from fourfold.integrations import (
    expected_actions,
    expected_outputs,
    from_tau2,
    from_tau_bench,
    is_read_only,
    tau_cases,
    tau_trajectory_checks,
)
from fourfold.trace import ToolCall
from tests.helpers import make_case, make_trace, run_check

TAU = ("tau-bench", "historical_trajectories", "gpt-4o-airline.json")
TASKS = ("tau-bench", "envs", "airline", "tasks_test.json")
TAU2_SIMS = ("tau2-bench", "blakeelias-grok-policy-ab", "data", "simulations")


@pytest.fixture(scope="module")
def airline(shared):
    path = shared(*TAU)
    return from_tau_bench(path), json.loads(path.read_text())


# ------------------------------------------------------------------ τ-bench trajectories


def test_all_200_gpt4o_airline_records_import(airline):
    imported, records = airline
    assert len(imported) == 200
    assert len({(t.case_id, t.repeat) for t in imported}) == 200
    for item, record in zip(imported, records, strict=True):
        assert item.case_id == f"task-{record['task_id']}"
        assert item.repeat == record["trial"]
        assert item.metadata["reward"] == record["reward"]
        assert item.metadata["domain"] == "airline" and item.metadata["model"] == "gpt-4o"
        assert len(item.trace.messages) == len(record["traj"])
        requested = [c for m in record["traj"] for c in m.get("tool_calls") or []]
        assert [c.id for c in item.trace.tool_calls] == [c["id"] for c in requested]
        asked = [r.id for m in item.trace.messages for r in m.tool_calls]
        assert asked == [c["id"] for c in requested]  # each on the turn that requested it
        assert item.case is not None and item.case.id == item.case_id


def test_tool_calls_are_paired_with_their_results(airline):
    imported, records = airline
    # Call ids are reused within a trajectory (49 records do), so each result answers the
    # latest call with its id: here, the calls and the tool messages in order.
    pairs = []
    for t, r in zip(imported, records, strict=True):
        answers = [m for m in r["traj"] if m["role"] == "tool"]
        pairs.extend(zip(t.trace.tool_calls, answers, strict=True))
    assert len(pairs) == 1164  # SOURCE.md: one call in each of 1,164 assistant messages
    errors = 0
    for call, answer in pairs:
        assert (call.id, call.name) == (answer["tool_call_id"], answer["name"])
        text = answer["content"]
        if text.startswith("Error"):
            errors += 1
            assert (call.error, call.result) == (text, None)
        else:
            assert call.error is None
            assert call.result == _json_or_text(text)
    assert errors == 73


def _json_or_text(text):
    if text[:1] in "{[":
        try:
            return json.loads(text)
        except json.JSONDecodeError:
            pass
    return text


def test_every_trial_of_a_task_carries_the_same_case(airline):
    imported, _ = airline
    by_case = collections.defaultdict(set)
    for item in imported:
        by_case[item.case_id].add(item.case.model_dump_json())
    assert len(by_case) == 50
    assert all(len(v) == 1 for v in by_case.values())


def _agreement(imported, **args):
    """(trajectory verdict, τ-bench reward) counts over the records whose actions were replayed."""
    actions, outputs = expected_actions(**args), expected_outputs()
    table: collections.Counter[tuple[str, str]] = collections.Counter()
    combined: collections.Counter[tuple[str, str]] = collections.Counter()
    for item in imported:
        if item.metadata.get("reward_info") is None:
            continue  # the 5 episodes τ-bench never scored
        ctx = dict(case=item.case, trace=item.trace)
        verdict = run_check(actions, **ctx).status
        said = run_check(outputs, **ctx).status
        reward = "reward 1" if item.metadata["reward"] == 1.0 else "reward 0"
        table[(verdict, reward)] += 1
        both = "pass" if verdict == "pass" and said != "fail" else "fail"
        combined[(both, reward)] += 1
    return table, combined


def test_the_trajectory_verdict_agrees_with_the_reward(airline):
    imported, _ = airline
    table, combined = _agreement(imported)
    print("\ntau/expected_actions vs reward:", dict(table))
    print("with tau/expected_outputs too:", dict(combined))
    assert sum(table.values()) == 195
    agree = table[("pass", "reward 1")] + table[("fail", "reward 0")]
    assert agree / 195 > 0.9
    assert table[("pass", "reward 1")] > 0 and table[("fail", "reward 0")] > 0
    # The outputs part of the reward is the outcome check's: together they agree more.
    agree_both = combined[("pass", "reward 1")] + combined[("fail", "reward 0")]
    assert agree_both >= agree


def test_argument_matching_is_what_makes_the_verdict_agree(airline):
    imported, _ = airline
    by_args, _ = _agreement(imported)
    by_names, _ = _agreement(imported, match="names")
    assert by_names[("pass", "reward 0")] > by_args[("pass", "reward 0")]


# --------------------------------------------------------------------------- the checks

GT = {
    "actions": [
        {"name": "get_user_details", "arguments": {"user_id": "u1"}},
        {"name": "cancel_reservation", "arguments": {"reservation_id": "ABC123"}},
        {
            "name": "update_reservation_baggages",
            "kwargs": {"reservation_id": "XYZ", "total_baggages": 2, "payment_id": "cc_1"},
        },
        {"name": "transfer_to_human_agents", "arguments": {"summary": "done"}},
    ],
    "outputs": ["327"],
}
CANCEL = ("cancel_reservation", {"reservation_id": "ABC123"})
BAGS = (
    "update_reservation_baggages",
    {"reservation_id": "XYZ", "total_baggages": 2, "payment_id": "cc_1"},
)


def _call(name, args, error=None):
    return ToolCall(name=name, arguments=args, error=error)


@pytest.mark.parametrize(
    ("args", "tools", "status", "why"),
    [
        ({}, [CANCEL, BAGS], "pass", "all 2 expected"),
        (
            {},
            [("get_user_details", {"user_id": "u1"}), CANCEL, ("think", {}), BAGS],
            "pass",
            "in order",
        ),
        # strings are compared trimmed and case-folded, numbers by value
        (
            {},
            [
                ("cancel_reservation", {"reservation_id": " abc123 "}),
                (
                    "update_reservation_baggages",
                    {"reservation_id": "XYZ", "total_baggages": 2.0, "payment_id": "cc_1"},
                ),
            ],
            "pass",
            "all 2",
        ),
        ({}, [CANCEL], "fail", "1 of 2 expected"),
        (
            {},
            [("cancel_reservation", {"reservation_id": "ZZZ999"}), BAGS],
            "fail",
            "not made as expected",
        ),
        (
            {"match": "names"},
            [("cancel_reservation", {"reservation_id": "ZZZ999"}), BAGS],
            "pass",
            "names",
        ),
        # two reservations: independent writes, any order (τ-bench compares the end state)
        ({}, [BAGS, CANCEL], "pass", "independent writes in another order"),
        ({"normalize": []}, [BAGS, CANCEL], "fail", "made in the other order"),
        ({"order": False}, [BAGS, CANCEL], "pass", "all 2"),
        ({}, [CANCEL, BAGS, ("book_reservation", {"user_id": "u1"})], "fail", "1 unexpected"),
        ({"extra_writes": "allow"}, [CANCEL, BAGS, ("book_reservation", {})], "pass", "all 2"),
        # a call that failed changed nothing: it neither counts as made nor as extra
        (
            {},
            [_call("book_reservation", {}, error="Error: no seats"), CANCEL, BAGS],
            "pass",
            "all 2",
        ),
        # the same call failing for the agent fails in τ-bench's replay too: no change either side
        ({}, [_call(*CANCEL, error="Error: not found"), BAGS], "pass", "failed for the agent"),
        (
            {"normalize": ["order"]},
            [_call(*CANCEL, error="Error: not found"), BAGS],
            "fail",
            "1 of 2",
        ),
        # the hand-off is ignored by default, as τ-bench's reward ignores it
        ({}, [CANCEL, BAGS, ("transfer_to_human_agents", {"summary": "x"})], "pass", "all 2"),
        ({"ignore": []}, [CANCEL, BAGS], "fail", "1 of 3"),
        ({"reads": ["get_user_details"]}, [CANCEL, BAGS, ("think", {})], "fail", "unexpected"),
    ],
)
def test_expected_actions(args, tools, status, why):
    trace = make_trace(tools=[t if isinstance(t, ToolCall) else t for t in tools])
    result = run_check(expected_actions(**args), trace=trace, case=make_case(ground_truth=GT))
    assert result.status == status, result.explanation
    assert why in result.explanation


def test_expected_actions_points_at_the_differing_argument():
    trace = make_trace(tools=[("cancel_reservation", {"reservation_id": "ZZZ999"}), BAGS])
    result = run_check(expected_actions(), trace=trace, case=make_case(ground_truth=GT))
    assert result.evidence[0].where == "tool_calls[0]"
    assert 'reservation_id is "ZZZ999", expected "ABC123"' in result.evidence[0].text
    assert result.metadata["missing"] == 1 and result.metadata["extra"] == 1


@pytest.mark.parametrize(
    ("expected", "given", "same"),
    [
        (
            {"flights": [{"flight_number": "HAT1", "date": "2024-05-01"}]},
            {"flights": [{"flight_number": "HAT1", "date": "2024-05-01", "origin": "JFK"}]},
            True,
        ),
        ({"flights": [{"flight_number": "HAT1"}]}, {"flights": [{"flight_number": "HAT2"}]}, False),
        (
            {"flights": [{"flight_number": "HAT1"}, {"flight_number": "HAT2"}]},
            {"flights": [{"flight_number": "HAT2"}, {"flight_number": "HAT1"}]},
            False,
        ),
        ({"amount": 5}, {"amount": 55}, False),
        ({"insurance": True}, {"insurance": 1}, False),
        ({"note": None}, {}, False),
    ],
)
def test_argument_comparison(expected, given, same):
    gt = {"actions": [{"name": "update_x", "arguments": expected}]}
    trace = make_trace(tools=[("update_x", given)])
    result = run_check(expected_actions(), trace=trace, case=make_case(ground_truth=gt))
    assert result.is_pass is same


def test_compare_args_limits_the_comparison_to_the_named_arguments():
    gt = {
        "actions": [
            {"name": "update_x", "arguments": {"id": "1", "why": "moving"}, "compare_args": ["id"]}
        ]
    }
    trace = make_trace(tools=[("update_x", {"id": "1", "why": "other"})])
    assert run_check(expected_actions(), trace=trace, case=make_case(ground_truth=gt)).is_pass


@pytest.mark.parametrize(
    ("ground_truth", "status"),
    [(None, "skip"), ("a string", "skip"), ({"outputs": []}, "skip"), ({"actions": []}, "pass")],
)
def test_expected_actions_without_actions(ground_truth, status):
    result = run_check(
        expected_actions(), trace=make_trace(), case=make_case(ground_truth=ground_truth)
    )
    assert result.status == status


def test_no_change_expected_but_one_made_fails():
    trace = make_trace(tools=[("cancel_reservation", {"reservation_id": "A"})])
    result = run_check(
        expected_actions(), trace=trace, case=make_case(ground_truth={"actions": []})
    )
    assert result.status == "fail"
    assert result.evidence[0].where == "tool_calls[0]"


@pytest.mark.parametrize(
    ("replies", "outputs", "status"),
    [
        (["The total is 1,327 dollars."], ["1327"], "pass"),  # commas removed, as τ-bench does
        (["Done.", "You will get 327 back"], ["327"], "pass"),
        (["Done."], ["327"], "fail"),
        (["Done."], [], "skip"),
    ],
)
def test_expected_outputs(replies, outputs, status):
    from fourfold.trace import Message

    messages = [Message(role="assistant", content=r) for r in replies]
    trace = make_trace(messages=messages, output=replies[-1])
    result = run_check(
        expected_outputs(), trace=trace, case=make_case(ground_truth={"outputs": outputs})
    )
    assert result.status == status


@pytest.mark.parametrize(
    ("name", "read_only"),
    [
        ("get_user_details", True),
        ("search_direct_flight", True),
        ("think", True),
        ("find_user_id_by_email", True),
        ("book_reservation", False),
        ("transfer_to_human_agents", False),
    ],
)
def test_read_only_tools(name, read_only):
    assert is_read_only(name) is read_only


# ------------------------------------------------------------------------- tasks as cases


def test_tau_cases_from_the_task_file(shared):
    cases = tau_cases(shared(*TASKS))
    assert [c.id for c in cases] == [f"task-{i}" for i in range(50)]
    first = cases[0]
    assert first.context == {"user_id": "mia_li_3668"}
    assert first.input.startswith("Your user id is mia_li_3668")
    assert first.ground_truth["actions"][0]["name"] == "book_reservation"
    assert first.expected.startswith("Makes these changes, in order: book_reservation(")
    assert first.strata == {"domain": "airline"}


def test_tau_cases_from_records_give_each_task_once(airline):
    _, records = airline
    cases = tau_cases(records)
    assert len(cases) == 50
    assert cases[0].id == "task-0" and cases[0].input.startswith("You are mia_li_3668")


@pytest.mark.parametrize("bad", [[1], [{"foo": "bar"}]])
def test_tau_cases_rejects_what_is_not_a_task(bad):
    with pytest.raises(ConfigError):
        tau_cases(bad)


def test_trajectory_checks_for_every_airline_task_build(shared):
    tasks = json.loads(shared(*TASKS).read_text())
    for task in tasks:
        for entry in tau_trajectory_checks(task):
            create_check(entry["check"], entry["args"], label=entry.get("name"))


def test_trajectory_checks_say_the_expected_actions_with_built_in_checks(shared):
    task = json.loads(shared(*TASKS).read_text())[3]
    entries = tau_trajectory_checks(task)
    assert [e["check"] for e in entries] == [
        "tau/expected_actions",
        "tools_required",
        "tool_order",
        "required_args",
        "required_args",
    ]
    assert entries[2]["args"] == {
        "before": "update_reservation_flights",
        "after": "update_reservation_baggages",
    }
    case = tau_cases([task])[0]
    right = make_trace(tools=[(a["name"], a["arguments"]) for a in case.ground_truth["actions"]])
    wrong = make_trace(tools=[("update_reservation_baggages", {"reservation_id": "X"})])
    checks = {e.get("name", e["check"]): create_check(e["check"], e["args"]) for e in entries}
    assert {n: run_check(c, trace=right, case=case).status for n, c in checks.items()} == {
        n: "pass" for n in checks
    }
    assert {n: run_check(c, trace=wrong, case=case).status for n, c in checks.items()} == {
        "tau/expected_actions": "fail",
        "tools_required": "fail",
        "tool_order:update_reservation_flights>update_reservation_baggages": "fail",
        "required_args:update_reservation_flights": "pass",  # never called: nothing to check
        "required_args:update_reservation_baggages": "fail",
    }


def test_trajectory_checks_leave_out_an_order_the_task_does_not_fix():
    task = {
        "instruction": "x",
        "actions": [
            {"name": "cancel_reservation", "kwargs": {"reservation_id": "A"}},
            {"name": "book_reservation", "kwargs": {"user_id": "u"}},
            {"name": "cancel_reservation", "kwargs": {"reservation_id": "B"}},
        ],
    }
    orders = [e["args"] for e in tau_trajectory_checks(task) if e["check"] == "tool_order"]
    # every book follows a cancel; not every cancel follows a book
    assert orders == [{"before": "cancel_reservation", "after": "book_reservation"}]


# --------------------------------------------------------------------------------- τ²-bench


@pytest.mark.slow
def test_every_tau2_run_imports_and_its_trajectory_verdict_matches_the_db_check(shared):
    folder = shared(*TAU2_SIMS)
    table: collections.Counter[tuple[str, bool]] = collections.Counter()
    files = sorted(folder.glob("*.json"))
    assert files
    for path in files:
        doc = json.loads(path.read_text())
        imported = from_tau2(path)
        assert len(imported) == len(doc["simulations"])
        for item, sim in zip(imported, doc["simulations"], strict=True):
            trace = item.trace
            assert item.case_id == f"task-{sim['task_id']}" and item.repeat == sim["trial"]
            assert item.case is not None and item.case.id == item.case_id
            assert trace.messages[0].role == "system"  # the domain policy
            assert trace.usage.input_tokens > 0 and trace.usage.cost_usd == sim["agent_cost"]
            assert trace.latency_s == sim["duration"]
            tool_messages = [m for m in sim["messages"] if m["role"] == "tool"]
            assert len(trace.tool_calls) == len(tool_messages)
            assert all(c.result is not None or c.error for c in trace.tool_calls)
            asked = [(r.id, r.name) for m in trace.messages for r in m.tool_calls]
            assert asked == [(c.id, c.name) for c in trace.tool_calls]
            verdict = run_check(expected_actions(), case=item.case, trace=trace).status
            table[(verdict, item.metadata["db_match"])] += 1
    print("\ntau2 tau/expected_actions vs db_match:", dict(table))
    agree = table[("pass", True)] + table[("fail", False)]
    assert agree / sum(table.values()) > 0.9


def test_tau2_tool_errors_are_call_errors(shared):
    path = shared(
        *TAU2_SIMS, "2025-10-13T00:01:41.624853_airline_llm_agent_grok-3_user_simulator_grok-3.json"
    )
    errors = [c for t in from_tau2(path) for c in t.trace.tool_calls if c.error]
    assert len(errors) == 3
    assert all(c.result is None for c in errors)


@pytest.mark.parametrize(
    ("reader", "data", "message"),
    [
        (from_tau_bench, {"not": "a list"}, "expected a JSON list"),
        (
            from_tau_bench,
            [{"task_id": 1}],
            r"no record could be imported: record 0 .*not a τ-bench trajectory record",
        ),
        (from_tau2, [1, 2], "not a τ²-bench results file"),
        (
            from_tau2,
            {"simulations": [{"task_id": "1"}]},
            r"no simulation could be imported: simulation 0 .*no messages",
        ),
    ],
)
def test_malformed_benchmark_data(reader, data, message):
    with pytest.raises(ConfigError, match=message):
        reader(data)


def test_a_tau2_request_the_simulation_ended_before_answering_is_no_call():
    sim = {
        "task_id": "7",
        "trial": 0,
        "termination_reason": "max_steps",
        "messages": [
            {"role": "user", "content": "Cancel reservation ABC123, please."},
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {"id": "c1", "name": "get_reservation_details", "arguments": {"id": "ABC123"}}
                ],
            },
            {"role": "tool", "id": "c1", "content": '{"status": "booked"}'},
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {"id": "c2", "name": "cancel_reservation", "arguments": {"id": "ABC123"}}
                ],
            },
        ],
    }
    (imported,) = from_tau2({"simulations": [sim]})
    trace = imported.trace
    assert [c.name for c in trace.tool_calls] == ["get_reservation_details"]
    assert trace.tool_calls[0].result == {"status": "booked"}
    # the cancellation is still what the agent asked for, on its message
    assert [r.name for r in trace.messages[-1].tool_calls] == ["cancel_reservation"]


def test_a_tau_bench_request_the_trajectory_ended_before_answering_is_no_call():
    call = {"id": "c1", "type": "function", "function": {"name": "cancel_pending_order"}}
    call["function"]["arguments"] = '{"order_id": "#W1", "reason": "no longer needed"}'
    record = {
        "task_id": 3,
        "trial": 0,
        "reward": 0.0,
        "info": {},
        "traj": [
            {"role": "user", "content": "Cancel order #W1."},
            {"role": "assistant", "content": None, "tool_calls": [call]},
        ],
    }
    (imported,) = from_tau_bench([record])
    assert imported.trace.tool_calls == []
    assert [r.name for r in imported.trace.messages[-1].tool_calls] == ["cancel_pending_order"]
