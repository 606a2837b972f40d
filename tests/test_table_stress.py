"""Random clicking through at least 20 hands of the table, in process.

Manual mode lets the bots move only when the test says so, so clicks land "during the bots' pauses", out of
turn, twice in a row, on disabled cards, on every button. After every click: no exception was reported,
the engine's invariants hold (every card is somewhere exactly once, points add up), and every hand ends.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from hearts_tutor.engine.hand import Phase
from hearts_tutor.engine.rules import Rules
from hearts_tutor.practice.stats_store import StatsStore
from hearts_tutor.table import Table

MAX_ACTIONS_PER_HAND = 1500


def check_invariants(table: Table) -> None:
    h = table.core.match.hand
    r = h.rules
    where: Counter[int] = Counter()
    for s in range(h.n):
        where.update(h.hand_of(s))
    for t in h.tricks:
        where.update(t.cards)
    where.update(h.trick)
    where.update(h.kitty)
    expected = Counter({c: r.decks for c in range(52) if r.deck_mask >> c & 1})
    assert where == expected, "cards are not conserved"
    assert len({len(h.hand_of(s)) for s in range(h.n)}) <= 2, "hands differ by more than the current trick"
    if h.phase is Phase.DONE:
        assert sum(h.hearts_taken) + sum(1 for c in h.carried if c >= 39) <= 13 * r.decks
        if r.decks == 1:
            assert sum(h.hearts_taken) == 13 and sum(h.queens_taken) == 1, "every point card was taken"
            raw = h.raw_points()
            assert sum(raw) == 13 + r.queen_points + r.jack_points
        res = h.result()
        if res.shooter is None and res.sweeper is None:
            assert res.points == [p + b for p, b in zip(res.raw, res.bonus or [0] * h.n, strict=True)]
    scores = table.core.match.scores
    start = table.core.match.start_scores
    assert scores == [s + sum(p[i] for p in table.core.match.hand_points) for i, s in enumerate(start)]


def random_action(table: Table, rng: random.Random) -> None:
    buttons = table.card_buttons()
    roll = rng.random()
    if roll < 0.35 and buttons:
        b = rng.choice(buttons)
        b.click()
        if rng.random() < 0.2:
            b.click()  # a double click
    elif roll < 0.42:
        table.pass_button.click()
    elif roll < 0.45:
        if rng.random() < 0.1:
            table.core.ask_hint()
        else:
            table.seat_buttons[rng.randrange(len(table.seat_buttons))].click()
    elif roll < 0.47:
        rng.choice([table.tele_next, table.tele_prev, table.tele_all, table.tele_close]).click()
    elif roll < 0.49:
        table.undo_button.click()
    elif roll < 0.51:
        rng.choice([table.warn_accept, table.warn_back]).click()
    elif roll < 0.52:
        rng.choice([table.moon_add, table.moon_sub]).click()
    elif roll < 0.525:
        table.finish_button.click()
    elif roll < 0.55:
        table.next_button.click()
    elif roll < 0.56:
        rng.choice([table.scorepad_toggle, table.stats_toggle]).value ^= True
    else:
        table.core.step()  # a bot moves (or a trick is cleared, a hand scored)


@pytest.mark.slow
@pytest.mark.parametrize(("preset", "players", "hands_wanted"),
                         [("standard", None, 12), ("n_player", 5, 5), ("cancellation", 7, 3)])
def test_random_clicks_through_hands(tmp_path, preset: str, players: int | None,  # type: ignore[no-untyped-def]
                                    hands_wanted: int) -> None:
    rng = random.Random(f"stress-{preset}")
    rules = Rules.preset(preset, **({"players": players} if players else {}))
    table = Table(rules, seed=rng.randrange(1000), mode="manual", tutor=True, practice=True, grading=False,
                  levels=["easy"] * 11, stats=StatsStore(tmp_path / "learner.sqlite3"))
    hands = 0
    scored_this_game = 0
    actions_this_hand = 0
    while hands < hands_wanted:
        random_action(table, rng)
        assert not table.core.errors, table.core.errors[-1]
        check_invariants(table)
        actions_this_hand += 1
        m = table.core.match
        if len(m.hand_points) > scored_this_game:
            hands += len(m.hand_points) - scored_this_game
            scored_this_game = len(m.hand_points)
            actions_this_hand = 0
            if m.is_over:
                table.new_game_button.click()
                scored_this_game = 0
        assert actions_this_hand < MAX_ACTIONS_PER_HAND, f"hand {m.hand_number} did not end: {m.hand!r}"
    assert hands >= hands_wanted
    table.close()
