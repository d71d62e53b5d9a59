"""Which lines of a reply are the agent's own words, and which someone else's.

A reply carries more than what its writer says to the customer (dev rounds 264 and 265):
the earlier message it answers, quoted under ">" marks; the customer's turns of a chat or
call transcript; the chat system's banners; and, below the sign-off, the signature block
with the business's slogan and its legal notice. A promise or a refusal there is not the
agent's: "Happiness guaranteed." under "Kind regards, Help Centre" promises nothing, and
"> I can't print from my phone" (the customer, quoted) or "Halcyon Water cannot accept
liability for any loss arising from the use of this e-mail" (the footer) declines nothing.
Both detectors ask this one reader (`_findings.scan` sets aside what they find on such a
line, by its kind), so the promise and the refusal rules read the same reply the same way:

- **quoted**: a line that opens with ">", an e-mail's quotation of an earlier message ("> On
  2 Oct, Ayesha wrote:"); whoever its "I" is, it is not the agent speaking now. Not a ">"
  line that opens with a sign or an emoji ("> ✅ You have my word ..."): the agent's own
  callout, as AI-written replies set a key line off;
- **customer's turn**: in a transcript, a line opened by a speaker label that names the
  customer ("Customer:", "Caller:", "User:"); a transcript has a line labelled for the
  agent's side too ("Agent:", "[Bot]:", "Support:"), so a record's "Customer: J. Moreau"
  alone makes none;
- **banner**: in such a transcript, a line all in square brackets, the chat system's
  ("[Chat ended by agent 18:42]", "[This chat may be recorded. We cannot accept ...]");
- **footer**: from a line that only closes ("Kind regards,", "Cheers,", "GG,") or the
  signature delimiter ("--") to the end: the name, the team, the slogan ("Best Rate
  Guarantee when you book direct") and the legal notice. A line there with "I" in it, or
  one that opens "P.S.", is the agent's again (a "P.S. I've also refunded the fee" under
  the name). A rule ("---") ends the text in a footer only when at most three lines follow
  it and none speaks to the customer or as "I" (a markdown reply rules off its sections);
  and a last paragraph that is a legal notice on the message itself ("This email and any
  files transmitted with it are confidential") is a footer with no sign-off before it.

The reader splits the text into lines once and reads each line's first few words, so it is
linear in the text; its answer is kept for the second detector that reads the same reply.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from functools import lru_cache

__all__ = ["OTHERS", "kind_at", "others_at"]

OTHERS = ("quoted", "customer's turn", "banner", "footer")
"""The kinds of line that are not the agent's own words, as `others_at` names them."""

_CLOSINGS = frozenset(
    {"best", "best wishes", "best regards", "kind regards", "kindest regards", "regards",
     "warm regards", "warmest regards", "warm wishes", "warmly", "cheers", "thanks",
     "thank you", "many thanks", "thanks again", "with thanks", "sincerely", "yours sincerely",
     "yours faithfully", "yours truly", "all the best", "take care", "speak soon", "talk soon",
     "gg", "gg wp", "respectfully", "with best wishes", "best wishes from", "stay safe"}
)  # fmt: skip
"""What a line that only closes a letter says, before its comma: "Kind regards,"."""

_CUSTOMER_LABELS = frozenset(
    {"customer", "client", "user", "caller", "guest", "member", "patient", "passenger",
     "buyer", "visitor", "tenant", "player", "student", "policyholder", "cust"}
)  # fmt: skip
"""Speaker labels of a transcript that name the customer: "Customer:", "Caller:"."""

_AGENT_LABELS = frozenset(
    {"agent", "bot", "assistant", "support", "rep", "advisor", "adviser", "staff",
     "operator", "associate", "specialist", "representative", "chatbot", "virtual assistant",
     "ai", "helpdesk", "csr", "team"}
)  # fmt: skip
"""Speaker labels of the agent's side: "Agent:", "[Bot]:", "Support:", "Agent Rosa:"."""

_LABEL = re.compile(r"\s*\[?([A-Za-z][A-Za-z ]{0,24}?)\]?\s*(?:\([^)]{0,24}\))?\s*:")
"""A speaker label opening a line: "Customer:", "[Bot]:", "Agent (12 May):"."""

_RULES = frozenset({"---", "___", "***", "—", "* * *"})
"""A line that rules off the end of a text (markdown's rule as well as a footer's)."""

_WORD = re.compile(r"[A-Za-z']+")

_SPEAKS = frozenset({"i", "i'm", "i've", "i'll", "i'd", "you", "your", "you're", "you'll"})
"""Words a footer after a rule never holds: the agent as "I", the customer as "you"."""

_NOTICE = re.compile(
    r"\b(?:this (?:e-?mail|message|transmission|communication)|intended recipient)\b", re.I
)
_NOTICE_WORDS = re.compile(
    r"\b(?:confidential|liability|responsibility|recipient|privileged)\b", re.I
)
"""A legal notice on the message itself: "this email ... is confidential", "intended recipient"."""


def others_at(text: str) -> tuple[list[int], list[str]]:
    """Where the lines that are not the agent's own words start and end, and their kinds.

    Returns `bounds` and `kinds`: the i-th such stretch runs from ``bounds[2 * i]`` to
    ``bounds[2 * i + 1]`` (offsets in `text`), and ``kinds[i]`` is one of `OTHERS`. Use
    `kind_at` to look an offset up.
    """
    if "\n" not in text and not text.lstrip().startswith(">"):
        return [], []
    return _others(text)


def kind_at(found: tuple[list[int], list[str]], offset: int) -> str | None:
    """The kind of the stretch `offset` lies in (`others_at`), or None: the agent's words."""
    bounds, kinds = found
    k = bisect_right(bounds, offset)
    return kinds[k // 2] if k % 2 == 1 else None


@lru_cache(maxsize=8)
def _others(text: str) -> tuple[list[int], list[str]]:
    lines: list[tuple[int, int]] = []
    at = 0
    for line in text.split("\n"):
        lines.append((at, at + len(line)))
        at += len(line) + 1
    kinds: list[str | None] = [None] * len(lines)
    labels = [_label(text[a:b]) for a, b in lines]
    transcript = any(x in _CUSTOMER_LABELS for x in labels) and any(
        x is not None and (x in _AGENT_LABELS or x.split(" ")[0] in _AGENT_LABELS) for x in labels
    )
    for k, (a, b) in enumerate(lines):
        line = text[a:b].strip()
        if line.startswith(">") and not _callout(line):
            kinds[k] = "quoted"
        elif transcript and labels[k] in _CUSTOMER_LABELS:
            kinds[k] = "customer's turn"
        elif transcript and line.startswith("[") and line.endswith("]"):
            kinds[k] = "banner"
    footer = _footer_from(text, lines)
    for k in range(footer, len(lines)):
        if kinds[k] is None and not _own_again(text[lines[k][0] : lines[k][1]]):
            kinds[k] = "footer"
    bounds: list[int] = []
    named: list[str] = []
    for (a, b), kind in zip(lines, kinds, strict=True):
        if kind is None or a == b:
            continue
        if named and named[-1] == kind and bounds[-1] >= a - 1:
            bounds[-1] = b  # one stretch over lines of one kind
        else:
            bounds += [a, b]
            named.append(kind)
    return bounds, named


def _callout(line: str) -> bool:
    """A ">" line that opens with a sign or an emoji is the agent's callout, not a quotation.

    "> ✅ You have my word — not a penny of that £61.20 will stay on your bill": AI-written
    replies set their own key line off so; a quoted message opens with its words.
    """
    body = line[1:].lstrip()
    return bool(body) and ord(body[0]) >= _SIGNS


_SIGNS = 0x2190
"""Where arrows, signs and (beyond them) emoji start: "→", "✅", "🔧"."""


def _label(line: str) -> str | None:
    """The speaker label opening `line`, lower-cased ("customer", "agent rosa"), or None."""
    m = _LABEL.match(line)
    return m.group(1).strip().lower() if m else None


def _footer_from(text: str, lines: list[tuple[int, int]]) -> int:
    """The first line of the footer (`len(lines)` when there is none); see the module."""
    n = len(lines)
    for k in range(n - 1, 0, -1):  # the last sign-off, never the first line (a greeting)
        line = text[lines[k][0] : lines[k][1]].strip()
        if line == "--" or (line.endswith(",") and line[:-1].lower() in _CLOSINGS):
            return k + 1 if line.endswith(",") else k
    last = [k for k in range(n) if text[lines[k][0] : lines[k][1]].strip()]
    for k in last[-4:-1]:
        if text[lines[k][0] : lines[k][1]].strip() in _RULES:
            after = " ".join(text[lines[t][0] : lines[t][1]] for t in range(k + 1, n))
            if _SPEAKS.isdisjoint(w.lower() for w in _WORD.findall(after)):
                return k
    # a legal notice as the last paragraph, with no sign-off before it
    if not last:
        return n
    start = last[-1]
    while start > 0 and text[lines[start - 1][0] : lines[start - 1][1]].strip():
        start -= 1
    if start == 0:
        return n
    notice = text[lines[start][0] : lines[last[-1]][1]]
    if _NOTICE.search(notice) and _NOTICE_WORDS.search(notice):
        return start
    return n


def _own_again(line: str) -> bool:
    """A footer line that is the agent's again: "P.S. ...", or a line that says "I"."""
    stripped = line.strip().lower()
    if stripped.startswith(("p.s", "ps ", "ps:", "p.p.s", "pps")):
        return True
    return any(w.lower() in {"i", "i'm", "i've", "i'll", "i'd"} for w in _WORD.findall(line))
