"""One trial as the report shows it: a row of the case table, and its detail on demand.

The detail is plain JSON the page's script turns into DOM nodes (with ``textContent``,
never markup): every text shown is a *segment* with an id, the timeline refers to segments,
and each piece of evidence is located in a segment with offsets in UTF-16 code units (the
unit of JavaScript strings), so the script can wrap it in ``<mark>`` without searching.

Where evidence is located: a span of the output with offsets (`Evidence.start`/`end`)
is taken as given; otherwise the quoted text is looked for, in the places its ``where``
names (``output``, ``tool_calls[3]``, ``passages[4.2]``, ``messages``, ``input``...), the
way a judge's quote is verified (`fourfold.judges.find_quote`: whitespace, case and
typographic quotes aside). Evidence that names a tool call also flags the call's card.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from typing import Any

from ...cases import Case
from ...judges import Source, find_quote
from ...runs import (
    LAYERS,
    MODEL_CALLS_KEY,
    REVIEW_KEY,
    CheckResult,
    Evidence,
    Layer,
    Trial,
    layer_status,
    review_of,
)

__all__ = [
    "LAYER_WEIGHT",
    "MAX_SEGMENT",
    "TrialRow",
    "trial_detail",
    "trial_row",
    "utf16_offset",
]

MAX_SEGMENT = 100_000
"""Characters of one text kept in a detail; the rest is cut (and the cut said)."""

MAX_WHY = 160
"""Characters of the first failure's explanation kept in the case table."""

MAX_META = 400
"""Characters of one metadata value shown beside a result."""

_ONE_LINE = 80
"""JSON up to this long stays on one line."""

MAX_RAW = 20_000
"""Characters of a judge's raw reply kept."""

LAYER_WEIGHT: dict[Layer, int] = {"policy": 8, "trajectory": 4, "grounding": 2, "outcome": 1}
"""How much a failure in each layer weighs when the case table sorts by severity: one
policy failure outweighs failures in every other layer together."""

_SCALARS = (str, int, float, bool)
_STATUS_CHAR = {"pass": "p", "fail": "f", "error": "e", "skip": "s"}
_STATUS_ORDER = {"fail": 0, "error": 1, "pass": 2, "skip": 3}
_CALL_WHERE = re.compile(r"^tool_calls\[(\d+)\]$")
_PASSAGE_WHERE = re.compile(r"^passages\[(.+)\]$")

TrialRow = list[Any]
"""A case-table row: ``[case_id, repeat, verdict, layers, severity, strata, latency_s,
cost_usd, failing_checks, why]``, where `layers` has one character per layer in `LAYERS`
order (``p`` pass, ``f`` fail, ``e`` a check could not decide, ``s`` skipped, ``-`` no
result) and `strata` lists indexes into the report's stratum list."""


def utf16_offset(text: str, index: int) -> int:
    """The offset in UTF-16 code units of the character at `index` of `text`.

    Examples:
        >>> utf16_offset("a😀b", 2)
        3
    """
    if text.isascii():
        return index
    return len(text[:index].encode("utf-16-le")) // 2


def trial_verdict(trial: Trial) -> str:
    """``error`` (the agent failed or a check could not decide), ``fail`` or ``pass``."""
    if trial.status == "error":
        return "error"
    statuses = {r.status for r in trial.results}
    if "fail" in statuses:
        return "fail"
    if "error" in statuses:
        return "error"
    return "pass"


def layer_chars(results: Iterable[CheckResult]) -> str:
    """One character per layer: the trial's status in it (see `TrialRow`)."""
    by_layer: dict[Layer, list[CheckResult]] = {layer: [] for layer in LAYERS}
    for r in results:
        by_layer[r.layer].append(r)
    return "".join(
        _STATUS_CHAR[layer_status(rs)] if rs else "-" for rs in (by_layer[lay] for lay in LAYERS)
    )


def severity(trial: Trial) -> int:
    """How bad a trial is, for sorting: failing layers by weight, then errors, then checks.

    The failing layers' `LAYER_WEIGHT` add up in the high digits, so any policy failure
    sorts before any trial without one; an agent error comes next, then a check that could
    not decide, then the number of failing checks.
    """
    failing = {r.layer for r in trial.results if r.status == "fail"}
    weight = sum(LAYER_WEIGHT[layer] for layer in failing)
    n_failed = sum(1 for r in trial.results if r.status == "fail")
    check_errors = any(r.status == "error" for r in trial.results)
    return weight * 10_000 + (trial.status == "error") * 2_000 + check_errors * 1_000 + n_failed


def trial_latency(trial: Trial) -> float | None:
    """Seconds the agent took: the trial's, else the trace's."""
    if trial.latency_s is not None:
        return trial.latency_s
    return trial.trace.latency_s if trial.trace is not None else None


def trial_cost(trial: Trial) -> float | None:
    """What the agent's model calls cost, when the trace says."""
    return trial.trace.usage.cost_usd if trial.trace is not None else None


def trial_row(trial: Trial, strata: Iterable[int]) -> TrialRow:
    """The case-table row of `trial` (see `TrialRow`)."""
    failing = [r for r in trial.results if r.status == "fail"]
    failing.sort(key=lambda r: -LAYER_WEIGHT[r.layer])
    if trial.status == "error":
        why = f"agent error: {trial.error or ''}"
    elif failing:
        first = failing[0]
        why = f"{first.check}: {first.explanation}"
    else:
        errors = [r for r in trial.results if r.status == "error"]
        why = f"{errors[0].check}: {errors[0].explanation}" if errors else ""
    latency = trial_latency(trial)
    cost = trial_cost(trial)
    return [
        trial.case_id,
        trial.repeat,
        trial_verdict(trial),
        layer_chars(trial.results),
        severity(trial),
        list(strata),
        None if latency is None else round(latency, 4),
        None if cost is None else round(cost, 6),
        list(dict.fromkeys(r.check for r in failing)),
        _cut(why, MAX_WHY),
    ]


def trial_detail(trial: Trial, case: Case | None, *, key: str) -> dict[str, Any]:
    """Everything the page shows when a trial is opened, as JSON-able data.

    Args:
        trial: the trial.
        case: its case (for the expected outcome and strata), if known.
        key: the trial's key in the report (``t12``; ``b3`` for the baseline's).

    Returns:
        ``{key, case_id, repeat, status, verdict, layers, latency, cost, tokens, turns,
        case, segs, timeline, results}``. `segs` maps segment ids to texts; `case` holds
        the case's ``expected`` and ``focus`` (segment ids), ``strata`` and ``tags``;
        `timeline` lists the items to draw in order (``message``, ``call``,
        ``passages``, ``output``, ``structured``, ``error``), naming their texts by
        segment id. A result is ``{c: check, l: layer, s: status, v: score, x:
        explanation, e: evidence, m: [[key, value]...], r: raw judge replies, w: the review
        in force, in words (`review_line`)}`` (empty ones left out); a piece of evidence is
        ``{t: text, w: where, k: the tool call it names, g: segment, a: start, b: end}``,
        the offsets in UTF-16 code units, the segment and offsets only when it was found in
        the text.
    """
    builder = _Builder()
    trace = trial.trace
    timeline: list[dict[str, Any]] = []
    case_info: dict[str, Any] | None = None
    if case is not None:
        case_info = {
            "expected": builder.seg("exp", case.expected),
            "focus": builder.seg("focus", case.focus),
            "strata": dict(case.strata),
            "tags": list(case.tags),
        }
    if trial.status == "error" and trial.error:
        timeline.append({"kind": "error", "seg": builder.seg("err", trial.error)})
    if trace is not None:
        timeline.extend(_timeline(trace, case, builder))
        if trace.error and trace.error != trial.error:
            timeline.append({"kind": "error", "seg": builder.seg("terr", trace.error)})
    elif case is not None:
        timeline.append(
            {"kind": "message", "role": "user", "seg": builder.seg("in", case.user_text)}
        )
    results = sorted(
        trial.results, key=lambda r: (_STATUS_ORDER[r.status], -LAYER_WEIGHT[r.layer], r.check)
    )
    usage = trace.usage if trace is not None else None
    return {
        "key": key,
        "case_id": trial.case_id,
        "repeat": trial.repeat,
        "status": trial.status,
        "verdict": trial_verdict(trial),
        "layers": layer_chars(trial.results),
        "latency": trial_latency(trial),
        "cost": None if usage is None else usage.cost_usd,
        "tokens": None if usage is None else usage.recorded_tokens,
        "turns": None if trace is None else trace.turn_count,
        "case": case_info,
        "segs": builder.texts,
        "timeline": timeline,
        "results": [_result(r, builder) for r in results],
    }


class _Builder:
    """Collects the segments of one detail and the sources evidence is looked for in."""

    def __init__(self) -> None:
        self.texts: dict[str, str] = {}
        self.full: dict[str, str] = {}
        self.groups: dict[str, list[str]] = {}

    def seg(self, seg_id: str, text: str | None, *groups: str) -> str | None:
        if text is None or text == "":
            return None
        self.full[seg_id] = text
        self.texts[seg_id] = (
            text
            if len(text) <= MAX_SEGMENT
            else text[:MAX_SEGMENT] + f"\n… {len(text) - MAX_SEGMENT:,} more characters cut"
        )
        for group in groups:
            self.groups.setdefault(group, []).append(seg_id)
        return seg_id

    def sources(self, seg_ids: Iterable[str]) -> list[Source]:
        return [Source(s, self.full[s]) for s in seg_ids if s in self.full]

    def everything(self) -> list[str]:
        return list(self.full)


def _timeline(trace: Any, case: Case | None, b: _Builder) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    calls_by_id = {c.id: i for i, c in enumerate(trace.tool_calls) if c.id}
    placed: set[int] = set()
    output = trace.text
    messages = list(trace.messages)
    last_assistant = max(
        (i for i, m in enumerate(messages) if m.role == "assistant" and m.content),
        default=None,
    )
    skip_message = (
        last_assistant
        if last_assistant is not None and output and messages[last_assistant].content == output
        else None
    )
    if not any(m.role == "user" for m in messages) and case is not None:
        items.append(
            {"kind": "message", "role": "user", "seg": b.seg("in", case.user_text, "input")}
        )
    tail: list[dict[str, Any]] = []
    for i, m in enumerate(messages):
        if i == skip_message:
            if m.tool_calls:  # its text is the output, shown last; its requests stay here
                items.append({"kind": "message", "role": m.role, "calls": _requested(m)})
            tail = _rest(trace, placed, b)
            items.extend(tail)
            items.append({"kind": "output", "seg": b.seg("out", output, "output")})
            continue
        if m.role == "tool" and m.tool_call_id in calls_by_id:
            index = calls_by_id[m.tool_call_id]
            if index not in placed:
                placed.add(index)
                items.append(_call(index, trace.tool_calls[index], b))
            continue
        if not m.content and not m.tool_calls:
            continue
        group = ("messages", "input") if m.role == "user" else ("messages",)
        items.append(
            _compact(
                {
                    "kind": "message",
                    "role": m.role,
                    "name": m.name,
                    "seg": b.seg(f"m{i}", m.content, *group),
                    "calls": _requested(m) if m.tool_calls else None,
                }
            )
        )
    if skip_message is None:
        items.extend(_rest(trace, placed, b))
        if output:
            items.append({"kind": "output", "seg": b.seg("out", output, "output")})
    if trace.structured is not None and trace.output is not None:
        text = pretty_json(trace.structured)
        items.append({"kind": "structured", "seg": b.seg("st", text, "structured")})
    return items


def _requested(message: Any) -> list[dict[str, Any]]:
    """The calls an assistant turn requested, by name and id.

    A message that requested none gets no ``calls`` key: its item is as it was before.
    """
    return [_compact({"name": r.name, "id": r.id}) for r in message.tool_calls]


def _rest(trace: Any, placed: set[int], b: _Builder) -> list[dict[str, Any]]:
    """The calls no message placed, then the retrieved passages."""
    items = []
    for i, call in enumerate(trace.tool_calls):
        if i not in placed:
            placed.add(i)
            items.append(_call(i, call, b))
    if trace.passages and "passages" not in b.groups:
        items.append(
            {
                "kind": "passages",
                "items": [
                    _compact(
                        {
                            "id": p.id,
                            "source": p.source,
                            "score": p.score,
                            "seg": b.seg(f"p{i}", p.text, "passages", f"passage:{p.id}"),
                        }
                    )
                    for i, p in enumerate(trace.passages)
                ],
            }
        )
    return items


def pretty_json(value: Any) -> str:
    """`value` as JSON, one line per member of a top-level object or array.

    Deeper levels stay on one line: readable, and (unlike ``indent=``, which falls back to
    the pure-Python encoder) fast enough for 10,000 traces.

    Examples:
        >>> print(pretty_json({"a": [1, 2], "b": "x" * 80}))  # doctest: +ELLIPSIS
        {
          "a": [1, 2],
          "b": "xxx...x"
        }
    """

    def one(v: Any) -> str:
        return json.dumps(v, ensure_ascii=False, default=str, separators=(", ", ": "))

    whole = one(value)
    if len(whole) <= _ONE_LINE:
        return whole
    if isinstance(value, dict) and value:
        members = ",\n  ".join(f"{one(str(k))}: {one(v)}" for k, v in value.items())
        return "{\n  " + members + "\n}"
    if isinstance(value, list) and value and any(isinstance(v, dict | list) for v in value):
        return "[\n  " + ",\n  ".join(one(v) for v in value) + "\n]"
    return whole


def _call(i: int, call: Any, b: _Builder) -> dict[str, Any]:
    group = f"call:{i}"
    result = (
        None
        if call.result is None
        else call.result
        if isinstance(call.result, str)
        else pretty_json(call.result)
    )
    return _compact(
        {
            "kind": "call",
            "i": i,
            "name": call.display_name,
            "id": call.id,
            "dur": call.duration_s,
            "args": b.seg(
                f"c{i}a",
                pretty_json(call.arguments),
                "tool_calls",
                group,
            ),
            "result": b.seg(f"c{i}r", result, "tool_calls", group),
            "error": b.seg(f"c{i}e", call.error, "tool_calls", group),
        }
    )


def _compact(item: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in item.items() if v is not None}


def _result(r: CheckResult, b: _Builder) -> dict[str, Any]:
    meta: list[list[str]] = []
    raw: list[str] = []
    for name, value in r.metadata.items():
        if name in (MODEL_CALLS_KEY, REVIEW_KEY) or name.startswith("_"):
            continue
        if name in ("raw_reply", "replies"):
            values = value if isinstance(value, list) else [value]
            raw.extend(_cut(str(v), MAX_RAW) for v in values if v is not None)
            continue
        text = _meta_text(value)
        if text is not None:
            meta.append([name, _cut(text, MAX_META)])
    out: dict[str, Any] = {"c": r.check, "l": r.layer, "s": r.status}
    if r.score is not None:
        out["v"] = r.score
    if r.explanation:
        out["x"] = r.explanation
    judged = MODEL_CALLS_KEY in r.metadata
    if r.evidence:
        out["e"] = [_evidence(e, b, judged) for e in r.evidence]
    if meta:
        out["m"] = meta
    if raw:
        out["r"] = raw
    review = review_line(r)
    if review is not None:
        out["w"] = review
    return out


def review_line(r: CheckResult) -> str | None:
    """A reviewed result's review in words, the judge's original beside the score that counts.

    ``overridden by ana on 2026-01-02 09:30 (the judge gave 1, fail): the policy allows it``;
    None for a result nobody reviewed.
    """
    note = review_of(r)
    if note is None:
        return None
    at = str(note.get("at") or "")[:16].replace("T", " ")
    score = note.get("judge_score")
    judge = f"{'—' if score is None else f'{score:g}'}, {note.get('judge_status')}"
    head = "overridden" if note.get("action") == "override" else "accepted"
    line = f"{head} by {note.get('reviewer')}" + (f" on {at}" if at else "")
    line += f" (the judge gave {judge})"
    reason = note.get("reason")
    return line + (f": {reason}" if reason else "")


def _meta_text(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, _SCALARS):
        return str(value)
    if isinstance(value, list) and value:
        head = value[:50]
        if all(v is None or isinstance(v, _SCALARS) for v in head):
            more = f" … ({len(value) - len(head)} more)" if len(value) > len(head) else ""
            return ", ".join(str(v) for v in head) + more
    return None


def _evidence(e: Evidence, b: _Builder, judged: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"t": _cut(e.text, MAX_META * 5), "w": e.where}
    call = _CALL_WHERE.match(e.where)
    if call is not None:
        out["k"] = int(call.group(1))
    located = _locate(e, b, judged)
    if located is not None:
        seg, start, end = located
        text = b.full[seg]
        if end <= MAX_SEGMENT:
            out["g"] = seg
            out["a"] = utf16_offset(text, start)
            out["b"] = utf16_offset(text, end)
    return out


def _locate(e: Evidence, b: _Builder, judged: bool) -> tuple[str, int, int] | None:
    output = b.full.get("out")
    if (
        e.where == "output"
        and output is not None
        and e.start is not None
        and e.end is not None
        and 0 <= e.start < e.end <= len(output)
    ):
        return "out", e.start, e.end
    if not e.text.strip():
        return None
    places = _places(e.where, b)
    for seg in places:
        found = b.full[seg].find(e.text) if seg in b.full else -1
        if found >= 0:
            return seg, found, found + len(e.text)
    if not judged:
        return None
    # A judge's quote was verified forgivingly (case, whitespace, quotes): look for it so.
    match = find_quote(e.text, b.sources(places))
    if match is None or match.end <= match.start:
        return None
    return match.where, match.start, match.end


def _places(where: str, b: _Builder) -> list[str]:
    groups: Mapping[str, list[str]] = b.groups
    call = _CALL_WHERE.match(where)
    if call is not None:
        return groups.get(f"call:{call.group(1)}", [])
    passage = _PASSAGE_WHERE.match(where)
    if passage is not None:
        return groups.get(f"passage:{passage.group(1)}", [])
    if where in ("output", "tool_calls", "passages", "messages", "input", "structured"):
        return groups.get(where, [])
    if where == "expected":
        return ["exp"]
    if where == "case":
        return ["exp", "focus", *groups.get("input", [])]
    return b.everything()


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
