"""The engine knows nothing of the screen: importing it loads no widget, notebook or UI module."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

import hearts_tutor

ENGINE = ("cards", "rules", "moves", "hand", "view", "sampling", "record", "match")
UI_PACKAGES = ("ipywidgets", "IPython", "traitlets", "ipykernel", "comm", "voila", "jupyterlab", "jupyter_server",
               "anywidget", "matplotlib")
UI_MODULES = ("hearts_tutor.table", "hearts_tutor.widgets", "hearts_tutor.serve.app")
PACKAGE_DIR = Path(hearts_tutor.__file__).parent


def loaded_after(statement: str) -> list[str]:
    code = f"import json, sys\n{statement}\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def ui_modules(modules: list[str]) -> list[str]:
    return [m for m in modules if m.split(".")[0] in UI_PACKAGES
            or any(m == ui or m.startswith(ui + ".") or m.startswith(ui + "_") for ui in UI_MODULES)]


@pytest.mark.parametrize("module", ENGINE)
def test_importing_an_engine_module_loads_no_ui(module: str) -> None:
    modules = loaded_after(f"import hearts_tutor.engine.{module}")
    assert f"hearts_tutor.engine.{module}" in modules
    assert ui_modules(modules) == [], f"importing hearts_tutor.engine.{module} loads UI modules"


def test_whole_engine_together_loads_no_ui() -> None:
    modules = loaded_after("import " + ", ".join(f"hearts_tutor.engine.{m}" for m in ENGINE))
    assert ui_modules(modules) == []


def test_the_check_would_notice_a_ui_import() -> None:
    assert ui_modules(["traitlets.config", "hearts_tutor.table.widget", "hearts_tutor.serve.app", "os"]) == [
        "traitlets.config", "hearts_tutor.table.widget", "hearts_tutor.serve.app"]


@pytest.mark.parametrize("module", ENGINE)
def test_engine_sources_import_only_the_engine_and_the_standard_library(module: str) -> None:
    tree = ast.parse((PACKAGE_DIR / "engine" / f"{module}.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:  # relative: must be another engine module
                assert (node.module or "") in ENGINE, f"hearts_tutor.engine.{module} imports .{node.module}"
            else:
                assert node.module and node.module.split(".")[0] in sys.stdlib_module_names | {"hearts_tutor"}, (
                    f"hearts_tutor.engine.{module} imports {node.module}")
                if node.module.startswith("hearts_tutor"):
                    assert node.module.split(".")[1:3] in (["engine", m] for m in ENGINE)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                root = alias.name.split(".")[0]
                assert root in sys.stdlib_module_names, f"hearts_tutor.engine.{module} imports {alias.name}"
