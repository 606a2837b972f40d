"""The static site's table page without a kernel (``hearts_tutor.serve.page_bridge``), in CPython: the table's widgets
open their comms through the page's ``send``, a message from the page reaches the table, and each snapshot of the
learner database is handed to the page (which keeps it in IndexedDB) as soon as it is written."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hearts_tutor.practice import learner
from hearts_tutor.practice.learner import LearnerDB
from hearts_tutor.serve.page_bridge import start


def test_each_snapshot_is_handed_on_with_the_bytes_on_the_drive(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    handed: list[tuple[Path, bytes]] = []
    monkeypatch.setattr(learner, "AFTER_SNAPSHOT", [lambda path, data: handed.append((path, data))])
    db = LearnerDB(tmp_path / "learner.sqlite3", snapshots=True)
    handed.clear()  # opening writes the migrated statistics
    db.update_stats(lambda st: st.record_hand(points=3, moon=False, queen=False))
    assert len(handed) == 1
    path, data = handed[0]
    assert path == tmp_path / "learner.sqlite3" and data == path.read_bytes()
    db.close()
    again = LearnerDB(tmp_path / "learner.sqlite3", snapshots=True)
    assert again.stats().hands == 1
    again.close()


def test_the_table_talks_to_the_page_through_its_comms(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEARTS_TUTOR_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(learner, "AFTER_SNAPSHOT", [])
    sent: list[tuple[str, str, dict[str, Any]]] = []
    bridge, model_id, catch_up = start(lambda kind, comm_id, _target, data, _meta, _buffers: sent.append(
        (kind, comm_id, json.loads(data))), lambda path, data: None, seed=1, mode="sync", grading=False,
        save=False)
    try:
        opened = {comm_id: data["state"] for kind, comm_id, data in sent if kind == "comm_open"}
        assert model_id in opened, "the widget to show was opened on the page"
        (stats_toggle,) = [i for i, state in opened.items()
                           if state.get("description") == "Statistics" and "ToggleButton" in state["_model_name"]]
        before = len(sent)
        bridge.receive(stats_toggle, json.dumps({"method": "update", "state": {"value": True},
                                                 "buffer_paths": []}), [])
        shown = json.dumps([data for _kind, _id, data in sent[before:]])
        assert "Average points per hand" in shown, "the statistics panel is drawn for the page"
        with pytest.raises(KeyError, match="no comm"):
            bridge.receive("nobody", "{}", [])
        assert catch_up() is False, "outside the browser the table's database is the file itself: nothing to take in"
    finally:
        bridge.close()


def test_the_table_runs_without_importing_ipython() -> None:
    """The page's Python starts without IPython (most of its start-up): ipywidgets and the table import and
    work, and what needs a shell says so."""
    import subprocess
    import sys

    code = """
import sys
from hearts_tutor.serve.page_bridge import Bridge, without_ipython
assert without_ipython()
bridge = Bridge(lambda *message: None)
from hearts_tutor.table import Table
t = Table(seed=1, mode="sync", grading=False, save=False)
assert t.widget.model_id
import IPython.display
try:
    IPython.display.display(t)
except NotImplementedError as e:
    print("display:", e)
print("prompt_toolkit" in sys.modules, "IPython.core.interactiveshell" in sys.modules, without_ipython())
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True).stdout
    assert "display: the table page has no IPython shell" in out
    assert out.strip().endswith("False True False")  # no prompt_toolkit; the stand-in; nothing replaced twice
