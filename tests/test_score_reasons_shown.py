"""The score's reason is shown where it decides, and only where it argues for the card (issue 31, review M1, U7,
M2, M6, F2, U1): the coach's hint and grade at a score line name the moon, the queen to the player with the
lowest score or the end of the game whenever the game can end this hand, also when the best card is the
fewest-points card; never a reason for another card; the feedback before the reveal gives the score's reason; a
hint says when the coach is not sure; a points reason for the score's card is never false; the play-to-score
puzzles open with the Hearts reason where one can be said.

Positions are built card by card; every search has a fixed seed and a small number of rollouts.
"""

from __future__ import annotations

import dataclasses
import math

import pytest
from positions import make_state

from hearts_tutor.bots.search import Estimate
from hearts_tutor.coach.facts import check_explanation
from hearts_tutor.coach.grading import Grade, grade_play
from hearts_tutor.coach.hints import explain_play, hint
from hearts_tutor.coach.score_advice import Kind, ScoreReason, ending_reason, leader_reason, moon_reason
from hearts_tutor.coach.score_why import (
    agreeing_reason,
    ends_anyway_words,
    feedback_reason,
    kept_chance_sentence,
    take_it_reason,
    unsure_words,
)
from hearts_tutor.coach.text import play_phrase
from hearts_tutor.engine.cards import Card, parse_cards, rank_of
from hearts_tutor.engine.hand import HandState
from hearts_tutor.engine.view import PlayerView
from hearts_tutor.equity.line import ScoreLine
from hearts_tutor.practice.bank import load_bank
from hearts_tutor.practice.score_puzzles import score_words

ROLLOUTS = 40
NO_DEADLINE = math.inf
QS, JC, TWO_H, AS, KS, JS, THREE_S, JH = parse_cards("QS JC 2H AS KS JS 3S JH")

# The learner (seat 0) has taken the only heart so far with the ace and king of clubs and leads to trick 3 holding
# a moon hand: the jack of clubs (top club out) keeps shooting, the 2 of hearts lets a point go.
MOON_DEAL = {0: "AC KC QC JC AD KD AS KS QS AH KH QH 2H", 1: "2C 3C 4C 6C 2D 3D 4D 2S 3S 4S 5S JH 3H",
             2: "7C 8C 9C TC 5D 6D 7D 6S 7S 8S 4H 5H 6H", 3: "5C 8D 9D TD JD QD 9S TS JS 7H 8H 9H TH"}
MOON_PLAYS = "2C 7C 5C AC KC 3C 8C 7H"
MOON_WINS = (90, 75, 80, 85)  # a moon adds 26 to every other score: the game ends with the learner lowest on 90
MOON_LOSES = (60, 30, 70, 80)  # a moon ends the game with seat 1 on 56, below the learner's 60

# Seat 1 leads a diamond, seat 2 wins it with the ace, seat 3 follows; the learner (last) is out of diamonds.
QUEEN_HANDS = {0: "5C 6C 7C 8C QS 2S 3S 4S 5S 2H 3H 4H 5H", 1: "AC 4D", 2: "3C AD", 3: "2C 2D"}
QUEEN_PLAYS = "2C 5C AC 3C 4D AD 2D"
LEADER_WINS = (40, 88, 31, 60)  # seat 2, winning the trick, has the lowest score; seat 1 can end the game
OTHER_WINS = (40, 31, 88, 60)  # the queen would take seat 2 to 101 while seat 1 has the lowest score


def at(state: HandState, scores: tuple[int, ...]) -> PlayerView:
    return dataclasses.replace(state.view(state.to_move), scores=scores)


def graded(view: PlayerView, card: Card, band: str, reason: str | None) -> Grade:
    """The grade of ``card`` in chance, in ``band``, with ``reason`` in its explanation and its feedback."""
    grade = grade_play(view, card, seed=1, rollouts=ROLLOUTS, deadline=NO_DEADLINE)
    assert grade.unit == "chance" and grade.band == band
    assert reason is not None and reason in grade.explanation and reason in grade.feedback
    return grade


@pytest.fixture(scope="module")
def moon() -> HandState:
    return make_state("standard", MOON_DEAL, MOON_PLAYS, hand_number=3)


@pytest.fixture(scope="module")
def queen() -> HandState:
    return make_state("standard", QUEEN_HANDS, QUEEN_PLAYS)


def test_a_reason_is_shown_only_for_the_card_it_argues_for(moon: HandState) -> None:
    wins, loses = at(moon, MOON_WINS), at(moon, MOON_LOSES)
    take_all = agreeing_reason(wins, ScoreLine.from_view(wins), JC, [TWO_H])
    assert take_all is not None and take_all.kind is Kind.SHOOT
    assert "end the game with you lowest on 90: take every point" in take_all.words
    assert agreeing_reason(wins, ScoreLine.from_view(wins), TWO_H, [JC]) is None  # the moon argues for the club
    let_go = agreeing_reason(loses, ScoreLine.from_view(loses), TWO_H, [JC])
    assert let_go is not None and let_go.kind is Kind.LET_MOON_GO and let_go.words.endswith("so let a point go.")
    assert agreeing_reason(loses, ScoreLine.from_view(loses), JC, [TWO_H]) is None
    far = at(moon, (0, 0, 0, 0))
    assert agreeing_reason(far, ScoreLine.from_view(far), JC, [TWO_H]) is None  # the game cannot end this hand


def test_the_hint_names_the_moon_when_the_best_card_is_also_the_fewest_points_card(moon: HandState) -> None:
    """M1: failed before (the hint gave only the club reason)."""
    view = at(moon, MOON_WINS)
    h = hint(view, seed=1, rollouts=ROLLOUTS, workers=1)
    assert h.card == JC and h.unit == "chance"
    assert moon_reason(view, ScoreLine.from_view(view), JC) in h.reason
    assert "Shooting the moon" not in hint(at(moon, (0, 0, 0, 0)), seed=1, rollouts=ROLLOUTS, workers=1).reason


def test_a_wrong_move_is_told_the_moon_before_the_reveal(moon: HandState) -> None:
    """M1 and M2 for grades: failed before (no moon words in the explanation or the feedback)."""
    view = at(moon, MOON_WINS)
    grade = graded(view, TWO_H, "blunder", moon_reason(view, ScoreLine.from_view(view), JC))
    assert play_phrase(grade.best) not in grade.feedback  # the feedback does not give the coach's move away


def test_a_right_move_at_a_score_line_is_told_why(queen: HandState) -> None:
    """U7: failed before (the grade of the queen said only that it keeps the best chance)."""
    view = at(queen, LEADER_WINS)
    graded(view, QS, "best", leader_reason(view, ScoreLine.from_view(view), QS))
    # the same reason is never given to a club thrown instead
    assert agreeing_reason(view, ScoreLine.from_view(view), parse_cards("8C")[0], [QS]) is None


def test_the_feedback_gives_the_score_reason_not_the_points_words(queen: HandState) -> None:
    """M2: failed before (the feedback said only what the move costs)."""
    view = at(queen, OTHER_WINS)
    reason = ending_reason(view, ScoreLine.from_view(view), QS)
    assert reason is not None and "to at least 101" in reason
    grade = graded(view, QS, "blunder", reason)
    assert play_phrase(grade.best) not in grade.feedback
    # no feedback reason for a right move, or where the game cannot end this hand
    assert feedback_reason(view, ScoreLine.from_view(view), QS, QS) is None
    far = at(queen, (0, 10, 5, 0))
    assert feedback_reason(far, ScoreLine.from_view(far), QS, parse_cards("8C")[0]) is None


def _estimates(values: dict) -> dict:
    return {c: Estimate(sum(v) / len(v), 0.0, len(v), values=tuple(v)) for c, v in values.items()}


def test_a_hint_says_when_the_coach_is_not_sure() -> None:
    """M6: failed before (no caveat for hints)."""
    noisy = _estimates({JC: [50, 0, 100, 0, 100, 50], TWO_H: [0, 100, 50, 50, 100, 30]})
    caveat = unsure_words(noisy, JC, lambda c: (rank_of(c), c))
    assert caveat.startswith(" The coach is not sure of this hint") and "the 2 of hearts" in caveat
    clear = _estimates({JC: [10, 12, 9, 11, 10, 10], TWO_H: [60, 65, 58, 61, 63, 60]})
    assert unsure_words(clear, JC, lambda c: (rank_of(c), c)) == ""
    same = _estimates({JC: [50, 0, 100, 0], TWO_H: [50, 0, 100, 0]})  # two cards that play the same
    assert unsure_words(same, JC, lambda c: (rank_of(c), c)) == ""
    # a card kept although another has the better mean is not said to keep the best chance
    assert kept_chance_sentence(noisy, JC).startswith("It keeps your best chance")
    assert kept_chance_sentence(noisy, TWO_H).startswith("Its chance to win the game (45%) is as good as any")


def test_a_low_card_that_wins_by_force_is_not_called_unlikely_to_win() -> None:
    """F2: failed before ('a low card is unlikely to win the trick' of the 3 of spades, no other spade out)."""
    view = load_bank().by_id["standard-score-0-5-p28"].view()
    assert "unlikely to win" not in explain_play(view, THREE_S, tempting=JH)
    old_words = "Lead the 3 of spades: a low card is unlikely to win the trick, so others take it."
    assert check_explanation(view, old_words, THREE_S, JH) == ["a low card is unlikely to win: false here"]
    h = hint(view, seed=1, rollouts=ROLLOUTS, workers=1)
    assert h.card == THREE_S and "take every point" in h.reason and "unlikely to win" not in h.reason


def test_the_trick_points_that_would_end_the_game_are_taken() -> None:
    view = load_bank().by_id["standard-score-0-33-p19"].view()
    line = ScoreLine.from_view(view)
    why = take_it_reason(view, line, KS, JS)
    assert why is not None and "to at least 103" in why and "take the trick with the king of spades" in why
    assert take_it_reason(view, line, JS, KS) is None  # the jack lets the trick go: no reason to take it
    far = dataclasses.replace(view, scores=(0, 0, 0, 0))
    assert take_it_reason(far, ScoreLine.from_view(far), KS, JS) is None


def test_play_to_score_puzzles_open_with_the_hearts_reason() -> None:
    """U1: failed before (no explanation opened with a reason)."""
    bank = load_bank()
    p28 = bank.by_id["standard-score-0-5-p28"]
    assert p28.explanation.startswith("Shooting the moon now would add 26 to every other score")
    p19 = bank.by_id["standard-score-0-33-p19"]
    assert p19.explanation.startswith("This trick's 14 points would take the player across from you to at least 103")
    p13 = bank.by_id["standard-score-0-25-p13"]
    assert ends_anyway_words(p13.view(), ScoreLine.from_view(p13.view())) is not None
    assert "you and the player across from you are lowest, on 67" in p13.explanation
    none = bank.by_id["standard-score-0-13-p28"]  # no Hearts reason: the play-outs say who reaches 100
    assert score_words(none.view(), *(parse_cards(k)[0] for k in (none.best, none.source["tempting"]))) is None
    assert none.explanation.startswith("After the 2 of spades, the player on your right, on 90 of 100, reaches 100")
    reasons = sum(score_words(p.view(), parse_cards(p.best)[0], parse_cards(p.source["tempting"])[0]) is not None
                  for p in bank.puzzles if "play-to-score" in p.themes)
    assert reasons >= 23


# The QUEEN_HANDS trick with the learner holding the queen with two low spades only: seat 2 wins the trick with the
# ace of diamonds, and the queen is the card that gives the learner the fewest points.
LOW_HANDS = {0: "5C 6C 7C 8C QS 2S 3S 9H 3H 4H 5H TH JH", 1: "AC 4D", 2: "3C AD", 3: "2C 2D"}
FAR_BEHIND = (50, 10, 70, 60)  # seat 1 (10) has the lowest score, seat 2 (70) wins the trick: 83 with the queen
SHARED_END = (30, 30, 96, 70)  # the queen takes seat 2 to 109: the game ends with the learner and seat 1 on 30


def test_aim_for_the_low_player_keeps_the_queen_off_a_player_who_is_not_lowest() -> None:
    """Review U2 (Andrews' "aim for the low player"): behind, the coach keeps the queen rather than drop her on seat
    2, who is not the lowest: the hint says why, with the score the queen would bring seat 2 to; never for the
    queen, nor at 0-0-0-0 or with the learner lowest."""
    from hearts_tutor.coach.score_why import low_player_reason, score_why

    state = make_state("standard", LOW_HANDS, QUEEN_PLAYS)
    view = at(state, FAR_BEHIND)
    words = ("Seat 1 has the lowest score (10), 40 below you: the queen of spades on seat 2 would take seat 2 to at "
             "least 83 and bring the end of the game nearer while you are behind. Keep her for a trick seat 1 wins.")
    h = hint(view, seed=2, rollouts=60, workers=1)
    assert h.card != QS and h.reason.startswith(words)
    line = ScoreLine(view.rules, FAR_BEHIND, 0)
    assert score_why(view, line, h.card, QS) == ScoreReason(Kind.AIM_LOW, words)
    assert low_player_reason(view, line, QS, h.card) is None  # never said of the card it argues against
    # no lowest; the learner lowest; seat 2 lowest itself; seat 3 (96) stays nearer the end than seat 2 would be
    for scores in ((0, 0, 0, 0), (10, 50, 70, 60), (50, 70, 10, 60), (50, 10, 70, 96)):
        assert low_player_reason(at(state, scores), ScoreLine(view.rules, scores, 0), h.card, QS) is None
    ending = ScoreLine(view.rules, (50, 10, 96, 60), 0)  # the queen would end the game: ending_reason's case
    assert low_player_reason(at(state, ending.scores), ending, h.card, QS) is None


def test_the_queen_that_ends_the_game_with_a_shared_lowest_score_is_said(queen: HandState) -> None:
    """The tie end_it_reason leaves: the queen on seat 2 (96) ends the game with the learner sharing the lowest
    score (30, with seat 1); the hint of the queen says so, and not for another card, nor when the learner is
    alone lowest (end_it_reason's case) or behind."""
    from hearts_tutor.coach.score_advice import tie_end_reason

    view = at(queen, SHARED_END)
    h = hint(view, seed=1, rollouts=ROLLOUTS, workers=1)
    words = ("The queen of spades would take seat 2, who takes this trick, to at least 109: unless seat 2 goes "
             "on to shoot the moon, that ends the game after this hand while you share the lowest score (30, with "
             "seat 1): take fewer points than seat 1 from here and you win the game; as many, and you share the win.")
    assert h.card == QS and h.reason.startswith(words)
    line = ScoreLine(view.rules, SHARED_END, 0)
    assert agreeing_reason(view, line, QS) == ScoreReason(Kind.TIE_END, words)
    assert tie_end_reason(view, line, parse_cards("6C")[0]) is None and tie_end_reason(view, line, TWO_H) is None
    for scores in ((0, 0, 0, 0), (29, 30, 96, 70), (30, 29, 96, 70), (30, 30, 96, 35)):  # seat 3 can come below
        assert tie_end_reason(at(queen, scores), ScoreLine(view.rules, scores, 0), QS) is None


def test_ends_anyway_words_grammar_and_moon_clause_for_the_learner(moon: HandState) -> None:
    """Review 2: with the learner the only player with points this hand, past the target, the sentence said 'the 1
    points you have taken' and 'unless you goes on to shoot the moon', and said 'unless' also where the moon ends the
    game too (failed before)."""
    view = at(moon, (99, 60, 70, 65))  # the learner's 1 point takes it to 100; a moon leaves it on 99, others < 100
    words = ends_anyway_words(view, ScoreLine.from_view(view))
    assert words is not None and words.startswith("With the 1 point you have taken this hand, your score is at least")
    assert "unless you go on to shoot the moon, the game ends" in words
    ends = at(moon, (99, 60, 80, 65))  # a moon adds 26: seat 2 on 106 ends the game anyway
    words = ends_anyway_words(ends, ScoreLine.from_view(ends))
    assert words is not None and "unless" not in words
