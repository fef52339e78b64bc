"""The package's layering, read from the source with ast: data -> engine -> analysis/scenarios/render/cli, no cycles."""
from __future__ import annotations

import ast
from pathlib import Path

import tcforge

PACKAGE = Path(tcforge.__file__).resolve().parent
ABOVE_ENGINE = ("tcforge.render", "tcforge.scenarios", "tcforge.analysis", "tcforge.cli", "tcforge.bench")


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_module(name: str) -> bool:
    return PACKAGE.parent.joinpath(*name.split(".")).with_suffix(".py").exists()


def imports(path: Path) -> list[tuple[str, int, bool]]:
    """(imported module, line, inside a function) for every import of the file, wherever it is."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found: list[tuple[str, int, bool]] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inner = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            if isinstance(child, ast.Import):
                found.extend((alias.name, child.lineno, in_function) for alias in child.names)
            elif isinstance(child, ast.ImportFrom) and child.module and not child.level:
                found.append((child.module, child.lineno, in_function))
                # ``from tcforge.engine import fire`` imports the module tcforge.engine.fire
                found.extend((f"{child.module}.{alias.name}", child.lineno, in_function) for alias in child.names
                             if is_module(f"{child.module}.{alias.name}"))
            visit(child, inner)

    visit(tree, False)
    return found


def graph(folder: str) -> dict[str, set[str]]:
    """Import edges between the modules of one sub-package (its __init__ aside)."""
    names = {module_name(p): p for p in (PACKAGE / folder).rglob("*.py")}  # sub-packages too (engine/policies/)
    package = f"tcforge.{folder}"
    return {name: {target for target, _, _ in imports(path) if target in names and target != package}
            for name, path in names.items() if name != package}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module, or a module importing itself (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in edges.get(node, ()):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1 or node in edges.get(node, ()):
                out.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return out


def test_engine_modules_import_each_other_without_a_cycle() -> None:
    assert cycles(graph("engine")) == []


def test_the_cycle_finder_sees_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_engine_has_no_function_level_imports_of_its_own_modules() -> None:
    hidden = [f"{path.name}:{line} imports {target}" for path in sorted((PACKAGE / "engine").rglob("*.py"))
              for target, line, inside in imports(path) if inside and target.startswith("tcforge.")]
    assert hidden == []


def test_engine_imports_nothing_above_it() -> None:
    wrong = [f"{path.name}:{line} imports {target}" for path in sorted((PACKAGE / "engine").rglob("*.py"))
             for target, line, _ in imports(path) if target.startswith(ABOVE_ENGINE)]
    assert wrong == []


def test_data_imports_no_engine_nor_anything_above_it() -> None:
    wrong = [f"{path.name}:{line} imports {target}" for path in sorted((PACKAGE / "data").glob("*.py"))
             for target, line, _ in imports(path) if target.startswith(("tcforge.engine",) + ABOVE_ENGINE)]
    assert wrong == []


def test_the_engine_core_imports_no_rule_module() -> None:
    rules = {"movement", "fire", "melee", "equipment", "cards", "windows", "reactions", "state", "policies", "playout",
             "observation"}
    core = {target.rsplit(".", 1)[-1] for target, _, _ in imports(PACKAGE / "engine" / "core.py")
            if target.startswith("tcforge.engine.")}
    assert core & rules == set()


ENGINE_LAYERS = (  # as tcforge/engine/__init__.py describes them: each imports only from the layers before it
    ("rules", "outcome", "context", "attacks", "board"), ("units",), ("game",), ("core",), ("windows", "equipment"),
    ("fire", "movement"), ("melee", "cards"), ("reactions",), ("state",), ("observation", "playout"),
    ("spec", "greedy"), ("evaluate",), ("mcts",), ("policies",))  # the last four: engine/policies/, its __init__ last


def test_engine_modules_import_only_from_the_layers_below_them() -> None:
    layer = {name: i for i, names in enumerate(ENGINE_LAYERS) for name in names}
    edges = graph("engine")
    assert {name.rsplit(".", 1)[-1] for name in edges} == set(layer)  # a new module gets its place in the list
    upward = [f"{a} imports {b}" for a, targets in edges.items() for b in targets
              if layer[b.rsplit(".", 1)[-1]] >= layer[a.rsplit(".", 1)[-1]]]
    assert upward == []
