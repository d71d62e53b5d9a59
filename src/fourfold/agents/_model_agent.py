"""The ``model`` adapter: an agent that is a model, a system prompt and Python tools.

The same suite can then run on several models and be compared, the way a team picks the
model for its agent::

    agents:
      gpt:   {model: openai/gpt-4.1-mini, system_file: prompts/system.md,
              tools: "support_tools:TOOLS"}
      local: {model: {model: ollama/llama3.1, concurrency: 2},
              system_file: prompts/system.md, tools: "support_tools:TOOLS", max_turns: 6}

Each trial is a tool-calling loop: the system prompt and the case's messages go to the
model with the tool definitions; every tool call in the reply is validated against the
tool's signature and run (a bad argument or a raising tool is told to the model as
``error: ...`` and recorded on the call), and the loop goes on until the model answers
without calling a tool, or until `max_turns` model calls have been made (an errored trial).
The trace's assistant messages keep the calls each turn requested (`Message.tool_calls`,
with the model's call ids), its tool calls what ran; a case's conversation that holds an
assistant turn's requested calls sends them with it (those with an id: a result is paired
with its call by id).

Caching. A model call is looked up in the run's response cache under a key that holds
the messages, the tool definitions, the parameters and the salt
``agent:seed={seed}:repeat={repeat}``. So repeats of a case are real repeats, never
served from one another's replies, while running an unchanged suite again with the same
seed replays every turn from the cache (a turn whose tool results changed is a new
request and goes to the model). ``use_cache=False`` (``--no-cache``) sends every call.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any

from pydantic import ValidationError

from ..cases import Case
from ..errors import AgentError, ConfigError, ProviderError
from ..models import ChatMessage, Model, ModelRequest, ModelToolCall
from ..trace import Message, ToolCall, ToolRequest, Trace
from ._recorder import Recorder
from ._tools import Tool, describe_tool, tool_result_text, validation_message
from ._trial import Adapter

__all__ = ["ModelAgent"]

# How long a timed-out trial's loop gets to finish its cancellation before we stop waiting.
_CANCEL_GRACE_S = 1.0
_RAW_ARGUMENTS_SHOWN = 200


class ModelAgent(Adapter):
    """Runs a model in a tool-calling loop for each trial.

    A suite builds one with ``agent: {model: ..., tools: ...}``; in Python::

        agent = ModelAgent(get_model("openai/gpt-4.1-mini"), system="...", tools=[lookup])
        trace = await agent.run(case, seed=0, repeat=0)

    Tools run with a `Recorder` current (`current_recorder`), so a tool can log the
    passages it retrieved (``current_recorder().retrieved([...])``), read the case
    (``current_recorder().case.context``) or add the usage of a model it calls; calls it
    logs itself (a function decorated with `tool`) are not recorded a second time.

    Args:
        model: the model (closed by `aclose`).
        system: the system prompt (None or blank: none).
        tools: the tools the model may call: functions (described with `tool_spec`).
        max_turns: the most model calls a trial may make.
        temperature: the sampling temperature (None: the model config's).
        timeout: seconds a whole trial may take.
        use_cache: look model calls up in the model's cache (replies are stored either way).

    Raises:
        ConfigError: a tool cannot be described, or two tools share a name.
    """

    def __init__(
        self,
        model: Model,
        *,
        system: str | None = None,
        tools: Sequence[Tool | Callable[..., Any]] = (),
        max_turns: int = 8,
        temperature: float | None = None,
        timeout: float = 60.0,
        use_cache: bool = True,
    ) -> None:
        if max_turns < 1:
            raise ValueError(f"max_turns must be at least 1, not {max_turns}")
        self.model = model
        self.system = system if system and system.strip() else None
        self.tools: dict[str, Tool] = {}
        for item in tools:
            described = item if isinstance(item, Tool) else describe_tool(item)
            if described.name in self.tools:
                raise ConfigError(
                    f"two tools are called {described.name!r}",
                    hint="a model calls tools by name: rename one of them",
                )
            self.tools[described.name] = described
        self.max_turns = max_turns
        self.temperature = temperature
        self.timeout = timeout
        self.use_cache = use_cache
        self._specs = [t.spec for t in self.tools.values()]

    def __repr__(self) -> str:
        return f"ModelAgent({self.model.name!r}, tools={list(self.tools)})"

    async def aclose(self) -> None:
        """Close the model (which flushes its cache)."""
        await self.model.aclose()

    async def attempt(self, case: Case, *, seed: int, repeat: int, rec: Recorder) -> Trace:
        """Run the loop, within the trial's timeout."""
        rec.metadata["model"] = self.model.name
        task = asyncio.ensure_future(self._converse(case, seed=seed, repeat=repeat, rec=rec))
        # An abandoned task's exception is of no interest; retrieve it so asyncio stays quiet.
        task.add_done_callback(lambda t: t.cancelled() or t.exception())
        try:
            done, _ = await asyncio.wait({task}, timeout=self.timeout)
        except asyncio.CancelledError:
            task.cancel()
            raise
        if not done:
            task.cancel()
            # Not wait_for: an async tool that swallows the cancellation must not hang the run.
            await asyncio.wait({task}, timeout=_CANCEL_GRACE_S)
            raise AgentError(
                f"the {self.model.name} agent did not finish within the timeout of "
                f"{self.timeout:g}s (raise agent.timeout in the suite if it needs longer)"
            )
        return task.result()

    def first_request(self, case: Case, *, seed: int, repeat: int) -> ModelRequest:
        """The request of a trial's first turn: the system prompt, the case, the tools.

        A dry run measures it (tokens) and looks it up in the cache, sending nothing.
        """
        messages: list[ChatMessage] = []
        if self.system is not None:
            messages.append(ChatMessage(role="system", content=self.system))
        messages.extend(
            ChatMessage(
                role=m.role,
                content=m.content,
                name=m.name,
                tool_call_id=m.tool_call_id,
                tool_calls=[
                    ModelToolCall(id=r.id, name=r.name, arguments=r.arguments)
                    for r in m.tool_calls
                    if r.id is not None
                ],
            )
            for m in case.messages
        )
        # The seed and the repeat salt the cache key: see the module docstring.
        salt = f"agent:seed={seed}:repeat={repeat}"
        return ModelRequest(
            messages=messages, tools=self._specs, temperature=self.temperature, cache_salt=salt
        )

    async def _converse(self, case: Case, *, seed: int, repeat: int, rec: Recorder) -> Trace:
        first = self.first_request(case, seed=seed, repeat=repeat)
        messages: list[ChatMessage] = list(first.messages)
        cache_hits = 0
        for turn in range(1, self.max_turns + 1):
            request = first.model_copy(update={"messages": list(messages)})
            try:
                response = await self.model.generate(request, use_cache=self.use_cache)
            except ProviderError as exc:
                rec.metadata["error_category"] = exc.category
                raise AgentError(
                    f"the model {self.model.name} failed on turn {turn} ({exc.category}): {exc}"
                ) from exc
            rec.turns = turn
            rec.add_usage(
                input_tokens=response.input_tokens,
                output_tokens=response.output_tokens,
                cost_usd=response.cost_usd,
            )
            if response.cached:
                cache_hits += 1
                rec.metadata["cache_hits"] = cache_hits
            if not response.tool_calls:
                output = response.text or ""
                rec.message("assistant", output)
                return rec.to_trace(output=output)
            messages.append(
                ChatMessage(role="assistant", content=response.text, tool_calls=response.tool_calls)
            )
            rec.message(
                "assistant",
                response.text,
                tool_calls=[
                    ToolRequest(id=call.id, name=call.name, arguments=call.arguments)
                    for call in response.tool_calls
                ],
            )
            if turn == self.max_turns:
                for call in response.tool_calls:
                    rec.tool_calls.append(
                        ToolCall(
                            name=call.name,
                            arguments=call.arguments,
                            error=f"not run: the turn limit of {self.max_turns} was reached",
                            id=call.id,
                        )
                    )
                break
            # One call after the other, in the order the model gave them: tools may have
            # side effects that depend on the order, and the recording stays deterministic.
            for call in response.tool_calls:
                content = await self._run_tool(call, case, seed=seed, repeat=repeat, rec=rec)
                messages.append(
                    ChatMessage(role="tool", content=content, tool_call_id=call.id, name=call.name)
                )
                rec.messages.append(
                    Message(role="tool", content=content, name=call.name, tool_call_id=call.id)
                )
        raise AgentError(
            f"turn limit of {self.max_turns} reached without a final answer: the model "
            f"{self.model.name} was still calling tools (raise max_turns in the suite if "
            "it needs more turns)"
        )

    async def _run_tool(
        self, call: ModelToolCall, case: Case, *, seed: int, repeat: int, rec: Recorder
    ) -> str:
        """Run one tool call, record it, and return what the model is told."""
        started = datetime.now(UTC)
        result: Any = None
        error: str | None = None
        tool = self.tools.get(call.name)
        if tool is None:
            known = ", ".join(self.tools) or "none"
            error = f"there is no tool named {call.name!r} (the tools are: {known})"
        elif call.raw_arguments is not None:
            raw = call.raw_arguments[:_RAW_ARGUMENTS_SHOWN]
            error = f"the arguments are not a JSON object: {raw!r}"
        else:
            try:
                args, kwargs = tool.bind(call.arguments)
            except ValidationError as exc:
                error = f"invalid arguments for {tool.name}: {validation_message(exc)}"
            else:
                # The tool records on a recorder of its own: its passages and usage are
                # kept; calls it logs itself (a function decorated with @tool) are not
                # recorded twice.
                scratch = Recorder(case, seed=seed, repeat=repeat)
                scratch.rng = rec.rng
                try:
                    result = await tool.call(args, kwargs, recorder=scratch)
                except Exception as exc:
                    error = f"{type(exc).__name__}: {exc}"
                except asyncio.CancelledError:
                    raise
                except SystemExit as exc:  # not the model's to handle: the trial fails
                    raise AgentError(f"tool {tool.name} raised SystemExit: {exc}") from exc
                finally:
                    _absorb(rec, scratch, model=self.model.name)
        rec.tool_calls.append(
            ToolCall(
                name=call.name,
                arguments=call.arguments,
                result=result,
                error=error,
                id=call.id,
                started_at=started,
                ended_at=datetime.now(UTC),
            )
        )
        if error is not None:
            return "error: " + error
        try:
            return tool_result_text(result)
        except Exception:  # a value even serialize_unknown cannot write (a cycle)
            return str(result)


def _absorb(rec: Recorder, scratch: Recorder, *, model: str) -> None:
    """Keep what a tool recorded: its passages, its usage and its metadata."""
    rec.passages.extend(scratch.passages)
    usage = scratch.usage
    if usage.input_tokens or usage.output_tokens or usage.cost_usd is not None:
        rec.add_usage(
            input_tokens=usage.input_tokens,
            output_tokens=usage.output_tokens,
            cost_usd=usage.cost_usd,
        )
    rec.metadata.update(scratch.metadata)
    rec.metadata["model"] = model
