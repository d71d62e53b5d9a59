"""Before spending: what a run will call, read, write, cost and take, without calling anything.

`forecast_run` reads a loaded suite and the store and says, for a run with the given
options: the trials (cases × repeats), the model calls of the agent (a ``model`` agent)
and of every judge (a rubric judge once per trial, a pairwise judge twice: both orders),
how many of them the store's cache is expected to answer, the input and output tokens,
the money from the price table (`fourfold.models.price_of`, or a model's ``prices:``) and
bounds on the wall time from the limits. Nothing is sent to any model and nothing is
written: ``fourfold run --dry-run`` prints it. After a real run, the runner stores the
forecast beside what happened (`ForecastCheck`), which ``fourfold show`` prints, so the
next forecast can be read knowing how far off the last one was.

**Tokens** are counted from the prompts actually rendered: the agent's first request
(system prompt, the case's messages, the tool definitions) and each judge's prompt for
the case, at `CHARS_PER_TOKEN` characters a token (OpenAI's rule of thumb for English;
no tokenizer is downloaded). What a run has not produced yet is assumed, and the
assumptions are constants here: `AGENT_REPLY_TOKENS` per agent turn (the answer the
judges then read too, where no earlier trace of the case is stored), one tool round
(two turns) for an agent with tools, `TOOL_RESULT_TOKENS` per tool round and
`JUDGE_REPLY_TOKENS` per judge reply. Repair requests (a judge's unreadable reply asked
again) are not forecast.

**Cache hits** are looked up, not guessed: a trial's first agent request is hashed as the
model would hash it and looked up in the store's cache; a trial whose first turn is
cached is expected to replay whole (the same replies give the same tool calls), and then
its judges are expected to be served from the cache when a stored trial of the same
case and repeat (the newest run of the suite with the same agent and seed) has its
judge calls in the cache. With ``use_cache=False`` nothing is a hit.

**Wall time** is bounded, not predicted: at least what the rate limits (``rpm``, ``tpm``)
allow for the calls that are sent, at most every trial running to its timeout, in waves
of the run's concurrency (retries not counted).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from .agents import ModelAgentConfig, make_agent
from .cases import Case
from .checks import MODELS_ATTRIBUTE, Check
from .models import ChatMessage, ModelConfig, ModelRequest, price_of
from .runs import MODEL_CALLS_KEY, Run, Trial
from .suite import LoadedSuite, cases_to_run, load_suite
from .trace import Trace

if TYPE_CHECKING:
    from .store import Store

__all__ = [
    "AGENT_REPLY_TOKENS",
    "CHARS_PER_TOKEN",
    "JUDGE_REPLY_TOKENS",
    "TOOL_RESULT_TOKENS",
    "CallForecast",
    "Forecast",
    "ForecastCheck",
    "Outcome",
    "check_forecast",
    "estimate_tokens",
    "forecast_run",
    "format_seconds",
    "format_usd",
]

CHARS_PER_TOKEN = 4.0
"""Characters per token of English text (OpenAI's rule of thumb)."""
AGENT_REPLY_TOKENS = 250
"""Assumed output tokens of one agent turn."""
TOOL_RESULT_TOKENS = 200
"""Assumed tokens a tool round adds to the next turn's input (the call and its result)."""
JUDGE_REPLY_TOKENS = 150
"""Assumed output tokens of a judge's reply (evidence, rationale, score)."""

Role = Literal["agent", "judge"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CallForecast(_Model):
    """The model calls of one caller (the agent, or one judge) over the whole run."""

    role: Role
    name: str
    """The agent's name, or the check's."""
    model: str
    """``provider/name``."""
    calls: int
    """Calls the run makes, served from the cache or not."""
    cached: int
    """Of those, expected to be answered by the store's cache (no request sent)."""
    max_calls: int
    """The most calls the run can make (every agent trial to its turn limit)."""
    input_tokens: int
    """Estimated input tokens of the calls sent (cache hits excluded)."""
    output_tokens: int
    """Estimated output tokens of the calls sent."""
    cost_usd: float | None
    """The sent calls' cost at the model's price; None when the model has no price."""
    concurrency: int
    """The model's limit of calls in flight."""
    rpm: float | None = None
    tpm: float | None = None
    timeout_s: float = 60.0
    """Seconds one call may take."""


class Forecast(_Model):
    """What a run will do, before it does it."""

    suite: str
    agent: str
    cases: int
    repeats: int
    trials: int
    """Cases × repeats."""
    concurrency: int
    """Trials run at once."""
    use_cache: bool
    callers: list[CallForecast] = Field(default_factory=list)
    min_wall_s: float = 0.0
    """At least this long: the rate limits on the calls sent."""
    max_wall_s: float = 0.0
    """At most this long: every trial to its timeout, in waves of `concurrency`."""
    notes: list[str] = Field(default_factory=list)
    """What the forecast could not see (an agent's own model calls, a check's models)."""
    chars_per_token: float = CHARS_PER_TOKEN

    @property
    def calls(self) -> int:
        """Every model call, cache hits included."""
        return sum(c.calls for c in self.callers)

    @property
    def cached(self) -> int:
        """Calls expected from the cache."""
        return sum(c.cached for c in self.callers)

    @property
    def input_tokens(self) -> int:
        """Input tokens sent."""
        return sum(c.input_tokens for c in self.callers)

    @property
    def output_tokens(self) -> int:
        """Output tokens received."""
        return sum(c.output_tokens for c in self.callers)

    @property
    def cost_usd(self) -> float | None:
        """The priced callers' cost (None when calls are sent and none has a price)."""
        priced = [c.cost_usd for c in self.callers if c.cost_usd is not None]
        if not priced and any(c.calls > c.cached for c in self.callers):
            return None
        return sum(priced)

    @property
    def unpriced(self) -> list[str]:
        """Models without a price, whose calls are not in `cost_usd`."""
        return sorted({c.model for c in self.callers if c.cost_usd is None and c.calls > c.cached})


class Outcome(_Model):
    """What a run did, in the forecast's terms."""

    calls: int
    cached: int
    input_tokens: int
    output_tokens: int
    cost_usd: float | None
    wall_s: float | None


class ForecastCheck(_Model):
    """A run's forecast beside what happened: stored with the run (analysis ``forecast``)."""

    forecast: Forecast
    actual: Outcome

    def lines(self) -> list[str]:
        """One line per quantity: forecast, actual, and the ratio where it means something."""
        f, a = self.forecast, self.actual
        rows = [
            ("model calls", f"{f.calls}", f"{a.calls}"),
            ("from the cache", f"{f.cached}", f"{a.cached}"),
            ("input tokens", f"{f.input_tokens:,}", f"{a.input_tokens:,}"),
            ("output tokens", f"{f.output_tokens:,}", f"{a.output_tokens:,}"),
            ("cost", format_usd(f.cost_usd), format_usd(a.cost_usd)),
            (
                "wall time",
                f"{format_seconds(f.min_wall_s)} to {format_seconds(f.max_wall_s)}",
                "—" if a.wall_s is None else format_seconds(a.wall_s),
            ),
        ]
        return [f"{name}: forecast {want}, actual {got}" for name, want, got in rows]


def estimate_tokens(text: str) -> int:
    """Tokens in `text` at `CHARS_PER_TOKEN` characters a token (at least 1 for any text).

    Examples:
        >>> estimate_tokens("Where is my refund?"), estimate_tokens("")
        (5, 0)
    """
    return math.ceil(len(text) / CHARS_PER_TOKEN) if text else 0


def forecast_run(
    suite: str | Path | LoadedSuite,
    store: Store | None = None,
    *,
    agent: str | None = None,
    repeats: int | None = None,
    concurrency: int | None = None,
    seed: int | None = None,
    case_ids: Sequence[str] = (),
    baseline: str | None = None,
    use_cache: bool = True,
) -> Forecast:
    """Forecast a run of `loaded` as `fourfold.run` would make it, calling nothing.

    Args:
        suite: a suite file, or a suite loaded with `load_suite`.
        store: the store whose cache would answer (None: no cache hits).
        agent: which of the suite's agents (the first when None).
        repeats: override the suite's repeats.
        concurrency: override the suite's concurrency.
        seed: override the suite's seed.
        case_ids: only these cases.
        baseline: the run pairwise judges would compare against (without one they skip).
        use_cache: False: every call is sent (``--no-cache``).

    Raises:
        ConfigError: the options do not fit the suite (as the run itself would say).
    """
    loaded = suite if isinstance(suite, LoadedSuite) else load_suite(suite)
    config = loaded.suite
    agent_name, agent_config = config.pick_agent(agent)
    n_repeats = repeats or config.repeats
    run_seed = config.seed if seed is None else seed
    cases = cases_to_run(loaded, agent_config, case_ids)
    waves = math.ceil(len(cases) * n_repeats / (concurrency or config.concurrency)) if cases else 0
    forecast = Forecast(
        suite=config.name,
        agent=agent_name,
        cases=len(cases),
        repeats=n_repeats,
        trials=len(cases) * n_repeats,
        concurrency=concurrency or config.concurrency,
        use_cache=use_cache,
    )
    keys = [(c, r) for c in cases for r in range(n_repeats)]

    replayed: set[tuple[str, int]] = set()
    answer_tokens: dict[tuple[str, int], int] = {}
    agent_timeout = float(agent_config.timeout)
    if isinstance(agent_config, ModelAgentConfig):
        caller, replayed, answer_tokens = _agent_calls(
            agent_name, agent_config, loaded, keys, run_seed, store if use_cache else None
        )
        forecast.callers.append(caller)
    else:
        forecast.notes.append(
            f"the {agent_config.type} agent {agent_name!r} makes its own model calls, if any: "
            "fourfold cannot see them before the run, so they are not forecast"
        )
    # The earlier traces a replayed trial will repeat, for its judges' cache hits (read only
    # when some trial replays and some check calls a model: reading a run costs).
    judged = any(getattr(c.fn, MODELS_ATTRIBUTE, ()) for c in loaded.checks)
    previous = (
        _previous_traces(store, config.name, agent_config, run_seed)
        if store is not None and replayed and judged
        else {}
    )
    judge_timeout = 0.0
    for check in loaded.checks:
        models: tuple[str, ...] = getattr(check.fn, MODELS_ATTRIBUTE, ())
        if not models:
            continue
        if check.spec.name not in ("rubric", "pairwise"):
            forecast.notes.append(
                f"check {check.name!r} calls {', '.join(models)}: its calls are not forecast"
            )
            continue
        judge = config.models.get(models[0])
        if judge is None:
            continue
        per_trial = 2 if check.spec.name == "pairwise" else 1
        if check.spec.name == "pairwise" and baseline is None:
            forecast.notes.append(
                f"pairwise judge {check.name!r} skips every trial: no baseline run is given"
            )
            per_trial = 0
        forecast.callers.append(
            _judge_calls(
                check, judge, loaded, keys, per_trial, previous, replayed, answer_tokens, store
            )
        )
        judge_timeout = max(judge_timeout, judge.timeout)
    forecast.min_wall_s = _rate_floor(forecast.callers)
    forecast.max_wall_s = max(forecast.min_wall_s, waves * (agent_timeout + 2 * judge_timeout))
    return forecast


def check_forecast(forecast: Forecast, run: Run, trials: Sequence[Trial]) -> ForecastCheck:
    """Put `forecast` beside what the run did: calls, cache hits, tokens, cost, wall time.

    The agent's calls are its traces' turns (when a ``model`` agent ran; a trace's
    ``cache_hits`` says how many the cache answered) and its tokens their usage, in the
    share of its turns that were sent; the judges' are their recorded calls. Tokens and
    cost count the calls sent only, as the forecast does.
    """
    model_agent = any(c.role == "agent" for c in forecast.callers)
    calls = cached = tokens_in = tokens_out = 0
    cost: float | None = None
    for trial in trials:
        trace = trial.trace
        if model_agent and trace is not None:
            turns, hits = trace.turn_count, int(trace.metadata.get("cache_hits") or 0)
            calls += turns
            cached += hits
            # A trace's usage counts its cached turns too: keep the share of the turns sent.
            sent = (turns - hits) / turns if turns else 0.0
            if trace.usage.known:
                tokens_in += round(trace.usage.input_tokens * sent)
                tokens_out += round(trace.usage.output_tokens * sent)
            if trace.usage.cost_usd is not None:
                cost = (cost or 0.0) + trace.usage.cost_usd * sent
        for result in trial.results:
            for call in result.metadata.get(MODEL_CALLS_KEY) or []:
                if not isinstance(call, Mapping):
                    continue
                calls += 1
                if call.get("cached"):
                    cached += 1
                    continue
                tokens_in += int(call.get("input_tokens") or 0)
                tokens_out += int(call.get("output_tokens") or 0)
                if call.get("cost_usd") is not None:
                    cost = (cost or 0.0) + float(call["cost_usd"])
    if cost is None and calls == cached:
        cost = 0.0  # nothing was sent: nothing was spent
    wall = _elapsed(run.started_at, run.ended_at)
    return ForecastCheck(
        forecast=forecast,
        actual=Outcome(
            calls=calls,
            cached=cached,
            input_tokens=tokens_in,
            output_tokens=tokens_out,
            cost_usd=cost,
            wall_s=wall,
        ),
    )


def _agent_calls(
    name: str,
    config: ModelAgentConfig,
    loaded: LoadedSuite,
    keys: list[tuple[Case, int]],
    seed: int,
    store: Store | None,
) -> tuple[CallForecast, set[tuple[str, int]], dict[tuple[str, int], int]]:
    """The agent's calls, which trials replay from the cache, each trial's answer size."""
    from .agents import ModelAgent

    # Built, never run: its model opens no connection before a first call, so there is
    # nothing to close.
    agent = make_agent(config, base_dir=loaded.base_dir, cache=None, use_cache=False)
    assert isinstance(agent, ModelAgent)
    turns = 2 if agent.tools else 1
    reply = min(AGENT_REPLY_TOKENS, config.model.max_tokens or AGENT_REPLY_TOKENS)
    replayed: set[tuple[str, int]] = set()
    answers: dict[tuple[str, int], int] = {}
    tokens_in = tokens_out = 0
    for case, repeat in keys:
        request = agent.first_request(case, seed=seed, repeat=repeat)
        answers[(case.id, repeat)] = reply
        if store is not None and store.get_model_call(agent.model.cache_key_of(request)):
            replayed.add((case.id, repeat))
            continue
        prompt = _request_tokens(request)
        growth = reply + TOOL_RESULT_TOKENS
        tokens_in += sum(prompt + k * growth for k in range(turns))
        tokens_out += turns * reply
    return (
        CallForecast(
            role="agent",
            name=name,
            model=config.model.model,
            calls=len(keys) * turns,
            cached=len(replayed) * turns,
            max_calls=len(keys) * config.max_turns,
            input_tokens=tokens_in,
            output_tokens=tokens_out,
            cost_usd=_cost(config.model, tokens_in, tokens_out),
            concurrency=config.model.concurrency,
            rpm=config.model.rpm,
            tpm=config.model.tpm,
            timeout_s=config.model.timeout,
        ),
        replayed,
        answers,
    )


def _judge_calls(
    check: Check,
    config: ModelConfig,
    loaded: LoadedSuite,
    keys: list[tuple[Case, int]],
    per_trial: int,
    previous: Mapping[tuple[str, int], Trial],
    replayed: set[tuple[str, int]],
    answer_tokens: Mapping[tuple[str, int], int],
    store: Store | None,
) -> CallForecast:
    """One judge's calls: its prompt rendered per case, cache hits from stored calls."""
    from .judges import PairwiseCriterion, RubricPrompt, build_pairwise_messages, load_criterion

    criterion = load_criterion(
        str(check.spec.args.get("criterion", "outcome_preference")), base_dir=loaded.base_dir
    )
    # A rubric's system message is the same for every trial: made once, not per case.
    rubric = None if isinstance(criterion, PairwiseCriterion) else RubricPrompt(criterion)
    reply = min(JUDGE_REPLY_TOKENS, config.max_tokens or JUDGE_REPLY_TOKENS)
    tokens_in = tokens_out = cached = 0
    for case, repeat in keys:
        if not per_trial:
            break
        before = previous.get((case.id, repeat))
        if (case.id, repeat) in replayed and before is not None and store is not None:
            if _all_cached(store, before, check.name, per_trial):
                cached += per_trial
                continue
        # The judge reads the agent's answer: the stored one when there is one, else assumed.
        trace = before.trace if before is not None else None
        extra = 0 if trace is not None else answer_tokens.get((case.id, repeat), AGENT_REPLY_TOKENS)
        trace = trace if trace is not None else Trace(output="")
        if rubric is None:
            assert isinstance(criterion, PairwiseCriterion)
            messages = build_pairwise_messages(criterion, case, trace, trace)
            extra *= 2
        else:
            messages = rubric.messages(case, trace)
        tokens_in += per_trial * (_messages_tokens(messages) + extra)
        tokens_out += per_trial * reply
    calls = len(keys) * per_trial
    return CallForecast(
        role="judge",
        name=check.name,
        model=config.model,
        calls=calls,
        cached=cached,
        max_calls=calls * 2,  # a repair request each
        input_tokens=tokens_in,
        output_tokens=tokens_out,
        cost_usd=_cost(config, tokens_in, tokens_out),
        concurrency=config.concurrency,
        rpm=config.rpm,
        tpm=config.tpm,
        timeout_s=config.timeout,
    )


def _all_cached(store: Store, trial: Trial, check: str, per_trial: int) -> bool:
    """Whether `trial`'s result of `check` made its calls and every one is in the cache."""
    for result in trial.results:
        if result.check != check:
            continue
        calls = [c for c in result.metadata.get(MODEL_CALLS_KEY) or [] if isinstance(c, Mapping)]
        return len(calls) >= per_trial and all(
            c.get("key") and store.get_model_call(str(c["key"])) for c in calls
        )
    return False


def _previous_traces(
    store: Store, suite: str, agent_config: Any, seed: int
) -> dict[tuple[str, int], Trial]:
    """The newest stored trial of each (case, repeat) by the same agent with the same seed."""
    wanted = agent_config.model_dump(mode="json")
    for run in store.list_runs(limit=20, suite=suite):
        if run.seed == seed and run.config.get("agent") == wanted:
            return {(t.case_id, t.repeat): t for t in store.trials(run.id) if t.status == "ok"}
    return {}


def _request_tokens(request: ModelRequest) -> int:
    import json

    tools = json.dumps([t.model_dump(mode="json") for t in request.tools]) if request.tools else ""
    return _messages_tokens(request.messages) + estimate_tokens(tools)


def _messages_tokens(messages: Sequence[ChatMessage]) -> int:
    # Each message carries a few tokens of framing (role, separators) besides its text.
    return sum(estimate_tokens(m.content or "") + 4 for m in messages)


def _cost(config: ModelConfig, tokens_in: int, tokens_out: int) -> float | None:
    prices = config.prices or price_of(config.name)
    if prices is None:
        return None
    return (tokens_in * prices.input_per_mtok + tokens_out * prices.output_per_mtok) / 1e6


def _rate_floor(callers: Sequence[CallForecast]) -> float:
    """The seconds the rate limits need for the calls sent, per model (models run in parallel)."""
    per_model: dict[str, list[float]] = {}
    for c in callers:
        need = per_model.setdefault(c.model, [0.0, 0.0, c.rpm or 0.0, c.tpm or 0.0])
        need[0] += c.calls - c.cached
        need[1] += c.input_tokens + c.output_tokens
    floor = 0.0
    for sent, tokens, rpm, tpm in per_model.values():
        minutes = max(sent / rpm if rpm else 0.0, tokens / tpm if tpm else 0.0)
        floor = max(floor, minutes * 60)
    return floor


def _elapsed(start: datetime, end: datetime | None) -> float | None:
    return None if end is None else (end - start).total_seconds()


def format_usd(value: float | None) -> str:
    """``$0.0123``, or ``unpriced``."""
    return "unpriced" if value is None else f"${value:,.4f}"


def format_seconds(value: float) -> str:
    """``45s``, ``12.5 min``, ``3.1 h``."""
    if value < 120:
        return f"{value:.0f}s"
    return f"{value / 60:.1f} min" if value < 7200 else f"{value / 3600:.1f} h"
