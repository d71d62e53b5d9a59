from __future__ import annotations

from typing import Any

import pytest

from fourfold.checks import create_check
from fourfold.errors import ConfigError
from fourfold.trace import Message, ToolCall, Usage
from tests.helpers import make_trace, run_check

Tools = list[Any]

REFUND = ("issue_refund", {"order_id": "A1", "amount": 20})
LOOKUP = ("lookup_account", {"email": "a@example.com"})


def verdict(name: str, args: dict[str, Any], **trace: Any) -> Any:
    return run_check(create_check(name, args), trace=make_trace(**trace))


# --- tool_order ---------------------------------------------------------------------------

ORDER = {"before": "lookup_account", "after": "issue_refund"}


@pytest.mark.parametrize(
    ("tools", "status", "where"),
    [
        ([], "pass", []),
        (["search"], "pass", []),
        (["lookup_account"], "pass", []),
        ([LOOKUP, REFUND], "pass", []),
        ([LOOKUP, "search", REFUND, REFUND], "pass", []),
        ([REFUND], "fail", ["tool_calls[0]"]),
        ([REFUND, LOOKUP], "fail", ["tool_calls[0]"]),
        ([REFUND, LOOKUP, REFUND], "fail", ["tool_calls[0]"]),
        (["search", REFUND, REFUND, LOOKUP], "fail", ["tool_calls[1]", "tool_calls[2]"]),
    ],
)
def test_tool_order(tools: Tools, status: str, where: list[str]) -> None:
    result = verdict("tool_order", ORDER, tools=tools)
    assert result.status == status
    assert [e.where for e in result.evidence] == where
    assert result.metadata["violations"] == len(where)


def test_tool_order_cites_the_offending_call_by_signature() -> None:
    result = verdict("tool_order", ORDER, tools=[REFUND, LOOKUP])
    assert result.evidence[0].text == ToolCall(name=REFUND[0], arguments=REFUND[1]).signature()
    assert "before the first call of lookup_account" in result.explanation


def test_tool_order_says_when_before_was_never_called() -> None:
    result = verdict("tool_order", ORDER, tools=[REFUND])
    assert "lookup_account never was" in result.explanation


def test_tool_order_says_when_after_was_never_called() -> None:
    result = verdict("tool_order", ORDER, tools=[LOOKUP])
    assert result.explanation == "issue_refund was never called"


def test_tool_order_rejects_the_same_tool_twice() -> None:
    with pytest.raises(ConfigError) as info:
        create_check("tool_order", {"before": "a", "after": "a"})
    assert info.value.path == ("args", "after")


# --- max_calls ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "tools", "status", "count", "where"),
    [
        ({"limit": 2}, [], "pass", 0, []),
        ({"limit": 2}, ["a", "b"], "pass", 2, []),
        ({"limit": 2}, ["a", "b", "a"], "fail", 3, ["tool_calls[2]"]),
        ({"limit": 0}, [], "pass", 0, []),
        ({"limit": 0}, ["a"], "fail", 1, ["tool_calls[0]"]),
        ({"limit": 1, "tool": "a"}, ["a", "b", "b", "b"], "pass", 1, []),
        (
            {"limit": 1, "tool": "a"},
            ["b", "a", "b", "a", "a"],
            "fail",
            3,
            ["tool_calls[3]", "tool_calls[4]"],
        ),
        ({"limit": 1, "tool": "a"}, [], "pass", 0, []),
    ],
)
def test_max_calls(
    args: dict[str, Any], tools: Tools, status: str, count: int, where: list[str]
) -> None:
    result = verdict("max_calls", args, tools=tools)
    assert result.status == status
    assert result.metadata == {"count": count, "limit": args["limit"]}
    assert [e.where for e in result.evidence] == where


def test_max_calls_caps_the_evidence_of_a_runaway_loop() -> None:
    result = verdict("max_calls", {"limit": 5}, tools=["a"] * 500)
    assert result.status == "fail"
    assert result.metadata["count"] == 500
    assert "500 tool calls" in result.explanation
    assert 0 < len(result.evidence) <= 20
    assert result.evidence[0].where == "tool_calls[5]"


@pytest.mark.parametrize("limit", [-1, -10])
def test_max_calls_rejects_a_negative_limit(limit: int) -> None:
    with pytest.raises(ConfigError) as info:
        create_check("max_calls", {"limit": limit})
    assert info.value.path == ("args", "limit")


# --- required_args ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "tools", "status", "problems"),
    [
        ({"args": ["order_id"]}, [], "pass", []),
        ({"args": ["order_id"]}, [("refund", {"order_id": "A1"})], "pass", []),
        ({"args": ["order_id"]}, [("refund", {"order_id": 0})], "pass", []),
        ({"args": ["order_id"]}, [("refund", {"order_id": False})], "pass", []),
        ({"args": ["order_id"]}, [("refund", {"order_id": [1]})], "pass", []),
        ({"args": ["order_id"]}, [("refund", {})], "fail", [("tool_calls[0]", "missing")]),
        (
            {"args": ["order_id"]},
            [("refund", {"order_id": None})],
            "fail",
            [("tool_calls[0]", "null")],
        ),
        (
            {"args": ["order_id"]},
            [("refund", {"order_id": ""})],
            "fail",
            [("tool_calls[0]", "empty")],
        ),
        (
            {"args": ["order_id"]},
            [("refund", {"order_id": "  "})],
            "fail",
            [("tool_calls[0]", "empty")],
        ),
        (
            {"args": ["order_id", "amount"]},
            [("refund", {"order_id": "A1", "amount": 5}), ("refund", {"amount": None})],
            "fail",
            [("tool_calls[1]", "missing"), ("tool_calls[1]", "null")],
        ),
        # with a tool, other tools' calls are not checked
        (
            {"args": ["order_id"], "tool": "refund"},
            [("search", {}), ("refund", {"order_id": "A"})],
            "pass",
            [],
        ),
        (
            {"args": ["order_id"], "tool": "refund"},
            [("search", {}), ("refund", {})],
            "fail",
            [("tool_calls[1]", "missing")],
        ),
        ({"args": ["order_id"], "tool": "refund"}, [("search", {})], "pass", []),
    ],
)
def test_required_args(
    args: dict[str, Any], tools: Tools, status: str, problems: list[tuple[str, str]]
) -> None:
    result = verdict("required_args", args, tools=tools)
    assert result.status == status
    assert [(e.where, e.text.rsplit(" is ", 1)[1]) for e in result.evidence] == problems
    assert result.metadata["problems"] == len(problems)


def test_required_args_evidence_names_the_call_and_the_argument() -> None:
    result = verdict("required_args", {"args": ["order_id"]}, tools=[("refund", {"amount": 5})])
    assert result.evidence[0].text == "refund({\"amount\": 5}): argument 'order_id' is missing"


@pytest.mark.parametrize(
    ("tools", "explanation"),
    [([], "no tool calls to check"), (["search"], "no calls of refund to check")],
)
def test_required_args_without_calls_to_check(tools: Tools, explanation: str) -> None:
    args: dict[str, Any] = {"args": ["order_id"]}
    if tools:
        args["tool"] = "refund"
    result = verdict("required_args", args, tools=tools)
    assert (result.status, result.explanation) == ("pass", explanation)


@pytest.mark.parametrize(
    ("args", "path"), [([], ("args", "args")), (["a", " "], ("args", "args", 1))]
)
def test_required_args_rejects_empty_names(args: list[str], path: tuple[Any, ...]) -> None:
    with pytest.raises(ConfigError) as info:
        create_check("required_args", {"args": args})
    assert info.value.path == path


# --- tools_required / tools_forbidden -----------------------------------------------------


@pytest.mark.parametrize(
    ("tools", "called", "status", "missing"),
    [
        (["lookup"], ["lookup"], "pass", []),
        (["lookup", "refund"], ["refund", "search", "lookup"], "pass", []),
        (["lookup", "lookup"], ["lookup"], "pass", []),
        (["lookup"], [], "fail", ["lookup"]),
        (["lookup", "refund"], ["lookup"], "fail", ["refund"]),
        (["lookup", "refund"], ["search"], "fail", ["lookup", "refund"]),
        (["lookup"], ["Lookup"], "fail", ["lookup"]),
    ],
)
def test_tools_required(tools: list[str], called: Tools, status: str, missing: list[str]) -> None:
    result = verdict("tools_required", {"tools": tools}, tools=called)
    assert result.status == status
    assert result.metadata["missing"] == missing
    assert [e.text for e in result.evidence] == [f"{t} was never called" for t in missing]


@pytest.mark.parametrize(
    ("tools", "called", "status", "where"),
    [
        (["delete_account"], [], "pass", []),
        (["delete_account"], ["lookup", "refund"], "pass", []),
        (["delete_account"], ["lookup", "delete_account"], "fail", ["tool_calls[1]"]),
        (
            ["delete_account", "wire"],
            ["wire", "lookup", "wire", "delete_account"],
            "fail",
            ["tool_calls[0]", "tool_calls[2]", "tool_calls[3]"],
        ),
    ],
)
def test_tools_forbidden(tools: list[str], called: Tools, status: str, where: list[str]) -> None:
    result = verdict("tools_forbidden", {"tools": tools}, tools=called)
    assert result.status == status
    assert [e.where for e in result.evidence] == where
    assert result.metadata["count"] == len(where)


@pytest.mark.parametrize("name", ["tools_required", "tools_forbidden"])
def test_tool_lists_must_not_be_empty(name: str) -> None:
    with pytest.raises(ConfigError) as info:
        create_check(name, {"tools": []})
    assert info.value.path == ("args", "tools")


# --- no_loops -----------------------------------------------------------------------------

S1 = ("search", {"q": "refund"})
S2 = ("search", {"q": "returns"})


@pytest.mark.parametrize(
    ("args", "tools", "status", "where", "repeats"),
    [
        ({}, [], "pass", [], 0),
        ({}, [S1, S1], "pass", [], 2),
        ({}, [S1, S2, S1, S2], "pass", [], 2),
        ({}, [S1, S1, S1], "fail", ["tool_calls[2]"], 3),
        ({}, [S1, S2, S1, S2, S1], "fail", ["tool_calls[4]"], 3),
        ({}, [S1, S1, S1, S1, S2, S2, S2], "fail", ["tool_calls[2]", "tool_calls[6]"], 4),
        # same name, other arguments: not a repeat
        ({}, [S1, S2, ("search", {"q": "x"})], "pass", [], 1),
        # argument order does not matter
        (
            {},
            [("f", {"a": 1, "b": 2}), ("f", {"b": 2, "a": 1}), ("f", {"a": 1, "b": 2})],
            "fail",
            ["tool_calls[2]"],
            3,
        ),
        ({"max_repeats": 1}, [S1, S2], "pass", [], 1),
        ({"max_repeats": 1}, [S1, S2, S1], "fail", ["tool_calls[2]"], 2),
        ({"max_repeats": 4}, [S1] * 4, "pass", [], 4),
        ({"consecutive": True}, [S1, S2, S1, S2, S1, S2], "pass", [], 1),
        ({"consecutive": True}, [S1, S1, S2, S1, S1], "pass", [], 2),
        ({"consecutive": True}, [S2, S1, S1, S1], "fail", ["tool_calls[3]"], 3),
        ({"consecutive": True, "max_repeats": 1}, [S1, S2, S1], "pass", [], 1),
        (
            {"consecutive": True, "max_repeats": 1},
            [S1, S1, S2, S2],
            "fail",
            ["tool_calls[1]", "tool_calls[3]"],
            2,
        ),
    ],
)
def test_no_loops(
    args: dict[str, Any], tools: Tools, status: str, where: list[str], repeats: int
) -> None:
    result = verdict("no_loops", args, tools=tools)
    assert result.status == status
    assert [e.where for e in result.evidence] == where
    assert result.metadata["repeats"] == repeats


def test_no_loops_cites_the_repeated_call() -> None:
    result = verdict("no_loops", {}, tools=[S1] * 3)
    assert result.evidence[0].text == 'search({"q": "refund"})'
    assert "made 3 times" in result.explanation


@pytest.mark.parametrize("max_repeats", [0, -1])
def test_no_loops_rejects_max_repeats_below_one(max_repeats: int) -> None:
    with pytest.raises(ConfigError) as info:
        create_check("no_loops", {"max_repeats": max_repeats})
    assert info.value.path == ("args", "max_repeats")


# --- max_turns / max_cost / max_latency / max_tokens --------------------------------------

ASSISTANT = Message(role="assistant", content="...")


@pytest.mark.parametrize(
    ("limit", "fields", "status", "turns"),
    [
        (3, {}, "pass", 0),
        (3, {"turns": 3}, "pass", 3),
        (3, {"turns": 4}, "fail", 4),
        (0, {"turns": 1}, "fail", 1),
        (2, {"messages": [ASSISTANT, ASSISTANT]}, "pass", 2),
        (2, {"messages": [ASSISTANT] * 3}, "fail", 3),
        (2, {"messages": [ASSISTANT] * 3, "turns": 1}, "pass", 1),
    ],
)
def test_max_turns(limit: int, fields: dict[str, Any], status: str, turns: int) -> None:
    result = verdict("max_turns", {"limit": limit}, **fields)
    assert result.status == status
    assert result.metadata == {"turns": turns, "limit": limit}
    assert len(result.evidence) == (status == "fail")


@pytest.mark.parametrize(
    ("usd", "cost", "status"),
    [
        (0.10, 0.05, "pass"),
        (0.10, 0.10, "pass"),
        (0.10, 0.1001, "fail"),
        (0, 0.0, "pass"),
        (1, 12.5, "fail"),
        (0.10, None, "skip"),
    ],
)
def test_max_cost(usd: float, cost: float | None, status: str) -> None:
    result = verdict("max_cost", {"usd": usd}, usage=Usage(cost_usd=cost))
    assert result.status == status
    if status == "skip":
        assert "cost_usd is unknown" in result.explanation
    else:
        assert result.metadata == {"cost_usd": cost, "limit_usd": usd}


def test_max_cost_evidence_shows_cost_and_limit() -> None:
    result = verdict("max_cost", {"usd": 0.1}, usage=Usage(cost_usd=0.25))
    assert result.evidence[0].text == "$0.25 (limit $0.1)"
    assert result.evidence[0].where == "usage.cost_usd"


@pytest.mark.parametrize(
    ("seconds", "latency", "status"),
    [(5, 4.2, "pass"), (5, 5.0, "pass"), (5, 5.01, "fail"), (0.5, 30, "fail"), (5, None, "skip")],
)
def test_max_latency(seconds: float, latency: float | None, status: str) -> None:
    result = verdict("max_latency", {"seconds": seconds}, latency_s=latency)
    assert result.status == status
    if status != "skip":
        assert result.metadata == {"latency_s": latency, "limit_s": seconds}


@pytest.mark.parametrize(
    ("limit", "usage", "status", "tokens"),
    [
        (1000, Usage(), "pass", 0),
        (1000, Usage(input_tokens=600, output_tokens=400), "pass", 1000),
        (1000, Usage(input_tokens=600, output_tokens=401), "fail", 1001),
        (1000, Usage(input_tokens=5000), "fail", 5000),
    ],
)
def test_max_tokens(limit: int, usage: Usage, status: str, tokens: int) -> None:
    result = verdict("max_tokens", {"limit": limit}, usage=usage)
    assert result.status == status
    assert result.metadata["tokens"] == tokens
    assert result.metadata["limit"] == limit


@pytest.mark.parametrize(
    ("name", "args", "path"),
    [
        ("max_turns", {"limit": -1}, ("args", "limit")),
        ("max_cost", {"usd": -0.01}, ("args", "usd")),
        ("max_cost", {"usd": float("nan")}, ("args", "usd")),
        ("max_latency", {"seconds": -1}, ("args", "seconds")),
        ("max_tokens", {"limit": -5}, ("args", "limit")),
    ],
)
def test_ceilings_reject_negative_limits(name: str, args: dict[str, Any], path: tuple[str]) -> None:
    with pytest.raises(ConfigError) as info:
        create_check(name, args)
    assert info.value.path == path


# --- every check, on a trace without tool calls -------------------------------------------


@pytest.mark.parametrize(
    ("name", "args", "status"),
    [
        ("tool_order", ORDER, "pass"),
        ("max_calls", {"limit": 0}, "pass"),
        ("required_args", {"args": ["id"]}, "pass"),
        ("tools_required", {"tools": ["lookup"]}, "fail"),
        ("tools_forbidden", {"tools": ["delete"]}, "pass"),
        ("no_loops", {}, "pass"),
        ("max_turns", {"limit": 0}, "pass"),
        ("max_cost", {"usd": 1}, "skip"),
        ("max_latency", {"seconds": 1}, "skip"),
        ("max_tokens", {"limit": 0}, "pass"),
    ],
)
def test_trace_without_tool_calls(name: str, args: dict[str, Any], status: str) -> None:
    check = create_check(name, args)
    assert check.layer == "trajectory"
    result = run_check(check, trace=make_trace(output=None))
    assert result.status == status
    assert result.explanation
