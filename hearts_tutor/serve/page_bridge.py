"""The static site's table page without a kernel: ipywidgets' comms carried to the page's widget manager.

The site's ``play/`` page (``sitebuild/play/``) runs Pyodide in the page itself and renders the widgets with
``@jupyter-widgets/html-manager``. No Jupyter kernel carries the widgets' messages, so this module does: every
comm ipywidgets opens is a :class:`PageComm`, whose messages go to ``send`` (a function of the page), and the
page hands the front end's messages to :func:`receive`. The learner database's snapshots go to ``saved`` (the
page writes them to IndexedDB and says when they are on the drive). The page has no IPython shell, so it starts
without importing IPython (:func:`without_ipython`).

>>> sent = []
>>> bridge = Bridge(lambda *message: sent.append(message))
>>> import ipywidgets
>>> box = ipywidgets.IntText(value=3)
>>> sent[-1][:2] == ("comm_open", box.model_id)  # after its layout's and style's
True
>>> bridge.receive(box.model_id, '{"method": "update", "state": {"value": 7}, "buffer_paths": []}', [])
>>> box.value
7
>>> bridge.close()
"""

from __future__ import annotations

import json
import sys
import types
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import comm
from comm.base_comm import BaseComm, BuffersType, MaybeDict

#: ``send(msg_type, comm_id, target_name, data_json, metadata_json, buffers)``: one comm message to the page.
Send = Callable[[str, str, str, str, str, list[bytes]], None]


class PageComm(BaseComm):
    """A comm whose messages go to the page's widget manager."""

    def __init__(self, *args: Any, send: Send, **kwargs: Any) -> None:
        self._send = send
        super().__init__(*args, **kwargs)

    def publish_msg(self, msg_type: str, data: MaybeDict = None, metadata: MaybeDict = None,
                    buffers: BuffersType = None, **keys: Any) -> None:
        self._send(msg_type, self.comm_id, self.target_name, json.dumps(data or {}), json.dumps(metadata or {}),
                   [bytes(b) for b in buffers or ()])


def _bytes(buffer: Any) -> bytes:
    """Bytes of a buffer from Python or from the page (a JsProxy of a Uint8Array: ``to_bytes``)."""
    return bytes(buffer.to_bytes() if hasattr(buffer, "to_bytes") else buffer)


class Bridge:
    """Makes every new comm a :class:`PageComm` sending to ``send`` (until :meth:`close`)."""

    def __init__(self, send: Send) -> None:
        self._before = comm.create_comm
        self._send = send
        comm.create_comm = self._create

    def _create(self, *args: Any, **kwargs: Any) -> BaseComm:
        return PageComm(*args, send=self._send, **kwargs)

    def receive(self, comm_id: str, data_json: str, buffers: Sequence[Any]) -> None:
        """A message from the front end to the comm ``comm_id`` (buffers: bytes or memoryviews)."""
        target = comm.get_comm_manager().get_comm(comm_id)
        if target is None:
            raise KeyError(f"no comm {comm_id!r} on the Python side")
        data = json.loads(data_json)
        target.handle_msg({"content": {"comm_id": comm_id, "data": data},
                           "buffers": [memoryview(_bytes(b)) for b in buffers]})

    def close(self) -> None:
        """Comms made from now on are the ``comm`` package's default again."""
        comm.create_comm = self._before


def _no_shell(*args: Any, **kwargs: Any) -> None:
    raise NotImplementedError("the table page has no IPython shell: display() and clear_output() need one")


class _NoShell:
    """Where ipywidgets' Output widget looks for IPython's shell class: there is none on the table page."""

    @classmethod
    def initialized(cls) -> bool:
        return False


def without_ipython() -> bool:
    """Let ipywidgets import on a page with no IPython shell without importing IPython; returns whether it did.

    ipywidgets asks ``get_ipython()``, which is None wherever no shell runs (so on this page with the real IPython
    too), and imports ``display``, ``clear_output`` and ``InteractiveShell`` for ``interact`` and the Output
    widget, which the table does not use (they raise ``NotImplementedError`` here). Importing the real IPython
    (and prompt_toolkit, 400 modules) took three quarters of Python's start on the page. Nothing is replaced
    when IPython is already imported; only the site's table page calls this, never a notebook."""
    if "IPython" in sys.modules:
        return False
    ipython = types.ModuleType("IPython", "No IPython shell: the static site's table page (serve.page_bridge).")
    display = types.ModuleType("IPython.display")
    core = types.ModuleType("IPython.core")
    shell = types.ModuleType("IPython.core.interactiveshell")
    ipython.get_ipython = lambda: None  # type: ignore[attr-defined]
    display.display = display.clear_output = _no_shell  # type: ignore[attr-defined]
    shell.InteractiveShell = _NoShell  # type: ignore[attr-defined]
    ipython.display, ipython.core, core.interactiveshell = display, core, shell  # type: ignore[attr-defined]
    sys.modules.update({"IPython": ipython, "IPython.display": display, "IPython.core": core,
                        "IPython.core.interactiveshell": shell})
    return True


def start(send: Send, saved: Callable[[str, bytes], None], **options: Any) \
        -> tuple[Bridge, str, Callable[[], bool]]:
    """The app's table (``lessons/play.ipynb``: ``Table.for_app(**options)``) on the page: returns the bridge, the
    model id of the widget to show, and ``catch_up()``. Each snapshot of the learner database goes to
    ``saved(path, data)``. When another page (a lesson) wrote the database on the drive, the page puts that file in
    place and calls ``catch_up()``: the table's copy takes it in and saves again when the drive lacks something of
    its own (returns whether it did)."""
    from ..practice import learner

    bridge = Bridge(send)
    learner.AFTER_SNAPSHOT.append(lambda path, data: saved(str(Path(path)), data))
    from ..table import Table

    table = Table.for_app(**options)
    return bridge, str(table.widget.model_id), table.core.store.learner.catch_up


__all__ = ["Bridge", "PageComm", "start", "without_ipython"]
