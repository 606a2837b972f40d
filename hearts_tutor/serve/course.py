"""The learner's own copy of the course, which ``hearts-tutor lessons`` opens (SPEC sections 8 and 9).

The lessons ship inside the package; JupyterLab must never run them in place (a checkout would show them
modified after "Run All", an installed package may not be writable). :func:`learner_copy` copies the notebooks
and the course's README into a folder of the learner's (by default ``lessons`` in the user data directory),
once. Each later call copies what is new, and never overwrites what the learner may have changed:

- a course file the copy lacks is copied (a new lesson, or one the learner deleted);
- a course file changed since it was copied (a newer course) replaces the learner's copy only when that copy
  is still exactly what was copied; otherwise the new version is offered beside it as a new file,
  ``<name>.new-<id>.ipynb``, and the learner's file stays as it is.

What was copied is remembered in :data:`MANIFEST` inside the copy (each file's content hash). The puzzle
deals are not copied: the lessons read them from the package (a ``deals`` folder beside a notebook would take
precedence, for a learner who writes deals of their own).

>>> import tempfile
>>> from pathlib import Path
>>> course, mine = Path(tempfile.mkdtemp()), Path(tempfile.mkdtemp()) / "lessons"
>>> _ = (course / "01_rules.ipynb").write_text("v1")
>>> learner_copy(course, mine).copied
('01_rules.ipynb',)
>>> _ = (mine / "01_rules.ipynb").write_text("my notes")   # the learner's edit
>>> _ = (course / "01_rules.ipynb").write_text("v2")       # a newer course
>>> report = learner_copy(course, mine)
>>> (mine / "01_rules.ipynb").read_text(), [(mine / f).read_text() for f in report.offered]
('my notes', ['v2'])
"""

from __future__ import annotations

import hashlib
import json
import shutil
from dataclasses import dataclass
from pathlib import Path

MANIFEST = ".hearts-tutor-course.json"
"""The file in the learner's copy that remembers what was copied (name: content hash)."""
COURSE_FILES = ("*.ipynb", "README.md")
"""What of the lessons folder makes the learner's course."""


class CourseError(ValueError):
    """A folder that cannot hold the learner's copy, in plain words."""


@dataclass(frozen=True)
class CopyReport:
    """What :func:`learner_copy` did: files copied, replaced (unchanged by the learner) and offered as new."""

    folder: Path
    copied: tuple[str, ...] = ()
    updated: tuple[str, ...] = ()
    offered: tuple[str, ...] = ()

    def lines(self) -> list[str]:
        """What to tell the learner (nothing when the copy was up to date)."""
        out = []
        if self.copied:
            out.append(f"copied {len(self.copied)} course file(s) into {self.folder}")
        if self.updated:
            out.append(f"updated {len(self.updated)} lesson(s) you had not changed: {', '.join(self.updated)}")
        for name in self.offered:
            original = name.split(".new-")[0]
            out.append(f"a newer version of {original}.ipynb is in {name} (your own file was kept as it is)"
                       if name.endswith(".ipynb") else f"a newer version of a course file is in {name}")
        return out


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _course_files(source: Path) -> list[Path]:
    return sorted({p for pattern in COURSE_FILES for p in source.glob(pattern) if p.is_file()})


def _read_manifest(target: Path) -> dict[str, str]:
    try:
        data = json.loads((target / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}  # none yet (or unreadable): every file there counts as the learner's
    files = data.get("files") if isinstance(data, dict) else None
    return {str(k): str(v) for k, v in files.items()} if isinstance(files, dict) else {}


def learner_copy(source: Path, target: Path) -> CopyReport:
    """Bring the learner's copy at ``target`` up to date with the course at ``source`` (see the module's doc)."""
    source, target = Path(source), Path(target)
    if not source.is_dir():
        raise CourseError(f"the course folder {source} does not exist")
    if target.resolve() == source.resolve():
        raise CourseError(f"{target} is the course's own folder: choose another folder for your copy")
    if target.exists() and not target.is_dir():
        raise CourseError(f"{target} is a file, not a folder")
    target.mkdir(parents=True, exist_ok=True)
    manifest = _read_manifest(target)
    copied: list[str] = []
    updated: list[str] = []
    offered: list[str] = []
    for item in _course_files(source):
        name, digest = item.name, _digest(item)
        mine = target / name
        if not mine.exists():
            shutil.copyfile(item, mine)
            copied.append(name)
        elif manifest.get(name) == digest:
            continue  # the course has not changed since it was copied: whatever the learner did stays
        elif _digest(mine) == manifest.get(name) or _digest(mine) == digest:
            if _digest(mine) != digest:
                shutil.copyfile(item, mine)  # untouched by the learner: the newer course replaces it
                updated.append(name)
        else:
            new = target / f"{item.stem}.new-{digest[:8]}{item.suffix}"
            if not new.exists():
                shutil.copyfile(item, new)
                offered.append(new.name)
        manifest[name] = digest
    (target / MANIFEST).write_text(json.dumps({"files": manifest}, indent=1, sort_keys=True) + "\n",
                                   encoding="utf-8")
    return CopyReport(target, tuple(copied), tuple(updated), tuple(offered))


__all__ = ["COURSE_FILES", "MANIFEST", "CopyReport", "CourseError", "learner_copy"]
