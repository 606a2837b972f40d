"""Shared test settings: a Hypothesis profile that keeps property tests short and free of timing flakiness."""

from __future__ import annotations

from hypothesis import HealthCheck, settings

settings.register_profile("hearts", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("hearts")
