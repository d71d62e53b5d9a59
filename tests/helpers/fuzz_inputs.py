"""Valid user files, hostile mutations of them, and running the real CLI on the result.

Every test of this folder starts from a small valid project (a suite naming two case
files, a CSV resource and a criterion file; a label file; trace files in each import
format), breaks one file with a hypothesis-generated mutation, runs the ``fourfold``
command that reads it (in-process through click's runner), and asserts what the issue
asks of bad input: exit 0 (the mutation left the file valid) or 2, never a traceback, a
message naming the file, in bounded time and memory.
"""

from __future__ import annotations

import json
import os
import time
import tracemalloc
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st

from fourfold._cli import cli

FIXTURE = Path(__file__).parent.parent / "fixtures" / "otlp_support_agent.json"

MAX_SECONDS = 15.0
"""The most one command may take on a mutated file (generous: the machine is shared)."""
MAX_PEAK_BYTES = 256 * 2**20
"""The most memory (traced allocations) one command may use on a mutated file."""


def fuzz_settings(examples: int) -> settings:
    """Settings for a fuzz test: `examples` examples (times FOURFOLD_FUZZ_SCALE), no saved
    database (nothing written into the repository), derandomized unless FOURFOLD_FUZZ_SEED
    asks for fresh examples, and a per-example deadline."""
    scale = float(os.environ.get("FOURFOLD_FUZZ_SCALE", "1"))
    return settings(
        max_examples=max(1, int(examples * scale)),
        deadline=None,  # timed by `run_cli` itself, with the machine's load in mind
        database=None,
        derandomize="FOURFOLD_FUZZ_SEED" not in os.environ,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        # No explain phase: its line tracer, over whole CLI runs, grew to gigabytes.
        phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink],
    )


# ----------------------------------------------------------------------- valid files

CRITERION = """\
name: tone
layer: outcome
description: Is the reply polite?
scale: [0, 3]
anchors:
  0: Rude.
  1: Curt.
  2: Polite.
  3: Warm and polite.
"""

SUITE = """\
name: fuzz
agent: {python: "agent:answer"}
cases: [cases.jsonl, more.yaml, extra.csv]
repeats: 2
seed: 7
resources:
  catalog: {path: catalog.csv, key: sku}
models:
  judge: openai/gpt-4.1-mini
checks:
  - contains: {phrases: [ok]}
  - check: max_length
    args: {words: 50}
  - rubric: {criterion: crit.yaml, model: judge}
gate:
  outcome: {min_pass_rate: 0.5}
"""

CASES_JSONL = (
    '{"id": "c1", "input": "hello", "expected": "greets", "strata": {"kind": "a"}}\n'
    '{"id": "c2", "input": "refund O-1", "context": {"order": "O-1"}, "tags": ["x"]}\n'
)
CASES_YAML = """\
- id: y1
  input: "how are you?"
  metadata: {source: yaml, n: 3}
- id: y2
  input: bye
  ground_truth: [1, 2]
"""
CASES_CSV = 'id,input,context,tags,category\nv1,"hi, there","{""a"": 1}",x;y,easy\nv2,yo,,,hard\n'
CATALOG_CSV = "sku,name,price\nA1,Widget,10\nB2,Gadget,12.5\n"
AGENT = 'def answer(case):\n    return "ok"\n'

PROJECT = {
    "suite.yaml": SUITE,
    "cases.jsonl": CASES_JSONL,
    "more.yaml": CASES_YAML,
    "extra.csv": CASES_CSV,
    "catalog.csv": CATALOG_CSV,
    "crit.yaml": CRITERION,
    "agent.py": AGENT,
}
"""The files of the valid project `fourfold validate suite.yaml` accepts."""

LABELS_CSV = (
    "case_id,criterion,labeller,value,repeat,note\n"
    "c1,grounding,ann,2,0,fine\n"
    "c2,rubric:grounding,bob,3,,\n"
    "c3,grounding,ann,,,not yet\n"
)
LABELS_JSONL = (
    '{"case_id": "c1", "criterion": "grounding", "labeller": "ann", "value": 2, "repeat": 0}\n'
    '{"case_id": "c2", "criterion": "outcome", "labeller": "bob", "value": 1, "note": "ok"}\n'
)


def tau_bench_records() -> list[dict[str, Any]]:
    """Three τ-bench records (two tasks), as τ-bench's runner writes them."""

    def record(task_id: int, trial: int) -> dict[str, Any]:
        return {
            "task_id": task_id,
            "trial": trial,
            "reward": 1.0,
            "info": {
                "task": {
                    "user_id": "u1",
                    "instruction": f"Cancel reservation R{task_id}.",
                    "actions": [{"name": "cancel_reservation", "kwargs": {"id": f"R{task_id}"}}],
                    "outputs": [],
                },
                "source": "user",
            },
            "traj": [
                {"role": "system", "content": "policy"},
                {"role": "user", "content": f"Cancel R{task_id} please."},
                {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [
                        {
                            "id": "t1",
                            "type": "function",
                            "function": {
                                "name": "cancel_reservation",
                                "arguments": json.dumps({"id": f"R{task_id}"}),
                            },
                        }
                    ],
                },
                {
                    "role": "tool",
                    "tool_call_id": "t1",
                    "name": "cancel_reservation",
                    "content": "ok",
                },
                {"role": "assistant", "content": "Done."},
            ],
        }

    return [record(0, 0), record(0, 1), record(1, 0)]


def tau2_results() -> dict[str, Any]:
    """A τ²-bench results file with one task and two simulations."""
    task = {
        "id": "7",
        "user_scenario": {"instructions": {"reason_for_call": "My user id is ann_1."}},
        "evaluation_criteria": {
            "actions": [{"name": "refund", "arguments": {"order": "O1"}}],
            "communicate_info": ["10"],
        },
    }

    def sim(trial: int) -> dict[str, Any]:
        return {
            "id": f"sim-{trial}",
            "task_id": "7",
            "trial": trial,
            "messages": [
                {"role": "user", "content": "Refund O1."},
                {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [{"id": "a", "name": "refund", "arguments": {"order": "O1"}}],
                    "usage": {"prompt_tokens": 5, "completion_tokens": 2},
                },
                {"role": "tool", "id": "a", "content": '{"amount": 10}'},
                {"role": "assistant", "content": "Refunded 10."},
            ],
            "reward_info": {"reward": 1.0},
        }

    return {
        "info": {"environment_info": {"domain_name": "retail", "policy": "Be kind."}},
        "tasks": [task],
        "simulations": [sim(0), sim(1)],
    }


OPENINFERENCE = [
    {
        "name": "agent",
        "context": {"trace_id": "0x01", "span_id": "0x0a"},
        "attributes": {
            "openinference.span.kind": "AGENT",
            "input.value": "What is 2+2?",
            "output.value": "4",
        },
    },
    {
        "name": "llm",
        "context": {"trace_id": "0x01", "span_id": "0x0b"},
        "parent_id": "0x0a",
        "attributes": {
            "openinference.span.kind": "LLM",
            "llm.input_messages.0.message.role": "user",
            "llm.input_messages.0.message.content": "What is 2+2?",
            "llm.output_messages.0.message.role": "assistant",
            "llm.output_messages.0.message.content": "4",
            "llm.token_count.prompt": 5,
        },
    },
]


def trace_files() -> dict[str, bytes]:
    """One valid file of each import format."""
    otlp = FIXTURE.read_bytes()
    spans = json.loads(otlp)
    return {
        "otlp.json": otlp,
        "spans.jsonl": b"".join(json.dumps(s).encode() + b"\n" for s in [spans]),
        "openinference.json": json.dumps(OPENINFERENCE).encode(),
        "gpt-4o-airline.json": json.dumps(tau_bench_records()).encode(),
        "tau2.json": json.dumps(tau2_results()).encode(),
    }


def write_project(root: Path, files: dict[str, str | bytes]) -> None:
    """Write `files` (name → text or bytes) under `root`."""
    for name, content in files.items():
        path = root / name
        if isinstance(content, str):
            path.write_text(content, encoding="utf-8")
        else:
            path.write_bytes(content)


# ----------------------------------------------------------------------- mutations

ALIAS_BOMB = (
    "bomb0: &a0 [x, x, x, x, x, x, x, x, x]\n"
    + "".join(f"bomb{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]\n" for i in range(1, 9))
).encode()
"""A billion laughs: nine levels of nine aliases, 387 million nodes once expanded."""

SNIPPETS: list[bytes] = [
    ALIAS_BOMB,
    b"&x [1, *x]",
    b"*undefined",
    b"[" * 3000,
    b"{" * 3000,
    b"- " * 3000 + b"x",
    b'"\\ud800"',
    b"\\ud800",
    b'"\\udc80 tail"',
    b"\x00",
    b"\xff",
    b"\xc3",
    b"\xef\xbb\xbf",
    b"\xe2\x80\xa8",
    b"\x85",
    b"\x0c",
    b"9" * 5000,
    b"1180591620717411303424",
    b"-1",
    b"1e999",
    b"NaN",
    b"2024-13-45",
    b"!!binary ZZZ",
    b"!!python/object/apply:os.system ['true']",
    b"\t",
    b": ",
    b"\n",
    b"\r\n",
    b'"',
    b"'",
    b"- ",
    b",",
    b'""',
    b"null",
    b"true",
    b"? [a, b]\n: c\n",
    b"<<: *a0\n",
    b"---\n",
    b"%TAG ! tag:x,2002:\n",
    b"x" * 200_000,
    b'"' + b"y" * 140_000 + b'"',
]
"""Bytes that break files in the ways the issue lists, and their neighbours."""


@st.composite
def byte_mutation(draw: st.DrawFn, data: bytes) -> bytes:
    """`data` with one byte-level change: a flip, a cut, a deletion or an insertion."""
    kind = draw(st.sampled_from(["flip", "truncate", "delete", "insert", "insert"]))
    at = draw(st.integers(0, len(data)))
    if kind == "flip" and data:
        at = min(at, len(data) - 1)
        return data[:at] + bytes([draw(st.integers(0, 255))]) + data[at + 1 :]
    if kind == "truncate":
        return data[:at]
    if kind == "delete":
        end = draw(st.integers(at, min(len(data), at + 40)))
        return data[:at] + data[end:]
    snippet = draw(st.sampled_from(SNIPPETS) | st.binary(min_size=1, max_size=8))
    return data[:at] + snippet + data[at:]


HOSTILE_VALUES: list[Any] = [
    None,
    True,
    -1,
    0,
    2**63,
    2**64 + 1,
    10**30,
    1.5e308,
    "",
    "\x00",
    "\ud800",
    "a\udfffb",
    "\u202e\u2066",
    "x" * 150_000,
    [],
    {},
    [[[[[[[[[[[]]]]]]]]]]],
    {"a": {"b": {"c": [1, {"d": None}]}}},
    ["not", "a", "mapping"],
]
"""Values put in place of one node of a parsed file (wrong types, bounds, bad text)."""


def _nodes(data: Any, limit: int = 5000) -> list[tuple[Any, ...]]:
    """Paths to the first `limit` nodes of `data`, breadth first.

    Bounded: YAML aliases share nodes, so an alias bomb parses to a small graph that
    enumerating in full would expand to hundreds of millions of paths.
    """
    out: list[tuple[Any, ...]] = []
    queue: list[tuple[tuple[Any, ...], Any]] = [((), data)]
    while queue and len(out) < limit:
        path, node = queue.pop(0)
        out.append(path)
        if isinstance(node, dict):
            queue.extend(((*path, k), v) for k, v in node.items())
        elif isinstance(node, list):
            queue.extend(((*path, i), v) for i, v in enumerate(node))
    return out


def _replace(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(data, dict):
        return {k: (_replace(v, rest, value) if k == head else v) for k, v in data.items()}
    return [(_replace(v, rest, value) if i == head else v) for i, v in enumerate(data)]


def deep(depth: int) -> Any:
    """A list nested `depth` levels deep."""
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


@st.composite
def value_mutation(draw: st.DrawFn, data: Any) -> Any:
    """`data` (parsed JSON or YAML) with one node replaced by a hostile value."""
    path = draw(st.sampled_from(_nodes(data)))
    value = draw(
        st.sampled_from(HOSTILE_VALUES)
        | st.integers(101, 150).map(deep)  # deeper nesting comes in as bytes (SNIPPETS)
        | st.text(max_size=20)
        | st.integers()
    )
    return _replace(data, path, value)


def dump_json(data: Any, *, lines: bool = False) -> bytes:
    """JSON (one line per item when `lines`) that keeps a lone surrogate as an escape."""
    if lines and isinstance(data, list):
        return b"".join(json.dumps(item).encode() + b"\n" for item in data)
    return json.dumps(data).encode()


def dump_yaml(data: Any) -> bytes:
    """YAML as PyYAML writes it; a lone surrogate as a ``\\ud800`` escape."""
    import yaml

    text = yaml.safe_dump(data, allow_unicode=False, width=1_000_000)
    return text.encode("utf-8", "surrogatepass")


@st.composite
def mutated_file(draw: st.DrawFn, data: bytes, kind: str) -> bytes:
    """`data` (a file of `kind`: json, jsonl, yaml, csv) after one to three mutations."""
    for _ in range(draw(st.integers(1, 3))):
        how = draw(st.sampled_from(["bytes", "bytes", "value", "encoding"]))
        if how == "encoding":
            codec = draw(st.sampled_from(["utf-16", "latin-1", "utf-8-sig"]))
            text = data.decode("utf-8", "replace") + "é"
            data = text.encode(codec, "replace")
        elif how == "value" and kind != "csv" and _shallow(data, kind):
            try:
                parsed = _parse(data, kind)
            except Exception:  # an earlier mutation broke it: mutate the bytes instead
                data = draw(byte_mutation(data))
                continue
            changed = draw(value_mutation(parsed))
            try:
                data = _dump(changed, kind)
            except ValueError:  # NaN and the like the dumper refuses: mutate the bytes
                data = draw(byte_mutation(data))
        else:
            data = draw(byte_mutation(data))
    return data


def _shallow(data: bytes, kind: str) -> bool:
    """Whether the file surely nests too little for parsing it to depend on the stack.

    Generation must not depend on how deep the stack happens to be (hypothesis replays
    an example and expects the same draws), so a file that might nest deeply is only
    mutated byte by byte.
    """
    brackets = max(data.count(b"["), data.count(b"{"))
    if kind != "yaml":
        return brackets < 400
    indent = max((len(ln) - len(ln.lstrip(b" ")) for ln in data.splitlines()), default=0)
    return max(brackets, data.count(b"- "), indent // 2) < 400


def _parse(data: bytes, kind: str) -> Any:
    import yaml

    text = data.decode("utf-8")
    if kind == "jsonl":
        return [json.loads(line) for line in text.splitlines() if line.strip()]
    if kind == "json":
        return json.loads(text)
    return yaml.safe_load(text)


def _dump(data: Any, kind: str) -> bytes:
    if kind == "jsonl":
        return dump_json(data, lines=True)
    if kind == "json":
        return dump_json(data)
    return dump_yaml(data)


# ----------------------------------------------------------------------- running


@dataclass
class Outcome:
    """What one command did."""

    exit_code: int
    output: str
    seconds: float
    peak_bytes: int
    exception: BaseException | None

    @property
    def flat(self) -> str:
        """The output with rich's line wrapping undone (a long path may be folded)."""
        return "".join(self.output.splitlines())


def run_cli(args: list[str], cwd: Path) -> Outcome:
    """Run ``fourfold ARGS`` in-process in `cwd`, timing it and tracing its allocations."""
    runner = CliRunner()
    before = Path.cwd()
    os.chdir(cwd)
    tracemalloc.start()
    started = time.perf_counter()
    try:
        result = runner.invoke(cli, args, catch_exceptions=True)
    finally:
        seconds = time.perf_counter() - started
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        os.chdir(before)
    exception = result.exception if not isinstance(result.exception, SystemExit) else None
    return Outcome(result.exit_code, result.output, seconds, peak, exception)


def assert_handled(outcome: Outcome, *, names: list[str], ok_words: str) -> None:
    """Exit 0 with the success line, or 2 naming one of `names`; no traceback; bounded."""
    assert outcome.exception is None, f"raised {outcome.exception!r}\n{outcome.output}"
    assert outcome.exit_code in (0, 2), f"exit {outcome.exit_code}\n{outcome.output}"
    assert "Traceback" not in outcome.output, outcome.output
    if outcome.exit_code == 0:
        assert ok_words in outcome.output, outcome.output
    else:
        assert "error:" in outcome.output, outcome.output
        assert any(name in outcome.flat for name in names), (
            f"the message names none of {names}:\n{outcome.output}"
        )
    assert outcome.seconds < MAX_SECONDS, f"took {outcome.seconds:.1f} s"
    assert outcome.peak_bytes < MAX_PEAK_BYTES, f"peaked at {outcome.peak_bytes / 2**20:.0f} MiB"
