"""The recorded reward: tau/reward, the flags that say it cannot be trusted, act/ReAct calls."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from fourfold._cli import cli
from fourfold.integrations import from_tau2, from_tau_bench, reward
from fourfold.integrations.tau._effects import HANDOFF_TOOLS, is_read_only
from fourfold.integrations.tau._reward import reward_flags_of
from tests.helpers import make_case, make_trace, run_check

SOURCE = Path(__file__).resolve().parents[1] / "data" / "tau" / "SOURCE.md"
CANCEL = {"reservation_id": "R1"}


def record(
    task_id: int,
    reward_: float,
    traj: list[dict[str, Any]],
    *,
    actions: list[dict[str, Any]] | None = None,
    gt_hash: str | None = None,
) -> dict[str, Any]:
    """A τ-bench record for a task expecting `actions` (by default, cancelling R1)."""
    actions = [{"name": "cancel_reservation", "kwargs": CANCEL}] if actions is None else actions
    info: dict[str, Any] = {"r_actions": reward_}
    if gt_hash is not None:
        info["gt_data_hash"] = gt_hash
    return {
        "task_id": task_id,
        "trial": 0,
        "reward": reward_,
        "info": {
            "task": {"user_id": "u1", "instruction": "Cancel R1.", "actions": actions},
            "source": "user",
            "reward_info": {"reward": reward_, "info": info, "actions": actions},
        },
        "traj": [{"role": "system", "content": "policy"}, {"role": "user", "content": "Hi"}] + traj,
    }


def executed(name: str = "cancel_reservation", args: dict[str, Any] = CANCEL) -> list[Any]:
    call = {
        "id": "c1",
        "type": "function",
        "function": {"name": name, "arguments": json.dumps(args)},
    }
    return [
        {"role": "assistant", "content": None, "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "c1", "name": name, "content": "{}"},
        {"role": "assistant", "content": "Done."},
    ]


def written(name: str = "cancel_reservation") -> list[Any]:
    text = json.dumps({"name": name, "arguments": CANCEL})
    return [
        {"role": "assistant", "content": f"I will cancel it.\n<tool_call>\n{text}\n</tool_call>"},
        {"role": "user", "content": "Thanks, bye."},
    ]


def react(action: dict[str, Any] | str, output: str | None) -> list[Any]:
    text = action if isinstance(action, str) else json.dumps(action)
    out = [{"role": "assistant", "content": f"Thought:\nI cancel it.\nAction:\n{text}"}]
    if output is not None:
        out.append({"role": "user", "content": output})
    return out


def changes(name: str) -> bool:
    return not is_read_only(name) and name not in HANDOFF_TOOLS


def flags_of(records: list[dict[str, Any]]) -> list[list[str]]:
    return [reward_flags_of(t.metadata) for t in from_tau_bench(records)]


# ------------------------------------------------------------------------------ the flags


@pytest.mark.parametrize(
    ("reward_", "traj", "flags"),
    [
        # the call is text in a reply, nothing executed it, yet the run is rewarded
        (1.0, written(), ["text_tool_calls", "expected_changes_not_applied"]),
        (0.0, written(), []),  # an unrewarded run says nothing wrong
        (1.0, executed(), []),  # executed: a tool answered
        # never called at all: the expected change had no effect in the grader's replay
        (
            1.0,
            [{"role": "assistant", "content": "I cannot do that."}],
            ["expected_changes_not_applied"],
        ),
        # the call failed for the agent: still no change was made
        (
            1.0,
            [*executed()[:1], {**executed()[1], "content": "Error: reservation not found"}],
            ["expected_changes_not_applied"],
        ),
        # an act/ReAct agent's call was executed: the environment answered it
        (1.0, react({"name": "cancel_reservation", "arguments": CANCEL}, "API output: {}"), []),
    ],
)
def test_a_reward_the_trace_cannot_have_earned_is_flagged(reward_, traj, flags):
    assert flags_of([record(0, reward_, traj)]) == [flags]


def test_no_flag_without_an_expected_change():
    assert flags_of([record(0, 1.0, written(), actions=[])]) == [[]]


def test_an_expected_database_that_is_the_unchanged_one_is_flagged():
    records = [
        record(0, 1.0, [], actions=[], gt_hash="unchanged"),  # a task that changes nothing
        record(1, 1.0, executed(), gt_hash="unchanged"),  # its changes did not reach the DB
        record(2, 1.0, executed(), gt_hash="changed"),
    ]
    assert flags_of(records) == [[], ["expected_changes_not_applied"], []]


def test_one_expected_database_for_different_changes_is_flagged():
    other = [{"name": "cancel_reservation", "kwargs": {"reservation_id": "R2"}}]
    records = [
        record(0, 1.0, executed(), gt_hash="same"),
        record(1, 1.0, executed(args={"reservation_id": "R2"}), actions=other, gt_hash="same"),
        record(2, 1.0, executed(), gt_hash="same"),  # the same task again: not a contradiction
    ]
    assert flags_of(records) == [["expected_changes_not_applied"]] * 3


def test_flags_reach_the_trace_metadata_and_tau_reward_names_them():
    (item,) = from_tau_bench([record(0, 1.0, written())])
    assert item.trace.metadata["reward_flags"] == item.metadata["reward_flags"]
    result = run_check(reward(), trace=item.trace, case=item.case)
    assert result.status == "pass"  # graded as recorded...
    assert "flagged at import: text_tool_calls" in result.explanation  # ...and named


# ------------------------------------------------------------------------- act and ReAct


@pytest.mark.parametrize(
    ("traj", "calls"),
    [
        (
            react(
                {"name": "cancel_reservation", "arguments": CANCEL},
                'API output: {"status": "cancelled"}',
            ),
            [("cancel_reservation", CANCEL, {"status": "cancelled"}, None)],
        ),
        (
            react(
                {"name": "cancel_reservation", "arguments": CANCEL}, "API output: Error: not found"
            ),
            [("cancel_reservation", CANCEL, None, "Error: not found")],
        ),
        (
            react({"name": "cancel_x", "arguments": {}}, "API output: Unknown action cancel_x"),
            [("cancel_x", {}, None, "Unknown action cancel_x")],
        ),
        # a reply to the user is not a call
        (react({"name": "respond", "arguments": {"content": "Hi"}}, "Hello"), []),
        # τ-bench took an action that is not JSON as a reply too
        (react("cancel it please", "ok"), []),
        # an action nothing answered was not executed
        (react({"name": "cancel_reservation", "arguments": CANCEL}, None), []),
    ],
)
def test_act_and_react_actions_are_read_as_calls(traj, calls):
    (item,) = from_tau_bench([record(0, 0.0, traj)])
    got = [(c.name, c.arguments, c.result, c.error) for c in item.trace.tool_calls]
    assert got == calls


def test_a_react_run_is_checked_on_its_executed_actions():
    from fourfold.integrations import expected_actions

    traj = react({"name": "cancel_reservation", "arguments": CANCEL}, "API output: {}")
    (item,) = from_tau_bench([record(0, 1.0, traj)])
    assert run_check(expected_actions(), trace=item.trace, case=item.case).is_pass


# ------------------------------------------------------------------------------ tau/reward


@pytest.mark.parametrize(
    ("metadata", "status", "why"),
    [
        ({"source": "tau-bench", "reward": 1.0, "reward_info": {"r_actions": 1.0}}, "pass", "is 1"),
        (
            {"source": "tau-bench", "reward": 0.0, "reward_info": {"r_actions": 0.0}},
            "fail",
            "not 1",
        ),
        ({"source": "tau-bench", "reward": 0.9999999}, "pass", "did not grade"),
        # a run cut at the step limit: τ-bench's pass^k counts its default 0 as a failure
        ({"source": "tau-bench", "reward": 0.0}, "fail", "did not grade this run"),
        ({"source": "tau2-bench", "reward": 0.0}, "fail", "did not grade this run"),
        ({"source": "tau2-bench", "reward": 1.0, "reward_breakdown": {"DB": 1.0}}, "pass", "is 1"),
        ({}, "skip", "records no benchmark reward"),
        ({"reward": True}, "skip", "records no benchmark reward"),
    ],
)
def test_tau_reward_grades_the_recorded_reward(metadata, status, why):
    result = run_check(reward(), trace=make_trace(metadata=metadata), case=make_case())
    assert result.status == status
    assert why in result.explanation


# ------------------------------------------------------------------- collected real runs


def load(runs: Path, relative: str) -> Any:
    return json.loads(gzip.decompress((runs / relative).read_bytes()))


def test_runs_whose_tool_calls_were_text_are_flagged(tau_runs: Path):
    """Qwen2.5-7B served without a tool parser wrote its calls as text: none executed."""
    records = load(tau_runs, "tau-bench/madhav-kanda/qwen2.5-7b-instruct-retail.json.gz")
    imported = from_tau_bench(records)
    flagged = [t for t in imported if "text_tool_calls" in reward_flags_of(t.metadata)]
    assert flagged, "the file has rewarded runs whose calls are text"
    for item in imported:
        rewarded = item.metadata["reward"] == 1.0
        no_call = not item.trace.tool_calls
        assert item.case is not None
        expects = any(changes(a["name"]) for a in item.case.ground_truth["actions"])
        said = any(
            m.role == "assistant" and "<tool_call>" in (m.content or "")
            for m in item.trace.messages
        )
        assert (item in flagged) == (rewarded and no_call and expects and said), item.case_id


def test_tau2_runs_rewarded_for_an_expected_change_never_made_are_flagged(tau_runs: Path):
    """τ²-bench retail tasks 12 and 64 expect a return and an exchange that fail in the
    environment (a PayPal refund of a card order; an exchange on an undelivered order)."""
    imported = from_tau2(load(tau_runs, "tau2-bench/sierra/gpt-4.1-retail.json.gz"))
    flagged = {t.case_id for t in imported if reward_flags_of(t.metadata)}
    assert flagged == {"task-12", "task-64"}
    for item in imported:
        if item.case_id in flagged:
            assert item.metadata["db_match"] is True and item.metadata["reward"] == 1.0


@pytest.mark.slow  # every file (every corpus text) read: seconds
def test_every_collected_file_reads(tau_runs: Path, tmp_path: Path):
    from fourfold.integrations import import_traces

    files = sorted(tau_runs.glob("*/*/*.json.gz"))
    assert len(files) >= 20
    for path in files:
        data = json.loads(gzip.decompress(path.read_bytes()))
        if "tau2-bench" in path.parts:
            assert from_tau2(data)
            continue
        records = data["results"] if isinstance(data, dict) else data
        runnable = [r for r in records if isinstance(r.get("info", {}).get("task"), dict)]
        target = tmp_path / path.name.removesuffix(".gz")
        target.write_text(json.dumps(runnable))
        imported = import_traces(target)
        assert len(imported) == len(runnable), path
        assert {t.metadata["domain"] for t in imported} <= {"airline", "retail"}


def test_fourfold_import_counts_the_flagged_rewards(tmp_path: Path):
    source = tmp_path / "qwen-retail.json"
    source.write_text(json.dumps([record(0, 1.0, written()), record(1, 1.0, executed())]))
    result = CliRunner().invoke(cli, ["import", str(source), "-o", str(tmp_path / "t.jsonl")])
    assert result.exit_code == 0, result.output
    assert "1 recorded reward cannot be trusted" in result.stderr
    assert "expected_changes_not_applied 1, text_tool_calls 1" in result.stderr
    assert "tau/reward]" in result.stderr


def test_the_collected_data_says_where_it_comes_from(tau_runs: Path):
    source = SOURCE.read_text()
    for path in sorted(tau_runs.glob("*/*/*.json.gz")):
        assert str(path.relative_to(tau_runs)) in source, path
        assert path.stat().st_size < 2 * 1024 * 1024
