"""``fourfold notes skeleton``: a mode becomes a working check where code can decide it
(a tool, a quoted phrase, a size in the notes), else a criterion the loader accepts."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from fourfold.cases import Case
from fourfold.checks import CheckContext
from fourfold.judges import Criterion, load_criterion
from fourfold.notes import FailureMode, decide, identifier, skeleton_for
from fourfold.runs import Note
from fourfold.store import Store
from fourfold.trace import ToolCall, Trace
from tests.notes.notes_builders import RUN, invoke, make_store

TOOLS = {"search_kb", "lookup_account"}


def _mode(name: str, *texts: str) -> FailureMode:
    notes = tuple(
        Note(run_id=RUN, case_id=f"c{i}", text=t, author="ana", mode=name, id=i)
        for i, t in enumerate(texts, start=1)
    )
    return FailureMode(name, notes)


def _load(path: Path, name: str):  # type: ignore[no-untyped-def]
    """Import the generated module under a fresh name and build its check."""
    spec = importlib.util.spec_from_file_location(f"skeleton_{path.stem}_{id(path)}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return getattr(module, name)()


def _verdict(check, trace: Trace) -> str:  # type: ignore[no-untyped-def]
    result = check.run(CheckContext(case=Case(id="c", input="q"), trace=trace))
    return str(result.status)


@pytest.mark.parametrize(
    ("texts", "kind", "rule"),
    [
        (("looped on search kb three times", "search_kb 4 times in a row"), "tool", "3 times"),
        (("answered without lookup_account",), "tool", "never calls lookup_account"),
        (("called lookup_account for a guest",), "tool", "fails when the agent calls"),
        (('said "guaranteed refund"', "promised “within 24 hours”"), "phrase", "'guaranteed"),
        (("four paragraphs, nobody reads it", "1,200 characters"), "length", "4 paragraphs"),
        (("the tone was condescending",), "judgement", "needs a judge"),
    ],
)
def test_the_rule_names_what_made_the_mode_decidable(
    texts: tuple[str, ...], kind: str, rule: str
) -> None:
    decision = decide(_mode("m", *texts), TOOLS)
    assert decision.kind == kind and rule in decision.rule


def test_identifiers_are_python_names() -> None:
    assert identifier("3 times: looped!") == "mode_3_times_looped"
    assert identifier("¿¡") == "failure_mode"


def test_a_tool_mode_becomes_a_check_that_fails_the_looping_trace(tmp_path: Path) -> None:
    mode = _mode(
        "looped on search", "looped on search_kb three times", "search_kb again\nand again"
    )
    skeleton = skeleton_for(mode, RUN, TOOLS)
    assert skeleton.kind == "check"
    assert "# - c2#0 (ana): search_kb again\n#   and again" in skeleton.text
    path = tmp_path / "looped.py"
    path.write_text(skeleton.text)
    check = _load(path, "looped_on_search")
    assert check.layer == "trajectory"
    looping = Trace(output="x", tool_calls=[ToolCall(name="search_kb")] * 3)
    assert _verdict(check, looping) == "fail"
    assert _verdict(check, Trace(output="x", tool_calls=[ToolCall(name="search_kb")] * 2)) == "pass"


def test_phrase_and_length_modes_become_checks_that_decide(tmp_path: Path) -> None:
    phrase = skeleton_for(_mode("promised", 'said "Guaranteed refund" to a guest'), RUN, TOOLS)
    (tmp_path / "promised.py").write_text(phrase.text)
    check = _load(tmp_path / "promised.py", "promised")
    assert _verdict(check, Trace(output="A guaranteed refund!")) == "fail"
    assert _verdict(check, Trace(output="We will look into it.")) == "pass"

    length = skeleton_for(_mode("too long", "three paragraphs for a yes"), RUN, TOOLS)
    (tmp_path / "too_long.py").write_text(length.text)
    check = _load(tmp_path / "too_long.py", "too_long")
    assert _verdict(check, Trace(output="a\n\nb\n\nc")) == "fail"
    assert _verdict(check, Trace(output="a\n\nb")) == "pass"


def test_a_judgement_mode_becomes_a_criterion_with_the_notes_as_anchors(tmp_path: Path) -> None:
    mode = _mode("invented policy", "invented policy number 4.7", "made up a: 60-day window")
    skeleton = skeleton_for(mode, RUN, TOOLS)
    assert skeleton.kind == "criterion"
    path = tmp_path / "invented.yaml"
    path.write_text(skeleton.text)
    criterion = load_criterion(path)
    assert isinstance(criterion, Criterion)
    assert criterion.name == "invented_policy" and criterion.layer == "grounding"
    assert "made up a: 60-day window" in criterion.anchors[0]
    assert "# - c1#0 (ana): invented policy number 4.7" in skeleton.text


@pytest.fixture
def db(tmp_path: Path) -> str:
    target = str(tmp_path / "runs.db")
    make_store(target)
    with Store.open(target) as store:
        for case, text, mode in [
            ("c1", "looped on search kb three times", "looped"),
            ("c2", "the tone was condescending", "tone"),
        ]:
            store.add_note(Note(run_id=RUN, case_id=case, text=text, author="ana", mode=mode))
    return target


def test_the_command_writes_the_file_of_the_right_kind(db: str, tmp_path: Path) -> None:
    out = " ".join(
        invoke(
            "notes", "skeleton", RUN, "looped", "-o", str(tmp_path / "l.py"), "--store", db
        ).split()
    )
    assert "wrote a deterministic check" in out and "search_kb" in out
    assert '@check(layer="trajectory")' in (tmp_path / "l.py").read_text()
    out = " ".join(
        invoke(
            "notes", "skeleton", RUN, "tone", "-o", str(tmp_path / "t.py"), "--store", db
        ).split()
    )
    assert "wrote t.yaml rather than t.py" in out
    # Both files go into a suite as they are: `fourfold validate` accepts it.
    (tmp_path / "agent.py").write_text("def agent(case):\n    return 'ok'\n")
    (tmp_path / "cases.yaml").write_text("- {id: c1, input: hi}\n")
    (tmp_path / "suite.yaml").write_text(
        "name: skeletons\nagents:\n  v1: {python: 'agent:agent'}\ncases: cases.yaml\n"
        "imports: [l.py]\nmodels:\n  judge: {model: ollama/llama3.1}\n"
        "checks:\n  - looped: {}\n  - rubric: {criterion: t.yaml}\n"
    )
    out = invoke("validate", str(tmp_path / "suite.yaml"))
    assert " ".join(out.split()).startswith("ok ") and "2 checks" in out


def test_an_unknown_mode_or_an_existing_file_is_refused(db: str, tmp_path: Path) -> None:
    out = invoke(
        "notes", "skeleton", RUN, "nope", "-o", str(tmp_path / "x.py"), "--store", db, code=2
    )
    assert "no failure mode 'nope'" in out and "'looped', 'tone'" in out
    (tmp_path / "l.py").write_text("keep me")
    out = invoke(
        "notes", "skeleton", RUN, "looped", "-o", str(tmp_path / "l.py"), "--store", db, code=2
    )
    assert "exists already" in out and (tmp_path / "l.py").read_text() == "keep me"
    invoke(
        "notes", "skeleton", RUN, "looped", "-o", str(tmp_path / "l.py"), "--force", "--store", db
    )
    assert "keep me" not in (tmp_path / "l.py").read_text()
