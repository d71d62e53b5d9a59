"""What the model playing the user is told, and the conversation as it sees it.

τ-bench's user simulator is the reference: the model gets an instruction (who it is, what it
wants, what it knows), plays the *user* side of the conversation one message at a time, and
says a stop token once its goal is met. The roles are swapped for it: the agent's replies
reach it as the other party's (``user``) messages and its own turns are its (``assistant``)
replies, so any chat model can play the part with no special API.
"""

from __future__ import annotations

from ..cases import SimulatedUser
from ..models import ChatMessage
from ..trace import Message

__all__ = ["OPENING", "simulator_messages", "system_prompt"]

OPENING = "[The conversation starts now. Write your first message to the agent.]"
"""The first message the simulator sees when the case gives no opening: a chat model
needs one to answer, and the agent has not spoken yet."""


def system_prompt(user: SimulatedUser) -> str:
    """The instruction the simulated user plays by.

    Examples:
        >>> from fourfold.cases import SimulatedUser
        >>> print(system_prompt(SimulatedUser(model="u", goal="Cancel order O-7")).splitlines()[0])
        You are role-playing a USER who is talking with a customer-facing AI agent.
    """
    if isinstance(user.stop, str):
        ending = f"reply with exactly {user.stop} and nothing else."
    else:
        ending = f"say {user.stop[0]!r} to end the conversation."
    lines = [
        "You are role-playing a USER who is talking with a customer-facing AI agent.",
        "You are not the assistant: you never offer help, you pursue your own goal.",
        "",
    ]
    if user.persona:
        lines += ["Who you are:", user.persona.strip(), ""]
    lines += ["Your goal:", user.goal.strip(), ""]
    if user.facts:
        lines.append("What you know (tell each one only when the agent asks for it):")
        lines += [f"- {name.replace('_', ' ')}: {fact.value}" for name, fact in user.facts.items()]
        lines.append("")
    lines += [
        "Rules:",
        "- Write only your next message to the agent: one short message in plain text, with "
        "no role label, no quotes and no description of what you do.",
        "- Do not give away everything at once. Say only what the current step needs; give "
        "a piece of what you know only after the agent has asked for it.",
        "- Never invent facts you were not given: if the agent asks for something you do "
        "not know, say you do not have it.",
        "- Keep to your goal: do not change it, and do not settle for something else.",
        "- Use your own words; do not copy the goal word for word.",
        "- When your goal is met, or the agent has made clear it cannot be met, " + ending,
    ]
    return "\n".join(lines)


def simulator_messages(user: SimulatedUser, conversation: list[Message]) -> list[ChatMessage]:
    """The request's messages: the instruction, then the conversation with the roles swapped.

    Only the words said count: system and tool messages of the conversation are left out,
    and an agent turn that only called tools is not shown.
    """
    messages = [
        ChatMessage(role="system", content=system_prompt(user)),
        ChatMessage(role="user", content=OPENING),
    ]
    for message in conversation:
        if message.role not in ("user", "assistant") or not message.content:
            continue
        role = "assistant" if message.role == "user" else "user"
        messages.append(ChatMessage(role=role, content=message.content))
    return messages
