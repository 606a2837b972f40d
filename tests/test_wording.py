"""The wording defects of issue 33, each held against the position it speaks of: the turn line when every card
follows suit, the end of a hand said once, the hand review after "Finish the hand for me", a bot's reason for
leading a spade below the queen, and a tournament whose seats do not fill the table."""

from __future__ import annotations

from pathlib import Path

import pytest

from hearts_tutor.bots.base import Reasoning
from hearts_tutor.bots.heuristic import HardBot, MediumBot
from hearts_tutor.coach.review import HandReview
from hearts_tutor.engine.cards import parse_card
from hearts_tutor.engine.hand import Phase
from hearts_tutor.engine.record import HandRecord
from hearts_tutor.practice.stats_store import StatsStore
from hearts_tutor.table import TableCore, panels, render

# seat 0 holds twelve diamonds and the 4 of clubs; seat 2 wins the first trick with the ace of clubs and leads
# the 2 of diamonds, seat 3 has no diamond: the learner must follow in diamonds, and every card is a diamond
ALL_DIAMONDS = [
    "4C 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    "2C 3C 5C 6C 7C 2S 3S 4S 5S 2H 3H 4H 5H",
    "AC 2D 8C 9C TC 6S 7S 8S 9S 6H 7H 8H 9H",
    "JC QC KC TS JS QS KS AS TH JH QH KH AH",
]


def view_at(deal: list[str], plays: list[str], seat: int = 0):  # type: ignore[no-untyped-def]
    """Seat ``seat``'s view of a standard keep hand of ``deal`` (each seat's cards in one string) after ``plays``."""
    record = HandRecord.from_json({"rules": "standard", "hand_number": 3, "deal": [h.split() for h in deal],
                                   "plays": plays})
    return record.to_state().view(seat)


def test_the_turn_line_says_follow_suit_when_every_card_in_hand_follows() -> None:
    view = view_at(ALL_DIAMONDS, ["2C", "AC", "JC", "4C", "2D", "TS"])
    assert view.my_turn and view.led_suit == 1 and len(view.legal_plays()) == len(view.hand) == 12
    advice = render.turn_advice(view)
    assert "any card" not in advice and advice.startswith("follow suit with a diamond"), advice


def test_the_turn_line_names_the_void_when_any_card_may_be_played() -> None:
    view = view_at(ALL_DIAMONDS, ["2C", "AC", "JC"])  # clubs led, the learner holds the 4 of clubs
    assert render.turn_advice(view).startswith("follow suit with a club")
    void = view_at(ALL_DIAMONDS, ["2C", "AC", "JC", "4C", "8C", "KC"])  # clubs led again; the learner has none
    assert void.my_turn and len(void.legal_plays()) == len(void.hand)
    assert render.turn_advice(void) == "play any card (you have no clubs)."


@pytest.fixture
def core(tmp_path: Path):  # type: ignore[no-untyped-def]
    made: list[TableCore] = []

    def factory(**options) -> TableCore:  # type: ignore[no-untyped-def]
        c = TableCore(**{"mode": "sync", "grading": False, "save": False,
                         "stats": StatsStore(tmp_path / "learner.sqlite3"), **options})
        made.append(c)
        return c

    yield factory
    for c in made:
        c.close()


def pass_first_cards(c: TableCore) -> None:
    if c.match.hand.phase is Phase.PASS:
        for i in range(c.rules.pass_count):
            c.click_card(i)
        c.pass_selected(confirmed=True)


def test_the_status_says_the_hand_is_over_once(core) -> None:  # type: ignore[no-untyped-def]
    c = core(seed=12)
    c.finish_hand()
    c.run_until_learner()
    assert c.match.hand.phase is Phase.DONE and c.hand_scored
    status = render.status_html(c)
    assert "Hand over: " in status and "The hand is over" not in status, status
    assert "Next hand" in status


def empty_review() -> HandReview:
    return HandReview(seat=0, rules_name="standard", players=4, pass_review=None, pass_grade=None, plays=(),
                      mistakes=())


def test_the_review_after_finish_the_hand_for_me_does_not_say_well_played(core) -> None:  # type: ignore[no-untyped-def]
    c = core(seed=12)
    pass_first_cards(c)
    c.run_until_learner()
    for _ in range(2):  # the learner plays two cards, the computer the other eleven
        c.play_card(c.learner_view().legal_plays()[0])
        c.run_until_learner()
    c.finish_hand()
    c.run_until_learner()
    assert c.match.hand.phase is Phase.DONE and len(c.computer_moves) == 11
    c.coach.show_review((), empty_review())
    note = panels.note_html(c, "review")
    assert "Well played" not in note
    assert "no mistakes in the 3 moves you made yourself" in note and "computer made the rest" in note


def test_the_review_of_a_hand_the_computer_played_whole(core) -> None:  # type: ignore[no-untyped-def]
    c = core(seed=12)
    c.finish_hand()  # before the pass: the computer passes and plays every card
    c.run_until_learner()
    c.coach.show_review((), empty_review())
    note = panels.note_html(c, "review")
    assert "Well played" not in note and "no mistakes" not in note
    assert "the computer made every move of this hand for you" in note


def test_a_bot_holding_the_ace_of_spades_calls_its_10_no_low_spade() -> None:
    # seat 3 leads the 2 of clubs, seat 0 takes the trick with the ace of clubs; it holds 10♠ A♠ and 6♠ and leads
    deal = [
        "AC TS AS 3D 4D 5D 6D 7D 2H 3H 4H 5H 6S",
        "3C 5C 6C 7C 8C 9C QS 2S 3S 4S 6H 7H 8H",
        "4C TC JC QC KC 8D 9D TD JD QD KD AD 9H",
        "2C 5S 7S 8S 9S JS KS TH JH QH KH AH 2D",
    ]
    view = view_at(deal, ["2C", "AC", "3C", "4C"])
    assert view.my_turn and not view.trick
    for bot in (MediumBot(seed=1), HardBot(seed=1)):
        facts = bot.facts(view, Reasoning())
        ten = bot.score_play(view, facts, parse_card("TS"))[1]
        six = bot.score_play(view, facts, parse_card("6S"))[1]
        assert "low spade" not in ten and "below the queen" in ten, ten
        assert "cannot be stuck" not in ten and "ace of spades could still be stuck" in ten, ten
        assert six.startswith("a low spade"), six


@pytest.mark.parametrize("seats", ["easy,medium,hard", "easy,medium,hard,expert,easy"])
def test_a_tournament_whose_seats_do_not_fill_the_table_is_refused(seats: str,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    from hearts_tutor.cli import main

    assert main(["tournament", "--seats", seats, "--hands", "1"]) == 2
    err = capsys.readouterr().err
    assert f"names {len(seats.split(','))} bots" in err and "played by 4" in err and "one level per seat" in err
    assert main(["tournament", "--seats", "easy,medium,hard", "--hands", "1", "--rules", "n_player"]) == 0
