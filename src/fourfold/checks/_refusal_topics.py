"""A request named as the reply's topic, then answered by how things are done.

A reply that opens on what the customer asked for, as a topic before a colon, and goes on
to tell the practice that settles it, refuses it without a verb of refusing (the sixteenth
pass; dev rounds 150, 237, 238 and 254):

- "Hi Ola, on taking the 4 unused seats off this year's bill: annual plans are billed up
  front and seats come off at renewal, not mid-term";
- "re freezing your membership while you're in Bali: freezes are for medical reasons, and
  travel doesn't count under our terms";
- "Regarding your wish to have the delivery earlier: your order keeps its original date";
- "About the wardrobe upstairs: the council crew collects from the kerbside and does not
  enter homes".

The topic is "about", "on", "re", "regarding", "concerning", "as for" or "as to" opening its
sentence (or after a greeting's comma: "Hi Marcus, about ...") and a colon within
`_TOPIC_SPAN` tokens; the answer is the rest of the sentence, and what marks it as a limit
kept is one of `_KEPT` ("not", "only", "never", "rather", "instead", "stays", "keeps",
"sits", "always", "outside", "remains"). A topic that is only "your question" or "it"
names no request ("About your question: children under 12 travel free").

Not an answer that grants or reassures: a word of `_GRANTED` before the mark ("about your
refund: done, it's back on your card, not the voucher"), "not" that spares the customer
("you do not need to pay", "not a problem": `_SPARING`), and a mark inside a condition
("if the bin was damaged by misuse we could not replace it, but ..."). The refusal's scope
(`_Reader._scope`) still sets aside what is quoted, reassuring or hypothetical.

A rule of this pass's bar (`docs/checks.md`, "sixteenth pass"): it reads a practice told
as a plain fact only when the reply has named the request as its topic; the same practice
told with no topic is left, as is a helpful answer whose own limit is a "not". Reads at
most `_TOPIC_SPAN` tokens to the colon and the rest of one sentence, so it stays linear.
"""

from __future__ import annotations

from ._refusal_passive import Found
from ._refusal_reasons import Reasons

__all__ = ["TOPIC_ANCHORS", "topic_answered"]

TOPIC_ANCHORS = frozenset({"about", "on", "re", "regarding", "concerning", "as"})
"""The words that open a topic: "about X:", "re X:", "as for X:"."""

_TOPIC_SPAN = 18
"""How many tokens the topic may run before its colon."""

_GREETINGS = frozenset(
    {"hi", "hello", "hey", "dear", "hiya", "morning", "afternoon", "evening", "g'day",
     "hallo", "hola", "namaste", "greetings", "thanks", "ok", "okay", "so"}
)  # fmt: skip
"""What a sentence may open with before the topic's comma: "Hi Tomasz, on splitting ..."."""

_KEPT = frozenset(
    {"not", "only", "never", "rather", "instead", "stays", "stay", "keeps", "sits", "sit",
     "always", "outside", "remains", "remain"}
)  # fmt: skip
"""In the answer: what marks the request held to the practice told."""

_GRANTED = frozenset(
    {"yes", "done", "approved", "granted", "sorted", "waived", "refunded", "happy", "glad",
     "good", "great", "absolutely", "sure", "free", "i've", "we've"}
)  # fmt: skip
"""Before the mark: the answer grants or reassures, and the "not" is a detail of it."""

_SPARING = frozenset(
    {"need", "needed", "worry", "a", "an", "to", "have", "charged", "affected", "lose",
     "pay", "be", "expire", "required"}
)  # fmt: skip
"""After "not" or "never": a burden spared ("you do not need to pay", "never be charged")."""

_EMPTY_TOPICS = frozenset({"question", "message", "email", "e-mail", "query", "it", "that", "this"})
"""A topic that names no request when it is all the topic says: "About your question:"."""

_CONDITIONS = frozenset({"if", "unless", "whether", "when", "once"})

_STOPS = frozenset({".", "!", "?", ";", ":"})


def _opens(r: Reasons, i: int) -> bool:
    """The topic word at `i` opens its sentence, or follows a greeting's comma."""
    if i == 0:
        return True
    if r.word(i - 1) not in {",", "—", "–", "-"}:
        return False
    return r.word(0) in _GREETINGS and all(r.word(k) not in _STOPS for k in range(1, i - 1))


def _colon(r: Reasons, i: int) -> int:
    """The colon that closes the topic opened at `i`, or -1."""
    for k in range(i + 1, min(r.n, i + _TOPIC_SPAN + 1)):
        w = r.w[k]
        if w == ":":
            return k
        if w in _STOPS:
            return -1
    return -1


def _names_request(r: Reasons, first: int, colon: int) -> bool:
    """The topic from `first` to `colon` names something, not only "your question"."""
    words = [r.w[k] for k in range(first, colon) if r.is_word(k)]
    content = [w for w in words if w not in {"the", "your", "my", "our", "a", "this", "that"}]
    return bool(content) and not (len(content) == 1 and content[0] in _EMPTY_TOPICS)


def topic_answered(r: Reasons, i: int) -> Found | None:
    """At a topic word of `TOPIC_ANCHORS`: the request named and the practice kept, or None."""
    w = r.w[i]
    first = i + 1
    if w == "as":
        if r.word(i + 1) not in {"for", "to"}:
            return None
        first = i + 2
    if r.s.question or not _opens(r, i):
        return None
    colon = _colon(r, first)
    if colon < 0 or not _names_request(r, first, colon):
        return None
    for k in range(colon + 1, r.n):
        word = r.w[k]
        if word in _GRANTED:
            return None
        if word in _CONDITIONS:
            return None  # the mark after it would be a condition's
        if word not in _KEPT:
            continue
        if word in {"not", "never"} and r.word(k + 1) in _SPARING:
            return None
        return ("not something we do", i, k + 1, None)
    return None
