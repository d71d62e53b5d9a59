"""``fourfold perturb`` end to end; paraphrases against the real local OpenAI-compatible server."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from fourfold._cli import _perturb as command
from fourfold._cli import cli
from fourfold.cases import load_cases
from fourfold.perturb import DEFAULT_RATE, KINDS, variant_of
from tests.helpers.openai_server import OpenAIServer, Reply, chat_reply, error

CASES = [
    {
        "id": "kettle",
        "input": "My kettle from order O-5003 arrived cracked. Refund please?",
        "ground_truth": {"action": "refund"},
    },
    {
        "id": "parcel",
        "input": "Where is my parcel? It was sent last week.",
        "expected": "Says when it arrives",
    },
]


def invoke(*args: str | Path) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["perturb", *map(str, args)], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def cases(tmp_path: Path) -> Path:
    path = tmp_path / "cases.jsonl"
    path.write_text("".join(json.dumps(c) + "\n" for c in CASES), encoding="utf-8")
    return path


def paraphrase(body: dict[str, Any]) -> Reply:
    """Rewrites the message; the kettle case's second variant loses its order id."""
    text = body["messages"][-1]["content"]
    if "O-5003" in text:
        lost = body["seed"] % 2 == 0
        return chat_reply(
            '"Hi, the kettle I got in order '
            + ("O-5030" if lost else "O-5003")
            + ' has a crack. Could you refund it?"'
        )
    weeks = ("a week", "seven days")[body["seed"] % 2]
    return chat_reply(f"Could you tell me where my parcel is? It went out {weeks} ago.")


@pytest.fixture
def server() -> Iterator[OpenAIServer]:
    with OpenAIServer(paraphrase) as running:
        yield running


@pytest.fixture
def suite(tmp_path: Path, server: OpenAIServer) -> Path:
    path = tmp_path / "suite.yaml"
    path.write_text(
        "name: p\nagent: {python: 'agent:run'}\nmodels:\n  writer:\n"
        f"    model: openai-compatible/test-model\n    base_url: {server.base_url}\n"
        "    max_retries: 0\n",
        encoding="utf-8",
    )
    return path


def test_the_same_seed_writes_the_same_file_and_another_seed_another(
    cases: Path, tmp_path: Path
) -> None:
    out = [tmp_path / f"{n}.jsonl" for n in "abc"]
    for path, seed in zip(out, ("5", "5", "6"), strict=True):
        code, stdout, _ = invoke(cases, "-o", path, "--seed", seed, "--rate", "0.1")
        assert code == 0, stdout
    assert out[0].read_bytes() == out[1].read_bytes()
    assert out[0].read_bytes() != out[2].read_bytes()
    written = load_cases(out[0])
    assert [c.id for c in written][:3] == ["kettle", "kettle~typos-1", "kettle~typos-2"]
    assert all("O-5003" in str(c.input) for c in written if c.id.startswith("kettle"))
    code, stdout, _ = invoke(cases, "-o", out[0], "--seed", "5")
    assert "wrote 2 cases" not in stdout


def test_the_summary_counts_variants_per_kind_and_what_was_not_written(
    cases: Path, tmp_path: Path
) -> None:
    code, stdout, _ = invoke(cases, "-o", tmp_path / "o.jsonl", "--kinds", "typos,reorder")
    text = " ".join(stdout.split())
    assert code == 0
    assert "2 originals and 4 variants (4 typos, 0 reorder; seed 0, rate 0.05)" in text
    assert "not written: 4 variants (nothing to reorder)" in text


def test_paraphrases_come_from_the_model_and_one_that_lost_the_id_is_reported_not_written(
    cases: Path, suite: Path, tmp_path: Path, server: OpenAIServer
) -> None:
    out = tmp_path / "p.jsonl"
    code, stdout, stderr = invoke(
        cases, "-o", out, "--kinds", "paraphrase", "--suite", suite, "--seed", "1", "--no-cache"
    )
    assert code == 1
    assert "1 paraphrase failed" in stderr
    assert "kettle #1: the paraphrase lost 'O-5003'" in " ".join(stderr.split())
    written = {c.id: c for c in load_cases(out)}
    assert set(written) == {
        "kettle",
        "kettle~paraphrase-2",
        "parcel",
        "parcel~paraphrase-1",
        "parcel~paraphrase-2",
    }
    variant = written["kettle~paraphrase-2"]
    assert variant.input == "Hi, the kettle I got in order O-5003 has a crack. Could you refund it?"
    assert variant.ground_truth == {"action": "refund"}
    assert variant_of(variant) == ("kettle", "paraphrase")
    assert variant.metadata["perturbation"]["model"] == "openai-compatible/test-model"
    bodies = [r.json for r in server.requests]
    assert len(bodies) == 4
    assert all(b["temperature"] == 0.7 and b["max_tokens"] for b in bodies)  # the output cap
    assert "'O-5003'" in bodies[0]["messages"][0]["content"]  # told what to keep


def test_a_failing_call_is_a_reported_paraphrase_not_a_crash(
    cases: Path, suite: Path, tmp_path: Path, server: OpenAIServer
) -> None:
    server.handler = lambda body: error(500, "overloaded")
    out = tmp_path / "p.jsonl"
    code, _, stderr = invoke(
        cases, "-o", out, "--kinds", "case,paraphrase", "--n", "1", "--suite", suite, "--no-cache"
    )
    assert code == 1
    assert "2 paraphrases failed" in stderr and "the call failed" in stderr
    assert [c.id for c in load_cases(out)] == ["kettle", "kettle~case-1", "parcel", "parcel~case-1"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["{cases}", "-o", "{tmp}/o.jsonl", "--kinds", "typo,case"],
            "unknown perturbation 'typo' hint: did you mean 'typos'?",
        ),
        (["{cases}", "-o", "{tmp}/o.jsonl", "--kinds", ","], "--kinds names no perturbation"),
        (["{cases}", "-o", "{tmp}/o.jsonl", "--rate", "0"], "Invalid value for '--rate'"),
        (["{cases}", "-o", "{tmp}/o.jsonl", "--rate", "1.5"], "Invalid value for '--rate'"),
        (["{bad}", "-o", "{tmp}/o.jsonl"], "bad.jsonl:2"),
        (["{tmp}/none.jsonl", "-o", "{tmp}/o.jsonl"], "none.jsonl"),
        (["{cases}", "-o", "{tmp}/o.jsonl", "--kinds", "paraphrase"], "paraphrase needs a model"),
        (
            ["{cases}", "-o", "{tmp}/o.jsonl", "--suite", "{suite}"],
            "paraphrase is not among --kinds",
        ),
        (["{cases}", "-o", "{cases}", "--overwrite"], "-o is the cases file itself"),
        (["{cases}", "-o", "{cases}"], "the output exists"),
        (
            ["{cases}", "-o", "{tmp}/o.yaml"],
            "the variants are written as JSONL hint: name the output o.jsonl",
        ),
    ],
)
def test_bad_input_exits_2_with_what_is_wrong_and_no_traceback(
    cases: Path, suite: Path, tmp_path: Path, server: OpenAIServer, args: list[str], message: str
) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "a", "input": "x"}\n{"id": "b", "inptu": "y"}\n', encoding="utf-8")
    values = {"tmp": tmp_path, "cases": cases, "bad": bad, "suite": suite}
    code, stdout, stderr = invoke(*(a.format(**values) for a in args))
    assert code == 2
    assert message in " ".join((stdout + stderr).split())
    assert "Traceback" not in stdout + stderr
    assert server.requests == []
    assert not (tmp_path / "o.jsonl").exists()


def test_the_help_constants_are_the_library_s() -> None:
    assert command.KINDS == KINDS
    assert command.DEFAULT_RATE == DEFAULT_RATE


def test_the_committed_example_is_what_the_documented_command_writes(tmp_path: Path) -> None:
    example = Path(__file__).parents[2] / "examples" / "support"
    out = tmp_path / "cases.perturbed.jsonl"
    code, _, _ = invoke(
        example / "cases.jsonl", "-o", out, "--kinds", "typos,case,whitespace",
        "--n", "1", "--seed", "7", "--rate", "0.05",
    )  # fmt: skip
    assert code == 0
    assert out.read_bytes() == (example / "cases.perturbed.jsonl").read_bytes()
