"""``hearts-tutor play`` and ``hearts-tutor lessons``: the table as a web page (Voila) and the lessons in JupyterLab.

Both work from an installed package: the notebooks ship inside it as ``hearts_tutor.lessons`` (package data)
and are found with :mod:`importlib.resources`, whether the install is editable or not.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from contextlib import ExitStack
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from ..practice.stats import CLASS_DIR, data_dir

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


@dataclass(frozen=True)
class ServeOptions:
    """How ``hearts-tutor play`` serves the table: one learner on this machine, or a class on one server."""

    port: int = 8866
    open_browser: bool = True
    ip: str = "127.0.0.1"
    cull_idle: int = 1800
    """Seconds a kernel whose page is gone (or, with ``cull_connected``, any idle kernel) lives on."""
    cull_connected: bool = False
    preheat: int = 1
    """Kernels that have already dealt the table, waiting for the next visitors (0: start one per visitor)."""
    per_learner: bool = False
    """Each page keeps its statistics and practice records apart, for as long as its kernel lives."""

    @property
    def cull_interval(self) -> int:
        """How often the server looks for kernels to cull: often enough to keep close to ``cull_idle``."""
        return max(1, min(120, self.cull_idle // 5))


def voila_argv(notebook: Path, options: ServeOptions) -> list[str]:
    if options.cull_idle < 1 or options.preheat < 0:
        raise ValueError(f"--cull-idle must be at least 1 second and --preheat at least 0, not "
                         f"{options.cull_idle} and {options.preheat}")
    argv = [str(notebook), f"--port={options.port}", f"--Voila.ip={options.ip}", "--theme=light", "--template=hearts",
            # a kernel that has already dealt the table waits for each visitor: the page is ready at once
            f"--preheat_kernel={options.preheat > 0}", f"--pool_size={max(options.preheat, 1)}",
            # kernels of closed pages (whose shutdown call was lost) are culled once idle that long
            f"--MappingKernelManager.cull_idle_timeout={options.cull_idle}",
            f"--MappingKernelManager.cull_interval={options.cull_interval}",
            f"--MappingKernelManager.cull_connected={options.cull_connected}",
            # ... counting a preheated kernel's idle time from when a page takes it (hearts_tutor.serve.kernels)
            "--VoilaConfiguration.multi_kernel_manager_class=hearts_tutor.serve.kernels.HandoutKernelManager",
            # a busy server (a class opening the table at once) may take longer than 4 s to send a cell's output
            "--VoilaExecutor.iopub_timeout=60",
            "--VoilaConfiguration.show_tracebacks=True", "--Voila.port_retries=0"]
    if not options.open_browser:
        argv.append("--no-browser")
    return argv


def serve(options: ServeOptions | None = None) -> int:
    """Serve the table (lessons/play.ipynb) with Voila until interrupted: one kernel per page."""
    options = options or ServeOptions()
    try:
        from voila.app import Voila
    except ImportError:
        print("hearts-tutor play needs Voila: pip install voila", file=sys.stderr)
        return 1
    with ExitStack() as stack:
        try:
            folder = lessons_dir(stack)
            data = jupyter_data_dir(stack)
            argv = voila_argv(folder / APP_NOTEBOOK, options)
        except (FileNotFoundError, ModuleNotFoundError, ValueError) as e:
            print(f"hearts-tutor play: {e}", file=sys.stderr)
            return 1
        os.environ["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(data), os.environ.get("JUPYTER_PATH")) if p)
        if options.per_learner:  # the kernels inherit it; removed with every learner's records when we stop
            os.environ[CLASS_DIR] = stack.enter_context(tempfile.TemporaryDirectory(prefix="hearts_tutor_class_"))
        print(f"hearts-tutor: serving the table at http://{options.ip}:{options.port}/ (Ctrl-C to stop)", flush=True)
        Voila.launch_instance(argv=argv)
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
