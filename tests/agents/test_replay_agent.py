from __future__ import annotations

import json

import pytest

from fourfold.agents import Agent, ReplayAgentConfig, cases_from_replay, make_agent
from fourfold.errors import ConfigError
from tests.helpers import make_case

LINES = [
    {
        "case_id": "a",
        "repeat": 0,
        "trace": {"output": "a0", "latency_s": 2.5, "tool_calls": [{"name": "lookup"}]},
        "input": "question a",
        "expected": "says a",
        "strata": {"channel": "web"},
    },
    {"case_id": "a", "repeat": 1, "trace": {"output": "a1"}, "expected": "says a"},
    {
        "output": "b-first",
        "messages": [
            {"role": "system", "content": "be nice"},
            {"role": "user", "content": "hi b"},
            {"role": "assistant", "content": "b-first"},
            {"role": "user", "content": "again"},
        ],
        "metadata": {"case_id": "b"},
    },
    {"output": "b-second", "metadata": {"case_id": "b"}},
    {
        "output": "c-explicit",
        "messages": [{"role": "user", "content": "hi c"}],
        "metadata": {"case_id": "c", "repeat": 3},
    },
]


def _write(path, lines) -> None:
    path.write_text(
        "\n".join(line if isinstance(line, str) else json.dumps(line) for line in lines) + "\n",
        encoding="utf-8",
    )


@pytest.fixture
def replay(tmp_path) -> Agent:
    (tmp_path / "traffic").mkdir()
    _write(tmp_path / "traffic" / "traces.jsonl", LINES)
    return make_agent(ReplayAgentConfig(replay="traffic/traces.jsonl"), base_dir=tmp_path)


@pytest.mark.parametrize(
    ("case_id", "repeat", "output", "latency"),
    [
        ("a", 0, "a0", 2.5),
        ("a", 1, "a1", None),
        ("b", 0, "b-first", None),  # no repeat given: the n-th trace of the case
        ("b", 1, "b-second", None),
        ("c", 3, "c-explicit", None),  # the repeat in a bare trace's metadata
    ],
)
def test_traces_are_looked_up_by_case_and_repeat(
    replay, run_agent, case_id, repeat, output, latency
):
    [trace] = run_agent(replay, (make_case(id=case_id), repeat))
    assert trace.error is None
    assert trace.output == output
    assert trace.latency_s == latency  # as recorded; a lookup's time is not the agent's


def test_a_repeat_that_was_not_recorded_is_an_error_not_a_copy(replay, run_agent):
    [trace] = run_agent(replay, (make_case(id="a"), 2))
    assert trace.error is not None
    assert "no recording of repeat 2" in trace.error and "recorded repeats: 0, 1" in trace.error


def test_replayed_traces_are_kept_as_recorded(replay, run_agent):
    [a0, b0, b1] = run_agent(
        replay, (make_case(id="a", input="x"), 0), make_case(id="b"), (make_case(id="b"), 1)
    )
    assert a0.tool_names == ["lookup"]
    assert [m.content for m in b0.messages] == ["be nice", "hi b", "b-first", "again"]
    # A trace without messages gets the case's input and its output.
    assert [(m.role, m.content) for m in b1.messages] == [
        ("user", "hello"),
        ("assistant", "b-second"),
    ]


def test_each_run_gets_its_own_copy(replay, run_agent):
    [first] = run_agent(replay, make_case(id="a"))
    first.tool_calls.clear()
    first.metadata["changed"] = True
    [second] = run_agent(replay, make_case(id="a"))
    assert second.tool_names == ["lookup"] and "changed" not in second.metadata


@pytest.mark.parametrize(
    ("case_id", "repeat", "error"),
    [
        ("missing", 0, "no recorded trace for case 'missing' in traces.jsonl"),
        ("missing", 2, "no recorded trace for case 'missing' in traces.jsonl"),
        ("c", 0, "case 'c' has no recording of repeat 0 in traces.jsonl (recorded repeats: 3)"),
    ],
)
def test_a_case_without_a_recorded_trace_is_an_errored_trial(
    replay, run_agent, case_id, repeat, error
):
    [trace] = run_agent(replay, (make_case(id=case_id, input="q"), repeat))
    assert trace.error is not None and trace.error.startswith(error)
    assert [m.content for m in trace.messages] == ["q"]
    assert trace.latency_s is None


@pytest.mark.parametrize(
    ("lines", "line", "message"),
    [
        (['{"case_id": "a", "trace": {}}', "{not json"], 2, "invalid JSON"),
        (["[1, 2]"], 1, "expected a JSON object, got list"),
        ([{"case_id": "a", "trace": {}, "answer": "x"}], 1, "'answer': Extra inputs"),
        ([{"case_id": "", "trace": {}}], 1, "'case_id'"),
        ([{"case_id": "a", "trace": {}, "repeat": -1}], 1, "'repeat'"),
        ([{"case_id": "a", "trace": []}], 1, "'trace'"),
        ([{"case_id": "a", "output": "x"}], 1, "has a case_id but no 'trace'"),
        ([{"output": "x"}], 1, "does not say which case it answers"),
        ([{"output": "x", "metadata": {"case_id": 7}}], 1, "does not say which case"),
        ([{"case_id": "a", "trace": {"tool_calls": "x"}}], 1, "not a valid trace: tool_calls"),
        ([{"case_id": "a", "trace": {"schema_version": 99}}], 1, "newer than this fourfold"),
        (
            [
                {"case_id": "a", "repeat": 1, "trace": {}},
                {"case_id": "a", "repeat": 1, "trace": {}},
            ],
            2,
            "case 'a' repeat 1 is recorded twice (lines 1 and 2)",
        ),
        (
            [{"case_id": "a", "trace": {}}, {"case_id": "a", "repeat": 0, "trace": {}}],
            2,
            "case 'a' repeat 0 is recorded twice",
        ),
    ],
)
def test_a_malformed_line_is_a_config_error_naming_file_and_line(tmp_path, lines, line, message):
    _write(tmp_path / "traces.jsonl", lines)
    for load in (
        lambda: make_agent(ReplayAgentConfig(replay="traces.jsonl"), base_dir=tmp_path),
        lambda: cases_from_replay(tmp_path / "traces.jsonl"),
    ):
        with pytest.raises(ConfigError) as info:
            load()
        assert message in info.value.message
        assert info.value.file == str(tmp_path / "traces.jsonl")
        assert info.value.line == line


@pytest.mark.parametrize(
    ("content", "message"), [(None, "file not found"), ("\n\n", "holds no traces")]
)
def test_a_missing_or_empty_file_is_a_config_error(tmp_path, content, message):
    if content is not None:
        (tmp_path / "traces.jsonl").write_text(content)
    with pytest.raises(ConfigError, match=message):
        make_agent(ReplayAgentConfig(replay="traces.jsonl"), base_dir=tmp_path)


def test_cases_are_derived_from_the_recording(tmp_path):
    _write(tmp_path / "traces.jsonl", LINES)
    cases = cases_from_replay(tmp_path / "traces.jsonl")
    assert [(c.id, c.input, c.expected, c.strata) for c in cases] == [
        ("a", "question a", "says a", {"channel": "web"}),
        ("b", "hi b", None, {}),  # the first user message of the first trace
        ("c", "hi c", None, {}),
    ]


@pytest.mark.parametrize(
    ("lines", "line", "message"),
    [
        ([{"output": "x", "metadata": {"case_id": "a"}}], 1, "case 'a' has no input"),
        (
            [
                {"case_id": "a", "trace": {}, "input": "q", "expected": "one"},
                {"case_id": "a", "trace": {}, "expected": "two"},
            ],
            2,
            "case 'a' has a different 'expected' than on line 1",
        ),
    ],
)
def test_cases_that_cannot_be_derived_are_config_errors(tmp_path, lines, line, message):
    _write(tmp_path / "traces.jsonl", lines)
    with pytest.raises(ConfigError) as info:
        cases_from_replay(tmp_path / "traces.jsonl")
    assert info.value.line == line
    assert message in info.value.message
