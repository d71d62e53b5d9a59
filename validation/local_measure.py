"""LLMBar pairs judged on the local model: fourfold's checks, and LLMBar's plain prompt.

Each pair is judged in both presentation orders, three ways:

* ``fourfold``: fourfold's ``pairwise`` check with the built-in criterion
  ``helpfulness_preference``, exactly as a suite runs it (output 1 is the candidate,
  output 2 the baseline; the check itself makes both orders);
* ``no_ties``: the same check on ``local_criteria/instruction_following_pairwise.yaml``,
  a criterion with ``ties: false`` (every LLMBar pair has one right answer);
* ``plain``: LLMBar's own one-paragraph prompt (``Vanilla_NoRules``, from the data folder)
  through the same `Model`, read as LLMBar reads it (a reply naming exactly one of
  "Output (a)" and "Output (b)");
* ``rubric``: fourfold's ``rubric`` check scoring each output on its own on
  ``local_criteria/instruction_following.yaml``.

A pair's record keeps each order's verdict (``"1"``, ``"2"``, ``"tie"``, or None when
there was none), the result's flags and error category, every model call's tokens,
latency and attempts (failed calls too), and every reply received with whether it
parsed. Records are cached in a JSONL file under a key made of the exact requests the
pair's first calls send (found by a dry run that sends nothing), so a run on unchanged
prompts costs nothing, and any change to a prompt, a schema or a request parameter is a
new key.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from fourfold.cases import Case
from fourfold.checks import MODEL_CALLS_KEY, Check, CheckContext, CheckResult
from fourfold.errors import BadRequestError, ProviderError
from fourfold.judges import (
    LOG_ODDS_MARGIN,
    Criterion,
    ParseFailure,
    decide_pair,
    load_criterion,
    pairwise,
    parse_pairwise_reply,
    parse_reply,
    rubric,
)
from fourfold.models import ChatMessage, Model, ModelConfig, ModelRequest, ModelResponse
from fourfold.trace import Trace

MECHANICS = "1"
"""Bumped when what happens after a request is sent changes (retries, reply checks), which
the request keys cannot see."""
PAIRWISE_EVIDENCE = "2"
"""Bumped when how the pairwise check matches its decisive quote changes: its records carry
the flags the matching gave (2: a quote cut at the schema's bound is forgiven its last
word). The plain prompt's and the rubric's records do not depend on it and are kept."""
PAIRWISE_CRITERION = "helpfulness_preference"
PAIRWISE_DECIDE: Literal["log_odds"] = "log_odds"
"""How the ``fourfold`` and ``no_ties`` checks decide a pair: by the log-odds of their
verdict tokens over both orders, as docs/judges.md advises for a small local model."""
CRITERIA = Path(__file__).resolve().parent / "local_criteria"
RUBRIC_CRITERION = CRITERIA / "instruction_following.yaml"
NO_TIES_CRITERION = CRITERIA / "instruction_following_pairwise.yaml"
PLAIN_MAX_TOKENS = 32
"""LLMBar's prompt asks for "Output (a)" or "Output (b)" and nothing else."""
ADVERSARIAL = ("Neighbor", "GPTInst", "GPTOut", "Manual")
SAMPLE_SEED = 20240101


@dataclass(frozen=True)
class Pair:
    """One LLMBar instance: an instruction, two outputs, and which one is better."""

    set: str
    index: int
    instruction: str
    output_1: str
    output_2: str
    label: int

    @property
    def id(self) -> str:
        return f"{self.set.lower()}-{self.index:03d}"


def load_set(root: Path, name: str) -> list[Pair]:
    """Every pair of an LLMBar set (``Natural`` or an adversarial subset's name)."""
    folder = "LLMBar/Natural" if name == "Natural" else f"LLMBar/Adversarial/{name}"
    path = root / "llmbar" / "Dataset" / folder / "dataset.json"
    rows = json.loads(path.read_text(encoding="utf-8"))
    return [
        Pair(name, i, r["input"], r["output_1"], r["output_2"], int(r["label"]))
        for i, r in enumerate(rows)
    ]


def adversarial_sample(root: Path, per_set: int) -> list[Pair]:
    """The first `per_set` pairs of each adversarial subset in a fixed shuffled order.

    A smaller sample is part of a larger one, so its records are reused.
    """
    pairs: list[Pair] = []
    for name in ADVERSARIAL:
        rows = load_set(root, name)
        order = list(range(len(rows)))
        random.Random(f"{SAMPLE_SEED}-{name}").shuffle(order)
        pairs.extend(rows[i] for i in sorted(order[:per_set]))
    return pairs


ORDINARY = "LLMEval^2"
"""LLMBar's processed LLMEval² set: ordinary pairs with a human-chosen better output."""
ORDINARY_MAX_CHARS = 700
"""Only pairs as short as Natural's (instruction and both outputs; Natural's median is
454 characters), so a tuning call costs what a Natural call does."""


def ordinary_sample(root: Path, n: int) -> list[Pair]:
    """`n` short LLMEval² pairs in a fixed shuffled order (a smaller sample is part of a
    larger one): ordinary pairs to tune on, where the Adversarial sets mislead on purpose."""
    path = root / "llmbar" / "Dataset" / "Processed" / ORDINARY / "dataset.json"
    rows = json.loads(path.read_text(encoding="utf-8"))
    pairs = [
        Pair("LLMEval2", i, r["input"], r["output_1"], r["output_2"], int(r["label"]))
        for i, r in enumerate(rows)
        if len(r["input"]) + len(r["output_1"]) + len(r["output_2"]) <= ORDINARY_MAX_CHARS
    ]
    order = list(range(len(pairs)))
    random.Random(f"{SAMPLE_SEED}-ordinary").shuffle(order)
    return [pairs[i] for i in sorted(order[:n])]


def plain_prompt(root: Path) -> tuple[str, str]:
    """LLMBar's Vanilla_NoRules prompt as (system, user template)."""
    text = (root / "llmbar" / "prompts" / "Vanilla_NoRules.txt").read_text(encoding="utf-8")
    system = text.split("<|im_start|>system\n", 1)[1].split("<|im_end|>", 1)[0].strip()
    user = text.split("<|im_start|>user\n", 1)[1].split("<|im_end|>", 1)[0].strip()
    return system, user


def read_plain(text: str | None) -> str | None:
    """``"a"`` or ``"b"`` when the reply names exactly one output, else None."""
    lowered = (text or "").lower()
    a, b = "output (a)" in lowered, "output (b)" in lowered
    if a != b:
        return "a" if a else "b"
    return None


class RecordingModel(Model):
    """A `Model` that keeps the text of every reply it hands out (`replies`)."""

    replies: list[tuple[str | None, str | None]]

    def start(self) -> None:
        self.replies = []

    async def generate(
        self, request: ModelRequest, *, use_cache: bool = True, cache_key: str | None = None
    ) -> ModelResponse:
        response = await super().generate(request, use_cache=use_cache, cache_key=cache_key)
        self.replies.append((response.text, response.finish_reason))
        return response


class _DryRun:
    """A provider that keeps each request and sends nothing (it fails every call)."""

    name = "llamacpp"

    def __init__(self) -> None:
        self.requests: list[ModelRequest] = []

    async def generate(self, request: ModelRequest) -> ModelResponse:
        self.requests.append(request)
        raise BadRequestError("dry run: nothing is sent")

    async def aclose(self) -> None:
        """Nothing to close."""


class ResultCache:
    """Pair records by key, in a JSONL file appended one record at a time."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.records: dict[str, dict[str, Any]] = {}
        if path.exists():
            for line in path.read_text(encoding="utf-8").splitlines():
                if line.strip():
                    entry = json.loads(line)
                    self.records[entry["key"]] = entry["record"]

    def get(self, key: str) -> dict[str, Any] | None:
        return self.records.get(key)

    def put(self, key: str, record: dict[str, Any]) -> None:
        self.records[key] = record
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.open("a", encoding="utf-8") as f:
            f.write(json.dumps({"key": key, "record": record}, ensure_ascii=False) + "\n")


class Judging:
    """Judges pairs on one model, each pair once per prompt, records cached.

    Args:
        config: the local model's config.
        root: the data folder (for LLMBar's plain prompt).
        cache: where records are kept.
    """

    def __init__(self, config: ModelConfig, root: Path, cache: ResultCache) -> None:
        self.config = config
        self.cache = cache
        self.model = RecordingModel(config, _provider(config))
        self.model.start()
        self.pairwise = pairwise(PAIRWISE_CRITERION, decide=PAIRWISE_DECIDE)
        self.no_ties = (
            pairwise(str(NO_TIES_CRITERION), decide=PAIRWISE_DECIDE) if _takes_ties() else None
        )
        self.rubric = rubric(str(RUBRIC_CRITERION))
        loaded = load_criterion(RUBRIC_CRITERION)
        assert isinstance(loaded, Criterion)
        self.criterion = loaded
        self.system, self.template = plain_prompt(root)
        self.fresh_calls = 0

    async def aclose(self) -> None:
        await self.model.aclose()

    # One pair, one way

    async def fourfold(self, pair: Pair, *, ties: bool = True) -> dict[str, Any]:
        """The pairwise check on `pair` (output 1 as the candidate)."""
        check = self.pairwise if ties else self.no_ties
        assert check is not None, "this version of fourfold has no ties: false"
        ctx = _context(pair, pair.output_1, baseline=pair.output_2)
        key = await self._key("fourfold" if ties else "no_ties", check, ctx)
        cached = self.cache.get(key)
        if cached is not None:
            return _decided(cached)
        result = await self._run(check, ctx)
        sides = result.metadata.get("verdicts") if result.status != "error" else None
        parse = parse_pairwise_reply if ties else _parse_without_ties
        record = self._record(pair, result, parse=parse)
        record["votes"] = [_NAMES[s] for s in sides] if sides else [None, None]
        record["candidate_log_odds"] = result.metadata.get("candidate_log_odds")
        record["log_odds"] = result.metadata.get("log_odds")
        self.cache.put(key, record)
        return _decided(record)

    async def plain(self, pair: Pair) -> dict[str, Any]:
        """LLMBar's plain prompt on `pair`, in both orders."""
        requests = [self._plain_request(pair, swap) for swap in (False, True)]
        key = self._keyed("plain", [r.cache_key(self.config.provider) for r in requests])
        cached = self.cache.get(key)
        if cached is not None:
            return cached
        self.model.start()
        sides: list[str | None] = []
        calls: list[dict[str, Any]] = []
        errors: list[str] = []
        for swap, request in zip((False, True), requests, strict=True):
            try:
                response = await self.model.generate(request, use_cache=False)
            except ProviderError as exc:
                sides.append(None)
                errors.append(exc.category)
                calls.append(_failed_call(exc))
                continue
            self.fresh_calls += 1
            calls.append(_call(response))
            letter = read_plain(response.text)
            first, second = ("2", "1") if swap else ("1", "2")
            sides.append(None if letter is None else first if letter == "a" else second)
        record = {
            "pair": pair.id,
            "label": pair.label,
            "sides": sides,
            "error": errors[0] if errors else None,
            "flags": [],
            "calls": calls,
            "replies": [
                {"text": t, "finish_reason": f, "parsed": read_plain(t) is not None}
                for t, f in self.model.replies
            ],
        }
        self.cache.put(key, record)
        return record

    async def rubric_scores(self, pair: Pair) -> dict[str, Any]:
        """The rubric check on each output of `pair` on its own."""
        out: dict[str, Any] = {"pair": pair.id, "label": pair.label, "outputs": []}
        for text in (pair.output_1, pair.output_2):
            ctx = _context(pair, text)
            key = await self._key("rubric", self.rubric, ctx)
            cached = self.cache.get(key)
            if cached is None:
                result = await self._run(self.rubric, ctx)
                cached = self._record(pair, result, parse=lambda t: parse_reply(t, self.criterion))
                cached["score"] = result.score if result.status != "error" else None
                self.cache.put(key, cached)
            out["outputs"].append(cached)
        return out

    # Machinery

    async def _run(self, check: Check, ctx: CheckContext) -> CheckResult:
        self.model.start()
        started = time.perf_counter()
        result = await check.run_async(_with_model(ctx, self.model))
        result.metadata["_wall_s"] = time.perf_counter() - started
        return result

    def _record(self, pair: Pair, result: CheckResult, *, parse: Any) -> dict[str, Any]:
        return {**self._record_any(pair.id, result, parse=parse), "label": pair.label}

    def _record_any(self, item: str, result: CheckResult, *, parse: Any) -> dict[str, Any]:
        """What a check result says about the calls it took and the replies they got."""
        calls = result.metadata.get(MODEL_CALLS_KEY) or []
        self.fresh_calls += sum(1 for c in calls if not c.get("error"))
        return {
            "pair": item,
            "status": result.status,
            "error": result.metadata.get("error_category") if result.status == "error" else None,
            "message": result.explanation if result.status == "error" else None,
            "flags": list(result.metadata.get("flags") or []),
            "calls": calls,
            "wall_s": result.metadata["_wall_s"],
            "replies": [
                {"text": t, "finish_reason": f, "parsed": not isinstance(parse(t), ParseFailure)}
                for t, f in self.model.replies
            ],
        }

    async def _key(self, kind: str, check: Check, ctx: CheckContext) -> str:
        """A key made of the exact first requests the check sends for `ctx`."""
        return self._keyed(kind, await self.request_keys(check, ctx))

    async def request_keys(self, check: Check, ctx: CheckContext) -> list[str]:
        """The cache keys of the first requests the check sends for `ctx` (sends nothing)."""
        dry = _DryRun()
        model = Model(self.config, dry)
        await check.run_async(_with_model(ctx, model))
        return sorted(r.cache_key(self.config.provider) for r in dry.requests)

    def _keyed(self, kind: str, request_keys: list[str]) -> str:
        # How long a call may take and how often it is retried change the record too.
        settings = [self.config.timeout, self.config.max_retries]
        versions = [MECHANICS]
        if kind in ("fourfold", "no_ties"):
            # The margin is not in the key: records are decided again at read (`_decided`).
            versions += [PAIRWISE_EVIDENCE, PAIRWISE_DECIDE]
        body = json.dumps([kind, *versions, settings, sorted(request_keys)])
        return "sha256:" + hashlib.sha256(body.encode()).hexdigest()

    def _plain_request(self, pair: Pair, swap: bool) -> ModelRequest:
        first, second = (pair.output_2, pair.output_1) if swap else (pair.output_1, pair.output_2)
        user = (
            self.template.replace("{input}", pair.instruction)
            .replace("{output_1}", first)
            .replace("{output_2}", second)
        )
        return ModelRequest(
            messages=[
                ChatMessage(role="system", content=self.system),
                ChatMessage(role="user", content=user),
            ],
            max_tokens=PLAIN_MAX_TOKENS,
        )


Side = Literal["candidate", "baseline", "tie"]
_NAMES: dict[Side, str] = {"candidate": "1", "baseline": "2", "tie": "tie"}
_SIDES: dict[str, Side] = {name: side for side, name in _NAMES.items()}


def _decided(record: dict[str, Any]) -> dict[str, Any]:
    """`record` with its ``verdict`` and ``sides`` as the check decides them today (at
    `LOG_ODDS_MARGIN`): a new margin needs no model call."""
    return decided_at(record, LOG_ODDS_MARGIN)


def decided_at(record: dict[str, Any], margin: float | None) -> dict[str, Any]:
    """`record` with its ``verdict`` and ``sides`` decided at `margin` (None: votes alone).

    The record keeps the two orders' votes and the candidate's log-odds; the verdict is
    made from them by the check's own rule (`decide_pair`). A pair decided by its log-odds
    is decided in both orders (the log-odds are both orders read together); any other
    pair reads as its votes.
    """
    votes = record.get("votes") or record["sides"]
    if None in votes:
        return {**record, "verdict": None, "sides": votes}
    odds = record.get("candidate_log_odds") if margin is not None else None
    verdict = _NAMES[decide_pair([_SIDES[v] for v in votes], odds, margin or 0.0)]
    by_odds = votes[0] != votes[1] and odds is not None and verdict != "tie"
    return {**record, "verdict": verdict, "sides": [verdict, verdict] if by_odds else votes}


def _takes_ties() -> bool:
    """Whether this version of fourfold knows ``ties: false`` (the baseline does not)."""
    from fourfold.judges import PairwiseCriterion

    return "ties" in PairwiseCriterion.model_fields


def _parse_without_ties(text: str | None) -> Any:
    return parse_pairwise_reply(text, ties=False)


def _provider(config: ModelConfig) -> Any:
    from fourfold.models._model import _openai_compatible

    return _openai_compatible(config)


def _context(pair: Pair, output: str, *, baseline: str | None = None) -> CheckContext:
    return CheckContext(
        case=Case(id=pair.id, input=pair.instruction),
        trace=Trace(output=output),
        baseline=None if baseline is None else Trace(output=baseline),
    )


def _with_model(ctx: CheckContext, model: Model) -> CheckContext:
    return CheckContext(
        case=ctx.case, trace=ctx.trace, baseline=ctx.baseline, models={"judge": model}
    )


def _call(response: ModelResponse) -> dict[str, Any]:
    return {
        "input_tokens": response.input_tokens,
        "output_tokens": response.output_tokens,
        "latency_s": response.latency_s,
        "attempts": response.attempts,
    }


def _failed_call(exc: ProviderError) -> dict[str, Any]:
    return {
        "error": exc.category,
        "latency_s": getattr(exc, "latency_s", None),
        "attempts": getattr(exc, "attempts", None),
    }


async def judge_all(
    judging: Judging,
    pairs: list[Pair],
    kinds: tuple[str, ...],
    *,
    progress: bool = True,
) -> dict[str, list[dict[str, Any]]]:
    """Every pair judged every way in `kinds` (``fourfold``, ``no_ties``, ``plain``,
    ``rubric``)."""
    out: dict[str, list[dict[str, Any]]] = {kind: [] for kind in kinds}
    started = time.perf_counter()
    for n, pair in enumerate(pairs, start=1):
        for kind in kinds:
            if kind == "fourfold":
                out[kind].append(await judging.fourfold(pair))
            elif kind == "no_ties":
                out[kind].append(await judging.fourfold(pair, ties=False))
            elif kind == "plain":
                out[kind].append(await judging.plain(pair))
            else:
                out[kind].append(await judging.rubric_scores(pair))
        if progress and (n % 5 == 0 or n == len(pairs)):
            elapsed = time.perf_counter() - started
            print(
                f"  {n}/{len(pairs)} pairs ({judging.fresh_calls} model calls made, "
                f"{elapsed:.0f}s)",
                flush=True,
            )
    return out


def run(coro: Any) -> Any:
    return asyncio.run(coro)
