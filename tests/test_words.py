"""Words a reader meets in messages: no "(s)" where the count is known."""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

SOURCE = Path(__file__).parents[1] / "src" / "loveletter"
DODGED_PLURAL = re.compile(r"\w\((s|es|x)\)")


def message_strings(path: Path) -> list[tuple[int, str]]:
    """The string literals of a module that are not docstrings, with their lines."""
    tokens = list(tokenize.generate_tokens(io.StringIO(path.read_text("utf-8")).readline))
    found = []
    for before, token in zip([None, *tokens], tokens, strict=False):
        if token.type != tokenize.STRING:
            continue
        starts_statement = before is None or before.type in (
            tokenize.NEWLINE,
            tokenize.INDENT,
            tokenize.DEDENT,
            tokenize.NL,
        )
        if not (starts_statement and token.string.lstrip("rbfRBF").startswith('"""')):
            found.append((token.start[0], token.string))
    return found


def test_no_message_dodges_a_plural_it_could_count() -> None:
    dodged = [
        f"{path.relative_to(SOURCE)}:{line}: {text}"
        for path in sorted(SOURCE.rglob("*.py"))
        for line, text in message_strings(path)
        if DODGED_PLURAL.search(text)
    ]
    assert dodged == []


def test_the_pages_texts_neither_dodge_a_plural_nor_a_gender() -> None:
    """The browser's texts (i18n.js) count what they can and, in French, agree with
    no gender rather than writing "protégé·e"."""
    texts = (SOURCE / "server" / "static" / "js" / "i18n.js").read_text("utf-8")
    assert DODGED_PLURAL.findall(texts) == []
    assert re.findall(r"\w·\w+", texts) == []
