"""The business named as the agent of a list line's participle: "refunded by our Billing team".

Round 190 of the corpus gave summaries and status tables whose lines tell a grant done and
name who did it: "- Roaming charges of A$212.40 reversed by our Billing team", "- Price
difference of $118 refunded by Harbourview Hotels to your Amex", "| Compensation €150 |
Approved by Baggage Services |". The rules that read such a line (`_promise_fragments`,
`_promise_payouts`) ask what follows its participle: the end of the line, "back", or "to
your card". An agent phrase between them was read as something else, and hid the grant.

`agent_end` reads that phrase: "by", perhaps "our" or "the", then one to four words that
name a unit of the business (its last word a unit's noun: "team", "department", "billing")
or a proper name (every word capitalised: "Baggage Services", "Harbourview Hotels"). Not a
time ("by Friday", "by 5 June"), a means ("by card", "by PayPal", "by bank transfer"), nor
someone else's ("by your bank", "by their insurer"): these are no agent, and the line is
read as before. The phrase ends at the first word that is neither.

`prefixed_amount` reads an amount written with its country's letters ("A$212.40",
"NZ$60"), which the tokens split in two ("a", "$212.40"): after a charge's "of" the sum is
the token after the letters, when they are glued to it.

Each reads a few tokens from its anchor: linear time.
"""

from __future__ import annotations

from collections.abc import Sequence

from ._lexicon import DATED_DAYS, is_amount
from ._money import CARD_NETWORKS, is_payment_method
from ._promise_business import SPEAKING_FOR_US
from ._tokens import Token

__all__ = ["agent_end", "prefixed_amount"]

_UNIT_NOUNS = SPEAKING_FOR_US - {"they"} | {
    "services", "relations", "care", "support", "desk", "finance", "accounts", "retentions",
    "claims", "operations",
}  # fmt: skip
"""The last word of a unit of the business as an agent: "by our Billing team", "by the
claims desk", "by Customer Care"."""

_OPENERS = frozenset({"our", "the"})

_MAX_WORDS = 4
"""The most words an agent's name holds after "by" and its "our"/"the"."""

_MEANS = frozenset(
    {"transfer", "cheque", "check", "card", "post", "email", "e-mail", "phone", "bank", "bacs",
     "wire", "courier", "mail", "text", "sms"}
)  # fmt: skip
"""A means, not an agent, after "by": "by Bank Transfer", "by Royal Mail", "by SMS"."""

_FEASTS = frozenset({"christmas", "easter", "eid", "diwali", "noon", "midnight", "eod"})
"""A time, not an agent, after "by": "by Christmas"."""

_COUNTRY_LETTERS = frozenset({"a", "au", "nz", "us", "c", "ca", "hk", "s", "sg", "r"})
"""The letters before "$" in a currency's sign: "A$", "NZ$", "US$", "HK$", "S$", "R$"."""


def agent_end(tokens: Sequence[Token], k: int) -> int:
    """Where the agent phrase opened by "by" at `k` ends (the index after it), or -1.

    "by our Billing team", "by the Retentions team", "by Harbourview Hotels", "by Baggage
    Services"; not "by Friday", "by card", "by your bank" (see the module docstring).
    """
    n = len(tokens)
    if k >= n or tokens[k].word != "by":
        return -1
    j = k + 1
    opened = j < n and tokens[j].word in _OPENERS
    j += opened
    end = j
    while end < n and end - j < _MAX_WORDS and tokens[end].is_word:
        word = tokens[end].word
        if word in DATED_DAYS or is_amount(word) or word[:1].isdigit():
            return -1  # a time or a sum: "by Friday", "by 5 June"
        if not (tokens[end].cap or word in _UNIT_NOUNS) or tokens[end].possessive:
            break
        end += 1
    if end == j:
        return -1
    # each word is a unit's or capitalised (a name): only a means or a time is no agent
    head = tokens[end - 1].word
    if head in CARD_NETWORKS or head in _MEANS or is_payment_method(head):
        return -1  # a means: "by PayPal", "by Bank Transfer"
    return -1 if head in _FEASTS else end


def prefixed_amount(tokens: Sequence[Token], k: int) -> int:
    """The index of the amount at `k`, after its country's letters glued to it, or -1.

    "$212.40" at `k` is `k`; "A$212.40", read as "a" and "$212.40", is `k + 1`.
    """
    if k >= len(tokens):
        return -1
    if is_amount(tokens[k].word):
        return k
    glued = k + 1 < len(tokens) and tokens[k].end == tokens[k + 1].start
    if tokens[k].word in _COUNTRY_LETTERS and glued and is_amount(tokens[k + 1].word):
        return k + 1
    return -1
