"""The card table for JupyterLab and Voila (SPEC section 7): ``Table().widget`` or just ``Table()``.

:class:`Table` (the widget, :mod:`.widget`) draws a :class:`TableCore` (:mod:`.core`: the game, the bots and
the coach, without ipywidgets). ``Table`` is imported when first asked for, so that the core, its executors
and its rendering load without ipywidgets (Pyodide, tests, scripts).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .core import TableCore
from .events import SPEEDS

if TYPE_CHECKING:
    from .widget import Table

__all__ = ["SPEEDS", "Table", "TableCore"]


def __getattr__(name: str) -> Any:
    if name == "Table":
        from .widget import Table

        return Table
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
