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


def test_the_terminal_picture_shows_the_keys_the_game_shows() -> None:
    from loveletter.tui.texts import tr

    assert f"\n {tr('en', 'keys_game')}\n" in (ROOT / "README.md").read_text()


def test_the_bare_command_comes_after_how_to_reach_it() -> None:
    """The examples call ``loveletter``: the README says how that name is found."""
    text = (ROOT / "README.md").read_text()
    first_bare = re.search(r"(?m)^loveletter |`loveletter (serve|play)`", text)
    assert first_bare is not None
    assert ". .venv/bin/activate" in text[: first_bare.start()]
