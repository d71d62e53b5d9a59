"""A multi-turn support agent, in two versions, for the simulated-user example.

``suite.simulated.yaml`` runs it against customers a model plays (``cases.simulated.yaml``).
No model is called here: the agent answers by rules, with the tools and data of
``support_agent.py``. It asks for what it needs (the order number, what went wrong) and
refunds a damaged order in full.

* ``chat_v1`` reads the whole conversation it is given, so what the customer said two
  turns ago still counts.
* ``chat_v2`` reads only the customer's last message. Told the lid was cracked and then
  asked for the order number, it has forgotten the damage by the time the number comes
  and asks what went wrong; told again, it has forgotten the number, and so on round the
  circle until the customer runs out of turns. It also never checks that the order is on
  the customer's account.
"""

from __future__ import annotations

import re
from typing import Any

from support_agent import get_order, issue_refund, lookup_account

from fourfold.agents import Recorder
from fourfold.cases import Case

_ORDER_ID = re.compile(r"\bO-\d{4}\b")
_DAMAGE = ("cracked", "broken", "smashed", "damaged", "dent", "shattered")


def chat_v1(case: Case, rec: Recorder) -> str:
    """Answer from everything the customer has said so far."""
    said = [m.content for m in case.messages if m.role == "user" and m.content]
    return _reply(case, " ".join(said), check_owner=True)


def chat_v2(case: Case, rec: Recorder) -> str:
    """Answer from the customer's last message only."""
    return _reply(case, case.user_text, check_owner=False)


def _reply(case: Case, text: str, *, check_owner: bool) -> str:
    low = text.lower()
    ids = _ORDER_ID.findall(text)
    if not ids:
        return "I'm sorry to hear that. What is your order number?"
    account = lookup_account(case.context["account_id"])
    order = get_order(ids[-1])
    if order is None or account is None:
        return f"I couldn't find order {ids[-1]}. Could you check the number?"
    if check_owner and order["account_id"] != account["account_id"]:
        return (
            f"I'm sorry, but order {ids[-1]} is on another customer's account, so I can't "
            "refund it."
        )
    if not any(word in low for word in _DAMAGE):
        return f"I've found order {ids[-1]}. What went wrong with it?"
    amount = _total(order)
    refund = issue_refund(account["account_id"], ids[-1], amount)
    return (
        f"I've refunded ${amount:.2f} for order {ids[-1]} ({refund['refund_id']}); it reaches "
        "your original payment method in 5-10 business days."
    )


def _total(order: dict[str, Any]) -> float:
    return round(sum(float(item.split(":")[1]) for item in order["items"].split(";")), 2)
