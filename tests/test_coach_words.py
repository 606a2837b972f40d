"""Five wordings a strong player disputed (the s5 review): a pass named twice, the queen's protectors counted with
the ace and king above her, an ace called mid-range, a high spade's 'cheap moment' where the real reason is that
the queen's holder has already played, a Cancellation duck that ignored the winner's other copy, and a moon
warning that said the threat twice. Each test reads the bank puzzle the review named, made again from its
position with the coach's current words, and checks every fact the words state."""

from __future__ import annotations

import re

import pytest

from hearts_tutor.coach import text
from hearts_tutor.coach.facts import (
    LowerSpadesBeforePass,
    OtherCopyPlayed,
    QueenHolderPlayed,
    check_explanation,
    stated_facts,
)
from hearts_tutor.engine.cards import parse_cards
from hearts_tutor.practice.bank import load_bank
from hearts_tutor.practice.explain import _move, puzzle_explanation, tempting_move


@pytest.fixture(scope="module")
def bank():
    return load_bank()


def _checked(p, words: str) -> None:
    answer = tempting = None
    if p.kind == "play":
        answer, tempting = _move(p, p.best), _move(p, tempting_move(p))
    assert check_explanation(p.view(), words, answer, tempting) == [], words


# ----- a pass is named once -----

def test_a_pass_with_one_reason_is_named_once(bank) -> None:
    words = puzzle_explanation(bank.by_id["n_player-1-24-pass0"])
    assert words.startswith("Pass the 4, 9 and jack of diamonds to become void in diamonds (holding no diamonds at "
                            "all); then you can throw away dangerous cards whenever diamonds are led."), words


def test_a_pass_with_several_reasons_names_each_group_once(bank) -> None:
    words = puzzle_explanation(bank.by_id["n_player-1-0-pass2"])
    assert words.startswith("Pass the jack of clubs, the queen of spades and the ace of hearts. The queen of spades: "
                            ), words
    assert "The jack of clubs and the ace of hearts: " in words, words


def test_no_bank_pass_says_pass_twice(bank) -> None:
    for p in bank.puzzles:
        if p.kind == "pass":
            assert len(re.findall(r"\bPass (?:the|both) ", p.explanation)) <= 1, (p.id, p.explanation)


# ----- only spades lower than the queen protect her -----

def test_the_ace_above_the_queen_is_not_counted_as_her_protector(bank) -> None:
    p = bank.by_id["n_player-1-6-pass2"]  # the queen with the ace and three lower spades
    words = puzzle_explanation(p)
    assert ("The queen of spades: three spades lower than her could protect her (the ace of spades above her "
            "cannot), but she is worth 13 points") in words, words
    assert LowerSpadesBeforePass(3) in [f for _, f in stated_facts(p.view(), words)]
    _checked(p, words)
    assert check_explanation(p.view(), "Four spades lower than her could protect her.") == \
        ["four spades lower than her could protect her: false here"]


def test_an_ace_is_a_high_card_not_a_midrange_one() -> None:
    assert "mid-range" not in text.reason_pass_dangerous(parse_cards("AH KD"))
    both = text.reason_pass_dangerous(parse_cards("JC AH"))
    assert "high cards (queen to ace) and mid-range cards (7 to jack)" in both, both
    assert "high cards" not in text.reason_pass_dangerous(parse_cards("9C JD"))


# ----- the queen's holder has already played -----

def test_a_high_spade_after_the_queens_holder_has_played(bank) -> None:
    p = bank.by_id["standard-11-805-p10"]  # the queen passed right; her holder followed with the 8 of spades
    words = puzzle_explanation(p)
    assert "cheap moment" not in words, words
    assert ("Play the king of spades: you passed the queen of spades to the player on your right, who still holds "
            "her and has already played to this trick, so she cannot fall on the king of spades now") in words, words
    assert QueenHolderPlayed(3) in [f for _, f in stated_facts(p.view(), words)]
    _checked(p, words)
    # the player across has not played to this trick: said of them, the fact is caught
    false = "You passed the queen of spades to the player on your left, who still holds her and has already played"
    assert check_explanation(p.view(), false + " to this trick.") != []


# ----- Cancellation: the winner may still be cancelled -----

def test_a_cancellation_duck_names_the_card_nothing_can_cancel(bank) -> None:
    p = bank.by_id["cancellation-1-45-p36"]  # 3S JH QS 6H so far; the other queen and the 5 of spades can win
    words = puzzle_explanation(p)
    assert "so you do not take this trick" not in words, words
    assert ("The other queen of spades is still out, and if it falls on this trick the two cancel, but the 2 of "
            "spades is lower than the 3 of spades, which nothing can cancel (the other 3 of spades has been "
            "played)") in words, words
    assert "The 5 of spades would beat the 3 of spades" in words, words
    assert OtherCopyPlayed(parse_cards("3S")[0]) in [f for _, f in stated_facts(p.view(), words)]
    _checked(p, words)


def test_a_cancellation_duck_whose_winner_may_cancel_claims_no_sure_duck(bank) -> None:
    words = puzzle_explanation(bank.by_id["cancellation-1-49-p42"])
    assert "so you do not take this trick" not in words, words
    assert "the other 8 of hearts is still out, and only if it falls on this trick" in words, words


# ----- the moon threat is said once -----

@pytest.mark.parametrize("pid, heart", [("standard-62-41-p31", "king"), ("standard-62-386-p46", "ace")])
def test_the_moon_warning_does_not_repeat_the_threat(bank, pid: str, heart: str) -> None:
    p = bank.by_id[pid]
    words = puzzle_explanation(p)
    assert words.count("has taken every point so far") == 1, words
    assert f"Careful: the {heart} of hearts is your last high heart; keep it to win a heart trick and stop the moon." \
        in words, words
    _checked(p, words)
