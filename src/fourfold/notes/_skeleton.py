"""A failure mode turned into the skeleton of its check: code where code can decide it.

The rule (`decide`), in order, on the mode's notes:

1. **A tool.** The notes name a tool the run's agent called (the word, or its words with
   ``_`` as spaces). With a count (``3 times``, ``three times``) the check fails when the
   tool is called that many times or more; with a word of absence before it (``without``,
   ``skipped``, ``never``, ``no``, ``forgot``, ``didn't``, ``did not``) it fails when the
   tool is not called; otherwise it fails when the tool is called at all. Trajectory layer.
2. **A quoted phrase.** The notes quote words the answer said (``"..."``, ``“...”``): the
   check fails when the answer contains any of them (case aside). Policy layer.
3. **A length.** The notes give a size (``4 paragraphs``, ``300 words``, ``1,200
   characters``, ``six sentences``): the check fails when the answer is that long or
   longer (the smallest size the notes give). Policy layer.

Anything else is a judgement: a criterion file whose anchors are drafts written from the
notes, for the team to rewrite before a judge uses it.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass
from typing import Literal

import yaml

from ._modes import FailureMode

__all__ = ["Decision", "Skeleton", "decide", "identifier", "skeleton_for"]

_NUMBER_WORDS = {
    w: i
    for i, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve".split()
    )
}
_NUMBER = r"(\d[\d,]*|" + "|".join(_NUMBER_WORDS) + r")"
_TIMES = re.compile(_NUMBER + r"\s+times\b", re.IGNORECASE)
_SIZE = re.compile(
    _NUMBER + r"\s+(words?|characters?|chars|paragraphs?|sentences?)\b", re.IGNORECASE
)
_QUOTED = re.compile(r"\"([^\"\n]{2,200})\"|“([^”\n]{2,200})”")
_ABSENCE = re.compile(
    r"\b(without|skipp(?:ed|ing)|never|no|forgot|missing|didn't|did not|not)\b[^.;]*$",
    re.IGNORECASE,
)
_UNITS = {"word": "words", "char": "characters", "paragraph": "paragraphs", "sentence": "sentences"}


@dataclass(frozen=True)
class Skeleton:
    """What a mode becomes: a check file or a criterion file, and the rule that chose it."""

    kind: Literal["check", "criterion"]
    """``check`` (a Python file with a ``@check`` function) or ``criterion`` (YAML)."""
    name: str
    """The check's or criterion's name (the mode's, as an identifier)."""
    rule: str
    """Why this kind, in a sentence: what in the notes made the mode decidable by code."""
    text: str
    """The file's contents."""


@dataclass(frozen=True)
class Decision:
    """The rule that decides a mode (see the module), and what it found in the notes."""

    kind: Literal["tool", "phrase", "length", "judgement"]
    rule: str
    tool: str = ""
    tool_rule: Literal["at_most", "required", "forbidden"] = "forbidden"
    limit: int = 0
    phrases: tuple[str, ...] = ()
    unit: str = ""


def _number(text: str) -> int:
    word = text.lower()
    return _NUMBER_WORDS[word] if word in _NUMBER_WORDS else int(text.replace(",", ""))


def decide(mode: FailureMode, tools: Collection[str] = ()) -> Decision:
    """Which rule of the module's docstring decides `mode`, with what it found."""
    texts = [note.text for note in mode.notes]
    for tool in sorted(tools, key=lambda t: (-len(t), t)):
        spellings = {tool, tool.replace("_", " ")}
        pattern = re.compile(
            r"\b(?:" + "|".join(re.escape(s) for s in spellings) + r")\b", re.IGNORECASE
        )
        hits = [(text, m) for text in texts for m in [pattern.search(text)] if m]
        if not hits:
            continue
        counts = [_number(m[1]) for text, _ in hits for m in _TIMES.finditer(text)]
        counts = [c for c in counts if c >= 1]
        if counts:
            limit = min(counts)
            return Decision(
                "tool",
                f"the notes name the tool {tool!r} and a count ({limit} times): the check "
                f"fails when the agent calls {tool} {limit} times or more",
                tool=tool,
                tool_rule="at_most",
                limit=limit,
            )
        if any(_ABSENCE.search(text[: m.start()]) for text, m in hits):
            return Decision(
                "tool",
                f"the notes say the tool {tool!r} was not used: the check fails when the "
                f"agent never calls {tool}",
                tool=tool,
                tool_rule="required",
            )
        return Decision(
            "tool",
            f"the notes name the tool {tool!r}: the check fails when the agent calls {tool}",
            tool=tool,
            tool_rule="forbidden",
        )
    phrases = [a or b for text in texts for a, b in _QUOTED.findall(text)]
    if phrases:
        unique = tuple(dict.fromkeys(p.strip() for p in phrases if p.strip()))
        shown = ", ".join(repr(p) for p in unique)
        return Decision(
            "phrase",
            f"the notes quote the answer ({shown}): the check fails when the answer says any",
            phrases=unique,
        )
    sizes = [
        (_number(m[1]), _UNITS[next(k for k in _UNITS if m[2].lower().startswith(k))])
        for text in texts
        for m in _SIZE.finditer(text)
    ]
    sizes = [(n, unit) for n, unit in sizes if n >= 1]
    if sizes:
        limit, unit = min(sizes)
        return Decision(
            "length",
            f"the notes give a size ({limit} {unit}): the check fails when the answer has "
            f"{limit} {unit} or more",
            limit=limit,
            unit=unit,
        )
    return Decision(
        "judgement",
        "the notes name no tool the agent called, quote no words of the answer and give no "
        "size: the mode needs a judge, so it becomes a criterion with the notes as draft anchors",
    )


def identifier(name: str) -> str:
    """The mode's name as a Python identifier and criterion name (``looped_on_search``).

    Examples:
        >>> identifier("Looped on search (3x)!")
        'looped_on_search_3x'
    """
    words = re.findall(r"[a-z0-9]+", name.lower())
    ident = "_".join(words) or "failure_mode"
    return f"mode_{ident}" if ident[0].isdigit() else ident


def skeleton_for(mode: FailureMode, run_id: str, tools: Collection[str] = ()) -> Skeleton:
    """The skeleton of `mode`'s check: a check file when code can decide it, else a criterion.

    Args:
        mode: the failure mode, with its notes.
        run_id: the run the notes are on (named in the file).
        tools: the tools the run's agent called (what rule 1 looks for in the notes).
    """
    decision = decide(mode, tools)
    name = identifier(mode.name)
    if decision.kind == "judgement":
        return Skeleton("criterion", name, decision.rule, _criterion_text(mode, run_id, name))
    return Skeleton("check", name, decision.rule, _check_text(mode, run_id, name, decision))


def _note_lines(mode: FailureMode, prefix: str) -> list[str]:
    lines = []
    for note in mode.notes:
        text = note.text.strip().splitlines() or [""]
        lines.append(f"{prefix}- {note.case_id}#{note.repeat} ({note.author}): {text[0]}")
        lines += [f"{prefix}  {more}" for more in text[1:]]
    return lines


def _header(mode: FailureMode, run_id: str) -> str:
    return (
        f"the failure mode {mode.name!r}: {mode.count} notes on {mode.trials} trials of run "
        f"{run_id}"
    )


def _check_text(mode: FailureMode, run_id: str, name: str, d: Decision) -> str:
    layer = "trajectory" if d.kind == "tool" else "policy"
    if d.kind == "tool":
        constants = f"TOOL = {d.tool!r}\nLIMIT = {d.limit}\n" if d.tool_rule == "at_most" else ""
        constants = constants or f"TOOL = {d.tool!r}\n"
        body = {
            "at_most": (
                "        calls = sum(1 for call in ctx.trace.tool_calls if call.name == TOOL)\n"
                "        if calls >= LIMIT:\n"
                '            return failed(f"called {TOOL} {calls} times (the mode starts at '
                '{LIMIT})")\n'
                '        return passed(f"called {TOOL} {calls} times")\n'
            ),
            "required": (
                "        if any(call.name == TOOL for call in ctx.trace.tool_calls):\n"
                '            return passed(f"called {TOOL}")\n'
                '        return failed(f"never called {TOOL}")\n'
            ),
            "forbidden": (
                "        calls = sum(1 for call in ctx.trace.tool_calls if call.name == TOOL)\n"
                "        if calls:\n"
                '            return failed(f"called {TOOL} {calls} times")\n'
                '        return passed(f"did not call {TOOL}")\n'
            ),
        }[d.tool_rule]
    elif d.kind == "phrase":
        constants = f"PHRASES = {list(d.phrases)!r}\n"
        body = (
            "        said = [p for p in PHRASES if p.lower() in ctx.output.lower()]\n"
            "        if said:\n"
            '            return failed(f"the answer says {said}")\n'
            '        return passed("the answer says none of the phrases")\n'
        )
    else:
        constants = f"LIMIT = {d.limit}\nUNIT = {d.unit!r}\n"
        body = (
            "        size = _size(ctx.output)\n"
            "        if size >= LIMIT:\n"
            '            return failed(f"the answer has {size} {UNIT} (the mode starts at '
            '{LIMIT})")\n'
            '        return passed(f"the answer has {size} {UNIT}")\n'
        )
    helper = ""
    if d.kind == "length":
        helper = (
            "\n\ndef _size(text: str) -> int:\n"
            '    if UNIT == "words":\n'
            "        return len(text.split())\n"
            '    if UNIT == "characters":\n'
            "        return len(text)\n"
            '    if UNIT == "paragraphs":\n'
            '        return len([p for p in re.split(r"\\n\\s*\\n", text) if p.strip()])\n'
            '    return len([s for s in re.split(r"(?<=[.!?])\\s+", text) if s.strip()])\n'
        )
    imports = "import re\n\n" if d.kind == "length" else ""
    notes = "\n".join(_note_lines(mode, "# "))
    return (
        f'"""A deterministic check for {_header(mode, run_id)}.\n\n'
        f"Made by `fourfold notes skeleton`. Rule: {d.rule}.\n\n"
        "Read it and adjust it, then list this file under the suite's `imports:` and add\n"
        f"`- {name}: {{}}` to its `checks:`.\n"
        '"""\n\n'
        "# The mode's notes, in their authors' words:\n"
        f"{notes}\n\n"
        f"{imports}"
        "from fourfold.checks import CheckContext, CheckFn, Verdict, check, failed, passed\n\n"
        f"{constants}\n\n"
        f'@check(layer="{layer}")\n'
        f"def {name}() -> CheckFn:\n"
        f'    """The answer does not show the failure mode {mode.name!r}."""\n\n'
        "    def run(ctx: CheckContext) -> Verdict:\n"
        f"{body}\n"
        "    return run\n"
        f"{helper}"
    )


_GROUNDING = re.compile(r"invent|made up|make up|hallucinat|not in the|cite|source|passage", re.I)
_POLICY = re.compile(r"promis|authori[sz]|rude|blame|tone|phone|e-?mail|personal|polic", re.I)


def _criterion_text(mode: FailureMode, run_id: str, name: str) -> str:
    texts = " ".join(n.text for n in mode.notes)
    layer = (
        "grounding"
        if _GROUNDING.search(texts)
        else "policy"
        if _POLICY.search(texts)
        else "outcome"
    )
    seen = "; ".join(" ".join(n.text.split()) for n in mode.notes)
    data = {
        "name": name,
        "layer": layer,
        "description": f"Is the answer free of the failure mode '{mode.name}'?",
        "scale": [0, 2],
        "pass_at": 2,
        "inputs": ["input", "output"],
        "anchors": {
            2: f"No sign of '{mode.name}': nothing like the notes below happens.",
            1: f"A slight or doubtful case of '{mode.name}' (draft: say where the line is).",
            0: f"The answer shows '{mode.name}', as the notes saw it: {seen}",
        },
    }
    notes = "\n".join(_note_lines(mode, "# "))
    head = (
        f"# A criterion for {_header(mode, run_id)}.\n"
        "# Made by `fourfold notes skeleton`: no tool, quoted phrase or size in the notes lets\n"
        "# code decide this mode, so a judge must. The anchors are DRAFTS from the notes:\n"
        "# rewrite each in the words that separate the scores, check the layer, then use it\n"
        f"# as `- rubric: {{criterion: {name}.yaml}}` and calibrate it against labels.\n"
        "#\n# The mode's notes, in their authors' words:\n"
        f"{notes}\n"
    )
    body = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=88)
    return head + body
