"""The customer's own payers: an insurer, an employer, a bank that pays on their behalf.

"Your insurance has paid their part of the bill", "your employer covered the course fee":
what the customer's own insurer or employer pays is paid from the customer's side, as what
"you" pay is ("you'll pay for the return shipping"), not a grant of the business that
writes. The subject opens with "your" and names such a payer within its next three words
("your health insurance", "your insurance company"); "our insurer will cover it", the
business's own, still commits. One look at a few words: linear.
"""

from __future__ import annotations

__all__ = ["customers_payer"]

_PAYERS = frozenset(
    {"insurer", "insurers", "insurance", "employer", "employers", "bank",
     "underwriter", "underwriters", "sponsor", "guarantor", "medicaid", "medicare"}
)  # fmt: skip
"""Who pays for the customer: their insurer, employer, bank, sponsor."""


def customers_payer(words: list[str]) -> bool:
    """The subject `words` is the customer's own payer ("your insurance", "your employer")."""
    return words[:1] == ["your"] and not _PAYERS.isdisjoint(words[1:4])
