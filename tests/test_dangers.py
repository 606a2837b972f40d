"""The danger panel judges the whole hand as the coach does and never disagrees with the pass Hint (issue 30)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hearts_tutor import HandState, Rules
from hearts_tutor.batch.tournament import deal_for
from hearts_tutor.coach import hint
from hearts_tutor.coach.dangers import HIGH_CARD_FLAGS, hand_dangers, panel_flags
from hearts_tutor.engine.cards import QUEEN_OF_SPADES, parse_card, parse_cards
from hearts_tutor.engine.hand import Phase
from hearts_tutor.practice.stats_store import StatsStore
from hearts_tutor.table.core import TableCore


def _view(cards: str):
    mine = parse_cards(cards)
    rest = sorted(set(range(52)) - set(mine))
    return HandState(Rules.preset("standard"), [mine] + [rest[i * 13:(i + 1) * 13] for i in range(3)]).view(0)


def test_an_unguarded_queen_and_short_high_spades_come_before_mid_range_cards() -> None:
    view = _view("2C 5C 9C 3D 4D 8D 2S QS KS AS 7H 9H JH")
    flags = hand_dangers(view)
    assert [f.cards[0] for f in flags[:3]] == parse_cards("QS AS KS")
    assert flags[0].id == "unguarded_queen" and flags[0].severity == "danger"
    assert [f.cards[0] for f in panel_flags(view)] == parse_cards("QS AS KS")
    assert panel_flags(view, parse_cards("QS KS AS"))[:3] == flags[:3]


def test_high_hearts_without_low_ones_are_dangers_and_a_guarded_queen_is_not() -> None:
    view = _view("2C 3C 4C 3D 4D 2S 3S 5S 6S QS 8H QH KH")
    ids = {f.cards[0]: f.id for f in hand_dangers(view)}
    assert QUEEN_OF_SPADES not in ids
    assert ids[parse_card("KH")] == ids[parse_card("QH")] == "high_heart_no_low"
    with_low = _view("2C 3C 4C 3D 4D 2S 3S 5S 6S QS 2H QH KH")
    assert "high_heart_no_low" not in {f.id for f in hand_dangers(with_low)}


def test_the_panel_never_disagrees_with_the_pass_hint() -> None:
    """Across many random hands: every dangerous card the Hint passes is flagged, and no flag on a card the
    Hint keeps calls for passing it."""
    checked = 0
    for deal in range(40):
        state = deal_for(Rules.preset("standard"), 30, deal)
        if state.phase is not Phase.PASS:
            continue
        view = state.view(0)
        h = hint(view, rollouts=6, workers=1, seed=deal)
        dangers = {c for f in hand_dangers(view) for c in f.cards}
        shown = panel_flags(view, h.cards)
        flagged = {c for f in shown for c in f.cards}
        assert {c for c in h.cards if c in dangers} <= flagged, (deal, h.cards)
        for f in shown:
            if not set(f.cards) <= set(h.cards):
                assert f.id not in HIGH_CARD_FLAGS, (deal, f)
        checked += 1
    assert checked >= 25


@pytest.fixture
def core(tmp_path: Path):  # type: ignore[no-untyped-def]
    c = TableCore(seed=21, mode="sync", grading=False, stats=StatsStore(tmp_path / "learner.sqlite3"))
    yield c
    c.close()


def test_the_table_panel_follows_the_hint(core) -> None:  # type: ignore[no-untyped-def]
    view = core.learner_view()
    assert view.phase is Phase.PASS
    note = core.coach.notes.get("hand")
    assert note is None or [f.cards for f in note.flags] == [f.cards for f in panel_flags(view)]
    core.ask_hint()
    cards = core.coach.notes["hint"].cards
    note = core.coach.notes.get("hand")
    shown = [] if note is None else [f.cards for f in note.flags]
    assert shown == [f.cards for f in panel_flags(view, tuple(cards))]


def test_a_high_card_in_a_short_side_suit_is_a_danger_but_not_a_club_the_first_trick_takes() -> None:
    view = _view("AC 3D KD 2S 3S 4S 5S 6S 2H 3H 4H 5H 6H")
    ids = {f.cards[0]: f.id for f in hand_dangers(view)}
    assert ids.get(parse_card("KD")) == "high_short_suit"
    assert parse_card("AC") not in ids  # a club opens the hand and its trick may carry no points


def test_in_a_hand_without_a_pass_a_high_spade_beside_the_queen_is_no_danger() -> None:
    """Holding the queen with the ace and king, the high spades are a danger only if she leaves in the pass; in
    a keep hand the panel does not speak of a pass. The count is of spades lower than the queen."""
    cards = parse_cards("2C 5C 9C 3D 4D 8D 2S QS KS AS 7H 9H JH")
    rest = sorted(set(range(52)) - set(cards))
    keep = HandState(Rules.preset("standard"), [cards] + [rest[i * 13:(i + 1) * 13] for i in range(3)],
                     pass_direction="keep").view(0)
    flags = hand_dangers(keep)
    assert "high_spade_short" not in {f.id for f in flags} and "unguarded_queen" in {f.id for f in flags}
    assert not any("your pass" in f.reason for f in flags)
    passing = {f.cards[0]: f.reason for f in hand_dangers(_view("2C 5C 9C 3D 4D 8D 2S QS KS AS 7H 9H JH"))}
    assert passing[parse_card("AS")].startswith("The ace of spades with only one spade lower than the queen: if the")
