"""The trajectory checks on calls the trace does not name (`ToolCall.name` None).

An unnamed call is the call of no tool a check names: never cited as a forbidden, required
or budgeted tool's. Where it could still change the verdict had the trace named it, a check
fails on what the named calls show and else skips ("not in the trace"), as `max_cost` skips
a trace that does not say what it cost: an unnamed call is never read as a pass.
"""

from __future__ import annotations

from typing import Any

import pytest

from fourfold.checks import create_check
from fourfold.trace import ToolCall
from tests.helpers import make_trace, run_check


def unnamed(**arguments: Any) -> ToolCall:
    return ToolCall(name=None, arguments=arguments)


def verdict(name: str, args: dict[str, Any], tools: list[Any]) -> Any:
    return run_check(create_check(name, args), trace=make_trace(tools=tools))


ORDER = {"before": "lookup", "after": "refund"}


@pytest.mark.parametrize(
    ("tools", "status", "where"),
    [
        # an unnamed call after the first lookup cannot be an early refund
        (["lookup", unnamed(), "refund"], "pass", []),
        (["lookup", unnamed()], "pass", []),
        # a refund with neither a lookup nor an unnamed call ahead of it is early
        (["refund", unnamed(), "lookup"], "fail", ["tool_calls[0]"]),
        # the unnamed call may have been the lookup, or a refund before it
        ([unnamed(), "refund", "lookup"], "skip", []),
        ([unnamed(), "lookup", "refund"], "skip", []),
        ([unnamed()], "skip", []),
    ],
)
def test_tool_order(tools: list[Any], status: str, where: list[str]) -> None:
    result = verdict("tool_order", ORDER, tools)
    assert result.status == status
    assert [e.where for e in result.evidence] == where
    if status == "skip":
        assert "tool_calls[0] names no tool" in result.explanation
        assert "not in the trace" in result.explanation


@pytest.mark.parametrize(
    ("args", "tools", "status"),
    [
        ({"limit": 2}, ["a", unnamed(), unnamed()], "fail"),  # every call counts
        ({"limit": 3}, ["a", unnamed(), unnamed()], "pass"),
        ({"limit": 2, "tool": "a"}, ["a", unnamed()], "pass"),  # even if it was `a`
        ({"limit": 1, "tool": "a"}, ["a", unnamed()], "skip"),  # if it was `a`, two
        ({"limit": 1, "tool": "a"}, ["a", "a", unnamed()], "fail"),  # two by name
    ],
)
def test_max_calls(args: dict[str, Any], tools: list[Any], status: str) -> None:
    result = verdict("max_calls", args, tools)
    assert result.status == status
    if status == "skip":
        assert "1 call the trace does not name" in result.explanation


@pytest.mark.parametrize(
    ("args", "tools", "status"),
    [
        ({"args": ["id"]}, [unnamed(id="A1")], "pass"),  # without `tool`: checked
        ({"args": ["id"]}, [unnamed()], "fail"),
        ({"args": ["id"], "tool": "refund"}, [unnamed(id="A1")], "pass"),  # fills it anyway
        ({"args": ["id"], "tool": "refund"}, [("refund", {"id": "A1"}), unnamed()], "skip"),
        ({"args": ["id"], "tool": "refund"}, [("refund", {}), unnamed()], "fail"),
    ],
)
def test_required_args(args: dict[str, Any], tools: list[Any], status: str) -> None:
    result = verdict("required_args", args, tools)
    assert result.status == status
    if status == "fail" and "tool" in args:
        assert [e.where for e in result.evidence] == ["tool_calls[0]"]


@pytest.mark.parametrize(
    ("tools", "status"),
    [
        (["lookup", unnamed()], "pass"),  # found by name: the unnamed call does not matter
        ([unnamed()], "skip"),  # it may have been the lookup
        (["refund", unnamed()], "skip"),
    ],
)
def test_tools_required_one(tools: list[Any], status: str) -> None:
    assert verdict("tools_required", {"tools": ["lookup"]}, tools).status == status


def test_tools_required_fails_when_too_few_unnamed_calls_could_be_the_missing_tools() -> None:
    result = verdict("tools_required", {"tools": ["lookup", "refund"]}, [unnamed()])
    assert result.status == "fail"
    assert result.explanation == (
        "lookup, refund never called by name, and 1 call the trace does not name: too few to "
        "be them all"
    )
    assert [e.text for e in result.evidence] == [
        "lookup was never called by name",
        "refund was never called by name",
    ]


@pytest.mark.parametrize(
    ("tools", "status", "where"),
    [
        (["lookup", unnamed()], "skip", []),  # it may have been delete_account
        (["delete_account", unnamed()], "fail", ["tool_calls[0]"]),  # cited by name only
        (["lookup"], "pass", []),
    ],
)
def test_tools_forbidden(tools: list[Any], status: str, where: list[str]) -> None:
    result = verdict("tools_forbidden", {"tools": ["delete_account"]}, tools)
    assert result.status == status
    assert [e.where for e in result.evidence] == where
    if status == "skip":
        assert "tool_calls[1]" in result.explanation


P = {"q": "refund"}


@pytest.mark.parametrize(
    ("args", "tools", "status", "where"),
    [
        # two unnamed calls with the same arguments are not known to be one call...
        ({"max_repeats": 1}, [unnamed(**P), unnamed(**P)], "skip", []),
        ({"max_repeats": 2}, [unnamed(**P), unnamed(**P)], "pass", []),
        # ...nor one of a named call with them
        ({"max_repeats": 1}, [("search", P), unnamed(**P)], "skip", []),
        # calls of two tools are never one call, an unnamed call between them or not
        ({"max_repeats": 2}, [("a", P), unnamed(**P), ("b", P)], "pass", []),
        ({"max_repeats": 1}, [unnamed(q="x"), unnamed(q="y")], "pass", []),
        # the named calls' own loop fails, whatever the unnamed ones were
        (
            {"max_repeats": 1},
            [("search", P), unnamed(**P), ("search", P)],
            "fail",
            ["tool_calls[2]"],
        ),
        # in a row: an unnamed call between two named ones may have been a third
        (
            {"max_repeats": 2, "consecutive": True},
            [("search", P), unnamed(**P), ("search", P)],
            "skip",
            [],
        ),
        (
            {"max_repeats": 2, "consecutive": True},
            [("search", P), unnamed(q="x"), ("search", P)],
            "pass",
            [],
        ),
        (
            {"max_repeats": 2, "consecutive": True},
            [("a", P), unnamed(**P), ("b", P), unnamed(**P)],
            "skip",
            [],
        ),
    ],
)
def test_no_loops(args: dict[str, Any], tools: list[Any], status: str, where: list[str]) -> None:
    result = verdict("no_loops", args, tools)
    assert result.status == status
    assert [e.where for e in result.evidence] == where


def test_an_unnamed_call_cited_as_evidence_is_shown_by_its_label() -> None:
    result = verdict("required_args", {"args": ["id"]}, [unnamed(q="x")])
    assert result.evidence[0].text == """(unnamed tool)({"q": "x"}): argument 'id' is missing"""
    result = verdict("max_calls", {"limit": 0}, [unnamed(id="A1")])
    assert result.evidence[0].text == '(unnamed tool)({"id": "A1"})'
