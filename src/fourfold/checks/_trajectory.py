"""Built-in trajectory checks: which tools the agent called, in what order, and what it cost.

Each check reads `Trace.tool_calls` (or the trace's usage, latency and turns) and points at
the offending calls with evidence ``where="tool_calls[i]"``, the call rendered by
`ToolCall.signature`. A trace without tool calls is a normal input, not an error.

A call the trace does not name (`ToolCall.name` None: an imported span that records no
tool's name) is the call of no tool a check names: it is never cited as a call of a
forbidden, required or budgeted tool. Where such a call could still change the verdict,
had the trace named it, a check does not guess: it fails on what the named calls show, and
else skips, saying the trace does not name the calls it would need, as `max_cost` skips a
trace that does not say what it cost. Each check's docstring says which case is which.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import islice
from typing import Any

from .._format import count_of, plural
from ..errors import ConfigError
from ..runs import Evidence, Verdict, failed, passed, skipped
from ..trace import ToolCall
from ._check import CheckFn, check
from ._context import CheckContext
from ._repeats import most_possible_repeats

__all__ = [
    "max_calls",
    "max_cost",
    "max_latency",
    "max_tokens",
    "max_turns",
    "no_loops",
    "required_args",
    "tool_order",
    "tools_forbidden",
    "tools_required",
]

EVIDENCE_LIMIT = 20
"""Most calls cited as evidence by one verdict: a runaway loop of 500 calls needs its count
(in the explanation and metadata), not 500 entries in every stored result."""


@check(layer="trajectory")
def tool_order(before: str, after: str) -> CheckFn:
    """Require every call of `after` to follow at least one call of `before`.

    Passes when `after` is never called. A call the trace does not name may have been
    either tool: a call of `after` fails when neither a call of `before` nor an unnamed
    call comes ahead of it; else an unnamed call ahead of the first call of `before` (of
    any call, when `before` never runs) makes the check skip: whether `after` waited is
    not in the trace.

    Args:
        before: the tool that must be called first, e.g. ``lookup_account``.
        after: the tool that must wait for it, e.g. ``issue_refund``.

    Raises:
        ConfigError: `before` and `after` name the same tool.
    """
    if before == after:
        raise ConfigError(
            f"tool_order: 'before' and 'after' are both {before!r}",
            hint="name two different tools; to limit how often one tool runs, use max_calls",
            path=("args", "after"),
        )

    def run(ctx: CheckContext) -> Verdict:
        calls = ctx.trace.tool_calls
        first = next((i for i, c in enumerate(calls) if c.name == before), None)
        afters = [(i, c) for i, c in enumerate(calls) if c.name == after]
        unnamed = next((i for i, c in enumerate(calls) if c.name is None), None)
        # an unnamed call ahead of a call of `after` may have been `before`
        early = [
            (i, c)
            for i, c in afters
            if (first is None or i < first) and (unnamed is None or i < unnamed)
        ]
        if not early and unnamed is not None and (first is None or unnamed < first):
            ahead = "any call of" if first is None else "the first call of"
            return skipped(
                f"tool_calls[{unnamed}] names no tool and comes before {ahead} {before}: "
                f"whether {after} waited for {before} is not in the trace"
            )
        if not afters:
            return passed(f"{after} was never called", calls=0, violations=0)
        if not early:
            return passed(
                f"{count_of(len(afters), 'call')} of {after}, all after {before} "
                f"(first called at tool_calls[{first}])",
                calls=len(afters),
                violations=0,
            )
        if first is None:
            why = f"{after} was called ({count_of(len(early), 'time')}) but {before} never was"
        else:
            why = (
                f"{after} was called {count_of(len(early), 'time')} before the first call of "
                f"{before} (tool_calls[{first}])"
            )
        return failed(why, evidence=_call_evidence(early), calls=len(afters), violations=len(early))

    return run


@check(layer="trajectory")
def max_calls(limit: int, tool: str | None = None) -> CheckFn:
    """Limit the calls of `tool`, or of all tools together, to `limit`.

    Without `tool`, every call counts, named or not. With it, a call the trace does not
    name may have been a call of `tool`: the check fails when the named calls of `tool`
    alone go over the limit, and skips when only the unnamed calls could take them over.

    Args:
        limit: the most calls allowed (0 forbids the tool).
        tool: the tool to count; None counts every call.

    Raises:
        ConfigError: `limit` is negative.
    """
    _at_least_zero("max_calls", "limit", limit)
    what = f"calls of {tool}" if tool is not None else "tool calls"

    def run(ctx: CheckContext) -> Verdict:
        counted = [(i, c) for i, c in enumerate(ctx.trace.tool_calls) if _is(c, tool)]
        n = len(counted)
        unnamed = 0 if tool is None else len(_unnamed(ctx.trace.tool_calls))
        if n <= limit < n + unnamed:
            return skipped(
                f"{n} {what} and {_unnamed_calls(unnamed)}: whether the limit of {limit} "
                "held is not in the trace"
            )
        if n <= limit:
            return passed(f"{n} {what}, within the limit of {limit}", count=n, limit=limit)
        return failed(
            f"{n} {what}, more than the limit of {limit}",
            evidence=_call_evidence(counted[limit:]),
            count=n,
            limit=limit,
        )

    return run


@check(layer="trajectory")
def required_args(args: list[str], tool: str | None = None) -> CheckFn:
    """Require every call (of `tool`, or of any tool) to fill each of `args`.

    An argument fails when it is missing, null, or an empty (or blank) string.

    Without `tool`, every call is checked, named or not. With it, a call the trace does not
    name may have been a call of `tool`: one that leaves an argument unfilled makes the
    check skip, when the calls of `tool` themselves fill every argument.

    Args:
        args: the argument names every call must fill.
        tool: the tool whose calls are checked; None checks every call.

    Raises:
        ConfigError: `args` is empty or holds an empty name.
    """
    _names("required_args", "args", args)
    what = f"calls of {tool}" if tool is not None else "tool calls"

    def run(ctx: CheckContext) -> Verdict:
        checked = 0
        problems: list[Evidence] = []
        unsure: list[int] = []  # unnamed calls, with `tool` given, that leave one unfilled
        for i, call in enumerate(ctx.trace.tool_calls):
            if tool is not None and call.name is None:
                if any(_unfilled(call.arguments, arg) is not None for arg in args):
                    unsure.append(i)
                continue
            if not _is(call, tool):
                continue
            checked += 1
            for arg in args:
                why = _unfilled(call.arguments, arg)
                if why is not None:
                    problems.append(
                        Evidence(
                            text=f"{call.signature()}: argument {arg!r} is {why}",
                            where=f"tool_calls[{i}]",
                        )
                    )
        if unsure and not problems:
            return skipped(
                f"tool_calls[{unsure[0]}] names no tool and does not fill "
                f"{_listing(args)}: whether it is a call of {tool} is not in the trace"
            )
        if checked == 0:
            return passed(f"no {what} to check", checked=0, problems=0)
        if not problems:
            return passed(
                f"all {count_of(checked, 'call')} ({what}) fill {_listing(args)}",
                checked=checked,
                problems=0,
            )
        return failed(
            f"{count_of(len(problems), 'required argument')} missing, null or empty in {what}: "
            f"{problems[0].text}" + (" ..." if len(problems) > 1 else ""),
            evidence=problems[:EVIDENCE_LIMIT],
            checked=checked,
            problems=len(problems),
        )

    return run


@check(layer="trajectory")
def tools_required(tools: list[str]) -> CheckFn:
    """Require each of `tools` to be called at least once.

    A call the trace does not name may have been one of `tools`: the check fails when more
    of them are missing from the named calls than there are unnamed calls, and skips when
    the unnamed calls could be the ones missing.

    Args:
        tools: the tools the agent must call.

    Raises:
        ConfigError: `tools` is empty or holds an empty name.
    """
    _names("tools_required", "tools", tools)
    wanted = list(dict.fromkeys(tools))

    def run(ctx: CheckContext) -> Verdict:
        called = set(ctx.trace.tool_names)
        missing = [t for t in wanted if t not in called]
        if not missing:
            return passed(f"called {_listing(wanted)}", missing=[])
        unnamed = len(_unnamed(ctx.trace.tool_calls))
        if len(missing) <= unnamed:
            return skipped(
                f"{_listing(missing)} not called by name, and {_unnamed_calls(unnamed)}: "
                "whether the agent called them is not in the trace"
            )
        why = f"never called {_listing(missing)}"
        never = "was never called"
        if unnamed:  # too few unnamed calls to be every missing tool: some never ran
            why = (
                f"{_listing(missing)} never called by name, and {_unnamed_calls(unnamed)}: "
                "too few to be them all"
            )
            never = "was never called by name"
        return failed(
            why,
            evidence=[Evidence(text=f"{t} {never}", where="tool_calls") for t in missing],
            missing=missing,
        )

    return run


@check(layer="trajectory")
def tools_forbidden(tools: list[str]) -> CheckFn:
    """Forbid calling any of `tools`.

    A call the trace does not name is cited as none of `tools`; but it may have been one:
    a trace whose named calls are all allowed and that has unnamed calls is skipped.

    Args:
        tools: the tools the agent must not call.

    Raises:
        ConfigError: `tools` is empty or holds an empty name.
    """
    _names("tools_forbidden", "tools", tools)
    banned = set(tools)

    def run(ctx: CheckContext) -> Verdict:
        calls = ctx.trace.tool_calls
        offending = [(i, c) for i, c in enumerate(calls) if c.name is not None and c.name in banned]
        unnamed = _unnamed(calls)
        if not offending and unnamed:
            return skipped(
                f"none of {_listing(tools)} was called by name, and {_unnamed_calls(len(unnamed))} "
                f"(first tool_calls[{unnamed[0]}]): whether the agent called one is not in the "
                "trace"
            )
        if not offending:
            return passed(f"none of {_listing(tools)} was called", count=0)
        names = list(dict.fromkeys(c.display_name for _, c in offending))
        return failed(
            f"called forbidden {plural(len(names), 'tool')} {_listing(names)} "
            f"({count_of(len(offending), 'call')})",
            evidence=_call_evidence(offending),
            count=len(offending),
        )

    return run


@check(layer="trajectory")
def no_loops(max_repeats: int = 2, consecutive: bool = False) -> CheckFn:
    """Forbid making the same call (same tool and arguments) more than `max_repeats` times.

    Calls are compared by `ToolCall.signature`, so calls of the same tool with different
    arguments are not repeats. A call the trace does not name repeats no call: the check
    fails on the named calls' repeats alone; but it may have been a repeat (of an unnamed
    call with the same arguments, or of a named one), so when the unnamed calls could
    make a call more than `max_repeats` times (in a row, with `consecutive`) the check
    skips.

    Args:
        max_repeats: how many times the same call may be made.
        consecutive: count only repeats in a row (the same call again and again), so the
            same call made at different points of the conversation is allowed.

    Raises:
        ConfigError: `max_repeats` is less than 1.
    """
    if max_repeats < 1:
        raise ConfigError(
            f"no_loops: max_repeats must be at least 1, not {max_repeats}",
            hint="max_repeats: 1 forbids any repeated call",
            path=("args", "max_repeats"),
        )
    how = "in a row" if consecutive else "in total"

    def run(ctx: CheckContext) -> Verdict:
        counts: dict[str, int] = {}
        excess: list[tuple[int, ToolCall]] = []
        most = 0
        previous: str | None = None
        for i, call in enumerate(ctx.trace.tool_calls):
            # an unnamed call is a call of its own (its signature would match another's)
            sig = call.signature() if call.name is not None else f"#{i}"
            if consecutive and sig != previous:
                counts[sig] = 0
            counts[sig] = counts.get(sig, 0) + 1
            previous = sig
            most = max(most, counts[sig])
            if counts[sig] == max_repeats + 1:  # cite each loop once, where it crosses the line
                excess.append((i, call))
        unnamed = len(_unnamed(ctx.trace.tool_calls))
        if not excess and unnamed:
            could = most_possible_repeats(ctx.trace.tool_calls, consecutive=consecutive)
            if could > max_repeats:
                return skipped(
                    f"no named call repeated more than {count_of(max_repeats, 'time')} {how}, "
                    f"but with {_unnamed_calls(unnamed)} one call may have been made "
                    f"{count_of(could, 'time')}: whether the agent looped is not in the trace"
                )
        if not excess:
            return passed(
                f"no call repeated more than {count_of(max_repeats, 'time')} {how}",
                repeats=most,
                max_repeats=max_repeats,
            )
        first = excess[0][1].signature()
        return failed(
            f"{count_of(len(excess), 'call')} repeated more than {count_of(max_repeats, 'time')} "
            f"{how}, e.g. {first}; the most repeated was made {count_of(most, 'time')}",
            evidence=_call_evidence(excess),
            repeats=most,
            max_repeats=max_repeats,
            loops=len(excess),
        )

    return run


@check(layer="trajectory")
def max_turns(limit: int) -> CheckFn:
    """Limit the agent's turns (`Trace.turn_count`) to `limit`.

    Args:
        limit: the most turns (model calls) allowed.

    Raises:
        ConfigError: `limit` is negative.
    """
    _at_least_zero("max_turns", "limit", limit)

    def run(ctx: CheckContext) -> Verdict:
        n = ctx.trace.turn_count
        return _ceiling(n, limit, f"{count_of(n, 'turn')}", "turns", turns=n, limit=limit)

    return run


@check(layer="trajectory")
def max_cost(usd: float) -> CheckFn:
    """Limit the cost to `usd` US dollars; skip when the cost is unknown.

    Args:
        usd: the most the execution may cost, in US dollars.

    Raises:
        ConfigError: `usd` is negative.
    """
    _at_least_zero("max_cost", "usd", usd)

    def run(ctx: CheckContext) -> Verdict:
        cost = ctx.trace.usage.cost_usd
        if cost is None:
            return skipped("the trace does not say what it cost (usage.cost_usd is unknown)")
        return _ceiling(
            cost,
            usd,
            _usd(cost),
            "usage.cost_usd",
            limit_text=_usd(usd),
            cost_usd=cost,
            limit_usd=usd,
        )

    return run


@check(layer="trajectory")
def max_latency(seconds: float) -> CheckFn:
    """Limit the latency to `seconds`; skip when the latency is unknown.

    Args:
        seconds: the most wall-clock seconds allowed from input to final output.

    Raises:
        ConfigError: `seconds` is negative.
    """
    _at_least_zero("max_latency", "seconds", seconds)

    def run(ctx: CheckContext) -> Verdict:
        latency = ctx.trace.latency_s
        if latency is None:
            return skipped("the trace does not say how long it took (latency_s is unknown)")
        return _ceiling(
            latency,
            seconds,
            f"{latency:g} s",
            "latency_s",
            limit_text=f"{seconds:g} s",
            latency_s=latency,
            limit_s=seconds,
        )

    return run


@check(layer="trajectory")
def max_tokens(limit: int) -> CheckFn:
    """Limit the tokens used, input and output together, to `limit`.

    Args:
        limit: the most tokens allowed.

    Raises:
        ConfigError: `limit` is negative.
    """
    _at_least_zero("max_tokens", "limit", limit)

    def run(ctx: CheckContext) -> Verdict:
        usage = ctx.trace.usage
        if not usage.known:
            return skipped("the trace does not say how many tokens it used (usage is unknown)")
        n = usage.total_tokens
        return _ceiling(
            n,
            limit,
            f"{count_of(n, 'token')}",
            "usage",
            tokens=n,
            input_tokens=usage.input_tokens,
            output_tokens=usage.output_tokens,
            limit=limit,
        )

    return run


def _ceiling(
    value: float,
    limit: float,
    text: str,
    where: str,
    /,  # positional-only so the callers' metadata may include a key named "limit"
    *,
    limit_text: str | None = None,
    **metadata: Any,
) -> Verdict:
    ceiling = limit_text if limit_text is not None else f"{limit:g}"
    if value <= limit:
        return passed(f"{text}, within the limit of {ceiling}", **metadata)
    return failed(
        f"{text}, over the limit of {ceiling}",
        evidence=[Evidence(text=f"{text} (limit {ceiling})", where=where)],
        **metadata,
    )


def _is(call: ToolCall, tool: str | None) -> bool:
    return tool is None or call.name == tool


def _unnamed(calls: list[ToolCall]) -> list[int]:
    """Where the calls the trace does not name are."""
    return [i for i, c in enumerate(calls) if c.name is None]


def _unnamed_calls(n: int) -> str:
    return f"{count_of(n, 'call')} the trace does not name"


def _unfilled(arguments: dict[str, Any], arg: str) -> str | None:
    if arg not in arguments:
        return "missing"
    value = arguments[arg]
    if value is None:
        return "null"
    if isinstance(value, str) and not value.strip():
        return "empty"
    return None


def _call_evidence(calls: Iterable[tuple[int, ToolCall]]) -> list[Evidence]:
    return [
        Evidence(text=call.signature(), where=f"tool_calls[{i}]")
        for i, call in islice(calls, EVIDENCE_LIMIT)
    ]


def _at_least_zero(name: str, arg: str, value: float) -> None:
    if not value >= 0:  # written this way round so NaN fails too
        raise ConfigError(
            f"{name}: {arg} must be 0 or more, not {value}",
            hint=f"give {arg} as a non-negative number",
            path=("args", arg),
        )


def _names(name: str, arg: str, values: list[str]) -> None:
    if not values:
        raise ConfigError(
            f"{name}: {arg} is empty, so the check could never fail",
            hint=f"list at least one name under {arg}, or remove the check",
            path=("args", arg),
        )
    for i, value in enumerate(values):
        if not value.strip():
            raise ConfigError(
                f"{name}: {arg}[{i}] is an empty name",
                hint="remove it or write the tool or argument name",
                path=("args", arg, i),
            )


def _listing(names: Iterable[str]) -> str:
    return ", ".join(names)


def _usd(value: float) -> str:
    return "$" + (f"{value:.4f}".rstrip("0").rstrip(".") or "0")
