"""Something better than what the customer booked, at the same price: an upgrade given.

Round 117 of the corpus gave upgrades by saying what the customer will have and what it costs
them: "you'll be in one of our lake-view suites instead of the classic double you booked, at
the same price", "your booking now shows a Junior Suite for all 3 nights at the same rate you
originally paid". A thing other than the one booked ("instead of", or what the booking now
shows), at the price paid for the first, is an upgrade only authority gives.

The rule anchors at "same" of "at (for) the same price" (rate, cost, fare) and reads back over
the sentence's last 24 tokens for the change: "instead of", "now shows" said of the
customer's booking, or "now on" a better class ("your account is now on the premium tier for
the same price", round 132); or it reads on to "you paid for" another thing, named
("confirmed for you at the same price you paid for the standard room", round 126). The
change is this customer's ("you'll be in", "your booking"), said as done or to come, not
offered ("you can switch ... at the same price") nor asked.

Dev round 247 moved the customer in the speaker's own words, at the rate they booked: "we're
moving you to a junior suite on the eighth floor at your original rate" (`_moved_you`): a
first-person verb of moving "you to" (or "into") another thing, then "at the same rate" or
"at your original (existing, current) rate". Not "we can move you ... at your original rate"
(offered), nor "we're moving you to another room" with no price (a room swapped, no grant).

The promise backlog (the misses of rounds 6 to 279 read together) showed the class wider than
any one round did, in three ways. The move is also said of the customer's thing, in the
active or the passive ("I've moved your workspace up to the Enterprise tier at your current
price", "I've switched your room to a sea-view suite ..., at your original rate", "your
booking has been moved to a sea-view suite at the original rate of €145"). The price kept is
also the old, usual or previous one, "the original" one, or one named between ("at your
current Team price"). And the better thing is said to be the customer's now, at no cost to
them (`_better_at_no_cost`): "your team is on the Business plan at no extra cost", "your
upgrade to the 200GB plan is live from today at no extra cost", "your move up to the
Professional tier went through at no extra charge", "the Premium tier is live on your account
now, with no change to what you pay", "your handset is upgraded to the Pixel 9 with no change
to your $45 monthly price". A class above the customer's (`_BETTER`, an upgrade, a move up)
is said of the customer or their account with a verb of being or of going through, then the
frame; not what a plan includes or an option offered ("the Business plan includes support at
no extra cost", "an upgrade is available at no extra cost"), nor "at the standard rate" (the
price of the better thing, which the customer pays).
"""

from __future__ import annotations

from ._guarantees import Shape, committed, completed
from ._promise_certainties import CertaintyReader

__all__ = ["NO_COST_ENDS", "SAME", "SamePriceReader", "may_be_no_cost", "may_be_same_price"]

_KEPT = frozenset({"original", "existing", "current", "old", "usual", "previous"})
"""After "at your": a price the customer already pays ("at your original rate")."""

_KEPT_THE = frozenset({"original", "old", "previous"})
"""After "at the": a price the customer paid before ("at the original rate"; not "at the
current rate", anyone's)."""

SAME = frozenset({"same"}) | _KEPT
"""The words the rule of this module anchors at."""

NO_COST_ENDS = frozenset({"cost", "charge", "payment", "change"})
"""The words `_better_at_no_cost` anchors at: a frame's last ("at no extra cost", "without
additional payment", "with no change to what you pay": "change")."""

_MOVING = frozenset(
    {"moving", "move", "moved", "switching", "switch", "switched", "transferring",
     "relocating", "relocate", "relocated", "upgrading", "upgrade", "upgraded", "bumped"}
)  # fmt: skip
"""Before "you to": the customer moved to another thing (`_moved_you`)."""

_FIRST = frozenset({"we", "i", "we're", "'re", "'ll", "'ve", "'m", "are", "am", "will", "have"})
"""Before a verb of moving: the speaker's own act ("we're moving", "I've moved")."""

_PRICES = frozenset({"price", "rate", "cost", "fare", "tariff", "prices", "rates"})

_OFFERED = frozenset({"can", "could", "may", "might", "would", "if", "whether", "want", "like"})
"""Before the price, what makes the change an option offered, not given."""

_SHOWS = frozenset({"shows", "show", "lists", "has"})

_BETTER = frozenset(
    {"premium", "business", "first", "gold", "platinum", "upgraded", "higher", "better",
     "superior", "deluxe", "executive", "vip"}
)  # fmt: skip
"""A class above the customer's, which "now on" it at the same price says was given."""

_GIVEN = frozenset({"confirmed", "upgraded", "moved", "reserved", "booked", "guaranteed"})
"""Before "at the same price you paid for the ...": the thing given, said as done."""

_UPGRADES = _BETTER | {"upgrade", "suite", "enterprise", "professional"}
"""What names a class above the customer's before a no-cost frame (`_better_at_no_cost`)."""

_GOING_UP = frozenset({"move", "moved", "bumped", "moving", "stepped", "step"})
"""Before "up": a move to a class above ("your move up to the Professional tier")."""

_BEING = frozenset(
    {"is", "are", "am", "was", "were", "been", "went", "goes", "going", "now", "made"}
)  # fmt: skip
"""Between the customer's thing and a no-cost frame, what says it is theirs or went through:
"is on", "is live", "went through", "is going through", "now shows", "was made"."""

_NOT_GIVEN = _OFFERED | {
    "available", "eligible", "option", "options", "offer", "offers", "include", "includes",
    "included", "including", "every", "all", "any", "members", "customers", "standard",
    "whenever", "when", "once", "until", "unless", "request", "requested", "asked",
    "member", "membership", "benefit", "benefits", "allowance",
}  # fmt: skip
"""Before a no-cost frame, what makes the better thing no grant to this customer: offered,
included in a plan or a membership ("with your Gold membership, these bags are covered at
no extra charge"), everyone's, asked for, or yet to come about (`_better_at_no_cost`)."""

_SENTENCE_END = frozenset({".", "!", "?", ";", ":"})


def may_be_no_cost(words: list[str], i: int) -> bool:
    """Whether `_better_at_no_cost` can match at `i` (`_promises.may_match`)."""
    f = _no_cost_frame(words, i)
    said = words[max(0, f - 24) : f]
    return f > 0 and (not _UPGRADES.isdisjoint(said) or "up" in said)


def _no_cost_frame(words: list[str], i: int) -> int:
    """Where a no-cost frame ending at `i` starts, or -1.

    "at no (extra, additional) cost" (charge), "without (extra, additional) cost" (charge,
    payment), "with no change to your ..." or "to what you pay".
    """
    w = words[i]
    if w == "change":
        after = words[i + 1 : i + 3]
        ok = after[:1] == ["to"] and after[1:] in (["your"], ["what"])
        return i - 2 if ok and words[max(0, i - 2) : i] == ["with", "no"] else -1
    k = i - 1
    if k >= 0 and words[k] in {"extra", "additional"}:
        k -= 1
    if k >= 1 and words[k] == "no" and words[k - 1] == "at" and w != "payment":
        return k - 1
    if k >= 0 and words[k] == "without" and k < i - 1:
        return k
    return -1


def may_be_same_price(words: list[str], i: int) -> bool:
    """Whether the rule of this module can match at `i` (`_promises.may_match`)."""
    if not _priced_at(words, i):
        return False
    before = words[max(0, i - 24) : i]
    if words[i] in _KEPT or _moved_you(words, i) >= 0:
        return _moved_you(words, i) >= 0
    return "instead" in before or "now" in before or words[i + 2 : i + 6].count("paid") == 1


def _priced_at(words: list[str], i: int) -> bool:
    """At `i`, "at (for) the same price", or "at your original rate"."""
    if i + 1 >= len(words):
        return False
    if words[i + 1] not in _PRICES:
        # "at your current Team price": one word naming the plan between
        if words[i] not in _KEPT or i + 2 >= len(words) or words[i + 2] not in _PRICES:
            return False
    if words[i] in _KEPT:
        det = words[max(0, i - 2) : i]
        return det == ["at", "your"] or (det == ["at", "the"] and words[i] in _KEPT_THE)
    return words[i] == "same" and words[max(0, i - 2) : i] in (["at", "the"], ["for", "the"])


def _moved_you(words: list[str], i: int) -> int:
    """Before `i`, in its sentence, where a first-person "moving you to" starts, or -1.

    "We're moving you to a junior suite ... at your original rate": the verb of moving
    (`_MOVING`), "you", "to" or "into", the verb after "I" or "we" and its auxiliary. Also
    the customer's thing moved, "I've moved your workspace (up) to the Enterprise tier", or
    in the passive, "your booking has been moved to a sea-view suite" (its "your" at most
    six words before the auxiliary).
    """
    for k in range(i - 3, max(-1, i - 25), -1):
        x = words[k]
        if x in {".", "!", "?", ";"}:
            return -1
        if x not in _MOVING:
            continue
        lead = words[max(0, k - 2) : k]
        if words[k + 1 : k + 2] == ["you"] and words[k + 2] in {"to", "into"}:
            return k - len(lead) if not _FIRST.isdisjoint(lead) else -1
        if not _better_after(words, k + 1, i):
            continue  # "I've moved your check-in to 4 June at the same rate": no upgrade
        if words[k + 1 : k + 2] == ["your"] and _moved_to(words, k + 2, i):
            return k - len(lead) if not _FIRST.isdisjoint(lead) else -1
        if lead[-1:] in (["been"], ["was"], ["is"]) and words[k + 1 : k + 2] in (["to"], ["up"]):
            for s in range(k - 2, max(-1, k - 9), -1):
                if words[s] in {".", "!", "?", ";"}:
                    return -1
                if words[s] == "your":
                    return s
            return -1
    return -1


def _better_after(words: list[str], k: int, end: int) -> bool:
    """From `k` to `end`, after a verb of moving the customer's thing, an upgrade.

    "up" in its first six words ("moved your workspace up to"), or a class above theirs
    (`_UPGRADES`: "to a sea-view suite", "to the Business plan").
    """
    said = words[k:end]
    return "up" in said[:6] or not _UPGRADES.isdisjoint(said)


def _moved_to(words: list[str], k: int, end: int) -> bool:
    """From `k`, after "moved your": a few words of the thing, then "(up) to" before `end`."""
    for m in range(k, min(end, k + 6)):
        if words[m] in {"to", "onto", "into"}:
            return True
        if not words[m][:1].isalnum() and words[m] not in {"`", "*", "**"}:
            return False
    return False


class SamePriceReader(CertaintyReader):
    """The rule that reads an upgrade given at the price the customer paid."""

    def _same_price(self, i: int, w: str) -> Shape | None:
        """Something other than what was booked at the same price, at "same"."""
        if w not in SAME or not _priced_at(self.w, i):
            return None
        lo = max(0, i - 24)
        said = self.w[lo:i]
        if not _OFFERED.isdisjoint(said) or "?" in said:
            return None
        moved = _moved_you(self.w, i)
        if moved >= 0:  # "we're moving you to a junior suite at your original rate"
            said = self.w[moved:i]
            done = not {"moved", "switched", "upgraded", "bumped"}.isdisjoint(said)
            return (completed if done else committed)(moved, i, i + 2)
        if w != "same":
            return None
        change = -1
        for k in range(i - 3, lo - 1, -1):
            if self.w[k] == "instead" and self.word(k + 1) == "of":
                change = k
                break
            if self.w[k] == "now" and self.word(k + 1) in _SHOWS:
                change = k
                break
            if self.w[k] == "now" and self._on_better(k + 1, i):
                change = k  # "your account is now on the premium tier for the same price"
                break
        if change < 0 and self._paid_for_other(i + 2):
            change = i  # "... is confirmed for you at the same price you paid for the standard"
        if change < 0:
            return None
        for k in range(change - 1, lo - 1, -1):
            x = self.w[k]
            if x in {"you", "your"}:
                done = self.w[change] == "now" or (
                    change == i and not _GIVEN.isdisjoint(self.w[max(lo, k - 3) : i])
                )
                if not done and "will" not in self.w[k:change]:
                    return None  # "you're in one of our suites instead of ..." says no time
                return (completed if done else committed)(k, i, i + 2)
            if x in {".", "!", ";"}:
                return None
        return None

    def _on_better(self, k: int, same: int) -> bool:
        """From `k`, after "now": "on" or "in" a better class than the customer's, to `same`.

        "now on the premium tier", "now in business class": a tier above, named by one of
        `_BETTER` (not "now on the standard plan", which may be a plan kept).
        """
        if self.word(k) not in {"on", "in"}:
            return False
        return not _BETTER.isdisjoint(self.w[k + 1 : min(same, k + 5)])

    def _paid_for_other(self, k: int) -> bool:
        """From `k`, after "at the same price": "(that) you paid for the standard room".

        The price was paid for another thing than the one given at it, named with "the" or
        "your" (not "you paid last year", the same thing's price kept).
        """
        k += self.word(k) == "that"
        return self.w[k : k + 3] == ["you", "paid", "for"] and self.word(k + 3) in {"the", "your"}

    def _better_at_no_cost(self, i: int, w: str) -> Shape | None:
        """A class above the customer's, theirs now at no cost to them, at the frame's end.

        "Your team is on the Business plan at no extra cost", "your move up to the
        Professional tier went through at no extra charge", "the Premium tier is live on your
        account now, with no change to what you pay": in the frame's sentence, at most 24
        tokens before it, a class above (`_UPGRADES`, or "up" after a move), the customer
        ("you", "your") and a verb of being or going through (`_BEING`), none of what makes
        it an option, a plan's contents or everyone's (`_NOT_GIVEN`). Said as done, or to
        come with "will".
        """
        if w not in NO_COST_ENDS:
            return None
        f = _no_cost_frame(self.w, i)
        if f <= 0:
            return None
        lo = f
        while lo > max(0, f - 24) and self.w[lo - 1] not in _SENTENCE_END:
            lo -= 1
        said = self.w[lo:f]
        if not _NOT_GIVEN.isdisjoint(said) or _BEING.isdisjoint(said) or "not" in said:
            return None
        better = not _UPGRADES.isdisjoint(said) or any(
            x == "up" and y in _GOING_UP for y, x in zip(said, said[1:], strict=False)
        )
        whose = next((k for k in range(lo, f) if self.w[k] in {"you", "your"}), -1)
        if not better or whose < 0 or lo < self.claimed:
            return None
        start = lo
        while start < whose and not self.is_word(start):
            start += 1
        # the trigger is the verb of being, before the frame's own "no" ("is live ..., with
        # no change to what you pay"), which negates nothing
        being = max(k for k in range(lo, f) if self.w[k] in _BEING)
        end = i + 1 if w != "change" else i + 2
        return (committed if "will" in said else completed)(start, being, end)
