"""Each bad input issue #9 names, and its siblings, through the real CLI: exit 2 with the
file, line and what to do, within bounded time and memory; never a traceback."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from fourfold import _records
from tests.helpers.fuzz_inputs import (
    ALIAS_BOMB,
    CASES_JSONL,
    FIXTURE,
    LABELS_CSV,
    LABELS_JSONL,
    PROJECT,
    Outcome,
    assert_handled,
    run_cli,
    tau_bench_records,
    write_project,
)


def validate(root: Path, **files: str | bytes) -> Outcome:
    write_project(root, {**PROJECT, **files})
    return run_cli(["validate", "suite.yaml"], root)


def refused(outcome: Outcome, where: str, *words: str) -> None:
    """Exit 2, the message at `where` (``file`` or ``file:line``), with `words`."""
    assert_handled(outcome, names=[where], ok_words="(not accepted)")
    assert outcome.exit_code == 2, outcome.output
    for word in words:
        assert word in outcome.flat, outcome.output


# ------------------------------------------------------------------ YAML alias bombs


def test_an_alias_bomb_in_the_suite_is_refused_at_its_line(tmp_path: Path) -> None:
    outcome = validate(tmp_path, **{"suite.yaml": PROJECT["suite.yaml"] + ALIAS_BOMB.decode()})
    refused(outcome, "suite.yaml:22", "expands to more than 200,000 nodes", "aliases")
    assert outcome.peak_bytes < 64 * 2**20


def test_an_alias_bomb_in_check_args_is_refused(tmp_path: Path) -> None:
    bomb = "".join("    " + line + "\n" for line in ALIAS_BOMB.decode().splitlines())
    suite = PROJECT["suite.yaml"].replace(
        "  - contains: {phrases: [ok]}\n", "  - contains:\n    phrases: [ok]\n" + bomb
    )
    outcome = validate(tmp_path, **{"suite.yaml": suite})
    refused(outcome, "suite.yaml:", "expands to more than")
    assert outcome.peak_bytes < 64 * 2**20


def test_an_alias_bomb_in_a_cases_file_is_refused(tmp_path: Path) -> None:
    bomb = "\n".join("  " + line for line in ALIAS_BOMB.decode().splitlines())
    cases = f"- id: bomb\n  input: hi\n  metadata:\n{bomb}\n"
    outcome = validate(tmp_path, **{"more.yaml": cases})
    refused(outcome, "more.yaml:", "expands to more than")
    assert outcome.peak_bytes < 64 * 2**20


def test_too_many_aliases_and_a_recursive_alias_are_refused(tmp_path: Path) -> None:
    many = "- id: m\n  input: &a hi\n  tags: [" + ", ".join(["*a"] * 1001) + "]\n"
    refused(validate(tmp_path, **{"more.yaml": many}), "more.yaml:3", "more than 1000 aliases")
    loop = "- id: m\n  input: hi\n  metadata: &m {self: *m}\n"
    refused(validate(tmp_path, **{"more.yaml": loop}), "more.yaml:3", "a cycle")


# ------------------------------------------------------------------ encodings


def test_a_suite_that_is_not_utf8_names_the_line_and_byte(tmp_path: Path) -> None:
    suite = PROJECT["suite.yaml"].replace("name: fuzz", "name: caf\xe9").encode("latin-1")
    refused(validate(tmp_path, **{"suite.yaml": suite}), "suite.yaml:1", "byte 9 (0xe9)", "UTF-8")


def test_a_criterion_file_that_is_not_utf8_is_named(tmp_path: Path) -> None:
    crit = PROJECT["crit.yaml"].replace("Rude.", "Grossi\xe8re.").encode("latin-1")
    refused(validate(tmp_path, **{"crit.yaml": crit}), "crit.yaml:6", "not UTF-8")


def test_a_utf16_file_is_named_as_such(tmp_path: Path) -> None:
    refused(
        validate(tmp_path, **{"cases.jsonl": CASES_JSONL.encode("utf-16")}),
        "cases.jsonl:1",
        "UTF-16",
    )


@pytest.mark.parametrize(
    "name", ["suite.yaml", "cases.jsonl", "more.yaml", "extra.csv", "crit.yaml"]
)
def test_a_byte_order_mark_is_accepted_in_every_file(tmp_path: Path, name: str) -> None:
    outcome = validate(tmp_path, **{name: b"\xef\xbb\xbf" + PROJECT[name].encode()})
    assert outcome.exit_code == 0, outcome.output


@pytest.mark.parametrize(
    ("name", "text"), [("labels.csv", LABELS_CSV), ("labels.jsonl", LABELS_JSONL)]
)
def test_a_label_file_with_a_byte_order_mark_is_accepted(
    tmp_path: Path, name: str, text: str
) -> None:
    (tmp_path / name).write_bytes(b"\xef\xbb\xbf" + text.encode())
    outcome = run_cli(["labels", "import", name, "--store", "runs.db"], tmp_path)
    assert outcome.exit_code == 0, outcome.output


def test_a_trace_file_with_a_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    (tmp_path / "t.json").write_bytes(b"\xef\xbb\xbf" + FIXTURE.read_bytes())
    (tmp_path / "t.jsonl").write_bytes(
        b"\xef\xbb\xbf" + FIXTURE.read_bytes().replace(b"\n", b"") + b"\n"
    )
    for name in ("t.json", "t.jsonl"):
        outcome = run_cli(["import", name, "-o", "out.jsonl"], tmp_path)
        assert outcome.exit_code == 0, outcome.output


def test_a_line_separator_inside_a_jsonl_string_is_not_a_line_break(tmp_path: Path) -> None:
    cases = '{"id": "c1", "input": "one\u2028two\x85three"}\n{"id": "c2", "input": "x"}\n'
    outcome = validate(tmp_path, **{"cases.jsonl": cases})
    assert outcome.exit_code == 0, outcome.output
    broken = cases + '{"id": "c3", "input": \n'
    refused(validate(tmp_path, **{"cases.jsonl": broken}), "cases.jsonl:3", "invalid JSON")


# ------------------------------------------------------------------ nesting


@pytest.mark.parametrize(
    ("name", "text", "where"),
    [
        (
            "more.yaml",
            "- id: d\n  input: hi\n  metadata: {x: " + "[" * 2500 + "]" * 2500 + "}\n",
            "more.yaml:3",
        ),
        (
            "more.yaml",
            "- id: d\n  input: hi\n  metadata:\n"
            + "".join("  " * (i + 2) + f"k{i}:\n" for i in range(2100)),
            "more.yaml:",
        ),
        (
            "cases.jsonl",
            CASES_JSONL
            + '{"id": "d", "input": "hi", "context": {"x": '
            + "[" * 2500
            + "]" * 2500
            + "}}\n",
            "cases.jsonl:3",
        ),
        (
            "suite.yaml",
            PROJECT["suite.yaml"] + "description: " + "[" * 2500 + "]" * 2500 + "\n",
            "suite.yaml:17",
        ),
    ],
    ids=["yaml-flow", "yaml-block", "jsonl", "suite"],
)
def test_nesting_thousands_deep_is_refused_at_its_line(
    tmp_path: Path, name: str, text: str, where: str
) -> None:
    refused(validate(tmp_path, **{name: text}), where, "nested more than 100 levels deep")


def test_a_json_case_file_nested_too_deep_names_line_and_column(tmp_path: Path) -> None:
    cases = '[\n  {"id": "d", "input": "hi",\n   "context": ' + "[" * 3000 + "]" * 3000 + "}\n]\n"
    write_project(tmp_path, {"cases.json": cases})
    suite = PROJECT["suite.yaml"].replace("cases.jsonl", "cases.json")
    refused(
        validate(tmp_path, **{"suite.yaml": suite, "cases.json": cases}),
        "cases.json:3",
        "column 113",
    )


# ------------------------------------------------------------------ CSV fields


def test_a_csv_field_over_131072_characters_is_read(tmp_path: Path) -> None:
    big = "x" * 200_000
    outcome = validate(tmp_path, **{"extra.csv": f"id,input\nv1,{big}\nv2,short\n"})
    assert outcome.exit_code == 0, outcome.output


def test_a_csv_field_over_the_limit_is_refused_at_its_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_records, "CSV_FIELD_LIMIT", 1000)
    outcome = validate(tmp_path, **{"extra.csv": f"id,input\nv1,ok\nv2,{'x' * 2000}\n"})
    refused(outcome, "extra.csv:3", "field larger than field limit (1000)", "1,000 characters")


def test_a_short_csv_row_leaves_its_last_fields_out(tmp_path: Path) -> None:
    outcome = validate(tmp_path, **{"extra.csv": "id,input,context,tags\nv1,hello\n"})
    assert outcome.exit_code == 0, outcome.output


# ------------------------------------------------------------------ numbers


def test_a_seed_the_store_cannot_hold_is_refused_at_its_line(tmp_path: Path) -> None:
    suite = PROJECT["suite.yaml"].replace("seed: 7", "seed: 1180591620717411303424")
    refused(validate(tmp_path, **{"suite.yaml": suite}), "suite.yaml:5", "seed", "2^63 - 1")
    negative = PROJECT["suite.yaml"].replace("seed: 7", "seed: -1")
    refused(
        validate(tmp_path, **{"suite.yaml": negative}), "suite.yaml:5", "greater than or equal to 0"
    )


def test_the_largest_seed_is_run_and_stored(tmp_path: Path) -> None:
    write_project(
        tmp_path, {"suite.yaml": RUN_SUITE.replace("seed: 0", f"seed: {2**63 - 1}"), **RUN_FILES}
    )
    outcome = run_cli(["run", "suite.yaml", "--store", "runs.db"], tmp_path)
    assert outcome.exit_code == 0, outcome.output
    with sqlite3.connect(tmp_path / "runs.db") as db:
        assert db.execute("select seed, status from runs").fetchall() == [(2**63 - 1, "finished")]


def test_a_seed_option_out_of_range_is_refused(tmp_path: Path) -> None:
    write_project(tmp_path, {"suite.yaml": RUN_SUITE, **RUN_FILES})
    outcome = run_cli(["run", "suite.yaml", "--store", "runs.db", "--seed", str(2**64)], tmp_path)
    assert outcome.exit_code == 2 and "--seed" in outcome.output
    assert not (tmp_path / "runs.db").exists()


@pytest.mark.parametrize(
    ("name", "text", "where", "words"),
    [
        (
            "more.yaml",
            "- id: n\n  input: hi\n  metadata: {n: " + "9" * 5000 + "}\n",
            "more.yaml:3",
            "4300 digits",
        ),
        (
            "cases.jsonl",
            '{"id": "n", "input": "hi", "metadata": {"n": ' + "9" * 5000 + "}}\n",
            "cases.jsonl:1",
            "4,300 digits",
        ),
        (
            "more.yaml",
            "- id: t\n  input: hi\n  metadata: {when: 2024-13-45}\n",
            "more.yaml:3",
            "month must be in 1..12",
        ),
    ],
    ids=["yaml-int", "json-int", "yaml-date"],
)
def test_a_value_python_cannot_build_is_refused_at_its_line(
    tmp_path: Path, name: str, text: str, where: str, words: str
) -> None:
    refused(validate(tmp_path, **{name: text}), where, words)


def test_big_numbers_in_a_case_are_run_and_stored(tmp_path: Path) -> None:
    cases = '{"id": "big", "input": "hi", "metadata": {"n": ' + str(2**70) + ', "f": 1e308}}\n'
    write_project(tmp_path, {"suite.yaml": RUN_SUITE, **RUN_FILES, "cases.jsonl": cases})
    outcome = run_cli(["run", "suite.yaml", "--store", "runs.db"], tmp_path)
    assert outcome.exit_code == 0, outcome.output


# ------------------------------------------------------------------ duplicate keys


@pytest.mark.parametrize(
    ("name", "text", "where", "first"),
    [
        (
            "suite.yaml",
            PROJECT["suite.yaml"].replace("repeats: 2\n", "repeats: 2\nname: other\n"),
            "suite.yaml:5",
            "first on line 1",
        ),
        ("crit.yaml", PROJECT["crit.yaml"] + "scale: [0, 5]\n", "crit.yaml:10", "first on line 4"),
        ("more.yaml", PROJECT["more.yaml"] + "  input: again\n", "more.yaml:7", "first on line 5"),
        ("cases.jsonl", '{"id": "a", "input": "x",\t"id": "b"}\n', "cases.jsonl:1", "column 27"),
    ],
    ids=["suite", "criterion", "cases-yaml", "cases-jsonl"],
)
def test_a_duplicate_key_is_refused_naming_both(
    tmp_path: Path, name: str, text: str, where: str, first: str
) -> None:
    refused(validate(tmp_path, **{name: text}), where, "appears twice", first)


def test_merge_keys_are_not_duplicates(tmp_path: Path) -> None:
    cases = "- &base {id: m1, input: hi, expected: greets}\n- <<: *base\n  id: m2\n"
    assert validate(tmp_path, **{"more.yaml": cases}).exit_code == 0


def test_a_duplicate_key_in_a_json_document_names_both_lines(tmp_path: Path) -> None:
    cases = '[\n {"id": "a",\n  "input": "x"},\n {"id": "b",\n  "input": "y",\n  "id": "c"}\n]\n'
    suite = PROJECT["suite.yaml"].replace("cases.jsonl", "cases.json")
    refused(
        validate(tmp_path, **{"suite.yaml": suite, "cases.json": cases}),
        "cases.json:6",
        "first on line 4",
    )


# ------------------------------------------------------------------ lone surrogates


@pytest.mark.parametrize(
    ("name", "text", "where"),
    [
        (
            "cases.jsonl",
            CASES_JSONL + '{"id": "s", "input": "bad \\ud800 text"}\n',
            "cases.jsonl:3",
        ),
        ("more.yaml", PROJECT["more.yaml"] + '- id: s\n  input: "bad \\ud800"\n', "more.yaml:8"),
        ("extra.csv", 'id,input,context\nv1,hi,"{""k"": ""\\udc80""}"\n', "extra.csv:2"),
        ("suite.yaml", PROJECT["suite.yaml"] + 'description: "\\udfff"\n', "suite.yaml:17"),
    ],
    ids=["jsonl", "yaml", "csv-json-column", "suite"],
)
def test_a_lone_surrogate_in_a_user_file_is_refused_at_its_line(
    tmp_path: Path, name: str, text: str, where: str
) -> None:
    refused(validate(tmp_path, **{name: text}), where, "surrogate")


def test_a_surrogate_pair_escape_in_json_is_a_character(tmp_path: Path) -> None:
    cases = '{"id": "e", "input": "smile \\ud83d\\ude00"}\n'
    assert validate(tmp_path, **{"cases.jsonl": cases}).exit_code == 0


RUN_SUITE = """\
name: runs
agent: {python: "agent:answer"}
cases: cases.jsonl
seed: 0
checks:
  - contains: {phrases: [ok]}
"""
RUN_FILES = {
    "cases.jsonl": '{"id": "c1", "input": "hello"}\n',
    "agent.py": (
        "def answer(case):\n"
        "    if case.input == 'hello':\n"
        "        return 'ok \\ud800 broken'\n"
        "    return 'ok'\n"
    ),
}


def test_agent_output_with_a_lone_surrogate_is_stored_repaired(tmp_path: Path) -> None:
    write_project(tmp_path, {"suite.yaml": RUN_SUITE, **RUN_FILES})
    outcome = run_cli(["run", "suite.yaml", "--store", "runs.db"], tmp_path)
    assert outcome.exit_code == 0, outcome.output
    with sqlite3.connect(tmp_path / "runs.db") as db:
        assert db.execute("select status from runs").fetchall() == [("finished",)]
        (trace,) = db.execute("select trace from trials").fetchone()
    assert json.loads(trace)["output"] == "ok \ufffd broken"


# ------------------------------------------------------------------ criterion files


def test_an_error_in_a_criterion_file_names_that_file_and_the_suite_line(tmp_path: Path) -> None:
    crit = PROJECT["crit.yaml"].replace("scale: [0, 3]", "scale: [0, 9]")
    outcome = validate(tmp_path, **{"crit.yaml": crit})
    refused(outcome, "crit.yaml:4", "10 levels", "read for the check at suite.yaml:14")


def test_malformed_yaml_in_a_criterion_file_names_that_file(tmp_path: Path) -> None:
    outcome = validate(tmp_path, **{"crit.yaml": PROJECT["crit.yaml"] + "anchors: [\n"})
    refused(outcome, "crit.yaml:11", "read for the check at suite.yaml:14")


# ------------------------------------------------------------------ label files


@pytest.mark.parametrize(
    ("text", "where", "words"),
    [
        (LABELS_CSV.replace(",0,fine", f",{2**40},fine"), "labels.csv:2", "2,147,483,647"),
        (LABELS_CSV.replace("fine", "x" * 200_000), None, None),
    ],
    ids=["huge-repeat", "long-note"],
)
def test_label_csv_bounds(tmp_path: Path, text: str, where: str | None, words: str | None) -> None:
    (tmp_path / "labels.csv").write_text(text, encoding="utf-8")
    outcome = run_cli(["labels", "import", "labels.csv", "--store", "runs.db"], tmp_path)
    if where is None:
        assert outcome.exit_code == 0, outcome.output
    else:
        refused(outcome, where, words or "")


@pytest.mark.parametrize(
    ("line", "words"),
    [
        (
            '{"case_id": "c", "criterion": "grounding", "labeller": "a", "value": 1, "note": '
            + "[" * 3000
            + "]" * 3000
            + "}",
            "nested more than 100",
        ),
        (
            '{"case_id": "c", "criterion": "grounding", "labeller": "a", "value": '
            + "9" * 5000
            + "}",
            "4,300 digits",
        ),
        (
            '{"case_id": "c\\ud800", "criterion": "grounding", "labeller": "a", "value": 1}',
            "surrogate",
        ),
    ],
    ids=["deep", "huge-number", "surrogate"],
)
def test_label_jsonl_bounds(tmp_path: Path, line: str, words: str) -> None:
    (tmp_path / "labels.jsonl").write_text(LABELS_JSONL + line + "\n", encoding="utf-8")
    outcome = run_cli(["labels", "import", "labels.jsonl", "--store", "runs.db"], tmp_path)
    refused(outcome, "labels.jsonl:3", words)


# ------------------------------------------------------------------ imports


def test_tau_bench_error_records_are_skipped_named_and_the_rest_imported(tmp_path: Path) -> None:
    records = tau_bench_records()
    crashed = {
        "task_id": 5,
        "trial": 0,
        "reward": 0.0,
        "info": {"error": "APITimeoutError: Request timed out.", "traceback": "Traceback (most…"},
        "traj": [],
    }
    (tmp_path / "gpt-4o-airline.json").write_text(json.dumps([*records, crashed, "junk"]))
    outcome = run_cli(["import", "gpt-4o-airline.json", "-o", "out.jsonl"], tmp_path)
    assert outcome.exit_code == 0, outcome.output
    assert "imported 3 traces of 2 cases" in outcome.output
    assert "left out 2" in outcome.output
    assert "record 3 (task 5, trial 0): the episode crashed in τ-bench's runner" in outcome.flat
    assert "APITimeoutError: Request timed out." in outcome.output
    assert "record 4: a str, not an object" in outcome.output
    assert "Traceback" not in outcome.output
    lines = (tmp_path / "out.jsonl").read_text().splitlines()
    assert [(json.loads(x)["case_id"], json.loads(x)["repeat"]) for x in lines] == [
        ("task-0", 0),
        ("task-0", 1),
        ("task-1", 0),
    ]


def test_a_tau_bench_file_of_only_error_records_is_refused(tmp_path: Path) -> None:
    crashed = {"task_id": 1, "trial": 0, "info": {"error": "boom", "traceback": "..."}, "traj": []}
    (tmp_path / "gpt-4o-airline.json").write_text(json.dumps([crashed]))
    outcome = run_cli(["import", "gpt-4o-airline.json", "-o", "out.jsonl"], tmp_path)
    refused(outcome, "gpt-4o-airline.json", "no record could be imported", "boom")
    assert not (tmp_path / "out.jsonl").exists()


def test_a_trial_that_repeats_the_task_id_is_renumbered_per_task(tmp_path: Path) -> None:
    records = [dict(r, trial=r["task_id"]) for r in tau_bench_records()]
    records = [dict(r, task_id=i, trial=i) for i, r in enumerate(records)]
    records.append(dict(records[2], trial=2))  # task 2 twice, both "trial 2"
    (tmp_path / "gpt-4o-airline.json").write_text(json.dumps(records))
    outcome = run_cli(["import", "gpt-4o-airline.json", "-o", "out.jsonl"], tmp_path)
    assert outcome.exit_code == 0, outcome.output
    assert "the trial field is not a repeat index" in outcome.flat
    lines = [json.loads(x) for x in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert [(x["case_id"], x["repeat"]) for x in lines] == [
        ("task-0", 0),
        ("task-1", 0),
        ("task-2", 0),
        ("task-2", 1),
    ]
    assert [x["trace"]["metadata"]["trial"] for x in lines] == [0, 1, 2, 2]


def test_trials_that_are_repeat_indices_are_kept(tmp_path: Path) -> None:
    first, second, other = tau_bench_records()  # task 0 trials 0 and 1, task 1 trial 0
    crashed = {"task_id": 0, "trial": 0, "info": {"error": "boom"}, "traj": []}
    (tmp_path / "gpt-4o-airline.json").write_text(json.dumps([crashed, second, other]))
    outcome = run_cli(["import", "gpt-4o-airline.json", "-o", "out.jsonl"], tmp_path)
    assert outcome.exit_code == 0 and "note:" not in outcome.output, outcome.output
    lines = [json.loads(x) for x in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert [(x["case_id"], x["repeat"]) for x in lines] == [("task-0", 1), ("task-1", 0)]


def test_openinference_on_genai_spans_is_refused_naming_what_is_there(tmp_path: Path) -> None:
    outcome = run_cli(
        ["import", str(FIXTURE), "--format", "openinference", "-o", "out.jsonl"], tmp_path
    )
    refused(
        outcome,
        FIXTURE.name,
        "none of the 7 spans is an OpenInference span",
        "gen_ai.* on 7",
        "--format otel",
    )
    assert not (tmp_path / "out.jsonl").exists()


def test_spans_no_format_understands_are_refused(tmp_path: Path) -> None:
    spans = {
        "spans": [
            {
                "name": "GET /",
                "context": {"trace_id": "0x1", "span_id": "0x2"},
                "attributes": {"http.method": "GET"},
            }
        ]
    }
    (tmp_path / "http.json").write_text(json.dumps(spans))
    outcome = run_cli(["import", "http.json", "-o", "out.jsonl"], tmp_path)
    refused(
        outcome, "http.json", "none of the 1 spans is an OpenTelemetry GenAI span", "http.* on 1"
    )


def test_spans_with_gen_ai_attributes_but_no_call_say_why_they_are_refused(
    tmp_path: Path,
) -> None:
    # A tracing tool of its own (here: a model named beside the tool's own attributes) is
    # not a GenAI span for holding gen_ai.request.model: the message says what is missing.
    spans = {
        "spans": [
            {
                "name": "llm",
                "context": {"trace_id": "0x1", "span_id": "0x2"},
                "attributes": {"gen_ai.request.model": "m", "acme.input": "{}"},
            }
        ]
    }
    (tmp_path / "acme.json").write_text(json.dumps(spans))
    outcome = run_cli(["import", "acme.json", "-o", "out.jsonl"], tmp_path)
    refused(outcome, "acme.json", "gen_ai.* on 1", "no gen_ai.operation.name, messages or tool")


def test_a_trace_of_other_spans_is_left_out_and_named(tmp_path: Path) -> None:
    genai = json.loads(FIXTURE.read_text())
    other = {
        "name": "GET /",
        "context": {"trace_id": "0xff", "span_id": "0x2"},
        "attributes": {"http.method": "GET"},
    }
    (tmp_path / "mixed.jsonl").write_text(json.dumps(genai) + "\n" + json.dumps(other) + "\n")
    outcome = run_cli(["import", "mixed.jsonl", "-o", "out.jsonl"], tmp_path)
    assert outcome.exit_code == 0, outcome.output
    assert "imported 2 traces" in outcome.output  # the fixture's two
    assert "trace ff: none of its 1 spans is an OpenTelemetry GenAI span" in outcome.flat


def test_a_tau2_file_with_a_broken_simulation_imports_the_rest(tmp_path: Path) -> None:
    from tests.helpers.fuzz_inputs import tau2_results

    doc = tau2_results()
    doc["simulations"].append({"id": "bad", "task_id": "7", "trial": 2, "messages": ["text"]})
    doc["simulations"].append({"id": "none", "task_id": "7", "trial": 3})
    (tmp_path / "tau2.json").write_text(json.dumps(doc))
    outcome = run_cli(["import", "tau2.json", "-o", "out.jsonl"], tmp_path)
    assert outcome.exit_code == 0, outcome.output
    assert "imported 2 traces" in outcome.output and "left out 2" in outcome.output
    assert "simulation 2 (task 7, trial 2): unreadable (AttributeError" in outcome.flat
    assert "simulation 3 (task 7, trial 3): no messages" in outcome.flat


def test_a_lone_surrogate_in_recorded_traces_is_repaired_and_said(tmp_path: Path) -> None:
    text = FIXTURE.read_text()
    text = text.replace('"support-api"', '"support-api \\ud83d"')  # in the file's JSON
    text = text.replace("Hi! How can I help?", "Hi! \\\\ud83d cut")  # in JSON in a string
    (tmp_path / "cut.json").write_text(text)
    outcome = run_cli(["import", "cut.json", "-o", "out.jsonl"], tmp_path)
    assert outcome.exit_code == 0, outcome.output
    assert "lone surrogate escapes" in outcome.flat and "U+FFFD" in outcome.flat
    written = (tmp_path / "out.jsonl").read_text(encoding="utf-8")
    assert "support-api \ufffd" in written and "Hi! \ufffd cut" in written


def test_a_duplicate_key_in_recorded_traces_is_the_exporters_business(tmp_path: Path) -> None:
    text = FIXTURE.read_text().replace('"kind": 3,', '"kind": 3, "kind": 4,', 1)
    (tmp_path / "dup.json").write_text(text)
    assert run_cli(["import", "dup.json", "-o", "out.jsonl"], tmp_path).exit_code == 0


def test_an_answer_too_deep_to_store_is_an_errored_trial_not_a_failed_run(tmp_path: Path) -> None:
    agent = (
        "from fourfold.trace import Trace\n"
        "def answer(case):\n"
        "    value = []\n"
        "    for _ in range(3000):\n"
        "        value = [value]\n"
        "    return Trace(output='ok', structured={'deep': value})\n"
    )
    write_project(tmp_path, {"suite.yaml": RUN_SUITE, **RUN_FILES, "agent.py": agent})
    outcome = run_cli(["run", "suite.yaml", "--store", "runs.db"], tmp_path)
    # Exit 3: the gate says review, as for any run whose trials errored; not a crash.
    assert outcome.exception is None and outcome.exit_code == 3, outcome.output
    with sqlite3.connect(tmp_path / "runs.db") as db:
        assert db.execute("select status from runs").fetchall() == [("finished",)]
        (status, error) = db.execute("select status, error from trials").fetchone()
    assert status == "error" and "cannot be stored" in error


def test_a_case_or_resource_path_naming_a_folder_is_refused_at_the_suite_line(
    tmp_path: Path,
) -> None:
    suite = PROJECT["suite.yaml"].replace("cases: [cases.jsonl, more.yaml, extra.csv]", "cases: ''")
    refused(validate(tmp_path, **{"suite.yaml": suite}), "suite.yaml:3", "is a folder")
    suite = PROJECT["suite.yaml"].replace("{path: catalog.csv, key: sku}", "{path: ''}")
    refused(validate(tmp_path, **{"suite.yaml": suite}), "suite.yaml:7", "holds no .md files")


def test_a_resource_key_no_record_has_is_refused_at_the_suite_line(tmp_path: Path) -> None:
    suite = PROJECT["suite.yaml"].replace("key: sku", "key: ''")
    refused(validate(tmp_path, **{"suite.yaml": suite}), "suite.yaml:7", "no record has the key")


@pytest.mark.parametrize(
    "name", ["x" * 5000 + ".jsonl", "bad\\0name.jsonl"], ids=["too-long", "nul-byte"]
)
def test_a_path_the_os_cannot_look_up_is_not_found_at_the_suite_line(
    tmp_path: Path, name: str
) -> None:
    suite = PROJECT["suite.yaml"].replace(
        "cases: [cases.jsonl, more.yaml, extra.csv]", f'cases: "{name}"'
    )
    refused(validate(tmp_path, **{"suite.yaml": suite}), "suite.yaml:3", "case file not found")
    crit = PROJECT["suite.yaml"].replace("criterion: crit.yaml", f'criterion: "{name}.yaml"')
    refused(validate(tmp_path, **{"suite.yaml": crit}), "suite.yaml:14", "criterion file not found")
