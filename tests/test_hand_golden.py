"""Hand-written deals for every rule of SPEC section 3 and every preset, with the expected outcome worked out by
hand (never by the engine): who leads, the legal cards, the rule that forbids a card and its sentence, trick
winners, cancellation and the kitty, the moon, the sweep and the clean-hand bonus.

Deals are written per seat; a test plays them with a per-seat order of preference (the first legal card in
the list, else the lowest legal card), so each trick below can be followed by hand.
"""

from __future__ import annotations

import copy

import pytest

from hearts_tutor.engine.cards import cards_in, parse_card, parse_cards
from hearts_tutor.engine.hand import HandState, IllegalMove, Phase
from hearts_tutor.engine.rules import Rules


def C(text: str) -> int:
    return parse_card(text)


def hand_from(rules: Rules, seats: list[str], *, kitty: str = "", **kw: object) -> HandState:
    """A hand from each seat's cards written out (a keep hand unless ``pass_direction`` says otherwise)."""
    kw.setdefault("pass_direction", "keep")
    return HandState(rules, [parse_cards(s) for s in seats], kitty=parse_cards(kitty), **kw)  # type: ignore[arg-type]


def legal(state: HandState) -> list[str]:
    return [str_card(c) for c in state.legal_plays()]


def str_card(c: int) -> str:
    return "23456789TJQKA"[c % 13] + "CDSH"[c // 13]


def play_out(state: HandState, prefs: dict[int, str] | None = None, *, tricks: int | None = None) -> None:
    """Play each seat's first legal card of its preference list (else its lowest legal card)."""
    order = {seat: parse_cards(text) for seat, text in (prefs or {}).items()}
    while state.phase is Phase.PLAY and (tricks is None or len(state.tricks) < tricks):
        mask = state.legal_mask()
        choice = next((c for c in order.get(state.to_move, []) if mask >> c & 1), None)
        state.play(choice if choice is not None else cards_in(mask)[0])


def snapshot(state: HandState) -> dict[str, object]:
    """Every slot of the state, deep-copied (the legal-card cache filled first, as any query fills it)."""
    state.legal_mask()
    return {name: copy.deepcopy(getattr(state, name)) for name in HandState.__slots__}


STANDARD = Rules.preset("standard")

# ---------------------------------------------------------------------------------------------------------
# D1: seat 0 holds every club, so it leads and wins all 13 tricks and takes every card: moon and sweep.
# Seat 3 holds only hearts and the queen of spades, so it may play any of them on the first trick.
D1 = ["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
      "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
      "2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS 2H",
      "QS 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"]

# D2: seat 1 leads the 2C, seat 0 wins tricks 1-12 with clubs (seats 2 and 3 throw every heart and the queen on
# them, seat 1 all its diamonds but the ace, the jack included), then leads the 2D and seat 1 wins the last trick
# with the ace of diamonds: seat 0 shoots the moon without a sweep.
D2 = ["3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 2D",
      "2C 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
      "2S 3S 4S 5S 6S 7S 8S 9S TS JS 2H 3H 4H",
      "QS KS AS 5H 6H 7H 8H 9H TH JH QH KH AH"]
D2_PREFS = {2: "2S 4H 3H 2H 3S 4S 5S 6S 7S 8S 9S TS JS", 3: "KS QS 5H 6H 7H 8H 9H TH JH QH KH AH AS"}
# The same deal, but seat 3 keeps the ace of hearts for the last trick: seat 1 takes it, no moon.
D2_NO_MOON_PREFS = {2: D2_PREFS[2], 3: "KS QS AS 5H 6H 7H 8H 9H TH JH QH KH AH"}


class TestFirstLead:
    def test_lowest_club_must_lead_and_names_the_card(self) -> None:
        h = hand_from(STANDARD, D2)
        assert h.to_move == 1 and legal(h) == ["2C"]
        v = h.why_illegal(C("3D"))
        assert v is not None and v.rule == "first_lead_lowest_club" and "2 of clubs" in v.reason

    def test_any_club_may_open(self) -> None:
        h = hand_from(Rules.preset("deluxe"), ["3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 2D", *D2[1:]])
        h2 = hand_from(Rules.preset("deluxe"), ["2C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 2D",
                                                "3C 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD", *D2[2:]])
        assert h.to_move == 1 and legal(h) == ["2C"]  # the 2C is the holder's only club
        assert h2.to_move == 0 and legal(h2) == [f"{r}C" for r in "2456789TJQKA"]
        v = h2.why_illegal(C("2D"))
        assert v is not None and v.rule == "first_lead_club" and "club" in v.reason

    def test_left_of_dealer_leads_no_heart_or_queen(self) -> None:
        rules = STANDARD.replace(first_lead="left_of_dealer")
        h = hand_from(rules, D2, dealer=2)
        assert h.to_move == 3 and legal(h) == ["KS", "AS"]
        v = h.why_illegal(C("5H"))
        assert v is not None and v.rule == "first_lead_no_points"
        assert "heart or the queen of spades" in v.reason
        assert h.why_illegal(C("QS")) == v
        only_points = hand_from(rules, D1, dealer=2)  # seat 3 holds nothing but hearts and the queen
        assert only_points.to_move == 3 and len(legal(only_points)) == 13

    def test_rotate_leader_is_hand_number_mod_players(self) -> None:
        rules = STANDARD.replace(first_lead="rotate")
        for number, leader in [(0, 0), (5, 1), (7, 3), (10, 2)]:
            h = hand_from(rules, D2, hand_number=number, dealer=3)
            assert h.to_move == leader
        h = hand_from(rules, D2, hand_number=7)
        assert legal(h) == ["KS", "AS"]


# DL: seat 1 leads the 2C, seat 0 wins trick 1 with its only club, then leads trick 2 holding diamonds, the
# queen of spades and three small hearts.
DL = ["AC 3D 4D 5D 6D QS JD QD KD AD 2H 3H 4H",
      "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2D",
      "7D 8D 9D TD 2S 3S 4S 5S 6S 7S 8S 9S TS",
      "JS KS AS 5H 6H 7H 8H 9H TH JH QH KH AH"]
# DQ: the same, but seat 0 holds only hearts and the queen once its club is gone.
DQ = ["AC QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
      "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2D",
      "3D 4D 5D 6D 7D 8D 9D TD JD QD KD 2S 3S",
      "AD 4S 5S 6S 7S 8S 9S TS JS KS AS KH AH"]


class TestFirstTrick:
    def test_follow_suit(self) -> None:
        h = hand_from(STANDARD, DL)
        h.play(C("2C"))
        assert legal(h) == ["7D", "8D", "9D", "TD", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS"]
        h.play(C("7D"))
        assert legal(h) == ["JS", "KS", "AS"]  # void in clubs: no heart on the first trick
        v = h.why_illegal(C("5H"))
        assert v is not None and v.rule == "first_trick_no_points" and "first trick" in v.reason
        h.play(C("JS"))
        assert h.to_move == 0 and legal(h) == ["AC"]
        v = h.why_illegal(C("2H"))
        assert v is not None and v.rule == "follow_suit" and "clubs were led" in v.reason
        h.play(C("AC"))
        assert h.tricks[0].winner == 0 and h.to_move == 0 and h.raw_points() == [0, 0, 0, 0]

    def test_points_allowed_on_the_first_trick(self) -> None:
        h = hand_from(STANDARD.replace(first_trick_points="allowed"), DL)
        h.play(C("2C"))
        h.play(C("7D"))
        assert len(legal(h)) == 13

    def test_only_hearts_and_the_queen_may_be_played(self) -> None:
        h = hand_from(STANDARD, D1)
        h.play(C("2C"))
        h.play(C("2D"))
        assert legal(h) == ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "KS", "AS"]
        v = h.why_illegal(C("2H"))
        assert v is not None and v.rule == "first_trick_no_points"
        h.play(C("2S"))
        assert legal(h) == ["QS", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH"]
        h.play(C("QS"))
        assert h.tricks[0].winner == 0 and h.raw_points() == [13, 0, 0, 0] and h.hearts_broken

    def test_spade_lead_on_the_first_trick(self) -> None:
        rules = STANDARD.replace(first_lead="left_of_dealer")
        # DL with seat 0's 4H and seat 2's 2S swapped: seat 0 holds the queen and the 2 of spades.
        deal = [DL[0].replace("4H", "2S"), DL[1], DL[2].replace("2S", "4H"), DL[3]]
        h = hand_from(rules, deal, dealer=1)
        assert h.to_move == 2 and "4H" not in legal(h) and len(legal(h)) == 12
        h.play(C("3S"))
        assert legal(h) == ["JS", "KS", "AS"]
        h.play(C("JS"))
        assert legal(h) == ["2S"]  # the queen is a spade, but a point card on the first trick
        v = h.why_illegal(C("QS"))
        assert v is not None and v.rule == "first_trick_no_points"
        # With only the queen in the led suit she must follow, first trick or not.
        g = hand_from(rules, D1, dealer=1)  # seat 2 (spades) leads; seat 3 holds QS and hearts
        g.play(C("5S"))
        assert legal(g) == ["QS"]
        assert g.why_illegal(C("3H")).rule == "follow_suit"  # type: ignore[union-attr]


class TestLeadingLater:
    def _after_first_trick(self, rules: Rules, deal: list[str]) -> HandState:
        h = hand_from(rules, deal)
        play_out(h, {1: "2C", 2: "7D 3D", 3: "JS AS"}, tricks=1)
        assert h.tricks[0].winner == 0 and h.to_move == 0
        return h

    def test_hearts_may_not_be_led_before_broken(self) -> None:
        h = self._after_first_trick(STANDARD, DL)
        assert legal(h) == ["3D", "4D", "5D", "6D", "JD", "QD", "KD", "AD", "QS"]
        v = h.why_illegal(C("2H"))
        assert v is not None and v.rule == "hearts_not_broken"
        assert "heart or the queen of spades has been played" in v.reason

    def test_queen_lead_before_broken_false(self) -> None:
        h = self._after_first_trick(STANDARD.replace(queen_lead_before_broken=False), DL)
        assert legal(h) == ["3D", "4D", "5D", "6D", "JD", "QD", "KD", "AD"]
        v = h.why_illegal(C("QS"))
        assert v is not None and v.rule == "queen_lead_not_broken" and "queen of spades" in v.reason
        assert h.why_illegal(C("2H")).rule == "hearts_not_broken"  # type: ignore[union-attr]

    def test_hearts_lead_before_broken_true(self) -> None:
        h = self._after_first_trick(STANDARD.replace(hearts_lead_before_broken=True), DL)
        assert len(legal(h)) == 12 and not h.hearts_broken

    def test_only_hearts_and_the_queen_left(self) -> None:
        h = self._after_first_trick(STANDARD, DQ)
        assert legal(h) == ["QS"]  # the queen may be led; hearts may not while she is there
        assert self._after_first_trick(STANDARD.replace(queen_lead_before_broken=False), DQ).legal_mask() == (
            h.hands[0])  # the queen leads like a heart: nothing else held, so anything goes
        h2 = self._after_first_trick(STANDARD.replace(hearts_lead_before_broken=True), DQ)
        assert len(legal(h2)) == 12

    @pytest.mark.parametrize(("preset", "broken"), [("standard", True), ("animal_table", False)])
    def test_queen_breaks_hearts(self, preset: str, broken: bool) -> None:
        rules = Rules.preset(preset, pass_cycle=("keep",))
        h = self._after_first_trick(rules, DL)
        h.play(C("QS"))  # seat 0 leads the queen; seat 1 has no spade
        h.play(C("3C"))
        h.play(C("2S"))
        h.play(C("KS"))  # seat 3 threw its JS on trick 1; the king beats the queen and takes her
        assert h.tricks[1].winner == 3 and h.raw_points() == [0, 0, 0, 13]
        assert h.hearts_broken is broken
        assert h.to_move == 3 and ("5H" in legal(h)) is broken
        if not broken:
            v = h.why_illegal(C("5H"))
            assert v is not None and v.rule == "hearts_not_broken" and "a heart has been played" in v.reason

    def test_a_heart_discard_breaks_hearts(self) -> None:
        h = self._after_first_trick(STANDARD, DL)
        h.play(C("3D"))
        h.play(C("2D"))
        h.play(C("8D"))
        h.play(C("5H"))  # seat 3 is void in diamonds
        assert h.hearts_broken and h.tricks[1].winner == 2 and h.raw_points() == [0, 0, 1, 0]


class TestMoonSweepBonus:
    @pytest.mark.parametrize(("rules", "points"), [
        (STANDARD, [0, 26, 26, 26]),
        (Rules.preset("omnibus"), [-10, 26, 26, 26]),
        (STANDARD.replace(moon="subtract_from_self"), [-26, 0, 0, 0]),
        (Rules.preset("deluxe"), [-36, 0, 0, 0]),
        (Rules.preset("duell"), [0, 52, 52, 52]),
        (Rules.preset("duell", jack_points=-10), [-10, 52, 52, 52]),
        (STANDARD.replace(clean_hand_bonus="no_tricks"), [0, 26, 26, 26]),
        (Rules.preset("duell", clean_hand_bonus="no_points"), [0, 52, 52, 52]),
    ])
    def test_one_seat_takes_every_trick(self, rules: Rules, points: list[int]) -> None:
        h = hand_from(rules, D1)
        play_out(h)
        assert [t.winner for t in h.tricks] == [0] * 13
        assert h.phase is Phase.DONE and h.points() == points
        assert h.raw_points() == [26 + rules.jack_points, 0, 0, 0]

    @pytest.mark.parametrize(("rules", "points"), [
        (STANDARD, [0, 26, 26, 26]),
        (Rules.preset("duell"), [0, 26, 26, 26]),  # not a sweep: seat 1 took the last trick
        (Rules.preset("omnibus"), [-10, 26, 26, 26]),
        (STANDARD.replace(moon="subtract_from_self"), [-26, 0, 0, 0]),
        (Rules.preset("deluxe"), [-36, 0, 0, 0]),
        (STANDARD.replace(clean_hand_bonus="no_tricks"), [0, 26, 26, 26]),
        (STANDARD.replace(clean_hand_bonus="no_points"), [0, 26, 26, 26]),
    ])
    def test_moon_without_sweep(self, rules: Rules, points: list[int]) -> None:
        h = hand_from(rules, D2)
        play_out(h, D2_PREFS)
        assert [t.winner for t in h.tricks] == [0] * 12 + [1]
        assert h.tricks[12].cards == tuple(parse_cards("2D AD JS AS"))
        assert h.points() == points
        assert h.result().shooter == 0 and h.result().sweeper is None

    @pytest.mark.parametrize(("jack", "choice", "points"), [
        (0, "add_to_others", [0, 26, 26, 26]), (0, "subtract_from_self", [-26, 0, 0, 0]),
        (-10, "add_to_others", [-10, 26, 26, 26]), (-10, "subtract_from_self", [-36, 0, 0, 0]),
    ])
    def test_shooter_chooses(self, jack: int, choice: str, points: list[int]) -> None:
        h = hand_from(STANDARD.replace(moon="shooter_chooses", jack_points=jack), D2)
        play_out(h, D2_PREFS)
        assert h.phase is Phase.MOON and h.to_move == 0
        assert h.points() == [26 + jack, 0, 0, 0]  # raw until the shooter has chosen
        with pytest.raises(IllegalMove) as bad:
            h.choose_moon("double")
        assert bad.value.rule == "bad_moon_choice" and h.phase is Phase.MOON
        h.choose_moon(choice)
        assert h.phase is Phase.DONE and h.points() == points and h.result().moon_choice == choice
        with pytest.raises(IllegalMove) as again:
            h.choose_moon(choice)
        assert again.value.rule == "no_moon_choice"

    def test_sweep_replaces_the_moon_choice(self) -> None:
        h = hand_from(Rules.preset("duell", moon="shooter_chooses"), D1)
        play_out(h)
        assert h.phase is Phase.DONE and h.points() == [0, 52, 52, 52]

    def test_the_jack_is_not_needed_for_the_moon(self) -> None:
        deal = ["3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC JD",
                "2C 2D 3D 4D 5D 6D 7D 8D 9D TD QD KD AD", *D2[2:]]
        for rules, points in [(Rules.preset("omnibus"), [0, 16, 26, 26]), (Rules.preset("deluxe"), [-26, -10, 0, 0])]:
            h = hand_from(rules, deal)
            play_out(h, D2_PREFS)
            assert h.tricks[12].cards == tuple(parse_cards("JD AD JS AS")) and h.tricks[12].winner == 1
            assert h.points() == points

    @pytest.mark.parametrize(("rules", "points"), [
        (STANDARD, [25, 1, 0, 0]),
        (STANDARD.replace(clean_hand_bonus="no_tricks"), [25, 1, -5, -5]),
        (STANDARD.replace(clean_hand_bonus="no_points"), [25, 1, -5, -5]),
        (Rules.preset("omnibus", clean_hand_bonus="no_points"), [15, 1, -5, -5]),
    ])
    def test_no_moon_and_clean_hand_bonus(self, rules: Rules, points: list[int]) -> None:
        h = hand_from(rules, D2)
        play_out(h, D2_NO_MOON_PREFS)
        assert h.tricks[12].cards == tuple(parse_cards("2D AD JS AH"))
        assert h.result().shooter is None and h.points() == points

    def test_queen_switched_off_moon_needs_only_hearts(self) -> None:
        rules = STANDARD.replace(queen_points=0)
        h = hand_from(rules, D2)
        play_out(h, D2_PREFS)
        assert h.points() == [0, 26, 26, 26]
        h = hand_from(rules, D2)
        play_out(h, {2: D2_PREFS[2], 3: "KS 5H 6H 7H 8H 9H TH JH QH KH AH AS QS"})  # the queen goes to seat 1
        assert h.tricks[12].cards == tuple(parse_cards("2D AD JS QS"))
        assert h.raw_points() == [13, 0, 0, 0] and h.points() == [0, 26, 26, 26]


# Cancellation, six players: 17 cards each, two left over in the kitty (6C and AH). Seat 0 leads (left of
# dealer 5). Trick 1 is 9C 9C 5C 5C 3C 3C: every club cancels, nobody takes it and seat 0 leads again. Trick 2:
# seat 0's AC wins over 2C 2C 4C 4C 6C and takes trick 1, trick 2 and the kitty. Seat 0 then wins every trick
# with its clubs and the ace of diamonds; seats 1-5 throw diamonds, then spades (seat 3: hearts), keeping a
# heart (seat 3: the queen of spades). Trick 17 is QS by seat 0, the other QS by seat 3 and four hearts: the
# queens cancel, no spade is left, nobody takes the last trick.
CANCEL = ["9C AC AC KC KC QC QC JC JC TC TC 8C 8C 7C 7C AD QS",
          "9C 2C 2D 2D 3D 3D 4D 2S 2S 3S 3S 4S 2H 2H 3H 3H 4H",
          "5C 2C 4D 5D 5D 6D 6D 4S 5S 5S 6S 6S 4H 5H 5H 6H 6H",
          "5C 4C 7D 7D 8D 8D 9D QS 7S 7S 8S 8S 7H 7H 8H 8H 9H",
          "3C 4C 9D TD TD JD JD 9S 9S TS TS JS 9H TH TH JH JH",
          "3C 6C QD QD KD KD AD JS KS KS AS AS QH QH KH KH AH"]
CANCEL_PREFS = {0: "9C AC AC KC KC QC QC JC JC TC TC 8C 8C 7C 7C AD QS", 1: "9C", 2: "5C",
                3: "5C 4C 7D 7D 8D 8D 9D 7H 7H 8H 8H 9H 7S 7S 8S 8S QS"}


class TestCancellation:
    rules = Rules.preset("cancellation", players=6)

    def test_layout(self) -> None:
        assert (self.rules.hand_size, self.rules.kitty_size, self.rules.tricks_per_hand) == (17, 2, 17)

    def test_cancelled_tricks_carried_and_the_last_one_lost(self) -> None:
        h = hand_from(self.rules, CANCEL, kitty="6C AH", dealer=5)
        assert h.to_move == 0
        play_out(h, CANCEL_PREFS, tricks=1)
        assert h.tricks[0].cards == tuple(parse_cards("9C 9C 5C 5C 3C 3C")) and h.tricks[0].winner is None
        assert h.to_move == 0 and h.leader == 0 and sum(h.tricks_won) == 0
        play_out(h, CANCEL_PREFS, tricks=2)
        assert h.tricks[1].cards == tuple(parse_cards("AC 2C 2C 4C 4C 6C")) and h.tricks[1].winner == 0
        assert sorted(h.won[0]) == sorted(parse_cards("9C 9C 5C 5C 3C 3C AC 2C 2C 4C 4C 6C 6C AH"))
        assert h.hearts_taken == [1, 0, 0, 0, 0, 0] and h.tricks_won[0] == 1
        play_out(h, CANCEL_PREFS)
        last = h.tricks[16]
        assert last.leader == 0 and last.cards[0] == C("QS") and last.cards[3] == C("QS") and last.winner is None
        assert [t.winner for t in h.tricks[1:16]] == [0] * 15
        assert h.phase is Phase.DONE and h.points() == [22, 0, 0, 0, 0, 0]
        assert sum(len(w) for w in h.won) == 104 - 6 and h.queens_taken == [0] * 6

    def test_kitty_goes_to_the_first_tricks_winner(self) -> None:
        h = hand_from(self.rules, CANCEL, kitty="6C AH", dealer=5)
        play_out(h, {0: "AC", 1: "9C", 2: "5C", 3: "5C"}, tricks=1)  # AC 9C 5C 5C 3C 3C: the pairs cancel
        assert h.tricks[0].winner == 0 and h.hearts_taken[0] == 1
        assert sorted(h.won[0]) == sorted(parse_cards("AC 9C 5C 5C 3C 3C 6C AH"))

    def test_highest_uncancelled_card_wins(self) -> None:
        h = hand_from(self.rules, CANCEL, kitty="6C AH", dealer=5)
        play_out(h, {0: "9C", 1: "2C"}, tricks=1)  # 9C 2C 5C 5C 3C 3C: the 9 is the highest single club
        assert h.tricks[0].winner == 0
        g = hand_from(self.rules, CANCEL, kitty="6C AH", dealer=5)
        play_out(g, {0: "9C", 1: "9C", 2: "2C", 3: "5C"}, tricks=1)  # 9C 9C 2C 5C 3C 3C: the nines cancel
        assert g.tricks[0].cards == tuple(parse_cards("9C 9C 2C 5C 3C 3C")) and g.tricks[0].winner == 3
        assert g.to_move == 3 and g.hearts_taken[3] == 1  # and the kitty's ace of hearts

    def test_first_lead_left_of_dealer_no_points(self) -> None:
        h = hand_from(self.rules, CANCEL, kitty="6C AH", dealer=5)
        assert "QS" not in legal(h) and "AD" in legal(h)
        v = h.why_illegal(C("QS"))
        assert v is not None and v.rule == "first_lead_no_points"


@pytest.mark.parametrize(("players", "removed", "size", "opener"), [
    (3, ["2D"], 17, "2C"), (4, [], 13, "2C"), (5, ["2C", "2D"], 10, "3C"),
    (6, ["3C", "4C", "2D", "3D"], 8, "2C"), (7, ["3C", "2D", "3D"], 7, "2C"),
])
def test_player_counts(players: int, removed: list[str], size: int, opener: str) -> None:
    rules = Rules.preset("n_player", players=players)
    assert rules.removed_cards_text == removed and rules.hand_size == size and rules.kitty_size == 0
    rest = [c for c in range(52) if str_card(c) not in removed and str_card(c) != opener]
    assert len(rest) == players * size - 1
    deal = [rest[i * size:(i + 1) * size] for i in range(players - 1)] + [[*rest[(players - 1) * size:], C(opener)]]
    h = HandState(rules, deal, pass_direction="keep")
    assert h.to_move == players - 1 and legal(h) == [opener]
    v = h.why_illegal(deal[-1][0])
    assert v is not None and v.rule == "first_lead_lowest_club" and f"the {opener[0]} of clubs" in v.reason
    for card in removed:
        bad = [[C(card) if c == C("AH") else c for c in d] for d in deal]
        with pytest.raises(ValueError, match=f"{card} is not in play with {players} players"):
            HandState(rules, bad, pass_direction="keep")
    for seed in range(20):
        dealt = HandState.deal_random(rules, seed)
        every = sorted(c for s in range(players) for c in dealt.hand_of(s))
        assert every == sorted([*rest, C(opener)])


class TestIllegalChangesNothing:
    def test_illegal_plays(self) -> None:
        h = hand_from(STANDARD, DL)
        h.play(C("2C"))
        before = snapshot(h)
        for card, rule in [(C("AC"), "not_in_hand"), (C("2C"), "not_in_hand"), (99, "not_a_card"),
                           (-1, "not_a_card"), ("2C", "not_a_card")]:
            with pytest.raises(IllegalMove) as e:
                h.play(card)  # type: ignore[arg-type]
            assert e.value.rule == rule, card
            assert snapshot(h) == before
        h.play(C("7D"))
        before = snapshot(h)
        with pytest.raises(IllegalMove) as e:
            h.play(C("QH"))
        assert e.value.rule == "first_trick_no_points" and e.value.card == C("QH") and snapshot(h) == before
        assert h.why_illegal(C("JS"), seat=1) == ("not_your_turn", "It is seat 3's turn to play.")

    def test_illegal_passes(self) -> None:
        h = hand_from(STANDARD, DL, pass_direction="left")
        assert h.phase is Phase.PASS
        with pytest.raises(IllegalMove) as e:
            h.play(C("2C"))
        assert e.value.rule == "passing_phase"
        h.pass_cards(0, parse_cards("QS AD KD"))
        before = snapshot(h)
        for seat, cards, rule, words in [
            (0, "2H 3H 4H", "already_passed", "already passed"),
            (1, "2C 3C", "pass_count", "exactly 3 cards, not 2"),
            (1, "2C 3C 4C 5C", "pass_count", "exactly 3 cards, not 4"),
            (1, "2C 3C AH", "pass_not_held", "the ace of hearts"),
            (1, "2C 2C 3C", "pass_not_held", "the 2 of clubs"),
            (4, "2C 3C 4C", "no_such_seat", "seat 4"),
        ]:
            with pytest.raises(IllegalMove) as e:
                h.pass_cards(seat, parse_cards(cards))
            assert e.value.rule == rule and words in e.value.reason, (cards, e.value.reason)
            assert snapshot(h) == before
        with pytest.raises(IllegalMove) as e:
            h.pass_cards(1, [0, 1, 60])
        assert e.value.rule == "not_a_card" and snapshot(h) == before

    def test_pass_in_a_keep_hand_and_after_the_pass(self) -> None:
        keep = hand_from(STANDARD, DL)
        with pytest.raises(IllegalMove) as e:
            keep.pass_cards(0, parse_cards("QS AD KD"))
        assert e.value.rule == "no_passing"
        h = hand_from(STANDARD, DL, pass_direction="right")
        for seat, cards in enumerate(["QS AD KD", "QC KC 2D", "TS 9S 8S", "AH KH QH"]):
            h.pass_cards(seat, parse_cards(cards))
        assert h.phase is Phase.PLAY
        with pytest.raises(IllegalMove) as e:
            h.pass_cards(0, parse_cards("2H 3H 4H"))
        assert e.value.rule == "not_passing_phase"

    def test_hand_over(self) -> None:
        h = hand_from(STANDARD, D1)
        play_out(h)
        before = snapshot(h)
        with pytest.raises(IllegalMove) as e:
            h.play(C("2C"))
        assert e.value.rule == "hand_over" and snapshot(h) == before


def test_passing_exchanges_simultaneously_in_each_direction() -> None:
    passes = ["QS AD KD", "QC KC 2D", "TS 9S 8S", "AH KH QH"]
    for direction, offset in [("left", 1), ("right", 3), ("across", 2)]:
        h = hand_from(STANDARD, DL, pass_direction=direction)
        for seat in range(3):
            h.pass_cards(seat, parse_cards(passes[seat]))
            assert h.phase is Phase.PASS and h.hand_of(seat) == sorted(parse_cards(DL[seat]))
        h.pass_cards(3, parse_cards(passes[3]))
        for seat in range(4):
            source = (seat - offset) % 4
            expected = (set(parse_cards(DL[seat])) - set(parse_cards(passes[seat]))) | set(parse_cards(passes[source]))
            assert set(h.hand_of(seat)) == expected and h.received[seat] == tuple(sorted(parse_cards(passes[source])))
        assert h.to_move == next(s for s in range(4) if C("2C") in h.hand_of(s))


def test_presets_match_the_spec() -> None:
    p = {name: Rules.preset(name) for name in
         ("standard", "animal_table", "deluxe", "omnibus", "duell", "cancellation", "n_player")}
    s = p["standard"]
    assert (s.players, s.pass_cycle, s.first_lead, s.first_trick_points, s.queen_breaks_hearts, s.moon, s.target) == (
        4, ("left", "right", "across", "keep"), "lowest_club", "forbidden", True, "add_to_others", 100)
    assert p["animal_table"].pass_cycle == ("left", "across", "right", "keep")
    assert p["animal_table"].queen_breaks_hearts is False
    d = p["deluxe"]
    assert (d.first_lead, d.queen_lead_before_broken, d.jack_points, d.moon, d.end) == (
        "any_club", False, -10, "subtract_from_self", "exceed")
    assert p["omnibus"].jack_points == -10 and p["omnibus"].replace(jack_points=0) == s
    assert (p["duell"].sweep, p["duell"].end, p["duell"].hands) == ("plus_52", "hands", 4)
    c = p["cancellation"]
    assert (c.decks, c.players, c.pass_cycle, c.first_lead, c.first_trick_points, c.moon, c.target) == (
        2, 8, ("left", "right"), "left_of_dealer", "allowed", "shooter_chooses", 150)
    n = p["n_player"]
    assert (n.players, n.decks, n.pass_cycle, n.first_lead, n.moon) == (
        3, 1, ("left", "right"), "lowest_club", "shooter_chooses")


def test_the_tables_trick_sentences_count_what_goes_with_a_trick() -> None:
    """Cancellation: the cancelled first trick's cards and the kitty (the ace of hearts) go with trick 2, and the
    table says so with their points; a cancelled trick says where its cards go; the cancelled last trick's cards
    go to nobody."""
    from hearts_tutor.table.helpers import trick_sentence

    rules = TestCancellation.rules
    names = ["you", "A", "B", "C", "D", "E"]
    h = hand_from(rules, CANCEL, kitty="6C AH", dealer=5)
    play_out(h, CANCEL_PREFS, tricks=1)
    assert trick_sentence(h.tricks, h.kitty, rules, names) == (
        " The trick cancelled out: nobody wins it. Its cards stay for the winner of the next trick, and you lead "
        "again.")
    play_out(h, CANCEL_PREFS, tricks=2)
    assert trick_sentence(h.tricks, h.kitty, rules, names) == (
        " You take the trick and the kitty and the cancelled trick's cards (+1 point).")
    play_out(h, CANCEL_PREFS)
    assert trick_sentence(h.tricks, h.kitty, rules, names) == " The last trick cancelled out: nobody takes its cards."
