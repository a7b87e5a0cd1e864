"""The core install: playing and serving need neither NumPy nor matplotlib.

Those come with the ``plot`` and ``env`` extras (pyproject.toml); the README's first
command installs the core only, so nothing a player runs may import them.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

PYPROJECT = Path(__file__).parents[1] / "pyproject.toml"
HEAVY = ("numpy", "matplotlib", "PIL")


def run_python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )


def test_the_core_dependencies_hold_no_plotting_or_array_library() -> None:
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]
    core = " ".join(project["dependencies"]).lower()
    assert not [name for name in ("numpy", "matplotlib", "pillow") if name in core]
    assert any("matplotlib" in need for need in project["optional-dependencies"]["plot"])


def test_playing_serving_and_every_command_import_neither_numpy_nor_matplotlib() -> None:
    code = f"""
import sys
import loveletter, loveletter.cli.main, loveletter.server.app, loveletter.tui.app
import loveletter.arena, loveletter.simulation, loveletter.bots
from typer.testing import CliRunner
runner = CliRunner()
for command in ("play", "serve", "replay", "simulate", "arena", "rules"):
    assert runner.invoke(loveletter.cli.main.app, [command, "--help"]).exit_code == 0
print(sorted(name for name in {HEAVY!r} if name in sys.modules))
"""
    done = run_python(code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_plot_without_matplotlib_says_which_extra_to_install_before_playing() -> None:
    # A None entry in sys.modules is Python's own way to make an import fail.
    code = """
import sys
sys.modules["matplotlib"] = None
from typer.testing import CliRunner
from loveletter.cli.main import app
done = CliRunner().invoke(app, ["arena", "-b", "random,heuristic", "-g", "5", "--plot", "x.png"])
print(done.exit_code)
print(done.output)
"""
    done = run_python(code)
    assert done.returncode == 0, done.stderr
    status, output = done.stdout.split("\n", 1)
    assert status == "1"
    assert "pip install 'loveletter[plot]'" in " ".join(output.split())
    assert "Rounds won" not in output  # refused before any game was played
