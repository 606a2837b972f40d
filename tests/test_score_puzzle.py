"""Lesson 14's score puzzles: a curated deal with the game's scores, judged in the chance to win the game."""

from __future__ import annotations

from hearts_tutor.coach.score_puzzle import equivalent_cards
from hearts_tutor.engine.cards import card_str, parse_card
from hearts_tutor.table.puzzle import Checker, Puzzle, PuzzleDeal


def test_touching_cards_share_their_rollouts_but_the_queen_keeps_her_own() -> None:
    view = PuzzleDeal.load("score_end_game").view()
    same = {card_str(a): card_str(b) for a, b in equivalent_cards(view, view.legal_plays()).items()}
    assert same["4D"] == same["6D"] == "3D", same
    assert same["QS"] == "QS" and same["KS"] == "KS", "the king of spades touches the queen but scores nothing"


def test_a_score_puzzle_speaks_in_chances_and_shows_the_scores() -> None:
    deal = PuzzleDeal.load("score_keep_game_going")
    checker = Checker(deal.view(), deal.exercise)
    wrong = checker.check([parse_card("QS")])
    assert not wrong.correct and "lowers your chance to win the game from" in wrong.text
    assert wrong.text.endswith("Try again?")
    right = checker.check([parse_card("AH")])
    assert right.correct and "keeps your best chance to win the game" in right.text
    assert checker.answer_text().startswith("The coach would play the ace of hearts")
    puzzle = Puzzle("score_end_game")
    assert "<b>90</b> pts" in puzzle.felt.picture.value, "the otter's 90 points are on the felt"
