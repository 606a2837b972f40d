"""What the coach says at the table near the end of the game, after a strong player's reading of 236 live decisions
(review s9): no card 'ends the game' when this hand's points already end it, the moon words fit the card they
recommend (a lead is not 'taken', points on the shooter's own trick are not 'no more points than you must'), and a
card that gives no point away keeps the learner's own moon on.

Positions are built card by card; everything here is words from facts, no search.
"""

from __future__ import annotations

import dataclasses

from positions import make_state

from hearts_tutor.coach.hints import _moon_hint
from hearts_tutor.coach.score_advice import Kind, end_it_reason, ends_anyway, moon_reason
from hearts_tutor.coach.score_why import ends_anyway_words
from hearts_tutor.coach.situation import trick_winner
from hearts_tutor.engine.cards import parse_card, parse_cards
from hearts_tutor.engine.view import PlayerView
from hearts_tutor.equity.line import ScoreLine
from hearts_tutor.practice.bank import load_bank

TWO_H, THREE_D, FIVE_H = parse_cards("2H 3D 5H")

# Seat 2 has taken the queen and the 2 of hearts (every point so far) and leads the king of diamonds; the learner
# (seat 0, no diamonds) plays third, seat 1 last with lower diamonds only.
SHOOTER_HANDS = {0: "3C 4C 5C 6C 7C 8C 9C 2S 3S 2H 3H 4H 5H", 1: "2C TC JC 4S 5S 6S 6H 7H 4D 5D 6D 7D 8D",
                 2: "AS KS QS JS TS AH KH QH JH TH AD KD QD", 3: "QC KC AC 7S 8S 9S 8H 9H 9D TD JD 2D 3D"}
SHOOTER_PLAYS = "2C AD AC 3C 9S 2S 4S AS KS 7S 3S 5S QS 8S 2H 6S KD 9D"
# The same, but the learner holds the ace of diamonds (seat 2 the 5 of hearts), wins trick 5 with it and leads
LEAD_HANDS = {**SHOOTER_HANDS, 0: "3C 4C 5C 6C 7C 8C 9C 2S 3S 2H 3H 4H AD",
              2: "AS KS QS JS TS AH KH QH JH TH 5H KD QD"}
LEAD_PLAYS = "2C KD AC 3C 9S 2S 4S AS KS 7S 3S 5S QS 8S 2H 6S QD 2D AD 4D"
# The learner took the 2 of hearts (every point so far); seat 1 leads the king of spades, the learner plays last
# and has no spade: a diamond gives nobody a point, a heart gives seat 1 one.
OWN_MOON_HANDS = {0: "AC KC QC 2S 5H 6H 7H 3D 4D 5D 6D 7D 8D", 1: "2C AS 2H 3H KS QS JS TS 9S 8S 7S 6S 5S",
                  2: "3C 5C AH 9D TD JD QD KD AD 3S 4S 8H 9H", 3: "4C 6C 7C 8C 9C TC JC 4H TH JH QH KH 2D"}
OWN_MOON_PLAYS = "2C 3C 4C AC  KC 2H 5C 6C  2S AS 3S 2D  KS 4S 7C"


def at(hands: dict[int, str], plays: str, scores: tuple[int, ...]) -> tuple[PlayerView, ScoreLine]:
    view = dataclasses.replace(make_state("standard", hands, plays).view(0), scores=scores)
    line = ScoreLine.from_view(view)
    assert view.my_turn and line is not None
    return view, line


def test_no_card_ends_the_game_when_this_hands_points_already_end_it() -> None:
    """F1: at (60, 70, 90, 80) seat 2's 14 points this hand take it to 104: the game ends after this hand whatever
    the learner plays, so 'the 2 of hearts ... ends the game: the end of the game is your friend' is false; the
    coach says the game ends anyway. At (60, 70, 85, 80) seat 2 has 99 so far and the heart's point ends it."""
    view, line = at(SHOOTER_HANDS, SHOOTER_PLAYS, (60, 70, 90, 80))
    assert ends_anyway(view, line) and (trick_winner(view, TWO_H) or (None,))[0] == 2
    assert end_it_reason(view, line, TWO_H) is None
    words = ends_anyway_words(view, line) or ""
    assert words.startswith("With the 14 points seat 2 has taken this hand, their score is at least 104"), words
    view, line = at(SHOOTER_HANDS, SHOOTER_PLAYS, (60, 70, 85, 80))
    assert not ends_anyway(view, line)
    assert "that ends the game after this hand while you have the lowest score" in (
        end_it_reason(view, line, TWO_H) or ""), end_it_reason(view, line, TWO_H)


def test_a_lead_against_a_moon_is_not_taking_the_trick() -> None:
    """F3: 'Take this trick with the 3 of hearts' was said of a lead (a lead always 'wins' the trick so far)."""
    view, _ = at(LEAD_HANDS, LEAD_PLAYS, (10, 20, 30, 40))
    assert not view.trick
    said = _moon_hint(view, parse_card("3H"), 0.0)
    assert said is not None and said.reason.startswith("Lead the 3 of hearts: the player across from you has taken "
                                                       "every point so far and may be shooting the moon"), said
    assert "Take this trick" not in said.reason
    assert said.reason.endswith("one trick with points won by anyone but the player across from you stops it.")


def test_the_moon_watch_words_fit_the_card() -> None:
    """F2: 'give the shooter no more points than you must' was said of a heart thrown on the shooter's own trick;
    a low card that gives nothing keeps those words."""
    view, _ = at(SHOOTER_HANDS, SHOOTER_PLAYS, (10, 20, 30, 40))
    assert (trick_winner(view, TWO_H) or (None,))[0] == 2
    assert _moon_hint(view, TWO_H, 0.0) is None  # a point on the shooter's trick: other words
    # no card of the learner's is higher than the 9 of clubs: no high cards to keep (final recheck s9 F2)
    assert _moon_hint(view, parse_card("4C"), 0.0) is None
    king = {**SHOOTER_HANDS, 0: SHOOTER_HANDS[0].replace("9C", "KC"), 3: SHOOTER_HANDS[3].replace("KC", "9C")}
    view, _ = at(king, SHOOTER_PLAYS, (10, 20, 30, 40))
    low_club = _moon_hint(view, parse_card("4C"), 0.0)
    assert low_club is not None and "give the shooter no more points than you must" in low_club.reason
    assert _moon_hint(view, parse_card("5C"), 0.0) is None  # not the lowest club: 'keep your high cards' misfits
    assert _moon_hint(view, parse_card("KC"), 0.0) is None  # the high card itself


def test_a_card_that_gives_no_point_away_keeps_the_learners_moon_on() -> None:
    """F5: the learner has every point so far and a moon ends the game with it lowest; the 3 of diamonds on seat
    1's spade trick (no points) keeps the moon on, the 5 of hearts gives seat 1 a point and lets it go."""
    view, line = at(OWN_MOON_HANDS, OWN_MOON_PLAYS, (10, 60, 78, 80))
    assert moon_reason(view, line, THREE_D) == ("Shooting the moon now would add 26 to every other score and end "
                                                "the game with you lowest on 10: take every point.")
    assert moon_reason(view, line, FIVE_H) is None


def test_the_player_who_takes_the_trick_is_not_winning_it_when_the_learner_is_last() -> None:
    """F11: 'who is winning this trick' when the learner plays last: the player takes it."""
    words = load_bank().by_id["standard-score-0-94-p31"].explanation
    assert words.startswith("The queen of hearts would take the player across from you, who takes this trick, to at "
                            "least 100"), words


def test_a_settled_game_is_judged_in_points_and_says_so() -> None:
    """F10: seat 2's points this hand end the game; at (95, 30, 90, 40) the learner cannot get below seat 1, at
    (20, 60, 90, 70) nobody can get below the learner: the hint and the grade say so and judge in points, not
    'It keeps your best chance to win the game (almost none)' or '(almost certain)'."""
    from hearts_tutor.coach.grading import grade_play
    from hearts_tutor.coach.hints import hint

    for scores, words in (((95, 30, 90, 40), "no choice keeps even 1% of a chance to win the game"),
                          ((20, 60, 90, 70), "every choice keeps more than 99% of a chance to win the game")):
        view, _ = at(SHOOTER_HANDS, SHOOTER_PLAYS, scores)
        found = hint(view, seed=1, rollouts=6, workers=1)
        assert words in found.reason and found.unit == "points", found.reason
        assert "It keeps your best chance" not in found.reason
        grade = grade_play(view, parse_card("4C"), seed=1, rollouts=6)
        assert words in grade.explanation and grade.unit == "points", grade.explanation


def test_the_learners_own_moon_is_hinted_in_moon_words() -> None:
    """F6: 'Shooting the moon now ... take every point.' was followed by point-avoiding words ('... lets them throw
    points on the trick', 'the coach expects you to score about 1 point'): the card keeps the moon going."""
    from hearts_tutor.coach.hints import hint

    view, _ = at(OWN_MOON_HANDS, OWN_MOON_PLAYS, (50, 60, 78, 80))  # a moon: 50 against 86, 104 and 106
    found = hint(view, seed=1, rollouts=6, workers=1)
    assert found.reason.startswith("Shooting the moon now would add 26 to every other score and end the game with "
                                   "you lowest on 50: take every point. Play the"), found.reason
    assert "and keep going for the moon (take every heart and the queen of spades)" in found.reason
    assert "expects you to score" not in found.reason


def test_a_higher_duck_says_why_not_the_lower_one() -> None:
    """F9: 'Play the 5 of hearts: it stays under the jack' graded the 2 of hearts a mistake, though the 2 stays
    under too: the reason is to shed the higher card while it is safe and keep the lower to duck later."""
    from hearts_tutor.coach.hints import explain_play

    view = make_state("standard", OWN_MOON_HANDS, "2C 3C 4C AC  KC 2H 5C 6C  2S AS 3S 2D  3H AH 4H").view(0)
    words = explain_play(view, parse_card("7H"), tempting=FIVE_H)
    assert words.startswith("Play the 7 of hearts: it stays under the ace of hearts, as the 5 of hearts would; get "
                            "rid of the higher card while it is safe and keep the 5 of hearts to duck a later "
                            "trick."), words


def test_tenths_only_beside_the_chance_they_are_told_apart_from() -> None:
    """Recheck s9 N3: 'It keeps your best chance to win the game (0.9%).' stood alone in tenths while the grade said
    1%: tenths only where the fewest-points move's chance is said beside it and whole percents read the same."""
    from hearts_tutor.coach.score_advice import chance_sentence

    assert chance_sentence(0.009, 0.0085) == "It keeps your best chance to win the game (1%)."
    assert chance_sentence(0.0149, 0.0095).startswith("It keeps your best chance to win the game (1.5%)")


def test_the_low_player_words_say_the_game_ends_when_this_hands_points_end_it() -> None:
    """Recheck s9 (0-318-p35): 'the game can end this hand (the player across from you has 89 of 100)' while the
    player on your right already had 102 counting this hand; every score it says counts this hand's points (review
    s10 U-2, U-3: 'Seat 1 has the lowest score (92)' where seat 1 and seat 2 had 93 counting them)."""
    words = load_bank().by_id["standard-score-0-318-p35"].explanation
    assert words.startswith("Counting this hand's points so far, the player on your left is lowest (66) and the game "
                            "ends after this hand (the player on your right has 102): the player on your left takes "
                            "this trick, so throw the 2 of hearts on it."), words


def test_no_moon_stopping_words_where_that_moon_wins_the_learner_the_game() -> None:
    """Live review s9 F4 and lesson 14: at (10, 80, 50, 90) seat 2's moon would put 26 on the others (36, 106, 116)
    and end the game with the learner lowest: the hint does not tell the learner to stop it; at (10, 20, 30, 40) the
    moon ends nothing and the moon words stay."""
    from hearts_tutor.equity.line import ScoreLine as Line

    king = {**SHOOTER_HANDS, 0: SHOOTER_HANDS[0].replace("9C", "KC"), 3: SHOOTER_HANDS[3].replace("KC", "9C")}
    for scores, said in (((10, 80, 50, 90), False), ((10, 20, 30, 40), True)):
        view, _ = at(king, SHOOTER_PLAYS, scores)
        found = _moon_hint(view, parse_card("4C"), 0.0, Line.from_view(view))
        assert (found is not None) == said, (scores, found)


# Review s9 F6 (seed 13): the learner has taken every point (the queen and six hearts) and leads to trick 8 with
# 5C QC AC KD JH AH; the king of clubs is still out.
OWN_MOON_LEAD_HANDS = {0: "5C QC AC KD JH AH 9C 9S JS 7S 8C 7C 6D", 1: "2D 8D JD QD 3H 7H AD 6S 5S 4S QS KH 4D",
                       2: "3C TC JC KC 2S 2H 2C 8S TS 3S 6C 4C AS", 3: "3D 7D 9D TD 4H 5H KS QH TH 9H 8H 6H 5D"}
OWN_MOON_LEAD_PLAYS = "2C KS 9C AD 9S 6S 8S QH JS 5S TS TH 7S 4S 3S 9H 8C QS 6C 8H 7C KH 4C 6H 6D 4D AS 5D"


def test_a_grade_on_the_learners_own_moon_gives_moon_words() -> None:
    """F6, the grade: at (88, 70, 92, 75) the queen of clubs (it can lose to the king) was graded with 'the player on
    your left has shown out of clubs, so a club lead lets them throw points on the trick', beside 'take every
    point'. The grade names the coach's card and the moon instead."""
    from hearts_tutor.coach.grading import grade_play

    view, _ = at(OWN_MOON_LEAD_HANDS, OWN_MOON_LEAD_PLAYS, (88, 70, 92, 75))
    assert not view.trick and view.hearts_taken[0] == 6
    grade = grade_play(view, parse_card("QC"), seed=1, rollouts=12)
    assert grade.band != "best" and grade.unit == "chance", grade.explanation
    assert "and keep going for the moon (take every heart and the queen of spades)." in grade.explanation
    assert "take every point" in grade.explanation and "throw points on the trick" not in grade.explanation


def test_a_point_thrown_last_names_who_takes_it() -> None:
    """F8: last to play, the learner knows who takes the trick, so the discard names them ('the player on your left
    takes it, so its point goes to them') instead of 'the points go to whoever wins it'; earlier in the trick the
    taker is not known and the words stay general."""
    from hearts_tutor.coach.hints import explain_play
    from hearts_tutor.coach.text import hint_discard_points

    view, _line = at(OWN_MOON_HANDS, OWN_MOON_PLAYS, (40, 60, 70, 80))
    assert len(view.trick) == 3 and (trick_winner(view, FIVE_H) or (None,))[0] == 1
    words = explain_play(view, FIVE_H)
    assert "you are out of spades, and the player on your left takes it, so its point goes to them" in words, words
    assert "whoever wins it" not in words
    assert "its 13 points go to them" in hint_discard_points(parse_card("QS"), 1, "seat 2", 13)
    assert hint_discard_points(FIVE_H, 1).endswith("so the points go to whoever wins it.")


def test_points_on_a_player_below_you_are_a_reason_when_you_are_behind() -> None:
    """F7: where the score picks a heart thrown on the trick of a player below the learner, the coach said only
    'playing for the fewest points is not what wins the game'; it now says the heart closes the gap to a score the
    learner must finish below, and not when the learner is lowest or the taker is above."""
    from hearts_tutor.coach.score_why import catch_up_reason, score_why

    three_d = parse_card("3D")
    view, line = at(OWN_MOON_HANDS, OWN_MOON_PLAYS, (95, 90, 80, 99))
    assert catch_up_reason(view, line, FIVE_H, three_d) == (
        "You need the lowest score when the game ends, and seat 1 has 90 to your 96, counting this hand's points so "
        "far. The 5 of hearts would take seat 1, who takes this trick, to at least 91: 5 below you.")
    assert catch_up_reason(view, line, three_d, FIVE_H) is None  # the diamond gives nobody a point
    assert catch_up_reason(*at(OWN_MOON_HANDS, OWN_MOON_PLAYS, (85, 90, 95, 99)), FIVE_H, three_d) is None  # lowest
    assert catch_up_reason(*at(OWN_MOON_HANDS, OWN_MOON_PLAYS, (80, 97, 70, 99)), FIVE_H, three_d) is None  # above
    assert catch_up_reason(*at(OWN_MOON_HANDS, OWN_MOON_PLAYS, (95, 99, 80, 98)), FIVE_H, three_d) is None  # ends it
    # seat 2 on 30 cannot take the 66 points it would need to pass the learner: catching seat 1 is not the reason
    assert catch_up_reason(*at(OWN_MOON_HANDS, OWN_MOON_PLAYS, (95, 90, 30, 99)), FIVE_H, three_d) is None
    # where this hand's points already end the game (the learner's 1 point at 99), the coach says so, then the gap
    far = at(OWN_MOON_HANDS, OWN_MOON_PLAYS, (99, 90, 80, 95))  # 35 to make up on three players, 25 points left
    assert ends_anyway(*far) and catch_up_reason(*far, FIVE_H, three_d) is None
    view, line = at(OWN_MOON_HANDS, OWN_MOON_PLAYS, (99, 92, 90, 97))
    assert ends_anyway(view, line)
    reason = score_why(view, line, FIVE_H, three_d)
    why = reason.words
    assert reason.kind is Kind.CATCH_UP
    assert why.startswith("With the 1 point you have taken this hand, your score is at least 100: the game ends "
                          "after this hand and the lowest score wins"), why
    assert why.endswith("Seat 1 has 92 to your 100. The 5 of hearts would take seat 1, who takes this trick, to at "
                        "least 93: 7 below you."), why


# Seat 1 wins the first trick with the ace of clubs and leads the 2 of spades; seats 2 and 3, out of spades, throw
# hearts; the learner, last, holds the 6 and the queen of spades: either wins the trick.
CHEAPEST_HANDS = {0: "2C 6S QS 3C 4C 5C 6C 7C 2D 3D 4D 5D 6D", 1: "AC 2S 3S 4S 5S 7S 8S 9S TS JS KS AS 7D",
                  2: "8C 9C TC JC QC KC 6H 8D 9D TD JD QD KD", 3: "AD 2H 3H 4H 5H 7H 8H 9H TH JH QH KH AH"}
CHEAPEST_PLAYS = "2C AC 8C AD 2S 6H 9H"


def test_when_every_card_wins_the_trick_the_hint_says_so() -> None:
    """A generic reason ('when the coach plays the rest of the hand out many times, this card gives you the fewest
    points') where the reason is plain: last to play, every card wins, so win with the one adding no points."""
    from hearts_tutor.coach.hints import explain_play

    view = make_state("standard", CHEAPEST_HANDS, CHEAPEST_PLAYS).view(0)
    six, queen = parse_cards("6S QS")
    assert view.legal_plays() == [six, queen] or sorted(view.legal_plays()) == sorted([six, queen])
    words = explain_play(view, six, tempting=queen)
    assert words == ("Play the 6 of spades: you are last to play and every card you can play wins this trick, so win "
                     "it with the one that adds no points of its own; the queen of spades would add 13."), words
    # the fact checker reads it back, and refuses it where a card can stay under (seat 3 leads the 2 of spades)
    from hearts_tutor.coach.facts import check_explanation

    assert check_explanation(view, words, six, queen) == []
    ducks = make_state("standard", {**CHEAPEST_HANDS, 0: "2C 6S QS 3C 4C 5C 6C 7C 2D 3D 4D 5D 6D",
                                    1: "AC 7S 3S 4S 5S 2S 8S 9S TS JS KS AS 7D"}, "2C AC 8C AD 7S 6H 9H").view(0)
    assert check_explanation(ducks, words, six, queen)


def test_where_every_card_comes_out_the_same_the_hint_says_the_choice_makes_no_difference(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Every card gave the same points in the play-outs, and the hint said its card 'gives you the fewest points':
    it says the choice makes no difference, but not where the cards differ in points of their own (review s10b
    F-2: the queen of spades last under a winning spade is not 'no difference', even where the play-outs tie)."""
    import hearts_tutor.bots.search as search
    from hearts_tutor.bots.search import Estimate
    from hearts_tutor.coach.hints import hint

    view = make_state("standard", CHEAPEST_HANDS, "2C AC 8C AD").view(1)  # seat 1 leads: no point card in hand
    same = {c: Estimate(5.0, 0.0, 10) for c in view.legal_plays()}
    monkeypatch.setattr(search, "evaluate_plays", lambda *a, **k: same)
    found = hint(view, seed=1, rollouts=10, workers=1)
    assert found.reason.endswith("or any other card: in the coach's play-outs every card you can play gives you the "
                                 "same (about 5 points this hand), so here the choice makes no difference."), \
        found.reason
    apart = {**same, parse_card("AS"): Estimate(9.0, 0.0, 10)}
    monkeypatch.setattr(search, "evaluate_plays", lambda *a, **k: apart)
    assert "makes no difference" not in hint(view, seed=1, rollouts=10, workers=1).reason
    view = make_state("standard", CHEAPEST_HANDS, CHEAPEST_PLAYS).view(0)  # the 6 or the queen of spades
    tied = {c: Estimate(25.0, 0.0, 10) for c in view.legal_plays()}
    monkeypatch.setattr(search, "evaluate_plays", lambda *a, **k: tied)
    reason = hint(view, seed=1, rollouts=10, workers=1).reason
    assert "makes no difference" not in reason and "the queen of spades would add 13" in reason, reason


def test_a_hint_compares_its_card_with_a_worse_one_and_names_those_as_good(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Cards that come out the same in the play-outs (the 2 and 3 of spades here) are not the contrast: the reason
    compares the hint's card with a card that does worse, and the equal ones are named as doing as well."""
    import hearts_tutor.bots.search as search
    from hearts_tutor.bots.search import Estimate
    from hearts_tutor.coach.hints import hint

    view = make_state("standard", CHEAPEST_HANDS, "2C AC 8C AD").view(1)  # seat 1 leads trick 2
    est = {c: Estimate(5.0, 0.0, 10) for c in view.legal_plays()}
    est.update({c: Estimate(1.0, 0.0, 10) for c in parse_cards("2S 3S")})
    monkeypatch.setattr(search, "evaluate_plays", lambda *a, **k: est)
    reason = hint(view, seed=1, rollouts=10, workers=1).reason
    assert reason.startswith("Lead the 2 of spades: the 2 of spades is lower than the 4 of spades"), reason
    assert reason.endswith("The 3 of spades does as well in the coach's play-outs."), reason
    assert "lower than the 3 of spades" not in reason


# Review s10 F-1 (seed 31, trick 6 of medium bots' hand): seat 1 leads the 5 of hearts, seats 2 and 3 follow with the
# 7 and 6; the learner, last, holds the 4 and the king of hearts.
DUCK_HANDS = {0: "3C 6C 4D 8D 9D 9S 4H KH 7C JS 5D 5S 3S", 1: "QC KC AC TD JD QD TH 8C 8S 6D AS 7S 5H",
              2: "2D KD QS 2H 3H 9H AH 5C KS 7D 4S 2S 7H", 3: "4C 9C TC JC AD 8H JH 2C TS 3D 6S QH 6H"}
DUCK_PLAYS = "2C 7C 8C 5C  8S KS TS JS  7D 3D 5D 6D  4S 6S 5S AS  7S 2S QH 3S  5H 7H 6H"


def test_a_grade_whose_better_card_also_takes_fewer_points_says_the_points_reason() -> None:
    """F-1: the 4 of hearts ducks, the king takes the trick; at (60, 96, 30, 70) the grade of the king said 'playing
    for the fewest points is not what wins the game', though the 4 is better for points and for the game."""
    from hearts_tutor.coach.grading import grade_play

    view, _line = at(DUCK_HANDS, DUCK_PLAYS, (60, 96, 30, 70))
    grade = grade_play(view, parse_card("KH"), seed=1, rollouts=40)
    assert grade.best == parse_card("4H") and grade.unit == "chance", grade
    assert "Play the 4 of hearts: it stays under the 7 of hearts, so you do not take this trick." in \
        grade.explanation, grade.explanation
    assert "fewest points is not" not in grade.explanation and "favour" not in grade.explanation
    assert "the score, not the points, decides" not in grade.feedback, grade.feedback
    assert "more than the coach's choice this hand, on average" in grade.feedback, grade.feedback


def test_the_hint_and_the_grade_say_when_this_hands_points_already_end_the_game() -> None:
    """M-3: seat 2's 14 points take it to 104, so the game ends after this hand; the hint and the grade said 'The game
    can end this hand' or nothing of it, where no other score reason is given. A higher heart thrown where a lower
    one would go the same way says to keep the lower one."""
    from hearts_tutor.coach.grading import grade_play
    from hearts_tutor.coach.hints import explain_play, hint

    view, line = at(SHOOTER_HANDS, SHOOTER_PLAYS, (84, 82, 90, 85))
    assert ends_anyway(view, line)
    anyway = "With the 14 points seat 2 has taken this hand, their score is at least 104: the game ends after this hand"
    assert hint(view, seed=1, rollouts=20, workers=1).reason.startswith(anyway)
    grade = grade_play(view, parse_card("9C"), seed=1, rollouts=20)
    assert anyway in grade.explanation and "The game can end this hand" not in grade.explanation, grade.explanation
    view, _line = at(OWN_MOON_HANDS, OWN_MOON_PLAYS, (40, 60, 70, 80))
    assert explain_play(view, parse_card("7H"), tempting=parse_card("6H")).endswith(
        "keep the 5 of hearts to duck a later heart trick.")  # the lowest heart, not the card set against it
    assert explain_play(view, parse_card("7H"), tempting=FIVE_H).endswith(
        "so its point goes to them, not to you; throw the higher heart while it costs you no points and keep the 5 of "
        "hearts to duck a later heart trick.")


def test_the_queen_dropped_under_a_higher_spade_says_who_takes_her_points() -> None:
    """U-1: 'Play the queen of spades: it stays under the king of spades, as the 6 of spades would; get rid of the
    higher card while it is safe' left out the point of the play: the trick's winner takes her 13 points."""
    from hearts_tutor.coach.facts import check_explanation
    from hearts_tutor.coach.hints import explain_play

    hands = {0: "2C 3C 4C 5C 6C 7C 8C 9C TC 6S QS 2D 3D", 1: "AC KC QC JC 2S 3S 4S 5S 7S 8S 9S TS 4D",
             2: "KS AS JS 5D 6D 7D 8D 9D TD JD QD KD AD", 3: "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"}
    view = make_state("standard", hands, "2C AC 5D 2H  2S KS 3H").view(0)  # seat 2's king holds; the learner last
    queen, six = parse_cards("QS 6S")
    words = explain_play(view, queen, tempting=six)
    assert "she stays under the king of spades, so the player across from you takes her 13 points, not you; get rid " \
        "of her" in words, words  # last to play: the taker is known
    assert check_explanation(view, words, queen, six) == []


# Seat 3 wins the first trick and leads the 2 of diamonds; the learner, out of diamonds, holds the queen of spades;
# seats 1 (with the ace of diamonds) and 2 still play to the trick.
OVERTAKE_HANDS = {0: "2C 3C 4C 5C 6C 7C 8C 9C TC JC QS 2H 3H", 1: "QC KC AD 3D 4D 5D 6D 7D 8D 9D TD 4H 5H",
                  2: "JD QD KD 2S 3S 4S 5S 6S 7S 8S 9S 6H 7H", 3: "AC 2D TS JS KS AS 8H 9H TH JH QH KH AH"}
OVERTAKE_PLAYS = "2C KC 2S AC  2D"


def test_a_queen_that_ends_the_game_if_a_later_player_overtakes_is_kept() -> None:
    """The queen on seat 3's trick would not end the game, but seat 1 (90), still to play with diamonds, would reach
    103 if it overtakes while seat 2 is lowest: the coach says so, and not where the learner is lowest or the queen
    would not take seat 1 to 100."""
    from hearts_tutor.coach.score_advice import Kind, overtake_ending_reason, score_reason

    queen, club = parse_cards("QS 5C")
    view, line = at(OVERTAKE_HANDS, OVERTAKE_PLAYS, (50, 90, 30, 70))
    words = overtake_ending_reason(view, line, queen)
    assert words is not None and words.startswith("Seat 1 (90) still plays to this trick: if seat 1 overtakes, the "
                                                   "queen of spades would take seat 1 to at least 103: "), words
    assert words.endswith("that ends the game after this hand while seat 2 has the lowest score (30; you have 50), so "
                          "keep her for a trick seat 1 cannot win."), words
    assert score_reason(view, line, club, queen).kind is Kind.KEEP_GOING
    from hearts_tutor.coach.score_why import agreeing_reason

    agrees = agreeing_reason(view, line, club, [queen])  # said beside a hint of the club too
    assert agrees is not None and agrees.words == words
    assert overtake_ending_reason(*at(OVERTAKE_HANDS, OVERTAKE_PLAYS, (20, 90, 30, 70)), queen) is None  # you lowest
    assert overtake_ending_reason(*at(OVERTAKE_HANDS, OVERTAKE_PLAYS, (50, 80, 30, 70)), queen) is None  # 93: no end


def test_a_hint_at_the_score_compares_its_card_with_one_that_does_worse(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """As in points: where the 3 of spades keeps the same chance as the 2, the reason is not 'lower than the 3'."""
    import hearts_tutor.bots.search as search
    from hearts_tutor.bots.search import Estimate
    from hearts_tutor.coach.hints import hint

    state = make_state("standard", CHEAPEST_HANDS, "2C AC 8C AD")
    view = dataclasses.replace(state.view(1), scores=(90, 60, 95, 80))  # seat 1 leads; the game can end this hand
    est = {c: Estimate(60.0, 0.5, 40, points=5.0) for c in view.legal_plays()}
    est.update({c: Estimate(40.0, 0.5, 40, points=1.0) for c in parse_cards("2S 3S")})
    monkeypatch.setattr(search, "evaluate_plays", lambda *a, **k: est)
    found = hint(view, seed=1, rollouts=40, workers=1)
    assert found.unit == "chance" and "the 2 of spades is lower than the 4 of spades" in found.reason, found.reason


def test_a_high_spade_set_against_the_queen_says_the_queen_would_take_her_own_points() -> None:
    """Review s10 U-4: 'the queen of spades would keep it in your hand to win a later trick' set the queen against
    the king on a spade trick the queen would win herself, taking her own 13 points."""
    from hearts_tutor.coach.facts import check_explanation
    from hearts_tutor.coach.hints import explain_play

    hands = {0: "QS KS AS 2C 3C 4C 5C 6C 7C 2D 3D 4D 5D", 1: "9S 8C 9C TC JC QC KC AC 6D 7D 8D 9D TD",
             2: "7S 2S 3S 4S 5S 6S JD QD KD AD 2H 3H 4H", 3: "8S TS JS 5H 6H 7H 8H 9H TH JH QH KH AH"}
    view = make_state("standard", hands, "2C AC 2S 8S  6D AD TS 2D  7S JS").view(0)
    king, queen = parse_cards("KS QS")
    words = explain_play(view, king, tempting=queen)
    assert words.endswith("the queen of spades would win this trick too, and take her own 13 points with it."), words
    assert check_explanation(view, words, king, queen) == []


def test_a_low_card_received_in_the_pass_can_still_lose_a_trick() -> None:
    """'A low card is unlikely to win' of a card the learner was passed was read as false ('can lose a trick' was the
    pass fact: a card held before the pass); for a play it is enough that a higher card of its suit is out."""
    from hearts_tutor.coach.facts import check_explanation

    hands = {0: "2C 4C 5C 6C 7C 8C 9C TC 2D 3D 4D 5D 6D", 3: "3C AS KS QS 2S 3S 4S 5S 6S 7S 8S 9S TS"}
    state = make_state("standard", hands, direction="left")
    for seat, cards in ((0, "4D 5D 6D"), (1, None), (2, None), (3, "3C AS KS")):
        state.pass_cards(seat, parse_cards(cards) if cards else state.hand_of(seat)[:3])
    view = state.view(0)
    three, ten = parse_cards("3C TC")
    assert three in view.hand
    words = "Lead the 3 of clubs: a low card is unlikely to win the trick, so others take it."
    assert check_explanation(view, words, three, ten) == []
    assert check_explanation(view, words, ten, three)  # the 10 is not lower than the 3


def test_with_no_reason_and_little_between_two_cards_the_hint_says_so(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """'When the coach plays the rest of the hand out many times, this card gives you the fewest points' of a card
    0.03 points better than the next: the hint says there is little between those two (not between all the cards:
    others may do clearly worse); with a real gap it keeps the words."""
    import hearts_tutor.coach.hints as hints
    from hearts_tutor.coach import text

    view = make_state("standard", CHEAPEST_HANDS, "2C AC 8C AD").view(1)
    monkeypatch.setattr(hints, "explain_play", lambda v, c, e=None, tempting=None, accepted=(): text.hint_generic(c))
    means = {c: 5.0 for c in view.legal_plays()}
    means.update({parse_card("9S"): 4.2, parse_card("4S"): 4.23})
    assert hints.points_play_reason(view, means) == (
        "Lead the 9 of spades: in the coach's play-outs it gives you about 4.2 points this hand and the 4 of spades, "
        "the next best, 4.2 points: there is little to choose between those two.")
    means[parse_card("4S")] = 5.0
    assert "fewest points" in hints.points_play_reason(view, means)


def test_every_card_wins_is_said_where_it_separates_the_cards() -> None:
    """Review s10b M-1: 'every card you can play wins this trick, so win it with the one that adds no points' of two
    cards adding none explains nothing; and it holds too where the learner is not last but nothing out can beat
    any of its cards (the king and ace of spades in hand with the queen)."""
    from hearts_tutor.coach.facts import check_explanation
    from hearts_tutor.coach.hints import explain_play

    hands = {0: "2C 3C 4C 5C 6C 7C 8C KS AS QS 2D 3D 4D", 1: "9C TC JC QC KC 5D 6D 7D 8D 9D TD JD QD",
             2: "AC 2S 3S 4S 5S 6S 7S 8S 9S TS JS 2H 3H", 3: "KD AD 4H 5H 6H 7H 8H 9H TH JH QH KH AH"}
    view = make_state("standard", hands, "2C 9C AC KD  2S 4H").view(0)  # seat 2 leads a spade, seat 3 throws a heart
    king, queen = parse_cards("KS QS")
    words = explain_play(view, king, tempting=queen)
    assert words == ("Play the king of spades: every card you can play wins this trick, as no card that could beat it "
                     "is still out, so win it with the one that adds no points of its own; the queen of spades would "
                     "add 13."), words
    assert check_explanation(view, words, king, queen) == []
    none_added = at({**CHEAPEST_HANDS, 0: "2C 6S 7S 3C 4C 5C 6C 7C 2D 3D 4D 5D 6D",
                     1: "AC QS 3S 4S 5S 2S 8S 9S TS JS KS AS 7D"}, CHEAPEST_PLAYS, (0, 0, 0, 0))[0]
    assert "every card you can play wins" not in explain_play(none_added, parse_card("6S"), tempting=parse_card("7S"))


def test_the_overtake_reason_is_not_given_where_the_coachs_card_ends_the_game_the_same_way() -> None:
    """Review s10b F-1: 'keep the ace of hearts for a trick seat 2 cannot win' beside a hint to throw the king of
    hearts, which takes seat 2 (99) past 100 just the same."""
    from hearts_tutor.coach.score_advice import overtake_ending_reason

    queen, club, heart = parse_cards("QS 5C 2H")
    view, line = at(OVERTAKE_HANDS, OVERTAKE_PLAYS, (50, 99, 30, 70))
    assert overtake_ending_reason(view, line, queen) is not None
    assert overtake_ending_reason(view, line, queen, club) is not None  # the club gives seat 1 nothing
    assert overtake_ending_reason(view, line, queen, heart) is None  # the 2 of hearts would take seat 1 to 100 too


def test_a_tie_following_suit_sheds_the_high_card_that_stays_under(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Review s10b M-3: among cards that come out the same, the hint named the lowest and said 'get rid of the higher
    card'; following suit it now sheds the highest card that does not take the trick with points (the queen under
    the king), leading it keeps the lowest."""
    import hearts_tutor.bots.search as search
    from hearts_tutor.bots.search import Estimate
    from hearts_tutor.coach.hints import hint

    hands = {0: "2C 3C 4C 5C 6C 7C 8C 9C TC 6S QS 2D 3D", 1: "AC KC QC JC 2S 3S 4S 5S 7S 8S 9S TS 4D",
             2: "KS AS JS 5D 6D 7D 8D 9D TD JD QD KD AD", 3: "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"}
    view = make_state("standard", hands, "2C AC 5D 2H  2S KS 3H").view(0)  # last, under the king of spades
    tied = {c: Estimate(3.0, 0.0, 10) for c in view.legal_plays()}
    monkeypatch.setattr(search, "evaluate_plays", lambda *a, **k: tied)
    found = hint(view, seed=1, rollouts=10, workers=1)
    assert found.card == parse_card("QS") and "she stays under the king of spades" in found.reason, found.reason
    lead = make_state("standard", CHEAPEST_HANDS, "2C AC 8C AD").view(1)
    monkeypatch.setattr(search, "evaluate_plays", lambda *a, **k: {c: Estimate(3.0, 0.0, 10)
                                                                    for c in lead.legal_plays()})
    assert hint(lead, seed=1, rollouts=10, workers=1).card == parse_card("2S")  # leading: the lowest


def test_a_grade_gives_no_reason_against_a_card_that_does_what_the_coachs_card_does() -> None:
    """Review s10c M-2: a best-band grade argued against the 3 of hearts while the coach's card, the 6 of hearts, gave
    the same player the same point: cards doing the same to the trick are not set against each other."""
    from hearts_tutor.coach.score_grading import _same_effect

    view, _line = at(OVERTAKE_HANDS, OVERTAKE_PLAYS, (50, 90, 30, 70))  # seat 3's 2 of diamonds; the learner void
    two, three, queen = parse_cards("2H 3H QS")
    assert _same_effect(view, two, three) and not _same_effect(view, two, queen)
    assert not _same_effect(make_state("standard", CHEAPEST_HANDS, "2C AC 8C AD").view(1), *parse_cards("2S 3S"))


def test_the_queen_that_will_win_a_spade_trick_anyway_says_her_points_come_with_her() -> None:
    """Review s10c: 'the queen of spades will win a spade trick anyway' (and the take-a-cheap-trick words 'a good
    moment to get rid of it' of the queen winning the trick) did not say that the learner takes her 13 points."""
    from hearts_tutor.coach import text
    from hearts_tutor.engine.cards import SPADES

    queen, king = parse_cards("QS KS")
    assert "will win a spade trick anyway, and you take her 13 points when she does;" in text.reason_take_now(
        queen, SPADES, True)
    assert "points when she does" not in text.reason_take_now(king, SPADES, True)
