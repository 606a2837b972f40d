"""The package's import graph, read from the sources (ast): no circle anywhere, and the engine stands alone.

Every import counts: module level, inside a function, under ``if TYPE_CHECKING:`` (an import moved into a
function to dodge a circle is still a circle). ``from a import b`` is an arrow to the module ``a.b`` when
that is a module of the package, else to ``a``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import hearts_tutor

PACKAGE = "hearts_tutor"
PACKAGE_DIR = Path(hearts_tutor.__file__).parent
ENGINE = f"{PACKAGE}.engine"
ENGINE_MODULES = ("cards", "rules", "hand", "view", "record", "match")


def module_files() -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its own name, for its ``__init__``)."""
    modules = {}
    for path in sorted(PACKAGE_DIR.rglob("*.py")):
        parts = path.relative_to(PACKAGE_DIR).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        modules[".".join((PACKAGE, *parts))] = path
    return modules


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The package modules that the module ``name`` (source at ``path``) imports, wherever the import stands."""
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".")
                base = base[: len(base) - node.level + (1 if is_package else 0)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            targets = [f"{source}.{alias.name}" if f"{source}.{alias.name}" in known else source
                       for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in known:  # `import a.b.c` of a name inside a module: the module
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def import_graph() -> dict[str, set[str]]:
    files = module_files()
    known = set(files)
    return {name: imports_of(name, path, known) for name, path in files.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def describe(component: list[str], graph: dict[str, set[str]]) -> str:
    members = set(component)
    arrows = [f"  {a} -> {b}" for a in component for b in sorted(graph[a] & members)]
    return "circle of " + ", ".join(component) + ":\n" + "\n".join(arrows)


def test_no_import_circle_in_the_package() -> None:
    graph = import_graph()
    found = circles(graph)
    assert not found, "\n".join(describe(component, graph) for component in found)


def test_the_engine_holds_the_rules_modules() -> None:
    files = module_files()
    missing = [m for m in ENGINE_MODULES if f"{ENGINE}.{m}" not in files]
    assert not missing, f"{ENGINE} lacks {missing}"


def test_the_engine_imports_nothing_else_of_the_package() -> None:
    graph = import_graph()
    engine = [name for name in graph if name == ENGINE or name.startswith(ENGINE + ".")]
    assert engine, f"no {ENGINE} package"
    outside = {name: sorted(t for t in graph[name] if t != ENGINE and not t.startswith(ENGINE + "."))
               for name in engine}
    assert not {k: v for k, v in outside.items() if v}, outside


def test_the_check_finds_a_circle_and_an_import_in_a_function(tmp_path: Path) -> None:
    source = tmp_path / "a.py"
    source.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.b import X\n"
                      "def f():\n    from . import c\n", encoding="utf-8")
    known = {"pkg", "pkg.a", "pkg.b", "pkg.c"}
    assert imports_of("pkg.a", source, known) == {"pkg.b", "pkg.c"}
    graph = {"pkg.a": {"pkg.b"}, "pkg.b": {"pkg.c"}, "pkg.c": {"pkg.a"}, "pkg.d": {"pkg.a"}}
    assert circles(graph) == [["pkg.a", "pkg.b", "pkg.c"]]
    assert circles({"pkg.a": {"pkg.b"}, "pkg.b": set()}) == []


def test_no_module_imports_another_module_s_private_names() -> None:
    """A name with a leading underscore belongs to its module: other modules of the package ask for it by a
    public name, or are handed what they need."""
    files = module_files()
    found = []
    for name, path in files.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").startswith(PACKAGE)):
                found += [f"{name} imports {'.' * node.level}{node.module or ''}.{alias.name}" for alias in node.names
                          if alias.name.startswith("_") and not alias.name.startswith("__")]
    assert not found, "\n".join(found)


JUDGMENT = ("bots", "coach", "equity")
UI_PACKAGES = ("table", "serve", "practice")
UI_LIBRARIES = ("ipywidgets", "IPython", "voila", "matplotlib", "jupyterlab")


def ui_imports(name: str, path: Path, graph: dict[str, set[str]]) -> list[str]:
    """What the module ``name`` imports of the interface: the package's UI modules or a UI library."""
    found = [t for t in sorted(graph[name]) if any(t.startswith(f"{PACKAGE}.{p}") for p in UI_PACKAGES)]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                 else [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else [])
        found += [n for n in names if n.split(".")[0] in UI_LIBRARIES]
    return found


def test_the_judgment_imports_no_interface() -> None:
    """Bots, the coach and the game-win model judge positions; the table, the pages and practice show them.
    The judgment imports nothing of the interface, so it runs in a worker, a benchmark or a batch job alone."""
    graph, files = import_graph(), module_files()
    judged = {name: path for name, path in files.items()
              if any(name == f"{PACKAGE}.{p}" or name.startswith(f"{PACKAGE}.{p}.") for p in JUDGMENT)}
    assert len(judged) > 20, sorted(judged)
    found = {name: ui for name, path in judged.items() if (ui := ui_imports(name, path, graph))}
    assert not found, found


def test_the_interface_check_sees_a_widget_import(tmp_path: Path) -> None:
    source = tmp_path / "m.py"
    source.write_text("import ipywidgets as w\nfrom IPython.display import HTML\nfrom json import dumps\n",
                      encoding="utf-8")
    graph = {"pkg.m": {f"{PACKAGE}.table.felt", f"{PACKAGE}.engine.cards"}}
    assert ui_imports("pkg.m", source, graph) == [f"{PACKAGE}.table.felt", "ipywidgets", "IPython.display"]
