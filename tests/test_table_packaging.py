"""The app ships inside the package: play.ipynb, the lessons and the Voila template are found by
importlib.resources (editable or regular install), and pyproject.toml lists every subpackage."""

from __future__ import annotations

import fnmatch
import os
import subprocess
import tomllib
from contextlib import ExitStack
from pathlib import Path

import pytest

from hearts_tutor.serve import app
from hearts_tutor.serve.course import CopyReport, CourseError, learner_copy

ROOT = Path(__file__).resolve().parent.parent


def test_every_subpackage_is_packaged() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    listed = set(config["packages"])
    on_disk = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "hearts_tutor").rglob("__init__.py")}
    assert on_disk <= listed, f"missing from [tool.setuptools] packages: {sorted(on_disk - listed)}"
    assert config["package-dir"]["hearts_tutor.lessons"] == "lessons"



def test_every_data_file_is_packaged() -> None:
    """Each file that is not Python (lessons, deals, puzzle bank, Voila template) matches a package-data pattern
    of the package that holds it (the deepest listed one; setuptools only looks there)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    folders = {name: ROOT / config["package-dir"].get(name, name.replace(".", "/")) for name in config["packages"]}
    for name in config["packages"]:  # a subpackage of a folder mapped elsewhere lives under that folder
        for parent, folder in folders.items():
            if name.startswith(parent + ".") and parent in config["package-dir"]:
                folders[name] = folder / name.removeprefix(parent + ".").replace(".", "/")
    data = config["package-data"]
    tracked = subprocess.run(["git", "ls-files", "hearts_tutor", "lessons"], cwd=ROOT, capture_output=True,
                             text=True, check=True).stdout.split()
    files = [ROOT / f for f in tracked if not f.endswith(".py")]
    assert any(f.suffix == ".jsonl" for f in files) and any(f.name == "index.html.j2" for f in files)
    for f in files:
        holder = max((n for n, folder in folders.items() if f.is_relative_to(folder)),
                     key=lambda n: len(folders[n].parts))
        relative = f.relative_to(folders[holder]).as_posix()
        assert any(fnmatch.fnmatch(relative, pattern) for pattern in data.get(holder, [])), \
            f"{f.relative_to(ROOT)} is not packaged: no pattern of {holder} in [tool.setuptools.package-data] matches"


def test_app_files_are_found_as_package_resources() -> None:
    with ExitStack() as stack:
        lessons = app.lessons_dir(stack)
        assert (lessons / "play.ipynb").is_file()
        template = app.jupyter_data_dir(stack) / "voila" / "templates" / "hearts"
        assert (template / "index.html.j2").is_file() and (template / "conf.json").is_file()
        argv = app.voila_argv(lessons / "play.ipynb", app.ServeOptions(port=8899, open_browser=False))
        assert "--port=8899" in argv and "--Voila.ip=127.0.0.1" in argv and "--no-browser" in argv
        assert "--template=hearts" in argv


def test_class_options_reach_voila(tmp_path: Path) -> None:
    options = app.ServeOptions(ip="0.0.0.0", cull_idle=20, cull_connected=True, preheat=3)
    argv = app.voila_argv(tmp_path / "play.ipynb", options)
    for arg in ("--Voila.ip=0.0.0.0", "--MappingKernelManager.cull_idle_timeout=20",
                "--MappingKernelManager.cull_interval=4", "--MappingKernelManager.cull_connected=True",
                "--preheat_kernel=True", "--pool_size=3"):
        assert arg in argv, arg
    assert "--preheat_kernel=False" in app.voila_argv(tmp_path / "play.ipynb", app.ServeOptions(preheat=0))
    with pytest.raises(ValueError, match="--cull-idle"):
        app.voila_argv(tmp_path / "play.ipynb", app.ServeOptions(cull_idle=0))


def test_a_class_keeps_each_learners_records_apart(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from hearts_tutor.practice.stats import CLASS_DIR, learner_data_dir

    monkeypatch.delenv(CLASS_DIR, raising=False)
    assert learner_data_dir() is None  # one learner: the usual data folder
    monkeypatch.setenv(CLASS_DIR, str(tmp_path))
    first, second = learner_data_dir(), learner_data_dir()
    assert first and second and first != second and first.parent == second.parent == tmp_path


def test_play_notebook_is_minimal() -> None:
    import json

    nb = json.loads((ROOT / "lessons" / "play.ipynb").read_text())
    code = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    assert len(code) == 1 and "Table" in code[0] and len(code[0].splitlines()) <= 4


def test_lessons_are_copied_for_an_installed_package_and_a_checkout(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("HEARTS_TUTOR_DATA_DIR", str(tmp_path / "data"))
    copy = app.user_lessons_dir(ROOT / "lessons")
    assert copy == tmp_path / "data" / "lessons", "a checkout is copied too, never run in place"
    assert (copy / "02_passing.ipynb").read_bytes() == (ROOT / "lessons" / "02_passing.ipynb").read_bytes()
    assert not (copy / "deals").exists() and not (copy / "__init__.py").exists()
    installed = tmp_path / "site" / "hearts_tutor" / "lessons"
    installed.mkdir(parents=True)
    (installed / "play.ipynb").write_text("{}")
    (installed / "__init__.py").write_text("")
    target = app.user_lessons_dir(installed, tmp_path / "mine")
    assert target == tmp_path / "mine" and (target / "play.ipynb").read_text() == "{}"
    (target / "play.ipynb").write_text("edited")
    app.user_lessons_dir(installed, target)
    assert (target / "play.ipynb").read_text() == "edited", "the learner's edits are kept"
    with pytest.raises(CourseError, match="course's own folder"):
        app.user_lessons_dir(installed, installed)


def test_a_newer_course_replaces_untouched_lessons_and_offers_the_rest_as_new_files(tmp_path: Path) -> None:
    course, mine = tmp_path / "course", tmp_path / "mine"
    course.mkdir()
    for name in ("01_a.ipynb", "02_b.ipynb", "README.md"):
        (course / name).write_text(f"{name} v1")
    assert learner_copy(course, mine).copied == ("01_a.ipynb", "02_b.ipynb", "README.md")
    (mine / "02_b.ipynb").write_text("my answers")  # run and saved by the learner
    assert learner_copy(course, mine) == CopyReport(mine), "nothing new: nothing done"
    for name in ("01_a.ipynb", "02_b.ipynb"):
        (course / name).write_text(f"{name} v2")
    (course / "03_c.ipynb").write_text("new lesson")
    report = learner_copy(course, mine)
    assert report.copied == ("03_c.ipynb",) and report.updated == ("01_a.ipynb",) and len(report.offered) == 1
    assert (mine / "01_a.ipynb").read_text() == "01_a.ipynb v2"  # untouched by the learner: replaced
    assert (mine / "02_b.ipynb").read_text() == "my answers"  # the learner's: kept
    assert (mine / report.offered[0]).read_text() == "02_b.ipynb v2" and report.offered[0].startswith("02_b.new-")
    assert any("02_b.ipynb" in line for line in report.lines())
    assert learner_copy(course, mine) == CopyReport(mine), "offered once"
    (mine / "01_a.ipynb").unlink()
    assert learner_copy(course, mine).copied == ("01_a.ipynb",)


def test_lessons_command_options(monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from hearts_tutor.cli import build_parser

    args = build_parser().parse_args(["lessons", "--port", "9123", "--no-browser", "--dir", str(tmp_path)])
    assert (args.port, args.no_browser, args.dir) == (9123, True, str(tmp_path))
    argv = app.lab_argv(tmp_path, app.LessonsOptions(port=9123, open_browser=False, folder=tmp_path))
    assert f"--ServerApp.root_dir={tmp_path}" in argv and "--ServerApp.port=9123" in argv
    assert "--ServerApp.open_browser=False" in argv
    with pytest.raises(SystemExit):
        build_parser().parse_args(["lessons", "--port", "0"])


def test_play_hands_its_coach_deals_to_the_kernels(monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """``hearts-tutor play --coach-deals N`` puts N where every kernel's tables read it (not launching Voila)."""
    from voila.app import Voila

    from hearts_tutor.cli import build_parser
    from hearts_tutor.table.helpers import COACH_DEALS_ENV

    seen: dict[str, str | None] = {}
    monkeypatch.setattr(Voila, "launch_instance",
                        classmethod(lambda cls, argv=None: seen.update(deals=os.environ.get(COACH_DEALS_ENV))))
    for name in (COACH_DEALS_ENV, "JUPYTER_PATH"):  # both put back after the test
        monkeypatch.setenv(name, os.environ.get(name, ""))
    monkeypatch.setenv("HEARTS_TUTOR_DATA_DIR", str(tmp_path))
    args = build_parser().parse_args(["play", "--no-browser", "--coach-deals", "30"])
    assert args.func(args) == 0 and seen == {"deals": "30"}
    for bad in ("1", "many"):
        with pytest.raises(SystemExit):
            build_parser().parse_args(["play", "--coach-deals", bad])
