"""The dependency rule of docs/architecture.md: the engine is pure, bots and lessons use
only the engine, the server's domain sits on the engine alone and storage on the domain;
and the engine's modules import each other without a cycle, at module level only."""

from __future__ import annotations

import ast
import sys
from collections.abc import Mapping, Set
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "loveletter"
ENGINE = "loveletter.engine"


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


def test_lessons_use_only_the_engine() -> None:
    # The web page and the terminal share them: no interface may leak in.
    for path, module in imported_modules(PACKAGE / "lessons"):
        top = module.split(".")[0]
        if top == "loveletter":
            assert module.startswith(("loveletter.engine", "loveletter.lessons")), (
                f"{path} imports {module}"
            )
        else:
            assert top in sys.stdlib_module_names or top == "__future__", (
                f"{path} imports {module}, which is not in the standard library"
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
            # The engine too: what storage keeps are the engine's records.
            assert module.startswith(
                ("loveletter.engine", "loveletter.tables", "loveletter.storage")
            ), f"{path} imports {module}"


def test_engine_does_no_io() -> None:
    forbidden = ("open(", "print(", "input(", "sys.stdout", "sys.stdin")
    for path in (PACKAGE / "engine").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for word in forbidden:
            assert word not in text, f"{path} uses {word}"


def engine_imports(source: str) -> set[str]:
    """The engine modules that a module of the engine imports, wherever the import
    stands: at module level, under ``if TYPE_CHECKING:``, or in a function."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level > 1:
                continue  # above the engine: not an engine module
            base = ENGINE if node.level else node.module or ""
            if node.level and node.module:
                base = f"{ENGINE}.{node.module}"
            found.add(base)  # `from . import x` runs the package's __init__
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return {name for name in found if name == ENGINE or name.startswith(ENGINE + ".")}


def engine_graph(sources: Mapping[str, str]) -> dict[str, set[str]]:
    """Module name -> the engine modules it imports, for modules given by their source."""
    return {module: engine_imports(source) & set(sources) for module, source in sources.items()}


def engine_sources() -> dict[str, str]:
    return {
        ENGINE if path.stem == "__init__" else f"{ENGINE}.{path.stem}": path.read_text("utf-8")
        for path in (PACKAGE / "engine").glob("*.py")
    }


def find_cycle(graph: Mapping[str, Set[str]]) -> list[str] | None:
    """One cycle of the graph, as a path that ends where it starts, or None."""
    finished: set[str] = set()

    def visit(module: str, path: list[str]) -> list[str] | None:
        if module in path:
            return [*path[path.index(module) :], module]
        if module in finished:
            return None
        for imported in sorted(graph.get(module, ())):
            cycle = visit(imported, [*path, module])
            if cycle:
                return cycle
        finished.add(module)
        return None

    for module in sorted(graph):
        cycle = visit(module, [])
        if cycle:
            return cycle
    return None


def test_find_cycle_finds_a_cycle_and_only_a_cycle() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"a"}}) == ["a", "a"]
    assert find_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set(), "d": {"a"}}) is None


def test_a_cycle_through_type_checking_or_a_function_counts() -> None:
    game = "from .views import build_view\n"
    behind_type_checking = "if TYPE_CHECKING:\n    from .game import Game\n"
    in_a_function = "def view():\n    from loveletter.engine.game import Game\n"
    through_the_package = "from . import Game\n"
    for views in (behind_type_checking, in_a_function, through_the_package):
        sources = {ENGINE: "from .game import Game\n", f"{ENGINE}.game": game}
        sources[f"{ENGINE}.views"] = views
        assert find_cycle(engine_graph(sources)), views


def test_the_engine_has_no_import_cycle() -> None:
    cycle = find_cycle(engine_graph(engine_sources()))
    assert cycle is None, "import cycle: " + " -> ".join(cycle or ())


def imports_inside_bodies(source: str) -> list[int]:
    """Lines of the import statements inside a function or class body."""
    lines: list[int] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            lines.extend(
                inner.lineno
                for inner in ast.walk(node)
                if isinstance(inner, ast.Import | ast.ImportFrom)
            )
    return sorted(set(lines))


def test_imports_inside_bodies_are_found() -> None:
    source = "import a\ndef f():\n    import b\nclass C:\n    from c import d\n"
    assert imports_inside_bodies(source) == [3, 5]


def test_the_engine_imports_at_module_level_only() -> None:
    for module, source in engine_sources().items():
        assert not imports_inside_bodies(source), f"{module} imports inside a body"
