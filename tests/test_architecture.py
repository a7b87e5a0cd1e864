"""The dependency rule of DESIGN.md §2: the engine is pure, bots use only the engine,
the server's domain sits on the engine alone and storage on the domain."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "loveletter"


def imported_modules(folder: Path) -> set[tuple[Path, str]]:
    found: set[tuple[Path, str]] = set()
    for path in folder.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found.update((path, alias.name) for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level:  # relative: resolve against the package path
                    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
                    base = ".".join(parts[: len(parts) - node.level])
                    found.add((path, f"{base}.{node.module}" if node.module else base))
                elif node.module:
                    found.add((path, node.module))
    return found


def test_engine_imports_only_the_standard_library_and_itself() -> None:
    for path, module in imported_modules(PACKAGE / "engine"):
        top = module.split(".")[0]
        if top == "loveletter":
            assert module.startswith("loveletter.engine"), f"{path} imports {module}"
        else:
            assert top in sys.stdlib_module_names or top == "__future__", (
                f"{path} imports {module}, which is not in the standard library"
            )


def test_bots_use_only_the_engine() -> None:
    for path, module in imported_modules(PACKAGE / "bots"):
        if module.split(".")[0] == "loveletter":
            assert module.startswith(("loveletter.engine", "loveletter.bots")), (
                f"{path} imports {module}"
            )


def test_server_domain_imports_only_the_engine_and_the_standard_library() -> None:
    # Above all none of loveletter.storage, pydantic, fastapi, starlette, sqlalchemy.
    for path, module in imported_modules(PACKAGE / "tables"):
        top = module.split(".")[0]
        if top == "loveletter":
            assert module.startswith(("loveletter.engine", "loveletter.tables")), (
                f"{path} imports {module}"
            )
        else:
            assert top in sys.stdlib_module_names or top == "__future__", (
                f"{path} imports {module}, which is not in the standard library"
            )


def test_storage_knows_the_domain_records_not_the_server() -> None:
    for path, module in imported_modules(PACKAGE / "storage"):
        if module.split(".")[0] == "loveletter":
            assert module.startswith(("loveletter.tables", "loveletter.storage")), (
                f"{path} imports {module}"
            )


def test_engine_does_no_io() -> None:
    forbidden = ("open(", "print(", "input(", "sys.stdout", "sys.stdin")
    for path in (PACKAGE / "engine").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for word in forbidden:
            assert word not in text, f"{path} uses {word}"
