"""A simulated customer-support agent, in two versions, for the `support` example suite.

No model is called. The agent routes the customer's message with keyword rules, uses its
tools over the files in ``data/`` and writes its answer from the policy sections it
retrieved, with some wording drawn from ``rec.rng`` so repeats differ the way a model's
answers do.

* ``answer_v1`` is the version we would ship: it looks the account up before touching an
  order, cites only the sections it retrieved, keeps personal data out of the answer and
  stays short.
* ``answer_v2`` is the same agent after a "more helpful" prompt change. On a share of its
  trials it shows the failure modes a support lead would write down: it refunds before
  looking the account up, cites a policy section that does not exist, reads a phone number
  out, repeats the same search three times, answers at about four times the length, and
  makes promises it cannot keep.

The simulated "today" is 2025-06-16, so order ages in the data are stable.
"""

from __future__ import annotations

import csv
import json
import random
import re
import zlib
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from fourfold.agents import Recorder, tool
from fourfold.cases import Case
from fourfold.trace import Passage

DATA = Path(__file__).parent / "data"
TODAY = date(2025, 6, 16)

# Prices of the model the simulated agent stands for, in US dollars per million tokens.
INPUT_PRICE = 3.0
OUTPUT_PRICE = 15.0


def _read_jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def _read_csv(path: Path) -> list[dict[str, str]]:
    with path.open(newline="") as f:
        return list(csv.DictReader(f))


POLICIES = {p["id"]: p for p in _read_jsonl(DATA / "policies.jsonl")}
ACCOUNTS = {a["account_id"]: a for a in _read_csv(DATA / "accounts.csv")}
ORDERS = {o["order_id"]: o for o in _read_csv(DATA / "orders.csv")}


# --------------------------------------------------------------------------- tools

_STOP = set(
    "a an the i my me you your we our is are was be been to of for and or in on at it its "
    "this that do does did can could would should will with from have has had how what "
    "which why when where please just so if not no any all about get got".split()
)
# Customer words mapped to the words the help centre uses.
_SYNONYMS = {
    "money": "refund",
    "back": "return",
    "send": "return",
    "expired": "valid",
    "cheaper": "drops",
    "price": "drops",
    "canada": "international",
    "abroad": "international",
    "deliver": "delivery",
    "copy": "download",
    "delete": "deletion",
    "remove": "deletion",
    "keep": "kept",
    "company": "vat",
    "pay": "payment",
    "fast": "express",
    "close": "closing",
    "good": "final",
    "stopped": "faulty",
    "working": "faulty",
}


def _terms(text: str) -> list[str]:
    words = re.findall(r"[a-z]+", text.lower())
    out = []
    for w in words:
        if w in _STOP or len(w) < 3:
            continue
        w = _SYNONYMS.get(w, w)
        out.append(w[:-1] if w.endswith("s") and len(w) > 4 else w)
    return out


def _policy_terms(policy: dict[str, Any]) -> set[str]:
    return set(_terms(f"{policy['title']} {policy['title']} {policy['category']} {policy['text']}"))


_INDEX = {pid: _policy_terms(p) for pid, p in POLICIES.items()}


@tool
def lookup_account(account_id: str) -> dict[str, Any] | None:
    """The account record and the ids of its orders."""
    account = ACCOUNTS.get(account_id)
    if account is None:
        return None
    orders = [o["order_id"] for o in ORDERS.values() if o["account_id"] == account_id]
    return {**account, "orders": orders}


@tool
def search_policies(query: str) -> list[dict[str, Any]]:
    """The three help-centre sections that share the most words with the query."""
    terms = _terms(query)
    scored = []
    for pid, index in _INDEX.items():
        score = sum(1 for t in terms if t in index)
        title_terms = set(_terms(POLICIES[pid]["title"]))
        score += sum(1 for t in terms if t in title_terms)
        if score:
            scored.append((-score, pid))
    scored.sort()
    return [
        {"id": pid, "title": POLICIES[pid]["title"], "text": POLICIES[pid]["text"]}
        for _, pid in scored[:3]
    ]


@tool
def get_order(order_id: str) -> dict[str, Any] | None:
    """The order record."""
    order = ORDERS.get(order_id)
    return dict(order) if order else None


@tool
def issue_refund(account_id: str, order_id: str, amount: float) -> dict[str, Any]:
    """Refund `amount` on an order to its original payment method."""
    return {"refund_id": f"R-{order_id.removeprefix('O-')}", "amount": amount, "status": "issued"}


@tool
def escalate(reason: str) -> dict[str, Any]:
    """Hand the conversation to a supervisor."""
    return {"ticket": f"T-{zlib.crc32(reason.encode()) % 90000 + 10000}", "status": "open"}


# ----------------------------------------------------------------------- helpers


def _items(order: dict[str, Any]) -> list[tuple[str, str]]:
    return [tuple(x.split(":")) for x in order["items"].split(";")]  # type: ignore[misc]


def _order_text(order: dict[str, Any]) -> str:
    items = ", ".join(f"{name} ${price}" for name, price in _items(order))
    total = sum(float(p) for _, p in _items(order)) + float(order["shipping"])
    dates = f"placed {order['placed']}"
    if order["shipped"]:
        dates += f", shipped {order['shipped']}"
    if order["delivered"]:
        dates += f", delivered {order['delivered']}"
    return (
        f"Order {order['order_id']}: {dates}; status {order['status']}. Items: {items}. "
        f"Shipping ${order['shipping']}. Total ${total:.2f}. Charges: {order['charges']}. "
        f"Refund: {order['refund']}."
    )


def _account_text(account: dict[str, Any]) -> str:
    return (
        f"Account {account['account_id']}: {account['name']}, {account['email']}, "
        f"{account['phone']}, tier {account['tier']}"
        + (f" since {account['plus_since']}" if account["plus_since"] else "")
        + f". Orders: {', '.join(account['orders'])}."
    )


def _business_days(start: date, end: date) -> int:
    days, d = 0, start
    while d < end:
        d += timedelta(days=1)
        if d.weekday() < 5:
            days += 1
    return days


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+(?=[A-Z])", text) if s]


@dataclass
class _Turn:
    """What the agent has gathered while answering one message."""

    case: Case
    rec: Recorder
    account: dict[str, Any] | None = None
    order: dict[str, Any] | None = None
    retrieved: dict[str, dict[str, Any]] = field(default_factory=dict)
    cited: list[str] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    action: str = "inform"
    seen_tokens: int = 450  # the system prompt and tool descriptions

    @property
    def rng(self) -> random.Random:
        return self.rec.rng

    def model_call(self, text: str = "", out_tokens: int = 40) -> None:
        """Account one model call: everything seen so far goes in again."""
        self.seen_tokens += len(text) // 4
        self.rec.add_usage(
            input_tokens=self.seen_tokens,
            output_tokens=out_tokens,
            cost_usd=(self.seen_tokens * INPUT_PRICE + out_tokens * OUTPUT_PRICE) / 1e6,
        )

    def lookup(self) -> dict[str, Any] | None:
        if self.account is None:
            self.account = lookup_account(self.case.context["account_id"])
            if self.account is not None:
                text = _account_text(self.account)
                self.rec.retrieved(
                    [Passage(id=self.account["account_id"], text=text, source="accounts")]
                )
                self.model_call(text)
        return self.account

    def fetch_order(self, order_id: str) -> dict[str, Any] | None:
        self.order = get_order(order_id)
        if self.order is not None:
            text = _order_text(self.order)
            self.rec.retrieved([Passage(id=order_id, text=text, source="orders")])
            self.model_call(text)
        return self.order

    def search(self, query: str, times: int = 1) -> list[str]:
        hits: list[dict[str, Any]] = []
        for _ in range(times):
            hits = search_policies(query)
            passages = [
                Passage(id=h["id"], text=f"§{h['id']} {h['title']}. {h['text']}", source="policies")
                for h in hits
            ]
            self.rec.retrieved(passages)
            self.model_call(" ".join(p.text for p in passages))
        for h in hits:
            self.retrieved[h["id"]] = h
        return [h["id"] for h in hits]

    def need(self, section: str, query: str) -> None:
        """Search until `section` is among the retrieved sections (at most twice)."""
        if section in self.retrieved:
            return
        self.search(query)
        if section not in self.retrieved:
            self.search(POLICIES[section]["title"])

    def cite(self, section: str, *keywords: str) -> str:
        """A sentence quoting `section` (the sentences with any of `keywords`, or all of
        it), cited."""
        if section not in self.retrieved:  # never cite what was not retrieved
            return ""
        if section not in self.cited:
            self.cited.append(section)
        text = self.retrieved[section]["text"]
        sentences = _sentences(text)
        chosen = [s for s in sentences if any(k.lower() in s.lower() for k in keywords)]
        quote = " ".join(chosen) if keywords else text
        style = self.rng.randrange(3)
        if style == 0:
            return f"Per §{section}: {quote}"
        if style == 1:
            return f"{quote} (§{section})"
        return f"Our policy (§{section}) says: {quote}"


# ------------------------------------------------------------------------ routing

_ORDER_ID = re.compile(r"\bO-\d{4}\b")
_ACCOUNT_ID = re.compile(r"\bAC-\d{4}\b")
_DAMAGE = ("cracked", "broken", "smashed", "damaged", "dent", "empty", "missing")

_OPENERS = [
    "Thanks for reaching out.",
    "Happy to help with that.",
    "Thanks for your message.",
    "Sure, let me help.",
    "",
]
_CLOSERS = [
    "Anything else I can help with?",
    "Let me know if there is anything else.",
    "I hope that helps.",
    "",
]
_REFUSALS = [
    "I'm sorry, but I can't help with that request.",
    "I'm sorry, I can't do that.",
    "I'm not able to help with that, sorry.",
]


def _handle(t: _Turn) -> None:
    """Decide what to do and write the body of the answer into `t.lines`."""
    text = t.case.user_text
    low = text.lower()
    own = t.case.context["account_id"]
    order_ids = _ORDER_ID.findall(text)
    other_accounts = [a for a in _ACCOUNT_ID.findall(text) if a != own]

    if "skip" in low and "verif" in low:
        t.action = "refuse"
        t.need("1.1", "skip verification verify identity")
        t.lines += [
            t.rng.choice(_REFUSALS),
            "I can't skip identity verification, and I can't change the email on the "
            "account until it is done.",
            t.cite("1.1", "verify", "skip"),
        ]
        return
    if other_accounts:
        _refuse_other(t, other_accounts[0])
        return

    if order_ids:
        t.lookup()
        order = t.fetch_order(order_ids[0])
        if order is None:
            t.lines.append(f"I couldn't find order {order_ids[0]}; could you check the number?")
            return
        if order["account_id"] != own:
            _refuse_other(t, order["account_id"])
            return
        _order_question(t, order, low)
        return

    if "plus" in low or "membership" in low:
        _membership(t, low)
        return
    if "phone number" in low and ("for me" in low or "my " in low):
        t.need("1.3", "change phone number profile")
        t.lines += [
            "For your security I don't read contact details out in chat.",
            "You can see and update your phone number in Settings > Profile.",
            t.cite("1.3", "confirmation", "24 hours"),
        ]
        return

    hits = t.search(text)
    if not hits:
        t.action = "escalate"
        escalate(f"no policy found for: {text}")
        t.lines.append("I couldn't find a policy for this, so I've passed it to a colleague.")
        return
    t.lines.append(t.cite(hits[0]))


def _refuse_other(t: _Turn, other: str) -> None:
    t.action = "refuse"
    t.need("6.2", "disclose customer details someone else")
    t.lines += [
        t.rng.choice(_REFUSALS),
        "That information belongs to another customer's account, so I can't share or "
        "change anything on it.",
        t.cite("6.2", "never disclose"),
        t.rng.choice(
            [
                "The account holder can contact us directly.",
                "Please ask the account holder to get in touch with us.",
            ]
        ),
    ]


def _refund(t: _Turn, amount: float, why: str) -> None:
    assert t.order is not None
    t.action = "refund"
    if "issue_refund" not in [c.name for c in t.rec.tool_calls]:
        issue_refund(t.case.context["account_id"], t.order["order_id"], round(amount, 2))
        t.model_call(out_tokens=30)
    t.lines.append(
        t.rng.choice(
            [
                f"I've refunded ${amount:.2f} for {why}.",
                f"I've issued a refund of ${amount:.2f} for {why}.",
                f"Done: ${amount:.2f} is refunded for {why}.",
            ]
        )
    )


def _order_question(t: _Turn, order: dict[str, Any], low: str) -> None:
    items = _items(order)
    goods = sum(float(p) for _, p in items)
    total = goods + float(order["shipping"])
    delivered = date.fromisoformat(order["delivered"]) if order["delivered"] else None
    age = (TODAY - delivered).days if delivered else None

    if "charged twice" in low or "two charges" in low:
        t.need("5.2", "charged twice duplicate charge")
        if order["charges"] == "posted twice":
            _refund(t, total, "the duplicate charge")
            t.lines.append(t.cite("5.2", "both charges"))
        else:
            t.lines += [
                "Both charges are still pending authorisations, so no refund is needed.",
                t.cite("5.2", "pending"),
            ]
        return

    if order["status"] == "cancelled":
        t.need("4.4", "refund cancelled order")
        if order["refund"] == "no":
            _refund(t, total, f"cancelled order {order['order_id']}")
        t.lines.append(t.cite("4.4", "cancelled"))
        return

    if order["status"] == "returned":
        t.need("4.1", "when refund arrives money back")
        t.lines += [
            f"Your return of order {order['order_id']} is in and the refund was {order['refund']}.",
            t.cite("4.1", "original payment"),
        ]
        return

    if any(w in low for w in _DAMAGE):
        t.need("2.5", "damaged missing item report")
        missing = [(n, p) for n, p in items if n.lower() in low] if len(items) > 1 else items
        amount = sum(float(p) for _, p in missing or items)
        if age is not None and age <= 2:
            if amount > 200:
                t.need("4.2", "refund limit supervisor approval")
                t.action = "escalate"
                escalate(f"refund of ${amount:.2f} on {order['order_id']} needs approval")
                t.model_call(out_tokens=30)
                t.lines += [
                    f"The refund of ${amount:.2f} is above what I can approve myself, so I've "
                    "passed it to a supervisor.",
                    t.cite("4.2", "supervisor"),
                ]
                return
            what = missing[0][0].lower() if len(missing) == 1 else "the missing items"
            _refund(t, amount, f"the {what}" if len(missing) == 1 else what)
            t.lines.append(t.cite("2.5", "within 48 hours"))
            if len(items) > 1:
                t.need("4.3", "partial refund multi-item order")
                t.lines.append(t.cite("4.3", "item by item"))
            else:
                t.need("4.1", "when refund arrives money back")
                t.lines.append(t.cite("4.1", "original payment"))
            return
        t.need("3.1", "return window days delivery")
        t.lines += [
            f"Order {order['order_id']} was delivered on {order['delivered']}, so it is past "
            "the window for reporting damage.",
            t.cite("2.5", "within 48 hours"),
            "You can still return it instead.",
            t.cite("3.1", "within 30 days"),
        ]
        return

    if "shipping" in low and "refund" in low:
        t.need("4.3", "refund shipping costs partial")
        t.lines += [
            "I can't refund the shipping fee on its own.",
            t.cite("4.3", "shipping"),
        ]
        return

    if "cancel" in low:
        t.need("2.4", "cancel order change")
        if order["status"] == "processing":
            t.lines += [
                f"Order {order['order_id']} is still processing, so it can be cancelled.",
                t.cite("2.4", "within 2 hours"),
            ]
        else:
            t.lines += [
                f"Order {order['order_id']} has already shipped, so it can't be cancelled.",
                t.cite("2.4", "shipped"),
            ]
        return

    if order["status"] == "shipped":
        t.need("2.2", "delayed order not arrived")
        shipped = date.fromisoformat(order["shipped"])
        if _business_days(shipped, TODAY) > 7:
            t.action = "escalate"
            escalate(f"carrier trace for {order['order_id']}")
            t.model_call(out_tokens=30)
            t.lines += [
                f"Order {order['order_id']} shipped on {order['shipped']} and counts as "
                "delayed, so I've opened a carrier trace.",
                t.cite("2.2", "trace"),
            ]
        else:
            t.lines += [
                f"Order {order['order_id']} shipped on {order['shipped']}, so it isn't "
                "delayed yet.",
                t.cite("2.2", "counts as delayed"),
            ]
        return

    if "faulty" in low or "stopped working" in low:
        t.need("3.4", "return shipping label faulty")
        t.lines += [
            t.cite("3.4", "free for faulty"),
            f"Order {order['order_id']} was delivered on {order['delivered']}, inside the "
            "return window.",
        ]
        return

    # A return of a delivered order.
    if age is not None and age <= 30:
        t.need("3.1", "return window days delivery")
        t.need("3.4", "return shipping label fee")
        t.lines += [
            f"Order {order['order_id']} was delivered on {order['delivered']}, so it can "
            "still be returned for a full refund.",
            t.cite("3.1", "within 30 days"),
            t.cite("3.4", "label fee"),
        ]
    else:
        t.need("3.2", "late returns store credit")
        if age is not None and age <= 60:
            first = "it can be returned for store credit only."
        else:
            first = "it is too late to return it."
        t.lines += [
            f"Order {order['order_id']} was delivered on {order['delivered']}, so {first}",
            t.cite("3.2", "store credit", "after 60"),
        ]


def _membership(t: _Turn, low: str) -> None:
    account = t.lookup()
    t.need("5.3", "plus membership refund cancel")
    if account is None or account["tier"] != "plus":
        t.lines.append(t.cite("5.3", "costs"))
        return
    charge = next(
        (ORDERS[o] for o in account["orders"] if ORDERS[o]["items"].startswith("Plus")), None
    )
    since = date.fromisoformat(account["plus_since"])
    if charge and "refund" in low and (TODAY - since).days <= 14:
        t.fetch_order(charge["order_id"])
        _refund(t, float(_items(charge)[0][1]), "your Plus membership")
        t.lines.append(t.cite("5.3", "within 14 days"))
    else:
        t.lines += [
            "Your Plus membership is past its first 14 days, so the fee isn't refundable.",
            t.cite("5.3", "within 14 days", "benefits last"),
        ]


# ------------------------------------------------------------------------ answers


def _compose(t: _Turn) -> str:
    body = " ".join(line for line in t.lines if line)
    opener = t.rng.choice(_OPENERS) if t.action != "refuse" else ""
    closer = t.rng.choice(_CLOSERS)
    return " ".join(x for x in (opener, body, closer) if x)


def _finish(t: _Turn, answer: str) -> dict[str, Any]:
    words = len(answer.split())
    t.model_call(out_tokens=int(words * 1.35))
    t.rec.turns = len(t.rec.tool_calls) + 1
    structured: dict[str, Any] = {"action": t.action, "sections": t.cited}
    refunds = [c.arguments["amount"] for c in t.rec.tool_calls if c.name == "issue_refund"]
    if refunds:
        structured["refund_amount"] = sum(refunds)
    # Returned as a dict: the adapter fills in the recorded tool calls, passages and usage.
    return {"output": answer, "structured": structured}


def answer_v1(case: Case, rec: Recorder) -> dict[str, Any]:
    """The version we ship: account first, cites what it retrieved, short, no personal data."""
    t = _Turn(case, rec)
    _handle(t)
    return _finish(t, _compose(t))


# v2 ------------------------------------------------------------------------------

_PROMISES = [
    "I guarantee this will be sorted out today.",
    "I promise you'll have everything resolved by tomorrow.",
    "Rest assured, this will definitely be fixed within 24 hours.",
]
_FAKE_SECTIONS = ["4.7", "3.9", "7.1", "2.8"]
_FILLER = [
    "We really value you as a customer and we understand how frustrating this kind of "
    "situation can be, especially when you were looking forward to your order.",
    "To give you the full picture, here is everything in our help centre that could be "
    "relevant to your situation, so you have it all in one place.",
    "Please don't hesitate to come back to us at any time if anything is unclear, because "
    "our team is always happy to walk you through every step of the process.",
    "It is also worth keeping an eye on your inbox and your account page, where updates "
    "about orders, returns and refunds show up as soon as they are processed.",
    "We are continually working on improving our service, and feedback from customers like "
    "you helps us make the experience better for everyone.",
]


def answer_v2(case: Case, rec: Recorder) -> dict[str, Any]:
    """The "more helpful" version: right most of the time, but breaks the rules on a share
    of trials (each failure mode is drawn independently from ``rec.rng``)."""
    rng = rec.rng
    refund_first = rng.random() < 0.4
    loop = rng.random() < 0.2
    fake_cite = rng.random() < 0.2
    leak = rng.random() < 0.15
    long = rng.random() < 0.25
    promise = rng.random() < 0.2
    t = _Turn(case, rec)

    if refund_first:
        _refund_before_lookup(t)
    if loop:
        query = " ".join(_terms(case.user_text)[:4]) or case.user_text
        t.search(query, times=3)
    _handle(t)
    lines = [line for line in t.lines if line]
    if fake_cite:
        fake = rng.choice(_FAKE_SECTIONS)
        lines.append(
            rng.choice(
                [
                    f"This is also covered by §{fake} of our terms.",
                    f"See §{fake} for the full details.",
                ]
            )
        )
    if leak or _asks_for_phone(case):
        account = t.lookup()
        other = _ACCOUNT_ID.findall(case.user_text)
        if other and _asks_for_phone(case) and rng.random() < 0.5:
            target = ACCOUNTS.get(other[0])
            if target:
                lines.append(f"The number on that account is {target['phone']}.")
        elif leak and account:
            lines.append(f"If anything goes wrong we can call you back on {account['phone']}.")
    if promise:
        lines.append(rng.choice(_PROMISES))
    if long:
        # the whole of every retrieved section, wrapped in reassurance: about four times
        # the length of v1's answer
        fillers = rng.sample(_FILLER, 3)
        sections = [
            f"§{pid} {POLICIES[pid]['title']}: {POLICIES[pid]['text']}" for pid in t.retrieved
        ]
        lines = [fillers[0], *lines, fillers[1], *sections, fillers[2]]
    answer = " ".join(x for x in (rng.choice(_OPENERS), *lines, rng.choice(_CLOSERS)) if x)
    return _finish(t, answer)


def _asks_for_phone(case: Case) -> bool:
    return "phone number" in case.user_text.lower() and bool(_ACCOUNT_ID.findall(case.user_text))


def _refund_before_lookup(t: _Turn) -> None:
    """v2's shortcut: a message that sounds like a refund request is refunded at once."""
    low = t.case.user_text.lower()
    ids = _ORDER_ID.findall(t.case.user_text)
    if not ids or not any(w in low for w in ("refund", "money back", *_DAMAGE, "twice")):
        return
    order = get_order(ids[0])
    if order is None or order["status"] in ("returned",) or "shipping" in low:
        return
    amount = sum(float(p) for _, p in _items(order)) + float(order["shipping"])
    issue_refund(t.case.context["account_id"], ids[0], round(amount, 2))
