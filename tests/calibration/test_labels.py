"""Label files: read line by line, every mistake named with its file and line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from fourfold._cli import cli
from fourfold.calibration import Label, import_labels, load_labels
from fourfold.errors import ConfigError
from fourfold.store import Store
from tests.helpers.calibration_builders import CRIT, RUN, judged_trial, store_with_run

HEADER = "case_id,repeat,criterion,labeller,value,note\n"


def write(tmp_path: Path, text: str, name: str = "labels.csv", encoding: str = "utf-8") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding=encoding)
    return path


# Reading files


def test_csv_labels_with_their_lines(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "\ufeff"  # the byte-order mark a spreadsheet's "CSV UTF-8" starts with
        + HEADER
        + 'c1,0,rubric:grounding,ann,3,"quotes the passage,\nword for word"\n'
        + "\n"
        + "c1,0,grounding, bob , 2.0 ,\n"
        + "c2,,rubric:grounding,ann,0,contradicts kb-1\n"
        + "c3,0,rubric:grounding,,,\n",
    )
    labels = load_labels(path, run_id=RUN)
    assert labels == [
        Label(
            run_id=RUN,
            case_id="c1",
            repeat=0,
            criterion=CRIT,
            labeller="ann",
            value=3,
            note="quotes the passage,\nword for word",
            source=f"{path}:2",
        ),
        Label(
            run_id=RUN,
            case_id="c1",
            repeat=0,
            criterion=CRIT,
            labeller="bob",
            value=2,
            source=f"{path}:5",
        ),
        Label(
            run_id=RUN,
            case_id="c2",
            repeat=None,
            criterion=CRIT,
            labeller="ann",
            value=0,
            note="contradicts kb-1",
            source=f"{path}:6",
        ),
    ]


def test_jsonl_labels(tmp_path: Path) -> None:
    rows = [
        {"case_id": "c1", "repeat": 1, "criterion": CRIT, "labeller": "ann", "value": 1},
        {},
        {"case_id": "c2", "criterion": "grounding", "labeller": "bob", "value": "3", "run": "r9"},
        {"case_id": "c3", "criterion": CRIT, "labeller": "", "value": None, "extra": [1]},
    ]
    text = "\n".join("" if not r else json.dumps(r) for r in rows) + "\n"
    labels = load_labels(write(tmp_path, text, "labels.jsonl"))
    assert [(lb.run_id, lb.case_id, lb.repeat, lb.criterion, lb.value) for lb in labels] == [
        (None, "c1", 1, CRIT, 1.0),
        ("r9", "c2", None, CRIT, 3.0),
    ]
    assert labels[1].source is not None and labels[1].source.endswith("labels.jsonl:3")


def test_a_check_of_unknown_scale_takes_any_number(tmp_path: Path) -> None:
    path = write(tmp_path, HEADER + "c1,0,citation_precision,ann,0.37,\n")
    assert [lb.value for lb in load_labels(path)] == [0.37]


def test_a_scale_given_is_checked(tmp_path: Path) -> None:
    path = write(tmp_path, HEADER + "c1,0,rubric:tone,ann,5,\nc2,0,rubric:tone,ann,6,\n")
    with pytest.raises(ConfigError, match=r"off the scale 1-5 of rubric:tone") as caught:
        load_labels(path, scales={"rubric:tone": (1, 5)})
    assert caught.value.line == 3


BAD = [
    pytest.param(
        "case_id,criterion,labeller\nc1,g,ann\n",
        ".csv",
        1,
        "no 'value' column",
        id="no value column",
    ),
    pytest.param("value,note\n1,x\n", ".csv", 1, "no columns", id="no columns"),
    pytest.param("", ".csv", 1, "empty", id="empty csv"),
    pytest.param(
        HEADER + "c1,0,rubric:grounding,ann,good,\n",
        ".csv",
        2,
        "'good' is not a number",
        id="word value",
    ),
    pytest.param(
        HEADER + "c1,0,rubric:grounding,ann,nan,\n", ".csv", 2, "not a number", id="nan value"
    ),
    pytest.param(
        HEADER + "c1,0,rubric:grounding,ann,4,\n",
        ".csv",
        2,
        "4 is off the scale 0-3 of rubric:grounding",
        id="off scale",
    ),
    pytest.param(
        HEADER + "c1,0,grounding,ann,-1,\n", ".csv", 2, "off the scale 0-3", id="below scale"
    ),
    pytest.param(
        HEADER + "c1,0,rubric:grounding,ann,1.5,\n",
        ".csv",
        2,
        "1.5 is off the scale",
        id="between levels",
    ),
    pytest.param(
        HEADER + "c1,first,rubric:grounding,ann,1,\n",
        ".csv",
        2,
        "repeat 'first' is not a whole number",
        id="word repeat",
    ),
    pytest.param(
        HEADER + "c1,-1,rubric:grounding,ann,1,\n", ".csv", 2, "repeat '-1'", id="negative repeat"
    ),
    pytest.param(
        HEADER + "c1,0,rubric:grounding,,1,\n", ".csv", 2, "no labeller", id="no labeller"
    ),
    pytest.param(HEADER + ",0,rubric:grounding,ann,1,\n", ".csv", 2, "no case_id", id="no case"),
    pytest.param(HEADER + "c1,0,,ann,1,\n", ".csv", 2, "no criterion", id="no criterion"),
    pytest.param(
        HEADER + 'c1,0,rubric:grounding,ann,1,"multi\nline"\nc1,0,grounding,ann,2,\n',
        ".csv",
        4,
        "line 2 already labels case 'c1' repeat 0",
        id="duplicate",
    ),
    pytest.param(
        HEADER + 'c1,0,rubric:grounding,ann,1,"open\n',
        ".csv",
        2,
        "not valid CSV",
        id="unclosed quote",
    ),
    pytest.param('{"case_id": "c1"}\n', ".jsonl", 1, "no columns", id="jsonl missing keys"),
    pytest.param(
        '{"case_id": "c1", "criterion": "g", "labeller": "a", "value": 1}\n'
        '{"case_id": "c2", "criterion": "g", "value": 1}\n',
        ".jsonl",
        2,
        "no 'labeller' column",
        id="jsonl missing labeller",
    ),
    pytest.param(
        '{"case_id": "c1", "criterion": "g", "labeller": "a", "value": true}\n',
        ".jsonl",
        1,
        "True is not a number",
        id="jsonl bool",
    ),
    pytest.param("\n{not json\n", ".jsonl", 2, "invalid JSON at column 2", id="bad json"),
    pytest.param("[1, 2]\n", ".jsonl", 1, "expected a JSON object, got list", id="json list"),
]


@pytest.mark.parametrize(("text", "suffix", "line", "message"), BAD)
def test_bad_label_files(tmp_path: Path, text: str, suffix: str, line: int, message: str) -> None:
    path = write(tmp_path, text, "labels" + suffix)
    with pytest.raises(ConfigError, match=message) as caught:
        load_labels(path)
    assert (caught.value.file, caught.value.line) == (str(path), line)
    assert caught.value.hint


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("labels.xlsx", b"PK", "must end in .csv or .jsonl"),
        ("missing.csv", None, "label file not found"),
        ("latin1.csv", (HEADER + "c1,0,g,Zoë,1,\n").encode("latin-1"), "not UTF-8"),
    ],
)
def test_unreadable_label_files(
    tmp_path: Path, name: str, content: bytes | None, message: str
) -> None:
    path = tmp_path / name
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(ConfigError, match=message):
        load_labels(path)


# Importing into the store


@pytest.fixture
def store(tmp_path: Path) -> Store:
    trials = [judged_trial("c1", 3), judged_trial("c1", 2, repeat=1), judged_trial("c2", 0)]
    trials.append(judged_trial("c2", 1, check="rubric:tone", scale=(1, 5)))
    return store_with_run(tmp_path / "runs.db", trials)


def test_import_stores_labels_of_the_run(tmp_path: Path, store: Store) -> None:
    path = write(
        tmp_path,
        "run,case_id,repeat,criterion,labeller,value,note\n"
        f"{RUN[:10]},c1,1,grounding,ann,2,\n"
        f"latest,c2,,rubric:grounding,ann,0,case label\n"
        "20261129,c1,0,grounding,bob,,not yet\n",
    )
    result = import_labels(store, path)
    assert (result.stored, result.skipped, result.runs, result.criteria) == (2, 1, [RUN], [CRIT])
    assert [(lb.case_id, lb.repeat, lb.value) for lb in store.labels(run_id=RUN)] == [
        ("c1", 1, 2.0),
        ("c2", None, 0.0),
    ]


def test_reimporting_replaces(tmp_path: Path, store: Store) -> None:
    import_labels(store, write(tmp_path, HEADER + "c1,0,grounding,ann,1,first\n"), run_id=RUN)
    import_labels(store, write(tmp_path, HEADER + "c1,0,grounding,ann,3,second\n"), run_id=RUN)
    assert [(lb.value, lb.note) for lb in store.labels()] == [(3.0, "second")]


def test_the_run_scale_is_checked(tmp_path: Path, store: Store) -> None:
    ok = write(tmp_path, HEADER + "c2,0,tone,ann,5,\n")
    assert import_labels(store, ok, run_id="latest").criteria == ["rubric:tone"]
    bad = write(tmp_path, HEADER + "c2,0,tone,ann,1,\nc2,0,tone,bob,0,\n")
    with pytest.raises(ConfigError, match="0 is off the scale 1-5 of rubric:tone") as caught:
        import_labels(store, bad, run_id=RUN)
    assert caught.value.line == 3


IMPORT_BAD = [
    pytest.param(
        "run,case_id,criterion,labeller,value\nnope,c1,grounding,ann,1\n",
        None,
        2,
        "no run 'nope'",
        id="unknown run",
    ),
    pytest.param(
        HEADER + "c1,0,outcome,ann,1,\n",
        RUN,
        2,
        "has no result of the check 'outcome'",
        id="criterion not in run",
    ),
    pytest.param(
        HEADER + "c1,0,grounding,ann,1,\nc9,0,grounding,ann,1,\n",
        RUN,
        3,
        "has no case 'c9'",
        id="case not in run",
    ),
    pytest.param(
        HEADER + "c2,1,grounding,ann,1,\n",
        RUN,
        2,
        "no repeat 1 of case 'c2'",
        id="repeat not in run",
    ),
    pytest.param(
        "run,case_id,criterion,labeller,value\nother,c1,grounding,ann,1\n",
        "latest",
        2,
        "no run 'other'",
        id="column run unknown",
    ),
]


@pytest.mark.parametrize(("text", "run", "line", "message"), IMPORT_BAD)
def test_import_refuses_labels_that_do_not_fit_the_run(
    tmp_path: Path, store: Store, text: str, run: str | None, line: int, message: str
) -> None:
    path = write(tmp_path, text)
    with pytest.raises(ConfigError, match=message) as caught:
        import_labels(store, path, run_id=run)
    assert (caught.value.file, caught.value.line) == (str(path), line)
    assert store.labels() == []


def test_a_row_of_another_run_than_asked_is_refused(tmp_path: Path, store: Store) -> None:
    from fourfold.runs import Run
    from tests.helpers.calibration_builders import T0

    store.create_run(
        Run(
            id="20261201-000000-ffffff",
            suite="s",
            agent_version="v",
            package_version="0",
            started_at=T0,
        )
    )
    path = write(tmp_path, "run,case_id,criterion,labeller,value\n20261201,c1,grounding,ann,1\n")
    with pytest.raises(ConfigError, match="imported for run " + RUN) as caught:
        import_labels(store, path, run_id=RUN)
    assert caught.value.line == 2


def test_labels_without_a_run_are_kept_and_counted(tmp_path: Path, store: Store) -> None:
    result = import_labels(store, write(tmp_path, HEADER + "c1,0,grounding,ann,1,\n"))
    assert (result.stored, result.without_run, result.runs) == (1, 1, [])
    assert store.labels()[0].run_id is None


# The command line


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_cli_import_and_list(tmp_path: Path, store: Store) -> None:
    db = str(tmp_path / "runs.db")
    path = write(tmp_path, HEADER + "c1,0,grounding,ann,3,fine\nc1,1,grounding,ann,,\n")
    code, out, err = invoke("labels", "import", str(path), "--run", "latest", "--store", db)
    assert code == 0, err
    assert "stored 1 labels" in out and "1 rows without a value skipped" in out
    code, out, _ = invoke("labels", "list", RUN[:8], "--store", db)
    assert code == 0 and "c1#0" in out and "fine" in out and "labels.csv:2" in out
    code, out, _ = invoke(
        "labels", "list", RUN, "--criterion", "grounding", "--json", "--store", db
    )
    assert [lb["value"] for lb in json.loads(out)] == [3.0]
    code, out, _ = invoke("labels", "list", RUN, "--criterion", "tone", "--store", db)
    assert code == 0 and "no labels" in out


@pytest.mark.parametrize(
    ("text", "where"),
    [
        (HEADER + "c1,0,grounding,ann,lots,\n", "labels.csv:2"),
        ("case_id,value\nc1,1\n", "labels.csv:1"),
        (HEADER + "c1,0,grounding,ann,7,\n", "labels.csv:2"),
    ],
)
def test_cli_import_errors_exit_2_with_file_and_line(
    tmp_path: Path, store: Store, text: str, where: str
) -> None:
    path = write(tmp_path, text)
    code, out, err = invoke(
        "labels", "import", str(path), "--run", RUN, "--store", str(tmp_path / "runs.db")
    )
    assert code == 2
    assert where in err and "hint:" in err
    assert "Traceback" not in out + err
    assert store.labels() == []


def test_cli_import_of_labels_without_a_run_notes_it(tmp_path: Path, store: Store) -> None:
    path = write(tmp_path, HEADER + "c1,0,grounding,ann,3,\n")
    code, _, err = invoke("labels", "import", str(path), "--store", str(tmp_path / "runs.db"))
    assert code == 0 and "name no run" in err
