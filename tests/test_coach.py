"""The coach on constructed positions: legality, pass flags, mid-range flags, tutor warnings, texts."""

from __future__ import annotations

import dataclasses
import re

import pytest
from positions import make_state

from hearts_tutor.coach import (
    Flag,
    legality,
    midrange_flags,
    remembered_pass,
    review_pass,
    suggest_pass,
    tutor_warning,
)
from hearts_tutor.coach import text as coach_text
from hearts_tutor.coach.dangers import hand_dangers
from hearts_tutor.engine.cards import QUEEN_OF_SPADES, card_name, card_str, parse_card, parse_cards
from hearts_tutor.engine.hand import HandState, IllegalMove, Phase
from hearts_tutor.engine.rules import Rules

# The lead deal: seat 0 wins the second trick; seat 3 wins the third and holds the queen of spades.
LEAD_DEAL = {
    0: "2C AC AD 2S 2H 3H 4H 5H 6H 7H 8H 9H TH",
    1: "3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2D 3D",
    2: "4D 5D 6D 7D 8D 9D TD JD QD KD JH QH KH",
    3: "3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS AH",
}
TRICK1 = "2C 3C 4D 3S"
TRICK2 = "4C 5D 4S AC"


def verdicts(state: HandState) -> dict[str, tuple[str, str] | None]:
    view = state.view(state.to_move)
    return {card_name(c): (None if v is None else (v.rule, v.reason)) for c, v in legality(view).items()}


# ----- legality, per rule and preset -----

def test_first_lead_lowest_club_names_the_card():
    v = verdicts(make_state("standard", LEAD_DEAL))
    assert v["the 2 of clubs"] is None
    rule, reason = v["the ace of clubs"]
    assert rule == "first_lead_lowest_club" and "the 2 of clubs" in reason


def test_first_lead_lowest_club_five_players_is_the_three():
    rules = Rules.preset("n_player", players=5)
    state = make_state(rules, {0: "3C 4C 5C 6C 7C 8C 9C TC JC QC"})
    v = verdicts(state)
    assert v["the 3 of clubs"] is None
    rule, reason = v["the 4 of clubs"]
    assert rule == "first_lead_lowest_club" and "the 3 of clubs" in reason


def test_first_lead_any_club_in_deluxe():
    v = verdicts(make_state("deluxe", LEAD_DEAL))
    assert v["the 2 of clubs"] is None and v["the ace of clubs"] is None
    rule, reason = v["the ace of diamonds"]
    assert rule == "first_lead_club" and "club" in reason


def test_first_lead_no_points_in_cancellation():
    state = make_state("cancellation", {1: "2H 3H QS 4C 5C 6C 7C 8C 9C TC JC QC KC"})
    assert state.to_move == 1
    v = verdicts(state)
    assert v["the 4 of clubs"] is None
    rule, reason = v["the 2 of hearts"]
    assert rule == "first_lead_no_points" and "the queen of spades" in reason
    assert v["the queen of spades"][0] == "first_lead_no_points"


def test_follow_suit():
    v = verdicts(make_state("standard", LEAD_DEAL, "2C"))
    assert v["the 3 of clubs"] is None
    rule, reason = v["the 2 of diamonds"]
    assert rule == "follow_suit" and "clubs" in reason


def test_first_trick_no_points_only_where_forbidden():
    v = verdicts(make_state("standard", LEAD_DEAL, "2C 3C"))
    assert v["the 4 of diamonds"] is None
    rule, reason = v["the jack of hearts"]
    assert rule == "first_trick_no_points" and "queen of spades" in reason
    allowed = Rules.preset("standard", first_trick_points="allowed")
    assert verdicts(make_state(allowed, LEAD_DEAL, "2C 3C"))["the jack of hearts"] is None


def test_hearts_not_broken():
    state = make_state("standard", LEAD_DEAL, f"{TRICK1} {TRICK2}")
    assert state.to_move == 0
    v = verdicts(state)
    assert v["the 2 of spades"] is None
    rule, reason = v["the 2 of hearts"]
    assert rule == "hearts_not_broken" and "heart" in reason


def test_queen_lead_differs_between_standard_and_deluxe():
    plays = f"{TRICK1} {TRICK2} 2S 2D 6D 5S"
    std = make_state("standard", LEAD_DEAL, plays)
    assert std.to_move == 3
    assert verdicts(std)["the queen of spades"] is None
    dlx = verdicts(make_state("deluxe", LEAD_DEAL, plays))
    rule, reason = dlx["the queen of spades"]
    assert rule == "queen_lead_not_broken" and "the queen of spades" in reason
    assert dlx["the ace of hearts"][0] == "hearts_not_broken"


def test_queen_breaks_hearts_only_where_the_rules_say():
    plays = f"{TRICK1} {TRICK2} AD 2D 6D QS"
    std = make_state("standard", LEAD_DEAL, plays)
    assert std.to_move == 0 and verdicts(std)["the 2 of hearts"] is None
    animal = verdicts(make_state("animal_table", LEAD_DEAL, plays))
    rule, reason = animal["the 2 of hearts"]
    assert rule == "hearts_not_broken" and "a heart has been played" in reason


def test_legality_matches_engine_on_random_positions():
    import random

    from hearts_tutor.batch.bench import random_card

    rng = random.Random(5)
    for preset in ("standard", "deluxe", "cancellation", "n_player"):
        rules = Rules.preset(preset)
        for hand in range(6):
            state = HandState.deal_random(rules, rng, hand_number=3)
            while state.phase is Phase.PLAY:
                view = state.view(state.to_move)
                v = legality(view)
                assert {c for c, x in v.items() if x is None} == set(state.legal_plays())
                assert all(x.reason for x in v.values() if x is not None)
                state.play(random_card(state.legal_mask(), rng))
                if hand > 1:
                    break


def test_legality_when_not_your_turn():
    state = make_state("standard", LEAD_DEAL)
    v = legality(state.view(2))
    assert {x.rule for x in v.values()} == {"not_your_turn"}


# ----- pass flags -----

FILL = "4D 5D 6D 7D 8D 9D TD"


def pass_view(hand: str, rules: Rules | str = "standard") -> object:
    state = make_state(rules, {0: hand}, direction="left")
    assert state.phase is Phase.PASS
    return state.view(0)


def ids(review) -> list[str]:
    return [f.id for f in review.flags]


def flag(review, flag_id: str) -> Flag:
    found = [f for f in review.flags if f.id == flag_id]
    assert found, f"{flag_id} not in {ids(review)}"
    return found[0]


def test_keep_queen_with_short_spades():
    view = pass_view("QS 3S 4S 2C 3C 4C 5C 2D 3D 4D 5D 2H 3H")
    r = review_pass(view, parse_cards("5C 4C 3C"))
    f = flag(r, "keep_queen_short_spades")
    assert f.severity == "danger" and "the queen of spades" in f.reason.lower()
    assert "only two spades lower than her (the 3 and 4 of spades)" in f.reason
    assert "keep_queen_short_spades" not in ids(review_pass(view, parse_cards("QS 5C 4C")))


def test_the_queen_stays_with_three_low_guards():
    """Strong players keep the queen with three guards, preferably four (the old rule wanted four)."""
    view = pass_view("QS 2S 3S 4S 2C 3C 4C 9C 2D 3D 4D KD 2H")
    assert QUEEN_OF_SPADES not in suggest_pass(view)[0]
    assert "keep_queen_short_spades" not in ids(review_pass(view, parse_cards("9C KD 4D")))
    assert [f.id for f in hand_dangers(view) if f.id == "unguarded_queen"] == []
    # the ace as one of only three: pass her
    view = pass_view("QS AS 3S 4S 2C 3C 4C 9C 2D 3D 4D KD 2H")
    assert QUEEN_OF_SPADES in suggest_pass(view)[0]
    f = flag(review_pass(view, parse_cards("9C KD 4D")), "keep_queen_short_spades")
    assert f.severity == "warning" and "the ace of spades above her cannot guard her" in f.reason


@pytest.mark.parametrize("direction", ["left", "right", "across"])
def test_a_passed_queen_takes_the_short_ace_with_her_and_says_where_she_sits(direction: str):
    """heartscardgame.org: passing left or across, a short ace or king goes with the queen (her new holder plays
    after you); passing right she plays before you on most spade tricks, so the danger is smaller, yet on a spade
    trick you lead she plays last (the coach's simulations still pass the ace in most such deals)."""
    state = make_state("standard", {0: "QS AS 2S 2C 3C 4C 9C 2D 3D 4D 8D KD 2H"}, direction=direction)
    passed, reason = suggest_pass(state.view(0))
    assert {QUEEN_OF_SPADES, parse_card("AS")} <= set(passed)
    if direction == "right":
        assert "plays just before you" in reason and "plays last" in reason, reason
    else:
        assert "play after you" in reason, reason


def test_keeping_the_queen_with_four_guards_is_fine():
    view = pass_view("QS 2S 3S 4S 5S 2C 3C 4C 5C 2D 3D 4D KC")
    assert "keep_queen_short_spades" not in ids(review_pass(view, parse_cards("KC 5C 4C")))


def test_pass_spade_guards():
    view = pass_view("QS 2S 3S 4S 5S 2C 3C 4C 5C 2D 3D 4D KC")
    r = review_pass(view, parse_cards("2S 3S KC"))
    f = flag(r, "pass_spade_guards")
    reason = f.reason.lower()
    assert "the 2 of spades" in reason and "the 3 of spades" in reason and "the queen of spades" in reason
    assert "keep_queen_short_spades" in ids(r)


def test_pass_high_spade_not_needed_only_when_guarded():
    long = pass_view("AS 2S 3S 4S 5S 2C 3C 4C 5C 2D 3D 4D KC")
    f = flag(review_pass(long, parse_cards("AS KC 5C")), "pass_high_spade_unneeded")
    assert "the ace of spades" in f.reason.lower()
    short = pass_view("AS 2S 3S 6C 5S 2C 3C 4C 5C 2D 3D 4D KC")
    short = pass_view("AS KS 2S 6C 7C 2C 3C 4C 5C 2D 3D 4D KC")
    assert "pass_high_spade_unneeded" not in ids(review_pass(short, parse_cards("AS KS KC")))


def test_queen_switched_off():
    rules = Rules.preset("standard", queen_points=0)
    view = pass_view("QS 3S 4S 2C 3C 4C 5C 2D 3D 4D 5D 2H 3H", rules)
    keep = review_pass(view, parse_cards("5C 4C 3C"))
    assert "keep_queen_short_spades" not in ids(keep)
    f = flag(review_pass(view, parse_cards("QS 5C 4C")), "queen_off_spades")
    assert f.severity == "info" and "the queen of spades" in f.reason.lower()


def test_pass_low_hearts():
    view = pass_view("2H 3H 9H 2C 3C 4C 5C 2D 3D 4D 5D 6S 7S")
    f = flag(review_pass(view, parse_cards("2H 3H 9H")), "pass_low_hearts")
    assert "the 2 of hearts" in f.reason.lower() and "the 3 of hearts" in f.reason.lower()
    assert "the 9 of hearts" not in f.reason.lower()


MOON_HAND = "AH KH QH JH 2H 3H AC KC AD KD AS KS QC"


def test_moon_attempt_passing_low_hearts_is_right():
    view = pass_view(MOON_HAND)
    r = review_pass(view, parse_cards("2H 3H QC"))
    assert "pass_low_hearts" not in ids(r)
    f = flag(r, "moon_pass_low_hearts")
    assert f.severity == "info" and "the 2 of hearts" in f.reason.lower() and "moon" in f.reason
    cards, reason = suggest_pass(view)
    assert set(parse_cards("2H 3H")) <= set(cards) and "moon" in reason


@pytest.mark.parametrize(("rules", "goal"), [
    (Rules.preset("standard"), "every heart and the queen of spades"),
    (Rules.preset("standard", queen_points=0), "every heart)"),
    (Rules.preset("cancellation"), "all 26 hearts and both queens of spades"),
])
def test_moon_is_described_for_the_rules(rules: Rules, goal: str):
    view = pass_view(MOON_HAND, rules)
    words = [flag(review_pass(view, parse_cards("2H 3H QC")), "moon_pass_low_hearts").reason,
             suggest_pass(view)[1]]
    for said in words:
        assert goal in said, said


def test_a_low_card_in_the_hint_pass_is_not_called_likely_to_win():
    from hearts_tutor.coach.hints import explain_pass

    view = pass_view("2D 9D KS AS 3C 4C 5C 6C 7C 2H 3H 4H 5H")
    said = explain_pass(view, tuple(parse_cards("2D KS AS")))
    assert "the 2 of diamonds goes too" in said.lower() and "only one diamond" in said
    assert "likely to win" not in said.split("The 2 of diamonds")[-1]
    said = explain_pass(view, tuple(parse_cards("3C KS AS")))
    assert "usually worth keeping" in said and "3 of clubs" in said


def test_missed_void():
    view = pass_view("9D 2C 3C 4C 5C 6C 7C 8C 2S 3S 4S 5S 6S")
    f = flag(review_pass(view, parse_cards("8C 7C 6C")), "missed_void")
    assert "the 9 of diamonds" in f.reason.lower() and "void" in f.reason and "diamonds" in f.reason
    assert "missed_void" not in ids(review_pass(view, parse_cards("9D 8C 7C")))


def test_low_spades_are_never_passed_to_make_a_void():
    """Spades below the queen are kept to play under her (lesson 2): no void of spades is advised or missed by
    passing them; a spade suit of only the ace and king is still worth emptying."""
    view = pass_view("2S 4S 3C 5C 8C TC QC 3D 6D 9D JD 2H 5H")
    mine, _ = suggest_pass(view)
    assert not {c for c in mine if c in parse_cards("2S 4S")}, [card_str(c) for c in mine]
    assert "missed_void" not in ids(review_pass(view, parse_cards("QC TC 8C")))
    top = pass_view("AS KS 3C 5C 8C TC 9C 3D 6D 9D 8D 2H 5H")
    f = flag(review_pass(top, parse_cards("TC 9C 8C")), "missed_void")
    assert "spades" in f.reason and "ace of spades" in f.reason


def test_moon_hand_keeping_low_hearts():
    view = pass_view(MOON_HAND)
    f = flag(review_pass(view, parse_cards("QC KC KD")), "moon_keep_low_hearts")
    assert f.severity == "info" and "the 2 of hearts" in f.reason.lower() and "moon" in f.reason


def test_keep_midrange_info_when_no_low_card_went():
    view = pass_view("9C TC 2D 3D 4D 5D 2S 3S 4S 5S KH QH AC")
    f = flag(review_pass(view, parse_cards("KH QH AC")), "keep_midrange")
    assert f.severity == "info" and "the 9 of clubs" in f.reason.lower() and "7 to jack" in f.reason
    # a lone 9 of clubs goes the first time clubs are led (the first trick): nothing to warn of
    lone = pass_view("9C 2D 3D 4D 5D 6D 2S 3S 4S 5S KH QH AC")
    assert "keep_midrange" not in ids(review_pass(lone, parse_cards("KH QH AC")))


def test_keep_midrange():
    view = pass_view("9C TC 2D 3D 4D 5D 6D 2S 3S 4S 5S 6S AC")
    r = review_pass(view, parse_cards("2D 3D AC"))
    f = flag(r, "keep_midrange")
    assert f.severity == "warning" and "the 9 of clubs" in f.reason.lower() and "7 to jack" in f.reason


def test_jack_of_diamonds_variant():
    hand = "JD AD KD 2C 3C 4C 5C 6C 2S 3S 4S 5S 6S"
    omni = review_pass(pass_view(hand, "omnibus"), parse_cards("JD AD 6C"))
    assert "the jack of diamonds" in flag(omni, "pass_jack_of_diamonds").reason
    assert "the ace of diamonds" in flag(omni, "pass_high_diamonds").reason
    std = review_pass(pass_view(hand), parse_cards("JD AD 6C"))
    assert not {"pass_jack_of_diamonds", "pass_high_diamonds"} & set(ids(std))
    cards, _ = suggest_pass(pass_view(hand, "omnibus"))
    assert not set(parse_cards("JD AD KD")) & set(cards)


def test_pass_moon_stopper():
    view = pass_view("AH 2H 3H 2C 3C 4C 5C 6C 2S 3S 4S 5S 6S")
    f = flag(review_pass(view, parse_cards("AH 6C 5C")), "pass_moon_stopper")
    assert "the ace of hearts" in f.reason.lower()


def test_the_coach_remembers_the_pass():
    state = make_state("standard", {0: "QS 3S 4S 2C 3C 4C 5C 9D 2H 3H 6H 7H 8H"}, direction="left")
    assert remembered_pass(state.view(0)) is None
    for seat in range(4):
        state.pass_cards(seat, parse_cards("QS 9D 8H") if seat == 0 else state.hand_of(seat)[-3:])
    note = remembered_pass(state.view(0))
    assert note.startswith("You passed the 9 of diamonds, the queen of spades and the 8 of hearts to the player on "
                           "your left.")
    assert "still holds them" in note


def test_review_pass_rejects_what_the_engine_rejects():
    view = pass_view("AH 2H 3H 2C 3C 4C 5C 6C 2S 3S 4S 5S 6S")
    with pytest.raises(IllegalMove) as e:
        review_pass(view, parse_cards("AH 6C"))
    assert e.value.rule == "pass_count"
    with pytest.raises(IllegalMove) as e:
        review_pass(view, parse_cards("AH 6C KD"))
    assert e.value.rule == "pass_not_held"


def test_suggest_pass_follows_the_seeds():
    view = pass_view("QS 3S 4S 2C 3C 4C 5C 9D 2H 3H 6H 7H 8H")
    cards, reason = suggest_pass(view)
    assert parse_card("QS") in cards and parse_card("9D") in cards
    assert "the queen of spades" in reason and "void" in reason
    assert review_pass(view, cards).severity != "danger"
    # without the queen but short in spades: pass the ace and king of spades (seed 003)
    cards, reason = suggest_pass(pass_view("AS KS 2S 2C 3C 4C 5C 6C 2D 3D 4D 5D 6D"))
    assert set(parse_cards("AS KS")) <= set(cards) and "the ace of spades" in reason


def test_suggest_pass_never_passes_the_queen_with_four_guards():
    cards, _ = suggest_pass(pass_view("QS 2S 3S 4S 5S AC KC QC 2D 3D 4D 5D 6D"))
    assert parse_card("QS") not in cards and not set(parse_cards("2S 3S 4S 5S")) & set(cards)


# ----- mid-range flags -----

def mid_ids(view) -> dict[str, str]:
    return {f.cards[0]: f.id for f in midrange_flags(view)}


def test_midrange_no_cover():
    state = make_state("standard", {0: "9D 2C 3C 4C 5C 6C 7C 8C QS KS AS 2H 3H"})
    flags = midrange_flags(state.view(0))
    f = next(f for f in flags if f.cards == (parse_card("9D"),))
    assert f.id == "midrange_no_cover" and "the 9 of diamonds" in f.reason.lower() and "7 to jack" in f.reason
    assert parse_card("7C") not in mid_ids(state.view(0))  # lower clubs to play under it... and no lower unseen


def test_midrange_heart_and_spades_under_a_live_queen():
    state = make_state("standard", {0: "8H 2H 9S 2C 3C 4C 5C 6C 2D 3D 4D 5D 6D"})
    found = mid_ids(state.view(0))
    assert found.get(parse_card("8H")) == "midrange_heart"
    assert parse_card("9S") not in found
    off = make_state(Rules.preset("standard", queen_points=0), {0: "8H 2H 9S 2C 3C 4C 5C 6C 2D 3D 4D 5D 6D"})
    assert parse_card("9S") in mid_ids(off.view(0))


def test_midrange_jack_of_diamonds_is_a_prize_in_omnibus():
    hand = {0: "JD 2C 3C 4C 5C 6C 7C 8C 2S 3S 4S 5S 6S"}
    assert parse_card("JD") in mid_ids(make_state("standard", hand).view(0))
    assert parse_card("JD") not in mid_ids(make_state("omnibus", hand).view(0))


def test_midrange_opponent_void():
    hands = {0: "8C 9C 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD", 1: "2C 3C 4C 5C 6C",
             2: "AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"}
    state = make_state("standard", hands, "2C AD 2H 8C")  # seats 2 and 3 are out of clubs
    assert state.to_move == 0
    flags = {f.cards[0]: f for f in midrange_flags(state.view(0))}
    nine = flags[parse_card("9C")]
    assert nine.id == "midrange_opponent_void" and nine.severity == "danger"
    assert "the 9 of clubs" in nine.reason.lower() and "the player across from you" in nine.reason.lower()
    assert midrange_flags(state.view(0))[0].cards == (parse_card("9C"),)


def test_midrange_led_often():
    hands = {0: "2C 3C 9C 2D 3D 4D 5D 6D 7D 8D 9D TD JD", 1: "4C 5C 6C QD KD AD 2S 3S 4S 5S 6S 7S 8S",
             2: "7C 8C TC 9S TS JS QS KS AS 2H 3H 4H 5H"}
    state = make_state("standard", hands, "2C 4C 7C JC QC 3C 5C 8C")
    view = state.view(0)
    assert not any(view.voids(s) for s in range(4)) and state.to_move == 3
    f = next(f for f in midrange_flags(view) if f.cards == (parse_card("9C"),))
    assert f.id == "midrange_led_often" and "two times" in f.reason and "the 9 of clubs" in f.reason.lower()


# ----- tutor warnings -----

SPADE_DEAL = {0: "KS 3S 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD", 1: "2C QS 4S 5S 6S 7S KD AD 2H 3H 4H 5H 6H",
              2: "3C 8S 9S TS JS 7H 8H 9H TH JH QH KH AH"}


def test_warn_high_spade_with_the_queen_out():
    state = make_state("standard", SPADE_DEAL, "2C 3C AC 2D 2S")
    assert state.to_move == 0
    view = state.view(0)
    f = tutor_warning(view, parse_card("KS"))
    assert f is not None and f.id == "high_spade_queen_out" and f.severity == "danger"
    assert "the queen of spades" in f.reason and "the king of spades" in f.reason.lower()
    assert tutor_warning(view, parse_card("3S")) is None


def test_warn_takes_points():
    hands = {0: "2C 9D 5D 2S 3S 4S 5S 6S 7S 8S 9S TS JS", 1: "AC 8D QS KS AS 5C 6C 7C 8C 9C TC JC QC",
             2: "3C KC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH"}
    state = make_state("standard", hands, "2C AC 3C 4C 8D 2H 3D")
    view = state.view(0)
    assert view.my_turn
    f = tutor_warning(view, parse_card("9D"))
    assert f is not None and f.id == "takes_points" and "the 9 of diamonds" in f.reason.lower()
    assert "the 5 of diamonds" in f.reason.lower()
    assert tutor_warning(view, parse_card("5D")) is None


def test_warn_breaks_hearts_needlessly():
    hands = {0: "2H 9H 3S 2D 3D 4D 5D 6D 7D 8D 9D TD JD", 1: "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"}
    state = make_state("standard", hands)
    state.play(parse_card("2C"))  # seat 1 leads
    state.play(min(state.legal_plays()))  # seat 2
    state.play(min(state.legal_plays()))  # seat 3
    assert state.to_move == 0  # seat 0 is out of clubs, first trick: no hearts allowed yet
    state.play(parse_card("3S"))
    assert state.to_move == 1
    state.play(parse_card("3C"))
    state.play(min(state.legal_plays()))
    state.play(min(state.legal_plays()))
    view = state.view(0)
    f = tutor_warning(view, parse_card("2H"))
    assert f is not None and f.id == "breaks_hearts_needlessly" and "the 2 of hearts" in f.reason.lower()
    assert "breaks hearts" in f.reason
    assert tutor_warning(view, parse_card("JD")) is None


def test_warn_throws_moon_stopper():
    hands = {0: "AH 3H 3S 2D 3D 4D 5D 6D 7D 8D 9D TD JD", 1: "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"}
    state = make_state("standard", hands, "2C")
    state.play(min(state.legal_plays()))
    state.play(min(state.legal_plays()))
    state.play(parse_card("3S"))
    state.play(parse_card("3C"))
    state.play(min(state.legal_plays()))
    state.play(min(state.legal_plays()))
    view = dataclasses.replace(state.view(0), hearts_taken=(0, 0, 5, 0), hearts_broken=True)
    f = tutor_warning(view, parse_card("AH"))
    assert f is not None and f.id == "throws_moon_stopper" and "the ace of hearts" in f.reason.lower()
    assert "moon" in f.reason
    calm = dataclasses.replace(state.view(0), hearts_taken=(0, 2, 3, 0), hearts_broken=True)
    warned = tutor_warning(calm, parse_card("AH"))
    assert warned is None or warned.id != "throws_moon_stopper"


# ----- the wording -----

JARGON = ("void", "duck", "flush", "guards", "shoot")


def all_messages() -> list[str]:
    c, d = parse_card("QS"), parse_cards("2H 3H")
    t, std = coach_text, Rules.preset("standard")
    return [
        t.keep_queen_short(parse_cards("3S 4S")), t.pass_spade_guards(parse_cards("2S")),
        t.pass_high_spade_unneeded(parse_cards("AS"), 4), t.queen_off_spades([c]), t.pass_low_hearts(d),
        t.moon_pass_low_hearts(d, std), t.moon_keep_low_hearts(d, std), t.missed_void(1, parse_cards("9D")),
        t.keep_midrange(parse_cards("9C")), t.keep_midrange_info(parse_cards("9C TD")), t.pass_jack_of_diamonds(),
        t.pass_high_diamonds(parse_cards("AD")), t.pass_moon_stopper(parse_card("AH"), std),
        t.reason_pass_queen(2), t.reason_pass_high_spades(parse_cards("AS KS")),
        t.reason_pass_void(1, parse_cards("9D")), t.reason_pass_dangerous(parse_cards("KC")),
        t.reason_pass_low(parse_cards("2D"), 1), t.reason_pass_low(parse_cards("2C 3C"), 4),
        t.reason_pass_moon(d, std), t.midrange_opponent_void(parse_card("9C"), "the player on your left"),
        t.midrange_led_often(parse_card("9C"), 2), t.midrange_heart(parse_card("8H")),
        t.midrange_no_cover(parse_card("9D")), t.hint_stop_moon(c, "the player on your left", std),
        t.hint_moon_watch(c, "the player on your left", std), t.hint_shooting(c, std),
        t.remembered_pass([c], "the player on your left", [c]), t.review_points(3),
        t.review_pass_line([c], "good", 0.5), t.review_play_line(2, c, "mistake", 3.0, parse_card("2C")),
        t.review_mistake(1, None, [c], "A mistake."), t.grade_feedback("mistake", 3.0),
        t.warn_high_spade_queen_out(parse_card("KS")), t.warn_takes_points(parse_card("KD"), 3, [parse_card("2D")]),
        t.warn_breaks_hearts(parse_card("2H")), t.warn_breaks_hearts_own(parse_card("2H")),
        t.warn_moon_stopper(parse_card("AH"), "the player on your left", std), t.hint_only_card(c),
        t.hint_duck(parse_card("3C"), parse_card("9C")), t.hint_discard(c, 0), t.hint_discard_points(c, 0),
        t.hint_flush_queen(parse_card("2S")), t.hint_win_safely(parse_card("AC")),
        t.hint_win_bonus(parse_card("KD"), -10), t.hint_lead_low(parse_card("2D")),
        t.hint_generic(c), t.grade_best("the 2 of clubs", 3.0, 3), t.grade_cost("mistake", "the ace", 3.2, "the 2"),
        t.danger_unguarded_queen(parse_cards("2S 5S")), t.danger_high_spade(parse_card("AS"), 2, False),
        t.danger_high_spade(parse_card("KS"), 0, True), t.danger_high_heart(parse_card("KH")),
        t.danger_high_short_suit(parse_card("KD"), 1), t.danger_high_short_suit(parse_card("AC"), 0),
        t.temptation_flag(t.keep_queen_short(parse_cards("3S 4S"))), t.temptation_flag(t.pass_spade_guards(d)),
        *(template.replace("{}", "two other clubs are still out") for template in (
            t.reason_lead_queen(), t.reason_queen_catch(parse_card("2S"), parse_card("KS")),
            t.reason_void_lead(parse_card("2C"), parse_card("KD")), t.reason_lead_loses(parse_card("2C"), c),
            t.reason_cash_winner(parse_card("AC")), t.reason_lower_same_suit(parse_card("2C")),
            t.reason_keep_low_exit(parse_card("9C"), parse_card("2C")), t.reason_more_above(parse_card("2C")),
            t.reason_last_of_suit(parse_card("2C"), 0), t.reason_take_cheap_trick(parse_card("AC"), parse_card("2C")),
            t.reason_take_now(parse_card("AC"), 0, True), t.reason_take_now(parse_card("KC"), 0, False),
            t.reason_may_be_overtaken(parse_card("9C"), parse_card("KC")),
            t.reason_nobody_follows(parse_card("2C"), parse_card("5D"), True),
            t.reason_nobody_follows(parse_card("2C"), parse_card("5D"), False), t.reason_boss_now(parse_card("AC")))),
    ]


def test_messages_read_well():
    for msg in all_messages():
        assert msg.lstrip("0123456789. ")[0].isupper(), msg
        assert msg.rstrip().endswith((".", "?", "!")), msg
        assert "  " not in msg and " ." not in msg, msg
        assert not re.search(r"\b[2-9TJQKA][CDSH]\b", msg), f"card codes in {msg!r}"
        assert "_" not in msg, msg
        for word in JARGON:
            if re.search(rf"\b{word}", msg, re.IGNORECASE):
                assert "(" in msg or "moon" in msg or "stay under" in msg, f"{word!r} unexplained in {msg!r}"


def test_hint_counts_the_jack_of_diamonds() -> None:
    """Last to play on a trick holding the jack of diamonds (omnibus): winning it is worth 10 points, not free."""
    from hearts_tutor.coach.hints import explain_play
    from hearts_tutor.table.puzzle import PuzzleDeal

    deal = PuzzleDeal.load("omnibus_jack")
    why = explain_play(deal.view(), deal.exercise.answer[0])
    assert "jack of diamonds" in why and "10 points off" in why and "no points" not in why, why


@pytest.mark.parametrize("preset", ["standard", "omnibus", "cancellation"])
def test_coach_pass_explains_every_card_and_passes_its_own_review(preset: str) -> None:
    """The coach's reason names each card it passes, and its own pass never earns a danger flag from itself."""
    from hearts_tutor import HandState, Rules
    from hearts_tutor.coach import review_pass, suggest_pass
    from hearts_tutor.engine.cards import join_names

    rules = Rules.preset(preset)
    for seed in range(150):
        view = HandState.deal_random(rules, seed=seed, hand_number=0).view(0)
        cards, why = suggest_pass(view)
        for c in set(cards):
            assert join_names([c] * cards.count(c)) in why, (seed, cards, why)
        assert review_pass(view, cards).severity != "danger", (seed, cards, review_pass(view, cards).flags)


def test_no_warning_for_a_forced_card_and_first_trick_rule_without_the_queen() -> None:
    from hearts_tutor import HandState, Rules
    from hearts_tutor.coach import tutor_warning

    hands = ["2C AS 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD", "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
             "KD AD 2S 3S 4S 5S 6S 7S 9S TS JS QS KS", "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 8S"]
    state = HandState(Rules.preset("standard"), [parse_cards(h) for h in hands], pass_direction="keep")
    for code in ("2C", "2H", "KD", "AC", "8S"):
        state.play(parse_card(code))
    view = state.view(0)
    assert view.legal_plays() == [parse_card("AS")] and tutor_warning(view, parse_card("AS")) is None
    hands = ["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC", "QS 2H 3H 4H 5H 6H 7H 8H 9H 2D 3D 4D 5D",
             "6D 7D 8D 9D TD JD QD KD AD 2S 3S 4S 5S", "6S 7S 8S 9S TS JS KS AS TH JH QH KH AH"]
    state = HandState(Rules.preset("standard", queen_points=0), [parse_cards(h) for h in hands],
                      pass_direction="keep")
    state.play(parse_card("2C"))
    verdict = state.view(1).why_illegal(parse_card("2H"))
    assert verdict is not None and "queen" not in verdict.reason, verdict


def test_rules_of_thumb_carry_their_condition() -> None:
    """Issue 32: the queen with three guards is a close call, not 'danger' without a word; flushing the queen is
    advised only to a hand with no ace or king of spades of its own (the queen would be flushed onto it)."""
    from hearts_tutor.coach.hints import explain_play
    from hearts_tutor.table.puzzle import PuzzleDeal

    three = coach_text.keep_queen_short(parse_cards("AS 3S 4S"))
    assert "with three spades lower than her" in three and "the ace of spades above her cannot guard her" in three
    assert "above her" not in coach_text.keep_queen_short(parse_cards("2S 3S"))
    view = PuzzleDeal.load("flush_spades").view()  # no queen, king or ace of spades in hand: flush her
    assert "flushing" in explain_play(view, parse_card("JS"))
    # the same lead from a hand that holds the ace of spades: no advice to flush her onto it
    state = make_state("standard", {0: "AC AS 2S 3S 5D 6D 7D 8D 9D TD 2H 3H 4H", 1: "2C", 2: "3C", 3: "4C"},
                       plays="2C 3C 4C AC")
    assert state.view(0).my_turn and not state.view(0).trick
    why = explain_play(state.view(0), parse_card("2S"))
    assert "flushing" not in why, why


def test_taking_a_trick_now_is_explained_by_the_cards_above_it() -> None:
    """What makes a card win a trick of its suit anyway is how many cards above it are still out, not how many
    cards of the suit are (the puzzle once said 'two other clubs are still out, so the ace will likely win')."""
    from hearts_tutor.practice.bank import load_bank
    from hearts_tutor.practice.explain import puzzle_explanation

    said = puzzle_explanation(load_bank()["animal_table-1-52-p19"])
    assert "but no club higher than the jack of clubs is still out, so the jack of clubs will win a club trick" in said
    said = puzzle_explanation(load_bank()["cancellation-1-21-p23"])
    assert "one spade higher than the king of spades is still out, so the king of spades will likely win" in said


def test_a_king_with_the_ace_out_could_win_the_queens_trick_not_would() -> None:
    two, king = parse_cards("2S KS")
    assert "so the king of spades would win the spade trick" in coach_text.reason_queen_catch(two, king, True)
    assert "so the king of spades could win the spade trick" in coach_text.reason_queen_catch(two, king, False)


def test_the_queen_is_protected_by_the_spades_below_her() -> None:
    """5S TS QS AS: two spades lower than her protect the queen (the ace does not); the words once said 'only
    three other spades'."""
    from hearts_tutor.practice.bank import load_bank
    from hearts_tutor.practice.explain import puzzle_explanation

    said = puzzle_explanation(load_bank()["standard-7-220-pass2"])
    assert "The queen of spades: you hold only two spades lower than her to protect her" in said


def test_one_spade_above_the_queen_is_it_not_one_of_them() -> None:
    from hearts_tutor.practice.bank import load_bank
    from hearts_tutor.practice.explain import puzzle_explanation

    said = puzzle_explanation(load_bank()["animal_table-1-41-p32"])
    assert "one spade higher than the queen of spades is still out, so a player holding it with no lower" in said
