"""The tournament: duplicate deals, confidence intervals over deals, the command line."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from hearts_tutor.batch.tournament import _summarise, options_for_jobs, run_tournament
from hearts_tutor.cli import main
from hearts_tutor.engine.rules import Rules


def test_duplicate_rotates_every_bot_through_every_seat() -> None:
    result = run_tournament(["hard", "easy", "easy", "easy"], 8, seed=3, duplicate=True)
    assert result.hands == 8 and result.deals == 2
    assert result.by_bot["hard"].n == 8 and result.by_bot["easy"].n == 24
    assert result.by_bot["hard"].units == 2  # the CI is over deals, not over seat-hands


def test_games_side_by_side_keep_the_expert_to_one_core() -> None:
    given = {"expert": {"seconds": 0.5}}
    assert options_for_jobs(given, jobs=2, deals=10) == {"expert": {"seconds": 0.5, "workers": 1}}
    assert given == {"expert": {"seconds": 0.5}}  # the caller's options are not changed
    assert options_for_jobs({"expert": {"workers": 2}}, jobs=2, deals=10) == {"expert": {"workers": 2}}
    assert options_for_jobs(given, jobs=1, deals=10) == given  # one game at a time: both cores for the expert
    assert options_for_jobs(None, jobs=2, deals=1) == {}  # one deal: nothing runs side by side


def test_duplicate_rounds_up_to_whole_deals() -> None:
    result = run_tournament(["easy", "medium"], 5, seed=1, duplicate=True)
    assert result.hands == 8 and result.deals == 2


def test_cli_says_when_duplicate_rounds_up(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--seats", "easy,medium,easy,medium", "--hands", "5", "--duplicate", "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["hands"] == 8
    assert "5 hands were rounded up to 8" in captured.err
    assert main(["tournament", "--seats", "easy,medium,easy,medium", "--hands", "8", "--duplicate"]) == 0
    assert "rounded" not in capsys.readouterr().err


def test_points_add_up_and_results_repeat() -> None:
    first = run_tournament(["easy", "medium", "hard", "easy"], 6, seed=9)
    second = run_tournament(["easy", "medium", "hard", "easy"], 6, seed=9)
    assert first.to_json()["by_bot"] == second.to_json()["by_bot"]
    for deal in first.per_deal:
        assert set(deal) == {"easy", "medium", "hard"}


def test_parallel_jobs_give_the_same_result() -> None:
    one = run_tournament(["easy", "medium", "easy", "medium"], 8, seed=4, duplicate=True)
    two = run_tournament(["easy", "medium", "easy", "medium"], 8, seed=4, duplicate=True, jobs=2)
    assert one.to_json()["by_bot"] == two.to_json()["by_bot"]


def test_ci_is_computed_over_deals() -> None:
    assignment = ("a", "b", "b", "b")
    rotations = [tuple(assignment[(s - r) % 4] for s in range(4)) for r in range(4)]
    # deal 1: "a" scores 0 from every seat; deal 2: 10 from every seat
    results = [[(rot, [0 if lv == "a" else 26 / 3 for lv in rot]) for rot in rotations],
               [(rot, [10 if lv == "a" else 16 / 3 for lv in rot]) for rot in rotations]]
    summary = _summarise(results, Rules.preset("standard"), assignment, True, 1.0)
    a = summary.by_bot["a"]
    assert a.mean == pytest.approx(5.0)
    assert a.n == 8 and a.units == 2
    assert a.ci95 == pytest.approx(1.959964 * math.sqrt(50) / math.sqrt(2))


def test_larger_tables_repeat_the_seat_list() -> None:
    result = run_tournament(["easy", "medium"], 1, rules="n_player", seed=2)
    assert result.seats == ("easy", "medium", "easy")


def test_unknown_level_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="unknown bot level"):
        run_tournament(["easy", "grandmaster"], 4)


def test_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--seats", "easy,medium,easy,medium", "--hands", "4", "--duplicate", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["hands"] == 4
    assert set(out["by_bot"]) == {"easy", "medium"}
    assert set(out["by_bot"]["easy"]) >= {"mean", "ci95", "n"}
    assert out["seconds"] >= 0


def test_cli_table_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--seats", "easy,hard,easy,hard", "--hands", "2", "--rules", "omnibus",
                 "--seed", "5"]) == 0
    captured = capsys.readouterr()
    assert "mean/hand" in captured.out and "hard" in captured.out
    assert captured.err == ""  # no progress bar when stderr is not a terminal
    assert main(["tournament", "--seats", "easy,wizard,easy,easy", "--hands", "2"]) == 2
    assert "unknown bot level" in capsys.readouterr().err
    assert main(["tournament", "--seats", "easy", "--hands", "2", "--rules", "nope"]) == 2


def test_one_deal_gives_strict_json_and_bad_flags_are_refused(capsys: pytest.CaptureFixture[str],
                                                              tmp_path: Path) -> None:
    """One deal has no spread, so no CI: null, not the Infinity strict JSON parsers reject."""
    def strict(text: str) -> object:
        return json.loads(text, parse_constant=lambda name: pytest.fail(f"{name} is not JSON"))

    assert main(["tournament", "--seats", "easy,medium,easy,medium", "--hands", "1", "--json"]) == 0
    out = strict(capsys.readouterr().out)
    assert isinstance(out, dict) and out["by_bot"]["easy"]["ci95"] is None
    for argv in (["play", "--port", "99999"], ["play", "--port", "-5"], ["bench", "engine", "--seconds", "nan"]):
        with pytest.raises(SystemExit) as stop:
            main(argv)
        assert stop.value.code == 2
        assert "error: argument" in capsys.readouterr().err
    rec = tmp_path / "hand.json"
    rec.write_text(json.dumps({"rules": "standard", "hand_number": 3,
                               "deal": [[f"{r}{s}" for r in "23456789TJQKA"] for s in "CDSH"], "plays": []}))
    assert main(["review", str(rec), "--seat", "4"]) == 2
    assert "--seat 4: there is no seat 4" in capsys.readouterr().err
