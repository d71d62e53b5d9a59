"""Text a trace holds as a Python repr is read by one bounded reader that never raises.

Every reader of reprs in the importer goes through ``integrations._literals.python_literal``:
text that is no literal, too long, or built to exhaust the parser (a long run of signs, a deep
expression, an unhashable key) is "not a literal", never a traceback. These cases raised
``MemoryError``, ``RecursionError`` or ``TypeError`` out of the readers that caught only some
of ``ast.literal_eval``'s failures.
"""

from __future__ import annotations

import ast

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fourfold.integrations._error_kinds import typed_error
from fourfold.integrations._literals import LIMIT, UNREAD, python_literal
from fourfold.integrations._messages import Msg
from fourfold.integrations._nonfatal_errors import nonfatal_error
from fourfold.integrations._stop_events import stop_event_answer
from fourfold.integrations._stream_steps import streamed_final_answer
from fourfold.integrations.otel._litellm import literal
from fourfold.integrations.otel._model_str import model_str_fields, python_dict
from fourfold.integrations.otel._shapes import smolagents_message

HOSTILE = [
    "-" * 100_000 + "1",  # MemoryError in the parser
    "~" * 5_000 + "1",  # RecursionError building the tree
    "[" * 300 + "]" * 300,  # too many nested brackets
    "{[1]: 2}",  # a literal the evaluator cannot build: TypeError
    "{{1}: 2}",
    "__import__('os')",  # a call: never evaluated
]


@pytest.mark.parametrize("text", HOSTILE)
def test_no_hostile_text_is_a_literal(text: str) -> None:
    assert python_literal(text) is None
    assert python_literal(text, default=UNREAD) is UNREAD


@pytest.mark.parametrize("text", HOSTILE)
def test_a_smolagents_tool_call_message_of_hostile_text_is_no_call(text: str) -> None:
    history: list[Msg] = []
    smolagents_message("tool-call", f"Calling tools:\n{text}", history)
    assert all(not m.tool_calls for m in history)


@pytest.mark.parametrize("text", HOSTILE)
def test_a_streamed_final_answer_of_hostile_text_is_none(text: str) -> None:
    assert streamed_final_answer(f"FinalAnswerStep(output={text})") is None


@pytest.mark.parametrize("text", HOSTILE)
def test_every_repr_reader_answers_hostile_text_without_raising(text: str) -> None:
    assert nonfatal_error(f"Error running tool (non-fatal): {text}") is None
    assert literal(text) is None
    assert python_dict(text) is None
    assert model_str_fields(f"role={text} content='x'") == {"content": "x"}
    assert typed_error("x", f"ValueError({text})") == "x"
    assert stop_event_answer(f"StopEvent(result={text})") is None


def test_text_over_the_limit_is_not_read_and_text_at_it_is() -> None:
    body = "'" + "a" * (LIMIT - 2) + "'"
    assert python_literal(body) == "a" * (LIMIT - 2)
    assert python_literal(body + " ") is None  # the whitespace around it is counted


literals = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text(max_size=8), inner, max_size=4)
        | st.tuples(inner, inner)
    ),
    max_leaves=12,
)


@given(literals)
def test_a_values_repr_reads_back_as_the_value(value: object) -> None:
    assert python_literal(repr(value), default=UNREAD) == value


@given(st.text(max_size=200))
def test_any_text_reads_as_what_literal_eval_makes_of_it_or_default(text: str) -> None:
    try:
        expected = ast.literal_eval(text.strip())
    except Exception:  # noqa: BLE001 - any failure is "not a literal"
        expected = UNREAD
    got = python_literal(text, default=UNREAD)
    assert got == expected or (got != got and expected != expected)  # NaN is never equal
