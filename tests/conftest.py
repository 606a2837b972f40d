"""Shared test settings: a Hypothesis profile that keeps property tests short and free of timing flakiness, the
learner's data kept out of the real user's data directory, one Chromium per browser-test module, and no
IRI grammar built by each test process (``skip_slow_optional_checks``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from hearts_tutor.practice.stats import ENV_DIR
from hearts_tutor.serve.app import skip_slow_optional_checks

skip_slow_optional_checks()  # as the servers do: 2.6 CPU seconds less for each test process importing jsonschema

settings.register_profile("hearts", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("hearts")


@pytest.fixture(autouse=True)
def _learner_data_apart(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test keeps the learner's data (statistics, learner database, saved games) in a folder of its own,
    never in the real user's data directory; a test that wants another one sets or removes the variable."""
    monkeypatch.setenv(ENV_DIR, str(tmp_path_factory.mktemp("learner-data")))


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One Chromium for a browser-test module (launching one takes a second or two); each test opens its pages in
    contexts of their own (``browser_util.page_of``, ``new_page``). Skips with a message when Chromium is missing."""
    from browser_util import chromium

    with chromium() as launched:
        yield launched
