"""JSON text from outside, parsed within limits: the one decoder for untrusted input.

Python's :mod:`json` accepts more than JSON (RFC 8259): ``NaN`` and ``Infinity``,
integers of any size, strings holding lone surrogates (``"\\ud800"``: valid JSON
text, but no Unicode text, so it cannot be printed or encoded again), and nesting
until a RecursionError. :func:`parse_json` refuses all of them before the data is
used, with a :class:`JSONTextError` that says which.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

#: The integers every JSON reader holds exactly (RFC 8259 §6): JavaScript's safe ones.
MAX_SAFE_INTEGER = 2**53 - 1

_BRACKETS_QUOTES_ESCAPES = re.compile(r'[][{}"\\]')
_MAYBE_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]|[\ud800-\udfff]")
_SURROGATE = re.compile("[\ud800-\udfff]")


class JSONTextError(ValueError):
    """Refused JSON text. ``malformed``: it is not JSON at all (a syntax error, ``NaN``,
    not UTF-8); otherwise it is JSON beyond a limit (size, depth, a number out of
    range, a lone surrogate)."""

    def __init__(self, message: str, *, malformed: bool) -> None:
        super().__init__(message)
        self.malformed = malformed


def parse_json(text: str | bytes, *, max_depth: int, max_bytes: int | None = None) -> Any:
    """The value of a JSON text, or JSONTextError.

    Refused: more than ``max_bytes`` bytes, arrays and objects nested deeper than
    ``max_depth``, ``NaN``/``Infinity``, numbers beyond ±MAX_SAFE_INTEGER or a
    float's range, and strings (keys included) holding lone surrogates. Bytes are
    decoded as the standard says (UTF-8, or UTF-16/32 with their marks).
    """
    if max_bytes is not None and len(text) > max_bytes:  # a str's length is a lower bound
        raise JSONTextError(f"more than {max_bytes} bytes", malformed=False)
    if isinstance(text, bytes):
        try:
            text = text.decode(json.detect_encoding(text))
        except UnicodeDecodeError as error:
            raise JSONTextError(f"not UTF-8 text: {error.reason}", malformed=True) from None
    elif max_bytes is not None and len(text.encode("utf-8", "surrogatepass")) > max_bytes:
        raise JSONTextError(f"more than {max_bytes} bytes", malformed=False)
    if _deeper_than(text, max_depth):
        raise JSONTextError(f"arrays and objects nested deeper than {max_depth}", malformed=False)
    try:
        value = _DECODER.decode(text)
    except json.JSONDecodeError as error:
        raise JSONTextError(f"not valid JSON: {error}", malformed=True) from None
    if _MAYBE_SURROGATE.search(text) and _holds_lone_surrogate(value):
        raise JSONTextError(
            "a string holds a lone surrogate (like \\ud800): not valid Unicode text",
            malformed=False,
        )
    return value


def _constant(name: str) -> Any:
    raise JSONTextError(f"{name} is not a JSON number", malformed=True)


def _integer(digits: str) -> int:
    # Compared as text first: converting thousands of digits is slow (and limited).
    if len(digits.lstrip("-")) > len(str(MAX_SAFE_INTEGER)) or abs(int(digits)) > MAX_SAFE_INTEGER:
        shown = digits if len(digits) <= 24 else f"{digits[:20]}… ({len(digits)} digits)"
        raise JSONTextError(
            f"the integer {shown} is out of range (±{MAX_SAFE_INTEGER})", malformed=False
        )
    return int(digits)


def _real(digits: str) -> float:
    value = float(digits)
    if not math.isfinite(value):
        shown = digits if len(digits) <= 24 else f"{digits[:20]}…"
        raise JSONTextError(f"the number {shown} is out of range", malformed=False)
    return value


#: One decoder for every text (``json.loads`` with hooks builds a new one each call).
_DECODER = json.JSONDecoder(parse_constant=_constant, parse_int=_integer, parse_float=_real)


def _deeper_than(text: str, limit: int) -> bool:
    """Whether arrays and objects nest deeper than ``limit`` (brackets inside strings
    do not count), found without recursion."""
    if text.count("[") + text.count("{") <= limit:
        return False
    depth = 0
    in_string = False
    escaped = -1  # the position of the character a backslash escapes
    for found in _BRACKETS_QUOTES_ESCAPES.finditer(text):
        char, at = found.group(), found.start()
        if in_string:
            if at == escaped:
                continue
            if char == "\\":
                escaped = at + 1
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > limit:
                return True
        elif char in "]}":
            depth -= 1
    return False


def _holds_lone_surrogate(value: Any) -> bool:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if _SURROGATE.search(item):
                return True
        elif isinstance(item, dict):
            stack.extend(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


_SPACE = re.compile(r"[ \t\n\r]*")
_SCALAR = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?|true|false|null|NaN|-?Infinity")
_INTEGER = re.compile(r"-?(?:0|[1-9]\d{0,15})")
_BRACKETS_QUOTES = re.compile(r'[][{}"]')
_PLAIN_DECODER = json.JSONDecoder()


def top_level_field(text: str, key: str) -> str | int | None:
    """The value of ``key`` in a JSON object's text, read leniently: whatever the
    rest of the object holds beyond :func:`parse_json`'s limits (deep nesting, numbers
    out of range, ``NaN``), its top level read as JSON. Only a string or an integer
    within ±MAX_SAFE_INTEGER is given; None otherwise, or if the top level is not a
    well-formed object. The last of duplicate keys wins, as with :func:`parse_json`."""
    try:
        return _scan_object(text, key)
    except (ValueError, IndexError):  # JSONDecodeError is a ValueError
        return None


def _scan_object(text: str, key: str) -> str | int | None:
    """Walk the top-level object's members, keeping the value of the last ``key``."""
    pos = _after_space(text, 0)
    if text[pos] != "{":
        return None
    pos = _after_space(text, pos + 1)
    found: str | int | None = None
    while text[pos] != "}":
        if text[pos] != '"':
            raise ValueError("a member's name is a string")
        name, pos = _string_at(text, pos)
        pos = _after_space(text, pos)
        if text[pos] != ":":
            raise ValueError("a name is followed by a colon")
        value, pos = _skip_value(text, _after_space(text, pos + 1))
        if name == key:
            found = value
        pos = _after_space(text, pos)
        if text[pos] == ",":
            pos = _after_space(text, pos + 1)
            if text[pos] == "}":
                raise ValueError("a trailing comma")
        elif text[pos] != "}":
            raise ValueError("members are separated by commas")
    if _after_space(text, pos + 1) != len(text):
        raise ValueError("text after the object")
    return found


def _string_at(text: str, pos: int) -> tuple[str, int]:
    """The JSON string that starts at ``pos``, and its end."""
    value, end = _PLAIN_DECODER.raw_decode(text, pos)
    if not isinstance(value, str):
        raise ValueError("not a string")
    return value, end


def _after_space(text: str, pos: int) -> int:
    match = _SPACE.match(text, pos)
    assert match is not None  # it matches the empty string
    return match.end()


def _skip_value(text: str, pos: int) -> tuple[str | int | None, int]:
    """A value's end, and the value itself if a string or a safe integer (no recursion:
    arrays and objects are skipped by counting brackets outside strings)."""
    char = text[pos]
    if char == '"':
        return _string_at(text, pos)
    if char in "[{":
        return None, _skip_nested(text, pos)
    scalar = _SCALAR.match(text, pos)
    if scalar is None:
        raise ValueError("not a JSON value")
    token = scalar.group()
    if _INTEGER.fullmatch(token) and abs(int(token)) <= MAX_SAFE_INTEGER:
        return int(token), scalar.end()
    return None, scalar.end()


def _skip_nested(text: str, pos: int) -> int:
    depth = 0
    while True:
        found = _BRACKETS_QUOTES.search(text, pos)
        if found is None:
            raise ValueError("an array or object is not closed")
        char, pos = found.group(), found.end()
        if char == '"':
            pos = _string_at(text, found.start())[1]
        elif char in "[{":
            depth += 1
        else:
            depth -= 1
            if depth == 0:
                return pos
