"""The static site's build (``sitebuild/build.py``) without building: Pyodide's lock is rewritten to ship only
the pinned wheels with their own hashes, and a package the site does not ship is refused by name."""

from __future__ import annotations

import hashlib
import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def build() -> ModuleType:
    spec = importlib.util.spec_from_file_location("sitebuild_build", ROOT / "sitebuild" / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def wheel(folder: Path, name: str, content: bytes) -> dict[str, Any]:
    path = folder / f"{name}-1.0-py3-none-any.whl"
    path.write_bytes(content)
    return {"name": name, "version": "1.0", "file": path.name, "sha256": hashlib.sha256(content).hexdigest()}


def lock(**packages: list[str]) -> dict[str, Any]:
    return {"info": {"python": "3.14.2"}, "packages": {
        name: {"name": name, "version": "1.0", "file_name": f"{name}.whl", "sha256": "from-pyodide's-build",
               "depends": depends, "imports": [name], "install_dir": "site", "package_type": "package"}
        for name, depends in packages.items()}}


def test_the_lock_ships_only_the_pinned_wheels_with_their_hashes(build: ModuleType, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    import json

    monkeypatch.setattr(build, "project_depends", lambda: ["stack-data", "glicko2"])
    pins = [wheel(tmp_path, "stack_data", b"a"),
            {**wheel(tmp_path, "glicko2", b"b"), "depends": [], "imports": ["glicko2"]}]
    project = tmp_path / "hearts_tutor-0.1.0-py3-none-any.whl"
    project.write_bytes(b"ours")
    build.rewrite_lock(lock(stack_data=[], numpy=[]), pins, project, tmp_path)
    written = json.loads((tmp_path / "pyodide-lock.json").read_text())["packages"]
    assert set(written) == {"stack-data", "glicko2", "hearts-tutor"}  # numpy is not shipped: left out
    assert written["stack-data"]["sha256"] == pins[0]["sha256"]  # PyPI's file, not Pyodide's build
    assert written["stack-data"]["file_name"] == "stack_data-1.0-py3-none-any.whl"
    assert written["glicko2"]["sha256"] == pins[1]["sha256"] and written["glicko2"]["imports"] == ["glicko2"]
    assert written["hearts-tutor"]["depends"] == ["stack-data", "glicko2"]
    assert written["hearts-tutor"]["sha256"] == hashlib.sha256(b"ours").hexdigest()


def test_a_dependency_the_site_does_not_ship_is_refused_by_name(build: ModuleType, tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(build, "project_depends", lambda: [])
    project = tmp_path / "hearts_tutor-0.1.0-py3-none-any.whl"
    project.write_bytes(b"ours")
    with pytest.raises(SystemExit, match="ipython depends on pygments, which the site does not ship"):
        build.rewrite_lock(lock(ipython=["pygments"]), [wheel(tmp_path, "ipython", b"i")], project, tmp_path)
    with pytest.raises(SystemExit, match=r"comm 1\.0 is not in Pyodide's lock: give its depends and imports"):
        build.rewrite_lock(lock(), [wheel(tmp_path, "comm", b"c")], project, tmp_path)


def test_the_browser_gets_the_dependencies_it_can_run(build: ModuleType) -> None:
    depends = build.project_depends()
    assert {"ipywidgets", "fsrs", "glicko2", "platformdirs"} <= set(depends)
    assert not {"voila", "jupyterlab", "matplotlib"} & set(depends)  # the server side, and a binary package


def test_the_table_page_unpacks_what_hearts_tutor_needs_and_nothing_else(build: ModuleType) -> None:
    written = lock(**{"hearts-tutor": ["ipywidgets"], "ipywidgets": ["comm", "ipython", "traitlets"], "comm": [],
                      "traitlets": [], "ipython": ["traitlets", "pygments"], "pygments": [], "jedi": ["parso"],
                      "parso": []})
    assert build.wheel_closure(written) == ["comm.whl", "hearts-tutor.whl", "ipywidgets.whl", "traitlets.whl"]
    assert "pygments.whl" in build.wheel_closure(written, without=())
    with pytest.raises(SystemExit, match="has no ipywidgets, which the table page needs"):
        build.wheel_closure(lock(**{"hearts-tutor": ["ipywidgets"]}))
