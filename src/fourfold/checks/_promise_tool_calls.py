"""A tool call that needs authority, reported in the reply as having succeeded.

Agents that use tools often show their work: "`refunds.create(order=558201, amount=139.00)`
→ ✅ succeeded", "Called issue_refund(order_id="W123", amount=40) -> success". The call's
name says what was done (a refund, a credit, a waiver, compensation, a voucher); the word
after the arrow says it went through. That is a completed authority action as "I've
refunded you" is. Not a call that reads ("get_refund_status(...) → ok",
"check_refund_eligibility(...) → success"), nor one that takes ("charge_credit_card(...)
→ ok"), nor one that failed ("→ ❌ error").
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["CALL_DONE", "call_done"]

CALL_DONE = frozenset(
    {"succeeded", "success", "successful", "ok", "done", "completed", "created", "issued",
     "applied", "processed", "approved", "posted"}
)  # fmt: skip
"""Words after a tool call's arrow that say it went through."""

_GRANTING_STEMS = (
    "refund", "credit", "waive", "waiver", "compensat", "reimburs", "voucher", "goodwill",
    "courtesy", "rebate", "chargeback", "reversal", "reverse_charge", "comp_",
)  # fmt: skip
"""Parts of a tool's name that say it gives the customer something needing authority."""

_READING_STEMS = (
    "get", "lookup", "look", "status", "check", "list", "find", "search", "fetch", "read",
    "eligib", "preview", "estimate", "quote", "calculate", "simulate", "validate", "policy",
)  # fmt: skip
"""How a part of a tool's name starts when the tool only reads or works something out
("get_refund_status", "checkRefundEligibility"; not "apply_budget_credit")."""

_BETWEEN = frozenset({"→", "->", "=>", "-", ">", "=", ":", "`", "*", "**", "✅", "✔", "✔️", "☑"})
"""What may stand between a call's closing bracket and the word that says it went through."""

_NAME_PARTS = frozenset({".", "_"})
"""What joins the parts of a dotted tool name ("refunds . create")."""

_REACH = 40
"""The most tokens a call's arguments may take, back from its closing bracket."""


def call_done(words: Sequence[str], i: int) -> int:
    """Where the tool call that the word at `i` says went through starts, or -1.

    `i` holds a word of `CALL_DONE`; before it only arrows, marks and code quotes, then the
    call's closing bracket; the call's name (the tokens before its opening bracket, joined
    by "." or "_") holds a granting stem and no reading one. Reads at most `_REACH` tokens
    back.
    """
    k = i - 1
    while k >= 0 and k > i - 6 and words[k] in _BETWEEN:
        k -= 1
    if k < 0 or words[k] != ")" or k == i - 1:
        return -1
    depth = 0
    for j in range(k, max(-1, k - _REACH), -1):
        if words[j] == ")":
            depth += 1
        elif words[j] == "(":
            depth -= 1
            if depth == 0:
                return _named_grant(words, j)
    return -1


def _named_grant(words: Sequence[str], bracket: int) -> int:
    """The start of the call name before `bracket` when it names a grant, else -1."""
    start = bracket - 1
    while start - 2 >= 0 and words[start - 1] in _NAME_PARTS and words[start - 2][:1].isalnum():
        start -= 2
    if start < 0 or not words[start][:1].isalpha():
        return -1
    name = "".join(words[start:bracket]).replace("credit_card", "").replace("creditcard", "")
    if not any(stem in name for stem in _GRANTING_STEMS):
        return -1
    parts = name.replace(".", "_").split("_")
    if any(part.startswith(_READING_STEMS) for part in parts):
        return -1
    return start
