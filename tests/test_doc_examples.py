"""The Python examples of the README and docs/ run, and print what they say.

The blocks of one file run in sequence in one namespace (a later block may use an
earlier one's game), in an empty working directory with an empty standard input.
A top-level line ending in ``# -> text`` states its result: ``print(x)`` must print
``text`` and any other expression must have ``repr`` equal to ``text``; a ``text``
ending in ``...`` is a prefix. A ```` ```text```` block right after a Python block is
what that block prints, exactly.
"""

from __future__ import annotations

import io
import re
import sys
from contextlib import redirect_stdout
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCK = re.compile(
    r"^```python\n(?P<code>.*?)^```\n(?:\s*^```text\n(?P<output>.*?)^```$)?",
    re.DOTALL | re.MULTILINE,
)
STATED = re.compile(r"^(?P<code>\S.*?)\s+# -> (?P<expected>.+)$")


def python_blocks(path: Path) -> list[tuple[str, str | None]]:
    """Each Python block of a document, with the output shown after it if any."""
    text = path.read_text(encoding="utf-8")
    return [(block["code"], block["output"]) for block in BLOCK.finditer(text)]


def with_checks(block: str) -> str:
    """The block with each stated result turned into a call of ``__check__``."""
    lines = []
    for line in block.splitlines():
        stated = STATED.match(line)
        if stated is None:
            lines.append(line)
            continue
        code, expected = stated["code"], stated["expected"]
        printed = code.startswith("print(") and code.endswith(")")
        value = code[len("print(") : -1] if printed else code
        lines.append(f"__check__({value}, {expected!r}, printed={printed})")
    return "\n".join(lines) + "\n"


def check(value: object, expected: str, *, printed: bool) -> None:
    shown = str(value) if printed else repr(value)
    if expected.endswith("..."):
        assert shown.startswith(expected[: -len("...")]), shown
    else:
        assert shown == expected


def documents_with_examples() -> list[Path]:
    return [path for path in DOCUMENTS if python_blocks(path)]


@pytest.mark.parametrize("path", documents_with_examples(), ids=lambda path: path.name)
@pytest.mark.usefixtures("restored_registries")  # engine.md registers a card of its own
def test_examples_run(path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    namespace: dict[str, object] = {"__name__": "__doc_example__", "__check__": check}
    for number, (block, output) in enumerate(python_blocks(path), start=1):
        name = f"{path.name}, Python block {number}"
        printed = io.StringIO()
        with redirect_stdout(printed):
            exec(compile(with_checks(block), name, "exec"), namespace)
        if output is not None:
            assert printed.getvalue() == output, name


def test_stated_results_are_checked() -> None:
    block = "x = [1]\nx  # -> [1]\nprint(x[0])  # -> 1\nx  # -> [...\n"
    exec(compile(with_checks(block), "example", "exec"), {"__check__": check})
    with pytest.raises(AssertionError):
        exec(compile(with_checks("1 + 1  # -> 3\n"), "example", "exec"), {"__check__": check})


def test_every_document_with_examples_is_found() -> None:
    names = {path.name for path in documents_with_examples()}
    assert {"README.md", "engine.md", "notation.md", "records.md", "rl.md"} <= names
    outputs = [output for _, output in python_blocks(ROOT / "docs" / "engine.md")]
    assert sum(output is not None for output in outputs) == 2
