"""The README's two commands: CI runs exactly the documented test command."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def code_blocks(text: str) -> list[str]:
    return [block.strip() for block in re.findall(r"```\n(.*?)```", text, re.DOTALL)]


def test_ci_runs_the_readme_test_command() -> None:
    install_and_run, install_and_test = code_blocks((ROOT / "README.md").read_text())[:2]
    ci_lines = (ROOT / ".ci" / "run").read_text().strip().splitlines()
    assert ci_lines[-1] == install_and_test
    assert install_and_test.endswith(".venv/bin/pytest")
    assert install_and_run.endswith(".venv/bin/loveletter serve")


def test_apt_installs_follow_a_package_list_update() -> None:
    """On a fresh machine apt's lists are empty: an install without update finds nothing."""
    install_and_test = code_blocks((ROOT / "README.md").read_text())[1]
    installs = install_and_test.count("apt-get install")
    assert installs
    assert install_and_test.count("apt-get update -q && apt-get install") == installs
