"""A Responses API reply's turns, one per output item: the answers to its calls after them all.

A reply of the Responses API that requests two tools is two ``function_call`` items, each an
assistant turn of its own, and the next input writes both turns, then both results (the API's
``function_call_output`` items; the contract, tests/data/traces/README.md). When no model input
replays them (opentelemetry-instrumentation-openai-agents-v2 0.1.0 keeps only the input items
that have a role, so neither the ``function_call`` nor the ``function_call_output`` items are in
the trace) the results are the tool spans' alone, and a result only a tool span records goes
after its request (`._conversation.Conversation.answer_request`): right after its own turn,
between the reply's turns, were the turns not known as one reply's. So a turn the importer
made of one item of a reply written as the items' reprs (`Msg.reply_item`, `._item_reprs`)
is followed by the reply's later turns, and its answer goes after the last of them, before
the answers to their calls (`later_turns`). Any other turn's answer goes right after it.
"""

from __future__ import annotations

from ._messages import Msg

__all__ = ["later_turns"]


def later_turns(messages: list[Msg], index: int) -> list[Msg]:
    """The turns of the same Responses reply that follow the item turn at `index`, in order.

    Empty when the message at `index` is no item turn, or is its reply's last.

    Examples:
        >>> first, second = Msg("assistant"), Msg("assistant")
        >>> first.reply_item, second.reply_item = (0, 2), (1, 2)
        >>> later_turns([first, second], 0) == [second], later_turns([first, second], 1)
        (True, [])
        >>> later_turns([Msg("assistant"), second], 0)
        []
    """
    item = messages[index].reply_item
    if item is None:
        return []
    place, count = item
    run: list[Msg] = []
    for msg in messages[index + 1 : index + count - place]:
        if msg.reply_item != (place + 1 + len(run), count):
            break
        run.append(msg)
    return run
