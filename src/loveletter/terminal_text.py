"""Text that others wrote (a record's names, a saved game), made safe to print.

A terminal obeys some characters instead of showing them: escape sequences (ESC, the
C1 controls) can retitle the window, move the cursor or rewrite what was printed;
bidirectional overrides reorder what follows. :func:`printable` shows each of them
as its escape (``\\x1b``, ``\\u202e``), so that a name is seen as written.
"""

from __future__ import annotations

import unicodedata

#: Bidirectional controls: embeddings, overrides, isolates and marks.
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
#: Controls (C0, DEL, C1), lone surrogates, line and paragraph separators.
_OBEYED = frozenset(("Cc", "Cs", "Zl", "Zp"))


def printable(text: str) -> str:
    """``text`` with control characters, lone surrogates, line separators and
    bidirectional controls shown as Python escapes."""
    if text.isprintable():  # false for every character escaped below (and some others)
        return text
    return "".join(_shown(char) for char in text)


def _shown(char: str) -> str:
    if char in _BIDI or unicodedata.category(char) in _OBEYED:
        return char.encode("unicode_escape").decode("ascii")
    return char
