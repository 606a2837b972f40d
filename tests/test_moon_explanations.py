"""The moon's reasons in the coach's words (coach/moon_reasons.py): a moon hand's moon pass is explained as a moon
try, a discard that keeps a point card off a would-be shooter's trick says so, and a duck where the temptation
stays under the winner too names what separates the two cards. Each rewritten explanation's facts hold."""

from __future__ import annotations

import pytest

from hearts_tutor import HandState, Rules
from hearts_tutor.coach.facts import CanLoseTrick, CardOut, HigherOut, TookEveryPoint, check_explanation, stated_facts
from hearts_tutor.coach.hints import explain_pass
from hearts_tutor.engine.cards import JACK_OF_DIAMONDS, parse_card, suit_of
from hearts_tutor.practice.bank import load_bank
from hearts_tutor.practice.explain import _move, puzzle_explanation, tempting_move


@pytest.fixture(scope="module")
def bank():
    return load_bank()


def _cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def _checked(p, words: str) -> None:
    """Every fact the words state holds in the puzzle's position."""
    answer = tempting = None
    if p.kind == "play":
        answer, tempting = _move(p, p.best), _move(p, tempting_move(p))
    assert check_explanation(p.view(), words, answer, tempting) == [], words


# ----- a moon try's pass -----

AVOIDING_POINTS = ("are the ones most likely to win tricks with points", "mid-range cards (7 to jack) are too high",
                   "low cards are usually worth keeping", "so you can soon throw away dangerous cards")


@pytest.mark.parametrize("pid, heart", [("standard-60-10-pass1", "2H"), ("standard-60-29-pass2", "6H"),
                                        ("standard-60-177-pass1", "2H"), ("standard-3-221-pass3", "2H")])
def test_a_moon_hands_moon_pass_is_explained_as_a_moon_try(bank, pid: str, heart: str) -> None:
    p = bank.by_id[pid]
    words = puzzle_explanation(p)
    assert "This hand can try shooting the moon" in words and "ruins the moon" in words, words
    assert not any(w in words for w in AVOIDING_POINTS), words
    facts = [f for _, f in stated_facts(p.view(), words)]
    assert any(isinstance(f, HigherOut) and f.card == parse_card(heart) for f in facts), words
    _checked(p, words)


def test_the_moon_pass_names_each_card_that_can_lose_a_trick(bank) -> None:
    p = bank.by_id["standard-60-10-pass1"]  # 8C 9C QC KC AC 2S KS 2H TH JH QH KH AH, passing 8C 2S 2H
    words = puzzle_explanation(p)
    assert ("The 2 of hearts most of all: seven hearts higher than the 2 of hearts are still out" in words
            and "The 8 of clubs and the 2 of spades can lose a trick too" in words), words
    facts = [f for _, f in stated_facts(p.view(), words)]
    assert {CanLoseTrick(parse_card("8C")), CanLoseTrick(parse_card("2S"))} <= set(facts)
    # a planted false one is caught: the ace of clubs is the top club, it cannot lose a trick
    assert check_explanation(p.view(), "The 8 of clubs and the ace of clubs can lose a trick too.") == \
        ["the 8 of clubs and the ace of clubs can lose a trick: false here"]


def _pass_view(hand: str):
    rest = [c for c in range(52) if c not in _cards(hand)]
    deal = [_cards(hand), rest[:13], rest[13:26], rest[26:]]
    return HandState(Rules.preset("standard"), deal, pass_direction="left").view(0)


def test_a_constructed_moon_hand_and_a_plain_hand_passing_the_same_cards() -> None:
    moon = _pass_view("2C QC AC KD AD 9S KS AS 2H 9H QH KH AH")
    words = explain_pass(moon, tuple(_cards("2C 9S 2H")))
    assert words.startswith("This hand can try shooting the moon"), words
    assert "The 2 of hearts most of all: eight hearts higher than the 2 of hearts are still out" in words
    assert check_explanation(moon, words) == []
    plain = _pass_view("2C 7C 9C 4D 8D JD 3S 9S JS 2H 5H 8H TH")
    words = explain_pass(plain, tuple(_cards("2C 9S 2H")))
    assert "moon" not in words and "low cards are usually worth keeping" in words, words


def test_a_moon_hand_passing_its_high_cards_keeps_the_usual_words(bank) -> None:
    p = bank.by_id["standard-60-138-pass1"]  # a moon hand, but the answer passes the club honours and the queen
    words = puzzle_explanation(p)
    assert "moon" not in words and "The queen of spades: you hold only one spade lower than her" in words, words
    assert words == p.explanation


# ----- keeping points off a would-be shooter's trick -----

@pytest.mark.parametrize("pid, who, card", [
    ("standard-62-353-p45", "the player on your right", "the queen of spades"),
    ("standard-61-35-p39", "the player on your left", "the queen of spades"),
    ("standard-1-1-p47", "the player on your left", "the 9 of hearts"),
    ("standard-62-587-p33", "the player on your right", "the 2 of hearts"),
])
def test_a_discard_that_keeps_points_from_a_shooter_says_so(bank, pid: str, who: str, card: str) -> None:
    p = bank.by_id[pid]
    words = puzzle_explanation(p)
    assert f"{who} is winning this trick with" in words and "has taken every point so far" in words, words
    assert f"so {card} on this trick" in words and "shooting the moon" in words, words
    assert "worth more to you for later" not in words and "free chance" not in words, words
    view = p.view()
    assert any(isinstance(f, TookEveryPoint) for _, f in stated_facts(view, words))
    _checked(p, words)


def test_a_false_shooter_on_the_trick_is_caught(bank) -> None:
    view = bank.by_id["standard-62-353-p45"].view()  # the player on your right leads the jack of hearts
    assert check_explanation(view, "The player on your left is winning this trick with the jack of hearts and has "
                                   "taken every point so far.")
    assert check_explanation(view, "The player on your right is winning this trick with the jack of hearts and has "
                                   "taken every point so far.") == []


def test_a_discard_with_no_shooter_keeps_the_usual_words(bank) -> None:
    """Throwing away a low card while a point card could go on a trick nobody threatens a moon with: as before."""
    from hearts_tutor.coach.situation import moon_suspect

    plain = []
    for p in bank.puzzles:
        if p.kind != "play" or "worth more to you for later" not in p.explanation or p.scores is not None:
            continue
        if moon_suspect(p.view()) is not None:
            continue
        words = puzzle_explanation(p)
        assert words == p.explanation, p.id
        plain.append(p.id)
    assert len(plain) >= 2


# ----- both cards stay under the winner -----

@pytest.mark.parametrize("pid, kept, winner", [("standard-11-1954-p39", "4H", "5H"),
                                               ("standard-11-2196-p38", "9H", "QH"),
                                               ("standard-11-1802-p46", "TH", "QH"),
                                               ("standard-63-14-p41", "KH", "AH")])
def test_both_under_a_shooters_heart_names_the_stopper(bank, pid: str, kept: str, winner: str) -> None:
    p = bank.by_id[pid]
    words = puzzle_explanation(p)
    kept_name = {"4H": "the 4 of hearts", "9H": "the 9 of hearts", "TH": "the 10 of hearts",
                 "KH": "the king of hearts"}[kept]
    assert f"and keep {kept_name}" in words and "stop the moon" in words, words
    assert words.count("may be shooting the moon") == 1, words  # the stopper warning is not said twice
    assert "so you do not take this trick" not in words, words
    assert any(isinstance(f, HigherOut) and f.card == parse_card(kept) for _, f in stated_facts(p.view(), words))
    _checked(p, words)


def test_the_1954_stopper_is_the_top_heart_left(bank) -> None:
    """Only the 3 of hearts is still out: the 4 beats it, the 2 does not."""
    words = puzzle_explanation(bank.by_id["standard-11-1954-p39"])
    assert ("no heart higher than the 4 of hearts is still out, while one heart higher than the 2 of hearts is "
            "still out") in words, words


def test_a_duck_where_the_temptation_would_win_keeps_its_words(bank) -> None:
    p = bank.by_id["deluxe-1-41-p29"]  # the 8 of hearts would beat the shooter's 6: ducking is the reason
    words = puzzle_explanation(p)
    assert "Play the 2 of hearts: it stays under the 6 of hearts, so you do not take this trick." in words
    assert words == p.explanation


def test_duck_words_only_when_the_temptation_would_not_stay_under(bank) -> None:
    """'so you do not take this trick' is said only where it separates the cards (cancellation-1-45-p36, where
    the 5 of spades stays under the queen too, now names the 3 of spades that nothing can cancel)."""
    from hearts_tutor.coach.situation import trick_winner

    both_under = []
    for p in bank.puzzles:
        if p.kind != "play" or "so you do not take this trick" not in p.explanation:
            continue
        view, tempting = p.view(), _move(p, tempting_move(p))
        w = trick_winner(view)
        under = w is not None and suit_of(tempting) == suit_of(w[1]) and tempting < w[1]
        if under and "so you do not take this trick" in puzzle_explanation(p):
            both_under.append(p.id)
    assert both_under == []


def test_the_jack_of_diamonds_under_the_winner(bank) -> None:
    p = bank.by_id["deluxe-1-47-p15"]  # the 8 or the jack of diamonds under the ace
    words = puzzle_explanation(p)
    assert "and so does the jack of diamonds, but the jack would take 10 points off the score of whoever wins" in words
    _checked(p, words)
    p = bank.by_id["omnibus-1-55-p15"]  # the 9 or the queen of diamonds under the king, the jack still out
    words = puzzle_explanation(p)
    assert "keep the queen of diamonds" in words and "the jack of diamonds is still out" in words, words
    assert CardOut(JACK_OF_DIAMONDS) in [f for _, f in stated_facts(p.view(), words)]
    _checked(p, words)


def test_a_moon_pass_of_side_cards_only() -> None:
    """A moon hand passing low cards of other suits: the moon try's words, with no heart sentence."""
    moon = _pass_view("2C QC AC KD AD 9S KS AS 2H 9H QH KH AH")
    words = explain_pass(moon, tuple(_cards("2C QC 9S")))
    assert words is not None and "moon" not in words  # the queen of clubs goes: not the moon pass
    words = explain_pass(moon, tuple(_cards("2C 9S KD")))
    assert "moon" not in words
    moon = _pass_view("2C 3C AC KD AD 9S KS AS 5H TH QH KH AH")
    words = explain_pass(moon, tuple(_cards("2C 3C 9S")))
    assert words == ("This hand can try shooting the moon (one player taking every heart and the queen of spades): "
                     "pass the cards that can lose a trick, and keep the high cards that win tricks. The 2 of clubs, "
                     "the 3 of clubs and the 9 of spades can lose a trick, and a player out of the suit led can throw "
                     "a heart on a trick you lose."), words
    assert check_explanation(moon, words) == []
