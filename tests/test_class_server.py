"""A class on one server (SPEC section 12): three learners open ``hearts-tutor play --class`` at once.

The bounded CI version of ``benchmarks/bench_class.py`` (which measures 1, 5 and 10 learners): each page is
clickable within 10 s, has its own kernel and deal, is never sent a card button of a card its learner did not
hold, and the kernels of pages closed without saying goodbye are culled within the cull time.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest
from browser_util import ROOT, require_browser

from hearts_tutor.app import ServeOptions

sys.path.insert(0, str(ROOT / "benchmarks"))
import bench_class

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(300)]


def session(kernel: str, dealt: set[str], seen: set[str]) -> dict[str, object]:
    return {"kernels": {kernel}, "dealt": dealt, "held": dealt, "seen": seen}


def test_the_privacy_check_finds_shared_kernels_deals_and_leaked_cards() -> None:
    hand_a = {f"{r}S" for r in "23456789TJQKA"}
    hand_b = {f"{r}H" for r in "23456789TJQKA"}
    assert bench_class.check_privacy([session("a", hand_a, hand_a), session("b", hand_b, hand_b)]) == []
    shared = bench_class.check_privacy([session("a", hand_a, hand_a), session("a", hand_b, hand_b)])
    assert len(shared) == 1 and "kernel of their own" in shared[0]
    same_deal = bench_class.check_privacy([session("a", hand_a, hand_a), session("b", hand_a, hand_a)])
    assert len(same_deal) == 1 and "own 13 cards" in same_deal[0]
    leak = bench_class.check_privacy([session("a", hand_a, hand_a | {"QH"}), session("b", hand_b, hand_b)])
    assert leak == ["page 0 was sent card buttons its learner never held: ['QH']"]


def test_three_learners_at_once(tmp_path: Path) -> None:
    require_browser()
    options = ServeOptions(cull_idle=30, preheat=3, per_learner=True)
    [result] = asyncio.run(bench_class.run([3], options, tmp_path))
    print(result)
    assert result["problems"] == [], (tmp_path / "voila.log").read_text()[-3000:]
    assert result["learners"] == 3 and result["clickable_s"]["max"] < bench_class.CLICKABLE_S
    assert result["kernels_gone_after_s"] is not None
    assert result["kernels_gone_after_s"] <= options.cull_idle + options.cull_interval + 5
    assert 20 < result["kernel_rss_mb"] < 2000 and result["kernel_cpu_s"] > 0
