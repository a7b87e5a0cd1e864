"""Benchmark scripts run as their docstrings say (their figures are not checked)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BENCHMARKS = Path(__file__).parent.parent / "benchmarks"


def test_commit_cost_runs_twice_on_one_database(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'given.db'}"
    command = [sys.executable, str(BENCHMARKS / "commit_cost.py"), "--db", url]
    for _ in range(2):  # several batch sizes, then a second run, on the same tables' ids
        done = subprocess.run(
            [*command, "--batches", "1", "4", "--changes", "8"],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout.count("µs of CPU per change") == 2


def test_the_lobby_benchmark_runs_on_a_small_lobby() -> None:
    command = [sys.executable, str(BENCHMARKS / "lobby.py"), "--tables", "300", "--repeat", "2"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "the lobby lists 300 tables" in done.stdout
    assert done.stdout.count(" median ") == 5
