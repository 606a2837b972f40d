"""Five wordings a strong player disputed (the s5 review): a pass named twice, the queen's protectors counted with
the ace and king above her, an ace called mid-range, a high spade's 'cheap moment' where the real reason is that
the queen's holder has already played, a Cancellation duck that ignored the winner's other copy, and a moon
warning that said the threat twice. Each test reads the bank puzzle the review named, made again from its
position with the coach's current words, and checks every fact the words state."""

from __future__ import annotations

import dataclasses
import re

import pytest

from hearts_tutor.coach import text
from hearts_tutor.coach.facts import (
    BothCopiesHeld,
    CopyInTrick,
    LowerSpadesBeforePass,
    OnlyGuard,
    OtherCopyPlayed,
    QueenHolderPlayed,
    SeatsShownOut,
    TwinOut,
    check_explanation,
    stated_facts,
)
from hearts_tutor.coach.more_reasons import more_reason
from hearts_tutor.coach.passing import reveal_pass, suggest_pass
from hearts_tutor.engine.cards import QUEEN_OF_SPADES as QUEEN
from hearts_tutor.engine.cards import parse_card, parse_cards
from hearts_tutor.practice.bank import load_bank
from hearts_tutor.practice.explain import GENERIC, _move, puzzle_explanation, tempting_move


@pytest.fixture(scope="module")
def bank():
    return load_bank()


def explained(bank, pid: str) -> str:
    """The bank puzzle's explanation in the coach's current words, every fact it states checked."""
    p = bank.by_id[pid]
    words = puzzle_explanation(p)
    _checked(p, words)
    return words


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

def test_the_moon_warning_does_not_repeat_the_threat(bank) -> None:
    words = explained(bank, "standard-62-41-p31")
    assert words.count("has taken every point so far") == 1, words
    assert "Careful: the king of hearts is your last high heart; keep it to win a heart trick and stop the moon." \
        in words, words


# ----- the s6 review: a well-guarded queen, the tempting pass's counts, the difference between two passes -----

@pytest.mark.parametrize("pid, lower", [("deluxe-1-38-pass0", "four"), ("standard-7-470-pass1", "five"),
                                        ("standard-3-388-pass1", "three")])
def test_a_well_guarded_queen_is_fine_to_keep_when_a_pass_keeping_her_is_accepted(bank, pid: str, lower: str
                                                                                   ) -> None:
    p = bank.by_id[pid]
    words = puzzle_explanation(p)
    assert (f"The queen of spades: {lower} spades lower than her could protect her, so keeping her is fine too "
            "(the coach also accepts passing ") in words, words
    assert "passing her comes out only slightly better in the coach's simulations" in words, words
    assert "you do better without her" not in words, words
    named = words.split("also accepts passing ")[1].split(")")[0]
    assert any(named == text.cards_phrase(_move(p, a)) and "QS" not in a for a in p.answers), named
    _checked(p, words)


def test_a_passed_queen_keeps_the_old_words_when_no_accepted_pass_keeps_her(bank) -> None:
    p = bank.by_id["n_player-1-6-pass2"]  # both accepted passes give her away
    assert "the coach's simulations say you do better without her" in puzzle_explanation(p)


@pytest.mark.parametrize("pid, kept", [
    ("standard-7-2484-pass3", "only one spade lower than her (the 9 of spades; the king and ace of spades above her "
                              "cannot guard her). Other players lead spades to force her out, and the first lead "
                              "uses up that one."),
    ("standard-19-20-pass0", "only two spades lower than her (the 2 and 9 of spades; the king of spades above her "
                             "cannot guard her). Other players lead spades to force her out, and each lead uses up "
                             "one of those two."),
])
def test_the_tempting_pass_that_keeps_the_queen_counts_the_spades_lower_than_her(bank, pid: str, kept: str) -> None:
    p = bank.by_id[pid]
    words = puzzle_explanation(p)
    assert f"That pass keeps the queen of spades (13 points) with {kept}" in words, words
    assert "other spades" not in words and "ace or king as one" not in words and "four are safer" not in words


def test_a_pass_explanation_speaks_to_what_separates_it_from_the_tempting_pass(bank) -> None:
    words = puzzle_explanation(bank.by_id["standard-60-13-pass1"])  # they differ by the aces of diamonds / hearts
    assert ("The ace of hearts stays: with seven hearts you will take heart tricks anyway, and passing it would "
            "not change that.") in words, words
    words = puzzle_explanation(bank.by_id["standard-7-2082-pass3"])  # they differ by the king of hearts / 8 of ♦
    assert ("That pass keeps the king of hearts as your only heart: still held when hearts are first led, it has to "
            "be played, and it may win that trick, with the points in it.") in words, words


def test_the_tempting_pass_is_not_blamed_for_a_card_the_answer_keeps_too(bank) -> None:
    p = bank.by_id["standard-19-485-pass3"]  # both passes keep the 8 of hearts
    words = puzzle_explanation(p)
    assert "8 of hearts" not in words, words
    assert "8H" not in p.best and "8H" not in p.source["tempting"]


# ----- the s6 review: play explanations -----

def test_the_last_point_card_a_shooter_lacks_would_finish_the_moon(bank) -> None:
    words = explained(bank, "standard-62-386-p46")
    assert ("and no spade higher than the 8 of spades is still out, so the ace of hearts on this trick would let them "
            "finish shooting the moon (one player taking every heart and the queen of spades): it is the only point "
            "card they have not taken yet.") in words, words
    assert "help them toward" not in words
    assert "help them toward" in puzzle_explanation(bank.by_id["standard-62-353-p45"])  # the queen: points remain


def test_a_clean_trick_names_the_void_player_still_to_play(bank) -> None:
    words = explained(bank, "standard-11-46-p22")
    assert ("this trick holds no points so far, but the player on your left has shown out of spades and plays after "
            "you, so a heart may still land on it.") in words, words


@pytest.mark.parametrize("pid, said, unsaid", [
    ("deluxe-1-41-p14", "could win a later spade trick with the queen on it; the 2 of spades",
     "higher than the ace of spades"),
    ("deluxe-1-65-p5", "(only the ace of spades, still out, could beat it)", "one spade higher than"),
    ("standard-11-821-p5", "(you hold the ace of spades too: play it the same way later, on a spade trick her "
                           "holder has already played to without her)", "drop it"),
    ("standard-11-958-p6", "(you hold the king of spades too: play it the same way later", "drop it"),
    ("standard-11-46-p22", "(you hold the ace of spades too: play it the same way later", "drop it"),
])
def test_the_high_spade_reason_says_what_can_beat_it(bank, pid: str, said: str, unsaid: str) -> None:
    words = explained(bank, pid)
    assert said in words and unsaid not in words, words


def test_a_cancellation_duck_names_the_surer_duck(bank) -> None:
    """Both ducks are accepted: the words name both as the answer, not one and then the other as better."""
    words = explained(bank, "cancellation-1-17-p50")  # the 3 of hearts is stored; the 2 cancels the 2 already led
    assert words.startswith("Play the 3 of hearts or the 2 of hearts: both stay under the 6 of hearts, and the coach "
                            "rates them about the same."), words
    assert ("the 2 of hearts is surer still: with the other 2 of hearts already in this trick, the two would "
            "cancel, so it can never win this trick.") in words, words
    assert "surer" not in puzzle_explanation(bank.by_id["cancellation-1-49-p42"])  # no copy of a held heart led


# ----- an ace is unbeaten, not 'the highest left' -----

def test_an_ace_is_said_to_be_unbeaten(bank) -> None:
    """'no spade higher than the ace of spades is still out' says nothing a player does not know."""
    words = explained(bank, "standard-1-2-p11")
    assert "nothing beats the ace of" in words and not re.search(r"higher than the ace of", words), words
    assert not any(re.search(r"higher than the ace of", q.explanation) for q in bank.puzzles)


# ----- the s6b review: the jack of diamonds is won, a stopper that cannot win a heart trick, true reasons -----

@pytest.mark.parametrize("pid, lower", [("deluxe-1-10-p37", "3"), ("omnibus-1-10-p37", "3"),
                                        ("omnibus-1-177-p29", "4")])
def test_the_jack_of_diamonds_is_played_to_win_it(bank, pid: str, lower: str) -> None:
    words = explained(bank, pid)
    assert words.startswith("Play the jack of diamonds: in these rules whoever wins it takes 10 points off their "
                            "score."), words
    assert ("so a heart may still land on it, which costs far less than the 10 points the jack takes off, and only "
            f"the queen of diamonds, still out, can beat it; the {lower} of diamonds would give up this chance to win "
            "it.") in words, words
    assert "get rid of" not in words and "perhaps with points" not in words, words


@pytest.mark.parametrize("pid, winner", [("omnibus-1-144-p5", "queen"), ("omnibus-1-144-p9", "king")])
def test_the_jack_under_a_higher_diamond_hands_its_bonus_away(bank, pid: str, winner: str) -> None:
    words = explained(bank, pid)
    assert (f"while the jack of diamonds stays under the {winner} of diamonds, so played here the jack would take 10 "
            "points off the score of whoever wins this trick; keep it for a trick you win yourself.") in words, words
    assert "perhaps with points in it" not in words, words


def test_a_diamond_above_the_jack_can_win_it(bank) -> None:
    words = explained(bank, "omnibus-1-96-p17")
    assert ("the jack of diamonds is still out, and the queen of diamonds can win it (10 points off your score) if it "
            "falls on this trick") in words, words


def test_no_reason_gets_rid_of_a_scoring_jack(bank) -> None:
    for p in bank.puzzles:
        if p.kind == "play" and p.view().rules.jack_points and p.best == "JD":
            words = puzzle_explanation(p)
            assert "get rid of" not in words and "out of diamonds throw points" not in words, (p.id, words)


def test_a_led_jack_that_nothing_beats_wins_its_bonus(bank) -> None:
    words = explained(bank, "omnibus-1-75-p40")
    assert words.startswith("Lead the jack of diamonds now: no diamond higher than the jack of diamonds is still "
                            "out, so it wins the trick, and in these rules whoever wins it takes 10 points off their "
                            "score."), words


def test_a_led_jack_that_can_lose_says_what_losing_gives_away(bank) -> None:
    words = explained(bank, "omnibus-1-65-p36")
    assert ("so the jack of diamonds can lose the trick; if it does, whoever wins that trick gets the 10 points off "
            "their score instead of you.") in words, words


def test_a_stopper_that_cannot_win_a_heart_trick_is_not_told_to(bank) -> None:
    p = bank.by_id["standard-62-386-p46"]  # no other heart is out and the 8 of spades is unbeaten
    words = puzzle_explanation(p)
    assert "keep it to win a heart trick" not in words, words
    assert ("Careful: no other heart is still out, so the ace of hearts stops the moon on any trick the player "
            "across from you does not win: lead it if you get the lead, or throw it on a trick another player "
            "wins.") in words, words
    assert words.count("has taken every point so far") == 1, words
    _checked(p, words)
    assert "keep it to win a heart trick" in text.warn_moon_stopper(parse_cards("AH")[0], None, p.view().rules)


def test_a_thrown_scoring_jack_is_no_dangerous_card() -> None:
    jack = parse_cards("JD")[0]
    words = text.hint_discard(jack, 0, -10)
    assert "dangerous" not in words and "takes 10 points off the score of whoever wins this trick" in words, words
    assert "dangerous card" in text.hint_discard(jack, 0)  # where the jack scores nothing it is a mid-range card


@pytest.mark.parametrize("pid", ["n_player-1-4-p30", "omnibus-1-162-p24", "standard-1-271-p34"])
def test_players_out_of_hearts_are_not_said_to_throw_points_you_hold(bank, pid: str) -> None:
    """Out of hearts, a player can throw only the queen of spades on a heart trick: here she is in your hand."""
    words = explained(bank, pid)
    assert "out of hearts" not in words and "throw" not in words, words
    assert "players out of clubs throw points on" in text.reason_boss_now(parse_cards("AC")[0])


def test_a_top_heart_led_with_every_point_taken_and_the_queen_in_hand_is_a_moon_lead(bank) -> None:
    words = explained(bank, "omnibus-1-162-p24")  # six hearts taken, the queen of spades held, the 2, 3 and 10 out
    assert words.startswith("Lead the ace of hearts now: you have taken every point so far and hold the queen of "
                            "spades, so shooting the moon (one player taking every heart and the queen of spades) may "
                            "be in reach; nothing beats the ace of hearts, so it wins the trick, and everyone still "
                            "holding a heart must follow with one (three other hearts are still out)."), words


def test_a_heart_lead_is_not_said_to_let_a_void_player_throw_points_when_none_are_out(bank) -> None:
    words = explained(bank, "n_player-1-31-p42")
    assert "a heart lead lets them throw points" not in words, words


@pytest.mark.parametrize("pid", ["standard-19-217-pass0", "standard-19-280-pass2", "standard-7-1202-pass3",
                                 "standard-7-142-pass2", "standard-7-1782-pass1", "standard-7-2508-pass1"])
def test_a_lone_ace_of_hearts_wins_the_first_heart_trick(bank, pid: str) -> None:
    words = puzzle_explanation(bank.by_id[pid])
    assert ("That pass keeps the ace of hearts as your only heart: still held when hearts are first led, it has to be "
            "played, and it wins that trick, with the points in it (a lone ace of hearts does stop a moon, but in "
            "this hand the simulations find passing it better).") in words, words
    king = text.tempting_keeps_lone_high(parse_cards("KH")[0])
    assert "it may win that trick" in king and "stop a moon" not in king
    assert "it may win that trick" in text.tempting_keeps_lone_high(parse_cards("AH")[0], decks=2)


@pytest.mark.parametrize("pid, last, lead", [("standard-1-4-p36", "ace of hearts", "ace of clubs"),
                                             ("animal_table-1-4-p36", "ace of hearts", "ace of clubs"),
                                             ("duell-1-4-p36", "ace of hearts", "ace of clubs"),
                                             ("standard-1-127-p40", "king of hearts", "ace of diamonds")])
def test_the_only_heart_out_must_take_the_trick(bank, pid: str, last: str, lead: str) -> None:
    words = explained(bank, pid)
    assert words.startswith(f"Lead the jack of hearts: the {last} is the only heart still out, so its holder must "
                            f"take this trick; nothing beats the {lead}, so led now it would win the trick, and the "
                            f"{last} may be thrown on it."), words
    assert "can lose it" not in words, words


def test_the_only_card_out_above_the_lead_will_win_it(bank) -> None:
    p = bank.by_id["standard-1-64-p44"]  # the 2 of hearts led, the 3 the only heart out: no 'thrown on it'
    words = puzzle_explanation(p)
    assert ("while the 3 of hearts is the only heart still out, so the 2 of hearts will lose it.") in words, words
    _checked(p, words)
    assert check_explanation(p.view(), "The 5 of hearts is the only heart still out.") != []


@pytest.mark.parametrize("pid", ["standard-1-69-p29", "standard-1-109-p33"])
def test_two_void_players_are_named_at_once(bank, pid: str) -> None:
    p = bank.by_id[pid]
    words = puzzle_explanation(p)
    assert ("but the players on your left and across from you have both shown out of clubs and play after you, so "
            "hearts may still land on it") in words, words
    assert [f for _, f in stated_facts(p.view(), words) if isinstance(f, SeatsShownOut)], words
    _checked(p, words)
    false = "The players on your left and on your right have both shown out of clubs."
    assert check_explanation(p.view(), false) != []


def test_a_sure_winner_led_now_always_says_why_now(bank) -> None:
    """'Lead the ace now: it wins any heart trick' gives no reason for now; the reason is that players out of the
    suit can throw points on a later trick of it, and where nobody can, the coach does not claim one."""
    for p in bank.puzzles:
        m = re.match(r"Lead the \w+ of (\w+) now: nothing beats [^:;.]*, so it wins any \w+ trick you play it on",
                     p.explanation)
        if m:
            assert f"players out of {m[1]} throw points on" in p.explanation, (p.id, p.explanation)
    for pid in ("deluxe-1-17-p24", "n_player-1-4-p30", "n_player-1-5-p33"):
        assert not re.search(r"\bnow:", puzzle_explanation(bank.by_id[pid]))


# ----- the s7 review: reasons where the coach fell back on its rollouts (coach/more_reasons.py) -----

def _said(p, words: str) -> list:
    return [f for _, f in stated_facts(p.view(), words)]


def _more(bank, pid: str, best: str, tempting: str):
    p = bank.by_id[pid]
    return more_reason(p.view(), parse_card(best), parse_card(tempting))


@pytest.mark.parametrize("pid, tempting", [("cancellation-1-18-p17", "10"), ("cancellation-1-23-p15", "8"),
                                           ("cancellation-1-45-p39", "7")])
def test_the_queen_on_her_twin_in_a_cancellation_trick_cannot_win_it(bank, pid: str, tempting: str) -> None:
    words = explained(bank, pid)
    assert words.startswith("Play the queen of spades: the other queen of spades is already in this trick, so the "
                            "two cancel and yours cannot win this trick: a chance to get rid of her without winning "
                            f"it; the {tempting} of spades would keep her in your hand."), words
    assert CopyInTrick(QUEEN) in _said(bank.by_id[pid], words)


def test_a_card_on_its_twin_cancels_while_the_temptation_would_win(bank) -> None:
    words = explained(bank, "cancellation-1-31-p74")  # 4H 2H so far; the 4 and two 7s of hearts in hand
    assert words.startswith("Play the 4 of hearts: the other 4 of hearts is already in this trick, so the two cancel "
                            "and yours cannot win this trick, while the 7 of hearts beats every card played to this "
                            "trick so far."), words
    assert _more(bank, "cancellation-1-31-p74", "7H", "4H") is None  # the 7 has no twin in the trick


def test_a_winner_whose_twin_is_still_out_may_be_cancelled(bank) -> None:
    words = explained(bank, "cancellation-1-37-p75")  # the queen of spades on the trick; the king and two aces
    case_for_the_king = (
        "But another king of clubs is still out: a player after you who holds it could cancel yours, and the trick "
        "would then go to the highest other club, not to you. The ace of clubs would take the points for sure: "
        "nothing beats the ace of clubs, and you hold both aces of clubs, so nothing can cancel it.")
    assert case_for_the_king in words, words
    said = _said(bank.by_id["cancellation-1-37-p75"], words)
    assert TwinOut(parse_card("KC")) in said and BothCopiesHeld(parse_card("AC")) in said
    assert _more(bank, "cancellation-1-37-p75", "AC", "KC") is None  # the ace's twin is not out


@pytest.mark.parametrize("pid, head, keep", [
    ("standard-11-18-p46", "the 10 of hearts beats every card played to this trick so far as well, and the player "
                           "on your left has shown out of hearts",
     "Take it with the king and keep the 10: one heart higher than the 10 of hearts is still out"),
    ("standard-11-61-p37", "the 7 of hearts beats every card played to this trick so far as well, and the players "
                           "on your left and across from you have both shown out of hearts",
     "Take it with the 10 and keep the 7: three hearts higher than the 7 of hearts are still out"),
    ("cancellation-1-45-p53", "the 5 of spades beats every card played to this trick so far as well, and the player "
                              "on your left and seat 2 have both shown out of spades",
     "Take it with the king and keep the 5: one spade higher than the 5 of spades is still out"),
])
def test_a_trick_taken_whichever_card_is_taken_with_the_higher_one(bank, pid: str, head: str, keep: str) -> None:
    words = explained(bank, pid)
    assert f"{head}, so you take this trick whichever you play. {keep}, so it can still lose a later" in words, words


def test_a_sure_winner_takes_the_trick_the_low_card_would_not_surely_duck(bank) -> None:
    words = explained(bank, "standard-11-8-p46")  # 2H 3H so far, the player on the left still to play
    assert words.startswith("Play the king of hearts: no heart higher than the king of hearts is still out, so it wins "
                            "this trick for sure, and the 5 of hearts beats every card played to this trick so far "
                            "too, so it is no sure duck either. Take it with the king and keep the 5: one heart "
                            "higher than the 5 of hearts is still out"), words


def test_no_take_it_high_reason_while_a_later_player_can_beat_both(bank) -> None:
    p = bank.by_id["standard-11-691-p30"]  # the jack vs the 6 of hearts: the king is out, the left player follows
    assert _more(bank, p.id, "JH", "6H") is None
    assert GENERIC in puzzle_explanation(p)


@pytest.mark.parametrize("pid, lead", [("standard-11-130-p20", "2"), ("standard-1-345-p20", "9")])
def test_the_queen_as_the_only_spade_out_is_flushed_by_a_lower_spade(bank, pid: str, lead: str) -> None:
    words = explained(bank, pid)
    assert words.startswith(f"Lead the {lead} of spades: the queen of spades is the only spade still out, so whoever "
                            f"holds her must play her on this trick, and she beats the {lead} of spades: her holder "
                            "wins the trick and takes her 13 points."), words


def test_no_sure_flush_while_other_spades_are_out(bank) -> None:
    assert _more(bank, "standard-11-67-p24", "9S", "8D") is None  # the 3, 5 and queen of spades are out
    assert _more(bank, "standard-11-130-p20", "2S", "JS") is None  # the jack would force her out just the same


def test_the_only_spade_below_the_queen_is_kept_as_her_guard(bank) -> None:
    words = explained(bank, "cancellation-1-9-p72")  # 2S QS 2H 5H; every spade above her has been played
    assert words.startswith("Lead the 5 of hearts and keep the 2 of spades: the 2 of spades is the only spade you hold "
                            "lower than the queen; without it, a spade led by another player would make you play the "
                            "queen, and no spade higher than the queen of spades is still out, so she would win that "
                            "trick."), words
    assert OnlyGuard(parse_card("2S")) in _said(bank.by_id["cancellation-1-9-p72"], words)
    words = explained(bank, "deluxe-1-17-p24")  # the king of spades is out: she may not win
    assert "would make you play the queen. " in words and "she would win" not in words, words


def test_no_guard_reason_with_another_guard_or_a_higher_spade_in_hand(bank) -> None:
    assert _more(bank, "standard-1-329-p32", "8H", "4S") is None  # the 2 of spades still guards her
    p = bank.by_id["deluxe-1-17-p24"]
    view = p.view()
    with_king = dataclasses.replace(view, hand=tuple(sorted((*view.hand, parse_card("KS")))))
    assert more_reason(with_king, parse_card("QH"), parse_card("6S")) is None  # the king could go on a spade lead


@pytest.mark.parametrize("pid, start", [
    ("standard-11-386-p16", "Lead the 8 of spades: you passed the queen of spades to the player across from you, who "
                            "still holds her and has shown out of clubs, so a club lead lets them throw her on the "
                            "trick, and four clubs lower than the 8 of clubs are still out, so the 8 of clubs could "
                            "win it, while no one has shown out of spades yet."),
    ("standard-1-292-p32", "Lead the 7 of hearts: the player across from you has shown out of clubs, so a club lead "
                           "lets them throw points on the trick, and one club lower than the 4 of clubs is still out, "
                           "so the 4 of clubs could win it, while no heart lower than the 7 of hearts is still out, so "
                           "the 7 of hearts cannot win its trick."),
])
def test_a_lead_into_a_shown_void_that_could_win_the_trick(bank, pid: str, start: str) -> None:
    words = explained(bank, pid)
    assert words.startswith(start), words


def test_no_void_lead_reason_where_the_temptation_cannot_win_or_the_answer_is_as_exposed(bank) -> None:
    assert _more(bank, "standard-1-333-p32", "4H", "2D") is None  # every diamond out is above the 2
    view = bank.by_id["standard-1-292-p32"].view()  # as in the test above, but with the 3 of clubs in hand too
    low = dataclasses.replace(view, hand=tuple(sorted((*view.hand, parse_card("3C")))))
    assert more_reason(low, parse_card("7H"), parse_card("4C")) is None  # every club out is above the 4
    assert _more(bank, "standard-11-257-p20", "JS", "7C") is None  # only two spades out: someone may be out of them


def test_the_new_facts_are_read_back_and_caught_when_false(bank) -> None:
    view = bank.by_id["standard-11-871-p4"].view()
    assert check_explanation(view, "Four clubs lower than the 9 of clubs are still out.") == []
    assert check_explanation(view, "Three clubs lower than the 9 of clubs are still out.") != []
    view = bank.by_id["cancellation-1-18-p17"].view()
    assert check_explanation(view, "The other queen of spades is already in this trick.") == []
    for false in ("The other 10 of spades is already in this trick.", "You hold both 6s of diamonds.",
                  "Another 10 of spades is still out, and the 4 of hearts is the only spade you hold lower than "
                  "the queen."):
        assert check_explanation(view, false) != [], false
    assert check_explanation(view, "You hold both 6s of clubs.") == []
    view = bank.by_id["standard-1-329-p32"].view()  # the 2 and 4 of spades with the queen
    assert check_explanation(view, "The 4 of spades is the only spade you hold lower than the queen.") != []
    view = bank.by_id["standard-11-871-p4"].view()
    assert check_explanation(view, "You passed the queen of spades to the player on your left, who still holds her "
                                   "and has shown out of clubs.") != []


# ----- the s7 review: a lesson's pass reveal names the pass once -----

def test_the_coachs_pass_reveal_names_the_pass_once() -> None:
    from hearts_tutor.table.puzzle import Checker, PuzzleDeal

    deal = PuzzleDeal.load("pass_queen_left")
    revealed = Checker(deal.view(), deal.exercise).answer_text()
    assert revealed.startswith("The coach would pass the queen of diamonds, the queen of spades and the ace of "
                               "spades. The queen of spades: you hold only one spade lower than her"), revealed
    assert "The ace of spades: with few spades to play under it" in revealed, revealed
    assert not re.search(r"\bPass ", revealed), revealed
    cards, words = reveal_pass(PuzzleDeal.load("pass_for_void").view())
    assert words.startswith("The coach would pass the 5, 9 and king of clubs to become void in clubs"), words
    assert suggest_pass(PuzzleDeal.load("pass_for_void").view()) == (cards, words.replace(
        "The coach would pass the 5, 9 and king of clubs", "Pass the 5 of clubs, the 9 of clubs and the king of clubs"))


def test_a_trick_taken_either_way_does_not_say_whichever_card_when_another_would_duck(bank) -> None:
    view = bank.by_id["standard-11-61-p37"].view()  # the players after you have shown out of hearts
    hand = parse_cards("6D 6H TH JH")
    legal = sum(1 << c for c in parse_cards("6H TH JH"))
    ducking = dataclasses.replace(view, hand=tuple(sorted(hand)), trick=(parse_card("8H"),), legal=legal)
    reason = more_reason(ducking, parse_card("JH"), parse_card("TH"))
    assert reason is not None and "so you take this trick with either of them. Take it with the jack and keep the 10" \
        in reason.words, reason
    assert "whichever you play" not in reason.words
