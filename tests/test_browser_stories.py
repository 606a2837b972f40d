"""Feedback that tells one story, in a real browser (issue 30): the review of a table pass mistake answered
right says right only, and lesson 4's "Drawing out the queen" gives one story for the 2 of spades lead."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_util import ROOT, page_of, play_server, require_browser, voila_server
from positions import table_pass_mistake

from hearts_tutor.engine.cards import card_str
from hearts_tutor.engine.record import HandRecord
from hearts_tutor.practice.learner import LearnerDB
from hearts_tutor.practice.session import review_from_grade
from hearts_tutor.table.puzzle import RIGHT_WORDS, PuzzleDeal

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(300)]


def _table_pass_mistake() -> tuple[dict, tuple[int, ...], str]:
    """A review item for a pass graded a mistake at the table, stored with the words older versions kept (the
    grade's "A mistake. Passing ... costs you ..."); the coach's pass; those old words."""
    state, grade = table_pass_mistake()
    item = review_from_grade(state.view(0), HandRecord.from_state(state), grade, ["pass-queen"])
    assert item is not None
    return {**item, "explanation": grade.explanation}, tuple(grade.best), grade.explanation


def test_a_missed_pass_answered_right_in_review_says_right_only(tmp_path: Path, browser: Any) -> None:
    require_browser()
    from playwright.sync_api import expect

    item, best, old_words = _table_pass_mistake()
    assert "mistake" in old_words.lower() or "blunder" in old_words.lower()
    data = tmp_path / "data"
    data.mkdir()
    db = LearnerDB(data / "learner.sqlite3")
    db.add_review(item["id"], item, item["themes"])
    db.close()
    env = {"HEARTS_TUTOR_SPEED": "test", "HEARTS_TUTOR_SEED": "11", "HEARTS_TUTOR_DATA_DIR": str(data),
           "HEARTS_TUTOR_DAYS_AHEAD": "1"}
    with play_server(tmp_path, env, one_page=True) as url, page_of(browser) as (page, problems):
        page.goto(url)
        page.wait_for_selector(".ht-card", timeout=60_000)
        page.locator(".ht-practice").click()
        expect(page.locator(".ht-puzzle.ht-review")).to_be_visible(timeout=20_000)
        assert item["id"] in (page.locator(".ht-puzzle").get_attribute("class") or "")
        for c in best:
            page.locator(f".ht-puzzle-card-{card_str(c)}").click()
        page.locator(".ht-puzzle-submit").click()
        feedback = page.locator(".ht-feedback")
        expect(feedback).to_contain_text(RIGHT_WORDS, timeout=30_000)
        words = feedback.inner_text().lower()
        for wrong in ("a mistake", "a blunder", "costs you", "would have been better"):
            assert wrong not in words, feedback.inner_text()
        assert not problems, problems


def test_lesson_4_tells_one_story_for_the_2_of_spades(tmp_path: Path, browser: Any) -> None:
    require_browser()
    from playwright.sync_api import expect

    deal = PuzzleDeal.load("flush_spades")
    with voila_server(ROOT / "lessons" / "04_queen.ipynb", tmp_path) as url, page_of(browser) as (page, problems):
        page.goto(url, timeout=90_000)
        box = page.locator(".ht-puzzle-flush_spades")
        box.wait_for(timeout=90_000)
        verdict = box.locator(".ht-puzzle-verdict")
        said = []
        for tries in range(deal.exercise.max_tries):
            box.locator(".ht-card-2S").click()
            if tries == 0:
                expect(verdict).to_contain_text("the 2 of spades", timeout=60_000)
            else:  # the same words again on the second try: give the kernel time to answer it
                page.wait_for_timeout(2000)
            said.append(verdict.inner_text())
        answer = box.locator(".ht-puzzle-answer")
        expect(answer).to_contain_text("Lead the jack first", timeout=60_000)
        story = " ".join(said) + " " + answer.inner_text()
        assert "another suit" not in story, story  # the hint for leads in other suits is not given after a spade
        assert "would play the 7 of spades" not in story and "would play the jack of spades" in story, story
        assert "keep the 2 of spades" in story, story
        assert not problems, problems
