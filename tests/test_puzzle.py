"""The puzzle widget: retry before reveal, the coach's verdicts, and no hidden card in what reaches the browser."""

from __future__ import annotations

import html
import json

import ipywidgets as widgets
import pytest
from ipywidgets.widgets.widget import _instances

from hearts_tutor.engine.cards import QUEEN_OF_SPADES, card_name, card_str, parse_card, parse_cards
from hearts_tutor.engine.hand import HandState
from hearts_tutor.engine.record import HandRecord
from hearts_tutor.table.puzzle import RIGHT_WORDS, WRONG_WORDS, Puzzle, PuzzleDeal, deal_names


def synced_state(w: widgets.Widget) -> str:
    """Everything the widget tree would sync to the browser, as one text."""
    out = []
    seen: set[str] = set()

    def walk(x: widgets.Widget) -> None:
        if x.model_id in seen:
            return
        seen.add(x.model_id)
        state = x.get_state()
        out.append(json.dumps(state, default=str))
        for value in state.values():
            for item in value if isinstance(value, list | tuple) else [value]:
                if isinstance(item, str) and item.startswith("IPY_MODEL_"):
                    walk(_instances[item[len("IPY_MODEL_"):]])

    walk(w)
    return "\n".join(out)


@pytest.mark.parametrize("name", deal_names())
def test_no_hidden_card_reaches_the_browser(name: str) -> None:
    deal = PuzzleDeal.load(name)
    state = deal.record.to_state()
    puzzle = Puzzle(deal)
    # the lesson's own question may name a card as a subject ("the queen of spades has not been played"): that
    # is the lesson's words, not where a hidden card lies, so it is left out of the search
    text = synced_state(puzzle).replace(json.dumps(html.escape(deal.exercise.prompt))[1:-1], "")
    known = set(puzzle.view.passed or ())  # the learner's own pass: it knows where those cards went
    hidden = [c for seat in range(state.n) if seat != deal.seat for c in state.hand_of(seat) if c not in known]
    assert hidden
    for c in hidden:  # the queen of spades' name is part of the rules' own sentences (greyed cards' reasons)
        assert c == QUEEN_OF_SPADES or card_name(c) not in text, f"{card_name(c)} (hidden) is in the widget state"
        assert f"ht-card-{card_str(c)}" not in text and f'"{card_str(c)}"' not in text
    kept = [v for v in vars(puzzle).values() if isinstance(v, PuzzleDeal | HandState | HandRecord)]
    assert not kept, "the widget must not keep the full deal"


def test_card_buttons_are_the_learners_hand() -> None:
    puzzle = Puzzle("drop_queen")
    classes = sorted(c for b in puzzle.card_buttons.values() for c in b._dom_classes if c.startswith("ht-card-"))
    assert classes == sorted(f"ht-card-{card_str(c)}" for c in set(puzzle.view.hand))
    assert "ht-puzzle" in puzzle._dom_classes and "ht-puzzle-drop_queen" in puzzle._dom_classes
    assert "ht-puzzle-verdict" in puzzle.verdict._dom_classes
    assert "ht-puzzle-reveal" in puzzle.reveal_button._dom_classes


def test_wrong_then_right_reveals_only_after_the_right_try() -> None:
    puzzle = Puzzle("drop_queen")
    puzzle.card_buttons[parse_card("2S")].click()
    assert WRONG_WORDS in puzzle.verdict.value and "try again" in puzzle.verdict.value.lower()
    assert puzzle.exercise.hint and puzzle.exercise.hint in puzzle.verdict.value, "a weak try is explained"
    assert puzzle.answer.value == "" and not puzzle.revealed
    puzzle.card_buttons[parse_card("QS")].click()
    assert RIGHT_WORDS in puzzle.verdict.value and puzzle.solved
    assert "the queen of spades" in puzzle.answer.value
    assert "ht-puzzle-best" in puzzle.card_buttons[parse_card("QS")]._dom_classes


def test_illegal_card_costs_no_try_and_quotes_the_rule() -> None:
    puzzle = Puzzle("drop_queen")
    feedback = puzzle.try_answer([parse_card("4D")])
    assert not feedback.correct and not feedback.legal
    assert "You must follow suit" in feedback.text and "spades" in feedback.text
    assert puzzle.tries == 0 and not puzzle.revealed


def test_answer_revealed_after_too_many_wrong_tries() -> None:
    puzzle = Puzzle("void_discard")
    wrong = [c for c in puzzle.view.legal_plays() if c not in puzzle.exercise.answer]
    for i, c in enumerate(wrong[: puzzle.exercise.max_tries]):
        assert not puzzle.revealed, f"revealed after {i} tries"
        assert not puzzle.try_answer([c]).correct
    assert puzzle.revealed and "The coach would play" in puzzle.answer.value


def test_show_me_reveals_at_once() -> None:
    puzzle = Puzzle("omnibus_jack")
    puzzle.reveal_button.click()
    assert puzzle.revealed and "the king of diamonds" in puzzle.answer.value and puzzle.tries == 0


def test_legal_exercise_accepts_any_legal_card() -> None:
    puzzle = Puzzle("follow_suit")
    hearts = puzzle.try_answer([parse_card("AH")])
    assert not hearts.correct and "You must follow suit" in hearts.text
    assert puzzle.try_answer([parse_card("3D")]).correct and puzzle.revealed
    assert "the 3 of diamonds and the queen of diamonds" in puzzle.answer.value


def test_pass_needs_three_cards_and_the_coach_grades_it() -> None:
    puzzle = Puzzle("pass_short_queen")
    assert puzzle.submit.disabled
    for c in parse_cards("2C 6C 9C"):
        puzzle.card_buttons[c].click()
    assert not puzzle.submit.disabled
    puzzle.card_buttons[parse_card("AH")].click()  # a fourth card is not taken
    assert puzzle.selected == parse_cards("2C 6C 9C")
    puzzle.submit.click()
    assert WRONG_WORDS in puzzle.verdict.value and not puzzle.revealed
    for c in parse_cards("2C 6C 9C"):
        puzzle.card_buttons[c].click()
    for c in parse_cards("QS KH AH"):
        puzzle.card_buttons[c].click()
    puzzle.submit.click()
    assert RIGHT_WORDS in puzzle.verdict.value and puzzle.revealed
    assert "The coach would pass" in puzzle.answer.value
