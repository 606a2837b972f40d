"""Every example in the package's docstrings runs and prints what it says (`make test` collects tests/ only, so
the modules' examples are run here, a test per module)."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

import hearts_tutor

PACKAGE_DIR = Path(hearts_tutor.__file__).parent


def modules_with_examples() -> list[str]:
    """The package's modules whose source holds a docstring example (``>>>``)."""
    out = []
    for path in sorted(PACKAGE_DIR.rglob("*.py")):
        if ">>>" in path.read_text(encoding="utf-8"):
            parts = path.relative_to(PACKAGE_DIR.parent).with_suffix("").parts
            out.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return out


MODULES = modules_with_examples()


def test_the_package_has_examples_to_run() -> None:
    assert len(MODULES) > 30, MODULES


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    failures, tried = doctest.testmod(module, report=True, verbose=False)
    assert tried > 0, f"{name}: no example found by doctest although the source has '>>>'"
    assert failures == 0, f"{name}: {failures} of {tried} examples failed (printed above)"
