"""What τ-bench's reward compares: the effect of the write calls, read from a trace.

τ-bench does not compare calls. It replays the task's expected actions on a fresh
database, hashes the result, and compares that hash with the hash of the database the
agent left (``Env.calculate_reward``). Two runs whose writes leave the same database get
the same reward, however the calls were written or ordered. Reading only the trace, this
module decides the same question for the calls that change the database ("writes"), with
four normalisations that make different calls count as the same effect. Each one follows
from how τ-bench's retail and airline tools store what they are given:

``order``
    Writes that commute may come in any order. Two writes commute when neither changes a
    field of the database the other changes or checks (`footprint`): cancelling one
    reservation and adding bags to another; or, on one reservation, new passengers and new
    flights (different fields). Writes on the same field keep their order: two payments
    appended to one reservation's history, two bookings (the new reservation's id counts
    the bookings), a change of an order's items and then of its address (the items change
    makes the order no longer "pending", which the address change checks). Tools this
    module does not know are taken to conflict with every write.
``sorted_ids``
    Item-id lists are compared as the tools keep them. ``return_delivered_order_items``
    and ``exchange_delivered_order_items`` store their lists sorted, so the order of the
    ids in the call does not matter (for an exchange, the new items are sorted on their
    own, so which old item is paired with which new one does not matter either: the price
    difference is the sum over all of them). ``modify_pending_order_items`` replaces each
    listed item in place, so the pairs (old id, new id) matter but not their order (for a
    τ²-bench task they keep their order: τ²-bench's tool prices every item from the last
    pair).
``noop_swaps``
    In ``modify_pending_order_items``, an item exchanged for itself changes nothing (same
    item, same price), so such pairs are dropped, unless every pair of the call is one:
    the call still marks the order modified. (τ-bench's exchange tool does store such a
    pair, and τ²-bench refuses it, so neither is normalised.)
``unused_args``
    An argument the tool does not use in that call is not compared:
    ``update_reservation_baggages`` charges ``payment_id`` for the non-free bags it adds,
    so with ``nonfree_baggages`` 0 nothing is charged and which payment method was named
    changes nothing.
``noop_writes``
    A successful write that sets fields to the values the trace last showed for them
    changes nothing, and is not an unexpected change: bags, passengers, flights (in the
    same cabin: nothing to pay) or an address set to what the reservation, order or user
    already had (as the latest read or write result of that entity in the trace shows).
``same_failure``
    An expected write that the agent made with the same arguments, and that failed, counts
    as matched: it failed in the environment for the agent, and replayed on the expected
    state it fails the same way, so it changes nothing on either side. It takes part in
    the order check like a write that took effect: the agent's state when it failed must
    be the expected one (a change of an order's items made first makes the address change
    after it fail, where τ-bench's replay, address first, succeeds).

The comparison itself (`compare_writes`) matches each expected write with a successful
call of the same tool whose arguments match (after the normalisations); what is left over
on either side is a missing or an unexpected change, and matched writes that do not
commute must keep the expected order.
"""

from __future__ import annotations

import json
import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

from ...trace import ToolCall

__all__ = [
    "HANDOFF_TOOLS",
    "NORMALIZATIONS",
    "Comparison",
    "Normalization",
    "Write",
    "commute",
    "compare_writes",
    "first_difference",
    "footprint",
    "is_read_only",
    "normalized_arguments",
    "same_value",
    "unchanged_writes",
]

READ_PREFIXES = ("get_", "search_", "list_", "find_")
"""Tools whose names start so only read (τ-bench's airline and retail tools follow this)."""
READ_TOOLS = frozenset({"calculate", "think"})
"""Other tools that change nothing."""
HANDOFF_TOOLS = ("transfer_to_human_agents",)
"""Tools that end the conversation without changing the database; τ-bench's reward skips
them when it replays the expected actions."""


def is_read_only(name: str) -> bool:
    """True for a τ-bench tool that changes nothing (``get_*``, ``search_*``, ``calculate``...)."""
    return name.startswith(READ_PREFIXES) or name in READ_TOOLS


Normalization = Literal[
    "order", "sorted_ids", "noop_swaps", "unused_args", "noop_writes", "same_failure"
]
NORMALIZATIONS: tuple[Normalization, ...] = get_args(Normalization)
"""Every normalisation, in the order the documentation lists them (all on by default)."""

Cell = tuple[str, str, str]
"""One field of one entity: ``("order", "#W123", "status")``."""

ANY = "*"
"""The entity of a write this module does not know: it conflicts with every write."""


@dataclass(frozen=True)
class Write:
    """A call that changes the database: expected by the task, or made in the trace."""

    name: str
    arguments: dict[str, Any]
    compare_args: list[str] | None = None
    """For an expected write: the only arguments to compare (τ²-bench's ``compare_args``)."""
    index: int | None = None
    """For a made write: its position in the trace's tool calls."""
    error: str | None = None
    """For a made write: why it failed (a failed write changed nothing)."""

    def render(self) -> str:
        return f"{self.name}({json.dumps(self.arguments, sort_keys=True, ensure_ascii=False)})"


# ------------------------------------------------------------------------------ footprints

_ORDER_FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # tool: (fields of the order it changes, fields it checks first); "pending" stands for
    # τ²-bench's looser check ("pending" in the status), which only a cancellation changes
    "cancel_pending_order": (
        ("status", "pending", "cancel_reason", "payment_history"),
        ("status",),
    ),
    "modify_pending_order_address": (("address",), ("status",)),
    "modify_pending_order_items": (("items", "payment_history", "status"), ("status", "items")),
    "modify_pending_order_payment": (("payment_history",), ("status", "payment_history")),
    "exchange_delivered_order_items": (("status", "exchange"), ("status", "items")),
    "return_delivered_order_items": (("status", "return"), ("status", "payment_history")),
}
_TAU2_ORDER_CHECKS: dict[str, tuple[str, ...]] = {
    # τ²-bench's address and payment changes accept an order whose items were modified
    "modify_pending_order_address": ("pending",),
    "modify_pending_order_payment": ("pending", "payment_history"),
}
_RESERVATION_FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "cancel_reservation": (("status", "payment_history"), ()),
    "update_reservation_flights": (("flights", "payment_history"), ("flights", "cabin")),
    "update_reservation_passengers": (("passengers",), ()),
    "update_reservation_baggages": (("baggages", "payment_history"), ("baggages",)),
}


def footprint(
    name: str, arguments: dict[str, Any], *, tau2: bool = False
) -> tuple[frozenset[Cell], frozenset[Cell]]:
    """The fields a write changes, and the fields it checks before changing them.

    Gift-card and certificate balances are left out: the tools only add to them or take
    from them, and sums do not depend on the order. A write this module does not know
    changes `ANY` field. `tau2`: the τ²-bench tools, whose address and payment changes
    accept an order whose items were modified.
    """
    if name in _ORDER_FIELDS:
        entity = ("order", _key(arguments.get("order_id")))
        changes, checks = _ORDER_FIELDS[name]
        if tau2:
            checks = _TAU2_ORDER_CHECKS.get(name, checks)
        return _cells(entity, changes), _cells(entity, checks)
    if name in _RESERVATION_FIELDS:
        entity = ("reservation", _key(arguments.get("reservation_id")))
        changes, checks = _RESERVATION_FIELDS[name]
        return _cells(entity, changes), _cells(entity, checks)
    if name == "modify_user_address":
        return _cells(("user", _key(arguments.get("user_id"))), ("address",)), frozenset()
    if name == "send_certificate":
        # The certificate's id counts the user's certificates: two of them do not commute.
        user = ("user", _key(arguments.get("user_id")))
        return _cells(user, ("payment_methods",)), _cells(user, ("payment_methods",))
    if name == "book_reservation":
        # The new reservation's id (HATHAT, HATHAU...) counts the bookings made so far.
        user = ("user", _key(arguments.get("user_id")))
        booked = frozenset({("reservation", ANY, "new")})
        written = _cells(user, ("reservations", "payment_methods")) | booked
        return written, _cells(user, ("payment_methods",)) | booked
    return frozenset({(ANY, ANY, ANY)}), frozenset()


def commute(a: Write, b: Write, *, tau2: bool = False) -> bool:
    """True when `a` then `b` leaves the same database as `b` then `a` (see `footprint`)."""
    changes_a, checks_a = footprint(a.name, a.arguments, tau2=tau2)
    changes_b, checks_b = footprint(b.name, b.arguments, tau2=tau2)
    if (ANY, ANY, ANY) in changes_a | changes_b:
        return False
    return not (changes_a & (changes_b | checks_b) or changes_b & checks_a)


def _cells(entity: tuple[str, str], fields: Sequence[str]) -> frozenset[Cell]:
    return frozenset((entity[0], entity[1], f) for f in fields)


def _key(value: Any) -> str:
    return str(value).strip().casefold() if value is not None else ""


# ------------------------------------------------------------------------------ arguments


def normalized_arguments(
    name: str,
    arguments: dict[str, Any],
    normalize: Collection[Normalization],
    *,
    tau2: bool = False,
) -> dict[str, Any]:
    """The arguments as the tool keeps them, under the `normalize` rules that apply.

    Args:
        name: the tool.
        arguments: the call's arguments (not changed).
        normalize: the normalisations in force (``sorted_ids``, ``noop_swaps`` and
            ``unused_args`` act here).
        tau2: the task is a τ²-bench task (its item-modifying tool keeps the pairs' order
            and refuses an item exchanged for itself).
    """
    args = dict(arguments)
    if name == "modify_pending_order_items" and not tau2:
        pairs = _pairs(args)
        if pairs is None:
            return args
        if "noop_swaps" in normalize:
            changed = [(old, new) for old, new in pairs if _key(old) != _key(new)]
            pairs = changed or pairs
        if "sorted_ids" in normalize:
            pairs = sorted(pairs, key=lambda p: _key(p[0]))  # stable: one id's pairs keep order
        args["item_ids"] = [old for old, _ in pairs]
        args["new_item_ids"] = [new for _, new in pairs]
    elif "sorted_ids" in normalize and name in _SORTED_LISTS:
        for key in _SORTED_LISTS[name]:
            if isinstance(args.get(key), list):
                args[key] = sorted(args[key], key=_key)
    elif "unused_args" in normalize and name == "update_reservation_baggages":
        nonfree = args.get("nonfree_baggages")
        if isinstance(nonfree, int | float) and not isinstance(nonfree, bool) and nonfree <= 0:
            args.pop("payment_id", None)  # no bag to pay for: the payment method is unused
    return args


_SORTED_LISTS = {
    "return_delivered_order_items": ("item_ids",),
    "exchange_delivered_order_items": ("item_ids", "new_item_ids"),
}
"""The lists each tool stores sorted (τ-bench and τ²-bench alike)."""


def _pairs(args: dict[str, Any]) -> list[tuple[Any, Any]] | None:
    old, new = args.get("item_ids"), args.get("new_item_ids")
    if not isinstance(old, list) or not isinstance(new, list) or len(old) != len(new):
        return None
    return list(zip(old, new, strict=True))


def same_value(expected: Any, actual: Any) -> bool:
    """True when an argument value counts as the expected one.

    Strings are compared trimmed and case-folded, numbers by value, dicts on the keys the
    expected one names (at every level), lists item by item in order.
    """
    if isinstance(expected, bool) or isinstance(actual, bool):
        return expected is actual
    if isinstance(expected, int | float) and isinstance(actual, int | float):
        return math.isclose(expected, actual, rel_tol=1e-9, abs_tol=1e-9)
    if isinstance(expected, str) and isinstance(actual, str):
        return expected.strip().casefold() == actual.strip().casefold()
    if isinstance(expected, dict) and isinstance(actual, dict):
        # Keys the expected value does not name are ignored at every level, as the tools
        # do (a flight given with its origin and destination is the same flight).
        return all(k in actual and same_value(v, actual[k]) for k, v in expected.items())
    if isinstance(expected, list) and isinstance(actual, list):
        return len(expected) == len(actual) and all(
            same_value(e, a) for e, a in zip(expected, actual, strict=True)
        )
    return bool(expected == actual)


def first_difference(
    expected: Write,
    arguments: dict[str, Any],
    normalize: Collection[Normalization] = (),
    *,
    tau2: bool = False,
) -> str | None:
    """The first argument in which a call differs from an expected write, or None.

    Only the arguments the expected write names (or its ``compare_args``) are compared,
    after `normalized_arguments`.
    """
    want = normalized_arguments(expected.name, expected.arguments, normalize, tau2=tau2)
    got = normalized_arguments(expected.name, arguments, normalize, tau2=tau2)
    unused = set(expected.arguments) - set(want)  # dropped by a normalisation: not compared
    keys = expected.compare_args if expected.compare_args is not None else list(want)
    for key in (k for k in keys if k not in unused):
        if key not in got:
            return f"{key} is missing"
        if not same_value(want.get(key), got[key]):
            shown_got = json.dumps(arguments.get(key), ensure_ascii=False, default=str)
            shown_want = json.dumps(expected.arguments.get(key), ensure_ascii=False, default=str)
            return f"{key} is {_cut(shown_got)}, expected {_cut(shown_want)}"
    return None


def _cut(text: str, limit: int = 120) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


# ------------------------------------------------------------------------------ comparison


@dataclass
class Comparison:
    """How the writes a trace made compare with the writes a task expects."""

    matched: list[tuple[Write, Write]] = field(default_factory=list)
    """(expected, made) pairs of writes that took effect."""
    failed_alike: list[tuple[Write, Write]] = field(default_factory=list)
    """(expected, made) pairs where the agent's identical call failed (``same_failure``)."""
    missing: list[Write] = field(default_factory=list)
    """Expected writes no call made."""
    extra: list[Write] = field(default_factory=list)
    """Successful writes no expected write accounts for."""
    out_of_order: list[tuple[Write, Write]] = field(default_factory=list)
    """(earlier, later) made writes that do not commute and came in the other order than
    expected."""
    reordered: int = 0
    """Pairs of matched writes made in another order than expected that commute."""


def compare_writes(
    expected: Sequence[Write],
    made: Sequence[Write],
    *,
    normalize: Collection[Normalization] = NORMALIZATIONS,
    names_only: bool = False,
    order: bool = True,
    tau2: bool = False,
) -> Comparison:
    """Compare the writes a task expects with the writes a trace made (see the module).

    Args:
        expected: the task's writes, in order.
        made: the trace's writes in call order, failed ones included (their `error` set).
        normalize: the normalisations in force.
        names_only: match a call to an expected write by the tool's name alone.
        order: check the order at all (with ``order`` in `normalize`, only writes that do
            not commute must keep the expected order).
        tau2: the task is a τ²-bench task (see `normalized_arguments` and `footprint`).
    """
    result = Comparison()
    used: set[int] = set()  # positions in `made`
    positions: list[tuple[int, Write, Write]] = []  # (made position, expected, made)

    def fits(want: Write, call: Write) -> bool:
        if call.name != want.name:
            return False
        return names_only or first_difference(want, call.arguments, normalize, tau2=tau2) is None

    def find(want: Write, failed: bool) -> int | None:
        return next(
            (
                k
                for k, call in enumerate(made)
                if k not in used and (call.error is not None) == failed and fits(want, call)
            ),
            None,
        )

    for want in expected:
        k = find(want, failed=False)
        if k is not None:
            result.matched.append((want, made[k]))
        elif "same_failure" in normalize and (k := find(want, failed=True)) is not None:
            result.failed_alike.append((want, made[k]))
        else:
            result.missing.append(want)
            continue
        used.add(k)
        positions.append((k, want, made[k]))
    result.extra = [w for k, w in enumerate(made) if k not in used and w.error is None]
    if order:
        for a in range(len(positions)):
            for b in range(a + 1, len(positions)):
                first, later = positions[a], positions[b]
                if first[0] < later[0]:
                    continue  # expected order kept
                if "order" in normalize and commute(first[2], later[2], tau2=tau2):
                    result.reordered += 1
                else:
                    result.out_of_order.append((later[2], first[2]))
    return result


# ------------------------------------------------------------------------- unchanged writes

_SETS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    # tool: (entity kind, its id argument, the fields it sets from the same-named arguments)
    "update_reservation_baggages": (
        "reservation",
        "reservation_id",
        ("total_baggages", "nonfree_baggages"),
    ),
    "update_reservation_passengers": ("reservation", "reservation_id", ("passengers",)),
    "update_reservation_flights": ("reservation", "reservation_id", ("flights", "cabin")),
    "modify_pending_order_address": ("order", "order_id", ("address",)),
    "modify_user_address": ("user", "user_id", ("address",)),
}
_ADDRESS = ("address1", "address2", "city", "state", "country", "zip")


def unchanged_writes(calls: Sequence[ToolCall]) -> set[int]:
    """Positions of the successful writes that set what the trace already showed.

    The state of each reservation, order and user is the latest tool result that holds
    it (a ``get_*_details`` read, or the entity a write returned). A write is unchanged
    when every field it sets equals that state: for flights, the same flight numbers and
    dates in the same order and the same cabin, so nothing is charged. A write on an
    entity the trace never showed is not.
    """
    state: dict[tuple[str, str], dict[str, Any]] = {}
    out: set[int] = set()
    for i, call in enumerate(calls):
        if call.error is None and call.name in _SETS:
            kind, id_arg, fields = _SETS[call.name]
            known = state.get((kind, _key(call.arguments.get(id_arg))))
            if known is not None and all(_unchanged(call, f, known) for f in fields):
                out.add(i)
        if call.error is None and isinstance(call.result, dict):
            for key in _entity_keys(call):
                state[key] = call.result
    return out


def _entity_keys(call: ToolCall) -> list[tuple[str, str]]:
    result = call.result
    assert isinstance(result, dict)
    keys = []
    if result.get("reservation_id"):
        keys.append(("reservation", _key(result["reservation_id"])))
    if result.get("order_id"):
        keys.append(("order", _key(result["order_id"])))
    named_user = call.name is not None and "user" in call.name
    if named_user and call.arguments.get("user_id") and "address" in result:
        keys.append(("user", _key(call.arguments["user_id"])))
    return keys


def _unchanged(call: ToolCall, field: str, known: dict[str, Any]) -> bool:
    args = call.arguments
    if field == "address":
        current = known.get("address")
        return isinstance(current, dict) and all(
            same_value(current.get(k), args.get(k)) for k in _ADDRESS
        )
    if field == "flights":
        given, current = args.get("flights"), known.get("flights")
        if not isinstance(given, list) or not isinstance(current, list):
            return False
        return len(given) == len(current) and all(
            isinstance(g, dict)
            and isinstance(c, dict)
            and same_value(c.get("flight_number"), g.get("flight_number"))
            and same_value(c.get("date"), g.get("date"))
            for g, c in zip(given, current, strict=True)
        )
    if field not in args or field not in known:
        return False
    return same_value(known[field], args[field]) and same_value(args[field], known[field])
