"""Hypothesis strategies for hostile JSON text, and the error codes docs/protocol.md
documents (a refusal must carry one of them).

A hostile text is a plausible message (or body, or record) with one *hostile
fragment* put in place of a field's value, a new field or an array item: a string
holding a lone surrogate or a control character (bidirectional ones too), an integer
out of range, a non-finite number (``NaN`` is written raw: Python's json writes it,
JSON has none), nesting deeper than the server reads, or a string longer than any field allows. Each
such text must be refused, whatever the field it lands in.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

PROTOCOL = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"

#: Stands for the hostile fragment in a template until the text is written.
_HOLE = "@@hostile@@"


def _surrounded(middle: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    """A JSON string holding ``middle`` among ordinary characters (escaped as \\uXXXX)."""
    plain = st.text(st.characters(codec="utf-8", categories=["L", "N", "Zs"]), max_size=8)
    return st.tuples(plain, middle, plain).map(lambda parts: json.dumps("".join(parts)))


LONE_SURROGATES = _surrounded(st.characters(categories=["Cs"]))
CONTROL_CHARACTERS = _surrounded(
    st.one_of(st.characters(categories=["Cc"]), st.sampled_from("\u202a\u202e\u2066\u2069"))
)
HUGE_INTEGERS = st.one_of(
    st.integers(min_value=2**53),
    st.integers(max_value=-(2**53)),
    st.integers(min_value=17, max_value=4000).map(lambda digits: "9" * digits),
).map(str)
NON_FINITE = st.sampled_from(["NaN", "Infinity", "-Infinity", "1e999", "-1e400", "1E309"])


def deep_nesting(min_depth: int, max_depth: int) -> st.SearchStrategy[str]:
    """Arrays or objects nested ``min_depth``-``max_depth`` levels deep."""
    return st.tuples(st.integers(min_depth, max_depth), st.booleans()).map(
        lambda spec: (
            "[" * spec[0] + "]" * spec[0] if spec[1] else '{"a": ' * spec[0] + "0" + "}" * spec[0]
        )
    )


def oversize_strings(min_size: int, max_size: int) -> st.SearchStrategy[str]:
    return st.integers(min_size, max_size).map(lambda size: json.dumps("x" * size))


def fragments(*, max_depth: int, oversize: tuple[int, int]) -> st.SearchStrategy[str]:
    """Any hostile fragment, as raw JSON text."""
    return st.one_of(
        LONE_SURROGATES,
        CONTROL_CHARACTERS,
        HUGE_INTEGERS,
        NON_FINITE,
        deep_nesting(17, max_depth),
        oversize_strings(*oversize),
    )


@st.composite
def hostile_json(
    draw: st.DrawFn, templates: list[dict[str, Any]], fragment: st.SearchStrategy[str]
) -> str:
    """A template with one hostile fragment in it: as a field's value (existing or
    new), as an array item, or (a string fragment) as a key."""
    message = json.loads(json.dumps(draw(st.sampled_from(templates))))  # a deep copy
    piece = draw(fragment)
    where = draw(st.sampled_from(["value", "new", "item", "key"]))
    if where == "key" and piece.startswith('"'):
        message[_HOLE] = 1
    elif where == "item":
        key = draw(st.sampled_from(sorted(message)))
        message[key] = [message[key], _HOLE]
    else:
        key = draw(st.sampled_from(sorted(message))) if where == "value" else "extra"
        message[key] = _HOLE
    return json.dumps(message).replace(json.dumps(_HOLE), piece, 1)


def documented_codes(after: str, column: int) -> set[str]:
    """The codes in backticks in ``column`` (from 1) of the first table of
    docs/protocol.md that follows the text ``after``."""
    lines = PROTOCOL.read_text(encoding="utf-8").split(after, 1)[1].splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("|"))
    codes: set[str] = set()
    for row in lines[first + 2 :]:  # after the header and its rule
        if not row.startswith("|"):
            break
        codes.update(re.findall(r"`([a-z_]+)`", row.split("|")[column]))
    return codes


#: What an HTTP refusal and a WebSocket error may say.
HTTP_CODES = documented_codes("Every refused request gets a status", 2)
WEBSOCKET_CODES = documented_codes("**`error`**, to the sender alone", 1)
