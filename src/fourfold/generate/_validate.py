"""Validating what a model generated: an item of its reply becomes a `Case`, or a reason.

Every rule says why an item is dropped, so the summary can count the reasons:

- the item's schema (a query, an expected outcome, a focus, a known intent);
- for a catalog: the focus names fields the catalog has (``focus_fields`` and any
  snake_case word of the focus text), the constraints are in `catalog_match`'s format on
  fields the catalog has, the product the case was written from meets them (`catalog_match`
  itself decides), and neither the query nor the expected outcome names that product's id;
- for articles: a number the expected outcome or the focus states that the article does
  not hold flags the case for review (kept, with ``metadata.review``).
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from typing import TYPE_CHECKING, Any

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, ValidationError

from .._format import count_of
from ..cases import Case
from ._dedupe import normalize_query
from ._plan import COMBINED_INTENT, GenerationPlan, GenerationSource
from ._prompts import ARTICLE_INTENTS, CATALOG_INTENTS

if TYPE_CHECKING:
    from ..checks import Check
    from ..resources import Resources

__all__ = ["ItemValidator"]

_SPEC_KEYS = ("min", "max", "contains", "not")
_IDENTIFIER = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?:\.[a-z0-9_]+)*\b")
"""A snake_case word in a focus: a field name (``in_stock``, ``product_type``)."""
_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")
_MAX_COUNTED = 500
"""A catalog's products meeting a case's constraints are counted among at most this many."""


class _Item(BaseModel):
    """One generated case as the model gives it.

    Extra keys are ignored on purpose (a model adds its own), and the seed prompt's names
    (``user_input``, ``expected_outcome``, ``evaluation_focus``) are accepted, for
    endpoints that ignore the schema.
    """

    model_config = ConfigDict(extra="ignore")

    intent: str
    query: str = Field(
        min_length=3, max_length=600, validation_alias=AliasChoices("query", "user_input", "input")
    )
    expected: str = Field(
        min_length=3, validation_alias=AliasChoices("expected", "expected_outcome")
    )
    focus: str = Field(min_length=3, validation_alias=AliasChoices("focus", "evaluation_focus"))
    focus_fields: list[str] = Field(default_factory=list)
    constraints: dict[str, Any] = Field(default_factory=dict)


class ItemValidator:
    """Turns reply items into cases, or says why an item is dropped."""

    def __init__(self, plan: GenerationPlan, generator: str) -> None:
        self.plan = plan
        self.generator = generator
        self.fields = set(plan.fields)
        self._check: Check | None = None
        self._resources: Resources | None = None
        self._matches: dict[str, int] = {}
        """Catalog products meeting each set of constraints (as JSON): many cases share one."""
        ids = sorted(plan.record_ids)
        if len(ids) > _MAX_COUNTED:
            ids = sorted(random.Random(plan.config.seed).sample(ids, _MAX_COUNTED))
        self._counted = ids
        """The products the matches are counted among: all, or a seeded sample of a big
        catalog (each count runs `catalog_match` over them)."""

    def case(self, raw: Any, source: GenerationSource) -> Case | str:
        """The case item `raw` of the reply for `source` makes, or why it makes none."""
        try:
            item = _Item.model_validate(raw)
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(p) for p in err["loc"]) or "item"
            return f"schema: {where}: {err['msg']}"
        allowed = CATALOG_INTENTS if source.kind == "catalog" else ARTICLE_INTENTS
        if item.intent not in allowed:
            return f"schema: unknown intent {item.intent!r} (known: {', '.join(allowed)})"
        query = " ".join(item.query.split())
        metadata: dict[str, Any] = {
            "source_id": source.id,
            "source_kind": "catalog" if source.kind == "catalog" else "article",
            "source_hash": source.hash,
            "generator": self.generator,
            "seed": self.plan.config.seed,
        }
        if source.combined:
            metadata["source_ids"] = list(source.ids)
            metadata["question_type"] = item.intent
        extra: dict[str, Any] = {}
        if source.kind == "catalog":
            checked = self._catalog_checks(item, query, source)
            if isinstance(checked, str):
                return checked
            focus, constraints, matches = checked
            metadata["focus_fields"] = list(dict.fromkeys(item.focus_fields))
            metadata.update(matches)
            extra["ground_truth"] = {"constraints": constraints}
            among = matches.get("catalog_checked", len(self.plan.records))
            if among > 1 and matches["catalog_matches"] == among:
                metadata["review"] = [
                    "the constraints match every product of the catalog: they cannot fail an "
                    "irrelevant one"
                ]
        else:
            focus = item.focus.strip()
            review = self._ungrounded(item, source)
            if review:
                metadata["review"] = review
        intent = COMBINED_INTENT if source.combined else item.intent
        digest = hashlib.sha256(normalize_query(query).encode()).hexdigest()[:8]
        tags = ["generated", *(["multi_article"] if source.combined else [])]
        return Case(
            id=f"{_slug(source.id)}-{intent}-{digest}",
            input=query,
            expected=item.expected.strip(),
            focus=focus,
            strata={"intent": intent, "category": source.category},
            tags=tags,
            metadata=metadata,
            **extra,
        )

    def _catalog_checks(
        self, item: _Item, query: str, source: GenerationSource
    ) -> tuple[str, dict[str, Any], dict[str, int]] | str:
        record = source.records[0]
        record_id = str(record[self.plan.config.id_field])
        if not item.focus_fields:
            return "focus: names no catalog field (focus_fields is empty)"
        # A snake_case word of the focus text that is one of the product's values (a
        # category such as home_garden) is not a field name.
        values = {str(v).casefold() for v in record.values() if isinstance(v, str)}
        named = [*item.focus_fields, *_IDENTIFIER.findall(item.focus)]
        unknown = sorted(
            {n for n in named if n.split(".")[0] not in self.fields and n.casefold() not in values}
        )
        if unknown:
            return (
                f"focus names {count_of(len(unknown), 'field')} the catalog does not have: "
                f"{', '.join(unknown)}"
            )
        mentions_id = re.search(
            rf"(?<!\w){re.escape(record_id)}(?!\w)", f"{query} {item.expected}", re.I
        )
        if len(record_id) >= 3 and mentions_id:
            return (
                f"names the product's id {record_id!r}: too specific for equivalent items to pass"
            )
        problem = _constraint_problem(item.constraints, self.fields)
        if problem:
            return f"constraints: {problem}"
        failure, matches = self._match(query, item.constraints, record_id)
        if failure:
            return f"constraints exclude the product they were written from: {failure}"
        focus = item.focus.strip()
        unnamed = [f for f in dict.fromkeys(item.focus_fields) if f not in focus]
        if unnamed:
            focus += f" (fields: {', '.join(dict.fromkeys(item.focus_fields))})"
        return focus, item.constraints, matches

    def _match(
        self, query: str, constraints: dict[str, Any], record_id: str
    ) -> tuple[str | None, dict[str, int]]:
        """Run `catalog_match` on the source product alone, then on the whole catalog."""
        from ..checks import CheckContext, create_check
        from ..resources import Resource, Resources
        from ..trace import Trace

        if self._check is None or self._resources is None:
            key = self.plan.config.id_field
            catalog = Resource("catalog", list(self.plan.records), key=key)
            self._resources = Resources({"catalog": catalog})
            self._check = create_check(
                "catalog_match",
                {"resource": "catalog", "min_score": 0.0, "ideal_max": max(1, len(catalog))},
            )
        probe = Case(id="probe", input=query, ground_truth={"constraints": constraints})

        def run(ids: list[str]) -> Any:
            assert self._check is not None and self._resources is not None
            trace = Trace(structured={"items": ids})
            return self._check.run(CheckContext(probe, trace, self._resources))

        own = run([record_id])
        if own.status == "error":
            return own.explanation or "invalid constraints", {}
        if own.metadata.get("n_matching") != 1:
            reason = "; ".join(e.text for e in own.evidence) or own.explanation
            return reason, {}
        key = json.dumps(constraints, sort_keys=True, default=str)
        if key not in self._matches:
            everything = run(self._counted)
            self._matches[key] = int(everything.metadata.get("n_matching", 0))
        counts = {"catalog_matches": self._matches[key]}
        if len(self._counted) < len(self.plan.records):
            counts["catalog_checked"] = len(self._counted)
        return None, counts

    def _ungrounded(self, item: _Item, source: GenerationSource) -> list[str]:
        held = {n for r in source.records for n in _NUMBER.findall(str(r.get("text", "")))}
        missing = [
            n
            for n in dict.fromkeys(_NUMBER.findall(f"{item.expected} {item.focus}"))
            if n not in held
        ]
        if not missing:
            return []
        return [
            f"the expected outcome or focus states {', '.join(missing)}, which the "
            f"article{'s do' if source.combined else ' does'} not hold"
        ]


def _constraint_problem(constraints: Any, fields: set[str]) -> str | None:
    """Why `constraints` are not in `catalog_match`'s format or name unknown fields."""
    if not isinstance(constraints, dict) or not constraints:
        return "none given: a catalog case needs at least one constraint"
    unknown = sorted(n for n in constraints if str(n).split(".")[0] not in fields)
    if unknown:
        return f"{count_of(len(unknown), 'field')} the catalog does not have: {', '.join(unknown)}"
    for name, spec in constraints.items():
        if isinstance(spec, dict):
            bad = [k for k in spec if k not in _SPEC_KEYS]
            if bad or not spec:
                return (
                    f"{name!r}: a mapping takes {', '.join(_SPEC_KEYS)}, "
                    f"not {', '.join(map(str, bad)) or 'nothing'}"
                )
            for bound in ("min", "max"):
                value = spec.get(bound)
                if bound in spec and (
                    isinstance(value, bool) or not isinstance(value, int | float)
                ):
                    return f"{name!r}: {bound} must be a number, not {value!r}"
        elif isinstance(spec, list):
            if not spec or any(isinstance(v, dict | list) for v in spec):
                return f"{name!r}: a list holds the values allowed (at least one, no nesting)"
    return None


def _slug(text: str) -> str:
    slug = re.sub(r"[^A-Za-z0-9.]+", "-", text).strip("-").lower()
    return slug or "record"
