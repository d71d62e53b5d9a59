"""The secrets of a run: which values they are, and how text, data and trials lose them."""

from __future__ import annotations

import doctest
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from fourfold._cli import cli
from fourfold._secrets import MASK, Redactor, Secret, collect_secrets, looks_secret
from fourfold.cases import Case
from fourfold.checks import CheckResult, Evidence
from fourfold.promote import promote, promoted_cases
from fourfold.runs import Run, Trial
from fourfold.store import Store
from fourfold.trace import Message, ToolCall, Trace

KEY = "sk-test-0a1b2c3d4e5f"
NOW = datetime(2026, 12, 1, tzinfo=UTC)


@pytest.mark.parametrize(
    ("name", "secret"),
    [
        ("OPENAI_API_KEY", True),
        ("GITHUB_TOKEN", True),
        ("AWS_SECRET_ACCESS_KEY", True),
        ("DB_PASSWORD", True),
        ("GOOGLE_APPLICATION_CREDENTIALS", True),
        ("OAUTH_CLIENT_SECRET", True),
        ("AUTH_HEADER", True),
        ("APIKEY", True),
        ("api-key", True),
        ("PIP_KEYRING_PROVIDER", False),
        ("KEYBOARD_LAYOUT", False),
        ("LANG", False),
        ("PATH", False),
        ("XAUTHORITY", False),
    ],
)
def test_names_that_hold_credentials(name: str, secret: bool) -> None:
    assert looks_secret(name) is secret


@pytest.mark.parametrize(
    ("config", "environ", "expected"),
    [
        # the variable a model reads its key from, whatever its name
        (
            {"models": {"j": {"api_key_env": "JUDGE_CRED"}}},
            {"JUDGE_CRED": "c-123456"},
            [Secret("c-123456", "JUDGE_CRED")],
        ),
        # a variable ${...} names anywhere in the configuration
        (
            {"agent": {"http": "x", "headers": {"X-Org": "${ORG}"}}},
            {"ORG": "org-98765"},
            [Secret("org-98765", "ORG")],
        ),
        # of "Bearer <token>", the token: a server may echo it alone
        (
            {"models": {"j": {"headers": {"Authorization": "Bearer lit-abcdef"}}}},
            {},
            [Secret("lit-abcdef", "models.j.headers.Authorization")],
        ),
        # ...unless the token is too short to be one: then the whole value
        (
            {"models": {"j": {"headers": {"Authorization": "Bearer abc"}}}},
            {},
            [Secret("Bearer abc", "models.j.headers.Authorization")],
        ),
        # headers that never carry a credential
        ({"models": {"j": {"headers": {"anthropic-version": "2023-06-01"}}}}, {}, []),
        # an agent's env entry by its name
        (
            {"agent": {"env": {"SERVICE_TOKEN": "svc-7777777", "MODE": "production"}}},
            {},
            [Secret("svc-7777777", "agent.env.SERVICE_TOKEN")],
        ),
        # a URL's password and a query parameter named like a key
        (
            {"agent": {"http": "https://u:pw-999999@h/x?api_key=q-123456&page=200000"}},
            {},
            [Secret("pw-999999", "agent.http"), Secret("q-123456", "agent.http")],
        ),
        ({}, {"DATABASE_URL": "postgres://u:hunter22@db/x"}, [Secret("hunter22", "DATABASE_URL")]),
        # the environment's credentials; a marker already stored is not a value
        ({}, {"GITHUB_TOKEN": "ghp-123456"}, [Secret("ghp-123456", "GITHUB_TOKEN")]),
        ({"models": {"j": {"headers": {"A": "[redacted:OLD]"}}}}, {}, []),
        # short values and paths are never secrets
        ({}, {"MY_TOKEN": "1", "SSH_AUTH_SOCK": "/tmp/ssh/agent.1"}, []),
    ],
)
def test_a_run_s_secrets_and_their_sources(
    config: dict[str, Any], environ: dict[str, str], expected: list[Secret]
) -> None:
    found = Redactor.from_config(config, environ).secrets
    assert sorted(found, key=lambda s: s.value) == sorted(expected, key=lambda s: s.value)


def test_a_value_named_twice_is_marked_by_the_environment_variable() -> None:
    config = {"models": {"j": {"headers": {"Authorization": "Bearer ${K}"}}}}
    assert Redactor.from_config(config, {"K": KEY}).secrets == (Secret(KEY, "K"),)


def test_text_gets_markers_longest_first() -> None:
    redactor = Redactor([Secret("abcdef", "SHORT"), Secret("abcdef-123456", "LONG")])
    assert redactor.text("x abcdef-123456 y abcdef") == "x [redacted:LONG] y [redacted:SHORT]"
    clean = "nothing here"
    assert redactor.text(clean) is clean


def test_data_is_redacted_in_keys_and_values_and_kept_when_clean() -> None:
    redactor = Redactor([Secret(KEY, "K")])
    data = {"a": [1, None, f"k={KEY}"], KEY: {"n": 2.5}, "t": ("x", KEY)}
    assert redactor.data(data) == {
        "a": [1, None, "k=[redacted:K]"],
        "[redacted:K]": {"n": 2.5},
        "t": ("x", "[redacted:K]"),
    }
    clean = {"a": [1, "two"], "b": {"c": None}}
    assert redactor.data(clean) is clean


def test_a_secret_with_json_escapes_is_found() -> None:
    secret = 'p"w\\d\u00e9-12'
    redactor = Redactor([Secret(secret, "PW")])
    assert redactor.data({"x": f"<{secret}>"}) == {"x": "<[redacted:PW]>"}


def _trial(output: str, evidence: list[Evidence]) -> Trial:
    return Trial(
        case_id="c",
        status="ok",
        trace=Trace(
            messages=[Message(role="user", content="hi")],
            tool_calls=[ToolCall(name="t", arguments={"k": KEY}, result={"r": [KEY]})],
            output=output,
        ),
        results=[
            CheckResult(check="x", layer="policy", status="fail", evidence=evidence),
            CheckResult(check="y", layer="outcome", status="pass", explanation=f"saw {KEY}"),
        ],
        started_at=NOW,
        ended_at=NOW,
    )


def test_a_trial_is_redacted_everywhere_and_its_evidence_follows_the_output() -> None:
    output = f"Key {KEY} and again {KEY}; done."
    after = output.index("done")
    inside = output.index(KEY) + 3  # a span that cuts into the first key
    evidence = [
        Evidence(text="done", where="output", start=after, end=after + 4),
        Evidence(text=output[inside : inside + 10], where="output", start=inside, end=inside + 10),
        Evidence(text=f"Key {KEY}", where="output", start=0, end=4 + len(KEY)),
        Evidence(text=f"call {KEY}", where="tool_calls[0]"),
    ]
    redacted = Redactor([Secret(KEY, "K")]).trial(_trial(output, evidence))
    assert redacted.trace is not None
    new_output = redacted.trace.output
    assert new_output == "Key [redacted:K] and again [redacted:K]; done."
    assert redacted.trace.tool_calls[0].arguments == {"k": "[redacted:K]"}
    assert redacted.trace.tool_calls[0].result == {"r": ["[redacted:K]"]}
    assert redacted.results[1].explanation == "saw [redacted:K]"
    done, cut, whole, call = redacted.results[0].evidence
    assert new_output is not None
    assert new_output[done.start : done.end] == done.text == "done"
    # a span inside a secret grows to its whole marker, never keeping part of the key
    assert new_output[cut.start : cut.end] == cut.text == "[redacted:K]"
    assert new_output[whole.start : whole.end] == whole.text == "Key [redacted:K]"
    assert (call.text, call.start) == ("call [redacted:K]", None)


def test_a_clean_trial_is_returned_as_it_is() -> None:
    trial = _trial("nothing to hide", [])
    assert Redactor([Secret("absent-value", "K")]).trial(trial) is trial
    assert Redactor().trial(trial) is trial


def test_restore_puts_single_valued_sources_back() -> None:
    redactor = Redactor([Secret(KEY, "K"), Secret("one-value", "TWO"), Secret("two-value", "TWO")])
    reply = {"text": "quote: [redacted:K]; [redacted:TWO]"}
    assert redactor.restore(redactor.data({"text": f"quote: {KEY}"})) == {"text": f"quote: {KEY}"}
    # a source with two values cannot say which was there
    assert redactor.restore(reply) == {"text": f"quote: {KEY}; [redacted:TWO]"}


def test_display_masks_keep_lengths() -> None:
    redactor = Redactor([Secret(KEY, "K")])
    assert redactor.mask({KEY: [f"x {KEY}"]}) == {MASK * len(KEY): [f"x {MASK * len(KEY)}"]}


def test_the_redactor_never_shows_its_values() -> None:
    redactor = Redactor.from_config({"models": {"j": {"api_key_env": "K"}}}, {"K": KEY})
    assert KEY not in repr(redactor) and KEY not in str(redactor)
    assert "K" in repr(redactor)


def test_collect_secrets_is_the_redactor_s_values() -> None:
    config = {"models": {"j": {"api_key_env": "K", "headers": {"X-Key": "header-value-1"}}}}
    assert collect_secrets(config, {"K": KEY}) == [KEY, "header-value-1"]


def _old_run(store: Store) -> str:
    """A run stored before the store redacted: its trial quotes the key and the header."""
    config = {
        "models": {"j": {"api_key_env": "OLD_KEY", "headers": {"X-Token": "literal-header-77"}}}
    }
    store.create_run(
        Run(
            id="20261101-000000-old001",
            suite="old",
            agent_version="v1",
            config=config,
            package_version="0",
            started_at=NOW,
        )
    )
    store.save_cases("20261101-000000-old001", [Case(id="c", input="What is my key?")])
    failing = CheckResult(
        check="rubric:outcome",
        layer="outcome",
        status="fail",
        explanation=f"it printed {KEY} and literal-header-77",
    )
    trial = _trial(f"the key is {KEY}", []).model_copy(update={"results": [failing]})
    store.save_trial("20261101-000000-old001", trial)
    return "20261101-000000-old001"


def test_promoting_a_run_stored_unredacted_redacts_the_cases_it_writes(tmp_path: Path) -> None:
    target = tmp_path / "promoted.jsonl"
    with Store.open(tmp_path / "runs.db") as store:
        run_id = _old_run(store)
        promote(store, run_id, target, environ={"OLD_KEY": KEY})
        # without the key in the environment, what the stored configuration holds still goes
        _, cases, _ = promoted_cases(store, run_id, environ={})
    written = target.read_text()
    assert "[redacted:OLD_KEY]" in written and "[redacted:models.j.headers.X-Token]" in written
    assert KEY not in written and "literal-header-77" not in written
    (case,) = cases
    assert case.metadata["failures"]["rubric:outcome"].endswith(
        "and [redacted:models.j.headers.X-Token]"
    )


def test_show_masks_a_run_stored_unredacted(tmp_path: Path) -> None:
    db = tmp_path / "runs.db"
    with Store.open(db) as store:
        run_id = _old_run(store)
    runner = CliRunner(env={"OLD_KEY": KEY})
    for extra in (["--json"], ["--case", "c"], ["--case", "c", "--json"], []):
        result = runner.invoke(cli, ["show", run_id, *extra, "--store", str(db)])
        assert result.exit_code in (0, 3), result.output
        assert KEY not in result.output and "literal-header-77" not in result.output
    shown = runner.invoke(cli, ["show", run_id, "--case", "c", "--store", str(db)]).output
    assert "[redacted:OLD_KEY]" in shown


def test_the_module_s_examples_pass() -> None:
    import fourfold._secrets as module
    import fourfold.models._config as config

    for mod in (module, config):
        failures, tried = doctest.testmod(mod, optionflags=doctest.NORMALIZE_WHITESPACE)
        assert tried and failures == 0, mod.__name__
