"""One conversation out of the histories model calls record, and the tool runs that answer it.

Every model call's input repeats the conversation so far, so the conversation is the union of
the histories, each message once, in the order of the most complete one (`Conversation.merge`);
a message a later input leaves out is another history's and follows (`Conversation.in_order`).
A call's reply continues its own input's conversation, not one that started in between
(`Conversation.merge_output`).
Tool spans do not add to it what a model input already holds: they *enrich* the tool message
that answers their call (its id, the tool's name, the structured result) and add a tool message
only when no model input holds one and the span recorded a result, or an error the run went on
from (`._tool_runs.attach_tool_runs`).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from typing import Any

from ..trace import ToolCall
from ._choices import other_choice
from ._item_runs import later_turns
from ._joined_turns import joins_turns
from ._later_record import complete
from ._messages import Msg, ToolRequest, try_json
from ._result_places import skips_to_request
from ._reused_ids import own_ids
from ._run_together import run_together
from ._split_turns import split_turn

__all__ = ["Conversation", "said_text"]


class Conversation:
    """Messages in order, merging histories that repeat what is already there."""

    def __init__(self) -> None:
        self.messages: list[Msg] = []
        self._keys: list[tuple[Any, ...]] = []
        self._counts: Counter[tuple[Any, ...]] = Counter()
        self.now: int | None = None
        """When the span whose messages are being added started (unix ns)."""
        self._born: dict[int, int] = {}
        self._elsewhere: set[int] = set()
        """Messages a later model input left out: only another history holds them."""
        self._starts: set[int] = set()
        """First messages of a history that shared nothing with the ones before it: another
        conversation (a sub-agent's) starts there."""
        self._end: int | None = None
        """Where the last merged history ended (the index after its last message)."""
        self._scope: str | None = None
        """The conversation the last merged history belongs to (`merge`)."""
        self._held: dict[int, set[Any]] = {}
        """For each message, the system prompts (keys; None for none) of the model calls'
        histories that hold it, as input or reply."""
        self._system: Any = None
        """The system prompt of the last merged model input (its reply's history)."""
        self._stepped_by: dict[int, set[Any]] = {}
        """For a system prompt a model input stepped over, the system prompts (keys) of the
        inputs that did (`_held_again`)."""
        self._answers: dict[int, Msg] = {}
        """For a tool message a tool span added (`answer_request`), the message holding the
        request it answers."""
        self._closing: list[Msg] = []
        """What ends the conversation whatever came before (`close`): a team's final answer."""
        self._inputs: list[tuple[int | None, list[int]]] = []
        """Each model input merged: when its span started, and the messages it holds (ids),
        in its order (`replayed_without`)."""

    def append(self, msg: Msg) -> None:
        self.insert(len(self.messages), msg, msg.key())

    def close(self, msg: Msg) -> None:
        """Add `msg` as the conversation's last message, after other histories' (`in_order`)."""
        self.append(msg)
        self._closing.append(msg)

    def insert(self, index: int, msg: Msg, key: tuple[Any, ...]) -> None:
        self.messages.insert(index, msg)
        when = self.now if msg.said_ns is None else msg.said_ns  # its own time, when known
        if when is not None:
            self._born[id(msg)] = when
        self._keys.insert(index, key)
        self._counts[key] += 1

    def merge_output(self, outputs: Iterable[Msg]) -> None:
        """Add what a model call answered, after the input just merged (`merge`).

        The reply continues its input: it follows the input's last message and the messages
        after that one, up to a conversation that started later. An agent that called
        another as a tool waited while the other's separate conversation ran (its own
        system prompt, the tool's input as its question): that conversation starts after
        the caller's, and the caller's answer ends the caller's, before it.
        """
        at = self._end_of_conversation(len(self.messages) if self._end is None else self._end)
        for msg in outputs:
            if self._cut_key(msg, self._scope) != _scoped(msg, self._scope):
                continue  # a reply cut short that the conversation holds whole
            self.insert(at, msg, _scoped(msg, self._scope))
            self._held.setdefault(id(msg), set()).add(self._system)
            at += 1
        self._end = None

    def _end_of_conversation(self, at: int) -> int:
        """The index after the conversation holding `at`: up to one that started later."""
        while at < len(self.messages) and id(self.messages[at]) not in self._starts:
            at += 1
        return at

    def _start_of_conversation(self, at: int) -> int:
        """The index of the first message of the conversation holding `at`."""
        while at > 0 and id(self.messages[at]) not in self._starts:
            at -= 1
        return at

    def _restart(self, at: int, msg: Msg) -> None:
        """`msg` goes before the message at `at`: a conversation that started there, with it."""
        if id(self.messages[at]) in self._starts:
            self._starts.discard(id(self.messages[at]))
            self._starts.add(id(msg))

    def last_said(self) -> str | None:
        """The assistant's latest text: of the message the latest span recorded.

        The conversation's order is not time's: a caller's answer ends the caller's
        conversation, before a sub-agent's that ran earlier. A message recorded at no known
        time takes the time of the one before it; at equal times the later one counts. Of a
        reply's choices, the first (`other_choice`).
        """
        latest: tuple[int, int, str] | None = None
        when = 0
        for i, msg in enumerate(self.messages):
            when = self._born.get(id(msg), when)
            text = said_text(msg)
            if text is not None and not other_choice(msg):
                if latest is None or (when, i) >= latest[:2]:
                    latest = (when, i, text)
        return latest[2] if latest is not None else None

    def first_after(self, when: Any) -> int:
        """The index of the first message recorded by a span that started after `when`."""
        if when is None:
            return len(self.messages)
        ns = int(when.timestamp() * 1e9)
        for i, msg in enumerate(self.messages):
            born = self._born.get(id(msg))
            if born is not None and born > ns:
                while i < len(self.messages) and self.messages[i].role == "tool":
                    i += 1  # after the other results of that turn
                return i
        return len(self.messages)

    def replayed_without(self, call: ToolCall, index: int) -> bool:
        """Whether a model input made after `call` ended went past `index` without it.

        A later input that holds the message before `index` and then nothing, or the message
        at `index` next: the history it was given runs through the place a tool message for
        the call would take, and holds none. The framework left the result out of its
        memory (the Agents SDK on the Responses API under the OpenTelemetry project's
        instrumentation replays a reply's text and not its calls), so the model was never
        given it (the contract: no tool message).
        """
        ended = call.ended_at or call.started_at
        if ended is None or index == 0:
            return False
        ns = int(ended.timestamp() * 1e9)
        before = id(self.messages[index - 1])
        after = id(self.messages[index]) if index < len(self.messages) else None
        for started, held in self._inputs:
            if started is None or started < ns or before not in held:
                continue
            at = held.index(before)
            if at == len(held) - 1 or held[at + 1] == after:
                return True
        return False

    def born(self, msg: Msg) -> int | None:
        """When the span that first recorded `msg` started (unix ns), when known.

        A message that knows when it was said (`Msg.said_ns`): then.
        """
        return self._born.get(id(msg))

    def went_on_after(self, call: ToolCall, request: ToolRequest | None = None) -> bool:
        """Whether a span that started once `call` ended recorded a message here.

        A later model call: the run went on past the call's turn, so the model was answered
        for it. True when the call's time is unknown. The reply that asked for the call
        (`request`'s message) is no later call, whenever it reads as said: a model call's span
        that encloses the tools its reply asked for (Google ADK's under OpenInference) says
        that reply when it ends, after them.
        """
        when = call.ended_at or call.started_at
        if when is None:
            return True
        ns = int(when.timestamp() * 1e9)
        return any(
            (born := self._born.get(id(m))) is not None
            and born >= ns
            and not any(r is request for r in m.tool_calls)
            for m in self.messages
        )

    def scopes(self) -> dict[int, str | None]:
        """By message id, the conversation each was merged in (`merge`'s scope).

        None: the trace's main one.
        """
        return {
            id(m): str(key[1]) if key[:1] == ("scope",) else None
            for m, key in zip(self.messages, self._keys, strict=True)
        }

    def has(self, key: tuple[Any, ...]) -> bool:
        return self._counts[key] > 0

    def _says_as_json(self, text: str | None) -> bool:
        """Whether an assistant message already says the JSON object or array `text` holds."""
        value = _json_value(text)
        if value is None:
            return False
        return any(m.role == "assistant" and _json_value(m.content) == value for m in self.messages)

    def gathers(self, msg: Msg) -> bool:
        """Whether `msg` is a run's summary of what the conversation already holds.

        That is an assistant message requesting only tools already requested, whose text is
        the assistant's texts already said: ai 7's ``invoke_agent`` output gathers the
        answer, every tool call and every result of the run into one message. Without tool
        calls, a text that is the JSON of a reply already said, written again (ai 7's
        ``generateObject`` run gives the parsed object), is that reply too, and so is a text
        that is two or more of the assistant's texts run together (Agno's run result).
        """
        if msg.role != "assistant" or self.has(msg.key()):
            return False
        if not msg.tool_calls:  # or every turn's text run together (Agno's, `._joined_turns`)
            texts = [m.content for m in self.messages if m.role == "assistant" and m.content]
            return self._says_as_json(msg.content) or joins_turns(msg.content, texts)
        requested = {_request_key(r) for m in self.messages for r in m.tool_calls}
        if any(_request_key(r) not in requested for r in msg.tool_calls):
            return False
        rest = msg.content or ""
        for said in self.messages:
            if said.role == "assistant" and said.content and said.content.strip():
                rest = rest.replace(said.content.strip(), "", 1)
        return not rest.strip()

    def merge(
        self, history: Iterable[Msg], *, model_input: bool = False, scope: str | None = None
    ) -> None:
        """Add the messages of `history` not already here.

        A model call's input repeats the conversation so far; only what is new is added,
        where the history puts it (a system prompt first seen in a later call still comes
        first: first of the conversation holding the input's first message already here,
        not before the conversations that started earlier). A history with nothing in
        common follows what is already here.

        When `history` is a model call's input (`model_input`), a system prompt here that
        it steps over between two of its own messages is another history's: the previous
        agent's, which an SDK replaces with the current agent's on a handoff. It follows the
        rest (`in_order`), unless a later input holds it again. Other messages stepped over
        keep their place: a history window (the system prompt and the latest turns) leaves
        out the same agent's older turns. What comes before an input's first message is
        not stepped over: a history may start later (a continuation sending only the new
        items, a system prompt given once). Nor does an input step over anything when it
        ends on a message another history went on from with more than a reply (a member
        handed the task another already worked on, `_holds_less`): that history is the
        more complete, and the input's own system prompt is another history's.

        The new messages that end `history` (after the last one already here) are later
        turns of its conversation: they follow what that conversation already holds, up to
        a conversation that started later, as a reply does (`merge_output`). Two calls that
        share only a system prompt (stateless calls, parallel branches, an edited question)
        thus keep the order they were made in.

        A new message between two already here goes after what the input steps over there
        (recorded earlier), just before the next one it holds. A user or assistant message
        whose copy here lies before what the input already placed is said again: a message
        of its own (a manager's prompt, the same text each round, after the work between).

        A `scope` is a conversation of its own: its messages are not those of the histories
        outside it, even when they read the same (a sub-agent run as a tool is asked its
        caller's question word for word, in its own conversation).
        """
        self._scope = scope
        keyed = [(m, self._cut_key(m, scope)) for m in own_ids(list(history), self.messages)]
        system = keyed[0][1] if keyed and keyed[0][0].role == "system" else None
        if model_input:
            self._system = system

        held: list[int] = []
        if model_input:
            self._inputs.append((self.now, held))

        def hold(msg: Msg) -> None:
            if model_input:
                self._held.setdefault(id(msg), set()).add(system)
                held.append(id(msg))

        if not any(self._counts[key] for _, key in keyed):
            if self.messages and keyed:
                self._starts.add(id(keyed[0][0]))
            for msg, key in keyed:
                self.insert(len(self.messages), msg, key)
                hold(msg)
            self._end = len(self.messages)
            return
        seen: Counter[tuple[Any, ...]] = Counter()
        # what comes before the first message held goes first in that message's conversation
        first = next(self._index_of(key, 1) for _, key in keyed if self._counts[key])
        head = cursor = self._start_of_conversation(first)
        branch = model_input and self._holds_less(keyed)
        started = False  # whether a message of `history` is placed yet
        joined = False  # whether a message of `history` already here is found yet
        for n, (msg, key) in enumerate(keyed):
            seen[key] += 1
            again = (
                started
                and msg.role in ("user", "assistant")
                and seen[key] <= self._counts[key]
                and self._index_of(key, seen[key]) < cursor
            )
            if again:  # said again: the copy held is before what this history placed
                seen[key] = self._counts[key] + 1
            if seen[key] > self._counts[key] and self._completes(cursor, msg, keyed[n + 1 :]):
                self._replace(cursor, msg, key)
                hold(msg)
                cursor += 1
            elif seen[key] > self._counts[key]:
                at = self._keys[cursor] if cursor < len(self._keys) else None
                if msg.role == "tool" and skips_to_request(
                    self.messages, cursor, msg, [k for _, k in keyed[n + 1 :]], at
                ):
                    cursor += 1  # a result follows the request it answers
                elif started and not any(self._counts[k] for _, k in keyed[n:]):
                    cursor = self._end_of_conversation(cursor)  # the new turns: see above
                elif started and model_input:
                    # between two held messages: after those this input steps over there,
                    # recorded earlier (the same agent's older turns keep their place)
                    ahead = self._next_held(keyed[n + 1 :], seen, cursor)
                    self._step(self.messages[cursor:ahead], system)
                    cursor = ahead
                if not started and cursor < len(self.messages):
                    self._restart(cursor, msg)  # it opens the conversation it goes first in
                self.insert(cursor, msg, key)
                hold(msg)
                cursor += 1
            else:
                found = self._index_of(key, seen[key])
                hold(self.messages[found])
                complete(self.messages[found], msg)  # what the later record adds
                if model_input:
                    self._held_again(self.messages[found])
                    if started and branch and not joined:
                        # a branch holding less than the history it leaves: that one leads,
                        # this one's own first messages (its system prompt) are another's
                        self._elsewhere.update(
                            id(m) for m in self.messages[head:cursor] if m.role == "system"
                        )
                    elif started:
                        self._step(self.messages[cursor:found], system)
                joined = True
                cursor = found + 1
            started = True
        self._end = cursor

    def _cut_key(self, msg: Msg, scope: str | None) -> tuple[Any, ...]:
        """`msg`'s key; for a message cut short, the key of the one here it starts.

        A message an attribute length limit cut short (`Msg.cut`) is the message here it is
        the start of: the same message, held whole.

        The start: the same role and call answered, its text none or the start of the
        other's, its requests the first of the other's (`_starts`). The last such message
        here, in the same conversation (`scope`).
        """
        key = _scoped(msg, scope)
        if not msg.cut or self._counts[key]:
            return key
        for index in range(len(self.messages) - 1, -1, -1):
            known = self.messages[index]
            if _starts(msg, known) and self._keys[index] == _scoped(known, scope):
                return self._keys[index]
        return key

    def _holds_less(self, keyed: list[tuple[Msg, Any]]) -> bool:
        """Whether `keyed` ends on a message another history went on from with more turns.

        Such an input is a branch off that history (two agents handed the same prompt): past
        the shared message it will hold its reply alone, the other history more than one.
        """
        key = keyed[-1][1]
        if not self._counts[key]:
            return False
        at = self._index_of(key, min(sum(k == key for _, k in keyed), self._counts[key])) + 1
        return self._end_of_conversation(at) - at > 1

    def _next_held(
        self, rest: list[tuple[Msg, Any]], seen: Counter[tuple[Any, ...]], at: int
    ) -> int:
        """The index of the first of `rest` already here at or after `at` (else `at`)."""
        ahead = Counter(seen)
        for _, key in rest:
            ahead[key] += 1
            if ahead[key] <= self._counts[key]:
                found = self._index_of(key, ahead[key])
                return found if found >= at else at
        return at

    def _step(self, stepped: list[Msg], system: Any) -> None:
        """Mark what a model input with `system` steps over (`merge`, `_other_agents`)."""
        prompts = {id(m) for m in stepped if m.role == "system"} | self._other_agents(
            stepped, system
        )
        self._elsewhere.update(prompts)
        for msg in self.messages:
            if id(msg) in prompts:
                self._stepped_by.setdefault(id(msg), set()).add(system)

    def _held_again(self, msg: Msg) -> None:
        """A later model input holds `msg`: it is not another history's.

        A system prompt an input stepped over and a later one holds again is the
        conversation's; the inputs that stepped over it were another agent's, beside it (an
        agent run in parallel on the same question, a worker handed to and back from): their
        system prompt is another history's and follows.
        """
        if id(msg) not in self._elsewhere:
            return
        self._elsewhere.discard(id(msg))
        steppers = self._stepped_by.pop(id(msg), set())
        self._elsewhere.update(
            id(m)
            for m, key in zip(self.messages, self._keys, strict=True)
            if m.role == "system" and key in steppers and m is not msg
        )

    def _other_agents(self, stepped: list[Msg], system: Any) -> set[int]:
        """The system prompts of another agent whose turns a model input steps over.

        A history window leaves out the same agent's older turns (held by histories with
        the input's own system prompt): they keep their place. Turns only histories with
        other system prompts hold are another agent's work the input never saw (a LangGraph
        supervisor sees its worker's answer, not its tool calls): that agent's system prompt
        is another history's, so its turns follow too (`in_order`), unless a later input
        holds it again.
        """
        if system is None:
            return set()
        others: set[Any] = set()
        for msg in stepped:
            held = self._held.get(id(msg))
            if held and system not in held and None not in held:
                others |= held
        return {
            id(m)
            for m, key in zip(self.messages, self._keys, strict=True)
            if m.role == "system" and key in others
        }

    def in_order(self) -> list[Msg]:
        """The messages, those only another history holds last (in the order they came).

        The conversation is the most complete history's; a message a later model input left
        out was another history's, and follows it (tests/data/traces/README.md, messages). So
        does a message that only histories with such a system prompt hold (the reply of an
        earlier call with its own system prompt, a classifier's, that no later input repeats).
        They come after the last message of their own conversation: conversations that share
        no message follow one another in the order they started.
        What closes the conversation (`close`) comes after them all.
        """
        gone = {
            self._keys[i]
            for i, m in enumerate(self.messages)
            if m.role == "system" and id(m) in self._elsewhere
        }

        requests = {
            r.id: m for m in self.messages if m.role == "assistant" for r in m.tool_calls if r.id
        }

        def asked_by(m: Msg) -> Msg | None:
            """The message whose request `m` answers (an added answer's, or by call id)."""
            request = self._answers.get(id(m))
            if request is None and m.role == "tool" and m.tool_call_id:
                request = requests.get(m.tool_call_id)
            return request if request is not m else None

        answers: dict[int, list[Msg]] = {}
        for m in self.messages:
            if (request := asked_by(m)) is not None:
                answers.setdefault(id(request), []).append(m)

        def kept_by_answers(m: Msg) -> bool:
            """Whether a history under a system prompt still here answers `m`'s requests.

            The turn then goes before its results there: a later input left the turn out
            (openlit's do), under a system prompt written afresh for each call.
            """
            return any(
                (held := self._held.get(id(a))) and not held <= gone for a in answers.get(id(m), [])
            )

        def elsewhere(m: Msg) -> bool:
            request = asked_by(m)
            if request is not None:  # an answer goes where its request goes
                return elsewhere(request)
            held = self._held.get(id(m))
            if id(m) in self._elsewhere:
                return True
            return bool(held and held <= gone) and not kept_by_answers(m)

        def born(m: Msg) -> int:
            request = asked_by(m)
            return born(request) if request is not None else self._born.get(id(m), 0)

        closing = {id(m) for m in self._closing}
        others = [m for m in self.messages if elsewhere(m) and id(m) not in closing]
        place = {id(m): i for i, m in enumerate(others)}

        def when(m: Msg) -> tuple[int, int, int]:
            # an answer comes right after its request, never before it (an agent span may
            # record the answer in a history merged before the request's)
            request = asked_by(m)
            anchor = request if request is not None and id(request) in place else m
            return born(m), place[id(anchor)], 1 if anchor is not m else 0

        part: dict[int, int] = {}  # each message's conversation, by where it starts
        count = 0
        for i, m in enumerate(self.messages):
            count += bool(i and id(m) in self._starts)
            part[id(m)] = count
        ordered: list[Msg] = []
        for n in range(count + 1):
            ordered += [
                m
                for m in self.messages
                if part[id(m)] == n and not elsewhere(m) and id(m) not in closing
            ]
            ordered += sorted((m for m in others if part[id(m)] == n), key=when)
        return ordered + [m for m in self.messages if id(m) in closing]

    def answer_request(self, answer: Msg, request: ToolRequest) -> None:
        """Insert `answer`, a tool message only a tool span records, after `request`.

        After the answers already following the request, too. It belongs with its request:
        when the request is another history's (the turn of an agent that handed off, which
        the later inputs quote as text, not as a tool message), the answer follows it there,
        never before it.
        """
        owner = next((m for m in self.messages if any(r is request for r in m.tool_calls)), None)
        if owner is not None:
            self._answers[id(answer)] = owner
        self.insert(_after_request(self.messages, request), answer, answer.key())

    def _completes(self, index: int, msg: Msg, rest: list[tuple[Msg, Any]]) -> bool:
        """Whether `msg` is the assistant turn at `index`, replayed completed.

        A later history gives its text with more after it (smolagents appends the
        ``</code>`` a stop sequence cut off) and the calls the turn made, or the turn's
        parallel calls, which its reply recorded as fewer, or without their ids (a streamed
        reply as Langfuse's OpenAI drop-in records it: `_given_ids`), or as more: the turn
        replayed as one message per call (`split_turn`), which `msg` starts.
        """
        if index >= len(self.messages) or msg.role != "assistant":
            return False
        known = self.messages[index]
        if known.role == "assistant" and known.tool_calls and msg.tool_calls:
            # parallel calls a reply recorded run together, replayed whole by a later input
            together = run_together(known.tool_calls, msg.tool_calls)
            return (
                (together or _given_ids(known, msg) or split_turn(known, msg, rest))
                and known.content == msg.content
                and all(key != self._keys[index] for _, key in rest)
            )
        return (
            known.role == "assistant"
            and not known.tool_calls
            and bool(known.content)
            and (msg.content or "").startswith(known.content or "")
            and (msg.content != known.content or bool(msg.tool_calls))
            and all(key != self._keys[index] for _, key in rest)
        )

    def _replace(self, index: int, msg: Msg, key: tuple[Any, ...]) -> None:
        old = self.messages[index]
        self._elsewhere.discard(id(old))
        if id(old) in self._starts:
            self._starts.add(id(msg))
        self._counts[self._keys[index]] -= 1
        if id(old) in self._held:
            self._held[id(msg)] = self._held.pop(id(old))
        self.messages[index] = msg
        self._keys[index] = key
        self._counts[key] += 1
        if id(old) in self._born:
            self._born[id(msg)] = self._born[id(old)]
        for added, owner in self._answers.items():
            if owner is old:
                self._answers[added] = msg

    def add_system(self, msg: Msg) -> None:
        """A system prompt only a run span records: first, unless already here."""
        if msg.content and not any(
            m.role == "system" and m.content == msg.content for m in self.messages
        ):
            self.insert(0, msg, msg.key())

    def _index_of(self, key: tuple[Any, ...], nth: int) -> int:
        count = 0
        for i, known in enumerate(self._keys):
            if known == key:
                count += 1
                if count == nth:
                    return i
        return len(self._keys) - 1

    def open_request(self, name: str) -> str | None:
        """The id of the latest request of tool `name` not answered yet."""
        answered = {m.tool_call_id for m in self.messages if m.role == "tool"}
        for msg in reversed(self.messages):
            for req in msg.tool_calls:
                if req.name == name and req.id and req.id not in answered:
                    return req.id
        return None


def said_text(msg: Msg) -> str | None:
    """The text an assistant message says as an answer: its content; None for none.

    A reply written as the empty string, requesting nothing, says ``""``: the answer as
    written (Langtrace's stream wrapper writes a streamed text reply so when tools were
    offered, `.otel._langtrace_streams`). A turn that requests tools answers nothing, even
    with text beside its calls ("I'll look up the weather in both cities."): that text leads
    into the calls, and the run's answer comes after their results, or, where no span
    records it, is not in the trace (the contract's `output` row; before 2026-12-07 such a
    preamble was taken for the answer of a run whose last reply no span recorded,
    `openllmetry-openai-agents-preamble-2026-12-07y`). Nor does any other role's message.

    Examples:
        >>> said_text(Msg("assistant", "Sunny.")), said_text(Msg("assistant", ""))
        ('Sunny.', '')
        >>> said_text(Msg("assistant", None)), said_text(Msg("user", "Hi"))
        (None, None)
        >>> said_text(Msg("assistant", "", tool_calls=[ToolRequest("f", {})])) is None
        True
        >>> said_text(Msg("assistant", "Let me look.", tool_calls=[ToolRequest("f", {})])) is None
        True
    """
    if msg.role != "assistant" or msg.content is None or msg.tool_calls:
        return None
    if msg.content or not (msg.partial or msg.error is not None):
        return msg.content
    return None


def _json_value(text: str | None) -> Any:
    """The JSON object or array `text` holds, else None."""
    value = try_json(text) if text and text.strip()[:1] in ("{", "[") else None
    return value if isinstance(value, dict | list) else None


def _given_ids(known: Msg, msg: Msg) -> bool:
    """Whether `msg` requests the calls `known` does, in order, with the ids `known` lacks.

    Examples:
        >>> bare = Msg(role="assistant", tool_calls=[ToolRequest("f", {"x": 1})])
        >>> _given_ids(bare, Msg(role="assistant", tool_calls=[ToolRequest("f", {"x": 1}, "c1")]))
        True
        >>> _given_ids(bare, Msg(role="assistant", tool_calls=[ToolRequest("f", {"x": 2}, "c1")]))
        False
    """
    if any(req.id for req in known.tool_calls) or not all(req.id for req in msg.tool_calls):
        return False
    asked = [(req.name, req.arguments) for req in known.tool_calls]
    return asked == [(req.name, req.arguments) for req in msg.tool_calls]


def _starts(cut: Msg, known: Msg) -> bool:
    """Whether `cut`, a message cut short, is the start of `known`.

    Examples:
        >>> whole = Msg(role="assistant", content="On it.", tool_calls=[
        ...     ToolRequest("get_weather", {"city": "Paris"}, "c1"),
        ...     ToolRequest("get_weather", {"city": "Tokyo"}, "c2")])
        >>> _starts(Msg(role="assistant", content="On it.", tool_calls=whole.tool_calls[:1]),
        ...         whole)
        True
        >>> _starts(Msg(role="assistant", content="On it."), whole)  # its requests all cut
        True
        >>> _starts(Msg(role="assistant", tool_calls=whole.tool_calls[1:]), whole)
        False
    """
    if cut.role != known.role or cut.tool_call_id != known.tool_call_id:
        return False
    if cut.content and not (known.content or "").startswith(cut.content):
        return False
    asked = [_request_key(r) for r in cut.tool_calls]
    return asked == [_request_key(r) for r in known.tool_calls[: len(asked)]]


def _request_key(request: ToolRequest) -> tuple[Any, ...]:
    if request.id:
        return (request.id,)
    return (request.name, json.dumps(request.arguments, sort_keys=True, default=str))


def _scoped(msg: Msg, scope: str | None) -> tuple[Any, ...]:
    """`msg`'s key in the conversation `scope` (None: the trace's main one)."""
    return msg.key() if scope is None else ("scope", scope, *msg.key())


def _images_alone(msg: Msg) -> bool:
    """A user message with no text and no requests: parts that are not text (images) only."""
    return msg.role == "user" and msg.content is None and not msg.tool_calls


def _after_request(messages: list[Msg], request: ToolRequest | None) -> int:
    """Where a new answer to `request` goes: after it and the answers already following it.

    Before the answers to the turn's requests asked after it: answers the spans alone record
    stand in the order the model asked for the calls, not the order the calls started in (a
    framework running the turn's calls at once starts them in any order). After the later
    turns of the same Responses API reply, each of its items a turn (`._item_runs`). After a
    message of images alone that follows the request: a step's images, which smolagents
    gives the model before the step's observation (no chat API lets anything but the
    answers follow a request, so nothing else stands there).
    """
    if request is None:
        return len(messages)
    for i, msg in enumerate(messages):
        at = next((k for k, req in enumerate(msg.tool_calls) if req is request), None)
        if at is None:
            continue
        turns = later_turns(messages, i)  # a Responses reply's later item turns
        asked = [*msg.tool_calls[at + 1 :], *(req for m in turns for req in m.tool_calls)]
        later = {req.id for req in asked if req.id}
        j = i + 1 + len(turns)
        while j < len(messages) and (messages[j].role == "tool" or _images_alone(messages[j])):
            if messages[j].tool_call_id in later:
                break
            j += 1
        return j
    return len(messages)
