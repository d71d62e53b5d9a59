"""What a generation will do: the records, which intents each is asked for, the requests.

`plan_generation` fixes every call before any is made, so `estimate_generation` can price
them (`--dry-run`) and a seed makes the choices repeatable: which records `limit` samples,
which intents each record is asked for (seeded by the record's own id, so a record is asked
the same whichever others are sampled with it) and which combinations of articles.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations as all_combinations
from math import comb
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from .._encoding import kind_of
from .._records import read_records
from .._yaml import load_yaml
from ..cases import Case
from ..errors import ConfigError
from ._dedupe import DEFAULT_SIMILARITY
from ._prompts import (
    ARTICLE_INTENTS,
    ARTICLE_SYSTEM,
    CATALOG_INTENTS,
    CATALOG_SYSTEM,
    article_prompt,
    catalog_prompt,
    response_schema,
)

if TYPE_CHECKING:
    from ..models import ModelConfig, ModelRequest

# fourfold.models is imported where used: it imports fourfold.cases (through the store),
# which imports this module.

__all__ = [
    "COMBINED_INTENT",
    "GenerationConfig",
    "GenerationEstimate",
    "GenerationPlan",
    "GenerationSource",
    "GenerationTask",
    "Kind",
    "done_sources",
    "estimate_generation",
    "load_source_records",
    "plan_generation",
    "record_hash",
]

Kind = Literal["catalog", "articles"]

COMBINED_INTENT = "combined"
"""The ``intent`` stratum of a case that needs several articles together."""

_COMPATIBILITY_FIELDS = re.compile(r"compat|fits|works_with|size|model", re.IGNORECASE)
_BRAND_FIELDS = {"brand", "model", "manufacturer", "make", "maker"}
_PLAIN_FIELDS = {"id", "sku", "title", "name", "category", "price", "description", "url"}
_FRONT_MATTER = re.compile(r"\A---[ \t]*\n(.*?)\n---[ \t]*\n", re.DOTALL)
_TOKENS_PER_CASE = {"catalog": 140, "articles": 110}
"""Output tokens one generated case takes, roughly (for `--dry-run`'s estimate)."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class GenerationConfig(_Model):
    """How cases are generated from records."""

    kind: Kind
    """``catalog`` (one product per record) or ``articles`` (one help article per record)."""
    per_record: int = Field(default=3, ge=1, le=6)
    """How many queries to ask for per record (the model may return fewer)."""
    seed: int = 0
    """Makes sampling repeatable: which records (`limit`), which intents each is asked for,
    which combinations; also sent with each request."""
    limit: int | None = Field(default=None, ge=1)
    """Generate from this many records, sampled with the seed (None: every record)."""
    combine: int | None = Field(default=None, ge=2, le=5)
    """Articles only: also generate cases that need this many articles together."""
    combinations: int | None = Field(default=None, ge=1)
    """How many combinations of `combine` articles (None: one per `combine` articles)."""
    similarity: float = Field(default=DEFAULT_SIMILARITY, gt=0, le=1)
    """From this query similarity on, two cases are near-duplicates and merged."""
    id_field: str = "id"
    """The record field holding its id."""
    category_field: str = "category"
    """The record field holding its category (the coverage table's columns)."""


@dataclass(frozen=True)
class GenerationSource:
    """What one model call generates from: a record, or a combination of articles."""

    id: str
    """The record's id, or the combined records' ids joined by ``+``."""
    kind: Kind
    records: tuple[dict[str, Any], ...]
    hash: str
    """`record_hash` of the record (of the records' hashes, for a combination)."""
    category: str
    intents: tuple[str, ...]
    """The intents asked for, in order."""
    ids: tuple[str, ...]
    """The ids of the records it is made of."""

    @property
    def combined(self) -> bool:
        """True for a combination of several articles."""
        return len(self.records) > 1


@dataclass(frozen=True)
class GenerationTask:
    """One model call: the source and the request."""

    source: GenerationSource
    request: ModelRequest


@dataclass(frozen=True)
class GenerationPlan:
    """Every call a generation makes, in order, and what validation needs to know."""

    config: GenerationConfig
    tasks: tuple[GenerationTask, ...]
    records: tuple[dict[str, Any], ...]
    """Every record read (a catalog's constraints are checked against all of them)."""
    fields: tuple[str, ...]
    """The fields of the records (their union), in order of first appearance."""
    categories: tuple[str, ...]
    """Every category of the records (the coverage table's columns)."""

    @property
    def intents(self) -> tuple[str, ...]:
        """Every intent a case of this kind may have (the coverage table's rows)."""
        if self.config.kind == "catalog":
            return tuple(CATALOG_INTENTS)
        extra = (COMBINED_INTENT,) if self.config.combine else ()
        return (*ARTICLE_INTENTS, *extra)

    @property
    def record_ids(self) -> set[str]:
        """The ids of every record read."""
        return {str(r[self.config.id_field]) for r in self.records}


class GenerationEstimate(_Model):
    """What a generation would cost, before it runs (`--dry-run`)."""

    calls: int
    """Model calls it would make."""
    skipped: int
    """Sources already in the output (with ``resume``): no call."""
    cases_asked: int
    """Queries asked for, over every call (the model may return fewer)."""
    input_tokens: int
    """Prompt tokens, estimated as characters / 4 (the schema included)."""
    output_tokens: int
    """Reply tokens, estimated per query asked for."""
    model: str | None
    """The model priced (None: no model given)."""
    cost_usd: float | None
    """The estimated cost (None: the model has no price)."""
    sources: list[str]
    """The sources that would be asked, in order."""


# ---------------------------------------------------------------- reading the records


def record_hash(record: Mapping[str, Any]) -> str:
    """A hash of a record's content, so a changed record is told apart.

    Examples:
        >>> record_hash({"id": "P1", "price": 5}) == record_hash({"price": 5, "id": "P1"})
        True
    """
    text = json.dumps(record, sort_keys=True, ensure_ascii=False, default=str)
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()


def load_source_records(
    path: str | Path, *, kind: Kind, id_field: str = "id"
) -> list[dict[str, Any]]:
    """Read the records to generate from.

    A catalog is a JSONL, JSON, YAML or CSV file of records, each with an `id_field`.
    Articles are a folder of Markdown files (id = file stem; an optional ``---`` front
    matter gives ``category`` and other fields, ``title`` is the first heading, ``text``
    the body), or a record file whose records have a ``text`` field.

    Raises:
        ConfigError: the path is missing or of the wrong kind, a record has no id or no
            text, or two records share an id.
    """
    path = Path(path)
    found = kind_of(path)
    if found == "missing":
        raise ConfigError(
            "no such file or folder",
            file=path,
            hint="give a catalog file (.jsonl, .csv, .json, .yaml) or a folder of .md articles",
        )
    if kind == "catalog" and found == "folder":
        raise ConfigError(
            "a catalog is one record file, not a folder",
            file=path,
            hint="give the .jsonl/.csv file, or use --kind articles for a folder of .md files",
        )
    records = read_records(path)
    if not records:
        raise ConfigError("no records in the file", file=path, hint="add records to it")
    out: list[dict[str, Any]] = []
    seen: dict[str, int] = {}
    for record in records:
        data = dict(record.data)
        if found == "folder":
            data = _article_from_markdown(data, record.file)
        if id_field not in data or data[id_field] in (None, ""):
            raise ConfigError(
                f"the record has no {id_field!r} field",
                file=record.file,
                line=record.line,
                hint=f"give every record an id, or name the id field (found: {', '.join(data)})",
            )
        if kind == "articles" and not str(data.get("text") or "").strip():
            raise ConfigError(
                "the article has no text",
                file=record.file,
                line=record.line,
                hint="an article record needs a 'text' field (a .md file: a body)",
            )
        key = str(data[id_field])
        if key in seen:
            raise ConfigError(
                f"duplicate record id {key!r} (first on line {seen[key]})",
                file=record.file,
                line=record.line,
                hint="record ids must be unique: cases are tracked by them",
            )
        seen[key] = record.line
        out.append(data)
    return out


def _article_from_markdown(data: dict[str, Any], file: Path) -> dict[str, Any]:
    text = str(data.get("text", ""))
    match = _FRONT_MATTER.match(text)
    if match is None:
        return data
    meta, _ = load_yaml(match.group(1), file=file)
    if not isinstance(meta, dict):
        raise ConfigError(
            "the front matter is not a mapping", file=file, line=2, hint="write 'key: value' lines"
        )
    body = text[match.end() :].lstrip("\n")
    title = next((ln.lstrip("#").strip() for ln in body.splitlines() if ln.startswith("#")), None)
    extra = {str(k): v for k, v in meta.items() if str(k) not in ("id", "text")}
    return {**data, "title": title or data.get("title"), **extra, "text": body}


# ---------------------------------------------------------------- planning


def plan_generation(
    records: Sequence[Mapping[str, Any]], config: GenerationConfig
) -> GenerationPlan:
    """Every call a generation makes, in order.

    Which records (sampled with the seed when `limit` is set, kept in file order), which
    intents each is asked for, and which combinations of articles (after the records).

    Raises:
        ConfigError: a record has no id, `combine` is asked for a catalog or for more
            articles than are selected.
    """
    rows = [dict(r) for r in records]
    id_field = config.id_field
    missing = [n for n, r in enumerate(rows, 1) if r.get(id_field) in (None, "")]
    if missing:
        raise ConfigError(
            f"{len(missing)} records have no {id_field!r} (the first is record {missing[0]})",
            hint="cases are tracked by their record's id: give every record one",
        )
    fields = tuple(dict.fromkeys(key for r in rows for key in r))
    categories = tuple(dict.fromkeys(_category(r, config) for r in rows))
    chosen = rows
    if config.limit is not None and config.limit < len(rows):
        picks = random.Random(config.seed).sample(range(len(rows)), config.limit)
        chosen = [rows[i] for i in sorted(picks)]
    sources = [_source(config, (r,), _intents_for(r, config, str(r[id_field]))) for r in chosen]
    if config.combine:
        if config.kind != "articles":
            raise ConfigError(
                "--combine is for articles", hint="combinations of products make no case"
            )
        if config.combine > len(chosen):
            raise ConfigError(
                f"--combine {config.combine} needs at least {config.combine} articles; "
                f"{len(chosen)} are selected",
                hint="lower --combine or raise --limit",
            )
        for group in _combinations(chosen, config):
            key = "+".join(str(r[id_field]) for r in group)
            sources.append(_source(config, group, _intents_for(group[0], config, key)))
    tasks = tuple(GenerationTask(source, _request(source, config, fields)) for source in sources)
    return GenerationPlan(config, tasks, tuple(rows), fields, categories)


def _category(record: Mapping[str, Any], config: GenerationConfig) -> str:
    value = record.get(config.category_field)
    return str(value) if value not in (None, "") else "(none)"


def _source(
    config: GenerationConfig, records: tuple[dict[str, Any], ...], intents: tuple[str, ...]
) -> GenerationSource:
    ids = [str(r[config.id_field]) for r in records]
    if len(records) == 1:
        digest = record_hash(records[0])
        category = _category(records[0], config)
    else:
        digest = record_hash({"records": [record_hash(r) for r in records]})
        found = {_category(r, config) for r in records}
        category = found.pop() if len(found) == 1 else "mixed"
    return GenerationSource(
        "+".join(ids), config.kind, records, digest, category, intents, tuple(ids)
    )


def _supported_intents(record: Mapping[str, Any]) -> list[str]:
    """The catalog intents a product's fields can support (the model may still skip one)."""
    keys = {str(k).lower() for k in record}
    supported = ["category", "occasion", "style", "gift", "seasonal"]
    if keys - _PLAIN_FIELDS - _BRAND_FIELDS - {"product_type", "in_stock", "rating", "gender"}:
        supported.append("attribute")
    if any("price" in k for k in keys):
        supported.append("price_sensitivity")
    if any(_COMPATIBILITY_FIELDS.search(k) for k in keys if k not in _BRAND_FIELDS):
        supported.append("compatibility")
    if keys & _BRAND_FIELDS:
        supported.append("brand_model")
    return [i for i in CATALOG_INTENTS if i in supported]


def _intents_for(record: Mapping[str, Any], config: GenerationConfig, key: str) -> tuple[str, ...]:
    # Seeded by the source's own id, so a record is asked the same intents whichever
    # other records are sampled with it.
    rng = random.Random(f"{config.seed}/{key}")
    if config.kind == "catalog":
        supported = _supported_intents(record)
        return tuple(rng.sample(supported, min(config.per_record, len(supported))))
    order = list(ARTICLE_INTENTS)
    rng.shuffle(order)
    return tuple(order[i % len(order)] for i in range(config.per_record))


def _combinations(
    chosen: list[dict[str, Any]], config: GenerationConfig
) -> list[tuple[dict[str, Any], ...]]:
    """Seeded combinations of articles.

    Same-category ones first, and each article used once before any is used twice.
    """
    k = config.combine
    assert k is not None
    rng = random.Random(f"{config.seed}/combine/{k}")
    wanted = config.combinations or max(1, len(chosen) // k)
    indices = range(len(chosen))
    if comb(len(chosen), k) <= 5000:
        pool = list(all_combinations(indices, k))
    else:
        pool = list({tuple(sorted(rng.sample(indices, k))) for _ in range(5000)})
        pool.sort()
    rng.shuffle(pool)
    pool.sort(key=lambda g: len({_category(chosen[i], config) for i in g}))
    picked: list[tuple[int, ...]] = []
    used: set[int] = set()
    for fresh_only in (True, False):
        for group in pool:
            if len(picked) == wanted:
                break
            if group in picked or (fresh_only and used & set(group)):
                continue
            picked.append(group)
            used.update(group)
    return [tuple(chosen[i] for i in group) for group in picked]


def _request(
    source: GenerationSource, config: GenerationConfig, fields: tuple[str, ...]
) -> ModelRequest:
    from ..models import ChatMessage, ModelRequest

    if source.kind == "catalog":
        system = CATALOG_SYSTEM
        user = catalog_prompt(source.records[0], source.intents, fields)
    else:
        system, user = ARTICLE_SYSTEM, article_prompt(source.records, source.intents)
    return ModelRequest(
        messages=[
            ChatMessage(role="system", content=system),
            ChatMessage(role="user", content=user),
        ],
        response_schema=response_schema(source.kind, source.intents, fields, config.per_record),
        schema_name="generated_cases",
        seed=config.seed,
    )


# ---------------------------------------------------------------- estimating


def estimate_generation(
    plan: GenerationPlan,
    *,
    model: ModelConfig | None = None,
    existing: Sequence[Case] = (),
) -> GenerationEstimate:
    """The calls, tokens and cost a generation would take; makes no call.

    Input tokens are the prompt's characters (the JSON schema included) / 4, the rule
    `Model`'s rate limiter uses; output tokens are a rough figure per query asked for. The
    price is the model config's, else `price_of` its name.

    Args:
        plan: the plan.
        model: the model to price (None: no cost).
        existing: the cases of the output, for a resumed generation: sources already in it
            (with the same hash) are not counted.
    """
    from ..models import price_of

    done = done_sources(list(existing), {t.source.id: t.source.hash for t in plan.tasks})
    tasks = [t for t in plan.tasks if t.source.id not in done]
    chars = 0
    for task in tasks:
        chars += sum(len(m.content or "") for m in task.request.messages)
        chars += len(json.dumps(task.request.response_schema))
    asked = sum(len(t.source.intents) for t in tasks)
    input_tokens = chars // 4
    output_tokens = asked * _TOKENS_PER_CASE[plan.config.kind]
    cost = None
    if model is not None:
        prices = model.prices or price_of(model.name)
        if prices is not None:
            cost = (
                input_tokens * prices.input_per_mtok + output_tokens * prices.output_per_mtok
            ) / 1e6
    return GenerationEstimate(
        calls=len(tasks),
        skipped=len(plan.tasks) - len(tasks),
        cases_asked=asked,
        input_tokens=input_tokens,
        output_tokens=output_tokens,
        model=model.model if model is not None else None,
        cost_usd=cost,
        sources=[t.source.id for t in tasks],
    )


def done_sources(cases: Sequence[Case], current: Mapping[str, str]) -> set[str]:
    """The sources (of `current`: id -> hash) that `cases` already cover with the same hash.

    A source counts when a case, or a case merged into one (``metadata.merged``), carries
    its id and its current hash.
    """
    done: set[str] = set()
    for case in cases:
        entries = [
            case.metadata,
            *(m for m in case.metadata.get("merged", []) if isinstance(m, dict)),
        ]
        for meta in entries:
            source = str(meta.get("source_id"))
            if source in current and meta.get("source_hash") == current[source]:
                done.add(source)
    return done
