"""Constructed positions for tests: chosen cards for some seats, the rest of the deck filling the others."""

from __future__ import annotations

from hearts_tutor.batch.tournament import deal_for
from hearts_tutor.bots import make_bot
from hearts_tutor.engine.cards import cards_in, parse_cards
from hearts_tutor.engine.hand import HandState, Phase
from hearts_tutor.engine.record import HandRecord
from hearts_tutor.engine.rules import Rules


def make_state(rules: Rules | str, hands: dict[int, str], plays: str = "", *, direction: str = "keep",
               dealer: int = 0, hand_number: int = 0) -> HandState:
    """A hand where the given seats hold the given cards; the rest of the deck fills the other seats in order."""
    rules = Rules.preset(rules) if isinstance(rules, str) else rules
    fixed = {s: parse_cards(t) for s, t in hands.items()}
    pool = cards_in(rules.deck_mask) * rules.decks
    for cards in fixed.values():
        for c in cards:
            pool.remove(c)
    deal = []
    for s in range(rules.players):
        cards = list(fixed.get(s, []))
        while len(cards) < rules.hand_size:
            cards.append(pool.pop(0))
        deal.append(cards)
    state = HandState(rules, deal, kitty=pool, dealer=dealer, hand_number=hand_number, pass_direction=direction)
    for c in parse_cards(plays):
        state.play(c)
    return state


def bot_position(plays: int, preset: str = "standard", seed: int = 11, deal: int = 0) -> HandRecord:
    """A real position: easy bots pass and play ``plays`` cards; the record renumbered for the seat to move."""
    rules = Rules.preset(preset)
    state = deal_for(rules, seed, deal)
    bots = [make_bot("easy", seed=s) for s in range(rules.players)]
    if state.phase is Phase.PASS:
        for s in range(rules.players):
            state.pass_cards(s, bots[s].decide(state.view(s)).cards)
    for _ in range(plays):
        bots[state.to_move].decide(state.view(state.to_move)).apply(state)
    assert state.phase is Phase.PLAY
    return HandRecord.from_state(state).seen_from(state.to_move)


def table_pass_mistake(tries: int = 30) -> tuple[HandState, object]:
    """A fresh deal (pass left) and the coach's grade of passing seat 0's three lowest cards, the first deal where
    that pass is a mistake or a blunder (the kind of table move that becomes a review)."""
    from hearts_tutor.coach import grade_pass

    for seed in range(tries):
        state = HandState.deal_random(Rules.preset("standard"), seed=seed, hand_number=0)
        view = state.view(0)
        low = sorted(view.hand, key=lambda c: (c % 13, c))[:3]
        grade = grade_pass(view, low, seed=1, rollouts=60)
        if grade.band in ("mistake", "blunder"):
            return state, grade
    raise AssertionError(f"no pass mistake found in {tries} deals")
