"""Print the import graph of ``loveletter.engine`` and say whether it has a cycle.

    python scripts/import_graph.py

One line per module: the engine modules it imports. Imports for type checkers only
(under ``if TYPE_CHECKING:``) are marked ``[type-checking]``, imports inside a
function or class body ``[deferred]``; every one of them counts when looking for a
cycle, since each is a dependency all the same.
"""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[1] / "src" / "loveletter" / "engine"
PACKAGE = "loveletter.engine"

Graph = dict[str, dict[str, set[str]]]  # module -> imported module -> its marks


def _module_name(path: Path) -> str:
    return PACKAGE if path.stem == "__init__" else f"{PACKAGE}.{path.stem}"


def _imports(node: ast.AST, mark: str, found: dict[str, set[str]]) -> None:
    """Engine modules imported under ``node``, with the marks of their imports."""
    for child in ast.iter_child_nodes(node):
        child_mark = mark
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            child_mark = "deferred"
        elif isinstance(child, ast.If) and ast.unparse(child.test).endswith("TYPE_CHECKING"):
            child_mark = mark or "type-checking"
        names: list[str] = []
        if isinstance(child, ast.ImportFrom):
            base = PACKAGE if child.level == 1 else ""
            module = f"{base}.{child.module}" if base and child.module else child.module or base
            names = [module] if module.startswith(PACKAGE) else []
        elif isinstance(child, ast.Import):
            names = [alias.name for alias in child.names if alias.name.startswith(PACKAGE)]
        for name in names:
            found.setdefault(name, set()).add(child_mark)
        _imports(child, child_mark, found)


def engine_graph() -> Graph:
    """Each engine module with the engine modules it imports."""
    graph: Graph = {}
    for path in sorted(ENGINE.glob("*.py")):
        found: dict[str, set[str]] = {}
        _imports(ast.parse(path.read_text(encoding="utf-8")), "", found)
        graph[_module_name(path)] = found
    return graph


def find_cycle(graph: Graph) -> list[str] | None:
    """One cycle of the graph as a path that ends where it starts, or None."""
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> list[str] | None:
        if module in path:
            return [*path[path.index(module) :], module]
        if module in done:
            return None
        for imported in graph.get(module, {}):
            cycle = visit(imported, [*path, module])
            if cycle:
                return cycle
        done.add(module)
        return None

    for module in graph:
        cycle = visit(module, [])
        if cycle:
            return cycle
    return None


def main() -> None:
    graph = engine_graph()
    short = len(PACKAGE) + 1
    for module, imported in graph.items():
        targets = [
            name[short:] + ("" if "" in marks else f" [{', '.join(sorted(marks))}]")
            for name, marks in sorted(imported.items())
        ]
        print(f"{module[short:] or '__init__'} -> {', '.join(targets) or '(nothing)'}")
    cycle = find_cycle(graph)
    if cycle:
        print("cycle: " + " -> ".join(name[short:] or "__init__" for name in cycle))
    else:
        print("no cycle")


if __name__ == "__main__":
    main()
