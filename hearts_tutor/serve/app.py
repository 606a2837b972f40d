"""``hearts-tutor play`` and ``hearts-tutor lessons``: the table as a web page (Voila), the lessons in JupyterLab
(on the learner's own copy of them, :mod:`.course`).

Both work from an installed package: the notebooks ship inside it as ``hearts_tutor.lessons`` (package data)
and are found with :mod:`importlib.resources`, whether the install is editable or not.
"""

from __future__ import annotations

import os
import sys
import tempfile
from contextlib import ExitStack
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from ..practice.stats import CLASS_DIR, data_dir
from .course import CourseError, learner_copy

APP_NOTEBOOK = "play.ipynb"
SLOW_OPTIONAL_CHECKS = ("rfc3987_syntax",)
"""Optional modules the Jupyter server's packages import only to check more string formats in JSON schemas:
jsonschema's IRI syntax check builds a Lark grammar at import, 2.5 of the 3.8 CPU seconds Voila's import takes
(``python -X importtime -c "import voila.app"``). Our servers validate no IRIs."""


def skip_slow_optional_checks() -> None:
    """Start the servers without :data:`SLOW_OPTIONAL_CHECKS` (jsonschema imports them under
    ``suppress(ImportError)``: a ``None`` entry in :data:`sys.modules` makes that import fail at once)."""
    for name in SLOW_OPTIONAL_CHECKS:
        sys.modules.setdefault(name, None)  # type: ignore[arg-type]


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
    coach_deals: int | None = None
    """Sampled deals behind each grade, hint and review at the tables (None: the coach's own budget)."""

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
    skip_slow_optional_checks()
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
        if options.coach_deals is not None:  # the kernels inherit it
            from ..table.helpers import COACH_DEALS_ENV

            os.environ[COACH_DEALS_ENV] = str(options.coach_deals)
        print(f"hearts-tutor: serving the table at http://{options.ip}:{options.port}/ (Ctrl-C to stop)", flush=True)
        Voila.launch_instance(argv=argv)
    return 0


def user_lessons_dir(source: Path, folder: Path | None = None) -> Path:
    """The learner's copy of the lessons (``folder``, else ``lessons`` in the user data directory), brought up
    to date with the course at ``source`` without overwriting the learner's edits (:mod:`.course`)."""
    report = learner_copy(source, folder if folder is not None else data_dir() / "lessons")
    for line in report.lines():
        print(f"hearts-tutor: {line}", flush=True)
    return report.folder


@dataclass(frozen=True)
class LessonsOptions:
    """How ``hearts-tutor lessons`` opens JupyterLab: on which port, with a browser or not, on which copy."""

    port: int = 8888
    open_browser: bool = True
    folder: Path | None = None
    """The learner's copy of the course (None: ``lessons`` in the user data directory)."""


def lab_argv(folder: Path, options: LessonsOptions) -> list[str]:
    """JupyterLab's arguments: the learner's copy as its root, on 127.0.0.1 and the given port only."""
    argv = [f"--ServerApp.root_dir={folder}", "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={options.port}",
            "--ServerApp.port_retries=0", f"--ServerApp.open_browser={options.open_browser}"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        argv.append("--ServerApp.allow_root=True")  # containers often run as root; JupyterLab refuses otherwise
    return argv


def open_lessons(options: LessonsOptions | None = None) -> int:
    """Open JupyterLab on the learner's own copy of the lessons, never on the package's (or a checkout's) files."""
    options = options or LessonsOptions()
    skip_slow_optional_checks()
    try:
        from jupyterlab.labapp import LabApp
    except ImportError:
        print("hearts-tutor lessons needs JupyterLab: pip install jupyterlab", file=sys.stderr)
        return 1
    with ExitStack() as stack:
        try:
            folder = user_lessons_dir(lessons_dir(stack), options.folder)
        except (FileNotFoundError, ModuleNotFoundError, CourseError, OSError) as e:
            print(f"hearts-tutor lessons: {e}", file=sys.stderr)
            return 1
        print(f"hearts-tutor: opening JupyterLab on your copy of the lessons in {folder}", flush=True)
        LabApp.launch_instance(argv=lab_argv(folder, options))
    return 0
