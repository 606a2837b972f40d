"""Shared test settings: a Hypothesis profile that keeps property tests short and free of timing flakiness, and
the learner's data kept out of the real user's data directory."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings

from hearts_tutor.practice.stats import ENV_DIR

settings.register_profile("hearts", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("hearts")


@pytest.fixture(autouse=True)
def _learner_data_apart(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test keeps the learner's data (statistics, learner database, saved games) in a folder of its own,
    never in the real user's data directory; a test that wants another one sets or removes the variable."""
    monkeypatch.setenv(ENV_DIR, str(tmp_path_factory.mktemp("learner-data")))
