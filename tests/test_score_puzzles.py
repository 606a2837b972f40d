"""Play-to-score puzzles (issue 31): the bank's carry their score line and an answer verified at it, their words
state only true score facts, the bank reads and refuses score lines, and the practice view shows the line and
judges an answer in the chance to win the game."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from hearts_tutor import Rules
from hearts_tutor.batch.tournament import deal_for
from hearts_tutor.coach.score_advice import Kind, ScoreReason
from hearts_tutor.coach.score_facts import check_score_explanation
from hearts_tutor.engine.cards import card_str
from hearts_tutor.practice.bank import Bank, BankError, Puzzle, load_bank, parse_move
from hearts_tutor.practice.explain import puzzle_explanation, puzzle_problems
from hearts_tutor.practice.score_puzzles import (
    BANK_FILE,
    THEME,
    Playouts,
    moon_words,
    points_go_words,
    score_facts_words,
)

FLOOR = 40
"""Play-to-score puzzles of the standard game the bank holds at least (issue 31, acceptance 4)."""


@pytest.fixture(scope="module")
def score_puzzles() -> list[Puzzle]:
    return load_bank().select(themes=[THEME])


@pytest.fixture(scope="module")
def puzzle(score_puzzles: list[Puzzle]) -> Puzzle:
    assert score_puzzles, "the bank holds no play-to-score puzzle"
    return score_puzzles[0]


# ----- the bank's play-to-score puzzles -----

def test_the_bank_holds_enough_play_to_score_puzzles(score_puzzles: list[Puzzle]) -> None:
    standard = [p for p in score_puzzles if p.preset == "standard"]
    assert len(standard) >= FLOOR, len(standard)


def test_every_play_to_score_puzzle_carries_its_score_line_and_a_verified_answer(score_puzzles: list[Puzzle]
                                                                                   ) -> None:
    for p in score_puzzles:
        assert p.scores is not None and len(p.scores) == 4 and p.target == 100, p.id
        assert p.view().scores == p.scores, p.id
        chances, tempting = p.chances, p.source["tempting"]
        assert set(p.answers) | {tempting} <= set(chances), p.id
        assert tempting not in p.answers, p.id
        # the answer wins the game more often, the tempting move takes fewer points: the score decides
        assert chances[p.best][0] > chances[tempting][0] and p.expected[tempting][0] < p.expected[p.best][0], p.id
        second = p.source["second_opinion"]
        assert second["best"] in p.answers and second["deals"] >= 200, p.id
        assert puzzle_problems(p) == [], p.id


def test_the_bank_file_is_only_play_to_score_puzzles() -> None:
    bank = load_bank(BANK_FILE)
    assert bank.problems == [] and all(THEME in p.themes and p.scores is not None for p in bank)


# ----- score facts -----

def test_the_score_words_state_true_facts(puzzle: Puzzle) -> None:
    view = puzzle.view()
    words = score_facts_words(view)
    assert "short of 100: this hand can end the game" in words and "lowest score" in words
    assert check_score_explanation(view, words) == []
    assert check_score_explanation(view, puzzle.explanation) == []


def test_a_planted_wrong_score_fact_is_rejected(puzzle: Puzzle) -> None:
    view = puzzle.view()
    top = max(puzzle.scores or ())
    planted = puzzle.explanation.replace(f"{top} points, {100 - top} short", f"{top - 5} points, {105 - top} short")
    assert planted != puzzle.explanation
    wrong = dataclasses.replace(puzzle, explanation=planted)
    assert puzzle_problems(wrong), planted
    # the lowest score given to a seat that does not have it, and a score line stated where the view has none
    lowest = min(range(4), key=lambda s: (view.scores[s], s))
    other = "the player across from you" if lowest != 2 else "the player on your left"
    assert check_score_explanation(view, f"{other.capitalize()} has the lowest score ({view.scores[lowest]}).")
    no_scores = dataclasses.replace(view, scores=())
    assert check_score_explanation(no_scores, score_facts_words(view))
    assert check_score_explanation(view, "This hand can end the game.") == []
    far = dataclasses.replace(view, scores=(10, 20, 30, 40))
    assert check_score_explanation(far, "This hand can end the game.")


def test_explanations_are_written_again_from_the_stored_grading(puzzle: Puzzle) -> None:
    again = puzzle_explanation(puzzle)
    assert "Play to the score" in again and check_score_explanation(puzzle.view(), again) == []
    bare = dataclasses.replace(puzzle, source={k: v for k, v in puzzle.source.items() if k != "to_score"})
    with pytest.raises(BankError, match="grading in chance"):
        puzzle_explanation(bare)


def test_every_explanation_is_the_one_its_stored_grading_writes(score_puzzles: list[Puzzle]) -> None:
    """The bank's words are today's (ends_words never leaves out a difference that goes against the answer: two
    puzzles once said only that the tempting card ends the game with the learner losing less often)."""
    stale = [p.id for p in score_puzzles if puzzle_explanation(p) != p.explanation]
    assert not stale, stale


# ----- the reason from the play-outs -----

def test_most_play_to_score_puzzles_open_with_a_reason_not_the_score_facts(score_puzzles: list[Puzzle]) -> None:
    """A reason before the facts: the coach's Hearts reason, else what the play-outs show (a moon, a player
    reaching 100, points on the lowest player). 44 of 67 opened with the score facts alone before the play-outs
    were kept; one of 65 still does (its cards differ by 4% in the games lost this hand, under the 5% said)."""
    import re

    facts_first = [p.id for p in score_puzzles
                   if re.match(r"(You have|The player [a-z ]+ has) \d+ points, \d+ short", p.explanation)]
    assert len(facts_first) <= 2, facts_first
    assert all("playouts" in p.source["to_score"] for p in score_puzzles)


def _after(taken: tuple[float, ...], reach: tuple[float, ...], moon: float = 0.0) -> Playouts:
    return Playouts(taken, moon, reach)


def test_the_play_outs_name_who_reaches_the_target_and_why_that_matters(puzzle: Puzzle) -> None:
    view = puzzle.view()
    best, tempting = view.legal_plays()[:2]
    # behind (seat 3 has the lowest score): the tempting card lets seat 1 reach 100 and the game ends with you losing
    behind = dataclasses.replace(view, scores=(70, 90, 80, 50))
    after = {best: _after((9, 3, 9, 5), (0, 0.1, 0, 0)), tempting: _after((5, 12, 5, 4), (0, 0.6, 0, 0))}
    words = points_go_words(behind, best, tempting, after, {best: (0.0, 0.1), tempting: (0.0, 0.6)})
    assert words is not None and "the player on your left, on 90 of 100, reaches 100 in 60%" in words, words
    assert words.endswith("in 10%: those games end before you have caught the player on your right (50)."), words
    # the same play-outs, but the game ending as often either way: nothing to say
    assert points_go_words(behind, best, tempting, after, {best: (0.0, 0.3), tempting: (0.0, 0.32)}) is None
    # lowest, and the answer lets seat 1 end the game: the answer's ending is the learner's win
    low = dataclasses.replace(view, scores=(40, 90, 80, 60))
    after = {best: _after((4, 12, 5, 5), (0, 0.7, 0, 0)), tempting: _after((2, 6, 9, 9), (0, 0.2, 0, 0))}
    words = points_go_words(low, best, tempting, after, {best: (0.7, 0.0), tempting: (0.2, 0.0)})
    assert words is not None and words.endswith("the game ends while you are still lowest, so the sooner it ends the "
                                                "better."), words
    # lowest now, but the learner's own points lose every game the tempting card ends
    after = {best: _after((18, 1, 3, 4), (0, 0.02, 0, 0)), tempting: _after((17, 3, 2, 4), (0, 0.4, 0, 0))}
    words = points_go_words(low, best, tempting, after, {best: (0.0, 0.02), tempting: (0.0, 0.4)})
    assert words is not None and "you would not have the lowest score" in words, words
    assert points_go_words(low, best, tempting, after, {best: (0.0, 0.02), tempting: (0.2, 0.4)}) is None


def test_catching_the_lowest_player_counts_the_learners_own_points_and_the_players_close_above(puzzle: Puzzle
                                                                                               ) -> None:
    view = dataclasses.replace(puzzle.view(), scores=(60, 30, 70, 80))  # no one near 100: only the low player
    best, tempting = view.legal_plays()[:2]
    after = {best: _after((8, 9, 5, 4), (0, 0, 0, 0)), tempting: _after((5, 4, 9, 8), (0, 0, 0, 0))}
    ends = {best: (0.0, 0.0), tempting: (0.0, 0.0)}
    words = points_go_words(view, best, tempting, after, ends)
    assert words is not None and "the player on your left, who has the lowest score (30), takes about 9 points " \
        "this hand on average and you 8 points (4 points and 5 points after" in words, words
    assert words.endswith("you gain about 2 points on the player you have to catch."), words
    assert check_score_explanation(view, words) == []
    # the low player takes 5 more, but so does the learner: nothing gained on them
    level = {best: _after((10, 9, 4, 3), (0, 0, 0, 0)), tempting: after[tempting]}
    assert points_go_words(view, best, tempting, level, ends) is None
    # the same five points, all from the learner's moons (26 on every other seat, 20% against 0%): not said
    mooned = {best: _after((8, 9, 5, 4), (0, 0, 0, 0), moon=0.2), tempting: after[tempting]}
    assert points_go_words(view, best, tempting, mooned, ends) is None
    # a player 3 above the learner gains 4 on it after the answer: the answer is worse against them
    close = dataclasses.replace(view, scores=(60, 30, 63, 80))
    assert points_go_words(close, best, tempting, after, ends) is None
    # the learner has the lowest score: points on another player are not 'the player you have to catch'
    assert points_go_words(dataclasses.replace(view, scores=(20, 30, 70, 80)), best, tempting, after, ends) is None


def test_the_play_outs_overrule_a_hearts_reason_they_do_not_bear_out() -> None:
    """Review s9: 'keep the game going' where the answer ends the game more often (its wins are moons), and 'take
    every point' for a moon the play-outs never make; the same reasons stand where the play-outs bear them out."""
    from hearts_tutor.practice.score_puzzles import score_words

    bank = load_bank()

    def opening(pid: str) -> tuple[ScoreReason | None, str]:
        p = bank.by_id[pid]
        said = score_words(p.view(), parse_move(p.best)[0], parse_move(p.source["tempting"])[0])
        return said, puzzle_explanation(p)

    said, words = opening("standard-score-0-258-p21")  # ends 82% after the answer, 43% after the queen
    assert said is not None and said.kind is Kind.KEEP_GOING and "keep the game going" in said.words
    assert words.startswith("After the 2 of diamonds you shoot the moon in 8% of the coach's play-outs, after the "
                            "queen of spades in none: a moon now ends the game with you lowest."), words
    said, words = opening("standard-score-0-49-p13")  # no moon in any play-out
    assert said is not None and said.kind is Kind.SHOOT and "take every point" in said.words
    assert words.startswith("After the 7 of hearts, the player on your right, on 94 of 100, reaches 100 in 45%"), words
    said, words = opening("standard-score-0-5-p28")  # moons in 39% of the play-outs after the answer: it stands
    assert said is not None and said.kind is Kind.SHOOT and words.startswith(said.words)
    _, words = opening("standard-score-0-105-p36")
    assert "after the queen of spades you are almost certain to win the game, after the queen of diamonds your " \
        "chance is only 96%" in words, words


def test_no_card_keeps_the_game_going_when_this_hands_points_already_end_it() -> None:
    """Review s9 (false): 'the 4 of hearts would take the player on your right to at least 107 ... so keep the game
    going' when their 15 points this hand already take them to 106."""
    from hearts_tutor.coach.score_advice import ending_reason, ends_anyway
    from hearts_tutor.coach.to_score import ScoreLine

    p = load_bank().by_id["standard-score-0-314-p41"]
    view = p.view()
    line = ScoreLine.from_view(view)
    assert line is not None and ends_anyway(view, line)
    assert ending_reason(view, line, parse_move("4H")[0]) is None
    assert p.explanation.startswith("With the 15 points the player on your right has taken this hand")
    assert "keep the game going" not in p.explanation
    fresh = dataclasses.replace(view, scores=(85, 75, 87, 80))  # 80 + 15 + 1 = 96: only now the game goes on
    fresh_line = ScoreLine.from_view(fresh)
    assert fresh_line is not None and not ends_anyway(fresh, fresh_line)


def test_another_players_moon_that_ends_the_game_for_you_is_named() -> None:
    """Recheck s9: at 10-92-57-49 the 3 of clubs let the player across shoot the moon in 46% of the play-outs (26
    on the player on your left ends the game with you on 36, far lowest); it was told as 'the player on your left
    reaches 100'. A moon that makes no difference to the games won this hand is not named (0-135-p24)."""
    from hearts_tutor.practice.score_puzzles import other_moon_words

    bank = load_bank()
    words = bank.by_id["standard-score-0-168-p14"].explanation
    assert words.startswith("After the 3 of clubs the player across from you goes on to shoot the moon in 46% of the "
                            "coach's play-outs, after the 6 of clubs in none: 26 on every other score now ends the "
                            "game with you lowest."), words
    p = bank.by_id["standard-score-0-135-p24"]
    best, tempting = parse_move(p.best)[0], parse_move(p.source["tempting"])[0]
    stored = p.source["to_score"]
    after = {best: Playouts.from_json(stored["playouts"][p.best]),
             tempting: Playouts.from_json(stored["playouts"][p.source["tempting"]])}
    assert after[best].moons[2] - after[tempting].moons[2] >= 0.1  # more moons after the answer...
    ends = {best: stored["ends"][p.best], tempting: stored["ends"][p.source["tempting"]]}
    assert ends[best][0] <= ends[tempting][0]  # ... but no more games won this hand
    assert other_moon_words(p.view(), best, tempting, after, ends) is None


def test_those_games_are_said_to_end_before_you_catch_up_only_when_they_are_lost(puzzle: Puzzle) -> None:
    """Recheck s9 (0-198-p21): after the jack of spades the game ended in 53% of the play-outs but was lost in only
    28%: 'those games end before you have caught ...' was false of half of them."""
    view = dataclasses.replace(puzzle.view(), scores=(70, 90, 80, 50))
    best, tempting = view.legal_plays()[:2]
    after = {best: _after((9, 3, 9, 5), (0, 0.1, 0, 0)), tempting: _after((5, 12, 5, 4), (0, 0.6, 0, 0))}
    assert points_go_words(view, best, tempting, after, {best: (0.05, 0.1), tempting: (0.3, 0.3)}) is None
    assert points_go_words(view, best, tempting, after, {best: (0.0, 0.1), tempting: (0.0, 0.55)}) is not None
    # final recheck P1: lost overall, but a fifth of the games seat 1 ends are the learner's wins (another player
    # ends the games lost): not said of 'those games'
    mixed = {best: after[best], tempting: Playouts((5, 12, 5, 4), 0.0, (0, 0.6, 0, 0), (0, 0, 0, 0), (0, 0.12, 0, 0))}
    assert points_go_words(view, best, tempting, mixed, {best: (0.0, 0.1), tempting: (0.0, 0.55)}) is None


def test_a_shared_win_is_counted_and_said() -> None:
    from hearts_tutor.coach.to_score import ScoreLine
    from hearts_tutor.practice.score_puzzles import end_rates

    line = ScoreLine(Rules.preset("standard"), (60, 60, 90, 80), 0)
    rows = [(0, 0, 13, 13), (1, 0, 12, 13), (0, 5, 13, 8), (0, 0, 1, 0)]  # a tie, a loss, a win, the game goes on
    assert end_rates(line, rows) == (0.5, 0.25, 0.25)


def test_the_play_outs_name_a_moon_that_wins_the_game(puzzle: Puzzle) -> None:
    view = puzzle.view()
    best, tempting = view.legal_plays()[:2]
    after = {best: _after((10, 12, 2, 2), (0, 0.3, 0, 0), moon=0.25), tempting: _after((4, 14, 4, 4), (0, 0, 0, 0))}
    wins = dataclasses.replace(view, scores=(80, 75, 85, 90))  # a moon: 80 against 101, 111, 116
    words = moon_words(wins, best, tempting, after)
    assert words is not None and "you shoot the moon in 25%" in words and words.endswith("with you lowest."), words
    loses = dataclasses.replace(view, scores=(80, 50, 85, 90))  # 80 against 76: the moon loses the game
    assert moon_words(loses, best, tempting, after) is None
    goes_on = dataclasses.replace(view, scores=(20, 30, 40, 50))  # nobody reaches 100: the moon decides nothing
    assert moon_words(goes_on, best, tempting, after) is None


# ----- reading and refusing score lines -----

def test_a_score_line_round_trips_and_a_bad_one_is_refused(puzzle: Puzzle) -> None:
    data = puzzle.to_json()
    assert data["scores"] == list(puzzle.scores or ()) and data["target"] == 100
    assert Puzzle.from_json(json.loads(json.dumps(data))).scores == puzzle.scores
    for spoil, message in (({"scores": [1, 2, 3]}, "scores must list 4"), ({"target": 50}, "target 50"),
                           ({"scores": None, "target": None}, "scores must list")):
        with pytest.raises(BankError, match=message):
            Puzzle.from_json({**data, **spoil})
    bare = {k: v for k, v in data.items() if k not in ("scores", "target")}
    with pytest.raises(BankError, match="needs its scores and target"):
        Puzzle.from_json(bare)
    plain = Puzzle.from_json({**bare, "themes": [t for t in data["themes"] if t != THEME]})
    assert plain.scores is None and plain.target is None and plain.view().scores == ()


# ----- judged in chance, checked at the score line -----

def test_an_answer_is_judged_in_the_chance_to_win_the_game(puzzle: Puzzle) -> None:
    best = puzzle.judge(parse_move(puzzle.best))
    assert best.correct and best.band == "best" and best.chance == puzzle.chances[puzzle.best][0]
    tempting = puzzle.judge(parse_move(puzzle.source["tempting"]))
    assert not tempting.correct and tempting.cost == pytest.approx(
        puzzle.chances[puzzle.best][0] - puzzle.chances[puzzle.source["tempting"]][0], abs=1e-4)
    assert tempting.band in ("inaccuracy", "mistake", "blunder")


def test_check_and_the_second_verifier_judge_at_the_score_line(puzzle: Puzzle, monkeypatch: pytest.MonkeyPatch
                                                                ) -> None:
    """Planted rollouts at 40-95-60-70: the answer takes 6 points and ends the game with seat 0 lowest (a sure
    win), the tempting move takes none and the game goes on. Judged in points the tempting move is best; at the
    score line the answer is, and both checks keep it."""
    import hearts_tutor.practice.at_score as at_score
    import hearts_tutor.practice.check as check
    import hearts_tutor.practice.verify as verify

    best, tempting = parse_move(puzzle.best)[0], parse_move(puzzle.source["tempting"])[0]
    rows = {best: (6, 6, 0, 0), tempting: (0, 0, 3, 3)}

    def planted(view: Any, cards: list[int], **_kw: Any) -> dict[int, list[tuple[int, ...]]]:
        return {c: [rows.get(c, (13, 0, 0, 13))] * 40 for c in cards}

    monkeypatch.setattr(at_score, "play_outcomes", planted)
    line = dataclasses.replace(puzzle, scores=(40, 95, 60, 70))
    judged = at_score.judge_at_score(line.view(), [best, tempting], seed=1, deals=40)
    assert (judged.best, judged.best_by_points) == (best, tempting)
    assert check.check_puzzle(line, seed=3) == (True, None)
    assert verify.verify_puzzle(line, seed=3)["kept"]
    # the same rollouts far from the target: nobody can end the game, the fewer points win the chance too
    far = dataclasses.replace(puzzle, scores=(10, 20, 30, 40))
    assert check.check_puzzle(far, seed=3) == (False, None)


# ----- the practice view -----

def test_the_practice_view_shows_the_puzzles_score_line(puzzle: Puzzle, tmp_path: Path) -> None:
    from hearts_tutor.practice.learner import LearnerDB
    from hearts_tutor.practice.session import Practice
    from hearts_tutor.practice.widget import PracticePanel
    from hearts_tutor.table.position import seat_names

    plain = next(p for p in load_bank() if p.scores is None and p.preset == "standard" and p.kind == "play")
    panel = PracticePanel(Practice(bank=Bank([puzzle]), learner=LearnerDB(tmp_path / "l.sqlite3"), seed=1))
    assert panel.session.item is not None and panel.session.item.puzzle.id == puzzle.id
    heading = panel.heading.value
    assert "ht-score-line" in heading and "game to 100" in heading
    view = puzzle.view()
    for name, score in zip(seat_names(view), view.scores, strict=True):
        assert f"{name} {score}" in heading
    panel.click(parse_move(puzzle.source["tempting"])[0])
    assert "chance to win the game" in panel.feedback.value
    panel.reveal()
    assert "Chance to win the game" in panel.feedback.value
    other = PracticePanel(Practice(bank=Bank([plain]), learner=LearnerDB(tmp_path / "m.sqlite3"), seed=1))
    assert "ht-score-line" not in other.heading.value


def test_deal_for_is_untouched_by_score_lines() -> None:
    """A puzzle's view carries its scores; the engine's own view of the same hand has none."""
    view = deal_for(Rules.preset("standard"), 1, 0).view(0)
    assert view.scores == ()


# ----- the miner's filters -----

def test_a_planted_position_where_the_score_changes_the_answer_is_kept(puzzle: Puzzle,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """At 40-95-60-70 one card takes 6 points and ends the game with seat 0 lowest, another takes none and the
    game goes on: the miner keeps the first as the answer and the second as the temptation; where every card
    ends the game alike, the score changes nothing and the position is rejected."""
    import hearts_tutor.practice.at_score as at_score
    import hearts_tutor.practice.score_puzzles as score_puzzles
    from hearts_tutor.practice.mine import Budget

    view = dataclasses.replace(puzzle.view(), scores=(40, 95, 60, 70))
    cards = view.legal_plays()
    assert len(cards) >= 2
    rows = {cards[0]: (6, 6, 0, 0), cards[1]: (0, 0, 3, 3)}

    def planted(_view: Any, options: list[int], **_kw: Any) -> dict[int, list[tuple[int, ...]]]:
        return {c: [rows.get(c, (13, 0, 0, 13))] * 40 for c in options}

    monkeypatch.setattr(score_puzzles, "play_outcomes", planted)
    monkeypatch.setattr(at_score, "play_outcomes", planted)
    record = puzzle.record
    kept, verdict = score_puzzles.consider_at_score(view, record, "planted", {}, 5, Budget.small())
    assert verdict == "kept" and kept is not None
    assert kept["answers"] == [card_str(cards[0])] and kept["source"]["tempting"] == card_str(cards[1])
    assert kept["scores"] == [40, 95, 60, 70] and kept["target"] == 100 and kept["themes"][0] == THEME
    made = Puzzle.from_json(kept)
    assert puzzle_problems(made) == [] and "this hand can end the game" in made.explanation
    # what the play-outs show is kept, seat 0 first: the answer takes seat 1 past 100 every time, the other never
    after = kept["source"]["to_score"]["playouts"]
    assert after[card_str(cards[0])] == {"taken": [6, 6, 0, 0], "moon": 0, "reach": [0, 1, 0, 0], "moons": [0] * 4,
                                         "reach_won": [0, 1, 0, 0]}  # seat 1 ends it with seat 0 lowest
    assert after[card_str(cards[1])] == {"taken": [0, 0, 3, 3], "moon": 0, "reach": [0, 0, 0, 0], "moons": [0] * 4,
                                         "reach_won": [0] * 4}
    rows.update({cards[0]: (0, 0, 3, 3), cards[1]: (0, 0, 3, 3)})
    assert score_puzzles.consider_at_score(view, record, "planted", {}, 5, Budget.small()) == (None, "score_same")


def test_the_score_miner_refuses_what_it_cannot_mine(capsys: pytest.CaptureFixture[str]) -> None:
    from hearts_tutor.cli import main

    assert main(["puzzles", "mine", "--hands", "1", "--to-score", "--decisions", "pass"]) == 2
    assert main(["puzzles", "mine", "--hands", "1", "--to-score", "--rules", "deluxe"]) == 2
    assert "--to-score mines plays of the standard game" in capsys.readouterr().err


def test_scores_before_the_hand_are_said_as_such_with_this_hands_points_beside_them() -> None:
    """Recheck s9 X5: 'You have the lowest score (55), 21 below the next' read as now, when the learner had taken 13
    this hand. Where points have been taken this hand the facts are the scores before it, and every score counting
    this hand's points follows; the checker reads 'had' as it reads 'has'."""
    p = load_bank().by_id["standard-score-0-13-p28"]
    words = p.explanation
    assert "Before this hand, the player on your right had 90 points, 10 short of 100: this hand can end the game. " \
        "The player on your left had the lowest score (51); you had 73. Counting this hand's points so far: you 73, " \
        "the player on your left 51, the player across from you 73, the player on your right 91." in words, words
    view = p.view()
    assert check_score_explanation(view, words) == []
    assert check_score_explanation(view, words.replace("right had 90 points, 10 short", "right had 95 points, 5 short"))
    assert check_score_explanation(view, words.replace("you had 73.", "you had 70."))
