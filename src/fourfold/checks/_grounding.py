"""Built-in grounding checks: what the answer cites and states is in what was retrieved."""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from typing import Any, Literal

from ..errors import ConfigError
from ..resources import Resource
from ..runs import Evidence, Verdict, failed, passed
from ._check import CheckFn, check
from ._context import CheckContext
from ._text import compile_pattern
from ._values import PassageIndex, ValueKind, find_values

__all__ = ["cited_ids_exist", "values_grounded"]

_ALL_KINDS: tuple[ValueKind, ...] = ("number", "date", "identifier")
_LISTED = 5
"""How many offending values an explanation names before saying "and N more"."""


@check(layer="grounding")
def cited_ids_exist(
    pattern: str, resource: str | None = None, require_retrieved: bool = True
) -> CheckFn:
    r"""Check that every id the answer cites was retrieved and/or exists in a resource.

    Citations are the matches of `pattern` in the output: its first group when it has one,
    else the whole match. For ``see §4.2`` and the pattern ``§\s?(\d+(?:\.\d+)*)`` the
    cited id is ``4.2``. Ids are compared with surrounding whitespace trimmed and
    case-insensitively. An answer that cites nothing passes.

    Args:
        pattern: a Python regular expression finding citations.
        resource: a suite resource whose keys every cited id must be among.
        require_retrieved: every cited id must be the id of a retrieved passage.

    Raises:
        ConfigError: the pattern does not compile, or there is nothing to check against
            (no resource and `require_retrieved` false).
    """
    regex = compile_pattern(pattern, "cited_ids_exist")
    if not require_retrieved and resource is None:
        raise ConfigError(
            "check 'cited_ids_exist' has nothing to check citations against",
            hint="name a resource, or leave require_retrieved at true",
            path=("args", "require_retrieved"),
        )

    # The keys of the last resource seen, compared as citations are: resources do not change
    # during a run, and building the set for every trace costs in proportion to its size.
    cache: list[tuple[Resource, frozenset[str]]] = []

    def known_keys(found: Resource) -> frozenset[str]:
        if cache and cache[0][0] is found:
            return cache[0][1]
        keys = frozenset(_key(k) for k in found.ids)
        cache[:] = [(found, keys)]
        return keys

    def run(ctx: CheckContext) -> Verdict:
        text = ctx.output
        known = known_keys(ctx.resources[resource]) if resource else None
        citations = []
        for match in regex.finditer(text):
            cited = match.group(1) if regex.groups and match.group(1) is not None else match[0]
            if cited.strip():
                citations.append((cited.strip(), match))
        if not citations:
            return passed("the answer cites nothing", n_citations=0)

        retrieved = {_key(p.id) for p in ctx.trace.passages}
        evidence: list[Evidence] = []
        not_retrieved: dict[str, None] = {}  # dicts keep the order of first citation
        not_in_resource: dict[str, None] = {}
        for cited, match in citations:
            missing = require_retrieved and _key(cited) not in retrieved
            unknown = known is not None and _key(cited) not in known
            if missing:
                not_retrieved[cited] = None
            if unknown:
                not_in_resource[cited] = None
            if missing or unknown:
                evidence.append(Evidence(text=match[0], start=match.start(), end=match.end()))

        n, n_bad = len(citations), len(evidence)
        score = (n - n_bad) / n
        metadata: dict[str, Any] = {
            "n_citations": n,
            "not_retrieved": list(not_retrieved),
            "not_in_resource": list(not_in_resource),
        }
        if not evidence:
            return passed(f"all {n} citations point at real sources", score=score, **metadata)
        named = []
        for cited in dict.fromkeys([*not_retrieved, *not_in_resource]):
            why = ["was not retrieved"] if cited in not_retrieved else []
            why += [f"is not in {resource!r}"] if cited in not_in_resource else []
            named.append(f"{cited} {' and '.join(why)}")
        nothing = " (nothing was retrieved)" if require_retrieved and not retrieved else ""
        return failed(
            f"{n_bad} of {n} citations point nowhere{nothing}: {_listing(named)}",
            score=score,
            evidence=evidence,
            **metadata,
        )

    return run


def _source_texts(ctx: CheckContext, sources: Collection[str]) -> list[str]:
    texts: list[str] = []
    if "passages" in sources:
        texts.extend(p.text for p in ctx.trace.passages)
    if "tool_results" in sources:
        texts.extend(
            c.result if isinstance(c.result, str) else json.dumps(c.result, default=str)
            for c in ctx.trace.tool_calls
            if c.result is not None
        )
    if "input" in sources:
        texts.extend(m.content for m in ctx.case.messages if m.content)
    return texts


@check(layer="grounding")
def values_grounded(
    kinds: Sequence[Literal["number", "date", "identifier"]] = _ALL_KINDS,
    ignore: Sequence[str] = (),
    sources: Sequence[Literal["passages", "tool_results", "input"]] = ("passages",),
) -> CheckFn:
    """Check that every number, date and identifier in the answer is in a retrieved passage.

    Values are compared by meaning, not spelling: ``$1,200.00`` is grounded by ``1200``,
    ``2024-03-05`` by ``March 5, 2024``, ``ORD-88123`` by ``ord 88123``. An all-numeric date
    such as ``05/03/2024`` stands for both 5 March and 3 May, and is grounded by either.
    The full rules are in ``fourfold/checks/_values.py``. The score is the share of values
    grounded.

    Args:
        kinds: which kinds of value to check (all three by default). A text is still split
            into all three kinds first, so with ``[number]`` the digits of ``ORD-88123`` or
            of a date are not checked as numbers.
        ignore: strings whose occurrences are not values (case-insensitive), e.g. ``24/7``.
        sources: what may ground a value: the retrieved ``passages`` (the default), the
            ``tool_results`` (an order total read from the order system), and the user's
            ``input`` (an order number the user typed).

    Raises:
        ConfigError: `kinds` or `sources` is empty.
    """
    if not kinds:
        raise ConfigError(
            "check 'values_grounded': 'kinds' is empty",
            hint="list one or more of number, date, identifier (or leave it out for all)",
            path=("args", "kinds"),
        )
    if not sources:
        raise ConfigError(
            "check 'values_grounded': 'sources' is empty",
            hint="list one or more of passages, tool_results, input (or leave it out)",
            path=("args", "sources"),
        )
    wanted = set(kinds)
    described = _kinds_text(kinds)
    from_sources = set(sources)
    names = {"passages": "the retrieved passages", "tool_results": "the tool results",
             "input": "the user's input"}  # fmt: skip
    where = " or ".join(names[s] for s in sources)

    def run(ctx: CheckContext) -> Verdict:
        text = ctx.output
        values = [v for v in find_values(text, ignore=ignore) if v.kind in wanted]
        if not values:
            return passed(f"the answer states no {described}", n_values=0)
        texts = _source_texts(ctx, from_sources)
        index = PassageIndex.build(texts)
        ungrounded = [v for v in values if not index.grounds(v)]
        n = len(values)
        metadata: dict[str, Any] = {
            "n_values": n,
            "n_grounded": n - len(ungrounded),
            "ungrounded": [{"kind": v.kind, "text": v.text} for v in ungrounded],
        }
        evidence = [Evidence(text=v.text, start=v.start, end=v.end) for v in ungrounded]
        score = (n - len(ungrounded)) / n
        if not texts:
            return failed(
                f"nothing was retrieved to ground {n} {'value' if n == 1 else 'values'}",
                score=0.0, evidence=evidence, **metadata,
            )  # fmt: skip
        if not ungrounded:
            return passed(f"all {n} values appear in {where}", score=1.0, **metadata)
        named = [f"{v.text!r} ({v.kind})" for v in ungrounded]
        return failed(
            f"{len(ungrounded)} of {n} values are not in {where}: {_listing(named)}",
            score=score,
            evidence=evidence,
            **metadata,
        )

    return run


def _key(identifier: str) -> str:
    return identifier.strip().casefold()


def _listing(items: list[str]) -> str:
    shown = "; ".join(items[:_LISTED])
    return shown + (f"; and {len(items) - _LISTED} more" if len(items) > _LISTED else "")


def _kinds_text(kinds: Sequence[str]) -> str:
    names = {"number": "numbers", "date": "dates", "identifier": "identifiers"}
    ordered = [names[k] for k in _ALL_KINDS if k in kinds]
    return ", ".join(ordered[:-1]) + " or " + ordered[-1] if len(ordered) > 1 else ordered[0]
