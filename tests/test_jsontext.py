"""The strict JSON decoder for untrusted text: what JSON allows, within limits."""

from __future__ import annotations

import json

import pytest

from loveletter.engine.jsontext import MAX_SAFE_INTEGER, JSONTextError, parse_json, top_level_field


def refusal(text: str | bytes, **limits: int) -> JSONTextError:
    with pytest.raises(JSONTextError) as refused:
        parse_json(text, **{"max_depth": 8, **limits})
    return refused.value


@pytest.mark.parametrize(
    "text",
    [
        '{"a": [1, -2.5e3, true, null, "x"]}',
        json.dumps({"n": MAX_SAFE_INTEGER, "m": -MAX_SAFE_INTEGER, "f": 1.7e308}),
        '"\\ud83d\\ude00 a pair is one character"',
        '"[[[[[[[[[[ brackets in a string do not nest"',
        '["\\"[[[[[[[[[", "\\\\", "[[[[[[[[[["]',
        '"\\u0007 controls are JSON; callers decide"',
    ],
)
def test_json_within_the_limits_reads_as_json(text: str) -> None:
    assert parse_json(text, max_depth=8) == json.loads(text)
    assert parse_json(text.encode("utf-16"), max_depth=8) == json.loads(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not valid JSON"),
        ("[NaN]", "NaN is not a JSON number"),
        ('{"a": Infinity}', "Infinity is not a JSON number"),
        ("-Infinity", "-Infinity is not a JSON number"),
        (b'"\xff"', "not UTF-8"),
    ],
)
def test_what_is_not_json_is_malformed(text: str | bytes, message: str) -> None:
    error = refusal(text)
    assert error.malformed
    assert message in str(error)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (str(MAX_SAFE_INTEGER + 1), "out of range"),
        (str(-MAX_SAFE_INTEGER - 1), "out of range"),
        (str(2**64), "out of range"),
        ("9" * 5000, "(5000 digits) is out of range"),
        ("[1e400]", "out of range"),
        ("-1e400", "out of range"),
        ('["\\ud800"]', "lone surrogate"),
        ('{"\\udfff": 1}', "lone surrogate"),
        ('"\\ud83d a high half without its low one"', "lone surrogate"),
        ("[" * 9 + "]" * 9, "nested deeper than 8"),
        ('{"a": ' * 9 + "1" + "}" * 9, "nested deeper than 8"),
        ("[" * 100_000, "nested deeper than 8"),
    ],
)
def test_json_beyond_a_limit_is_refused(text: str, message: str) -> None:
    error = refusal(text)
    assert not error.malformed
    assert message in str(error)
    assert len(str(error)) < 200


def test_a_text_over_the_size_limit_is_refused_before_it_is_read() -> None:
    assert parse_json('"' + "é" * 10 + '"', max_depth=1, max_bytes=22) == "é" * 10
    assert "more than 21 bytes" in str(refusal('"' + "é" * 10 + '"', max_bytes=21))
    assert "more than 21 bytes" in str(refusal(b"[" + b"1," * 20 + b"1]", max_bytes=21))


def test_eight_levels_are_allowed_with_a_limit_of_eight() -> None:
    assert parse_json("[" * 8 + "]" * 8, max_depth=8) == json.loads("[" * 8 + "]" * 8)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ('{"id": 3, "n": 1e999}', 3),
        ('{"n": [[["]", "\\"["]]], "id": "x"}', "x"),  # brackets in strings do not count
        ('{"n": ' + "[" * 5000 + "]" * 5000 + ', "id": 4}', 4),  # no recursion
        (' {"n": NaN , "id" : -5 } ', -5),
        ('{"id": 1, "id": 2}', 2),  # the last one, as json.loads
        ('{"id": 9007199254740992}', None),  # beyond the safe integers
        ('{"id": true}', None),
        ('{"id": 1.5}', None),
        ('{"id": [1]}', None),
        ('{"other": 1}', None),
        ('{"id": 1,}', None),  # the top level must be well-formed
        ('{"id": 1} trailing', None),
        ('{"id": 1', None),
        ("[1, 2]", None),
        ("", None),
    ],
)
def test_top_level_field_reads_an_id_beyond_the_limits(text: str, value: object) -> None:
    assert top_level_field(text, "id") == value
