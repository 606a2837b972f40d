"""benchmarks/bench_to_score.py on a small budget: a game played both ways in lockstep, and its parting replayed
and judged (the runs themselves are hours of CPU: benchmarks/README.md)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import bench_to_score as bench

pytestmark = pytest.mark.slow


def test_a_game_both_ways_and_its_parting_judged() -> None:
    """Game 0 of the hints' run, on 2 rollouts a decision (the expert's run differs only in its players)."""
    result = bench.play_game("hints", 0, rollouts=2)
    parted = result["parted"]
    assert parted is not None and parted["decision"] == result["decisions_together"], "game 0 parts"
    for arm in ("to_score", "points"):
        assert result[arm]["share"] in (0.0, 1 / 3, 0.5, 1.0) and max(result[arm]["scores"]) >= 100
    # replayed, the game parts at the same decision, with two different moves
    step = bench.lockstep("hints", 0, 2)
    assert step.moves is not None and step.moves[True] != step.moves[False]
    assert (step.decisions, len(step.match.history) + 1) == (parted["decision"], parted["hand"])
    judged = bench.judge_step(0, step, deals=8)
    assert judged is not None and judged["judged"] and judged["deals"] == 8
    assert judged["se"] >= 0 and abs(judged["gain"]) <= 100


def test_shards_share_a_run_by_game_number(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--shard I/N`` plays only the games numbered I modulo N, skips those done, and refuses a bad share."""
    played: list[int] = []

    def play(mode: str, game: int, rollouts: int) -> dict[str, int]:
        played.append(game)
        return {"game": game}

    monkeypatch.setattr(bench, "OUT", tmp_path)
    monkeypatch.setattr(bench, "play_game", play)
    monkeypatch.setattr(bench, "summary", lambda mode: {"games": len(played)})
    (tmp_path / f"hints{bench.VERSION}.jsonl").write_text('{"game": 3, "to_score": {}, "points": {}}\n{"game": 5,')
    bench.run("hints", 8, 2, shard=(1, 2))  # the half-written last line: another shard still writing it
    assert played == [1, 5, 7]
    assert (tmp_path / f"hints{bench.VERSION}.1of2.progress").exists()
    assert bench.shard_arg("1/2") == (1, 2)
    for bad in ("2/2", "x", "1/0", "-1/2"):
        with pytest.raises(argparse.ArgumentTypeError, match="--shard"):
            bench.shard_arg(bad)
