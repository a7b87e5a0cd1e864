"""The browser UI's modules under Node: their tests (tests/js) and their type check.

Node runs the tests (``apt-get install -y nodejs npm``); TypeScript, pinned in
package.json and installed by ``npm ci``, checks the files that tsconfig.json lists:
every module of the page and the tests.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TSC = ROOT / "node_modules" / "typescript" / "bin" / "tsc"


def node() -> str:
    found = shutil.which("node")
    assert found, "install Node first: apt-get install -y nodejs npm"
    return found


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)


def test_the_modules_pass_their_tests() -> None:
    files = sorted(
        str(path.relative_to(ROOT)) for path in (ROOT / "tests" / "js").glob("*.test.js")
    )
    assert files
    done = run(node(), "--test", "--test-reporter=spec", *files)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_modules_and_their_tests_type_check() -> None:
    assert TSC.exists(), "install TypeScript first: npm ci"
    done = run(node(), str(TSC), "--noEmit", "-p", "tsconfig.json")
    assert done.returncode == 0, done.stdout + done.stderr


def test_every_file_the_type_check_lists_asks_for_it() -> None:
    # tsconfig.json checks the files that start with // @ts-check (not every module
    # they import): a file of the list without it would be left unchecked.
    patterns = json.loads((ROOT / "tsconfig.json").read_text())["include"]
    files = [path for pattern in patterns for path in ROOT.glob(pattern)]
    assert files
    for path in files:
        assert path.read_text().startswith("// @ts-check\n"), f"{path} lacks // @ts-check"


def test_every_module_of_the_page_is_type_checked() -> None:
    patterns = json.loads((ROOT / "tsconfig.json").read_text())["include"]
    checked = {path for pattern in patterns for path in ROOT.glob(pattern)}
    modules = set((ROOT / "src" / "loveletter" / "server" / "static" / "js").glob("*.js"))
    assert modules <= checked, sorted(str(path) for path in modules - checked)
