"""The moon model of the rollouts (hearts_tutor/bots/rollout_moon.py): it shoots and it stops moons.

The stop cases are positions of the moon test set (``tests/moon_positions.jsonl``, mined from bot games by
``benchmarks/bench_bots.py moonset-mine``) where a seat is on course for a moon; the shoot cases are deals
where the seat's cards make a moon likely. In each, the plain model (before moons) fails and the moon
model succeeds.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from hearts_tutor.bots import rollout_moon as moon
from hearts_tutor.bots import search
from hearts_tutor.engine.cards import HEART_MASK, QS_BIT, SUIT_MASKS, mask_of, parse_cards
from hearts_tutor.engine.hand import HandState, Phase
from hearts_tutor.engine.record import HandRecord
from hearts_tutor.engine.rules import Rules

MOON_SET = Path(__file__).with_name("moon_positions.jsonl")


def _rows() -> list[dict]:
    return [json.loads(line) for line in MOON_SET.read_text().splitlines() if line.strip()]


def _unseen(state: HandState, seat: int) -> int:
    return sum(h for s, h in enumerate(state.hands) if s != seat)


def _stubborn_shooter(state: HandState) -> int:
    """The shooter's card: always the moon line, whatever happens."""
    seat = state.to_move
    return moon.shoot_play(state, state.legal_mask(), state.hands[seat], _unseen(state, seat))


def _moon_made(state: HandState, shooter: int, shooter_policy, others_policy) -> bool:
    rng = random.Random(0)
    while state.phase is Phase.PLAY:
        policy = shooter_policy if state.to_move == shooter else others_policy
        card = _stubborn_shooter(state) if policy is None else policy(state, rng)
        state.play(card)
    return state.result().shooter == shooter


def test_moon_set_is_shipped_and_on_course():
    rows = _rows()
    assert len(rows) >= 200
    for row in rows:
        state = HandRecord.from_json(row["record"]).to_state()
        points = moon.moon_points(state)
        assert moon.lone_taker(points) == row["shooter"] != state.to_move == row["to_move"]
        assert points[row["shooter"]] >= 10 or state.hearts_taken[row["shooter"]] >= 5


@pytest.mark.parametrize("deal,shooter", [(0, 1), (1, 0), (4, 2), (8, 0), (13, 1), (18, 2)])
def test_rollout_model_stops_moons_on_course(deal, shooter):
    row = next(r for r in _rows() if r["deal"] == deal and r["shooter"] == shooter)
    state = HandRecord.from_json(row["record"]).to_state()
    assert not _moon_made(state.copy(), shooter, None, search.rollout_policy)
    # before the moon model, the same defenders let it through
    assert _moon_made(state, shooter, None, search.plain_rollout_policy)


def test_rollout_model_stops_most_of_the_moon_set():
    rows = _rows()[:40]
    made = [_moon_made(HandRecord.from_json(r["record"]).to_state(), r["shooter"], None, search.rollout_policy)
            for r in rows]
    plain = [_moon_made(HandRecord.from_json(r["record"]).to_state(), r["shooter"], None,
                        search.plain_rollout_policy) for r in rows]
    assert sum(made) <= len(rows) // 8 < sum(plain)


@pytest.mark.parametrize("seed", [58, 207, 305])
def test_rollout_model_shoots_when_its_cards_allow(seed):
    state = HandState.deal_random(Rules.preset("standard"), seed=seed, hand_number=3)  # a keep hand
    assert _moon_made(state.copy(), 0, search.rollout_policy, search.plain_rollout_policy)
    assert not _moon_made(state, 0, search.plain_rollout_policy, search.plain_rollout_policy)


def test_losers_count_the_tricks_a_hand_may_lose():
    hand = mask_of(parse_cards("AH KH QH 4H 3H AS 2C"))
    unseen = mask_of(parse_cards("JH TH 9H 8H 7H 6H 5H 2H KS QS 3C"))
    # three hearts on top draw three of eight: 4H and 3H may lose; AS wins; 2C loses to 3C
    assert moon.suit_losers(hand & HEART_MASK, unseen & HEART_MASK) == 2
    assert moon.losers(hand, unseen) == 3
    assert moon.suit_losers(mask_of(parse_cards("AS KS 5S 4S")), mask_of(parse_cards("QS JS"))) == 0


def test_the_shooter_never_throws_a_point_card_it_can_keep():
    row = _rows()[0]
    state = HandRecord.from_json(row["record"]).to_state()
    shooter = row["shooter"]
    while state.phase is Phase.PLAY:
        seat = state.to_move
        legal = state.legal_mask()
        card = _stubborn_shooter(state) if seat == shooter else search.rollout_policy(state, random.Random(0))
        void = state.trick and not legal & SUIT_MASKS[state.trick[0] // 13]
        if seat == shooter and void:
            keep = legal & ~(HEART_MASK | QS_BIT)
            assert not keep or not (1 << card) & (HEART_MASK | QS_BIT)
        state.play(card)


def test_a_lone_taker_is_a_threat_only_to_the_others():
    row = _rows()[0]
    state = HandRecord.from_json(row["record"]).to_state()
    shooter = row["shooter"]
    assert moon.moon_threat(state, state.to_move) == shooter
    assert moon.moon_threat(state, shooter) is None


def _sure_moon_n_player() -> HandState:
    """A three-player hand (``shooter_chooses``) that seat 1 shoots whatever anyone plays: every heart, the top
    spades and the only club it holds wins the first trick."""
    deal = [parse_cards("2C 3C 4C 5C 6C 7C 8C 9C TC JC 3D 4D 5D 6D 7D 8D 9D"),
            parse_cards("AC AS KS QS AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"),
            parse_cards("QC KC TD JD QD KD AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS")]
    return HandState(Rules.preset("n_player"), deal, pass_direction="keep")


def test_a_choosing_shooter_adds_to_the_others_when_that_wins_the_game():
    rules = Rules.preset("n_player")
    assert moon.shooter_choice(rules, (80, 10, 80), 1) == "add_to_others"  # 106 each ends the game: seat 1 wins
    # the game goes on: seat 1 will lead (adding brings the end nearer) or will not (more hands to catch up)
    assert moon.moon_choice(rules, (20, 10, 30), 1) == ("add_to_others", "leads")
    assert moon.moon_choice(rules, (20, 50, 30), 1) == ("subtract_from_self", "behind")
    assert moon.shooter_choice(rules, (40, 90, 75), 1) == "subtract_from_self"  # 66 is lower than 90
    assert moon.shooter_choice(rules, (), 1) == "subtract_from_self"  # scores unknown
    ended = search.play_out(_sure_moon_n_player(), random.Random(0), scores=(80, 10, 80))
    assert ended.result().shooter == 1 and ended.moon_choice == "add_to_others"
    assert ended.points() == [26, 0, 26]


def _pinned(state: HandState) -> dict[int, list[float]]:
    """Card weights that sample the real deal every time."""
    owner = {c: s for s, hand in enumerate(state.hands) for c in range(52) if hand >> c & 1}
    return {c: [1.0 if s == owner[c] else 0.0 for s in range(state.n)] for c in owner}


def test_rollouts_cost_another_seats_moon_however_it_is_scored():
    """Seen from seat 0, the moon seat 1 shoots costs 26 in points-valued rollouts whether seat 1 adds 26 to the
    others (it ends the game in its favour) or takes 26 off its own score (the same gaps between the scores):
    worse than a hand in which seat 0 takes nothing and nobody shoots. The chance-to-win path keeps the real
    points (seat 1 at -26)."""
    from dataclasses import replace

    state = _sure_moon_n_player()
    opening = parse_cards("2C")
    for scores in ((80, 10, 80), (20, 50, 30), ()):
        view = replace(state.view(0), scores=scores)
        assert search.paired_playouts(view, opening, random.Random(1), _pinned(state)) == {opening[0]: 26}
    view = replace(state.view(0), scores=(20, 50, 30))
    assert search.paired_hand_points(view, opening, random.Random(1), _pinned(state)) == {opening[0]: (0, -26, 0)}
    seen = search.paired_playouts(view, opening, random.Random(1), _pinned(state), value=lambda p: p[0] - p[1])
    assert seen == {opening[0]: 26}  # a value of every seat's real points sees the moon's gap as before


def test_points_value_counts_a_subtracted_moon_as_added_to_the_others():
    ended = search.play_out(_sure_moon_n_player(), random.Random(0), scores=(20, 50, 30))
    assert ended.moon_choice == "subtract_from_self" and ended.points() == [0, -26, 0]
    assert moon.points_value(ended) == [26, 0, 26]
    added = search.play_out(_sure_moon_n_player(), random.Random(0), scores=(80, 10, 80))
    assert moon.points_value(added) == added.points() == [26, 0, 26]
    plain = search.play_out(HandState.deal_random(Rules.preset("standard"), seed=3, hand_number=3), random.Random(0))
    assert plain.is_over and plain.moon_shooter() is None
    assert moon.points_value(plain) == plain.points()


def test_the_points_beside_a_chance_count_another_seats_moon():
    """Judged at a score line (a value of every seat's points), the seat's points kept beside the value charge
    it the moon seat 1 shoots by taking 26 off its own score."""
    from dataclasses import replace

    state = _sure_moon_n_player()
    view = replace(state.view(0), scores=(20, 50, 30))
    est = search.evaluate_plays(view, rollouts=3, rng=1, card_weights=_pinned(state), value=lambda p: p[0] - p[1])
    assert {c: (e.mean, e.points) for c, e in est.items()} == {c: (26.0, 26.0) for c in view.legal_plays()}
