"""Shared test settings: a Hypothesis profile that keeps property tests short and free of timing flakiness, the
learner's data kept out of the real user's data directory, one Chromium per browser-test module, no IRI grammar
built by each test process (``skip_slow_optional_checks``), and the slowest test files collected first."""

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


#: Test files that take the most processor time (the browser tests: a page and a server or Pyodide per check; then
#: the class server, the Dask cluster, the coach's strength checks), collected first so that with ``-n 2 --dist
#: loadfile --no-loadscope-reorder`` (the Makefile) no worker is left with a long file while the other idles.
SLOW_FIRST = ("test_browser_", "test_class_server", "test_cluster", "test_deals", "test_to_score_advice",
              "test_bank_moon")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Order the collected tests so the slow files come first (:data:`SLOW_FIRST`; a file's tests keep their order)."""

    def rank(item: pytest.Item) -> int:
        name = item.path.name
        return next((i for i, start in enumerate(SLOW_FIRST) if name.startswith(start)), len(SLOW_FIRST))

    items.sort(key=rank)


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
