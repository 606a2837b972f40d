"""The card table widget for JupyterLab and Voila (SPEC section 7): ``Table().widget`` or just ``Table()``."""

from .widget import SPEEDS, Table

__all__ = ["SPEEDS", "Table"]
