"""A game of several hands: pass cycle, dealer, scores, handicap, end modes, winners, save and load."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from test_hand_golden import D2, D2_PREFS, play_out

from hearts_tutor.batch.bench import random_card
from hearts_tutor.engine.cards import parse_cards
from hearts_tutor.engine.hand import HandState, Phase
from hearts_tutor.engine.match import Match
from hearts_tutor.engine.record import RecordError
from hearts_tutor.engine.rules import Rules


def play_hand(m: Match, rng: random.Random, *, until: int | None = None) -> None:
    """Random legal actions on the match's hand (to the end, or ``until`` actions)."""
    h = m.hand
    done = 0
    while h.phase is not Phase.DONE and (until is None or done < until):
        if h.phase is Phase.PASS:
            seat = next(s for s in range(h.n) if h.passes[s] is None)
            h.pass_cards(seat, rng.sample(h.hand_of(seat), h.rules.pass_count))
        elif h.phase is Phase.PLAY:
            h.play(random_card(h.legal_mask(), rng))
        else:
            h.choose_moon(rng.choice(["add_to_others", "subtract_from_self"]))
        done += 1


def moon_hand(m: Match) -> None:
    """Replace the match's current hand by deal D2 (seat 0 shoots the moon: 0, 26, 26, 26) and play it out."""
    h = m.hand
    m.hand = HandState(m.rules, [parse_cards(s) for s in D2], dealer=h.dealer, hand_number=h.hand_number,
                       pass_direction="keep")
    play_out(m.hand, D2_PREFS)
    assert m.hand.points() == [0, 26, 26, 26]


def test_dealer_moves_left_and_the_pass_cycle_rotates() -> None:
    for rules, first_dealer in [(Rules.preset("standard", end="hands", hands=6), 2),
                                (Rules.preset("cancellation", players=7, end="hands", hands=3), 6),
                                (Rules.preset("n_player", players=5, end="hands", hands=3), 0)]:
        m = Match(rules, seed=11, first_dealer=first_dealer)
        rng = random.Random(1)
        seen = []
        while True:
            h = m.hand
            seen.append((h.hand_number, h.dealer, h.pass_direction))
            play_hand(m, rng)
            m.next_hand()
            if m.is_over:
                break
        n, cycle = rules.players, rules.pass_cycle
        assert seen == [(k, (first_dealer + k) % n, cycle[k % len(cycle)]) for k in range(rules.hands)]
        assert len(m.history) == rules.hands and len(m.hand_points) == rules.hands


def test_left_of_dealer_leads_in_cancellation_matches() -> None:
    m = Match(Rules.preset("cancellation"), seed=3, first_dealer=7)
    rng = random.Random(2)
    for number in range(3):
        play_hand(m, rng, until=m.rules.players)  # every seat passes
        assert m.hand.phase is Phase.PLAY and m.hand.to_move == (7 + number + 1) % 8
        play_hand(m, rng)
        m.next_hand()


def test_scores_start_from_the_handicap_and_add_up() -> None:
    m = Match(Rules.preset("standard", handicap=(10, 0, 5, 0), end="hands", hands=3), seed=4)
    assert m.scores == [10, 0, 5, 0]
    rng = random.Random(4)
    totals = [10, 0, 5, 0]
    while not m.is_over:
        play_hand(m, rng)
        points = m.finish_hand()
        assert m.finish_hand() == points and len(m.hand_points) == len(m.history) + 1  # scored once
        totals = [t + p for t, p in zip(totals, points, strict=True)]
        m.next_hand()
        assert m.scores == totals


@pytest.mark.parametrize(("end", "handicap", "over"), [
    ("reach", (0, 74, 0, 0), True),   # seat 1 reaches exactly 100
    ("exceed", (0, 74, 0, 0), False),  # 100 does not exceed 100
    ("exceed", (0, 75, 0, 0), True),   # 101 does
    ("reach", (0, 73, 0, 0), False),
])
def test_end_when_a_player_reaches_or_exceeds_the_target(end: str, handicap: tuple[int, ...], over: bool) -> None:
    m = Match(Rules.preset("standard", end=end, target=100, handicap=handicap), seed=1)
    moon_hand(m)
    m.next_hand()
    assert m.scores == [0, handicap[1] + 26, 26, 26]
    assert m.is_over is over and m.game_over is over
    if over:
        assert m.hand.phase is Phase.DONE and len(m.history) == 1
    else:
        assert m.hand.hand_number == 1 and m.hand.phase is Phase.PASS and m.hand.dealer == 1


def test_end_after_a_number_of_hands_and_shared_wins() -> None:
    m = Match(Rules.preset("duell", hands=2, handicap=(26, 0, 10, 10)), seed=2)
    moon_hand(m)
    m.next_hand()
    assert not m.is_over and m.scores == [26, 26, 36, 36] and m.winners() == [0, 1]
    moon_hand(m)
    m.next_hand()
    assert m.is_over and m.scores == [26, 52, 62, 62] and m.winners() == [0]


def test_the_moon_must_be_chosen_before_the_next_hand() -> None:
    m = Match(Rules.preset("standard", moon="shooter_chooses"), seed=5)
    h = m.hand
    m.hand = HandState(m.rules, [parse_cards(s) for s in D2], pass_direction="keep")
    play_out(m.hand, D2_PREFS)
    assert m.hand.phase is Phase.MOON
    with pytest.raises(ValueError, match="not over"):
        m.next_hand()
    m.hand.choose_moon("subtract_from_self")
    m.next_hand()
    assert m.scores == [-26, 0, 0, 0] and h is not m.hand


def test_view_carries_the_scores() -> None:
    m = Match(Rules.preset("standard", handicap=(1, 2, 3, 4)), seed=6)
    v = m.view(2)
    assert v.scores == (1, 2, 3, 4) and v.seat == 2 and v.hand == tuple(m.hand.hand_of(2))


def test_save_and_load(tmp_path: Path) -> None:
    rules = Rules.preset("omnibus", target=150, handicap=(0, 3, 0, 7))
    m = Match(rules, seed=9, first_dealer=1)
    rng = random.Random(9)
    for _ in range(2):
        play_hand(m, rng)
        m.next_hand()
    play_hand(m, rng, until=30)
    path = tmp_path / "game.json"
    m.save(path)
    loaded = Match.load(path)
    assert loaded.rules == rules and loaded.scores == m.scores and loaded.seed == 9
    assert [r.to_json() for r in loaded.history] == [r.to_json() for r in m.history]
    assert loaded.hand.history == m.hand.history and loaded.hand.hand_of(0) == m.hand.hand_of(0)
    assert loaded.hand.hand_number == 2 and loaded.hand.dealer == 3
    rng_a, rng_b = random.Random(5), random.Random(5)
    while not (m.is_over or m.hand_number > 4):
        play_hand(m, rng_a)
        play_hand(loaded, rng_b)
        m.next_hand()
        loaded.next_hand()
        assert loaded.scores == m.scores
    assert json.loads(path.read_text())["current"]["deal"]


def test_load_finished_game_and_bad_files(tmp_path: Path) -> None:
    m = Match(Rules.preset("duell", hands=1), seed=8)
    play_hand(m, random.Random(8))
    m.next_hand()
    assert m.is_over
    again = Match.from_json(json.loads(json.dumps(m.to_json())))
    assert again.is_over and again.scores == m.scores and again.winners() == m.winners()
    bad = tmp_path / "bad.json"
    bad.write_text("{nope")
    with pytest.raises(RecordError, match="is not valid JSON"):
        Match.load(bad)
    with pytest.raises(RecordError, match="not a saved match"):
        Match.from_json({"rules": "standard"})
    with pytest.raises(RecordError, match="bad rules in saved match"):
        Match.from_json({"rules": "cutthroat", "seed": 1, "hands": []})
