"""Bots: no peeking, the seed-000 behaviours of each level, reasoning that names the choice, every preset."""

from __future__ import annotations

import random
import re

import pytest
from positions import make_state

from hearts_tutor.bots import LEVELS, make_bot
from hearts_tutor.bots.base import Decision
from hearts_tutor.engine.cards import HEARTS, QUEEN_OF_SPADES, SPADES, card_name, join_names, parse_card, parse_cards
from hearts_tutor.engine.hand import HandState, Phase
from hearts_tutor.engine.rules import PRESETS, Rules
from hearts_tutor.engine.sampling import sample_deal

STANDARD = Rules.preset("standard")


def bot_for(level: str, seed: int = 7):
    return make_bot(level, seed=seed, rollouts=12) if level == "expert" else make_bot(level, seed=seed)


def advance(state: HandState, rng: random.Random, plays: int) -> None:
    """Pass and play ``plays`` cards with easy bots (a position somewhere in a hand)."""
    easy = make_bot("easy", seed=rng.randrange(1000))
    if state.phase is Phase.PASS:
        for seat in range(state.n):
            state.pass_cards(seat, easy.decide(state.view(seat)).cards)
    for _ in range(plays):
        if state.phase is not Phase.PLAY:
            return
        easy.decide(state.view(state.to_move)).apply(state)


def names_choice(decision: Decision) -> bool:
    text = decision.steps[-1].text
    if decision.kind == "moon":
        return decision.choice is not None and ("add 26" in text or "subtract 26" in text)
    return join_names(decision.cards) in text  # "the 2 of clubs", "both 8s of hearts and the queen of spades"


# ----- no peeking -----

def reshuffled(state: HandState, seat: int, rng: random.Random) -> HandState:
    """Another full state giving ``seat`` exactly the same view: the others' current cards re-dealt at random,
    respecting the voids the play revealed and where ``seat``'s own pass went (the view's sampler)."""
    other = sample_deal(state.view(seat), rng)
    other.passes = list(state.passes)  # the public facts of the passing (who has passed) stay as they were
    other.received = list(state.received)
    return other


@pytest.mark.parametrize("level", LEVELS)
def test_no_bot_can_peek(level: str) -> None:
    """A decision and its reasoning depend only on the seat's view, not on the hidden cards."""
    rng = random.Random(11)
    differing = 0
    for trial in range(10 if level != "expert" else 5):
        rules = Rules.preset(["standard", "omnibus", "n_player"][trial % 3])
        state = HandState.deal_random(rules, rng.randrange(10**6), hand_number=trial)
        advance(state, rng, rng.randrange(0, 3 * rules.players + 1) if trial % 4 else 0)
        seat = state.to_move if state.phase is Phase.PLAY else trial % rules.players
        other = reshuffled(state, seat, rng)
        assert other.view(seat) == state.view(seat)
        differing += any(other.hands[s] != state.hands[s] for s in range(state.n) if s != seat)
        first = bot_for(level).decide(state.view(seat))
        second = bot_for(level).decide(other.view(seat))
        assert first == second, f"{level} decided differently on a reshuffle of the hidden cards"
    assert differing >= 3  # the reshuffles really moved hidden cards


def test_views_hold_no_hidden_cards() -> None:
    state = HandState.deal_random(STANDARD, 3, hand_number=3)
    view = state.view(0)
    hidden = set().union(*(state.hand_of(s) for s in (1, 2, 3)))
    seen = set(view.hand) | {c for _, c in view.plays()}
    assert not hidden & seen


# ----- seed 000: the levels' behaviours -----

def spade_trick_after_passing_the_queen() -> HandState:
    """Seat 0 passed the queen of spades to seat 3 (passing right); seat 2 leads a spade, seat 3 plays, then
    seat 0 (holding the ace and king of spades) and seat 1 are still to play."""
    seat0 = parse_cards("QS AS KS 5S 2H 3H 3C 4C 5C 2D 3D 4D 5D")
    rest = [c for c in range(52) if c not in seat0]
    fixed = {1: parse_cards("2C 6D 7D 8D"), 2: parse_cards("AC 3S"), 3: parse_cards("9S 6C")}
    free = [c for c in rest if not any(c in v for v in fixed.values())]
    deal = [seat0]
    for seat in (1, 2, 3):
        need = 13 - len(fixed[seat])
        deal.append(fixed[seat] + free[:need])
        free = free[need:]
    state = HandState(STANDARD, deal, hand_number=1)  # pass right
    assert state.pass_direction == "right"
    state.pass_cards(0, parse_cards("QS 2H 3H"))
    state.pass_cards(1, parse_cards("6D 7D 8D"))
    for seat in (2, 3):
        keep = {parse_card("AC"), parse_card("3S"), parse_card("9S"), parse_card("6C")}
        state.pass_cards(seat, [c for c in state.hand_of(seat) if c not in keep and c // 13 != SPADES][:3])
    state.play(parse_card("2C"))
    state.play(parse_card("AC"))
    state.play(parse_card("6C"))
    state.play(parse_card("3C"))
    assert state.to_move == 2
    state.play(parse_card("3S"))
    state.play(parse_card("9S"))
    assert state.to_move == 0 and state.holds(3, QUEEN_OF_SPADES)
    return state


def test_medium_plays_high_spade_safely_after_the_queens_receiver_has_played() -> None:
    state = spade_trick_after_passing_the_queen()
    decision = make_bot("medium", seed=1).decide(state.view(0))
    assert decision.card in parse_cards("AS KS")
    inferred = [s for s in decision.steps if s.kind == "inferred"]
    assert any(s.data.get("queen_of_spades") == {3: 1.0} for s in inferred)
    # easy does not remember its pass: the queen could still land on the trick, so it ducks
    assert make_bot("easy", seed=1).decide(state.view(0)).card == parse_card("5S")


def test_hard_infers_the_queen_away_from_a_spade_void() -> None:
    rng = random.Random(5)
    for _ in range(400):
        state = HandState.deal_random(STANDARD, rng.randrange(10**6), hand_number=3)
        advance(state, rng, 0)
        easy = make_bot("easy", seed=1)
        void_seat = None
        while state.phase is Phase.PLAY and void_seat is None:
            seat = state.to_move
            if (seat == 0 and state.trick and state.trick[0] // 13 == SPADES and state.tricks
                    and not state.holds(0, QUEEN_OF_SPADES) and QUEEN_OF_SPADES not in state.plays()):
                voids = [s for s in (1, 2, 3) if SPADES in state.view(0).voids(s)]
                if voids:
                    void_seat = voids[0]
                    break
            easy.decide(state.view(seat)).apply(state)
        if void_seat is None:
            continue
        decision = make_bot("hard", seed=1).decide(state.view(0))
        odds = [s.data["queen_of_spades"] for s in decision.steps if "queen_of_spades" in s.data]
        assert odds, "hard said nothing about the queen"
        assert odds[0][void_seat] == 0.0
        assert sum(odds[0].values()) == pytest.approx(1.0, abs=0.01)
        assert "no spades" in " ".join(s.text for s in decision.steps)
        return
    pytest.fail("no position with a revealed spade void found")


QUEEN_SHORT = parse_cards("QS 4S 2C 5C 8C 9C JC 7D 2H 3H 4H 6H 8H")


def pass_view(hand: list[int]):
    rest = [c for c in range(52) if c not in hand]
    deal = [hand, rest[:13], rest[13:26], rest[26:]]
    return HandState(STANDARD, deal, hand_number=0).view(0)


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_passes_the_short_queen(level: str) -> None:
    decision = bot_for(level).decide(pass_view(QUEEN_SHORT))
    assert QUEEN_OF_SPADES in decision.cards


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_medium_and_up_void_a_singleton_suit(level: str) -> None:
    decision = make_bot(level, seed=1).decide(pass_view(QUEEN_SHORT))
    assert parse_card("7D") in decision.cards  # a diamond void to throw the bad cards on
    doubleton = parse_cards("9D KD 3C 6C 8C TC QC 2S 5S 9S 2H 5H 7H")
    decision = make_bot(level, seed=1).decide(pass_view(doubleton))
    assert set(parse_cards("9D KD")) <= set(decision.cards)


def test_easy_does_not_plan_voids() -> None:
    doubleton = parse_cards("9D KD 3C 6C 8C TC QC 2S 5S 9S 2H 5H 7H")
    decision = make_bot("easy", seed=1).decide(pass_view(doubleton))
    assert parse_card("9D") not in decision.cards  # it just passes its highest cards


def test_medium_leads_spades_to_flush_the_queen() -> None:
    rng = random.Random(2)
    found = 0
    for _ in range(300):
        state = HandState.deal_random(STANDARD, rng.randrange(10**6), hand_number=3)
        advance(state, rng, 4)
        view = state.view(state.to_move)
        spades = [c for c in view.legal_plays() if c // 13 == SPADES]
        if (state.trick or not spades or max(spades) >= QUEEN_OF_SPADES
                or QUEEN_OF_SPADES in view.hand or QUEEN_OF_SPADES in state.plays()):
            continue
        found += 1
        assert make_bot("medium", seed=1).decide(view).card // 13 == SPADES
        if found == 5:
            return
    pytest.fail("too few positions found")


# ----- reasoning -----

@pytest.mark.parametrize("rules_name", ["standard", "cancellation", "omnibus"])
def test_every_decision_explains_itself_and_names_the_choice(rules_name: str) -> None:
    rules = Rules.preset(rules_name)
    state = HandState.deal_random(rules, 4, hand_number=0)
    bots = [make_bot("expert", seed=s, rollouts=3) if s % 4 == 3 else bot_for(LEVELS[s % 4], seed=s)
            for s in range(rules.players)]
    count = 0
    while state.phase is not Phase.DONE:
        seats = [s for s in range(state.n) if state.passes[s] is None] if state.phase is Phase.PASS else [
            state.to_move]
        for seat in seats:
            decision = bots[seat].decide(state.view(seat))
            assert decision.steps and decision.steps[-1].kind == "chose"
            assert {s.kind for s in decision.steps} <= {"observed", "inferred", "considered", "chose"}
            assert names_choice(decision), decision.steps[-1].text
            assert decision.level == bots[seat].level
            decision.apply(state)
            count += 1
    assert count >= rules.hand_size * rules.players


def claims_checked(rules: Rules, deals: int) -> dict[str, int]:
    """Play ``deals`` hands with easy, medium, hard and expert seats and check what their reasoning claims
    against the true deal (which the test sees and the bots do not); how many claims of each kind were checked."""
    checked = dict.fromkeys(("queen gone", "queen odds", "nobody shown out", "empties", "must take", "wording"), 0)
    for deal in range(deals):
        state = HandState.deal_random(rules, 100 + deal, hand_number=0)
        bots = [bot_for(LEVELS[(s + deal) % 4], seed=s) for s in range(rules.players)]
        while state.phase is not Phase.DONE:
            seat = next(s for s in range(state.n) if state.passes[s] is None) if state.phase is Phase.PASS \
                else state.to_move
            view = state.view(seat)
            decision = bots[seat].decide(view)
            played = [c for _, c in view.plays()]
            for text in (step.text for step in decision.steps):
                if re.search(r"queens? of spades (has|have) already been played", text):
                    assert played.count(QUEEN_OF_SPADES) == rules.decks, text
                    checked["queen gone"] += 1
                if "in the kitty" in text:
                    assert QUEEN_OF_SPADES in state.kitty, text
                    checked["queen gone"] += 1
                if text.startswith(("Who holds the queen of spades:", "Both queens of spades are unseen")):
                    for other, pct in re.findall(r"seat (\d+)(?: \([a-z ]+\))? (\d+)%", text):
                        holds = QUEEN_OF_SPADES in state.hand_of(int(other))
                        assert not (pct == "0" and holds) and not (pct == "100" and not holds), text
                        checked["queen odds"] += 1
                shown = re.search(r"nobody has shown out of (\w+)", text)
                if shown:
                    suit = ("clubs", "diamonds", "spades", "hearts").index(shown.group(1))
                    assert not any(suit in view.voids(s) for s in range(state.n) if s != seat), text
                    checked["nobody shown out"] += 1
                assert "-0.0" not in text and "is the queen of spades, worth" not in text, text
                assert not re.search(r"\([^)]*\(", text), f"brackets inside brackets: {text}"
                checked["wording"] += 1
            final = decision.steps[-1].text
            if decision.kind == "pass":
                kept = list(view.hand)
                for c in decision.cards:
                    kept.remove(c)
                for suit, name in enumerate(("clubs", "diamonds", "spades", "hearts")):
                    if re.search(rf"empt(y|ies) my {name}", final):
                        assert not any(c // 13 == suit for c in kept), final
                        checked["empties"] += 1
                state.pass_cards(seat, decision.cards)
                continue
            if "must take this trick" in final:
                lower = [c for c in view.legal_plays() if c // 13 == view.trick[0] // 13 and c < max(
                    c for c in view.trick if c // 13 == view.trick[0] // 13)]
                assert not lower or rules.decks == 2, final
                checked["must take"] += 1
            assert "I must not feed hearts" not in final and "I keep it." not in final, final
            decision.apply(state)
    return checked


@pytest.mark.parametrize(("rules", "deals"), [(STANDARD, 8), (Rules.preset("omnibus"), 4),
                                              (Rules.preset("cancellation", players=11), 3),
                                              (Rules.preset("cancellation", players=6), 3)])
def test_reasoning_claims_are_true_in_the_real_deal(rules: Rules, deals: int) -> None:
    checked = claims_checked(rules, deals)
    assert checked["queen gone"] and checked["queen odds"] and checked["wording"] > 100, checked


def test_moon_choice_names_the_choice() -> None:
    rules = Rules.preset("n_player")
    state = HandState.deal_random(rules, 1, hand_number=3 if rules.pass_direction(3) == "keep" else 0)
    view = state.view(0)
    from dataclasses import replace

    moon_view = replace(view, phase=Phase.MOON, to_move=0, scores=(90, 10, 20))
    for level in LEVELS:
        decision = bot_for(level).decide(moon_view)
        assert decision.kind == "moon" and decision.choice in ("add_to_others", "subtract_from_self")
        assert names_choice(decision)


@pytest.mark.parametrize("level", LEVELS)
def test_forced_move_is_played(level: str) -> None:
    state = HandState.deal_random(STANDARD, 9, hand_number=3)
    view = state.view(state.to_move)
    decision = bot_for(level).decide(view)
    assert decision.card == parse_card("2C")
    assert "only card" in decision.steps[-1].text


# ----- every preset -----

@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_bots_finish_hands_on_every_preset(preset: str) -> None:
    from hearts_tutor.batch.tournament import run_tournament

    rules = Rules.preset(preset)
    result = run_tournament(["easy", "medium", "hard"], 3, rules=rules, seed=1)
    assert result.hands == 3
    assert sum(st.n for st in result.by_bot.values()) == 3 * rules.players


def test_expert_plays_two_decks_and_the_jack() -> None:
    from hearts_tutor.batch.tournament import run_tournament

    for preset in ("cancellation", "omnibus"):
        result = run_tournament(["expert", "easy"], 1, rules=preset, seed=2,
                                bot_options={"expert": {"rollouts": 2}})
        assert result.hands == 1


def test_hard_wins_the_jack_when_it_can_safely() -> None:
    rules = Rules.preset("omnibus")
    rng = random.Random(8)
    checked = 0
    for _ in range(500):
        state = HandState.deal_random(rules, rng.randrange(10**6), hand_number=3)
        advance(state, rng, rng.randrange(4, 30))
        if state.phase is not Phase.PLAY or len(state.trick) != 3:
            continue
        jd = parse_card("JD")
        legal = state.legal_plays()
        if jd not in state.trick or not any(c // 13 == 1 and c > max(x for x in state.trick if x // 13 == 1)
                                             for c in legal):
            continue
        if any(c >= 39 or c == QUEEN_OF_SPADES for c in state.trick) or state.trick[0] // 13 != 1:
            continue
        decision = make_bot("hard", seed=1).decide(state.view(state.to_move))
        assert decision.card // 13 == 1 and decision.card > max(x for x in state.trick if x // 13 == 1)
        checked += 1
        if checked == 3:
            return
    assert checked, "no jack position found"


def test_expert_searches_moon_positions_and_passes_moon_hands_as_the_hard_level() -> None:
    """The rollouts' players play moons both ways (bots/rollout_moon.py), so the expert judges moon positions by
    its search; a hand strong enough to shoot still passes as the hard level does."""
    from hearts_tutor.bots.heuristic import am_shooting, possible_shooter

    moon_hand = make_state(STANDARD, {0: "AH KH QH JH 2H 3H AC KC AD KD AS KS QC"}, direction="left").view(0)
    expert, hard = make_bot("expert", seed=3, rollouts=12), make_bot("hard", seed=3)
    assert expert.decide(moon_hand).cards == hard.decide(moon_hand).cards
    found = 0
    for seed in range(60):
        state = HandState.deal_random(STANDARD, seed, hand_number=3)
        bots = [make_bot("easy", seed=s) for s in range(4)]
        while state.phase is Phase.PLAY and found < 3:
            view = state.view(state.to_move)
            if len(view.legal_plays()) > 1 and (possible_shooter(view) is not None or am_shooting(view)):
                decision = expert.decide(view)
                assert decision.level == "expert" and card_name(decision.card) in decision.steps[-1].text
                assert any("Expected points" in step.text for step in decision.steps)
                found += 1
                break
            bots[state.to_move].decide(view).apply(state)
    assert found == 3, "no moon position found to check"


# ----- the hard level stops moons -----

# Seat 0 holds the top clubs and wins the first three tricks; seat 1, out of clubs, throws two hearts on them.
# So seat 0 has every point so far (two) and every trick: maybe shooting the moon, too early to be sure.
MOON_WATCH = {
    0: "AC KC QC JC AH QH JH TH 9H AD KD AS KS",
    1: "3C 8H 7H KH 5H 4H 2D 3D 4D 5D 2S 3S 4S",
    2: "4C 5C 7C 9C TC 6D 7D 8D 9D 5S 6S 7S 8S",
    3: "2C 6C 8C QD TD JD 9S TS JS QS 2H 3H 6H",
}
MOON_WATCH_TRICKS = "2C AC 3C 4C  KC 8H 5C 6C  QC 7H 7C 8C"


def test_hard_keeps_its_heart_stopper_while_one_player_has_every_point() -> None:
    view = make_state(STANDARD, MOON_WATCH, MOON_WATCH_TRICKS + " AH").view(1)
    assert view.hearts_taken == (2, 0, 0, 0)
    decision = make_bot("hard", seed=1).decide(view)
    # the king of hearts is the one card that can still win a heart trick from seat 0
    assert decision.card == parse_card("5H")
    text = " ".join(s.text for s in decision.steps)
    assert "seat 0" in text and "moon" in text
    # the medium level does not watch for moons: it gets rid of the king under the ace
    assert make_bot("medium", seed=1).decide(view).card == parse_card("KH")


def test_hard_feeds_no_hearts_to_a_possible_shooter() -> None:
    view = make_state(STANDARD, MOON_WATCH, MOON_WATCH_TRICKS + " JC").view(1)  # the jack of clubs will win
    decision = make_bot("hard", seed=1).decide(view)
    assert decision.card // 13 != HEARTS, f"{card_name(decision.card)} feeds a heart to the possible shooter"
    assert make_bot("medium", seed=1).decide(view).card == parse_card("KH")


def test_hard_leads_a_heart_the_shooter_cannot_win() -> None:
    """Seat 0 has taken the queen and every other point; seat 1 wins the lead and cashes the ace of hearts,
    the one heart seat 0 cannot beat: taking that one trick stops the moon."""
    hands = {
        0: "AC KC QC JC KH QH JH TH 9H 5D KD AS KS",
        1: "3C AH 8H 7H 5H 4H 2D 3D 4D AD 2S 3S 4S",
        2: "4C 5C 7C 9C TC 6D 7D 8D 9D 5S 7S 8S 9S",
        3: "2C 6C 8C QS TD JD QD 2H 3H 6H 6S TS JS",
    }
    view = make_state(STANDARD, hands, "2C AC 3C 4C  KC 8H 5C 6C  QC 7H 7C 8C  JC 2D 9C QS  5D AD 6D TD").view(1)
    assert view.leader == 1 and view.queens_taken[0] == 1
    decision = make_bot("hard", seed=1).decide(view)
    assert decision.card == parse_card("AH")
    assert "moon" in decision.steps[-1].text


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_a_high_spade_passed_with_the_queen_is_said_to_go_with_her(level: str) -> None:
    """Holding the ace, queen and 2 of spades, each level passes the queen and the ace; its words say the ace
    goes with her (it could be the card she is dropped on), not that other spades keep it safe."""
    state = make_state("standard", {0: "AS QS 2S 3C 5C 8C TC QC 3D 6D 9D JD 2H"}, direction="left")
    said = make_bot(level, seed=1).decide(state.view(0)).summary()
    assert "the ace of spades goes with the queen: with her gone, it could be the card she is dropped on" in said
    assert "enough other spades" not in said and ", but" not in said


def test_a_low_heart_passed_is_called_low() -> None:
    """An easy bot with only low cards passes its hearts (2-5): its words call them low, not middling."""
    state = make_state("standard", {0: "2C 3C 4C 2D 3D 4D 2S 3S 4S 5S 3H 4H 5H"}, direction="left")
    decision = make_bot("easy", seed=1).decide(state.view(0))
    assert set(decision.cards) & set(parse_cards("3H 4H 5H")), decision.summary()
    assert "a low heart" in decision.summary() and "middling heart" not in decision.summary()
