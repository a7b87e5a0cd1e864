"""Starting ``loveletter serve`` for a benchmark: a free port, the URL it prints."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

#: ``loveletter serve`` from this interpreter, on a port the system chooses.
SERVE = [sys.executable, "-c", "from loveletter.cli.main import app; app()", "serve", "--port", "0"]


def start_server(options: Sequence[str], log: Path) -> tuple[subprocess.Popen[str], str]:
    """``loveletter serve`` with ``options``, its errors appended to ``log``; returns the
    process and the URL it serves on (exits if it does not start)."""
    with log.open("a") as errors:
        process = subprocess.Popen(
            [*SERVE, "--log-level", "warning", *options],
            stdout=subprocess.PIPE,
            stderr=errors,
            text=True,
        )
    assert process.stdout is not None
    line = process.stdout.readline()
    found = re.search(r"http://\S+", line)
    if not found:
        process.kill()
        raise SystemExit(f"the server did not start: {line!r} (see {log})")
    return process, found.group(0)
