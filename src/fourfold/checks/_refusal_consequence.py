"""An inability told as a warning before an act still to come: not a refusal ("consequence").

"Once confirmed, this modification cannot be changed", "Once you confirm, I won't be able to
cancel it": the agent warns what will follow an act the customer has not done yet, and
declines nothing now. A state already reached ("once an order has shipped, it cannot be
cancelled") or said with regret still refuses. `warns_before` reads a few words before and
after the refusal, so the cost stays linear.

A "will not" led on by "so" from the customer's own choice is its consequence too: "noted
that you've declined the extended warranty, so it won't be added", "you opted out of
marketing, so you won't get the offers" (`follows_their_choice`). The customer chose, the
house declines nothing; "can't" after it ("you declined it, so we can't add it now") still
refuses, and so does a choice of someone else's ("the venue declined, so it won't go ahead").
"""

from __future__ import annotations

from ._refusal_reasons import Reasons
from ._refusal_words import REGRET

__all__ = ["follows_their_choice", "warns_before"]


def warns_before(r: Reasons, start: int, end: int) -> bool:
    """The inability will follow an act still to come, as a warning before it.

    "Once confirmed, this modification cannot be changed", "Once you confirm, I won't be
    able to cancel it", "...can't be modified again once you confirm"; not once the state
    is reached ("once an order has shipped, it cannot be cancelled") or with regret
    ("I'm sorry, once confirmed, bookings can't be changed").
    """
    s = r.s
    if any(r.w[k] in REGRET for k in range(max(0, start - 20), start)):
        return False
    for k in range(start - 1, max(-1, start - 16), -1):
        if r.w[k] in {"once", "after"} and k + 1 < start and s.condition[k + 1] == k:
            if 0 <= s.condition[k] < k and r.w[s.condition[k]] == "whether":
                return False  # "whether to double up after a missed dose is a question for
                # your pharmacist": the question's own time (dev round 278), no act to come
            last = max(j for j in range(k + 1, start) if s.condition[j] == k)
            if sum(r.is_word(j) for j in range(last + 1, start)) > 3:
                return False  # "...until after your trip is a medical decision, so
                # please talk it through with your surgeon": a main clause between
            return _to_come(r, k + 1, start)  # "Once done, we can't..."
    for k in range(end, min(r.n - 1, end + 10)):
        if r.w[k] in {"once", "after"} and r.word(k + 1) in {"you", "we", "i"}:
            return _to_come(r, k + 1, min(r.n, k + 8))  # "...once you confirm"
    return False


def _to_come(r: Reasons, a: int, b: int) -> bool:
    """The words from `a` to `b` tell an act still to come, not a state reached.

    "you confirm", "the upgrade is processed", "done"; not "an order has shipped", nor a
    point in time with no verb ("after check-in", "after dispatch").
    """
    words = r.w[a:b]
    if any(x in {"has", "have", "had", "been", "already", "was", "were"} for x in words):
        return False
    # "-ed" first ("once confirmed") or after "is", "be" ("once it is processed"); not a
    # past verb after its subject ("after your policy lapsed", a state reached)
    return any(
        x in {"you", "we", "i", "is", "are", "done"}
        or (x.endswith("ed") and (k == 0 or words[k - 1] in {"is", "are", "be", "been"}))
        for k, x in enumerate(words)
    )


_CHOSE = frozenset(
    {"declined", "opted", "refused", "unticked", "removed", "skipped", "turned"}
)  # fmt: skip
"""What the customer did with an offer before the "so" that leads to its consequence."""

_LEADS = frozenset({"so", "therefore", "hence"})


def follows_their_choice(r: Reasons, start: int, end: int) -> bool:
    """The "will not" from `start` to `end` follows, by "so", from the customer's choice.

    "you've declined the extended warranty at checkout, so it won't be added": "so" at
    `start` or at most two words before it, and before it in the sentence "you" with a verb
    of `_CHOSE` (across "have", "'ve", "already"), at most sixteen words back. Not "can't", an
    inability the house still keeps.
    """
    said = r.w[start:end]
    if "will" not in said or not {"can", "could", "able", "unable"}.isdisjoint(said):
        return False
    lead = next((k for k in range(start, max(-1, start - 3), -1) if r.w[k] in _LEADS), -1)
    if lead < 0:
        return False
    for k in range(lead - 1, max(-1, lead - 16), -1):
        if r.w[k] in {".", "!", "?"}:
            return False
        if r.w[k] in _CHOSE:
            j = k - 1
            while j >= 0 and r.w[j] in {"have", "had", "already", "just"}:
                j -= 1
            return j >= 0 and r.w[j] == "you"
    return False
