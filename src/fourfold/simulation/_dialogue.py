"""The dialogue loop: a model plays the case's user, turn by turn, against the agent."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from ..agents import Agent
from ..cases import Case, SimulatedUser
from ..errors import ProviderError
from ..models import Model, ModelRequest, ModelResponse
from ..trace import Message, Passage, ToolCall, Trace, Usage
from ._failures import SimulatorFailure, turn_failures
from ._prompt import simulator_messages

__all__ = ["USER_TURN_MAX_TOKENS", "Ended", "dialogue_case", "run_dialogue"]

USER_TURN_MAX_TOKENS = 1024
"""The output cap of a simulated user's turn when its model's config sets none: a user
message is short, and one that runs on is cut here (and refused if it loops)."""

Ended = Literal["stop", "max_turns", "agent_error", "simulator_error", "simulator_failed"]
"""Why a dialogue ended: the user said the stop; its turn limit; the agent failed; the
simulator's model failed; the simulator broke a rule (`fourfold.simulation._failures`)."""


@dataclass
class _Dialogue:
    """The dialogue as it grows: what the agent sees, and the whole record for the trace."""

    conversation: list[Message]
    """What was said, user and agent replies only: what the agent gets each turn."""
    messages: list[Message] = field(default_factory=list)
    """Everything, in order: user turns, and each agent turn's own messages (tool ones too)."""
    tool_calls: list[ToolCall] = field(default_factory=list)
    passages: list[Passage] = field(default_factory=list)
    usage: Usage = field(default_factory=Usage)
    latency_s: float | None = None
    agent_model_turns: int = 0
    metadata: dict[str, Any] = field(default_factory=dict)
    last: Trace | None = None
    turns: list[dict[str, Any]] = field(default_factory=list)

    def add_agent_turn(self, given: list[Message], trace: Trace, *, user_index: int) -> None:
        own = _own_messages(given, trace)
        self.turns.append(
            {
                "user_message": user_index,
                "messages": [len(self.messages), len(self.messages) + len(own)],
                "tool_calls": [len(self.tool_calls), len(self.tool_calls) + len(trace.tool_calls)],
            }
        )
        self.messages.extend(own)
        self.tool_calls.extend(trace.tool_calls)
        self.passages.extend(trace.passages)
        self.usage = _add_usage(self.usage, trace.usage)
        if trace.latency_s is not None:
            self.latency_s = (self.latency_s or 0.0) + trace.latency_s
        # A turn's own count: its recorded messages repeat the conversation's earlier replies.
        own_turns = sum(1 for m in own if m.role == "assistant")
        self.agent_model_turns += trace.turns if trace.turns is not None else own_turns
        self.metadata.update(trace.metadata)
        self.last = trace


async def run_dialogue(
    agent: Agent,
    case: Case,
    model: Model,
    *,
    seed: int,
    repeat: int,
    use_cache: bool = True,
) -> Trace:
    """Play the case's simulated user against `agent` until the stop, its turn limit or an error.

    The simulator writes the first user message from its persona and goal (after the case's
    `input`, when it gives an opening), then the agent answers, and so on: each agent turn
    is one `Agent.run` on the case with ``input`` set to the whole conversation so far (user
    messages and the agent's replies; the ``user`` block is taken off, so the agent never
    sees the goal or the facts), so Python, command, HTTP and model agents all get the
    conversation as they get a fixed multi-turn case. The agent's timeout holds per turn.

    The returned trace is the whole dialogue: ``messages`` holds every user turn and every
    agent turn's own messages in order (tool messages too), ``tool_calls`` and ``passages``
    those of every agent turn, ``output`` the agent's last reply, ``usage``, ``latency_s``
    and ``turns`` the agent's over all its turns (the simulator's own tokens are in the
    metadata, never billed to the agent). ``metadata["simulated_user"]`` says who played the
    user, how many turns each side took, why the dialogue ended (`Ended`), which messages
    and tool calls each agent turn made, and the simulator's failures; a failure of the
    simulator, of its model or of the agent sets ``error`` (an errored trial), keeping the
    dialogue so far.

    Each simulator call is cached under the conversation it answers, salted with the seed
    and the repeat, as a model agent's calls are: a resumed or re-run trial replays the same
    user turns from the store's cache.
    """
    user = case.user
    if user is None:
        raise ValueError(f"case {case.id!r} has no simulated user")
    opening = list(case.messages) if "input" in case.model_fields_set and case.input else []
    dialogue = _Dialogue(conversation=[m for m in opening if _spoken(m)], messages=list(opening))
    sim_usage = Usage()
    failures: list[SimulatorFailure] = []
    error: str | None = None
    ended: Ended = "max_turns"
    replies: list[str] = []
    previous: str | None = None
    user_turns = 0
    salt = f"simulated-user:seed={seed}:repeat={repeat}"
    while user_turns < user.max_turns:
        user_turns += 1
        if not (user_turns == 1 and opening and opening[-1].role == "user"):
            # (else the case's opening is the first user turn)
            try:
                response = await _user_turn(model, user, dialogue.conversation, salt, use_cache)
            except ProviderError as exc:
                error = (
                    f"the simulated user's model {model.name} failed on user turn {user_turns} "
                    f"({exc.category}): {exc}"
                )
                ended = "simulator_error"
                break
            # Counted on a cache hit too, as a model agent counts its calls: a replayed
            # dialogue reads the same as the one it replays.
            sim_usage = _add_usage(
                sim_usage,
                Usage(
                    input_tokens=response.input_tokens,
                    output_tokens=response.output_tokens,
                    cost_usd=response.cost_usd,
                ),
            )
            text, stopped = _split_stop(response.text or "", user)
            found = turn_failures(
                user,
                turn=user_turns,
                text=text,
                stopped=stopped,
                agent_replies=replies,
                previous=previous,
            )
            if text:
                said = Message(role="user", content=text)
                dialogue.conversation.append(said)
                dialogue.messages.append(said)
                previous = text
            if found:
                failures.extend(found)
                ended = "simulator_failed"
                break
            if stopped:
                ended = "stop"
                break
        given = list(dialogue.conversation)
        turn_case = case.model_copy(update={"input": given, "user": None})
        trace = await agent.run(turn_case, seed=seed, repeat=repeat)
        dialogue.add_agent_turn(given, trace, user_index=len(dialogue.messages) - 1)
        if trace.error is not None:
            error = f"the agent failed on its turn {len(dialogue.turns)}: {trace.error}"
            ended = "agent_error"
            break
        reply = trace.text
        replies.append(reply)
        dialogue.conversation.append(Message(role="assistant", content=reply))
    if failures:
        error = "the simulated user failed (not the agent): " + "; ".join(
            f.describe() for f in failures
        )
    return _trace(dialogue, user, model, ended, failures, sim_usage, error)


async def _user_turn(
    model: Model, user: SimulatedUser, conversation: list[Message], salt: str, use_cache: bool
) -> ModelResponse:
    """The simulator's next message, through `Model.generate` (its cap, its loop guard).

    Raises:
        ProviderError: the call failed.
    """
    request = ModelRequest(
        messages=simulator_messages(user, conversation),
        max_tokens=None if model.config.sets_max_tokens else USER_TURN_MAX_TOKENS,
        cache_salt=salt,
    )
    return await model.generate(request, use_cache=use_cache)


def dialogue_case(case: Case, trace: Trace) -> Case:
    """The case as the checks see it after a dialogue: its input is the conversation.

    The input is what was said up to the agent's last reply (user messages and the agent's
    replies), so a judge reads a simulated case as it reads a fixed multi-turn one; the
    ``user`` block stays, for checks that want the goal.
    """
    spoken = [m for m in trace.messages if _spoken(m)]
    while spoken and spoken[-1].role == "user" and len(spoken) > 1:
        spoken.pop()  # the user's closing words come after the reply being judged
    if spoken and spoken[-1].role == "assistant":
        spoken.pop()
    return case.model_copy(update={"input": spoken or case.input})


def _trace(
    dialogue: _Dialogue,
    user: SimulatedUser,
    model: Model,
    ended: Ended,
    failures: list[SimulatorFailure],
    sim_usage: Usage,
    error: str | None,
) -> Trace:
    last = dialogue.last
    metadata = dict(dialogue.metadata)
    metadata["simulated_user"] = {
        "model": model.name,
        "user_turns": sum(1 for m in dialogue.messages if m.role == "user"),
        "agent_turns": len(dialogue.turns),
        "max_turns": user.max_turns,
        "ended": ended,
        "failures": [f.to_json() for f in failures],
        "usage": sim_usage.model_dump(mode="json"),
        "turns": dialogue.turns,
    }
    return Trace(
        messages=dialogue.messages,
        tool_calls=dialogue.tool_calls,
        passages=dialogue.passages,
        output=last.output if last is not None else None,
        structured=last.structured if last is not None else None,
        usage=dialogue.usage,
        latency_s=dialogue.latency_s,
        turns=dialogue.agent_model_turns,
        error=error,
        metadata=metadata,
    )


def _spoken(message: Message) -> bool:
    return message.role in ("user", "assistant") and bool(message.content)


def _own_messages(given: list[Message], trace: Trace) -> list[Message]:
    """The messages of one agent turn, without the conversation it was given.

    An adapter's recorded messages start with the case's input; a returned trace may
    repeat all of it, part of it or none. The given conversation is dropped when the
    trace starts with it, else any user or system messages it starts with; a turn with
    no assistant message gets one holding its output.
    """
    own = list(trace.messages)
    if own[: len(given)] == given:
        own = own[len(given) :]
    else:
        while own and own[0].role in ("user", "system"):
            own.pop(0)
    if not any(m.role == "assistant" for m in own) and trace.error is None:
        own.append(Message(role="assistant", content=trace.text))
    return own


def _split_stop(text: str, user: SimulatedUser) -> tuple[str, bool]:
    """The user's words, and whether they hold a stop string (case-insensitive).

    A stop token (``stop`` given as one string) is taken out of the words; stop phrases
    (``stop`` given as a list) are words the user says, and stay.
    """
    lowered = text.lower()
    stopped = any(stop.lower() in lowered for stop in user.stop_strings)
    if stopped and isinstance(user.stop, str):
        at = lowered.index(user.stop.lower())
        text = text[:at] + text[at + len(user.stop) :]
    return text.strip(), stopped


def _add_usage(a: Usage, b: Usage) -> Usage:
    cost = None
    if a.cost_usd is not None or b.cost_usd is not None:
        cost = (a.cost_usd or 0.0) + (b.cost_usd or 0.0)
    return Usage(
        input_tokens=a.input_tokens + b.input_tokens,
        output_tokens=a.output_tokens + b.output_tokens,
        cost_usd=cost,
        known=a.known and b.known,
    )
