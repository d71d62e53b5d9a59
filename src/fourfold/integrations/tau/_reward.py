"""When a recorded τ-bench reward cannot be trusted: flags set at import.

A τ-bench results file records a reward per run, and fourfold's checks are measured
against it. Some files record rewards that the run cannot have earned, and the reason
shows in the file itself. The importer marks such runs with ``reward_flags`` in their
metadata, ``fourfold import`` counts them, and ``tau/reward`` names them:

``text_tool_calls``
    Rewarded, the task expects database changes, and the trace made no successful change:
    the agent wrote its tool calls as text in its replies (``<tool_call>`` blocks, JSON
    with ``"name"`` and ``"arguments"``), nothing executed them, and no tool result came
    back. Models served without a tool-call parser do this.
``expected_changes_not_applied``
    Rewarded, yet some expected change had no effect when the benchmark replayed it, so
    the reward does not say it was made. The file shows it in two ways. The database
    τ-bench expected (its ``gt_data_hash``) is the one it expected for a task that changes
    nothing, or for a task that expects other changes: replaying this task's changes left
    the database as it was. Or the trace never called the tool of an expected change
    successfully, yet the database matched: no other tool leaves the same fields as it
    does (a return, an exchange, a cancellation each set their own status), so the
    expected call changed nothing. Either the expected action cannot be carried out in
    the environment (τ-bench's retail task 64 exchanges items of an order that is not
    delivered) or the grader did not apply it (a run whose tools were never executed).

Both speak of the database, so neither is set for a τ²-bench task whose reward basis
leaves it out (`fourfold.integrations.tau._basis`): there a reward earned without the
expected changes is no contradiction.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Sequence
from typing import Any, Literal, get_args

from .._common import ImportedTrace
from ._basis import basis_of
from ._effects import HANDOFF_TOOLS, is_read_only
from ._react import API_OUTPUT

__all__ = ["RewardFlag", "REWARD_FLAGS", "flag_rewards", "reward_flags_of"]

RewardFlag = Literal["text_tool_calls", "expected_changes_not_applied"]
REWARD_FLAGS: tuple[RewardFlag, ...] = get_args(RewardFlag)

_TEXT_CALL = re.compile(r"""["']name["']\s*:\s*["'][A-Za-z_][\w.-]*["']\s*,\s*["']arguments["']""")
"""A call written as text: ``{"name": "cancel_pending_order", "arguments": ...}``."""


def flag_rewards(imported: Sequence[ImportedTrace]) -> list[ImportedTrace]:
    """The traces of one τ-bench or τ²-bench file, with ``reward_flags`` where earned.

    A trace keeps its metadata untouched when no flag applies. The flags need the whole
    file: ``expected_changes_not_applied`` compares the expected-database hashes of all
    its runs.
    """
    unchanged = _unchanged_hashes(imported)
    out = []
    for item in imported:
        flags = _flags(item, unchanged)
        if not flags:
            out.append(item)
            continue
        metadata = {**item.metadata, "reward_flags": flags}
        trace = item.trace.model_copy(update={"metadata": {**item.trace.metadata, **metadata}})
        out.append(item.model_copy(update={"metadata": metadata, "trace": trace}))
    return out


def reward_flags_of(metadata: dict[str, Any]) -> list[str]:
    """The flags an import put in a trace's metadata (none: an empty list)."""
    flags = metadata.get("reward_flags")
    return [str(f) for f in flags] if isinstance(flags, list) else []


def _flags(item: ImportedTrace, unchanged: set[str]) -> list[RewardFlag]:
    if not _rewarded(item) or item.case is None:
        return []
    if "DB" not in basis_of(item.case.ground_truth):
        return []  # a τ²-bench task graded without the database: its changes are not required
    writes = _expected_writes(item.case.ground_truth)
    if not writes:
        return []
    flags: list[RewardFlag] = []
    # a successful call the trace does not name may have changed anything, the expected
    # changes too: it is a change made, and no expected change is known not to be it
    made = [
        c for c in item.trace.tool_calls if c.error is None and (c.name is None or _changes(c.name))
    ]
    if not made and _written_as_text(item):
        flags.append("text_tool_calls")
    called = {c.name for c in made}
    missed = None not in called and any(name not in called for name, _ in writes)
    if _gt_hash(item) in unchanged or missed:
        flags.append("expected_changes_not_applied")
    return flags


def _unchanged_hashes(imported: Sequence[ImportedTrace]) -> set[str]:
    """Expected-database hashes that cannot be the effect of the expected changes.

    The hash of a task that expects no change is the unchanged database's. A hash shared
    by tasks that expect different changes is one their changes did not reach.
    """
    by_hash: dict[str, set[str]] = defaultdict(set)
    for item in imported:
        digest = _gt_hash(item)
        if digest is None or item.case is None:
            continue
        writes = _expected_writes(item.case.ground_truth)
        by_hash[digest].add(json.dumps(writes, sort_keys=True, default=str))
    empty = json.dumps([])
    return {h for h, kinds in by_hash.items() if empty in kinds or len(kinds) > 1}


def _expected_writes(ground_truth: Any) -> list[tuple[str, Any]]:
    if not isinstance(ground_truth, dict) or not isinstance(ground_truth.get("actions"), list):
        return []
    return [
        (str(a["name"]), a.get("arguments", a.get("kwargs")))
        for a in ground_truth["actions"]
        if isinstance(a, dict) and a.get("name") and _changes(str(a["name"]))
    ]


def _changes(name: str) -> bool:
    return not is_read_only(name) and name not in HANDOFF_TOOLS


def _written_as_text(item: ImportedTrace) -> bool:
    """True when a reply writes a tool call as text and no tool answered any call."""
    answered = any(
        m.role == "tool" or (m.role == "user" and (m.content or "").startswith(API_OUTPUT))
        for m in item.trace.messages
    )
    if answered:
        return False
    return any(
        m.role == "assistant" and isinstance(m.content, str) and _TEXT_CALL.search(m.content)
        for m in item.trace.messages
    )


def _rewarded(item: ImportedTrace) -> bool:
    value = item.metadata.get("reward")
    return isinstance(value, int | float) and not isinstance(value, bool) and value >= 1 - 1e-6


def _gt_hash(item: ImportedTrace) -> str | None:
    info = item.metadata.get("reward_info")
    digest = info.get("gt_data_hash") if isinstance(info, dict) else None
    return digest if isinstance(digest, str) and digest else None
