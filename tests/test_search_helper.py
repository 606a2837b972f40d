"""The search helper: a second process that plays out deals for the expert's and the coach's searches."""

from __future__ import annotations

import os
import time
from collections.abc import Mapping
from typing import Any

import pytest

from hearts_tutor.bots.helper import SearchHelper, shared_helper
from hearts_tutor.bots.search import evaluate_passes, evaluate_plays, paired_playouts
from hearts_tutor.engine.hand import HandState
from hearts_tutor.engine.rules import Rules

pytestmark = pytest.mark.skipif(os.name == "nt", reason="the search helper runs on POSIX systems only")


def _position() -> HandState:
    state = HandState.deal_random(Rules.preset("standard"), seed=5, hand_number=3)  # no pass
    while len(state.tricks) < 2:
        state.play(state.legal_plays()[-1])
    return state


def test_helper_plays_out_paired_deals_and_stops_when_told() -> None:
    helper = SearchHelper()
    try:
        state = _position()
        view = state.view(state.to_move)
        legal = view.legal_plays()
        job, args = paired_playouts, (view, legal)
        give_up = time.perf_counter() + 20
        while not helper.start(job, args, {}, 7, time.perf_counter() + 30):
            assert time.perf_counter() < give_up and not helper.broken, "the helper never became ready"
            time.sleep(0.05)
        assert not helper.start(job, args, {}, 8, time.perf_counter() + 30), "one search at a time"
        rows = []
        give_up = time.perf_counter() + 20
        while len(rows) < 8 and time.perf_counter() < give_up:
            rows += helper.collect()
            time.sleep(0.05)
        rows += helper.finish(wait=5)
        assert not helper.busy and not helper.broken, "it stopped long before its 30 s were up"
        assert len(rows) >= 8
        assert all(sorted(row) == legal and all(0 <= p <= 26 for p in row.values()) for row in rows)
        # reusable, and a deadline already past gives an empty answer at once
        assert helper.start(job, args, {}, 9, time.perf_counter() - 1)
        assert helper.finish(wait=5) == [] and not helper.broken
        # a job it cannot be sent (here a policy made on the spot) stays with the caller
        assert not helper.start(job, args, {"policy": lambda state, rng: 0}, 10, time.perf_counter() + 1)
        assert not helper.broken and not helper.busy
    finally:
        helper.close()


class CountingHelper(SearchHelper):
    """A helper that counts the deals it hands back."""

    handed = 0

    def collect(self) -> list[Mapping[Any, int]]:
        rows = super().collect()
        self.handed += len(rows)
        return rows

    def finish(self, wait: float = 0.5) -> list[Mapping[Any, int]]:
        rows = super().finish(wait)
        self.handed += len(rows)
        return rows


def test_search_with_a_helper_merges_its_deals() -> None:
    state = _position()
    view = state.view(state.to_move)
    helper = CountingHelper()
    try:
        while not helper.ready:  # searches go on alone until the helper has started
            assert not helper.broken
            evaluate_plays(view, seconds=0.1, rng=2, helper=helper)
        helper.handed = 0
        est = evaluate_plays(view, seconds=1.5, rng=1, helper=helper)
        counts = {e.n for e in est.values()}
        assert len(counts) == 1, "every card is tried on the same deals"
        assert 0 < helper.handed < counts.pop(), "both processes played deals"
        assert not helper.busy and not helper.broken
        alone = evaluate_plays(view, rollouts=20, rng=1, helper=helper)
        assert {e.n for e in alone.values()} == {20}, "a fixed number of rollouts never uses the helper"
        deal = HandState.deal_random(Rules.preset("standard"), seed=8, hand_number=0)
        passing = deal.view(1)
        hand = passing.hand
        helper.handed = 0
        passes = evaluate_passes(passing, [hand[:3], hand[-3:]], seconds=1.0, rng=3, helper=helper)
        counts = {e.n for e in passes.values()}
        assert len(counts) == 1 and 0 < helper.handed < counts.pop(), "passes are compared on both cores too"
    finally:
        helper.close()


def test_shared_helper_belongs_to_one_process() -> None:
    helper = shared_helper()
    if (os.cpu_count() or 1) < 2:
        assert helper is None
        return
    assert helper is not None and helper.pid == os.getpid() and shared_helper() is helper
