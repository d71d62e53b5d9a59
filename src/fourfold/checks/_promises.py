"""Promises in an agent's answer: commitments it is not in a position to make.

A support lead reads a reply as promising when it commits, without hedging, to an outcome
the agent cannot authorise, or claims that such an action has already been done. The
detector reads each sentence (`_reading.read`) and looks for five shapes, each a rule that
names itself in the evidence:

- **explicit guarantee**: a first-person guarantee or promise of an outcome ("I guarantee
  it will arrive", "we promise to refund any difference", "you have my word", "delivery is
  guaranteed");
- **authority commitment**: someone commits (``will``, ``'ll``, ``shall``, ``going to``,
  ``I can``, ``let me``, ``I'd be happy to``, ``we're sending``) to an action that needs
  authority ("we'll refund you", "I can offer you a $30 credit", "we'll cover the
  shipping"), or the customer is told they will receive what needs it ("you'll get your
  money back", "your refund will arrive Friday");
- **completed authority action**: an action that needs authority is said to be done ("I've
  processed your refund", "the late fee has been waived", "your refund is on its way");
- **certain outcome**: a forecast made certain ("it will definitely arrive tomorrow",
  "you'll get it by Monday for sure");
- **no-charge commitment**: "your account will never be charged again", "this won't happen
  again", "you won't have to pay".

What needs authority is a short list of verbs and nouns (`_lexicon`): refund, reimburse,
credit, waive, replace, reverse, upgrade, compensate...; a refund, credit, voucher,
discount, replacement, exception...; anything "free of charge" or "on us"; a fee or charge
removed, a cost covered.

A shape found is not yet a promise. It is set aside, and counted with its reason, when it
stands in quotation marks or in someone else's reported words, in a question, under a
negation ("I can't promise a refund"), inside a condition ("if your order qualifies, we'll
refund you"; "once we receive the item, you'll be refunded"), next to a hedge ("should",
"usually", "I think", "hopefully"), when it speaks of everyone rather than this customer
(a statement of policy: "refunds are issued within 5 days", "customers who cancel will be
refunded"), when it restates the customer's request ("To confirm, you want ... and have the
refund issued"), when the customer pays for it (an upgrade the reply charges for), or when
"Guaranteed" names a product ("our Guaranteed Delivery option").

Every rule reads a window of a few tokens around one token, and the scopes it consults
were computed in one pass over the sentence, so finding promises costs time linear in the
text.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from functools import cached_property

from ._authority import (
    AGREED,
    AUX,
    BE_NOW,
    CHARGED,
    FIRST,
    HAPPY,
    HAVE,
    VERBS,
    is_past,
    skip,
    starts,
)
from ._findings import Finding, Reading, scan
from ._grammar import phrase_index
from ._guarantees import Shape, completed
from ._lexicon import (
    APPROVING,
    AUTH_NOUNS,
    CHARGE_NOUNS,
    CHARGE_VERBS,
    CHARGING,
    COST_NOUNS,
    COST_VERBS,
    EXPENSES,
    FREE_WORDS,
    GIVE_VERBS,
    HELD_PRICES,
    INTENSIFIERS,
    NONCOMMITTAL,
    OWNED_DETERMINERS,
    SELF_VERBS,
    is_amount,
)
from ._negation_words import qualifies_noun
from ._phrase_passive import ARRIVING_ING, BE_DONE, may_be_passive
from ._promise_bills import BILL_ANCHORS, off_the_bill
from ._promise_business import SPEAKING_FOR_US
from ._promise_charged import customer_pays
from ._promise_done_acts import DONE_ACTS
from ._promise_folios import LANDING, ZEROED
from ._promise_fragments import (
    AUTH_WORDS_DONE,
    CAPTURES,
    CHAT_MOVES,
    HEADLINE_NOUNS,
    SENT,
    after_label,
    label_value,
)
from ._promise_grants import GRANTING_ENDS, SPARED
from ._promise_implicit import IMPLICIT_ANCHORS, IMPLICIT_RULES, ImplicitReader, may_match_implicit
from ._promise_kept_money import may_keep_money
from ._promise_moving import COMING_OFF, MOVING
from ._promise_not_granted import filed_request, granted_before, party_of, told_as_rule
from ._promise_own_steps import may_be_own_step
from ._promise_qualified import qualified
from ._promise_records import RECORD_ANCHORS, may_match_record
from ._promise_referents import fronted_before
from ._promise_relayed import relayed
from ._promise_settlements import for_this_customer, points_to_you
from ._promise_staff import STAFF_NEEDED
from ._promise_tool_calls import CALL_DONE, call_done
from ._skipping import already_base, base_after_be, base_after_have, before_past

__all__ = ["PROMISE_RULES", "find_promises"]

PROMISE_RULES = (
    "explicit guarantee",
    "authority commitment",
    "completed authority action",
    "certain outcome",
    "no-charge commitment",
)


_BACK_GOING = frozenset({"back", "going", "returning", "straight", "right", "directly"})  # MOVING's


def find_promises(text: str) -> Reading:
    """Find the promises in `text`, in order; count the near-promises set aside.

    Examples:
        >>> [(f.rule, f.text) for f in find_promises("I've waived the late fee.").findings]
        [('completed authority action', "I've waived the late fee")]
        >>> find_promises("If your order qualifies, we'll refund you.").ignored
        {'conditional': 1}
    """
    return _find(text, _NEEDED)


def _find(text: str, keep: frozenset[str] | None) -> Reading:
    """`find_promises`, reading only the sentences with a word in `keep` (all, with None).

    With `keep`, a sentence is also read only if `may_match` says some rule can match in
    it; with None, every sentence is read (the reference tests/checks compare with).
    """
    return scan(text, keep, _Reader, may_match if keep is not None else None)


POLICY_FRAMES: tuple[tuple[str, ...], ...] = (
    ("as", "a", "gold"), ("as", "a", "silver"), ("as", "a", "member"), ("as", "a", "premium"),
    ("as", "a", "business"), ("as", "a", "platinum"), ("as", "a", "prime"), ("as", "a", "vip"),
    ("as", "a", "plus"), ("as", "an", "economy"), ("as", "a", "first-class"),
    ("per", "our"), ("per", "the"), ("per", "section"), ("as", "per"), ("according", "to"),
    ("under", "our"), ("under", "the"), ("in", "line", "with"), ("in", "accordance"),
    ("our", "policy"), ("the", "policy"), ("policy", "is"), ("policy", "says"),
    ("policy", "states"), ("our", "terms"), ("standard", "policy"), ("by", "policy"),
    ("§",), ("section",), ("standard", "practice"), ("our", "practice"),
)  # fmt: skip

_POLICY_FRAMES = phrase_index(POLICY_FRAMES)


_UPGRADES = frozenset(
    {"upgrade", "upgrades", "upgraded", "upgrading", "bump", "bumped", "replacement", "replace"}
)
"""What the customer may be charged for (`customer_pays`): an upgrade, a replacement."""

_WISHES = {
    "you": frozenset({"want", "wanted", "wish", "wished", "requested"}),
    "would": frozenset({"like", "prefer"}),
    "are": frozenset({"asking", "requesting"}),
}
"""After "you" ("you want"), "you would" ("you'd like") or "you are" ("you're asking"):
the customer's request, restated."""

_OTHER_SUBJECTS = frozenset({"it", "they", "he", "she", "which"})

CUSTOMER_MEANS = frozenset({"using", "with", "by", "via", "through"})
"""After a payment or cover: "covered using your gift card", "paid with your card" say the
customer pays, not that anything is given."""


_ANCHORS = (
    frozenset(
        {
            "guarantee",
            "guarantees",
            "promise",
            "promises",
            "pledge",
            "swear",
            "vow",
            "assure",
            "assurance",
            "assurances",
            "certainty",
            "certain",
            "guaranteed",
            "guaranteeing",
            "assuring",
            "word",
            "count",
            "consider",
            "will",
            "shall",
            "should",
            "can",
            "could",
            "may",
            "going",
            "about",
            "let",
            "would",
            "do",
            "am",
            "is",
            "are",
            "was",
            "were",
            "have",
            "has",
            "had",
            "managed",
            "expect",
            "here",
            "went",
            "resulted",
            "led",
            "ensure",
            "money",
            "gift",
            "free",
            "complimentary",
            "price",
            "back",
            "certificate",
            "certificates",
            "chance",
            "way",
            "nothing",
            "did",
            "i",
            "we",
        }
    )  # fmt: skip
    | GRANTING_ENDS
    | SPARED
    | CALL_DONE
    | BILL_ANCHORS
    | RECORD_ANCHORS
    | MOVING
    | AGREED
    | frozenset(VERBS)
    | AUTH_NOUNS
    | CHARGE_NOUNS
    | CAPTURES  # a payments log's "Second capture voided" (`_promise_fragments`)
    | IMPLICIT_ANCHORS
    | BE_DONE  # "your claim stands approved" (`_phrase_passive.BE_DONE`)
)
"""The words a promise rule can anchor at."""

_NEEDED = (
    AUTH_NOUNS
    | CHARGE_NOUNS
    | COST_NOUNS
    | EXPENSES  # "we'll cover your hotel" (`_authority`: a cost verb and "your" expenses)
    | HELD_PRICES
    | SPARED
    | CALL_DONE  # a tool call's "→ succeeded" (`_promise_tool_calls`)
    | BILL_ANCHORS  # "taken off your folio" (`_promise_bills`)
    | RECORD_ANCHORS  # "your account now shows a credit of £25" (`_promise_records`)
    | ZEROED  # "your next renewal will be $0" (`_promise_folios.zeroed`)
    | INTENSIFIERS
    | CHARGED
    | CHARGING
    | frozenset(
        w
        for w, (base, _) in VERBS.items()
        if base in SELF_VERBS | CHARGE_VERBS | APPROVING | COST_VERBS | {"return", "release"}
    )
    | frozenset(
        {
            "guarantee",
            "guarantees",
            "guaranteed",
            "guaranteeing",
            "promise",
            "promises",
            "pledge",
            "swear",
            "vow",
            "assure",
            "assured",
            "assurance",
            "assurances",
            "word",
            "count",
            "done",
            "sure",
            "certain",
            "certainty",
            "stop",
            "ifs",
            "amount",
            "balance",
            "pocket",
            "bound",
            "trust",
            "believe",  # "believe me" (`_assuring.ASSURING`)
            "words",  # "mark my words"
            "straight",  # "I'm telling you straight"
            "fail",
            "doubt",
            "percent",
            "matter",
            "question",
            "charge",
            "bill",
            "debit",
            "invoice",
            "happen",
            "pay",
            "paid",
            "free",
            "complimentary",
            "house",
            "name",  # round 232: "I'm staking my name on it" (`_assuring.ASSURING`)
            "bank",  # "you can take that to the bank"
            "flat",  # "what I can say flat out is that ..."
            "fact",  # round 269: "..., I can tell you that for a fact" (`_assuring.ASSURING`)
            "estimate",  # "..., not an estimate"
            "us",
            "gratis",
            "goodwill",
            "courtesy",
            "gesture",
            "apology",
            "one-time",
            "exception",
            "up",
            "sorry",
            "new",
            "brand-new",
            "money",
            "gift",
            "back",
            "price",
            "certificate",
            "certificates",
            "payout",
            "settlement",
            "sum",
            "transferred",
            "deposited",
            "sent",
            "chance",
            "way",
            "bonus",
            "top",
            "wallet",  # "I've added $150 to your wallet" (`_lexicon.onto_balance`)
            "ewallet",
            "e-wallet",
            "account",
            "off",  # "I can offer you 20% off your next renewal" (`_authority._auth_noun`)
        }
    )  # fmt: skip
    | GRANTING_ENDS
    | IMPLICIT_ANCHORS
    | STAFF_NEEDED  # a credit in a staff's jargon: "a leak allowance" (`_promise_staff`)
)
"""The words some promise rule cannot do without: a sentence with none of them (most
sentences of an answer) is not read further. Every shape needs one: something that needs
authority (a refund, waive, a fee, free of charge, a new one, your money back, a price held),
a word that guarantees or makes certain, or a charge the customer will not pay."""


class _Reader(ImplicitReader):
    """The promise rules with the scopes that set a shape aside."""

    @cached_property
    def policies(self) -> list[int]:
        """Where a policy frame ("per our policy", "as a Gold member") starts.

        Not one that points to what was said to this customer ("per our conversation", "as
        per our call earlier", "in line with the decision", "according to this,"):
        `_promise_settlements.points_to_you`.
        """
        found = starts(self.w, _POLICY_FRAMES)
        return [i for i in found if not points_to_you(self.w, i)]

    def _policy_before(self, i: int) -> bool:
        return bool(self.policies) and self.policies[0] < i

    def scan(self, findings: list[Finding], ignored: Counter[str]) -> None:
        claimed_to = -1
        rules_at = _RULES_AT
        anchors = [i for i, w in enumerate(self.w) if w in rules_at]  # most words anchor none
        for i in anchors:
            if i < claimed_to:
                continue
            self.claimed = claimed_to
            for match in self._matches_at(i):
                reason = self._reason(match)
                if reason is None:
                    tokens = self.s.tokens
                    first = min(max(match.start, claimed_to), match.trigger)
                    while first < match.trigger and not tokens[first].is_word:
                        first += 1
                    start, end = tokens[first].start, tokens[match.end - 1].end
                    findings.append(Finding(match.rule, self.text[start:end], start, end))
                else:
                    ignored[reason] += 1
                claimed_to = max(claimed_to, match.end)
                if match.kind == "guarantee":
                    # what is guaranteed ("I guarantee it will arrive tomorrow") is the same
                    # promise: the next few words of the clause are claimed with it
                    end = min(self.s.clause_end(self.s.clause[match.trigger]), match.end + 12)
                    claimed_to = max(claimed_to, end)
                break

    def _tool_call_done(self, i: int, w: str) -> Shape | None:
        """A tool call that gives a grant, reported as gone through (`call_done`)."""
        start = call_done(self.w, i) if w in CALL_DONE else -1
        return completed(start, i, i + 1) if start >= 0 else None

    def _matches_at(self, i: int) -> Iterator[Shape]:
        w = self.w[i]
        for rule in _RULES_AT[w]:
            match = rule(self, i, w)
            if match is not None:
                yield match
                return

    def _reason(self, m: Shape) -> str | None:
        s = self.s
        if s.quoted[m.trigger] or s.quoted[m.start]:
            return "quoted"  # (a line quoted in an e-mail, "> I was told ...": `_own_words`)
        if (s.reported[m.start] or s.reported[m.trigger]) and not relayed(s, m.start):
            return "reported speech"  # (not a unit of ours: `_promise_relayed`)
        if self._restated(m.start):
            return "customer's request"
        if s.is_question_clause(m.trigger):
            return "question"
        if m.negated or s.negation[m.start] >= 0:
            return "negated"
        if self.word(m.end) == ":" and not _NOT_DONE.isdisjoint(self.w[m.end + 1 : m.end + 5]):
            if m.kind != "no-charge":  # (not "This won't happen again: ... will not be billed")
                return "negated"  # a label answered no: "Refund issued: ❌ no, not yet"
        means = self.word(m.end) in CUSTOMER_MEANS and m.kind != "no-charge"  # (not "this
        if means and self.word(m.end + 1) == "your":  # won't happen again with your card")
            return "paid by the customer"  # "the difference was covered using your gift card"
        if self._upgrade_only(m) and not self.freebies and customer_pays(self.text):
            return "paid by the customer"  # "The extra $597 will be charged to your card"
        kept = self.word(m.trigger) == "will" and may_keep_money(self.w, m.trigger + 1)
        if m.kind != "no-charge" and not kept and self._negated_between(m.start, m.trigger):
            return "negated"  # (a certainty that no money will leave: `_promise_kept_money`)
        if self._conditional(m):
            return "conditional"
        if m.hedged or self._hedged(m):
            return "hedged"
        if m.kind == "completed" and s.clause[m.start] == s.clause[m.trigger]:
            if self.uncommitted_gap(m.trigger, m.end):  # "... would be waived and a car provided"
                return "hedged"  # (`_clause_links.ClauseReader.uncommitted_gap`)
        if m.generic and not party_of(self.w, m.start, m.end):  # (not "your order for 30 people")
            return "policy statement"
        if m.kind == "completed" and filed_request(self.w, m.start, m.end):
            return "handed over"  # "I've raised your request to waive the fee with Accounts"
        if m.kind == "completed" and granted_before(self.w, s.negation, m.start, m.end):
            return "negated"  # "I can't waive it, as it was already waived once this year"
        if m.kind == "completed" and self.policies:
            if told_as_rule(self.w, self.policies[0], m.start, m.trigger, m.end):
                return "policy statement"  # "as per the rules, the balance is refunded"
        if m.kind in {"forward", "guarantee", "no-charge"} and self._policy_before(m.start):
            yours = for_this_customer(self.w, m.start, m.end)
            if not (m.kind == "guarantee" and self.word(m.start) in FIRST) and not yours:
                return "policy statement"  # (not "under our buyer protection, your $74.50")
        return qualified(self.s, self.text, m, self._upgrade_only(m) and not self.freebies)

    def _upgrade_only(self, m: Shape) -> bool:
        """An upgrade is all that needs authority in `m` ("The upgrade will change...")."""
        words = self.w[m.start : m.end]
        return not _UPGRADES.isdisjoint(words) and not any(
            (x in AUTH_NOUNS or VERBS.get(x, ("", ""))[0] in SELF_VERBS) and x not in _UPGRADES
            for x in words
        )

    def _restated(self, start: int) -> bool:
        """What starts at `start` restates the customer's request.

        "To confirm, you want to return the sneakers and have the refund issued to your
        card": after "you want" ("you'd like", "you're asking", "you requested"), in its
        clause or one that goes on without a subject of its own ("and have ..."), with no
        subject or auxiliary of anyone's between ("you wanted a refund, so I've issued
        one" promises).
        """
        w = self.w
        for k in range(start, max(0, start - 30), -1):
            x = w[k]
            if x in FIRST or x in _OTHER_SUBJECTS:
                return False
            if x in AUX and w[k - 1] not in {"to", "and", "or", "you"}:
                if not (x == "are" and w[k - 1] == "you"):
                    return False
            before = w[k - 1]
            if x in _WISHES.get(before, ()) and (before == "you" or w[k - 2 : k - 1] == ["you"]):
                c = self.s.clause[k]
                return c == self.s.clause[start] or not self._own_subject(self.s.clause[start])
        return False

    def _negated_between(self, start: int, end: int) -> bool:
        """A negation between `start` and `end` governs what ends there.

        Not one inside a noun phrase, a participle after "not" that qualifies the noun
        before it ("the refund for the days not used has been made", "items not received").
        """
        negation = self.s.negation
        last = negation[end] if end < self.n else -1
        while last >= start and qualifies_noun(self.w, last):
            last = negation[last - 1]
        return last >= start


_Rule = Callable[[_Reader, int, str], "Shape | None"]

_GUARANTEE_WORDS = frozenset(
    {"guarantee", "guarantees", "promise", "promises", "pledge", "swear", "vow", "assure",
     "assurance", "assurances", "guaranteed", "guaranteeing", "assuring", "word", "count",
     "consider", "certainty", "certain"}
)  # fmt: skip
"""The words `GuaranteeReader._guarantee` anchors at."""

_RULES: tuple[tuple[_Rule, frozenset[str]], ...] = (
    (_Reader._guarantee, _GUARANTEE_WORDS),
    (_Reader._no_charge, frozenset({"will", "shall", "going"})),
    (_Reader._not_charged, frozenset({"did", "have"})),
    (_Reader._fronted, FIRST),
    (
        _Reader._forward,
        frozenset({"will", "shall", "should", "can", "could", "may", "going", "about", "would",
                   "do", "let"}) | BE_NOW,
    ),
    (_Reader._perfect, HAVE),
    (_Reader._object_first, HAVE),
    (
        _Reader._simple_past,
        frozenset({"was", "were", "managed", "expect", "is", "are", "went", "here", "did"})
        | {"resulted", "led", "ensure"}
        | AGREED
        | frozenset(w for w, (_, form) in VERBS.items() if form in {"base", "past", "ing"}),
    ),
    (_Reader._be_passive, BE_DONE),
    (
        _Reader._headline,
        frozenset(w for w, (_, form) in VERBS.items() if form == "past")
        | {"promise", "money", "gift", "free", "complimentary", "price", "back"}
        | {"certificate", "certificates"}
        | AUTH_NOUNS
        | HEADLINE_NOUNS,
    ),
    (_Reader._granted, GRANTING_ENDS),
    (_Reader._moving, MOVING),
    (_Reader._fee_spared, SPARED),
    (_Reader._no_chance, frozenset({"chance", "way"})),
    (_Reader._nothing_to_pay, frozenset({"nothing"})),
    (_Reader._tool_call_done, CALL_DONE),
    (_Reader._off_the_bill, BILL_ANCHORS),
    (_Reader._record_shows, RECORD_ANCHORS),
    (_Reader._not_on_record, RECORD_ANCHORS),
    (_Reader._zero_again, RECORD_ANCHORS),
    (_Reader._not_anymore, RECORD_ANCHORS),
    (_Reader._no_charge_for_yours, RECORD_ANCHORS),
    (_Reader._listed_not_charged, RECORD_ANCHORS),
    *IMPLICIT_RULES,  # the act left implicit (`_promise_implicit`)
)  # fmt: skip
"""Each promise rule, in the order they are tried, and the words it can anchor at: at any
other word it returns None at once (the first test of each rule is on its anchor)."""

_RULES_AT: dict[str, tuple[_Rule, ...]] = {
    w: tuple(rule for rule, words in _RULES if w in words)
    for w in sorted(_ANCHORS)
    if any(w in words for _, words in _RULES)
}
"""The rules to try at each word, in order: finding a rule's anchors costs one lookup."""


_AUTH_WORDS = AUTH_NOUNS | FREE_WORDS | {
    "money", "gift", "price", "back", "certificate", "certificates"
}  # fmt: skip
"""The words `PhraseReader._auth_noun` can say need authority."""
_BY_SOMEONE = SPEAKING_FOR_US  # "the pharmacy reimbursed" (`_promise_business`)
_OFFERING = HAPPY - {"able"}
_CHARGING_VERBS = frozenset({"charge", "bill", "charged", "billed"})

_NOT_DONE = frozenset({"no", "not", "pending", "none", "false", "❌", "✗", "✘", "n/a"})
"""A label's value that says what it names was not done ("Refund issued: no")."""

_UNDER_WAY = frozenset({("under", "way"), ("in", "progress")})

_BEFORE_GRANTING_END = frozenset(
    {"of", "no", "extra", "additional", "an", "a", "our", "own", "its", "on", "totally",
     "completely", "entirely", "absolutely", "for", ",", "—", "–", "service", "goodwill",
     "courtesy", "as"}
)  # fmt: skip
"""The word before a granting frame's last ("free of charge", "at its own expense", ",
totally free", ", complimentary")."""


def may_match(words: list[str]) -> bool:
    """Whether some promise rule can match in a sentence of these words.

    Making a sentence's tokens and clauses costs more than most rules that then read it,
    and most sentences that hold a word some rule needs (`_NEEDED`: "refund", "delivery")
    hold no promise. So each rule's first tests, those on the words around its anchor,
    are made here on the words alone, before anything else: a sentence where no rule
    passes them is not read. Each test is a condition the rule cannot match without (a
    rule that reads further, as after "will", is let through at once), and
    tests/checks/test_policy_detectors.py compares reading with and without this test.
    """
    n = len(words)

    def word(k: int) -> str:
        return words[k] if 0 <= k < n else ""

    auth_at = next((k for k, w in enumerate(words) if w in _AUTH_WORDS), n)
    opening = next((k for k, w in enumerate(words) if w[:1].isalnum()), n)  # the first word
    for i, w in enumerate(words):
        if w not in _RULES_AT:
            continue
        nxt = word(i + 1)
        if w in _GUARANTEE_WORDS or w in {"will", "shall"}:
            return True
        # _forward
        if w in FIRST and i > 1 and fronted_before(words, i):
            return True  # _fronted: "The late fee we've waived"
        if w in {"did", "have"} and nxt in {"not", "never"} and word(i + 2) in _CHARGING_VERBS:
            return True  # _not_charged: "we did not charge you anything for the repair"
        if w in {"should", "can", "could", "may"} and nxt in FIRST:
            return True
        if w in {"going", "about"} and nxt == "to" and word(i - 1) in BE_NOW:
            return True
        if w == "going" and nxt == "to" and word(i - 1) in INTENSIFIERS:
            return True  # "it's definitely going to arrive"
        if (
            w == "going"
            and nxt == "to"
            and (word(i - 1) in {"i", "we", "not", "."} or i <= opening + 1)
        ):
            return True  # "you're not going to pay a cent": _no_charge
        if w in {"can", "would"} and word(i - 1) in FIRST:
            return True
        if w in {"would", "do"} and nxt == "you" and word(i + 2) in {"like", "want"}:
            return True
        if w == "let" and nxt in {"me", "us"}:
            return True
        if w in BE_NOW:
            if word(i - 1) in FIRST and nxt in _OFFERING and word(i + 2) == "to":
                return True
            if nxt in {"certain", "sure", "bound"} and word(i + 2) == "to":
                return True  # "it's bound to arrive today"
            k = skip(words, i + 1)[0]
            if word(k) in VERBS and VERBS[word(k)][1] == "ing":
                return True
            if word(i - 1) in FIRST and base_after_be(words, k):
                return True  # "We are refund you the full amount" (`_skipping.base_after_be`)
            if word(k) in ARRIVING_ING and k > i + 1:
                return True  # "it's 100% arriving": `ShapeReader._forward`
        # _perfect
        if w in HAVE and nxt != "to":
            y = word(skip(words, i + 2 if nxt in {"not", "never"} else i + 1)[0])
            if y in AGREED or y in {"been", "gone", "went", "had", "got", "gotten", "done"}:
                return True
            if is_past(y):
                return True
            k = skip(words, i + 2 if nxt in {"not", "never"} else i + 1)[0]
            if word(i - 1) in FIRST | _BY_SOMEONE and k < n and base_after_have(words, k):
                return True
            if y == "come" and word(skip(words, i + 1)[0] + 1) == "off":
                return True  # "the £60 fee has come off your order"
        # _simple_past
        if w == "did" and not DONE_ACTS.isdisjoint(words[i + 1 : i + 9]):
            return True  # "I already did the refund"
        if w in {"was", "were"} and nxt == "able" and word(i + 2) == "to":
            return True
        if (w == "managed" or w in AGREED) and nxt == "to":
            return True
        if w == "expect" or (w, nxt) in {
            ("went", "through"),
            ("went", "back"),
            ("resulted", "in"),
            ("led", "to"),
        }:
            return True
        if w == "here" and nxt in {"is", "are"}:
            return True
        if w in {"is", "are"} and nxt in {"free", "complimentary"}:
            return True  # "your next box is free"
        if w in {"is", "are"} and nxt == "on":
            if word(i + 2) == "us" or (word(i + 2) == "the" and word(i + 3) == "house"):
                return True
        if w in {"is", "are"} and nxt in {"on", "from"} and word(i + 2) == "our":
            return True  # "the cost is from our side"
        form = VERBS.get(w)
        also = word(i - 1) in {"also", "then"}  # "and also refund the $20"
        base = form is not None and form[1] == "base"
        if (w == "ensure" or base) and word(i - 1 - also) == "and":
            return True
        if form is not None and form[1] in {"base", "ing"} and i <= opening:
            return True  # a list's line under "What we'll do:" (`_promise_lists`)
        if form is not None and form[1] in {"base", "ing"} and may_be_own_step(words, i):
            return True  # "Next step (me): refund £4.99" (`_promise_lists.opens_own_step`)
        if form is not None and (form[1] == "past" or already_base(words, i)):
            before = word(before_past(words, i))
            if before == "and" or before in FIRST or before in _BY_SOMEONE:
                return True
            if auth_at < i and before not in AUX and w not in NONCOMMITTAL:
                return True
            if form[0] in SELF_VERBS or after_label(words, i) or word(i - 1) in {"|", "("}:
                return True  # _headline: "Refunded!", "Refund: **issued**", "| Removed |"
            if form[0] in GIVE_VERBS and (nxt in {"a", "an", "you", "ya"} or is_amount(nxt)):
                return True  # a chat reply: "Just applied a $100 credit", "gave u a refund"
            if form[0] in GIVE_VERBS and not AUTH_WORDS_DONE.isdisjoint((nxt, word(i + 2))):
                return True  # a case note's "Applied goodwill credit to ..." (`_bare_grant`)
            if form[0] in GIVE_VERBS | CHARGE_VERBS | APPROVING and nxt in OWNED_DETERMINERS:
                return True  # "Sorted ur refund", "took the fee off" (`_chat_takes`)
            if is_amount(nxt) and word(i + 2) == "off":
                return True  # a chat reply: "Just knocked $10 off the total" (`_chat_takes`)
            if form[0] in CHAT_MOVES and (nxt in {"you", "ya", "off"} or nxt[:1].isdigit()):
                return True  # "bumped u to the deluxe room", "took off the fee" (`_chat_takes`)
            if form[0] in SENT and nxt in {"to", "into", "back"} and is_amount(before):
                return True  # _fragment: "- £412.50 paid to your bank account today"
        # _be_passive
        if w in BE_DONE and may_be_passive(words, i):
            return True
        # _headline
        after = word(i + 3) if nxt == "of" else nxt  # "Change fee of £75 waived"
        after = word(i + 4) if nxt == "(" and word(i + 3) == ")" else after  # "fee (£75) waived"
        if (w in _AUTH_WORDS or w in HEADLINE_NOUNS) and VERBS.get(after, ("", ""))[1] == "past":
            return True
        if (w in _AUTH_WORDS or w in CHARGE_NOUNS) and nxt in {"for", "on"}:
            return True  # "double charge for the concert tickets cancelled" (`_its_phrase`)
        if w in AUTH_WORDS_DONE and (nxt in {"done", "sorted"} or label_value(words, i + 1) >= 0):
            return True  # "refund done ✅", "Refund: $876.40 → credit_card_7703145"
        if w in _AUTH_WORDS and (nxt == "underway" or (nxt, word(i + 2)) in _UNDER_WAY):
            return True  # "full reimbursement under way"
        if w == "back" and nxt in {"to", "on", "into"} and after_label(words, i - 1):
            return True  # "Refund: $2,580 back to your gift card"
        if w == "back" and nxt in {"to", "on", "into"} and is_amount(word(i - 1)):
            return True  # "..., $654.00 back on your Visa": `FragmentReader._sum_opens`
        # _granted: "... free of charge", "... as a one-off exception"
        if w in GRANTING_ENDS and word(i - 1) in _BEFORE_GRANTING_END:
            return True
        if w == "exception" and word(i - 1) in {"one-off", "one-time", "special"}:
            return True
        # _moving: "goes out", "gets reversed", "is coming back"
        if w in MOVING and (nxt in {"out", "through"} or VERBS.get(nxt, ("", ""))[1] == "past"):
            return True
        if (w in COMING_OFF and nxt == "off") or (w in MOVING and nxt in _BACK_GOING):
            return True  # "comes off", "goes back to your card", "goes straight back"
        if w in LANDING and (nxt if nxt != "back" else word(i + 2)) in {"in", "into", "on", "onto"}:
            return True  # "£340 landed in your account", "lands on your card" (`landed`)
        if w == "went" and nxt in {"onto", "into", "to", "straight"}:
            return True  # "went straight onto your gift card"
        if w in MOVING and nxt in {"coming", "heading"} and word(i + 2) in {"back", "your"}:
            return True  # "is coming back to you", "is coming your way"
        if w in {"chance", "way"} and word(i - 1) in {"zero", "no"}:
            return True  # _no_chance: "there's zero chance you'll miss the connection"
        if w == "nothing" and "pay" in words[i + 1 : i + 6]:
            return True  # _nothing_to_pay: "nothing to pay when you collect"
        if w in BILL_ANCHORS and (off_the_bill(words, i) >= 0 or nxt == "no"):
            return True  # _off_the_bill: "the third night has been taken off your folio"
        if w in IMPLICIT_ANCHORS and may_match_implicit(words, i):
            return True  # `_promise_implicit`: "the $75 change fee no longer applies"
        if w in RECORD_ANCHORS and may_match_record(words, i):
            return True  # `_promise_records`: "your account now shows a credit of £25"
        if w in CALL_DONE and ")" in words[max(0, i - 6) : i]:
            return True  # _tool_call_done: "`refunds.create(...)` → ✅ succeeded"
        # _fee_spared: "... with no reinstatement fee", "without the usual rejoining fee"
        if w in SPARED and not {"no", "without"}.isdisjoint(words[max(0, i - 4) : i]):
            return True
    return False
