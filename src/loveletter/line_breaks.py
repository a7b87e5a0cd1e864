"""No line break at a no-break space, in Rich and Textual.

French puts a no-break space before ``: ; ? ! »`` and after ``«`` so that a line
never starts with the mark. Rich and Textual split words with the regular
expression ``\\s``, which matches the no-break spaces too (U+00A0, U+202F, U+2007),
so their word wrap broke a line there: a French line could start with ";" or ":".
:func:`install` makes both treat those spaces as part of a word, as Unicode's line
breaking rules say (class GL, "glue"). It replaces one private pattern of each
library; tests/test_line_breaks.py checks their wrapping through public calls, so a
library upgrade that moves the pattern fails a test instead of breaking lines.
"""

from __future__ import annotations

import re

import rich._wrap
import textual._wrap

#: The spaces that do not break a line.
NO_BREAK = "\u00a0\u202f\u2007"
_SPACE = rf"[^\S{NO_BREAK}]"  # a space a line may break at
_WORD = rf"[\S{NO_BREAK}]"  # a character of a word, no-break spaces included


def install() -> None:
    """Make Rich and Textual keep a no-break space and its neighbours on one line."""
    rich._wrap.re_word = re.compile(rf"{_SPACE}*{_WORD}+{_SPACE}*")
    textual._wrap.re_chunk = re.compile(rf"{_WORD}+{_SPACE}*|{_SPACE}+")
