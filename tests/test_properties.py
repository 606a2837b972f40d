"""Property tests over random hands of every preset and every player count (3-11).

The scoring, trick winners and card bookkeeping are re-derived here from the tricks alone (a few lines each), so
the engine is checked against an independent statement of SPEC section 3, not against itself.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from hearts_tutor.batch.bench import random_card
from hearts_tutor.engine.cards import cards_in
from hearts_tutor.engine.hand import HandState, IllegalMove, Phase
from hearts_tutor.engine.record import HandRecord
from hearts_tutor.engine.rules import MOON_CHOICES, Rules
from hearts_tutor.engine.sampling import sample_deal

CONFIGS = [(name, 4) for name in ("standard", "animal_table", "deluxe", "omnibus", "duell")]
CONFIGS += [(name, 6) for name in ("standard", "deluxe", "duell")]
CONFIGS += [("n_player", n) for n in range(3, 8)]
CONFIGS += [("cancellation", n) for n in range(6, 12)]
CONFIGS += [("standard_variants", 4)]  # the options no preset turns on
CONFIGS += [("cancellation_variants", 8)]

configs = st.sampled_from(CONFIGS)
seeds = st.integers(0, 2**32 - 1)
QS, JD = 36, 22


def make_rules(name: str, players: int, rng: random.Random) -> Rules:
    if name == "standard_variants":
        return Rules.preset("standard", clean_hand_bonus=rng.choice(["no_tricks", "no_points"]),
                            queen_points=rng.choice([13, 0]), moon=rng.choice(["shooter_chooses", "add_to_others"]),
                            hearts_lead_before_broken=rng.random() < 0.5, first_lead="rotate",
                            sweep=rng.choice(["none", "plus_52"]), jack_points=rng.choice([0, -10]))
    if name == "cancellation_variants":
        return Rules.preset("cancellation", players=players, first_trick_points="forbidden", first_lead="rotate",
                            jack_points=-10, clean_hand_bonus="no_points", queen_lead_before_broken=False)
    return Rules.preset(name, players=players)


def deal(name: str, players: int, seed: int) -> tuple[HandState, random.Random]:
    rng = random.Random(seed)
    rules = make_rules(name, players, rng)
    h = HandState.deal_random(rules, rng, dealer=rng.randrange(players), hand_number=rng.randrange(8))
    return h, rng


def deck_multiset(rules: Rules) -> Counter[int]:
    return Counter(cards_in(rules.deck_mask) * rules.decks)


def held(h: HandState, seat: int) -> Counter[int]:
    return Counter(h.hand_of(seat))


def step(h: HandState, rng: random.Random) -> None:
    """One random legal action: a pass, a play or the moon choice."""
    if h.phase is Phase.PASS:
        seat = rng.choice([s for s in range(h.n) if h.passes[s] is None])
        h.pass_cards(seat, rng.sample(h.hand_of(seat), h.rules.pass_count))
    elif h.phase is Phase.PLAY:
        h.play(random_card(h.legal_mask(), rng))
    else:
        h.choose_moon(rng.choice(MOON_CHOICES))


def snapshot(h: HandState) -> dict[str, object]:
    h.legal_mask()  # fill the legal-card cache first, as any query does
    return {name: copy.deepcopy(getattr(h, name)) for name in HandState.__slots__}


def expected_winner(cards: tuple[int, ...], leader: int, n: int) -> int | None:
    """The highest card of the led suit that no identical card cancelled; None if there is none."""
    led = cards[0] // 13
    counts = Counter(cards)
    best = max((c for c in cards if c // 13 == led and counts[c] == 1), default=None)
    return None if best is None else (leader + cards.index(best)) % n


def taken_by_seat(h: HandState) -> tuple[list[Counter[int]], list[int], Counter[int]]:
    """Cards taken per seat, tricks won per seat, and the cards nobody took (a lost last trick)."""
    taken = [Counter[int]() for _ in range(h.n)]
    won = [0] * h.n
    pile = Counter(h.kitty)
    for t in h.tricks:
        pile.update(t.cards)
        if t.winner is not None:
            taken[t.winner].update(pile)
            won[t.winner] += 1
            pile = Counter()
    return taken, won, pile


def expected_points(h: HandState) -> list[int]:
    r, n = h.rules, h.n
    taken, won, _ = taken_by_seat(h)
    hearts = [sum(v for c, v in t.items() if c >= 39) for t in taken]
    queens = [t[QS] for t in taken]
    jacks = [t[JD] * r.jack_points for t in taken]
    raw = [hearts[s] + queens[s] * r.queen_points + jacks[s] for s in range(n)]
    if h.phase is not Phase.DONE:
        return raw
    sweepers = [s for s in range(n) if won[s] == r.tricks_per_hand]
    if r.sweep == "plus_52" and sweepers:
        return [jacks[s] + (0 if s == sweepers[0] else 52) for s in range(n)]
    shooters = [s for s in range(n) if hearts[s] == 13 * r.decks and (not r.queen_points or queens[s] == r.decks)]
    if shooters:
        mode = h.moon_choice if r.moon == "shooter_chooses" else r.moon
        if mode == "add_to_others":
            return [jacks[s] if s == shooters[0] else raw[s] + 26 for s in range(n)]
        return [jacks[s] - 26 if s == shooters[0] else raw[s] for s in range(n)]
    if r.clean_hand_bonus == "no_tricks":
        return [raw[s] - 5 * (won[s] == 0) for s in range(n)]
    if r.clean_hand_bonus == "no_points":
        return [raw[s] - 5 * (hearts[s] == 0 and (not r.queen_points or not queens[s])
                              and (not r.jack_points or not jacks[s])) for s in range(n)]
    return raw


def check_cards_conserved(h: HandState) -> None:
    in_hands = sum((held(h, s) for s in range(h.n)), Counter[int]())
    played = Counter(c for t in h.tricks for c in t.cards) + Counter(h.trick)
    assert in_hands + played + Counter(h.kitty) == deck_multiset(h.rules)
    taken, _, lost = taken_by_seat(h)
    assert [Counter(w) for w in h.won] == taken
    if h.phase is Phase.PLAY:
        assert Counter(h.carried) == lost
    assert sum(taken, Counter[int]()) + lost + Counter(h.trick) == played + Counter(h.kitty)


@settings(max_examples=60)
@given(configs, seeds)
def test_random_hands_finish_with_exact_bookkeeping(config: tuple[str, int], seed: int) -> None:
    h, rng = deal(*config, seed)
    r = h.rules
    deck = deck_multiset(r)
    assert sum((held(h, s) for s in range(h.n)), Counter[int]()) + Counter(h.kitty) == deck
    assert all(len(h.hand_of(s)) == r.hand_size for s in range(h.n)) and len(h.kitty) == r.kitty_size
    actions = 0
    while h.phase is not Phase.DONE:
        step(h, rng)
        actions += 1
        assert actions <= h.n + r.cards_in_play + 1, "the hand does not finish"
        check_cards_conserved(h)
        assert h.raw_points() == expected_points(h) or h.phase is Phase.DONE
    assert len(h.tricks) == r.tricks_per_hand
    for t in h.tricks:
        assert len(t.cards) == h.n
        assert t.winner == expected_winner(t.cards, t.leader, h.n)
        if t.winner is not None:
            assert t.cards[(t.winner - t.leader) % h.n] // 13 == t.cards[0] // 13
    for before, after in zip(h.tricks, h.tricks[1:], strict=False):
        assert after.leader == (before.leader if before.winner is None else before.winner)
    points = h.points()
    assert points == expected_points(h)
    _, _, lost = taken_by_seat(h)
    result = h.result()
    if result.sweeper is not None:
        assert sum(points) == 52 * (h.n - 1) + r.decks * r.jack_points
    elif result.shooter is not None:
        shot = 26 * (h.n - 1) if result.moon_choice == "add_to_others" else -26
        assert sum(points) == shot + r.decks * r.jack_points
    elif not lost:
        total = r.decks * (13 + r.queen_points + r.jack_points)
        assert sum(points) == total + sum(result.bonus) and sum(h.raw_points()) == total


@settings(max_examples=40)
@given(configs, seeds)
def test_illegal_actions_change_nothing_and_are_explained(config: tuple[str, int], seed: int) -> None:
    h, rng = deal(*config, seed)
    while h.phase is not Phase.DONE:
        if h.phase is Phase.PLAY and rng.random() < 0.3:
            seat, legal_mask = h.to_move, h.legal_mask()
            for c in set(h.hand_of(seat)):
                verdict = h.why_illegal(c)
                assert (verdict is None) == bool(legal_mask >> c & 1), (c, verdict)
                assert verdict is None or verdict.reason
            illegal = [c for c in range(52) if not legal_mask >> c & 1]
            if illegal:
                before = snapshot(h)
                c = rng.choice(illegal)
                try:
                    h.play(c)
                except IllegalMove as e:
                    assert e.rule == (h.why_illegal(c) or (None, ""))[0] and e.card == c
                else:
                    raise AssertionError(f"an illegal card was accepted: {c}")
                assert snapshot(h) == before
        if h.phase is Phase.PASS and rng.random() < 0.5:
            seat = next(s for s in range(h.n) if h.passes[s] is None)
            before = snapshot(h)
            absent = [c for c in range(52) if c not in h.hand_of(seat)]
            bad = rng.choice([h.hand_of(seat)[:h.rules.pass_count - 1], [*h.hand_of(seat)[1:h.rules.pass_count],
                                                                         rng.choice(absent)]])
            try:
                h.pass_cards(seat, bad)
            except IllegalMove as e:
                assert e.rule in ("pass_count", "pass_not_held")
            else:
                raise AssertionError(f"an illegal pass was accepted: {bad}")
            assert snapshot(h) == before
        step(h, rng)


@settings(max_examples=40)
@given(configs, seeds, st.integers(0, 200))
def test_records_round_trip_and_replay(config: tuple[str, int], seed: int, stop: int) -> None:
    h, rng = deal(*config, seed)
    for _ in range(stop):
        if h.phase is Phase.DONE:
            break
        step(h, rng)
    text = json.dumps(HandRecord.from_state(h).to_json())
    again = HandRecord.from_json(text).to_state()
    a, b = snapshot(again), snapshot(h)
    assert {k: v for k, v in a.items() if k != "history"} == {k: v for k, v in b.items() if k != "history"}
    # passes are simultaneous: a record keeps them by seat, not in the order they were chosen
    assert sorted(x for x in again.history if x.kind == "pass") == sorted(x for x in h.history if x.kind == "pass")
    assert [x for x in again.history if x.kind != "pass"] == [x for x in h.history if x.kind != "pass"]
    assert HandRecord.from_json(text).to_json() == json.loads(text)


@settings(max_examples=30)
@given(configs, seeds)
def test_same_seed_same_hand(config: tuple[str, int], seed: int) -> None:
    a, rng_a = deal(*config, seed)
    b, rng_b = deal(*config, seed)
    assert a.deal == b.deal and a.kitty == b.kitty
    while a.phase is not Phase.DONE:
        step(a, rng_a)
        step(b, rng_b)
    assert a.history == b.history and a.points() == b.points()
    assert HandState.deal_random(a.rules, seed).deal == HandState.deal_random(a.rules, seed).deal


@settings(max_examples=25)
@given(configs, seeds)
def test_undo_restores_the_previous_state(config: tuple[str, int], seed: int) -> None:
    h, rng = deal(*config, seed)
    while h.phase is not Phase.DONE:
        if rng.random() < 0.15:
            before = snapshot(h)
            step(h, rng)
            last = h.history[-1]
            assert h.undo() == last
            assert snapshot(h) == before
        step(h, rng)


def check_view(h: HandState, view, seat: int) -> None:  # type: ignore[no-untyped-def]
    """Every card in the view is the seat's own, its own pass, public, or the kitty once taken."""
    played = Counter(c for t in h.tricks for c in t.cards) + Counter(h.trick)
    assert Counter(view.hand) == held(h, seat)
    assert view.passed == h.passes[seat]
    assert view.received == (h.received[seat] if h.phase is not Phase.PASS else ())
    assert view.trick == tuple(h.trick) and list(view.tricks) == h.tricks
    assert Counter(view.carried) <= played, f"face-down kitty cards show among the carried cards: {view.carried}"
    first_taken = any(t.winner is not None for t in h.tricks)
    assert view.kitty == (h.kitty if first_taken else None)
    if h.rules.decks == 1:
        hidden = set().union(*(set(h.hand_of(s)) for s in range(h.n) if s != seat)) - set(h.passes[seat] or ())
        shown = {*view.hand, *(view.passed or ()), *view.received, *view.trick, *view.carried,
                 *(c for t in view.tricks for c in t.cards), *(view.kitty or ())}
        assert not hidden & shown
    for s in range(h.n):
        assert not h.hands[s] & view.excluded[s], f"seat {s} holds a card the view says it cannot"


def check_sample(h: HandState, view, seat: int, rng: random.Random) -> None:  # type: ignore[no-untyped-def]
    s = sample_deal(view, rng)
    n = h.n
    assert Counter(s.hand_of(seat)) == held(h, seat)
    assert s.tricks == h.tricks and s.trick == h.trick and (s.leader, s.to_move) == (h.leader, h.to_move)
    assert s.hearts_broken == h.hearts_broken and s.phase is h.phase
    assert (s.hearts_taken, s.queens_taken, s.jacks_taken, s.tricks_won) == (
        h.hearts_taken, h.queens_taken, h.jacks_taken, h.tricks_won)
    assert [len(s.hand_of(p)) for p in range(n)] == [len(h.hand_of(p)) for p in range(n)]
    total = sum((held(s, p) for p in range(n)), Counter[int]()) + Counter(s.kitty)
    total += Counter(c for t in s.tricks for c in t.cards) + Counter(s.trick)
    assert total == deck_multiset(h.rules)
    if h.phase is not Phase.PASS:
        for p in range(n):
            if p != seat:
                assert not s.hands[p] & view.excluded[p], f"the sample gives seat {p} a card it cannot hold"
        if h.passes[seat]:
            receiver = h.pass_target(seat)
            for c, k in Counter(h.passes[seat]).items():
                replayed = sum(1 for t in h.tricks for i, x in enumerate(t.cards)
                               if x == c and (t.leader + i) % n == receiver)
                replayed += sum(1 for i, x in enumerate(h.trick) if x == c and (h.leader + i) % n == receiver)
                assert held(s, receiver)[c] >= k - replayed, "the seat's passed card is not with the receiver"
    if h.phase is Phase.PLAY and h.to_move == seat:
        assert s.legal_mask() == h.legal_mask()
    while s.phase is Phase.PLAY:  # a sample plays on to the end like any hand
        s.play(random_card(s.legal_mask(), rng))


@settings(max_examples=100)
@given(configs, seeds)
def test_views_hold_no_hidden_card_and_samples_agree_with_them(config: tuple[str, int], seed: int) -> None:
    h, rng = deal(*config, seed)
    while h.phase is not Phase.DONE:
        first_lead = h.phase is Phase.PLAY and not h.tricks and not h.trick
        if first_lead or rng.random() < 0.12 or (h.phase is Phase.PASS and rng.random() < 0.3):
            seat = rng.randrange(h.n)
            view = h.view(seat)
            check_view(h, view, seat)
            check_sample(h, view, seat, rng)
        step(h, rng)
