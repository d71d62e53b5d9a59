"""Faults of the moment: a machine or a system failing now, so an inability declines nothing.

"Our card machine is down, so I can't take payment" (a fault told before, "so", "and" or
"therefore" leading on: `broken_before`); "Due to technical issue at payment gateway, we
are unable to process refunds today" (`_due_to_fault`); "I can't change your tariff because
our system has technical problem", "I am unable to email it right now as our imaging system
is down", "I'm unable to update it while the CRM is being upgraded" (`_broken_because`);
"we're unable to update the seat right now due to a system fault" (`_fault_after`). A
lock that lifts by itself after minutes or hours is of the moment too ("the portal has
locked your account for 30 minutes, so I can't reset it until then": `_locked_a_while`).
Not a rule that sounds like one ("the voucher has expired, so I can't apply it"; "the card
is frozen for 30 days, so I can't unfreeze it"), nor a fault named bare after the verb,
which may be what the request is about ("a credit for the outage"), nor a fault's word
that names a charge or a product ("the account maintenance fees", "an outage credit":
`_names_fault`). The fault may be told after the inability, said to be temporary: "So I
can't switch it on at this moment, it's a temporary issue on our side" (round 286,
`temporary_fault_after`). `fault_of_the_moment` reads a fixed window of words around the
verb, so the cost is linear.
"""

from __future__ import annotations

from collections.abc import Callable

from ._lexicon import CHARGE_NOUNS

__all__ = ["broken_before", "fault_of_the_moment", "for_now", "temporary_fault_after"]

_LINKS = frozenset({"call", "line", "connection", "session", "signal", "wifi", "stream"})
"""Before "dropped": a connection lost ("the video call dropped"), not a price dropped."""

_HAVING = frozenset({"having", "experiencing"})

_TROUBLES = frozenset({"problems", "issues", "difficulties", "problem", "issue"})
"""After "having": "the matchmaking server is having issue at the moment"."""

_TROUBLED = frozenset(
    {"server", "system", "network", "connection", "app", "website", "site", "portal",
     "technical", "temporary", "software", "database"}
)  # fmt: skip
"""Before a trouble after "due to": a machine's ("a temporary server problem")."""

_RUNNING = frozenset(
    {"working", "loading", "responding", "connecting", "updating", "syncing", "opening"}
)
"""After "not" or "stopped": a machine failing ("the map's not loading on my side")."""
"""Before "problems" or "issues": a fault of the moment ("the page is having problems")."""

_BROKEN = frozenset(
    {"down", "outage", "offline", "maintenance", "glitch", "glitching", "broken", "crashed",
     "malfunctioning", "bug", "trouble", "fault", "faults", "errors", "jammed"}
)  # fmt: skip
"""What says a machine or a system is failing at the moment (`broken_before`)."""

_MENDING = frozenset(
    {"upgraded", "upgrading", "rebuild", "rebuilding", "deployed", "restarted", "migrated",
     "migration", "maintenance", "bug", "glitch", "outage", "offline"}
)  # fmt: skip
"""What a machine undergoes, named with "while" or "until": "while the CRM is being upgraded",
"until the fix is deployed" (after a bug told before), "until the rebuild finishes"."""

_NAMED_BY_FAULT = CHARGE_NOUNS | frozenset(
    {"credit", "credits", "refund", "refunds", "compensation", "plan", "plans", "contract",
     "contracts", "package", "packages", "agreement", "subscription", "cover", "bounty"}
)  # fmt: skip
"""After a fault's word, what it names, not a machine failing: "the account maintenance
fees", "an outage credit", "a maintenance plan", "the bug bounty"."""

_LOCKS = frozenset({"locked", "frozen", "blocked", "paused", "lock", "lockout", "freeze"})
"""What a machine does to an account or a card that may lift by itself (`_locked_a_while`)."""

_A_WHILE = frozenset(
    {"second", "seconds", "minute", "minutes", "min", "mins", "hour", "hours", "hr", "hrs"}
)
"""How long a lock of the moment lasts: minutes or hours ("for 30 minutes", "for an hour"),
not days, which a rule or a review sets."""


def for_now(words: list[str]) -> bool:
    """The words say the failure is for now: "right now", "just now", "at present", chat's "rn"."""
    return any(
        (x in {"now", "present"} and k > 0 and words[k - 1] in {"right", "just", "at"})
        or x in {"rn", "atm"}
        for k, x in enumerate(words)
    )


def fault_of_the_moment(w: list[str], v: int, told: Callable[[int], list[str]]) -> bool:
    """The inability at the verb `v` of the words `w` is for a fault of the moment.

    `told` gives the words of the reply before a token (a machine's mending may be named a
    sentence before: "We found a bug. I can't send it until the fix is deployed").
    """
    return (
        broken_before(w, v)
        or _broken_because(w, v, told)
        or _due_to_fault(w, v)
        or _fault_after(w, v)
    )


def broken_before(w: list[str], v: int) -> bool:
    """A machine or a system is said broken before the verb at `v`; "so" or "and" leads on.

    "Our card machine is down, so I can't take payment over the phone", "the booking
    system is offline, so I can't move your slot": whatever the act, it fails for a
    fault of the moment (not for a rule: "the voucher has expired, so I can't apply it"
    stays a refusal).
    """
    before = w[max(0, v - 20) : v]
    # "we're having trouble reaching the billing system and can't show your balance"
    broken = (
        _names_fault(before)
        or _locked_a_while(before)
        or any(
            (x in _RUNNING and before[k - 1] in {"not", "stopped"})
            or (x == "up" and before[k - 1] in {"playing", "acting"})  # "lines are playing up"
            or (x == "out" and before[k - 1] in {"timing", "timed"})  # "the tool is timing out"
            or (x == "dropped" and before[k - 1] in _LINKS)
            or (x in _TROUBLES and before[k - 1] in _HAVING)
            or (x in _TROUBLES and before[k - 1] == "technical")  # "the tool has technical problem"
            or _error_given(before, k)
            or _failing_now(before, k)
            for k, x in enumerate(before)
            if k
        )
    )  # "our system ... is not working", "our payment page is having problems right now"
    return not {"so", "and", "therefore", "hence"}.isdisjoint(before) and broken


_GIVING_ERRORS = frozenset(
    {"has", "had", "gave", "gives", "giving", "returned", "returns", "returning", "threw",
     "throws", "throwing", "showed", "shows", "showing", "displayed", "displaying", "hit",
     "hitting", "raised"}
)  # fmt: skip
"""What a machine does with an error: "the tool has an error", "is giving me an error"."""

_ERROR_DETERMINERS = frozenset({"an", "a", "another", "the", "same", "back", "me", "us"})
"""Between `_GIVING_ERRORS` and "error": "returned an error", "giving me the same error"."""


def _error_given(words: list[str], k: int) -> bool:
    """At `k`, "error" given by a machine: "has an error", "is giving me an error".

    Round 286: "the return label generator is giving me an error and I can't create the
    label", "the system returned an error, so I can't switch it on": a verb of
    `_GIVING_ERRORS`, then at most three words of `_ERROR_DETERMINERS` (one of them "an",
    "a", "another", "the" or "same") or a machine's word (`_TROUBLED`: "a system error").
    Not "an error in your address" (no verb gives it), nor a bare "returned" ("the parcel
    was returned, so I can't refund it").
    """
    if words[k] not in {"error", "errors"}:
        return False
    j = k - 1
    while j >= max(0, k - 4) and (words[j] in _ERROR_DETERMINERS or words[j] in _TROUBLED):
        j -= 1
    said = words[j + 1 : k]
    named = not {"an", "a", "another", "the", "same"}.isdisjoint(said) or words[k] == "errors"
    return j >= 0 and j < k - 1 and words[j] in _GIVING_ERRORS and named


_FAILING = frozenset(
    {"rejecting", "failing", "refusing", "erroring", "crashing", "freezing", "bouncing",
     "dropping"}
)  # fmt: skip
"""What a machine is doing when it fails now: "our case system is rejecting PDF uploads"."""


def _failing_now(words: list[str], k: int) -> bool:
    """At `k`, a machine (`_TROUBLED`, within four words before) "is" or "keeps" failing.

    Round 264: "Our case system is rejecting PDF uploads over 5MB this morning, so I can't
    attach your statement"; not a person or a business doing it ("the bank is rejecting
    the payment"), which may be a rule.
    """
    if words[k] not in _FAILING or words[k - 1] not in {"is", "are", "keeps", "keep"}:
        return False
    return not _TROUBLED.isdisjoint(words[max(0, k - 5) : k - 1])


def _due_to_fault(w: list[str], v: int) -> bool:
    """The sentence opens with "due to" (or "because of") a fault of a machine.

    "Due to technical issue at payment gateway, we are unable to process refunds today";
    not "due to the policy".
    """
    before = w[max(0, v - 14) : v]
    opened = any(
        before[k : k + 2] in (["due", "to"], ["because", "of"], ["owing", "to"])
        for k in range(len(before) - 1)
    )
    return opened and (_names_fault(before) or "technical" in before or _machine_trouble(before))


def _names_fault(words: list[str]) -> bool:
    """A word of `_BROKEN` in `words` names a fault, not a charge or a product it modifies.

    "the booking system is down", "a glitch in the app"; not "your request to waive the
    account maintenance fees" nor "the outage credit" (`_NAMED_BY_FAULT` after it).
    """
    return any(
        x in _BROKEN and (k + 1 == len(words) or words[k + 1] not in _NAMED_BY_FAULT)
        for k, x in enumerate(words)
    )


def _locked_a_while(words: list[str]) -> bool:
    """`words` tell a lock that lifts by itself within minutes or hours.

    "the portal has locked your account for 30 minutes", "the card is frozen for an hour
    after three wrong PINs", "a temporary lock": a word of `_LOCKS`, then within six words
    "for", a number (or "a", "an", "half") and a unit of `_A_WHILE`; or "temporarily" or
    "temporary" just before the lock. Not "locked for 30 days" nor "frozen pending a
    review", which a rule or a decision sets, nor a lock of hours named with its rule
    ("locked for 48 hours under our fraud policy": `_SET_BY_RULE` after the lock).
    """
    for k, x in enumerate(words):
        if x not in _LOCKS or not _SET_BY_RULE.isdisjoint(words[k + 1 :]):
            continue
        if k and words[k - 1] in {"temporarily", "temporary"}:
            return True
        for t in range(k + 1, min(len(words), k + 7)):
            if words[t] == "for" and _a_while(words[t + 1 : t + 5]):
                return True
    return False


def _a_while(words: list[str]) -> bool:
    """`words` open with a span of minutes or hours: "30 minutes", "half an hour", "a few mins"."""
    for x in words:
        if x in _A_WHILE:
            return True
        if not (x.isdigit() or x in _AMOUNTS):
            return False
    return False


_SET_BY_RULE = frozenset(
    {"policy", "policies", "rule", "rules", "terms", "review", "investigation", "pending",
     "fraud", "security", "compliance", "regulations"}
)  # fmt: skip
"""After a lock, what shows a rule or a decision set it, not the moment: "under our fraud
policy", "pending the security review"."""

_AMOUNTS = frozenset(
    {"a", "an", "the", "half", "few", "couple", "of", "one", "two", "another", "next"}
)
"""What may count the minutes or hours of a lock: "for a couple of hours", "for the next hour"."""


def _machine_trouble(words: list[str]) -> bool:
    """The words name a machine's trouble, or one said to be temporary.

    "a temporary server problem", "a network issue", "a system error"; not "a problem with
    your order" (no machine before the trouble).
    """
    return any(
        x in _TROUBLES | {"error", "errors", "failure"}
        and not _TROUBLED.isdisjoint(words[k - 2 : k])
        for k, x in enumerate(words)
        if k
    )


def _fault_after(w: list[str], v: int) -> bool:
    """After the verb at `v`, for now and "due to" a fault: "... right now due to a fault".

    "we're unable to update the seat right now due to a system fault"; not "due to the
    fare rules", nor a fault without "for now" (it may be what the request is about).
    """
    after = w[v + 1 : min(len(w), v + 14)]
    for k in range(len(after) - 1):
        if after[k : k + 2] in (["due", "to"], ["owing", "to"], ["because", "of"]):
            why = after[k + 2 : k + 7]
            return for_now(after[:k]) and (_names_fault(why) or "technical" in why)
    return False


def _broken_because(w: list[str], v: int, told: Callable[[int], list[str]]) -> bool:
    """After the verb at `v`, "because" a system is broken: a fault, not a rule.

    "At the moment I can not change your tariff because our system has technical
    problem since the morning"; not "because the policy does not allow it".
    """
    after = w[v + 1 : min(len(w), v + 12)]
    if "because" in after:
        why = after[after.index("because") + 1 :]
        return _names_fault(why) or "technical" in why
    if "as" in after and for_now(after[: after.index("as")]):
        # "I am unable to email it right now as our imaging system is down"
        return _names_fault(after[after.index("as") + 1 :])
    # "I'm unable to update it while the CRM is being upgraded", "... until the fix is
    # deployed": a machine's mending named after the verb with "while" or "until" (a
    # fault named bare after it may be what the request is about: "a credit for the
    # outage", so it is not read)
    rest = w[v + 1 : min(len(w), v + 24)]
    if {"while", "until", "till"}.isdisjoint(rest):
        return False
    return not _MENDING.isdisjoint(rest) or not _MENDING.isdisjoint(told(v))


_TEMPORARY_TROUBLES = _TROUBLES | frozenset(
    {"error", "errors", "glitch", "fault", "outage", "bug", "failure", "hiccup"}
)
"""After "temporary": a fault of the moment ("a temporary issue", "a temporary glitch")."""

_THINGS_AMISS = frozenset({"technical", "system", "server", "network", "systems"})
"""Between "temporary" and its trouble: "a temporary technical issue", "...system error"."""


def temporary_fault_after(words: list[str]) -> bool:
    """`words`, after an inability, say the fault behind it is temporary.

    Round 286: "I can't switch it on at this moment, it's a temporary issue on our side",
    "I can't create the label right now. This is a temporary issue and our tech team is
    working on it": "temporary" then a trouble (`_TEMPORARY_TROUBLES`), maybe after one word
    of `_THINGS_AMISS` ("a temporary technical issue"); not negated ("it's not a temporary
    issue") nor in a condition ("if it's a temporary glitch"). The caller passes the rest of
    the sentence and the next one.
    """
    for k, x in enumerate(words):
        if x not in {"temporary", "temporarily"}:
            continue
        j = k + 1 + (words[k + 1 : k + 2] != [] and words[k + 1] in _THINGS_AMISS)
        if j >= len(words) or words[j] not in _TEMPORARY_TROUBLES:
            continue
        if _said_of_it(words, k):
            return True
    return False


def _said_of_it(words: list[str], k: int) -> bool:
    """Before "temporary" at `k`, "it is", "this is" or "that is": the inability's own fault.

    Maybe "just", "only" or "a" between; a clause of its own (not after "as", "since",
    "because", "if": "..., since it is a temporary issue" gives a reason about the case,
    "if it is a temporary glitch" a condition), nor "the delay was a temporary issue".
    """
    j = k - 1
    while j > 0 and words[j] in {"a", "an", "just", "only", "simply", "purely", "merely"}:
        j -= 1
    if j < 1 or words[j] != "is" or words[j - 1] not in {"it", "this", "that"}:
        return False
    return j < 2 or words[j - 2] not in {"as", "since", "because", "if", "whether", "unless"}
