"""The τ-bench checks: the expected changes, the expected outputs, and τ-bench's own reward.

``tau/expected_actions`` (trajectory layer) compares the database changes a trace made
with those the case expects, as τ-bench's reward does: by their effect
(`fourfold.integrations.tau._effects` says what counts as the same effect); for a
τ²-bench task graded on its actions (``ACTION``), it looks for each expected action among
the calls, as τ²-bench does. ``tau/expected_outputs`` (outcome layer) requires each
expected output in some reply, matched as τ-bench matches it. Both compare only the parts
of the reward the task's basis names (`fourfold.integrations.tau._basis`).
``tau/reward`` (outcome layer) is the reward the benchmark recorded, so a suite over
imported runs gets τ-bench's own pass^k from ``fourfold consistency``. A suite names them
and fourfold finds them through the ``tau`` entry point::

    checks: [tau/expected_actions, tau/expected_outputs, tau/reward]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from ..._format import count_of
from ...checks import CheckContext, CheckFn, check
from ...runs import Evidence, Verdict, failed, passed, skipped
from ._basis import Basis, chosen_basis, describe_basis, rests_on
from ._effects import (
    HANDOFF_TOOLS,
    NORMALIZATIONS,
    Comparison,
    Normalization,
    Write,
    compare_writes,
    first_difference,
    is_read_only,
    unchanged_writes,
)

__all__ = [
    "expected_actions",
    "expected_outputs",
    "graded",
    "reward",
    "tau2_actions",
    "user_actions",
]


@check(layer="trajectory", name="tau/expected_actions")
def expected_actions(
    match: Literal["names", "names_and_args"] = "names_and_args",
    order: bool = True,
    extra_writes: Literal["fail", "allow"] = "fail",
    ignore: Sequence[str] = HANDOFF_TOOLS,
    reads: Sequence[str] | None = None,
    normalize: Sequence[Normalization] = NORMALIZATIONS,
    basis: Basis = "task",
) -> CheckFn:
    """Require the case's expected database changes (``ground_truth.actions``), by effect.

    τ-bench's reward replays the expected actions on a fresh database and compares the
    result with the database the agent left. This check decides the same from the trace:
    every expected call that changes something must be among the successful tool calls,
    with the same arguments (strings compared trimmed and case-folded, numbers by value,
    only the arguments the action names, or its ``compare_args``); calls that only read are
    optional, calls that failed changed nothing, and with ``extra_writes: fail`` a
    successful change the case does not expect fails the check. Skips a case without
    expected actions.

    The normalisations (all on by default; ``normalize: []`` compares the calls as
    written) make calls with the same effect count as the same:

    - ``order``: writes that commute (they touch different fields of the database: two
      reservations, or one reservation's passengers and its flights) may come in any
      order; writes on the same field must keep the expected order.
    - ``sorted_ids``: the item ids of a return or an exchange are compared sorted, as the
      tools store them; the (old, new) item pairs of a modification in any order.
    - ``noop_swaps``: an item modified into itself (τ-bench only) is no change.
    - ``unused_args``: the payment method of a baggage update that adds no non-free bag is
      not compared (nothing is charged).
    - ``noop_writes``: a write that sets bags, passengers, flights or an address to what
      the trace last showed for them changed nothing: it is not an unexpected change.
    - ``same_failure``: an expected change the agent made with the same arguments and that
      failed counts as matched: it fails the same way in τ-bench's replay (it must fail in
      the expected state: the order check applies to it).

    The reward basis. A τ²-bench task names the parts its reward rests on
    (``ground_truth.reward_basis``; a τ-bench task, or a case without it, rests on
    ``DB`` and ``COMMUNICATE``), and this check compares only those of its own:

    - ``DB``: the comparison by effect above. Expected actions of the user
      (``ground_truth.user_actions``, telecom's) change the user's device, which the
      agent's trace does not show: they are counted, not compared.
    - ``ACTION``: as τ²-bench's action check: every expected action, reads, hand-offs and
      the user's own included, must match some call of the run, the agent's or the
      user's (``metadata.user_tool_calls``), by name and by exact value on the action's
      ``compare_args`` (without them, on the arguments the call gives); in any order, a
      call may match several, a failed call or one the run ended before answering counts,
      and other calls do not matter. None of the arguments above applies but ``match``.
      With no record of the user's calls, the user's actions the agent's calls do not
      match cannot be checked: the check says so and counts them.
    - neither (telecom's ``ENV_ASSERTION`` tasks): skipped, naming the basis.

    With both, both must hold. Where the basis also names a part no check here decides
    (``NL_ASSERTION``, judged by a model; ``ENV_ASSERTION``, the environment's final state),
    a pass says that the reward also rests on it.

    A trace with a tool call it does not name (`ToolCall.name` None: an imported span that
    records no tool's name) is skipped: by name and by effect alike, an unnamed call may
    be any expected action, or an unexpected change, so neither part can be decided.

    Args:
        match: compare names and arguments, or names only.
        order: check the order at all (``false``: any order).
        extra_writes: whether an unexpected database change fails the check.
        ignore: tools neither required nor counted (by default the hand-off to a human,
            which τ-bench's reward does not replay).
        reads: the tools that only read; by default ``get_*``, ``search_*``, ``list_*``,
            ``find_*``, ``calculate`` and ``think``.
        normalize: which of ``order``, ``sorted_ids``, ``noop_swaps``, ``unused_args``,
            ``noop_writes``, ``same_failure`` apply.
        basis: ``task`` (the parts the task's reward basis names), ``all`` (every part:
            the database and the actions, whatever the task says), or a list of parts
            (``[DB]``, ``[DB, ACTION]``).
    """
    ignored = set(ignore)
    read_set = set(reads) if reads is not None else None
    rules = tuple(dict.fromkeys(normalize))

    def writes(name: str) -> bool:
        if name in ignored:
            return False
        return name not in read_set if read_set is not None else not is_read_only(name)

    def by_effect(ctx: CheckContext, expected: list[Write]) -> Verdict:
        wanted = [w for w in expected if writes(w.name)]
        calls = ctx.trace.tool_calls
        unchanged = unchanged_writes(calls) if "noop_writes" in rules else set()
        made = [
            Write(c.name, c.arguments, index=i, error=c.error)
            for i, c in enumerate(calls)
            if c.name is not None and writes(c.name) and i not in unchanged
        ]
        tau2 = "tau2" in str(ctx.case.metadata.get("source") or ctx.trace.metadata.get("source"))
        result = compare_writes(
            wanted, made, normalize=rules, names_only=match == "names", order=order, tau2=tau2
        )
        numbers: dict[str, Any] = {
            "expected": len(wanted),
            "matched": len(result.matched),
            "failed_alike": len(result.failed_alike),
            "missing": len(result.missing),
            "extra": len(result.extra),
            "out_of_order": len(result.out_of_order),
            "reordered": result.reordered,
            "unchanged": len(unchanged),
            "not_checked": sum(
                1 for c in ctx.trace.tool_calls if c.name is None or not writes(c.name)
            ),
        }
        fails_extra = extra_writes == "fail" and bool(result.extra)
        if not result.missing and not fails_extra and not result.out_of_order:
            why = _why_passed(result, len(wanted), match, order, len(unchanged))
            return passed(why, **numbers)
        return failed(
            _why_failed(result, len(wanted), fails_extra),
            evidence=_evidence(result, made, rules, tau2, fails_extra)[:20],
            **numbers,
        )

    def run(ctx: CheckContext) -> Verdict:
        gt = ctx.case.ground_truth
        expected = expected_writes(gt)
        if expected is None:
            return skipped("the case has no expected actions (ground_truth.actions)")
        if (unnamed := _unnamed_calls(ctx)) is not None:
            return unnamed
        parts = chosen_basis(gt, basis)
        if "DB" not in parts and "ACTION" not in parts:
            return skipped(
                f"{_basis_words(parts, basis)}, neither DB nor ACTION: its expected actions "
                "are one way to solve it, not required, and its database is not compared"
                + _rests(gt, parts)
            )
        verdicts: list[tuple[str, Verdict]] = []
        if "DB" in parts:
            verdicts.append(("database", by_effect(ctx, expected)))
        if "ACTION" in parts:
            verdicts.append(("actions", tau2_actions(ctx, gt, names_only=match == "names")))
        notes = []
        users = user_actions(gt)
        if users and "DB" in parts:
            notes.append(
                f"{len(users)} expected action(s) of the user not compared by effect "
                "(they change the user's device, which the trace does not show)"
            )
        notes.extend(_recorded_basis(ctx, gt, basis))
        merged = _merge(verdicts, notes)
        if merged.status == "pass":
            text = _with_rest(merged.explanation, gt, parts)
            return merged.model_copy(update={"explanation": text})
        return merged

    return run


def tau2_actions(ctx: CheckContext, ground_truth: Any, *, names_only: bool = False) -> Verdict:
    """τ²-bench's action check (its ``ACTION`` part) on a trace.

    Each expected action, the agent's (``ground_truth.actions``) and the user's
    (``ground_truth.user_actions``), must match some call of the run, as
    ``Action.compare_with_tool_call`` in τ²-bench's ``src/tau2/data_model/tasks.py`` and
    ``_check_actions`` in ``src/tau2/evaluator/evaluator_action.py`` match it: the same
    tool name, and equal values on the action's ``compare_args`` (an empty list: the name
    alone), or, when it has none, on the arguments the call gives (so an argument the
    call leaves out is not compared and one the action lacks fails the match). Values are
    compared exactly (Python's ``==``). No order, no count: one call may match several
    actions, failed calls count (τ²-bench reads the requests, not their results), and
    other calls do not fail it. The calls are the agent's (those that ran and those the run
    ended before answering) and the user's, where the trace records them
    (``metadata.user_tool_calls``, which `from_tau2` keeps); τ²-bench does not compare
    who made a call. A trace with a call it does not name is skipped (`expected_actions`).
    """
    if (unnamed := _unnamed_calls(ctx)) is not None:
        return unnamed
    agent = [(a, "assistant") for a in _agent_actions(ground_truth)]
    wanted = agent + [(a, "user") for a in user_actions(ground_truth)]
    calls, user_known = _tau2_calls(ctx)
    found: list[Evidence] = []
    missing: list[Evidence] = []
    unknown = 0
    for want, requestor in wanted:
        hit = next((c for c in calls if _action_matches(want, c[0], c[1], names_only)), None)
        if hit is not None:
            found.append(Evidence(text=f"expected {_cut(want.render(), 200)}", where=hit[2]))
        elif requestor == "user" and not user_known:
            unknown += 1
        else:
            missing.append(_missing_action(want, requestor, calls))
    numbers: dict[str, Any] = {
        "actions_expected": len(wanted),
        "actions_matched": len(found),
        "actions_missing": len(missing),
    }
    if any(r == "user" for _, r in wanted):
        numbers["user_actions"] = sum(1 for _, r in wanted if r == "user")
        numbers["user_not_checked"] = unknown
    unknown_note = (
        f"; {unknown} expected action(s) of the user not checked: the trace does not record "
        "the user's tool calls"
        if unknown
        else ""
    )
    if missing:
        return failed(
            f"{len(missing)} of {len(wanted)} expected action(s) matched by no call{unknown_note}",
            evidence=missing[:20],
            **numbers,
        )
    if not wanted:
        return passed("no action expected", **numbers)
    checked = len(wanted) - unknown
    return passed(
        f"all {checked} expected action(s) matched by a call of the run{unknown_note}",
        evidence=found[:20],
        **numbers,
    )


def _unnamed_calls(ctx: CheckContext) -> Verdict | None:
    """The skip of a trace with a tool call it does not name; None when it names them all."""
    unnamed = [i for i, c in enumerate(ctx.trace.tool_calls) if c.name is None]
    if not unnamed:
        return None
    return skipped(
        f"the trace names no tool for {count_of(len(unnamed), 'call')} (first "
        f"tool_calls[{unnamed[0]}]): which actions the run took is not in the trace"
    )


def user_actions(ground_truth: Any) -> list[Write]:
    """The expected actions of the user (``ground_truth.user_actions``, τ²-bench's telecom)."""
    if not isinstance(ground_truth, dict) or not isinstance(ground_truth.get("user_actions"), list):
        return []
    return _writes(ground_truth["user_actions"])


def _agent_actions(ground_truth: Any) -> list[Write]:
    return expected_writes(ground_truth) or []


def _writes(items: list[Any]) -> list[Write]:
    out = []
    for a in items:
        if not isinstance(a, dict) or not a.get("name"):
            continue
        args = a.get("arguments", a.get("kwargs")) or {}
        compare = a.get("compare_args")
        out.append(
            Write(str(a["name"]), dict(args), list(compare) if compare is not None else None)
        )
    return out


def _tau2_calls(ctx: CheckContext) -> tuple[list[tuple[str, dict[str, Any], str]], bool]:
    """Every call of the run (name, arguments, where), and whether the user's are known."""
    calls: list[tuple[str, dict[str, Any], str]] = [
        (c.name, c.arguments, f"tool_calls[{i}]")
        for i, c in enumerate(ctx.trace.tool_calls)
        if c.name is not None
    ]
    ran = {c.id for c in ctx.trace.tool_calls if c.id is not None}
    for j, m in enumerate(ctx.trace.messages):
        for r in m.tool_calls:
            if r.id is not None and r.id not in ran:
                calls.append((r.name, r.arguments, f"messages[{j}]"))  # asked, never answered
    recorded = ctx.trace.metadata.get("user_tool_calls")
    if not isinstance(recorded, list):
        return calls, False
    for k, c in enumerate(recorded):
        if isinstance(c, dict) and c.get("name"):
            args = c.get("arguments")
            where = f"metadata.user_tool_calls[{k}]"
            calls.append((str(c["name"]), args if isinstance(args, dict) else {}, where))
    return calls, True


def _action_matches(want: Write, name: str, arguments: dict[str, Any], names_only: bool) -> bool:
    """τ²-bench's ``Action.compare_with_tool_call`` (``names_only``: the name alone)."""
    if name != want.name:
        return False
    if names_only:
        return True
    keys = want.compare_args if want.compare_args is not None else list(arguments)
    if not keys:
        return True
    got = {k: v for k, v in arguments.items() if k in keys}
    expected = {k: v for k, v in want.arguments.items() if k in keys}
    return bool(got == expected)


def _missing_action(
    want: Write, requestor: str, calls: list[tuple[str, dict[str, Any], str]]
) -> Evidence:
    who = "the user's " if requestor == "user" else ""
    text = f"expected {who}{_cut(want.render(), 300)}"
    same = [c for c in calls if c[0] == want.name]
    if not same:
        return Evidence(text=f"{text}: never called", where="case")
    name, args, where = same[0]
    keys = want.compare_args if want.compare_args is not None else list(args)
    diff = next((k for k in keys if args.get(k, _ABSENT) != want.arguments.get(k, _ABSENT)), None)
    shown = (
        f"{diff} is {_cut(repr(args.get(diff, '(absent)')))}, expected "
        f"{_cut(repr(want.arguments.get(diff, '(absent)')))}"
        if diff is not None
        else "differs"
    )
    return Evidence(text=f"{text}: {where} {shown}", where=where)


_ABSENT = object()


def _merge(verdicts: list[tuple[str, Verdict]], notes: list[str]) -> Verdict:
    """One verdict from the parts' (both must hold), with `notes` added to the explanation."""
    if len(verdicts) == 1:
        verdict = verdicts[0][1]
        if not notes:
            return verdict
        text = "; ".join([verdict.explanation, *notes])
        return verdict.model_copy(update={"explanation": text})
    status = "fail" if any(v.status == "fail" for _, v in verdicts) else "pass"
    text = "; ".join(
        [*(f"{part}: {v.explanation}" for part, v in verdicts if v.explanation), *notes]
    )
    evidence = [e for _, v in verdicts if v.status == status for e in v.evidence][:20]
    numbers = {k: n for _, v in verdicts for k, n in v.metadata.items()}
    make = passed if status == "pass" else failed
    return make(text, evidence=evidence, **numbers)


def _basis_words(parts: Sequence[str], basis: Basis) -> str:
    if basis == "task":
        return f"the task's reward basis is {describe_basis(parts)}"
    return f"the check's basis is {describe_basis(parts)}"


def _rests(ground_truth: Any, parts: Sequence[str]) -> str:
    """``; the reward rests on ...`` for a skip's reason (empty when nothing else counts)."""
    note = rests_on(ground_truth, parts, also=False)
    return f"; {note}" if note else ""


def _with_rest(text: str, ground_truth: Any, parts: Sequence[str]) -> str:
    """A pass's explanation, with what else the reward rests on."""
    note = rests_on(ground_truth, parts)
    return f"{text}; {note}" if note else text


def _recorded_basis(ctx: CheckContext, ground_truth: Any, basis: Basis) -> list[str]:
    """A note when the run was graded on another basis than the task names."""
    recorded = ctx.trace.metadata.get("reward_basis")
    if basis != "task" or not isinstance(recorded, list) or not graded(ctx.trace.metadata):
        return []
    task = chosen_basis(ground_truth, "task")
    if sorted(map(str, recorded)) == sorted(task):
        return []
    return [
        f"the run was graded on {describe_basis([str(r) for r in recorded])} "
        f"(its reward_info), the task names {describe_basis(task)}"
    ]


def expected_writes(ground_truth: Any) -> list[Write] | None:
    """The agent's expected actions of a case's ground truth, or None when it has none."""
    if not isinstance(ground_truth, dict) or not isinstance(ground_truth.get("actions"), list):
        return None
    return _writes(
        [
            a
            for a in ground_truth["actions"]
            if not isinstance(a, dict) or a.get("requestor", "assistant") == "assistant"
        ]
    )


def _why_passed(
    result: Comparison, wanted: int, match: str, order: bool, unchanged: int = 0
) -> str:
    if not wanted:
        if result.extra:
            return f"no change expected; {len(result.extra)} allowed unexpected write(s)"
        return "no change expected and none made"
    what = "names" if match == "names" else "arguments"
    why = f"all {wanted} expected change(s) made with matching {what}"
    if order and not result.reordered:
        why += ", in order"
    notes = []
    if order and result.reordered:
        notes.append(
            f"in order where it matters ({result.reordered} pair(s) of independent writes "
            "in another order)"
        )
    if result.failed_alike:
        notes.append(
            f"{len(result.failed_alike)} failed for the agent as in τ-bench's replay (no change)"
        )
    if result.extra:
        notes.append(f"{len(result.extra)} allowed unexpected write(s)")
    if unchanged:
        notes.append(f"{unchanged} write(s) set what the trace already showed (no change)")
    return why + ("; " + "; ".join(notes) if notes else "")


def _why_failed(result: Comparison, wanted: int, fails_extra: bool) -> str:
    reasons = []
    if result.missing:
        reasons.append(f"{len(result.missing)} of {wanted} expected change(s) not made as expected")
    if fails_extra:
        reasons.append(f"{len(result.extra)} unexpected change(s)")
    if result.out_of_order:
        reasons.append(
            f"{len(result.out_of_order)} pair(s) of dependent changes made in the other order"
        )
    return "; ".join(reasons)


def _evidence(
    result: Comparison,
    made: list[Write],
    rules: Sequence[Normalization],
    tau2: bool,
    fails_extra: bool,
) -> list[Evidence]:
    done = [w for w in made if w.error is None]
    matched = {id(m) for _, m in result.matched}
    out = []
    for want in result.missing:
        out.append(_missing_evidence(want, done, matched, rules, tau2))
    if fails_extra:
        out.extend(
            Evidence(text=f"unexpected: {_cut(w.render(), 300)}", where=f"tool_calls[{w.index}]")
            for w in result.extra
        )
    for later, earlier in result.out_of_order:
        out.append(
            Evidence(
                text=f"tool_calls[{later.index}] {later.name} was expected after "
                f"tool_calls[{earlier.index}] {earlier.name}, and the two change the same field",
                where=f"tool_calls[{later.index}]",
            )
        )
    return out


def _missing_evidence(
    want: Write, done: list[Write], matched: set[int], rules: Sequence[Normalization], tau2: bool
) -> Evidence:
    same_name = [w for w in done if w.name == want.name]
    free = [w for w in same_name if id(w) not in matched] or same_name
    if not free:
        return Evidence(text=f"expected {_cut(want.render(), 300)}: never called", where="case")
    call = free[0]
    diff = first_difference(want, call.arguments, rules, tau2=tau2)
    return Evidence(
        text=f"expected {_cut(want.render(), 300)}: tool_calls[{call.index}] differs: "
        f"{diff or 'matched an earlier expected action'}",
        where=f"tool_calls[{call.index}]",
    )


def _cut(text: str, limit: int = 120) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


@check(layer="outcome", name="tau/expected_outputs")
def expected_outputs(basis: Basis = "task") -> CheckFn:
    """Require every expected output (``ground_truth.outputs``) in some reply of the agent.

    As τ-bench does: an output counts when it occurs, case-insensitively, in one of the
    assistant's messages with commas removed. Skips a case that expects no outputs, and a
    τ²-bench task whose reward basis (``ground_truth.reward_basis``) leaves out
    ``COMMUNICATE``: τ²-bench does not grade its ``communicate_info`` then. Where the basis
    also names a part no check here decides (``NL_ASSERTION``, ``ENV_ASSERTION``), a pass
    says that the reward also rests on it.

    Args:
        basis: ``task`` (the task's reward basis), ``all`` (require the outputs whatever
            the task says), or a list of parts (the outputs are required when it holds
            ``COMMUNICATE``).
    """

    def run(ctx: CheckContext) -> Verdict:
        gt = ctx.case.ground_truth
        outputs = gt.get("outputs") if isinstance(gt, dict) else None
        parts = chosen_basis(gt, basis)
        if "COMMUNICATE" not in parts:
            what = (
                f"its {len(outputs)} expected output(s) are not required"
                if outputs
                else "nothing the agent says is required"
            )
            return skipped(
                f"{_basis_words(parts, basis)}, without COMMUNICATE: {what}" + _rests(gt, parts)
            )
        if not outputs:
            return skipped("the case expects no particular information in the replies")
        replies = [
            (i, m.content.lower().replace(",", ""))
            for i, m in enumerate(ctx.trace.messages)
            if m.role == "assistant" and m.content
        ]
        if not replies and ctx.output:
            replies = [(-1, ctx.output.lower().replace(",", ""))]
        found: list[Evidence] = []
        missing = []
        for output in outputs:
            hit = next((i for i, text in replies if str(output).lower() in text), None)
            if hit is None:
                missing.append(str(output))
            else:
                where = f"messages[{hit}]" if hit >= 0 else "output"
                found.append(Evidence(text=str(output), where=where))
        numbers: dict[str, Any] = {"expected": len(outputs), "missing": len(missing)}
        if missing:
            return failed(
                f"never told the user {', '.join(repr(m) for m in missing)}",
                evidence=[Evidence(text=m, where="messages") for m in missing],
                **numbers,
            )
        why = _with_rest(f"told the user all {len(outputs)} expected output(s)", gt, parts)
        return passed(why, evidence=found, **numbers)

    return run


@check(layer="outcome", name="tau/reward")
def reward() -> CheckFn:
    """Pass when the reward τ-bench (or τ²-bench) recorded for the run is 1.

    The importers keep the recorded reward in the trace's metadata (``reward``); τ-bench
    counts a run a success when it is 1 (within 1e-6, its ``is_successful``). With this
    check in a suite over imported runs, ``fourfold consistency`` gives τ-bench's own
    pass^k. A run the benchmark did not grade (`graded`: τ-bench stopped it at the step
    limit, τ²-bench cut it short) fails with its default reward 0, as the benchmark's
    pass^k counts it; a reward the
    importer flagged as unsound (``reward_flags`` in the metadata) is still graded as
    recorded, and the explanation names the flags. Skips a trace that records no reward.
    """

    def run(ctx: CheckContext) -> Verdict:
        meta = ctx.trace.metadata
        value = meta.get("reward")
        if isinstance(value, bool) or not isinstance(value, int | float):
            return skipped("the trace records no benchmark reward (metadata.reward)")
        notes = []
        if not graded(meta):
            notes.append("the benchmark did not grade this run; its reward is the default")
        flags = meta.get("reward_flags")
        if isinstance(flags, list) and flags:
            notes.append("flagged at import: " + ", ".join(str(f) for f in flags))
        note = f" ({'; '.join(notes)})" if notes else ""
        if abs(float(value) - 1) <= 1e-6:
            return passed(f"the recorded reward is {value:g}{note}", score=float(value))
        return failed(f"the recorded reward is {value:g}, not 1{note}", score=float(value))

    return run


def graded(metadata: dict[str, Any]) -> bool:
    """True unless the benchmark left the run ungraded, its reward a default 0.

    τ-bench grades a run when the episode ends (``reward_info`` is null for a run cut at
    the step limit); τ²-bench gives a run cut short (agent error, too many steps) no
    ``reward_breakdown``.
    """
    source = metadata.get("source")
    if source == "tau-bench":
        return metadata.get("reward_info") is not None
    if source == "tau2-bench":
        return metadata.get("reward_breakdown") is not None
    return True
