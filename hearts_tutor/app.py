"""``hearts-tutor play`` and ``hearts-tutor lessons``: the table as a web page (Voila) and the lessons in JupyterLab.

Both work from an installed package: the notebooks ship inside it as ``hearts_tutor.lessons`` (package data)
and are found with :mod:`importlib.resources`, whether the install is editable or not.
"""

from __future__ import annotations

import os
import shutil
import sys
from contextlib import ExitStack
from importlib import resources
from pathlib import Path

from .stats import data_dir

APP_NOTEBOOK = "play.ipynb"


def lessons_dir(stack: ExitStack) -> Path:
    """The folder holding the lesson notebooks (a real directory for as long as ``stack`` is open)."""
    root = resources.files("hearts_tutor.lessons")
    if not root.joinpath(APP_NOTEBOOK).is_file():
        raise FileNotFoundError(f"{APP_NOTEBOOK} is missing from the installed package (hearts_tutor.lessons)")
    return Path(stack.enter_context(resources.as_file(root)))


def jupyter_data_dir(stack: ExitStack) -> Path:
    """The package's Jupyter data folder (it holds the Voila template ``hearts``)."""
    return Path(stack.enter_context(resources.as_file(resources.files("hearts_tutor").joinpath("static", "jupyter"))))


def voila_argv(notebook: Path, port: int, open_browser: bool) -> list[str]:
    argv = [str(notebook), f"--port={port}", "--Voila.ip=127.0.0.1", "--theme=light", "--template=hearts",
            # a kernel that has already dealt the table waits for each visitor: the page is ready at once
            "--preheat_kernel=True", "--pool_size=1",
            # kernels of closed pages that could not be shut down are culled after a while
            "--MappingKernelManager.cull_idle_timeout=1800", "--MappingKernelManager.cull_interval=120",
            "--VoilaConfiguration.show_tracebacks=True", "--Voila.port_retries=0"]
    if not open_browser:
        argv.append("--no-browser")
    return argv


def serve(port: int = 8866, open_browser: bool = True) -> int:
    """Serve the table (lessons/play.ipynb) with Voila on 127.0.0.1:``port`` until interrupted."""
    try:
        from voila.app import Voila
    except ImportError:
        print("hearts-tutor play needs Voila: pip install voila", file=sys.stderr)
        return 1
    with ExitStack() as stack:
        try:
            folder = lessons_dir(stack)
            data = jupyter_data_dir(stack)
        except (FileNotFoundError, ModuleNotFoundError) as e:
            print(f"hearts-tutor play: {e}", file=sys.stderr)
            return 1
        os.environ["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(data), os.environ.get("JUPYTER_PATH")) if p)
        print(f"hearts-tutor: serving the table at http://127.0.0.1:{port}/ (Ctrl-C to stop)", flush=True)
        Voila.launch_instance(argv=voila_argv(folder / APP_NOTEBOOK, port, open_browser))
    return 0


def user_lessons_dir(source: Path) -> Path:
    """Where the learner's copy of the lessons lives: the checkout itself, or a copy in the data directory.

    Lessons inside an installed package are copied once (new files only), so the learner can edit and save
    them without touching the package.
    """
    if (source.parent / "pyproject.toml").is_file() and source.name == "lessons":
        return source  # a checkout: work on the lessons in place
    target = data_dir() / "lessons"
    target.mkdir(parents=True, exist_ok=True)
    for item in source.rglob("*"):
        rel = item.relative_to(source)
        if "__pycache__" in rel.parts or ".ipynb_checkpoints" in rel.parts or item.name == "__init__.py":
            continue
        dest = target / rel
        if item.is_dir():
            dest.mkdir(parents=True, exist_ok=True)
        elif not dest.exists():
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(item, dest)
    return target


def open_lessons() -> int:
    """Open JupyterLab on the lessons folder."""
    try:
        from jupyterlab.labapp import LabApp
    except ImportError:
        print("hearts-tutor lessons needs JupyterLab: pip install jupyterlab", file=sys.stderr)
        return 1
    with ExitStack() as stack:
        folder = user_lessons_dir(lessons_dir(stack))
        print(f"hearts-tutor: opening JupyterLab on {folder}", flush=True)
        argv = [f"--ServerApp.root_dir={folder}", "--ServerApp.ip=127.0.0.1"]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            argv.append("--ServerApp.allow_root=True")  # containers often run as root; JupyterLab refuses otherwise
        LabApp.launch_instance(argv=argv)
    return 0
