"""A tiny refund desk, in two versions: the agent the README's tour evaluates."""

from fourfold import Case, Recorder, tool

ORDERS = {
    "O-1001": {"account": "A-7", "total": 42.50},
    "O-1002": {"account": "A-9", "total": 18.00},
}
POLICY = {"4.2": "Refunds go back to the original payment method within 5 business days."}


@tool
def lookup_account(account_id: str) -> dict:
    return {"id": account_id, "verified": True}


@tool
def issue_refund(account_id: str, order_id: str, amount: float) -> str:
    return f"refund of {amount:.2f} queued for {order_id}"


def v1(case: Case, rec: Recorder) -> str:
    order = ORDERS[case.context["order_id"]]
    lookup_account(order["account"])
    issue_refund(order["account"], case.context["order_id"], order["total"])
    rec.retrieved([{"id": "4.2", "text": POLICY["4.2"], "source": "policies"}])
    amount = f"{order['total']:.2f}"
    return f"Done: {amount} is on its way back to your card within 5 business days (§4.2)."


def v2(case: Case, rec: Recorder) -> str:
    order = ORDERS[case.context["order_id"]]
    issue_refund(order["account"], case.context["order_id"], order["total"])  # before the lookup
    lookup_account(order["account"])
    rec.retrieved([{"id": "4.2", "text": POLICY["4.2"], "source": "policies"}])
    return (
        f"I guarantee your {order['total']:.2f} will be back within 2 days (§7.1). "
        "Questions? Call us on +1 415 555 0134."
    )
