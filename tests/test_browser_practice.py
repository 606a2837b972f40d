"""Practice in a real browser: the Voila page (``hearts-tutor play``) driven by Playwright through Chromium.

A learner opens practice, solves one puzzle, misses another and reads the explanation; the rating moves the
right way each time and the progress view shows its three plots. Back at the table the learner plays the
highest card they may until the coach grades a move a mistake. In a new kernel whose clock is two days later
(``HEARTS_TUTOR_DAYS_AHEAD``: an injected clock, no sleeping), practice opens on reviews: the missed puzzle and
the table mistake both come back.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from browser_util import page_of, play_server, require_browser

from hearts_tutor.practice.bank import load_bank

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(300)]

PUZZLE_ID = re.compile(r"\bht-puzzle-id-(\S+)")
CARD = re.compile(r"\bht-card-([2-9TJQKA][CDSH])\b")
RANKS = "23456789TJQKA"


def puzzle_id(page) -> str:  # type: ignore[no-untyped-def]
    """The id of the puzzle shown, once one is (between two puzzles the class carries none)."""
    from playwright.sync_api import expect

    expect(page.locator(".ht-puzzle")).to_have_class(PUZZLE_ID)
    match = PUZZLE_ID.search(page.locator(".ht-puzzle").get_attribute("class") or "")
    assert match, "the puzzle shown carries ht-puzzle-id-<id>"
    return match.group(1)


def rating(page) -> int:  # type: ignore[no-untyped-def]
    return int(page.locator(".ht-rating-value").inner_text())


def play_move(page, kind: str, key: str) -> None:  # type: ignore[no-untyped-def]
    for c in key.split():
        page.locator(f".ht-puzzle-card-{c}").click()
    if kind == "pass":
        page.locator(".ht-puzzle-submit").click()


def test_practice_reviews_and_progress(tmp_path: Path, browser: Any) -> None:
    require_browser()
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from playwright.sync_api import expect

    bank = load_bank()
    data = tmp_path / "data"
    env = {"HEARTS_TUTOR_SPEED": "test", "HEARTS_TUTOR_SEED": "11", "HEARTS_TUTOR_DATA_DIR": str(data)}
    with play_server(tmp_path, env, one_page=True) as url, page_of(browser) as (page, problems):
        page.goto(url)
        page.wait_for_selector(".ht-card:not([disabled])", timeout=60_000)
        page.locator(".ht-practice").click()
        expect(page.locator(".ht-puzzle")).to_be_visible(timeout=20_000)
        for name in ("ht-theme", "ht-rating", "ht-reviews-due", "ht-next-puzzle"):
            expect(page.locator(f".{name}")).to_have_count(1)
        start = rating(page)
        assert start == 1500

        # solve the first puzzle
        solved = bank[puzzle_id(page)]
        play_move(page, solved.kind, solved.best)
        expect(page.locator(".ht-feedback")).to_contain_text("Right!")
        expect(page.locator(".ht-rating-value")).not_to_have_text(str(start))
        after_solve = rating(page)
        assert after_solve > start

        # miss the next one twice, then read the explanation
        page.locator(".ht-next-puzzle").click()
        expect(page.locator(".ht-puzzle")).not_to_have_class(re.compile(rf"ht-puzzle-id-{re.escape(solved.id)}\b"))
        missed = bank[puzzle_id(page)]
        wrong = max((k for k in missed.expected if k not in missed.answers), key=lambda k: missed.expected[k][0])
        play_move(page, missed.kind, wrong)
        expect(page.locator(".ht-feedback")).to_contain_text("Try again")
        after_miss = rating(page)
        assert after_miss < after_solve
        if missed.kind == "pass":
            for c in wrong.split():  # unselect before choosing the same pass again
                page.locator(f".ht-puzzle-card-{c}").click()
        play_move(page, missed.kind, wrong)
        expect(page.locator(".ht-feedback")).to_contain_text("Missed")
        expect(page.locator(".ht-feedback")).to_contain_text(missed.explanation[:60])
        expect(page.locator(".ht-feedback table")).to_be_visible()
        assert rating(page) == after_miss  # only the first try is rated

        # the progress view
        page.get_by_role("button", name="Progress").click()
        expect(page.locator(".ht-progress img")).to_have_count(3, timeout=20_000)
        page.screenshot(path=str(tmp_path / "practice.png"), full_page=True)

        # back at the table: play the highest card allowed until the coach calls a move a mistake
        page.locator(".ht-practice").click()
        expect(page.locator(".ht-table .ht-felt")).to_be_visible()
        if page.locator(".ht-pass").is_visible():
            for i in range(3):
                page.locator(".ht-card").nth(12 - i).click()
            page.locator(".ht-pass").click()
        graded_mistake = page.locator(".ht-grade.mistake, .ht-grade.blunder")
        deadline = time.monotonic() + 150
        while not graded_mistake.count() and time.monotonic() < deadline:
            classes = page.eval_on_selector_all(".ht-card:not([disabled])", "els => els.map(e => e.className)")
            codes = [m.group(1) for m in map(CARD.search, classes) if m]
            if not codes:  # the bots' turn, or the hand is over
                if page.locator(".ht-action:has-text('Next hand')").count():
                    page.locator(".ht-action:has-text('Next hand')").click()
                page.wait_for_timeout(300)
                continue
            top = max(codes, key=lambda c: RANKS.index(c[0]))
            try:
                page.locator(f".ht-card-{top}:not([disabled])").click(timeout=3000)
            except PlaywrightTimeout:
                continue  # the hand changed between reading it and clicking
            page.wait_for_timeout(800)  # the grade arrives from the coach's process
        expect(graded_mistake.first).to_be_attached(timeout=30_000)
        assert not problems, problems

    # a new kernel two days later: the missed puzzle and the table mistake are due
    with play_server(tmp_path, {**env, "HEARTS_TUTOR_DAYS_AHEAD": "2"}, one_page=True) as url, \
            page_of(browser) as (page, problems):
        page.goto(url)
        page.wait_for_selector(".ht-card", timeout=60_000)
        page.locator(".ht-practice").click()
        expect(page.locator(".ht-puzzle.ht-review")).to_be_visible(timeout=20_000)
        due = int(page.locator(".ht-reviews-due-count").inner_text())
        assert due >= 2
        seen: list[str] = []
        puzzle = page.locator(".ht-puzzle")
        for _ in range(due):
            expect(puzzle).to_have_class(re.compile(r"\bht-review\b"))
            expect(puzzle).to_have_class(PUZZLE_ID)
            seen.append(puzzle_id(page))
            page.locator(".ht-puzzle-reveal").click()
            expect(page.locator(".ht-feedback")).to_contain_text("The coach's answer")
            page.locator(".ht-next-puzzle").click()
            expect(puzzle).not_to_have_class(re.compile(rf"ht-puzzle-id-{re.escape(seen[-1])}\b"))
        assert missed.id in seen
        assert any(pid.startswith("table-") for pid in seen)
        assert not problems, problems
