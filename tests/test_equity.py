"""The game-win model (hearts_tutor.equity) and the coach's judging to the score (coach.to_score), issue 31."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest

from hearts_tutor.cli import main as cli_main
from hearts_tutor.coach.to_score import ScoreLine, chance_words, compare, percent
from hearts_tutor.engine.rules import Rules
from hearts_tutor.equity import EquityUnavailable, GameOdds, final_shares, game_over
from hearts_tutor.equity.build import simulate
from hearts_tutor.equity.model import EquityTable, load_table, sorted_triples
from hearts_tutor.equity.selfplay import HandOutcome

STANDARD = Rules.preset("standard")


@pytest.fixture(scope="module")
def odds() -> GameOdds:
    return GameOdds.for_rules(STANDARD)


# ----- the model -----

def test_end_of_game_is_scored_exactly_with_ties_sharing(odds: GameOdds) -> None:
    assert odds.win_chances([104, 20, 20, 60]) == (0.0, 0.5, 0.5, 0.0)
    assert final_shares([5, 5, 5, 5]) == [0.25] * 4
    assert game_over([100, 0, 0, 0], STANDARD)
    deluxe_like = Rules.preset("standard", end="exceed")
    assert not game_over([100, 0, 0, 0], deluxe_like)
    # exceeding 100 is reaching 101
    reach_101 = GameOdds.for_rules(Rules.preset("standard", target=101))
    assert GameOdds.for_rules(deluxe_like).win_chances([100, 60, 95, 80]) == reach_101.win_chances([100, 60, 95, 80])


def test_chances_sum_to_one_and_do_not_depend_on_who_holds_which_other_score(odds: GameOdds) -> None:
    rng = random.Random(1)
    for _ in range(50):
        scores = [rng.randrange(0, 99) for _ in range(4)]
        chances = odds.win_chances(scores)
        assert sum(chances) == pytest.approx(1.0)
        assert all(0 <= c <= 1 for c in chances)
        for perm in itertools.permutations(scores[1:]):
            assert odds.win_chance([scores[0], *perm], 0) == pytest.approx(chances[0])
    assert odds.win_chances([0, 0, 0, 0]) == pytest.approx((0.25,) * 4)


def test_a_lower_score_is_a_better_chance(odds: GameOdds) -> None:
    for others in ([30, 50, 70], [0, 0, 0], [80, 85, 90], [10, 60, 95]):
        chances = [odds.win_chance([own, *others], 0) for own in range(0, 100, 7)]
        assert all(a >= b - 0.01 for a, b in itertools.pairwise(chances)), chances
        assert chances[0] > chances[-1] + 0.2


def test_only_the_distance_to_the_target_counts(odds: GameOdds) -> None:
    high = GameOdds.for_rules(Rules.preset("standard", target=150))
    for scores in ([0, 10, 20, 30], [60, 95, 20, 40]):
        assert high.win_chances([s + 50 for s in scores]) == pytest.approx(odds.win_chances(scores))


def test_the_table_is_read_exactly_on_its_grid_and_between_its_neighbours() -> None:
    table = load_table("4p-add_to_others")
    g = table.grid
    n = len(g)
    assert len(table.values) == n ** 4
    for own, a, b, c in [(0, 0, 0, 0), (3, 1, 7, 7), (n - 1, 2, 5, 11), (5, 9, 9, 9)]:
        stored = table.values[((own * n + a) * n + b) * n + c]
        assert table.lookup(g[own], [g[a], g[b], g[c]]) == pytest.approx(stored)
    lo = table.lookup(g[4], [g[6], g[6], g[6]])
    hi = table.lookup(g[5], [g[6], g[6], g[6]])
    mid = table.lookup((g[4] + g[5]) / 2, [g[6], g[6], g[6]])
    assert mid == pytest.approx((lo + hi) / 2)


def test_a_table_survives_its_json_form() -> None:
    n = 3
    values = [i / (n * len(sorted_triples(n))) for i in range(n * len(sorted_triples(n)))]
    table = EquityTable.from_json(EquityTable.encode("4p-test", [1, 5, 9], values, {"hands": 0}))
    assert table.lookup(5, [1, 5, 9]) == pytest.approx(values[1 * len(sorted_triples(n)) + sorted_triples(n).index(
        (0, 1, 2))], abs=1e-4)
    with pytest.raises(ValueError, match="version"):
        EquityTable.from_json({"version": 99})


@pytest.mark.parametrize("preset", ["omnibus", "duell", "cancellation", "n_player", "deluxe"])
def test_rules_without_a_table_say_so(preset: str) -> None:
    with pytest.raises(EquityUnavailable, match="judge in points"):
        GameOdds.for_rules(Rules.preset(preset))


@pytest.mark.parametrize("moon", ["subtract_from_self", "shooter_chooses"])
def test_every_moon_mode_has_a_table(moon: str) -> None:
    chances = GameOdds.for_rules(Rules.preset("standard", moon=moon)).win_chances([20, 95, 60, 40])
    assert chances[0] > chances[1]


# ----- judging to the score -----

def test_the_queen_to_the_leader_wins_the_game_where_the_points_see_no_difference() -> None:
    # seat 0 takes nothing either way; the queen goes to seat 2 or to the leader at 95
    options = {"queen to seat 2": [[0, 0, 13, 13]], "queen to the leader": [[0, 13, 0, 13]]}
    near = compare(ScoreLine(STANDARD, (20, 95, 60, 40), 0), options)
    assert near.best_by_points == "queen to seat 2"  # a tie in points: the first option
    assert near.best == "queen to the leader" and near.score_changes_advice and not near.in_points
    assert near.chance["queen to the leader"] == 1.0  # the leader reaches 108: seat 0 is lowest and wins
    # a chance from play-outs is never said as a certainty, even where every one of them won
    assert near.cost_words("queen to seat 2") == "this lowers your chance to win the game from almost certain to " \
        + percent(near.chance["queen to seat 2"])
    far = compare(ScoreLine(STANDARD, (0, 0, 0, 0), 0), options)
    assert far.in_points and far.cost_words("queen to seat 2") == "this costs nothing on average"


def test_shooting_that_ends_the_game_with_you_behind_is_refused_though_it_saves_points() -> None:
    # seat 0 at 60 can shoot (others +26: 56, 91, 106, the game ends with seat 1 lowest) or take 16 and live
    options = {"shoot": [[0, 26, 26, 26]], "take 16": [[16, 10, 0, 0]]}
    near = compare(ScoreLine(STANDARD, (60, 30, 65, 80), 0), options)
    assert near.best_by_points == "shoot" and near.chance["shoot"] == 0.0
    assert near.best == "take 16" and near.chance["take 16"] > 0.01
    far = compare(ScoreLine(STANDARD, (0, 10, 5, 0), 0), {"shoot": [[0, 26, 26, 26]], "take 25": [[25, 1, 0, 0]]})
    assert far.best == "shoot" and far.in_points


def test_ending_the_game_while_ahead_beats_saving_points() -> None:
    # seat 0 at 70: taking 6 while the leader at 95 takes 20 ends the game with seat 0 lowest
    options = {"take none": [[0, 0, 13, 13]], "take 6, the leader 20": [[6, 20, 0, 0]]}
    near = compare(ScoreLine(STANDARD, (70, 95, 80, 85), 0), options)
    assert near.best_by_points == "take none" and near.best == "take 6, the leader 20"


@pytest.mark.parametrize("scores", [(0, 0, 0, 0), (10, 5, 0, 8), (30, 12, 25, 20)])
def test_far_from_the_target_the_advice_and_its_words_are_those_of_the_points(scores: tuple[int, ...]) -> None:
    options = {"duck": [[0, 13, 5, 8], [2, 0, 24, 0]], "win the trick": [[13, 0, 5, 8], [13, 2, 11, 0]]}
    verdict = compare(ScoreLine(STANDARD, scores, 0), options)
    assert verdict.in_points and verdict.best == "duck"
    assert verdict.cost_words("win the trick") == "this costs 12.0 points on average"


def test_the_chance_after_a_hand_is_the_model_at_the_new_scores() -> None:
    line = ScoreLine(STANDARD, (20, 50, 60, 40), 2)
    odds = GameOdds.for_rules(STANDARD)
    assert line.chance_after([1, 2, 3, 20]) == pytest.approx(odds.win_chance([21, 52, 63, 60], 2))
    assert line.loss_after([1, 2, 3, 20]) == pytest.approx(100 * (1 - line.chance_after([1, 2, 3, 20])))
    with pytest.raises(ValueError, match="hand points"):
        line.chance_after([1, 2, 3])
    with pytest.raises(ValueError, match="no seat"):
        ScoreLine(STANDARD, (0, 0, 0, 0), 4)


def test_words_never_round_a_real_loss_to_nothing() -> None:
    assert chance_words(0.003, 0.297, 0.3) == ("this lowers your chance to win the game by less than 1 win in 100 "
                                               "games (it stays at 30%)")
    assert chance_words(0.02, 0.29, 0.31) == "this lowers your chance to win the game from 31% to 29%"


# ----- building and testing the model -----

def test_simulated_games_end_as_the_rules_say() -> None:
    np = pytest.importorskip("numpy")
    hands = [HandOutcome(0, (26, 0, 0, 0), None)]  # one seat, drawn at random, takes every point
    start = np.array([[1, 100, 100, 100], [30, 30, 30, 30], [27, 100, 100, 100]])
    wins = simulate(start, hands, "add_to_others", 400, np.random.default_rng(0))
    assert wins.sum(axis=1) == pytest.approx(1.0)
    assert wins[0, 0] == 0.0  # whoever takes the 26, seat 0 (1 to go) is behind when the game ends
    assert wins[1] == pytest.approx([0.25] * 4, abs=0.08)


@pytest.mark.parametrize(("distances", "adds"), [
    ((20, 30, 30, 30), True),   # adding 26 ends the game (seat 0 passes the target) with the shooter lowest
    ((40, 30, 30, 30), False),  # adding 26 does not end the game: the shooter takes 26 off its own score
    ((5, 30, 60, 30), False),   # it would end it, but seat 2 (60 to go) would be lower than the shooter
])
def test_the_moon_choice_is_the_bots(distances: tuple[int, ...], adds: bool) -> None:
    np = pytest.importorskip("numpy")
    from hearts_tutor.equity.build import _chosen

    add = np.array([[26, 0, 26, 26]])
    sub = np.array([[0, -26, 0, 0]])
    pts = _chosen(np.array([[distances]]), add, sub, np.array([[0, 1, 2, 3]]), np.array([1]))
    assert pts[0, 0].tolist() == (add if adds else sub)[0].tolist()


def test_calibration_command_reads_held_out_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    games = [{"game": 0, "first_dealer": 0, "hands": [[26, 0, 0, 0]] * 3 + [[0, 26, 0, 0]] * 2},
             {"game": 1, "first_dealer": 1, "hands": [[0, 0, 13, 13]] * 8}]
    (tmp_path / "games.jsonl").write_text("".join(json.dumps(g) + "\n" for g in games))
    assert cli_main(["bench", "equity", "calibrate", "--data", str(tmp_path), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["games"] == 2 and result["lines"] == 13 and len(result["bins"]) == 10
    assert sum(b["n"] for b in result["bins"]) == 52
    assert 0 <= result["brier"] <= 1


def test_a_table_is_built_from_recorded_hands() -> None:
    pytest.importorskip("numpy")
    from hearts_tutor.equity.build import build_table

    hands = [HandOutcome(0, (13, 0, 6, 7), None), HandOutcome(1, (0, 26, 0, 0), 1), HandOutcome(2, (2, 3, 8, 13), None)]
    table = EquityTable.from_json(build_table(hands, "add_to_others", games=40, batch=4000))
    assert table.key == "4p-add_to_others" and table.meta["moons"] == 1
    assert all(0.0 <= v <= 1.0 for v in table.values)
    g = table.grid
    assert table.lookup(g[-1], [g[0], g[0], g[0]]) > table.lookup(g[0], [g[-1], g[-1], g[-1]])
