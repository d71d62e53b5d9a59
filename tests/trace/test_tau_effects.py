"""tau/expected_actions compares the effect of the writes, as τ-bench's reward does.

Each table row is one expected action list, the calls a trace made, and the verdict with
the normalisations on (the default) and with them off (``normalize: []``, the calls as
written). Rows whose two verdicts differ are the runs τ-bench rewards and a call-by-call
comparison failed; rows whose verdicts agree say where the normalisation must not reach.
"""

from __future__ import annotations

from typing import Any

import pytest

from fourfold.integrations import expected_actions
from fourfold.integrations.tau._effects import NORMALIZATIONS, Write, commute, footprint
from fourfold.trace import ToolCall
from tests.helpers import make_case, make_trace, run_check

A = dict[str, Any]


def cancel_order(order: str, reason: str = "no longer needed") -> tuple[str, A]:
    return "cancel_pending_order", {"order_id": order, "reason": reason}


def return_items(order: str, items: list[str], pay: str = "paypal_1") -> tuple[str, A]:
    return "return_delivered_order_items", {
        "order_id": order,
        "item_ids": items,
        "payment_method_id": pay,
    }


def exchange(order: str, old: list[str], new: list[str]) -> tuple[str, A]:
    return "exchange_delivered_order_items", {
        "order_id": order,
        "item_ids": old,
        "new_item_ids": new,
        "payment_method_id": "gift_card_1",
    }


def modify_items(order: str, old: list[str], new: list[str]) -> tuple[str, A]:
    return "modify_pending_order_items", {
        "order_id": order,
        "item_ids": old,
        "new_item_ids": new,
        "payment_method_id": "credit_card_1",
    }


def modify_address(order: str, street: str = "1 Elm St") -> tuple[str, A]:
    return "modify_pending_order_address", {
        "order_id": order,
        "address1": street,
        "address2": "",
        "city": "Austin",
        "state": "TX",
        "country": "USA",
        "zip": "78701",
    }


def flights(res: str, numbers: list[str]) -> tuple[str, A]:
    return "update_reservation_flights", {
        "reservation_id": res,
        "cabin": "economy",
        "flights": [{"flight_number": n, "date": "2024-05-20"} for n in numbers],
        "payment_id": "credit_card_7",
    }


def passengers(res: str) -> tuple[str, A]:
    return "update_reservation_passengers", {
        "reservation_id": res,
        "passengers": [{"first_name": "Mia", "last_name": "Li", "dob": "1990-04-05"}],
    }


def bags(
    res: str, total: int = 2, nonfree: int = 0, pay: str | None = "credit_card_7"
) -> tuple[str, A]:
    return "update_reservation_baggages", {
        "reservation_id": res,
        "total_baggages": total,
        "nonfree_baggages": nonfree,
        "payment_id": pay,
    }


def book(user: str) -> tuple[str, A]:
    return "book_reservation", {"user_id": user, "origin": "JFK", "destination": "SEA"}


def failed(call: tuple[str, A], error: str = "Error: non-pending order cannot be modified"):
    return ToolCall(name=call[0], arguments=call[1], error=error)


def answered(call: tuple[str, A], result: A) -> ToolCall:
    return ToolCall(name=call[0], arguments=call[1], result=result)


RESERVATION = {
    "reservation_id": "R1",
    "cabin": "economy",
    "flights": [{"flight_number": "HAT1", "date": "2024-05-20", "price": 100}],
    "total_baggages": 2,
    "nonfree_baggages": 0,
}
ORDER = {"order_id": "#W1", "status": "pending", "address": dict(modify_address("#W1")[1])}
ORDER["address"].pop("order_id")


# (expected actions, calls made, verdict with normalisations, verdict without, why)
ROWS: dict[str, tuple[list[Any], list[Any], str, str, str]] = {
    # ---- order: independent writes in any order
    "two orders cancelled in the other order": (
        [cancel_order("#W1"), cancel_order("#W2")],
        [cancel_order("#W2"), cancel_order("#W1")],
        "pass",
        "fail",
        "independent writes in another order",
    ),
    "passengers before flights on one reservation (gpt-4o airline task 5)": (
        [flights("FQ8APE", ["HAT056"]), passengers("FQ8APE"), bags("FQ8APE")],
        [passengers("FQ8APE"), flights("FQ8APE", ["HAT056"]), bags("FQ8APE")],
        "pass",
        "fail",
        "independent writes in another order",
    ),
    "address and payment of one order commute": (
        [modify_address("#W1"), ("modify_pending_order_payment", {"order_id": "#W1"})],
        [("modify_pending_order_payment", {"order_id": "#W1"}), modify_address("#W1")],
        "pass",
        "fail",
        "independent writes",
    ),
    "flights and bags both add to one reservation's payments: order kept": (
        [flights("R1", ["HAT1"]), bags("R1")],
        [bags("R1"), flights("R1", ["HAT1"])],
        "fail",
        "fail",
        "dependent changes made in the other order",
    ),
    "items then address: the items change ends 'pending'": (
        [modify_address("#W1"), modify_items("#W1", ["1"], ["2"])],
        [modify_items("#W1", ["1"], ["2"]), modify_address("#W1")],
        "fail",
        "fail",
        "dependent changes",
    ),
    "two bookings: the reservation ids count the bookings": (
        [book("mia_li_1"), book("mia_li_2")],
        [book("mia_li_2"), book("mia_li_1")],
        "fail",
        "fail",
        "dependent changes",
    ),
    "tools the comparison does not know keep their order": (
        [("update_x", {"id": "1"}), ("update_y", {"id": "2"})],
        [("update_y", {"id": "2"}), ("update_x", {"id": "1"})],
        "fail",
        "fail",
        "dependent changes",
    ),
    # ---- sorted_ids: item-id lists as the tools store them
    "returned item ids in another order": (
        [return_items("#W2378156", ["4602305039", "4202497723", "9408160950"])],
        [return_items("#W2378156", ["4202497723", "4602305039", "9408160950"])],
        "pass",
        "fail",
        "all 1 expected change(s)",
    ),
    "exchanged lists each in another order (stored sorted)": (
        [exchange("#W1", ["11", "22"], ["33", "44"])],
        [exchange("#W1", ["22", "11"], ["33", "44"])],
        "pass",
        "fail",
        "all 1",
    ),
    "modified pairs in another order": (
        [modify_items("#W9911714", ["9791469541", "1340995114"], ["4107812777", "1421289881"])],
        [modify_items("#W9911714", ["1340995114", "9791469541"], ["1421289881", "4107812777"])],
        "pass",
        "fail",
        "all 1",
    ),
    "modified pairs crossed: another item gets each new id": (
        [modify_items("#W1", ["11", "22"], ["33", "44"])],
        [modify_items("#W1", ["11", "22"], ["44", "33"])],
        "fail",
        "fail",
        "new_item_ids is",
    ),
    "returned ids: another item is another return": (
        [return_items("#W1", ["11", "22"])],
        [return_items("#W1", ["11", "33"])],
        "fail",
        "fail",
        "item_ids is",
    ),
    "flights are stored in the order given": (
        [flights("R1", ["HAT1", "HAT2"])],
        [flights("R1", ["HAT2", "HAT1"])],
        "fail",
        "fail",
        "flights is",
    ),
    # ---- noop_swaps: an item modified into itself changes nothing
    "the agent adds items modified into themselves": (
        [modify_items("#W9348897", ["61", "74"], ["67", "53"])],
        [modify_items("#W9348897", ["61", "98", "74"], ["67", "98", "53"])],
        "pass",
        "fail",
        "all 1",
    ),
    "the task lists an item modified into itself": (
        [modify_items("#W1", ["11", "22"], ["33", "22"])],
        [modify_items("#W1", ["11"], ["33"])],
        "pass",
        "fail",
        "all 1",
    ),
    "an exchange stores the item exchanged for itself": (
        [exchange("#W1", ["11"], ["33"])],
        [exchange("#W1", ["11", "22"], ["33", "22"])],
        "fail",
        "fail",
        "item_ids is",
    ),
    # ---- unused_args: a payment method nothing is charged to
    "bags without a non-free bag: the payment method is not used": (
        [bags("FQ8APE", total=3, pay="gift_card_8190333")],
        [bags("FQ8APE", total=3, pay=None)],
        "pass",
        "fail",
        "all 1",
    ),
    "a non-free bag is charged to the payment method": (
        [bags("FQ8APE", total=3, nonfree=1, pay="gift_card_8190333")],
        [bags("FQ8APE", total=3, nonfree=1, pay="credit_card_1")],
        "fail",
        "fail",
        "payment_id is",
    ),
    # ---- noop_writes: a write that sets what the trace already showed
    "bags set to what the reservation had (gpt-oss airline task 12)": (
        [cancel_order("#W2")],
        [
            answered(("get_reservation_details", {"reservation_id": "R1"}), RESERVATION),
            bags("R1", total=2, nonfree=0),
            cancel_order("#W2"),
        ],
        "pass",
        "fail",
        "1 write(s) set what the trace already showed",
    ),
    "the same flight change twice (gpt-oss airline task 11)": (
        [flights("R1", ["HAT2"])],
        [
            answered(
                flights("R1", ["HAT2"]),
                {**RESERVATION, "flights": [{"flight_number": "HAT2", "date": "2024-05-20"}]},
            ),
            flights("R1", ["HAT2"]),
        ],
        "pass",
        "fail",
        "set what the trace already showed",
    ),
    "an address set to the order's own": (
        [],
        [answered(("get_order_details", {"order_id": "#W1"}), ORDER), modify_address("#W1")],
        "pass",
        "fail",
        "no change expected",
    ),
    "the same flights in another cabin are re-priced": (
        [],
        [
            answered(("get_reservation_details", {"reservation_id": "R1"}), RESERVATION),
            ("update_reservation_flights", {**flights("R1", ["HAT1"])[1], "cabin": "business"}),
        ],
        "fail",
        "fail",
        "unexpected",
    ),
    "bags changed on a reservation the trace never showed": (
        [],
        [bags("R1")],
        "fail",
        "fail",
        "unexpected",
    ),
    # ---- same_failure: the expected change failed for the agent too
    "the identical call failed (insufficient gift card balance)": (
        [exchange("#W4316152", ["72", "72"], ["37", "96"])],
        [failed(exchange("#W4316152", ["72", "72"], ["37", "96"]), "Error: insufficient")],
        "pass",
        "fail",
        "failed for the agent",
    ),
    "another call failed": (
        [cancel_order("#W1")],
        [failed(cancel_order("#W2"))],
        "fail",
        "fail",
        "1 of 1",
    ),
    "it failed only because the agent changed the items first (retail task 98)": (
        [modify_address("#W6750959"), modify_items("#W6750959", ["32"], ["94"])],
        [modify_items("#W6750959", ["32"], ["94"]), failed(modify_address("#W6750959"))],
        "fail",
        "fail",
        "dependent changes",
    ),
}


def _case(expected: list[tuple[str, A]], source: str = "tau-bench"):
    actions = [{"name": name, "arguments": args} for name, args in expected]
    return make_case(ground_truth={"actions": actions}, metadata={"source": source})


@pytest.mark.parametrize(
    ("expected", "made", "normalized", "as_written", "why"), ROWS.values(), ids=ROWS.keys()
)
def test_writes_are_compared_by_effect(expected, made, normalized, as_written, why):
    trace = make_trace(tools=made)
    result = run_check(expected_actions(), trace=trace, case=_case(expected))
    assert result.status == normalized, result.explanation
    assert why in result.explanation + " ".join(e.text for e in result.evidence)
    strict = run_check(expected_actions(normalize=[]), trace=trace, case=_case(expected))
    assert strict.status == as_written, strict.explanation


@pytest.mark.parametrize("rule", NORMALIZATIONS)
def test_each_normalisation_is_switched_off_on_its_own(rule):
    """The row that needs only `rule` fails when every other rule is on."""
    needs = {
        "order": "two orders cancelled in the other order",
        "sorted_ids": "returned item ids in another order",
        "noop_swaps": "the agent adds items modified into themselves",
        "unused_args": "bags without a non-free bag: the payment method is not used",
        "noop_writes": "bags set to what the reservation had (gpt-oss airline task 12)",
        "same_failure": "the identical call failed (insufficient gift card balance)",
    }[rule]
    expected, made, *_ = ROWS[needs]
    others = [r for r in NORMALIZATIONS if r != rule]
    trace = make_trace(tools=made)
    assert (
        run_check(expected_actions(normalize=others), trace=trace, case=_case(expected)).status
        == "fail"
    )
    assert run_check(expected_actions(normalize=[rule]), trace=trace, case=_case(expected)).is_pass


@pytest.mark.parametrize(
    ("expected", "made", "status"),
    [
        # τ²-bench's tool prices every item from the last pair: the pairs keep their order
        (
            [modify_items("#W1", ["11", "22"], ["33", "44"])],
            [modify_items("#W1", ["22", "11"], ["44", "33"])],
            "fail",
        ),
        # and it refuses an item modified into itself
        (
            [modify_items("#W1", ["11"], ["33"])],
            [modify_items("#W1", ["11", "22"], ["33", "22"])],
            "fail",
        ),
        # its return and exchange tools store sorted lists, as τ-bench's do
        ([return_items("#W1", ["11", "22"])], [return_items("#W1", ["22", "11"])], "pass"),
        # its address change accepts an order whose items were modified (τ²-bench task 97)
        (
            [modify_address("#W1"), modify_items("#W1", ["11"], ["33"])],
            [modify_items("#W1", ["11"], ["33"]), modify_address("#W1")],
            "pass",
        ),
        # but its cancellation does not
        (
            [cancel_order("#W1"), modify_items("#W1", ["11"], ["33"])],
            [modify_items("#W1", ["11"], ["33"]), cancel_order("#W1")],
            "fail",
        ),
    ],
)
def test_tau2_tasks_are_compared_as_tau2_bench_stores_them(expected, made, status):
    result = run_check(
        expected_actions(), trace=make_trace(tools=made), case=_case(expected, "tau2-bench")
    )
    assert result.status == status, result.explanation


def test_a_normalised_argument_named_in_compare_args_is_not_compared():
    """τ²-bench names the arguments to compare; one a normalisation drops is not missing."""
    name, args = bags("FQ8APE", total=3, pay="gift_card_8190333")
    gt = {"actions": [{"name": name, "arguments": args, "compare_args": list(args)}]}
    case = make_case(ground_truth=gt, metadata={"source": "tau2-bench"})
    trace = make_trace(tools=[bags("FQ8APE", total=3, pay="credit_card_1")])
    assert run_check(expected_actions(), trace=trace, case=case).is_pass
    assert run_check(expected_actions(normalize=[]), trace=trace, case=case).status == "fail"


def test_order_false_still_ignores_any_order():
    expected, made, *_ = ROWS["flights and bags both add to one reservation's payments: order kept"]
    result = run_check(
        expected_actions(order=False), trace=make_trace(tools=made), case=_case(expected)
    )
    assert result.is_pass, result.explanation


def test_an_unknown_normalisation_is_bad_input_naming_the_choices():
    from fourfold.checks import create_check
    from fourfold.errors import ConfigError

    with pytest.raises(ConfigError) as info:
        create_check("tau/expected_actions", {"normalize": ["orders"]})
    text = str(info.value)
    assert "normalize" in text and "sorted_ids" in text


@pytest.mark.parametrize(
    ("a", "b", "commute_"),
    [
        (cancel_order("#W1"), cancel_order("#W2"), True),
        (cancel_order("#W1"), cancel_order("#w1 "), False),  # ids compared as the check does
        (passengers("R1"), flights("R1", ["HAT1"]), True),
        (flights("R1", ["HAT1"]), bags("R1"), False),
        (("modify_user_address", {"user_id": "u1"}), modify_address("#W1"), True),
        (("send_certificate", {"user_id": "u1"}), ("send_certificate", {"user_id": "u1"}), False),
        (("send_certificate", {"user_id": "u1"}), ("send_certificate", {"user_id": "u2"}), True),
        (book("u1"), book("u2"), False),
        (("update_x", {}), cancel_order("#W1"), False),
    ],
)
def test_commute(a, b, commute_):
    assert commute(Write(*a), Write(*b)) is commute_
    assert commute(Write(*b), Write(*a)) is commute_


def test_a_tool_the_comparison_does_not_know_changes_everything():
    changes, _ = footprint("update_x", {})
    assert changes == {("*", "*", "*")}
