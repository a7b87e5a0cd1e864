"""docs/architecture.md: the RL package sits on the engine and the bots, nothing else of ours."""

from __future__ import annotations

import ast
from pathlib import Path

import loveletter.rl

RL = Path(loveletter.rl.__file__).parent


def test_rl_uses_only_the_engine_and_the_bots() -> None:
    for path in RL.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and not node.level:
                modules = [node.module]
            elif isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            else:
                continue
            for module in modules:
                if module.split(".")[0] == "loveletter":
                    assert module.startswith(("loveletter.engine", "loveletter.bots")), (
                        f"{path.name} imports {module}"
                    )
