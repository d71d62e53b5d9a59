"""A time set by the business's own supply or handling, after a grant: a time, no condition.

A plain "will" keeps the condition a time clause after it names ("we'll refund it once we
receive the item", "once the warehouse confirms the parcel came back unopened": what is
received or checked may fail the check). Some time clauses name no check at all, only when
the business's own goods or hands get to it: stock arriving or back in stock ("we'll swap
the bike once it's back in stock", "the aids will be replaced when the stock arrives"), its
courier collecting ("as soon as the courier picks up the faulty ones"), its staff logging
("once they log the return") or its fitters fitting ("once the cheaper frames are fitted").
Those set when the grant is carried out; the grant itself is given (the fourteenth pass over
the promise backlog, rounds 8, 9, 10 and 12). Read only after the grant (a fronted "once
the courier picks up the old one and it gets back to us, we'll ..." stays a condition), and
not when a check joins the event ("... and our team has tested it", "and the check is ok").

`supply_time(words, k)` reads the event in at most `_REACH` words after the time word at `k`
and a check in twice as many, so each call is constant-time.
"""

from __future__ import annotations

__all__ = ["supply_time"]

_REACH = 8
"""How many words after the time word the event is read in."""

_STOCK = frozenset({"stock", "part", "parts", "model", "models", "replacement", "delivery"})
"""The business's own goods, whose arrival is a time: "when the stock arrives"."""

_ARRIVE = frozenset({"arrive", "arrives", "arrived", "comes", "come", "lands", "land"})
"""What those goods do, after them: "when the new parts arrive", "once the stock comes in"."""

_HANDLED = frozenset({"fitted", "installed", "logged", "log", "logs"})
"""The business's people at work on it: "once the frames are fitted", "once they log it"."""

_CHECKED = frozenset(
    {"confirm", "confirms", "confirmed", "check", "checks", "checked", "test", "tests",
     "tested", "inspect", "inspects", "inspected", "approve", "approves", "approved",
     "verify", "verifies", "verified", "assess", "assesses", "assessed", "review",
     "reviews", "reviewed", "receive", "receives", "received", "ok", "okay", "if",
     "unless"}
)  # fmt: skip
"""A check or a receipt inside the event, which makes it a condition after all ("once it
gets back to us", "and our team has tested it"); "back" is read only outside "back in
stock"."""


def supply_time(words: list[str], k: int) -> bool:
    """The time clause at `k` ("when", "once", "as soon as") names the business's handling.

    `words` are the sentence's lower-cased tokens. True for "once it's back in stock", "when
    the stock arrives next week", "as soon as the courier picks up the faulty ones", "once
    they log the return", "once the cheaper frames are fitted"; not "once we receive the
    item", "once the courier picks up the old one and it gets back to us".
    """
    if k >= len(words) or words[k] not in {"when", "once", "as"}:
        return False
    j = k + 1
    if words[k] == "as":
        if words[k + 1 : k + 3] != ["soon", "as"]:
            return False
        j = k + 3
    clause = words[j : j + 2 * _REACH]
    stops = [i for i, w in enumerate(clause) if w in {".", ",", ";", "—", "–", "!", "?"}]
    if stops:
        clause = clause[: stops[0]]
    if "you" in clause or not _CHECKED.isdisjoint(clause):
        return False  # the customer's own steps are `_promise_scopes`' to read; a check
    if "back" in clause and "stock" not in clause:
        return False  # "and it gets back to us": a receipt
    event = clause[:_REACH]
    found = False
    for i, w in enumerate(event):
        nxt = event[i + 1] if i + 1 < len(event) else ""
        if w == "in" and nxt == "stock":  # "in stock", "back in stock"
            found = True
        elif w in _STOCK and nxt in _ARRIVE:
            found = True
        elif w in {"pick", "picks", "picked"} and nxt == "up" and "courier" in event[:i]:
            found = True
        elif w in _HANDLED and nxt not in {"in", "on", "into"}:
            found = True
    return found
