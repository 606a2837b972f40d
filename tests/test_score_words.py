"""What the coach says when the score matters (issue 31, the strong player's review): each sentence appears where it
is true, with the right numbers, and not where it is false.

Positions are built card by card; everything here but one grade (a few rollouts) is words from facts, no search.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from types import SimpleNamespace

import pytest
from positions import make_state

from hearts_tutor.bots.base import _MOON_CHOSEN, _MOON_THOUGHT
from hearts_tutor.bots.rollout_moon import MOON_CHOICE_WHY, moon_choice
from hearts_tutor.coach.grading import grade_pass, grade_play
from hearts_tutor.coach.hints import hint
from hearts_tutor.coach.score_advice import (
    danger_reason,
    end_this_hand_words,
    leader_reason,
    moon_reason,
    points_only_note,
    with_points_only_note,
)
from hearts_tutor.coach.score_facts import check_score_explanation
from hearts_tutor.coach.score_why import low_player_note, pass_reason
from hearts_tutor.coach.situation import trick_winner
from hearts_tutor.coach.text import MOON_CHOICE_HINTS, chance_tenths, hint_moon_choice, review_expected_line
from hearts_tutor.coach.to_score import chance_words, percent
from hearts_tutor.engine.cards import parse_card, parse_cards
from hearts_tutor.engine.hand import HandState
from hearts_tutor.engine.rules import Rules
from hearts_tutor.engine.view import PlayerView
from hearts_tutor.equity.line import ScoreLine

QS, AH, TWO_H = parse_cards("QS AH 2H")
CHOOSES = Rules.preset("standard", moon="shooter_chooses")

# The learner (seat 0, last to play) is out of diamonds with the queen of spades; seat 2 wins the trick with the ace.
QUEEN_HANDS = {0: "5C 6C 7C 8C QS 2S 3S 4S 5S 2H 3H 4H 5H", 1: "AC 4D", 2: "3C AD", 3: "2C 2D"}
QUEEN_PLAYS = "2C 5C AC 3C 4D AD 2D"
# The same hand, but seat 2 leads the ten of diamonds, seat 3 follows and the learner plays third: seat 1 plays last
# and may overtake.
MIDDLE_HANDS = {0: "5C 6C 7C 8C QS 2S 3S 4S 5S 2H 3H 4H 5H", 1: "3C", 2: "AC TD", 3: "2C 2D"}
MIDDLE_PLAYS = "2C 5C 3C AC TD 2D"
# The learner has every point (ten hearts and the queen) in eleven tricks and leads to trick 12 with the ace and
# the 2 of hearts; seat 1 still holds the 9 of hearts.
MOON_HANDS = {0: "AC KC QC JC TC 9C 8C AS KS QS JS AH 2H", 1: "2C 9H 3H 4H 5H 6H 2D 3D 4D 5D 6D 7D 8D",
              2: "3C 5C 7C 7H 8H TH 2S 3S 4S 5S 9D TD JD"}
MOON_PLAYS = ("2C 3C 4C AC  KC 3H 5C 6C  QC 4H 7C JH  JC 5H 7H QH  TC 6H 8H KH  9C 2D TH QD  8C 3D 9D KD "
              "AS 4D 2S 6S  KS 5D 3S 7S  QS 6D 4S 8S  JS 7D 5S 9S")
# The learner took one heart in trick 2 and holds a moon hand (review scenario M): one point so far, none elsewhere.
EARLY_MOON_HANDS = {0: "AC KC QC JC AD KD AS KS QS AH KH QH 2H", 1: "2C 3C 4C 6C 2D 3D 4D 2S 3S 4S 5S JH 3H",
                    2: "7C 8C 9C TC 5D 6D 7D 6S 7S 8S 4H 5H 6H", 3: "5C 8D 9D TD JD QD 9S TS JS 7H 8H 9H TH"}
EARLY_MOON_PLAYS = "2C 7C 5C AC KC 3C 8C 7H"


def at(state: HandState, scores: tuple[int, ...] | None, seat: int = 0) -> PlayerView:
    view = state.view(seat)
    return view if scores is None else dataclasses.replace(view, scores=scores)


def line_of(view: PlayerView) -> ScoreLine:
    return ScoreLine(view.rules, tuple(view.scores), view.seat)


@pytest.fixture(scope="module")
def queen() -> HandState:
    return make_state("standard", QUEEN_HANDS, QUEEN_PLAYS)


# ----- F4: no chance from play-outs said as a certainty -----

def test_a_chance_from_play_outs_is_never_said_as_zero_or_a_hundred_percent() -> None:
    said = {percent(i / 1000) for i in range(1001)}
    assert not said & {"0%", "100%"}
    assert (percent(0.0), percent(0.005), percent(0.995), percent(1.0)) == (
        "almost none", "less than 1%", "more than 99%", "almost certain")
    assert percent(0.314) == "31%"
    assert chance_words(0.06, 0.0, 0.06) == "this lowers your chance to win the game from 6% to almost none"
    tenths = {chance_tenths(i / 100) for i in range(10001)}
    assert not tenths & {"0.0%", "100.0%"} and chance_tenths(31.44) == "31.4%"
    line = review_expected_line({QS: 100.0, AH: 0.0, TWO_H: 69.0}, unit="chance")
    assert "almost none" in line and "almost certain" in line and "31.0%" in line and "0.0%" not in line


# ----- F3: the moon choice on a tie for the lowest score -----

def test_the_moon_choice_on_a_tie_says_the_win_is_shared() -> None:
    why = moon_choice(CHOOSES, (60, 34, 90, 95), 0)[1]  # adding: 60, 60, 116, 121
    assert why in ("ties", "ties_play_on")
    words = hint_moon_choice(why)
    assert "sharing the lowest score" in words and "below you" not in words
    # strictly below: another player would be lower, the old words stand
    assert moon_choice(CHOOSES, (60, 33, 90, 95), 0) == ("subtract_from_self", "ends_behind")
    assert "another player below you" in hint_moon_choice("ends_behind")
    assert moon_choice(CHOOSES, (10, 80, 85, 90), 0) == ("add_to_others", "wins")
    for reason in MOON_CHOICE_WHY:  # every reason has words for the learner and for a bot's thinking
        assert reason in MOON_CHOICE_HINTS and reason in _MOON_THOUGHT and reason in _MOON_CHOSEN


def test_the_tie_is_chosen_by_the_chance_to_win(monkeypatch: pytest.MonkeyPatch) -> None:
    from hearts_tutor.equity import model

    class Sure:
        def win_chance(self, scores: object, seat: int) -> float:
            return 0.9  # playing on would be worth more than half a win

    monkeypatch.setattr(model.GameOdds, "for_rules", classmethod(lambda cls, rules: Sure()))
    assert moon_choice(CHOOSES, (60, 34, 90, 95), 0) == ("subtract_from_self", "ties_play_on")
    assert "keeps the game going" in hint_moon_choice("ties_play_on")


# ----- F5, G2: near the target, only what one player can take alone -----

def test_the_danger_is_said_only_within_a_players_own_take(queen: HandState) -> None:
    def danger(scores: tuple[int, ...], rules: Rules | None = None) -> str | None:
        view = at(queen, scores)
        if rules is not None:
            view = dataclasses.replace(view, rules=rules)
        return danger_reason(view, line_of(view))

    assert danger((74, 40, 50, 60)) is None  # 26 more: only another player's moon could do that
    assert danger((75, 40, 50, 60), Rules.preset("standard", end="exceed")) is None
    assert danger((80, 40, 50, 60)) == (
        "You have 80, the highest score: 20 more points would end the game with you behind, so keep away from a big "
        "take (the queen, a trick full of hearts), even at a point or two more on average.")
    assert danger((99, 40, 50, 60)) == (
        "You have 99, the highest score: any point you take ends the game with you behind. Take no point, unless "
        "you can take every one (a moon): win no trick that can hold a point card.")
    assert "3 more points end the game with you behind" in (danger((97, 40, 50, 60)) or "")
    # 'with you behind' only where the others cannot catch up with the points left
    assert "behind" not in (danger((99, 96, 97, 98)) or "") and "any point you take" in (danger((99, 96, 97, 98)) or "")


# ----- M3, M4, U6, M5: the lowest score, ties, and who still plays -----

def test_the_lowest_score_its_ties_and_the_end_of_the_hand_in_words(queen: HandState) -> None:
    def leader(scores: tuple[int, ...]) -> str | None:
        view = at(queen, scores)
        return leader_reason(view, line_of(view), QS)

    assert leader((60, 70, 30, 95)) == ("Seat 2 has the lowest score (30) and the game can end this hand (seat 3 has "
                                        "95 of 100): give seat 2 the queen.")
    # 74 reaches 100 only by another player's moon: no 'it can end this hand (seat 3 has 74 of 100)'
    assert leader((60, 70, 30, 74)) == "Seat 2 has the lowest score (30): give seat 2 the queen."
    assert leader((60, 30, 30, 95)) == ("Seat 2 shares the lowest score (30, with seat 1) and the game can end this "
                                        "hand (seat 3 has 95 of 100): give seat 2 the queen.")
    assert leader((30, 70, 30, 95)) == ("You share the lowest score (30, with seat 2): the queen on seat 2 puts you "
                                        "13 points ahead of seat 2.")
    assert leader((60, 20, 30, 95)) is None  # the trick goes to seat 2, not to the lowest score
    assert "leads" not in (leader((60, 70, 30, 95)) or "")

    def end(scores: tuple[int, ...], rules: str | Rules = "standard") -> str:
        rules = Rules.preset(rules) if isinstance(rules, str) else rules
        return end_this_hand_words(ScoreLine(rules, scores, 0))

    assert end((60, 70, 30, 74)).startswith("Only a moon can end the game this hand (you 60, seat 1 70")
    assert end((60, 70, 30, 75)).startswith("The game can end this hand (")
    assert end((60, 70, 30, 73)) == ""
    exceed = Rules.preset("standard", end="exceed")
    assert end((60, 70, 30, 75), exceed).startswith("Only a moon") and end((60, 70, 30, 76), exceed).startswith("The")


def test_a_player_near_the_target_still_to_play_is_named() -> None:
    view = at(make_state("standard", MIDDLE_HANDS, MIDDLE_PLAYS), (60, 91, 42, 70))
    assert view.my_turn and len(view.trick) == 2
    words = leader_reason(view, line_of(view), QS) or ""
    assert words.startswith("Seat 2 has the lowest score (42) and the game can end this hand (seat 1 has 91 of 100): "
                            "give seat 2, who is winning this trick, the queen.")
    assert words.endswith("But seat 1 (91) still plays to this trick: if seat 1 overtakes, the queen takes seat 1 to "
                          "at least 104 and ends the game.")
    far = at(make_state("standard", MIDDLE_HANDS, MIDDLE_PLAYS), (60, 80, 42, 95))  # 80 + 13 stays below 100
    assert "still plays" not in (leader_reason(far, line_of(far), QS) or "x")


# ----- G1: the moon that keeps a last-placed learner in the game -----

def test_the_moon_is_said_to_keep_the_learner_in_the_game_only_where_it_does() -> None:
    late = make_state("standard", MOON_HANDS, MOON_PLAYS)
    view = at(late, (90, 40, 60, 70))  # 90 + 23 so far: short of a moon the game ends with the learner behind
    assert moon_reason(view, line_of(view), AH) == (
        "You have 90 and every point so far this hand (23 points): short of a moon, the game ends after this hand "
        "with you behind. Only the moon keeps you in the game: take every point.")
    assert moon_reason(view, line_of(view), TWO_H) is None  # the 2 of hearts lets the moon go: no such reason
    low = at(late, (40, 50, 60, 45))  # not last, and the moon ends nothing: nothing about staying in the game
    assert moon_reason(low, line_of(low), AH) is None
    early = at(make_state("standard", EARLY_MOON_HANDS, EARLY_MOON_PLAYS), (90, 40, 60, 70))
    assert early.my_turn and early.hearts_taken[0] == 1
    assert moon_reason(early, line_of(early)) == (
        "You have 90 and every point so far this hand (1 point): 9 more points end the game with you behind, while a "
        "moon would keep it going (you 90, seat 1 66, seat 2 86, seat 3 96): keep taking tricks.")
    # a moon that ends the game with the learner lowest keeps its own words
    ahead = at(make_state("standard", EARLY_MOON_HANDS, EARLY_MOON_PLAYS), (90, 75, 80, 85))
    assert "end the game with you lowest on 90: take every point" in (moon_reason(ahead, line_of(ahead)) or "")


# ----- U5: puzzle score facts on a tie -----

def test_the_puzzle_score_facts_say_a_shared_lowest_score(queen: HandState) -> None:
    from hearts_tutor.practice.score_puzzles import score_facts_words

    tied = at(queen, (67, 80, 67, 98))
    words = score_facts_words(tied)
    assert "You share the lowest score (67) with the player across from you." in words and "is 67" not in words
    assert check_score_explanation(tied, words) == []
    others = at(queen, (80, 67, 67, 98))
    words = score_facts_words(others)
    assert "The player on your left and the player across from you share the lowest score (67); you have 80." in words
    assert check_score_explanation(others, words) == []
    # the checker refuses a tie that is not one, and one that leaves a seat out
    assert check_score_explanation(at(queen, (67, 80, 68, 98)), "You share the lowest score (67) with the player "
                                   "across from you.")
    assert check_score_explanation(at(queen, (67, 67, 67, 98)), "You share the lowest score (67) with the player "
                                   "across from you.")


# ----- X2: the puzzle score facts name every other player a hand's points could bring to the target -----

def test_the_puzzle_score_facts_name_each_player_within_a_hands_reach_of_the_target(queen: HandState) -> None:
    from hearts_tutor.practice.score_puzzles import score_facts_words

    near = at(queen, (40, 89, 84, 47))
    words = score_facts_words(near)
    assert "89 points, 11 short of 100, and the player across from you ha" in words, words
    assert "84 points, 16 short of 100: this hand can end the game" in words, words
    assert check_score_explanation(near, words) == []
    # a score a hand's 26 points cannot bring to 100 is not named there, nor the learner's own
    far = score_facts_words(at(queen, (80, 89, 70, 47)))
    assert "89 points, 11 short of 100: this hand can end the game" in far and "70 points" not in far, far
    # a wrong second score is caught by the checker
    assert check_score_explanation(near, words.replace("84 points, 16 short", "83 points, 17 short"))
    # the lowest score is said once, as the lowest, not in the list of those near the target
    low = score_facts_words(at(queen, (80, 75, 89, 99)))
    assert "89 points, 11 short of 100: this hand can end the game" in low and "75 points" not in low, low


# ----- F1: rules with no game-win table -----

def test_rules_with_no_game_win_table_say_they_judge_in_points(queen: HandState) -> None:
    def view_in(rules: str, scores: tuple[int, ...] | None) -> PlayerView:
        return at(make_state(rules, QUEEN_HANDS, QUEEN_PLAYS), scores)

    near = view_in("omnibus", (60, 99, 30, 85))
    note = points_only_note(near) or ""
    assert note.startswith("The coach judges these rules in points only") and "check whether the points you give" \
        in note
    assert "take a player to 100," in note
    # review 2: where the game ends when a score passes 100, 'take a player past 100' (failed before: 'to 100')
    assert "take a player past 100," in (points_only_note(view_in("deluxe", (60, 100, 30, 85))) or "")
    assert points_only_note(view_in("omnibus", (20, 40, 30, 35))) is None  # the end is out of reach this hand
    assert points_only_note(view_in("standard", (60, 99, 30, 85))) is None  # a table fits: judged in chance
    assert points_only_note(view_in("omnibus", None)) is None  # a lone hand
    graded = dataclasses.make_dataclass("Graded", ["explanation", "feedback"])
    out = with_points_only_note(near, graded("Best move. The 2 of hearts gives you the fewest points.", "Best move."))
    assert out.explanation.startswith("Best move in points only. The 2 of hearts") and note in out.explanation
    assert out.feedback.startswith("Best move in points only.")


def test_a_grade_under_omnibus_at_the_end_says_it_is_in_points_only() -> None:
    from hearts_tutor.coach.grading import grade_play

    view = at(make_state("omnibus", QUEEN_HANDS, QUEEN_PLAYS), (60, 99, 30, 85))
    grade = grade_play(view, TWO_H, seed=1, rollouts=8)
    assert grade.unit == "points" and "in points only" in grade.explanation
    far = at(make_state("omnibus", QUEEN_HANDS, QUEEN_PLAYS), (20, 40, 30, 35))
    assert "points only" not in grade_play(far, TWO_H, seed=1, rollouts=8).explanation


# ----- U3: the table's review names the seats and says the score line once -----

def test_the_table_review_names_the_seats_and_says_the_score_line_once() -> None:
    from hearts_tutor.coach.score_advice import line_words
    from hearts_tutor.table.panels import review_html

    line = ScoreLine(Rules.preset("standard"), (40, 95, 80, 88), 0)
    quoted = f" ({line_words(line)})"
    mistake = SimpleNamespace(band="mistake", index=5, kind="play", cost=3.0, unit="chance", cards=(QS,),
                              explanation=f"A mistake. Seat 1 takes the trick. The game can end this hand{quoted}.")
    review = SimpleNamespace(mistakes=[mistake, mistake], players=4,
                             line=line, unit="chance")
    names = ["You", "Blue Otter", "Red Fox", "Grey Owl"]
    shown = review_html(review, names=names)
    assert "Blue Otter takes the trick" in shown and "seat 1" not in shown.lower()
    assert shown.count("the game ends when a score reaches 100") == 1
    # after the mistakes: on a phone held sideways the first mistake must be in view (test_browser_defects)
    assert shown.index("Judged at the score") > shown.rindex("Blue Otter takes the trick")
    assert "The game can end this hand." in shown


# ----- U4: a right answer behind the best, in wins in 100 -----

def test_a_right_answer_behind_the_best_is_said_in_wins_in_100(tmp_path: Path) -> None:
    from hearts_tutor.practice.bank import Bank, load_bank, parse_move
    from hearts_tutor.practice.learner import LearnerDB
    from hearts_tutor.practice.session import Practice

    puzzle = next(p for p in load_bank() if p.id == "standard-score-0-112-p18")  # 7S: 1.8 wins in 100 behind
    practice = Practice(bank=Bank([puzzle]), learner=LearnerDB(tmp_path / "l.sqlite3"), seed=1)
    practice.next()
    outcome = practice.answer(list(parse_move("7S")))
    assert outcome.correct and outcome.text.startswith("Right!")
    assert "only about 2 wins in 100 games behind the coach's best" in outcome.text and "of chance" not in outcome.text


def test_no_danger_sentence_while_the_jack_of_diamonds_can_still_lower_the_score(queen: HandState) -> None:
    view = at(make_state("omnibus", QUEEN_HANDS, QUEEN_PLAYS), (99, 40, 50, 60))
    assert danger_reason(view, line_of(view)) is None


def test_the_queen_on_a_tied_lowest_player_counts_this_hands_points() -> None:
    """Review 2: 'puts you 13 points ahead' counted the queen alone; the learner has taken 2 hearts this hand, so
    the queen puts it 11 ahead (failed before)."""
    hands = {0: "AC KC QS 2S 3S 9H 3H 4H 5H TH JH 6C 7C", 1: "3C AS 4D AH 5D 6D 7D 8D 9D TD 6S 7S 8S",
             2: "5C AD KH 4S KD QD JD 9S TS JS 2H 6H 7H", 3: "2C 8C 2D QH 5S 4C 9C TC JC QC 3D KS 8H"}
    state = make_state("standard", hands, "2C AC 3C 5C KC AH KH 8C 2S AS 4S 5S 4D AD 2D")  # learner took AH KH
    view = at(state, (30, 60, 30, 90))
    assert leader_reason(view, line_of(view), QS) == (
        "You share the lowest score (30, with seat 2): the queen on seat 2 puts you 11 points ahead of seat 2, "
        "counting this hand's points so far.")


def test_the_queen_is_not_given_to_a_player_no_longer_lowest_counting_this_hand() -> None:
    """Seat 2 shares the lowest score (30) at the score line but has taken the ace of hearts this hand: counting
    it, seat 1 alone is lowest, so 'give seat 2 the queen' is not said (review 2; said before)."""
    hands = {0: "AC KC QS 2S 3S 9H 3H 4H 5H TH JH 6C 7C", 1: "3C AS 4D AH 5D 6D 7D 8D 9D TD 6S 7S 8S",
             2: "5C AD KH 4S KD QD JD QC TS JS 2H 6H 7H", 3: "2C 8C 2D QH 5S 4C 9C TC JC 9S 3D KS 8H"}
    state = make_state("standard", hands, "2C AC 3C 5C 6C AH QC 8C 4S 5S 2S AS 4D AD 2D")  # seat 2 took AH
    tied = at(state, (40, 30, 30, 95))
    assert tied.my_turn and trick_winner(tied, QS) == (2, parse_card("AD"))
    assert leader_reason(tied, line_of(tied), QS) is None
    alone = at(state, (40, 35, 30, 95))  # still lowest with the ace of hearts counted (31)
    assert (leader_reason(alone, line_of(alone), QS) or "").endswith("give seat 2 the queen.")


# ----- G3: a pass at a score line says what the score asks of it -----

PASS_HANDS = {0: "AC KC 5C QS 2S 3S 4S AH 9H 2D 8D JD 3C"}


@pytest.fixture(scope="module")
def passing() -> HandState:
    return make_state("standard", PASS_HANDS, direction="left")


@pytest.mark.parametrize(("scores", "opening"), [
    ((95, 40, 60, 20), "You have 95, the highest score: 5 more points would end the game with you behind, so keep "
                       "away from a big take"),
    ((60, 96, 30, 70), "Seat 2 has the lowest score (30), more than a moon's 26 points below your 60: if the game "
                       "ends this hand, you cannot win it. Your chance is that it goes on, and seat 1 (96) can end "
                       "it: points that take seat 1 to 100 end it."),
    ((90, 95, 20, 40), "Seat 2 has the lowest score (20), more than a moon's 26 points below your 90: if the game "
                       "ends this hand, you cannot win it. Your chance is that it goes on, and you (90) or seat 1 "
                       "(95) can end it: points that take you or seat 1 to 100 end it."),
    # seat 3 (96) ends the game with the queen or a few hearts; seat 1 (85) and seat 2 (75) only with far more
    ((70, 85, 75, 96), "You have the lowest score (70), and seat 3 (96) can end the game this hand: points that take "
                       "seat 3 to 100 win you the game if you still have the lowest score after the hand"),
    ((50, 96, 50, 70), "You share the lowest score (50, with seat 2), and seat 1 (96) can end the game this hand: "
                       "points that take seat 1 to 100 win you the game if you then have fewer points than the rest "
                       "(as many: a shared win), so keep your own take small."),
    # review s8 G2: behind the lowest score by less than a moon, with a player near the end
    ((60, 96, 50, 70), "Seat 2 has the lowest score (50), 10 below your 60, and seat 1 (96) can end the game this "
                       "hand: if it does, you win it only with at least 11 points fewer than seat 2 this hand (or by "
                       "a moon, which would win it), so aim your points at seat 2."),
    # review 3: seat 2 needs 10 points to end the game, leaving seat 1 at most 16 of the 21 to pass the learner
    ((80, 60, 90, 85), "Seat 1 has the lowest score (60), 20 below your 80, and seat 2 (90) can end the game this "
                       "hand: if it does, only your own moon can win it for you, since the points it takes to end the "
                       "game leave too few for seat 1 to finish above you. Your chance is that it goes on."),
    # 26 above the lowest: the learner's moon would tie it (a shared win)
    ((57, 96, 31, 70), "Seat 2 has the lowest score (31), 26 below your 57, and seat 1 (96) can end the game this "
                       "hand: if it does, only your own moon can give you a share of it"),
    # 20 points of room: the queen alone would not end it
    ((80, 76, 7, 68), "Seat 2 has the lowest score (7), more than a moon's 26 points below your 80: if the game ends "
                      "this hand, you cannot win it. Your chance is that it goes on, and you (80) or seat 1 (76) can "
                      "end it: points that take you or seat 1 to 100 end it."),
    # no moon's gap, and a moon (86, 91, 96) would not end the game
    ((85, 60, 65, 70), "You have 85, the highest score: 15 more points would end the game"),
    # a moon (86, 96, 101) would end it with the learner lowest, but this is no moon pass
    ((85, 60, 70, 75), "You have 85, the highest score: 15 more points would end the game"),
    ((40, 92, 95, 60), "You have the lowest score (40), and seat 1 (92) or seat 2 (95) can end the game this hand: "
                       "points that take seat 1 or seat 2 to 100 win you the game if you still have the lowest score "
                       "after the hand, so keep your own take small."),
])
def test_a_pass_where_the_game_can_end_says_what_the_score_asks(passing: HandState, scores: tuple[int, ...],
                                                                 opening: str) -> None:
    view = at(passing, scores)
    assert (pass_reason(view, line_of(view)) or "").startswith(opening)


@pytest.mark.parametrize("scores", [
    (0, 0, 0, 0),        # the game cannot end this hand
    (40, 74, 60, 50),    # the learner is lowest, and only a moon (26 to seat 1) can end the game
])
def test_no_pass_sentence_where_the_score_asks_nothing_sure(passing: HandState, scores: tuple[int, ...]) -> None:
    view = at(passing, scores)
    assert pass_reason(view, line_of(view)) is None


def test_the_pass_hint_and_grade_at_a_score_line_give_the_score_sentence(passing: HandState) -> None:
    view = at(passing, (60, 96, 30, 70))
    found = hint(view, rollouts=4, workers=1)
    assert found.reason.startswith("Seat 2 has the lowest score (30)") and "chance to win the game" in found.reason
    plain = hint(at(passing, (20, 30, 30, 40)), rollouts=4, workers=1)  # the game cannot end: points words only
    assert "score" not in plain.reason and "chance" not in plain.reason
    grade = grade_pass(view, parse_cards("AC KC 5C"), seed=1, rollouts=6)
    assert grade.unit == "chance" and "more than a moon's 26 points below your 60" in grade.explanation


# ----- G4: aim for the low player, wherever the score stands -----

def test_far_from_the_end_the_queen_on_the_low_player_says_so() -> None:
    """At (50, 70, 10, 60) the game cannot end this hand; the queen, unguarded and the most points the learner can
    throw, goes to seat 2, who has the lowest score: the hint and a best grade say so (Andrews' basic tenet); not
    for a heart while the queen could go, not when seat 2 is not lowest or only a little below the learner, not
    at 0-0-0-0, and near the end the end-of-game words say it (review s8 U2, G4)."""
    queen = make_state("standard", {**QUEEN_HANDS, 0: "5C 6C 7C 8C QS 2H 3H 4H 5H 6H 7H 8H 9H"}, QUEEN_PLAYS)
    view = at(queen, (50, 70, 10, 60))
    line = line_of(view)
    assert not line.can_end_this_hand
    assert low_player_note(view, line, QS) == "Seat 2 has the lowest score (10): give seat 2 the queen."
    assert low_player_note(view, line, TWO_H) is None  # the queen would throw more
    # a heart is not chosen for seat 2 (review s8 U3: 'give seat 2 the 2 of hearts' read as if it were)
    assert leader_reason(view, line, TWO_H, anytime=True) == ("Seat 2 has the lowest score (10): seat 2 takes this "
                                                              "trick, so throw the 2 of hearts on it.")
    assert low_player_note(at(queen, (50, 5, 10, 60)), line_of(at(queen, (50, 5, 10, 60))), QS) is None
    near = at(queen, (50, 70, 10, 95))
    assert low_player_note(near, line_of(near), QS) is None  # agreeing_reason's, with the end in view
    found = hint(view, rollouts=6, workers=1)
    assert found.card == QS and found.reason.startswith("Seat 2 has the lowest score (10): give seat 2 the queen.")
    grade = grade_play(view, QS, seed=1, rollouts=6)
    assert grade.band == "best" and "give seat 2 the queen" in grade.explanation and grade.unit == "points"
    # 0-0-0-0: nobody to aim at; (50, 70, 47, 60): seat 2 only 3 below the learner, no reason
    for scores in ((0, 0, 0, 0), (50, 70, 47, 60)):
        plain = hint(at(queen, scores), rollouts=6, workers=1)
        assert plain.card == QS and "lowest score" not in plain.reason
    shared = at(queen, (10, 70, 10, 60))  # shared with the trick's winner: the queen puts the learner ahead
    assert low_player_note(shared, line_of(shared), QS) == ("You share the lowest score (10, with seat 2): the queen "
                                                           "on seat 2 puts you 13 points ahead of seat 2.")


# ----- review s8: the learner's own moon, a low player who may be shooting, the low player where the score decides

SHOOTER_HANDS = {0: "3C 4C 5C 6C 7C 8C 9C 2S 3S 2H 3H 4H 5H", 1: "2C TC JC 4S 5S 6S 6H 7H 4D 5D 6D 7D 8D",
                 2: "AS KS QS JS TS AH KH QH JH TH AD KD QD", 3: "QC KC AC 7S 8S 9S 8H 9H 9D TD JD 2D 3D"}
# Seat 2 has taken the queen and two hearts (every point so far) and leads the king of diamonds; the learner has none
SHOOTER_PLAYS = "2C AD AC 3C 9S 2S 4S AS KS 7S 3S 5S QS 8S 2H 6S KD 9D"


def test_take_no_point_offers_a_moon_only_where_the_learners_moon_does_not_lose(passing: HandState) -> None:
    """Review s8 F1: at (99, 70, 80, 60) a moon adds 26 to the others (96, 106, 86): the game ends with seat 3
    lowest, so 'unless you can take every one (a moon)' would be false; at (98, 80, 85, 90) a moon wins."""
    view = at(passing, (99, 70, 80, 60))
    words = danger_reason(view, line_of(view)) or ""
    assert words.startswith("You have 99, the highest score: any point you take ends the game") and "moon" not in words
    view = at(passing, (98, 80, 85, 90))
    assert "unless you can take every one (a moon)" in (danger_reason(view, line_of(view)) or "")


def test_no_low_player_or_danger_words_while_another_player_may_be_shooting() -> None:
    """Review s8 M1 and M4: seat 2, on the lowest score, has every point so far (the queen and two hearts): no
    'give seat 2 the 3 of hearts' (it would help a moon that adds 26 to the learner), and at a line where the
    learner is near the end no 'keep away from a big take' (stopping the moon may be worth a point)."""
    state = make_state("standard", SHOOTER_HANDS, SHOOTER_PLAYS)
    far = at(state, (50, 70, 10, 60))
    assert far.my_turn and trick_winner(far, TWO_H)[0] == 2
    assert leader_reason(far, line_of(far), TWO_H, anytime=True) is None
    assert low_player_note(far, line_of(far), TWO_H) is None
    near = at(state, (90, 60, 40, 70))
    assert danger_reason(near, line_of(near)) is None


def test_where_the_score_picks_the_queen_far_from_the_end_the_low_player_is_the_reason() -> None:
    """Review s8 M2: far from the end, when the score (not the points) picks the queen on the low player, the
    reason is the low player, not the plain 'playing for the fewest points is not what wins the game'."""
    from hearts_tutor.coach.score_advice import Kind
    from hearts_tutor.coach.score_why import score_why

    view = at(make_state("standard", MIDDLE_HANDS, MIDDLE_PLAYS), (50, 70, 10, 60))
    assert not line_of(view).can_end_this_hand
    why = score_why(view, line_of(view), QS, parse_card("2S"))
    assert why.kind is Kind.LOW_PLAYER
    assert why.words.startswith("Seat 2 has the lowest score (10): give seat 2, who is winning this trick, the queen.")


# ----- review s8 F2, F3: the moon's pass at a score line -----

MONSTER = "AH KH QH JH TH 9H AS KS AD KD QD AC KC"  # no other player holds a card that beats one of these
BARE_QUEEN = "QS KD AD 2C 5C 9C JC 4D 7D TD 3H 8H KH"


def test_the_moon_pass_gives_the_losers_first_and_keeps_the_hearts() -> None:
    """A moon pass gives the cards another player can beat, the most beatable first and hearts before the rest;
    with none, the winners the moon needs least (clubs and diamonds before spades, hearts kept). The old pass
    gave the 9, 10 and jack of hearts, the lowest cards, from a hand whose every card wins."""
    from hearts_tutor.bots.passing import moon_pass_order
    from hearts_tutor.coach.passing import suggest_pass

    rules = Rules.preset("standard")
    assert moon_pass_order(parse_cards(MONSTER), rules)[:3] == parse_cards("QD KD KC")
    assert moon_pass_order(parse_cards(BARE_QUEEN), rules)[:3] == parse_cards("3H 2C 8H")
    view = make_state("standard", {0: MONSTER}, direction="left").view(0)
    cards, words = suggest_pass(view)
    assert sorted(cards) == sorted(parse_cards("QD KD KC")) and "keep every heart" in words
    from hearts_tutor.bots import make_bot
    assert sorted(make_bot("hard", seed=1).decide(view).cards) == sorted(parse_cards("QD KD KC"))


def test_the_moon_pass_is_weighed_where_a_moon_wins_and_not_offered_where_it_loses() -> None:
    """At (95, 80, 85, 90) the learner's moon sends the other three past 100 (a win): the pass words say so and
    the moon pass is among the passes the coach compares. At (60, 96, 30, 70) a moon ends the game with seat 2 on
    56, below the learner's 60: no moon pass is suggested for a moon hand (review s8 F3)."""
    from hearts_tutor.coach.hints import moon_options

    queen = at(make_state("standard", {0: BARE_QUEEN}, direction="left"), (95, 80, 85, 90))
    assert (pass_reason(queen, line_of(queen)) or "").startswith("You have 95, the highest score")  # no moon pass
    assert (pass_reason(queen, line_of(queen), moon_pass=True) or "").startswith(
        "A moon would win you the game: 26 points to every other player take seat 1 (106), seat 2 (111) and seat 3 "
        "(116) to 100 while you stay on 95, the lowest score. Without the moon, 5 points of yours end the game "
        "with you behind.")
    assert moon_options(queen, line_of(queen)) == [tuple(sorted(parse_cards("3H 2C 8H")))]
    # a moon takes seat 1 to 106 and seat 2 to 56, above the learner's 50
    behind = dataclasses.replace(queen, scores=(50, 80, 30, 70))
    assert pass_reason(behind, line_of(behind), moon_pass=True) == (
        "A moon would win you the game: 26 points to every other player take seat 1 (106) to 100 while you stay on "
        "50, the lowest score.")
    monster = at(make_state("standard", {0: MONSTER}, direction="left"), (60, 96, 30, 70))
    assert moon_options(monster, line_of(monster)) == []
    found = hint(monster, rollouts=4, workers=1)
    assert "shooting the moon" not in found.reason
    far = at(make_state("standard", {0: MONSTER}, direction="left"), (10, 20, 30, 40))
    assert "shooting the moon" in hint(far, rollouts=4, workers=1).reason


def test_where_no_choice_keeps_a_chance_the_grade_is_in_points() -> None:
    """Review s8 M3: at (99, 70, 80, 60) every pass keeps less than 1% of a chance to win the game; a grade in chance
    called keeping the bare queen 'Best move'. It is graded in points, and says why."""
    view = at(make_state("standard", {0: BARE_QUEEN}, direction="right"), (99, 70, 80, 60))
    grade = grade_pass(view, parse_cards("2C 3H 8H"), seed=1, rollouts=12)
    assert grade.unit == "points" and grade.band != "best" and "points more on average" in grade.explanation
    assert "no choice keeps even 1% of a chance to win the game" in grade.feedback


def test_a_moon_pass_names_which_cards_can_lose_a_trick() -> None:
    """Re-check s8 N1: one loser among the passed cards made all three 'cards that can lose a trick'."""
    from hearts_tutor.coach.text import reason_pass_moon

    kc, ac, two_d = parse_cards("KC AC 2D")
    words = reason_pass_moon([kc, ac, two_d], Rules.preset("standard"), losers=[two_d])
    assert words.endswith("Pass the king of clubs, the ace of clubs and the 2 of diamonds: the 2 of diamonds can "
                          "lose a trick, and a trick lost (a heart trick most of all) ruins a moon; the king of clubs "
                          "and the ace of clubs are the winners the moon needs least.")
    assert "cards that can lose a trick" in reason_pass_moon([two_d], Rules.preset("standard"))


def test_where_no_pass_keeps_a_chance_the_pass_hint_is_in_points_too() -> None:
    """Re-check s8 N6: at (99, 70, 80, 60) the grade is in points (no pass keeps 1%); so is the hint."""
    view = at(make_state("standard", {0: BARE_QUEEN}, direction="right"), (99, 70, 80, 60))
    found = hint(view, rollouts=12, workers=1)
    assert found.unit == "points" and found.reason.endswith("so this is judged in points.")
    assert QS in found.cards


def test_the_hard_bot_makes_no_moon_pass_where_a_moon_would_lose_the_game() -> None:
    """Re-check s8: at (60, 96, 30, 70) a moon ends the game with seat 2 on 56, below the bot's 60: it passes as
    for any hand; at 0-0-0-0 and where a moon would win (40, 92, 95, 60) it makes the moon pass."""
    from hearts_tutor.bots import make_bot

    state = make_state("standard", {0: MONSTER}, direction="left")
    for scores, plan in (((60, 96, 30, 70), "normal"), ((0, 0, 0, 0), "moon"), ((40, 92, 95, 60), "moon")):
        assert make_bot("hard", seed=1).pass_plan(at(state, scores)) == plan, scores


def test_a_pass_is_a_moon_pass_for_the_hint_and_the_grade_alike() -> None:
    """Re-check s8 X1, X2: a moon hand's pass that keeps its hearts is a moon pass for the grade as for the hint
    (the grade said 'keep away from a big take' of the hint's own moon pass); a hand that cannot shoot makes no
    moon pass, even of the moon order's cards, where a moon would win the game."""
    from hearts_tutor.coach.hints import is_moon_pass

    monster = at(make_state("standard", {0: MONSTER}, direction="right"), (95, 80, 85, 90))
    assert is_moon_pass(monster, line_of(monster), tuple(sorted(parse_cards("KC QD AD"))))
    assert not is_moon_pass(monster, line_of(monster), tuple(sorted(parse_cards("KC QD AH"))))
    assert not is_moon_pass(monster, line_of(monster), tuple(sorted(parse_cards("AC KS AS"))))  # the queen's catchers
    queen = at(make_state("standard", {0: BARE_QUEEN}, direction="left"), (95, 80, 85, 90))
    assert not is_moon_pass(queen, line_of(queen), tuple(sorted(parse_cards("3H 2C 8H"))))


def test_a_pass_that_gives_the_queen_away_says_to_whom_when_the_score_makes_it_matter() -> None:
    """Review s8 U1 (and review 3: the receiver decides where she falls): passing the queen left to seat 1 says what
    she does if seat 1 cannot get rid of her: land on the leader, or take seat 1 to the end; nothing at 0-0-0-0 or
    when she stays."""
    from hearts_tutor.coach.score_why import queen_receiver_note

    state = make_state("standard", {0: BARE_QUEEN}, direction="left")
    passed = parse_cards("QS KD AD")

    def note(scores: tuple[int, ...], cards: list[int] = passed) -> str | None:
        view = at(state, scores)
        return queen_receiver_note(view, line_of(view), tuple(sorted(cards)))

    assert note((70, 40, 60, 80)) == ("The queen goes to seat 1, who has the lowest score (40): if seat 1 cannot get "
                                      "rid of her, her 13 points land on the leader.")
    assert note((40, 90, 60, 80)) == ("The queen goes to seat 1 (90): if seat 1 cannot get rid of her, her 13 points "
                                      "alone take seat 1 to 100.")
    assert note((0, 0, 0, 0)) is None and note((70, 68, 60, 80)) is None
    assert note((70, 40, 60, 80), parse_cards("KD AD 2C")) is None
