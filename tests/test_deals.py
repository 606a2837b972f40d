"""Every curated lesson deal: a valid hand record, and a position that shows what its lesson says.

The prose of each lesson makes claims about its puzzle ("you hold two diamonds", "every other club has been
played", "the red fox has taken every point so far"). The facts below are those claims, asked of the engine;
the expected answer stored with each deal is checked against the coach's own grading.
"""

from __future__ import annotations

import math
import re

import pytest

from hearts_tutor.coach import text
from hearts_tutor.engine.cards import QUEEN_OF_SPADES, card_name, card_str, join_names, parse_card, parse_cards, suit_of
from hearts_tutor.engine.hand import Phase
from hearts_tutor.engine.record import referee_record
from hearts_tutor.engine.view import PlayerView
from hearts_tutor.table.puzzle import ACCEPTED_BANDS, PuzzleDeal, deal_names

CLUBS, DIAMONDS, SPADES, HEARTS = range(4)
ME, OTTER, BIRD, FOX = range(4)

NAMES = deal_names()
ALL_DEALS = math.inf
"""No safety deadline: the verdict with the lesson's fixed number of deals, however busy the machine."""


def cards(text: str) -> set[int]:
    return set(parse_cards(text))


def suit(view: PlayerView, s: int) -> set[int]:
    return {c for c in view.hand if suit_of(c) == s}


def played(view: PlayerView) -> set[int]:
    return {c for _, c in view.plays()}


def unseen_in_suit(view: PlayerView, s: int) -> set[int]:
    return {c for c in view.unseen() if suit_of(c) == s}


def test_the_course_has_its_deals() -> None:
    assert len(NAMES) >= 12
    assert set(FACTS) == set(NAMES), "every deal needs the facts its lesson states, and every fact a deal"


@pytest.mark.parametrize("name", NAMES)
def test_record_is_valid(name: str) -> None:
    deal = PuzzleDeal.load(name)
    answer = referee_record(deal.record.to_json())
    assert answer["ok"], answer
    assert not answer["complete"]
    view = deal.view()
    if deal.exercise.kind == "pass":
        assert view.phase is Phase.PASS and not view.passes_done[deal.seat]
    else:
        assert view.my_turn, "the puzzle must stop where the learner plays"
        for c in deal.exercise.answer:
            assert view.why_illegal(c) is None, f"the answer {c} must be legal"


# ----- what each lesson says about its position -----


def follow_suit(v: PlayerView) -> None:
    assert v.tricks[0].winner == FOX and parse_card("KC") in v.tricks[0].cards
    assert v.trick == (parse_card("8D"),) and v.leader == FOX
    assert set(v.legal_plays()) == suit(v, DIAMONDS) and len(suit(v, DIAMONDS)) == 2


def give_away_queen(v: PlayerView) -> None:
    assert v.trick == (parse_card("4D"),) and v.leader == FOX
    assert not suit(v, DIAMONDS) and QUEEN_OF_SPADES in v.hand
    assert set(v.legal_plays()) == set(v.hand)


def pass_short_queen(v: PlayerView) -> None:
    assert v.hand_number == 0 and v.pass_direction == "left" and v.pass_target() == OTTER
    assert suit(v, SPADES) == cards("QS 4S")
    assert cards("AH KH") <= set(v.hand)


def jack_under_ace(v: PlayerView) -> None:
    assert v.tricks[0].winner == FOX
    assert v.trick == (parse_card("AD"),) and v.leader == FOX
    assert set(v.legal_plays()) == cards("2D 9D JD")


def flush_spades(v: PlayerView) -> None:
    assert v.tricks[0].winner == ME and parse_card("8C") in v.tricks[0].cards
    assert not v.trick and v.my_turn
    assert not cards("QS KS AS") & (set(v.hand) | played(v))
    assert all(c < QUEEN_OF_SPADES for c in suit(v, SPADES))


def drop_queen(v: PlayerView) -> None:
    assert v.trick == tuple(parse_cards("4S KS 7S")) and v.trick_seats == [OTTER, BIRD, FOX]
    assert QUEEN_OF_SPADES in v.hand and set(v.legal_plays()) == suit(v, SPADES)


def void_discard(v: PlayerView) -> None:
    assert v.pass_direction == "left" and v.passed is not None and all(suit_of(c) == DIAMONDS for c in v.passed)
    assert not suit(v, DIAMONDS)
    assert v.tricks[0].winner == BIRD and v.leader == BIRD and suit_of(v.trick[0]) == DIAMONDS
    assert suit(v, SPADES) == cards("AS KS") and QUEEN_OF_SPADES not in played(v)


def last_club(v: PlayerView) -> None:
    assert len(v.tricks) == 9 and len(v.hand) == 4 and not v.trick and v.my_turn
    assert suit(v, CLUBS) == cards("8C QC") and len(suit(v, SPADES)) == 2 and not unseen_in_suit(v, CLUBS)
    assert all(any(u > c for u in unseen_in_suit(v, SPADES)) for c in suit(v, SPADES)), "higher spades are out"
    assert unseen_in_suit(v, HEARTS), "there must be hearts out to throw on a club"


def stop_moon(v: PlayerView) -> None:
    hearts_played = sum(1 for t in v.tricks for c in t.cards if suit_of(c) == HEARTS)
    assert v.queens_taken[FOX] == 1 and v.hearts_taken[FOX] == hearts_played > 0
    assert sum(v.hearts_taken) == v.hearts_taken[FOX] and sum(v.queens_taken) == 1
    assert v.trick == (parse_card("KH"),) and v.leader == FOX
    assert parse_card("AH") in v.hand


def moon_pass(v: PlayerView) -> None:
    assert v.hand_number == 0 and v.pass_target() == OTTER
    assert suit(v, HEARTS) - cards("2H 3H 4H") == cards("AH KH QH"), "the top hearts and three low ones"
    assert cards("QS KS AS") <= set(v.hand)
    aces_kings = [c for c in v.hand if c % 13 >= 11]
    assert len(aces_kings) >= 8, "a run of face cards: worth examining for the moon"


def omnibus_jack(v: PlayerView) -> None:
    assert v.rules.jack_points == -10
    assert v.trick == tuple(parse_cards("9D JD 4D")) and v.trick_seats == [OTTER, BIRD, FOX]
    assert set(v.legal_plays()) == cards("3D KD")


def deluxe_queen_lead(v: PlayerView) -> None:
    assert v.rules.name == "deluxe" and not v.rules.queen_lead_before_broken
    assert not v.trick and v.my_turn and not v.hearts_broken
    assert v.why_illegal(QUEEN_OF_SPADES).rule == "queen_lead_not_broken"
    assert all(v.why_illegal(c).rule == "hearts_not_broken" for c in suit(v, HEARTS))
    assert set(v.legal_plays()) == set(v.hand) - suit(v, HEARTS) - {QUEEN_OF_SPADES}


def telepathy_lead(v: PlayerView) -> None:
    assert len(v.hand) == 6 and not v.trick and v.my_turn
    assert suit(v, DIAMONDS) and not unseen_in_suit(v, DIAMONDS)
    assert parse_card("2H") in v.hand and unseen_in_suit(v, HEARTS)


def first_trick(v: PlayerView) -> None:
    assert not v.tricks and v.trick == tuple(parse_cards("2C 9C KC")) and v.leader == OTTER
    assert not suit(v, CLUBS) and suit(v, HEARTS) and QUEEN_OF_SPADES in v.hand
    assert set(v.legal_plays()) == set(v.hand) - suit(v, HEARTS) - {QUEEN_OF_SPADES}
    assert all(v.why_illegal(c).rule == "first_trick_no_points" for c in suit(v, HEARTS) | {QUEEN_OF_SPADES})


def pass_for_void(v: PlayerView) -> None:
    assert v.hand_number == 0 and v.pass_target() == OTTER
    assert len(suit(v, CLUBS)) == 3, "three clubs: passing them all makes a void"
    assert all(c % 13 <= 5 for c in suit(v, SPADES) | suit(v, HEARTS)), "spades and hearts all low (2-7)"


def cash_spade_ace(v: PlayerView) -> None:
    assert v.trick == tuple(parse_cards("4S 9S 5S")) and v.trick_seats == [OTTER, BIRD, FOX], "you play last"
    assert QUEEN_OF_SPADES in v.unseen() and QUEEN_OF_SPADES not in v.hand, "the queen is out, not in the trick"
    assert parse_card("AS") in v.hand and set(v.legal_plays()) == suit(v, SPADES)


def keep_heart_stopper(v: PlayerView) -> None:
    assert v.pass_direction == "across" and v.pass_target() == BIRD
    assert suit(v, HEARTS) == cards("2H 5H AH"), "the ace of hearts, with only small hearts beside it"
    assert suit(v, CLUBS) == cards("7C QC KC"), "three clubs: passing them makes a void"
    assert cards("KD AD") <= set(v.hand)


def queen_last_spade(v: PlayerView) -> None:
    assert not v.trick and v.my_turn and QUEEN_OF_SPADES in v.hand
    assert unseen_in_suit(v, SPADES) == cards("AS"), "every spade but the ace is played or in your hand"


def first_trick_high_club(v: PlayerView) -> None:
    assert not v.tricks and v.trick == tuple(parse_cards("2C AD QC")) and v.trick_seats == [OTTER, BIRD, FOX]
    assert suit(v, CLUBS) == cards("3C KC")


def pass_top_spades(v: PlayerView) -> None:
    assert v.pass_direction == "left" and v.pass_target() == OTTER and suit(v, SPADES) == cards("QS KS AS")


def moon_pass_losers(v: PlayerView) -> None:
    assert v.pass_direction == "right" and v.pass_target() == FOX
    assert cards("AC AD AS AH") <= set(v.hand) and suit(v, HEARTS) == cards("2H JH QH AH")
    assert parse_card("KD") in v.hand and cards("2C 5S") <= set(v.hand)


def shoot_lead_top(v: PlayerView) -> None:
    hearts_played = sum(1 for t in v.tricks for c in t.cards if suit_of(c) == HEARTS)
    assert v.hearts_taken[ME] == hearts_played > 0 and v.queens_taken[ME] == 1 and sum(v.hearts_taken) == hearts_played
    assert not v.trick and v.my_turn and suit(v, HEARTS) == cards("3H TH KH AH")
    assert unseen_in_suit(v, HEARTS) == cards("4H JH")


def stop_with_spade_ace(v: PlayerView) -> None:
    hearts_played = sum(1 for t in v.tricks for c in t.cards if suit_of(c) == HEARTS)
    assert v.hearts_taken[OTTER] == hearts_played > 0 and sum(v.hearts_taken) == hearts_played
    assert v.trick == tuple(parse_cards("KS 5H 2H")) and v.leader == OTTER and parse_card("AS") in v.hand


def pass_queen_left(v: PlayerView) -> None:
    assert v.pass_direction == "left" and v.pass_target() == OTTER and v.hand_number == 0
    assert suit(v, SPADES) == cards("4S QS AS"), "the queen with the ace and one small spade"


def _otter_wins_the_trick_near_the_target(v: PlayerView) -> None:
    assert v.trick_seats == [OTTER, BIRD, FOX] and v.my_turn, "you play last"
    assert v.trick == tuple(parse_cards("7C TS QH")) and not suit(v, CLUBS), "the otter's club wins: you are void"
    assert QUEEN_OF_SPADES in v.hand and cards("AH") <= set(v.hand)
    assert sum(v.hearts_taken) == 0 and not any(v.queens_taken)
    assert v.scores[OTTER] == 90 and v.scores[OTTER] + 1 + 13 >= 100, "the queen (and the queen of hearts) end it"
    assert v.scores[OTTER] + 2 < 100, "the trick with the ace of hearts thrown on it leaves the otter under 100"


def score_end_game(v: PlayerView) -> None:
    _otter_wins_the_trick_near_the_target(v)
    assert v.scores == (52, 90, 71, 80)
    assert v.scores[ME] + 12 < min(v.scores[BIRD], v.scores[FOX]), "even all twelve hearts left keep you lowest"


def score_keep_game_going(v: PlayerView) -> None:
    _otter_wins_the_trick_near_the_target(v)
    assert v.scores == (60, 90, 38, 80) and v.scores[BIRD] < v.scores[ME], "the yellow bird is lowest"


def take_heart_trick(v: PlayerView) -> None:
    hearts_played = sum(1 for t in v.tricks for c in t.cards if suit_of(c) == HEARTS)
    assert v.hearts_taken[OTTER] == hearts_played == 7 and v.queens_taken[OTTER] == 1 and sum(v.hearts_taken) == 7
    assert v.trick == tuple(parse_cards("3H 9S 8D")) and v.leader == OTTER, "bird and fox show out of hearts"
    assert suit(v, HEARTS) == cards("2H 4H TH") and unseen_in_suit(v, HEARTS) == cards("JH QH")


FACTS = {f.__name__: f for f in (
    pass_queen_left, take_heart_trick, score_end_game, score_keep_game_going,
    queen_last_spade, first_trick_high_club, pass_top_spades, moon_pass_losers, shoot_lead_top,
    stop_with_spade_ace,
    cash_spade_ace, keep_heart_stopper, first_trick, follow_suit, give_away_queen, pass_short_queen,
    jack_under_ace, flush_spades, drop_queen, pass_for_void, void_discard, last_club, moon_pass, stop_moon,
    omnibus_jack, deluxe_queen_lead, telepathy_lead)}


@pytest.mark.parametrize("name", NAMES)
def test_position_shows_what_the_lesson_says(name: str) -> None:
    FACTS[name](PuzzleDeal.load(name).view())


# ----- the coach agrees with the lesson's answer -----


@pytest.mark.parametrize("name", [n for n in NAMES if PuzzleDeal.load(n).exercise.kind == "play"
                                  and not PuzzleDeal.load(n).scores])
def test_coach_accepts_exactly_the_lessons_answers(name: str) -> None:
    """The puzzle asks the coach; the coach must accept the cards the lesson teaches and no other."""
    from hearts_tutor.coach import grade_play

    deal = PuzzleDeal.load(name)
    view, ex = deal.view(), deal.exercise
    assert ex.rollouts, "a fixed number of deals keeps the verdict the same every time"
    grade = grade_play(view, ex.answer[0], seed=ex.seed, rollouts=ex.rollouts, deadline=ALL_DEALS)
    assert grade.best in ex.answer, f"the coach's best card is {grade.best}; the lesson teaches {ex.answer}"
    accepted = {c for c in view.legal_plays() if grade.band_of_option(c) in ACCEPTED_BANDS}
    assert accepted == set(ex.answer), {card_str(c): grade.costs[c] for c in view.legal_plays()}
    for c in set(view.legal_plays()) - accepted:
        assert grade.costs[c] >= 1.0, "a wrong answer must cost a noticeable amount"


@pytest.mark.parametrize("name", [n for n in NAMES if PuzzleDeal.load(n).scores])
def test_score_puzzle_answer_is_the_best_chance_to_win_the_game(name: str) -> None:
    """A play-to-score puzzle (lesson 14) is judged in the chance to win the game at its scores
    (coach/to_score.py): the lesson's card keeps the best chance, every other card gives up a real share of it,
    and the answer is not the one the hand's points alone would pick unless the lesson says they agree."""
    from hearts_tutor.coach.bands import CHANCE_GOOD
    from hearts_tutor.coach.score_puzzle import ScoreJudge

    deal = PuzzleDeal.load(name)
    view, ex = deal.view(), deal.exercise
    judge = ScoreJudge(view, seed=ex.seed, rollouts=ex.rollouts or 300)
    verdict = judge.verdict
    assert not verdict.in_points, "the score must matter here"
    assert set(judge.accepted) == set(ex.answer), judge.table()
    for c in set(view.legal_plays()) - set(ex.answer):
        assert verdict.cost(c) >= 4 * CHANCE_GOOD, (card_str(c), judge.table())  # a real share, not noise
    points_first = verdict.best_by_points
    assert (points_first in ex.answer) == ("this hand's points" not in ex.why), (card_str(points_first), ex.why)


def test_score_puzzles_hold_with_other_dice() -> None:
    """The two score puzzles' answers hold on deals the lesson does not use (another seed, more deals)."""
    from hearts_tutor.coach.score_puzzle import ScoreJudge

    for name in ("score_end_game", "score_keep_game_going"):
        deal = PuzzleDeal.load(name)
        judge = ScoreJudge(deal.view(), seed=deal.exercise.seed + 100, rollouts=400)
        assert judge.verdict.best in deal.exercise.answer, (name, judge.table())


@pytest.mark.parametrize("name", [n for n in NAMES if PuzzleDeal.load(n).exercise.kind == "pass"])
def test_coach_agrees_with_the_lessons_pass(name: str) -> None:
    from hearts_tutor.coach import grade_pass, suggest_pass

    deal = PuzzleDeal.load(name)
    view, ex = deal.view(), deal.exercise
    assert sorted(suggest_pass(view)[0]) == sorted(ex.answer)
    grade = grade_pass(view, ex.answer, seed=ex.seed, rollouts=ex.rollouts, deadline=ALL_DEALS)
    assert grade.band in ACCEPTED_BANDS, grade
    keep_danger = [c for c in view.hand if c not in ex.answer][:3]  # pass harmless cards, keep the danger
    kept = grade_pass(view, keep_danger, seed=ex.seed, rollouts=ex.rollouts, deadline=ALL_DEALS)
    assert kept.band not in ACCEPTED_BANDS


@pytest.mark.parametrize("name", [n for n in NAMES if PuzzleDeal.load(n).exercise.kind == "pass"])
def test_pass_puzzle_reveals_the_lessons_pass_and_wrong_tries_do_not(name: str) -> None:
    """The coach never contradicts the lesson over a difference its sampling cannot tell, and before the reveal
    a wrong try's flags do not name the cards of the answer."""
    from hearts_tutor.table.puzzle import Checker

    deal = PuzzleDeal.load(name)
    view, ex = deal.view(), deal.exercise
    checker = Checker(view, ex)
    wrong = [c for c in view.hand if c not in ex.answer][:3]
    feedback = checker.check(wrong)
    assert not feedback.correct
    for c in set(ex.answer) - set(wrong):
        assert not re.search(rf"\bpass(ing)?\b[^.]*{card_name(c)}", feedback.text, re.IGNORECASE), feedback.text
    revealed = checker.answer_text()
    assert revealed.startswith(("The coach would pass " + join_names(ex.answer) + ".",
                                "The coach would pass " + text.cards_short(ex.answer))), revealed
    assert not re.search(r"\bPass ", revealed), revealed  # the pass is named once


@pytest.mark.parametrize("name", [n for n in NAMES if PuzzleDeal.load(n).exercise.kind == "legal"])
def test_legal_exercises_have_wrong_answers(name: str) -> None:
    view = PuzzleDeal.load(name).view()
    legal = set(view.legal_plays())
    assert legal and legal < set(view.hand), "a legality exercise needs both legal and illegal cards"


@pytest.mark.parametrize("name", NAMES)
def test_exercise_speaks_to_the_learner(name: str) -> None:
    ex = PuzzleDeal.load(name).exercise
    assert ex.prompt.endswith("?") or ex.prompt.endswith(".")
    assert ex.why, "the reveal explains the answer"
    if ex.kind != "legal":
        assert ex.hint, "a weak try gets a nudge that explains why it is weak"
        assert not any(card_name(c) in ex.hint for c in ex.answer), "the nudge must not give the answer away"
