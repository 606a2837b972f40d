"""The player view: what one seat may know, the inferences from the plays, and samples of the unseen cards."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

from hearts_tutor.engine.cards import CLUBS, DIAMONDS, HEARTS, SPADES, SUIT_MASKS, parse_card, parse_cards
from hearts_tutor.engine.hand import HandState, Phase
from hearts_tutor.engine.rules import Rules
from hearts_tutor.engine.sampling import sample_deal

# Seat 1 leads the 2C; seat 2 and seat 3 are void in clubs (seat 3 holds only spades above the jack and hearts).
DL = ["AC 3D 4D 5D 6D QS JD QD KD AD 2H 3H 4H",
      "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2D",
      "7D 8D 9D TD 2S 3S 4S 5S 6S 7S 8S 9S TS",
      "JS KS AS 5H 6H 7H 8H 9H TH JH QH KH AH"]


def C(text: str) -> int:
    return parse_card(text)


def hand(deal: list[str], rules: Rules | None = None, **kw: object) -> HandState:
    kw.setdefault("pass_direction", "keep")
    return HandState(rules or Rules.preset("standard"), [parse_cards(s) for s in deal], **kw)  # type: ignore[arg-type]


def test_view_holds_own_cards_and_public_facts_only() -> None:
    h = hand(DL)
    for c in parse_cards("2C 7D JS"):
        h.play(c)
    v = h.view(0)
    assert v.hand == tuple(sorted(parse_cards(DL[0]))) and v.my_turn and v.legal == 1 << C("AC")
    assert v.trick == tuple(parse_cards("2C 7D JS")) and v.trick_seats == [1, 2, 3]
    assert v.hand_sizes == (13, 12, 12, 12) and v.kitty is None and v.kitty_size == 0
    names = {f.name for f in dataclasses.fields(v)}
    assert not names & {"hands", "deal", "doubles", "won", "history", "passes"}
    other = h.view(2)
    assert other.legal == 0 and not other.my_turn and other.hand == tuple(sorted(parse_cards(DL[2])[1:]))


def test_inferences_from_the_first_trick() -> None:
    h = hand(DL)
    for c in parse_cards("2C 7D JS AC"):
        h.play(c)
    v = h.view(0)
    assert v.voids(2) == [CLUBS] and v.voids(3) == [CLUBS]
    # seat 3 threw a spade on the first trick while void in clubs, so it might still hold hearts: no more
    assert v.excluded[3] == SUIT_MASKS[CLUBS]
    assert v.voids(0) == [] and v.voids(1) == []


def test_inference_from_a_heart_lead_on_the_first_trick() -> None:
    deal = ["2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
            "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2D",
            "3D 4D 5D 6D 7D 8D 9D TD JD QD KD 2S 3S",
            "AC AD 4S 5S 6S 7S 8S 9S TS JS KS AS QS"]
    h = hand(deal, Rules.preset("standard", first_lead="left_of_dealer"), dealer=3)
    h.play(C("2H"))  # left of the dealer may lead a heart only when holding nothing but hearts and the queen
    v = h.view(1)
    assert v.excluded[0] == ((1 << 52) - 1) & ~(SUIT_MASKS[HEARTS] | 1 << C("QS"))
    assert v.voids(0) == [CLUBS, DIAMONDS]


def test_passed_cards_are_known_to_be_with_the_receiver() -> None:
    h = hand(DL, pass_direction="left")
    passes = ["QS AD KD", "QC KC 2D", "TS 9S 8S", "AH KH QH"]
    for seat, cards in enumerate(passes):
        h.pass_cards(seat, parse_cards(cards))
    v = h.view(0)
    assert v.passed == tuple(sorted(parse_cards(passes[0]))) and v.received == tuple(sorted(parse_cards(passes[3])))
    assert v.known_holder() == dict.fromkeys(parse_cards(passes[0]), 1)
    rng = random.Random(1)
    for _ in range(20):
        s = sample_deal(v, rng)
        assert {C("QS"), C("AD"), C("KD")} <= set(s.hand_of(1))
        assert s.hand_of(0) == h.hand_of(0)


def test_samples_respect_voids_and_keep_the_legal_cards() -> None:
    h = hand(DL)
    for c in parse_cards("2C 7D JS AC"):
        h.play(c)
    v = h.view(0)
    rng = random.Random(3)
    deals = set()
    for _ in range(30):
        s = sample_deal(v, rng)
        assert not s.hands[2] & SUIT_MASKS[CLUBS] and not s.hands[3] & SUIT_MASKS[CLUBS]
        assert s.legal_mask() == h.legal_mask() and s.tricks == h.tricks
        deals.add(tuple(s.hands))
    assert len(deals) > 1, "the sampler always deals the same cards"
    # everything seat 1 could be given: all the clubs left are its (seats 2 and 3 are void)
    for s in (sample_deal(v, random.Random(k)) for k in range(10)):
        assert s.hands[1] & SUIT_MASKS[CLUBS] == SUIT_MASKS[CLUBS] & ~(1 << C("2C") | 1 << C("AC"))


def _cancellation_hand_with_the_kitty_copy_played() -> HandState:
    """Six players, two decks; the kitty holds 6C and AH, and seat 5 throws the other AH on a cancelled trick 1."""
    rules = Rules.preset("cancellation", players=6)
    fixed = {0: ["9C"], 1: ["9C"], 2: ["5C"], 3: ["5C"], 4: [], 5: ["AH"]}
    rest = Counter({c: 2 for c in range(52)})
    rest.subtract(Counter([C("6C"), C("AH"), *(C(x) for cards in fixed.values() for x in cards)]))
    pool = sorted(rest.elements(), key=lambda c: (c // 13 != 0, c))  # clubs first
    deal: list[list[int]] = [[C(x) for x in fixed[s]] for s in range(6)]
    for seat in [0, 1, 2, 3, 4, 5]:
        while len(deal[seat]) < 17:
            card = next(c for c in pool if seat < 4 or c // 13 != CLUBS)
            pool.remove(card)
            deal[seat].append(card)
    h = HandState(rules, deal, kitty=[C("6C"), C("AH")], dealer=5, pass_direction="keep")
    for c, seat in zip(parse_cards("9C 9C 5C 5C"), range(4), strict=True):
        assert h.to_move == seat
        h.play(c)
    h.play(next(c for c in h.legal_plays() if c // 13 == SPADES))
    h.play(C("AH"))
    assert h.tricks[0].winner is None and h.to_move == 0
    return h


def test_face_down_kitty_stays_hidden_when_its_twin_is_played() -> None:
    h = _cancellation_hand_with_the_kitty_copy_played()
    played = Counter(h.tricks[0].cards)
    for seat in range(6):
        v = h.view(seat)
        assert Counter(v.carried) == played, "the view shows the face-down kitty among the carried cards"
        assert v.kitty is None
        s = sample_deal(v, random.Random(seat))
        assert Counter(s.kitty) + Counter(s.tricks[0].cards) + sum(
            (Counter(s.hand_of(p)) for p in range(6)), Counter[int]()) == Counter({c: 2 for c in range(52)})
        assert s.points() == h.points() and s.phase is Phase.PLAY


def test_sampled_states_are_complete_hands() -> None:
    for name in ("standard", "cancellation", "n_player"):
        h = HandState.deal_random(Rules.preset(name), 7)
        for seat in range(h.n):
            s = sample_deal(h.view(seat), random.Random(seat))
            assert [slot for slot in HandState.__slots__ if not hasattr(s, slot)] == []
            assert s.copy().legal_mask() == s.legal_mask() and s.phase is h.phase


def test_void_odds_empty_suits_that_often_and_never_break_a_known_fact() -> None:
    h = HandState.deal_random(Rules.preset("standard"), 11, hand_number=0)  # a pass to the left
    for seat in range(4):
        h.pass_cards(seat, h.hand_of(seat)[-3:])
    v = h.view(h.to_move)
    target = v.pass_target()
    others = [s for s in range(4) if s != v.seat]
    rng = random.Random(2)
    trials = 300
    voids = Counter[int]()
    for suit, odds in ((CLUBS, {s: [0.5, 0.0, 0.0, 0.0] for s in others}),
                       (DIAMONDS, {s: [0.0, 1.0, 0.0, 0.0] for s in others})):  # all three: impossible
        for _ in range(trials):
            s = sample_deal(v, rng, void_odds=odds)
            assert s.hand_of(v.seat) == h.hand_of(v.seat) and s.legal_mask() == h.legal_mask()
            assert sorted(c for seat in range(4) for c in s.hand_of(seat)) == list(range(52))
            assert all(s.holds(target, c) for c in v.passed or ()), "the receiver lost a card I passed it"
            voids[suit] += sum(1 for seat in others if not s.hands[seat] & SUIT_MASKS[suit])
    assert 0.35 < voids[CLUBS] / (3 * trials) < 0.65, "seats should be void in clubs about half the time"
    assert voids[DIAMONDS] == 2 * trials, "as many diamond voids as a deal allows: two seats of three"
    plain = sum(1 for k in range(trials) for seat in others
                if not sample_deal(v, random.Random(k)).hands[seat] & SUIT_MASKS[CLUBS])
    assert plain / (3 * trials) < 0.1, "without void odds, club voids are rare"


def test_beliefs_expect_voids_only_after_a_pass_and_only_in_unshown_side_suits() -> None:
    from hearts_tutor.bots.heuristic import VOID_AFTER_PASS, Beliefs

    keep = hand(DL)
    assert Beliefs(keep.view(0)).void_odds() == {}, "no pass, no reason to expect a void"
    h = HandState.deal_random(Rules.preset("standard"), 4, hand_number=0)
    for seat in range(4):
        h.pass_cards(seat, h.hand_of(seat)[:3])
    while len(h.tricks) < 1:
        h.play(h.legal_plays()[0])
    v = h.view(h.to_move)
    odds = Beliefs(v).void_odds()
    known = v.known_holder()
    for seat in range(4):
        row = odds.get(seat, [0.0] * 4)
        assert row[SPADES] == row[HEARTS] == 0.0
        if seat == v.seat:
            assert seat not in odds
            continue
        assert row[CLUBS] == 0.0, "everybody has shown a club or a void on the first trick"
        shown = any(c // 13 == DIAMONDS for p, c in v.plays() if p == seat) or any(
            c // 13 == DIAMONDS and holder == seat for c, holder in known.items())
        assert row[DIAMONDS] == (0.0 if shown or DIAMONDS in v.voids(seat) else VOID_AFTER_PASS)
