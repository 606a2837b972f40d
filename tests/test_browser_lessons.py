"""Every lesson under Voila in a real browser: it renders, and each exercise is answered once wrong and once
right, with the coach's verdict checked on the page.

One Voila server serves the whole lessons folder (with the table's offline template, so no page asks the
network for anything); each lesson gets its own page. Needs Debian's Chromium at /usr/bin/chromium
(``make chromium``); skipped with a message when it is missing.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_util import CHROMIUM, ROOT, page_in, voila_server

from hearts_tutor.engine.cards import card_str
from hearts_tutor.table.puzzle import RIGHT_WORDS, WRONG_WORDS, PuzzleDeal

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LESSONS = ROOT / "lessons"
NOTEBOOKS = sorted(p.name for p in LESSONS.glob("[0-9][0-9]_*.ipynb") if p.name != "00_index.ipynb")
FIRST_NINE = [n for n in NOTEBOOKS if int(n[:2]) <= 9]
"""The lessons played here; tests/test_browser_lab.py plays lesson 10 onwards (each exercise wrong and right, and
the practice cell) in JupyterLab, and nbval runs them all."""
PUZZLE_CALL = re.compile(r"""Puzzle\(\s*["']([\w-]+)["']\s*\)""")
LOAD_TIMEOUT_MS = 90_000
VERDICT_TIMEOUT_MS = 60_000

if not Path(CHROMIUM).exists():
    pytest.skip(f"Debian's Chromium is missing at {CHROMIUM}: run `make chromium` "
                "(or sudo apt-get install -y chromium) to enable the browser tests", allow_module_level=True)

sync_api = pytest.importorskip("playwright.sync_api")


def tables_in(notebook: str) -> int:
    """How many practice tables a lesson shows (its code cells that build a ``Table(``)."""
    cells = json.loads((LESSONS / notebook).read_text(encoding="utf-8"))["cells"]
    return sum("Table(" in "".join(cell["source"]) for cell in cells if cell["cell_type"] == "code")


def puzzles_in(notebook: str) -> list[str]:
    """The deal names of the puzzles a lesson shows, in order."""
    cells = json.loads((LESSONS / notebook).read_text(encoding="utf-8"))["cells"]
    return [m for cell in cells if cell["cell_type"] == "code" for m in PUZZLE_CALL.findall("".join(cell["source"]))]


@pytest.fixture(scope="module")
def voila_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """One Voila server for the whole lessons folder; yields its base URL (no trailing slash)."""
    with voila_server(LESSONS, tmp_path_factory.mktemp("voila")) as url:
        yield url.rstrip("/")


@pytest.fixture(scope="module")
def lessons_context(browser: Any) -> Iterator[Any]:
    """One browser context for the module's pages (each test's page its own): the lesson pages load the same
    scripts, which a shared context fetches and compiles once, not once for each lesson."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        yield context
    finally:
        context.close()


def practice_pool(notebook: str) -> bool:
    """Whether the shipped bank holds a standard four-player puzzle of the lesson's themes."""
    from hearts_tutor.practice.bank import LESSON_THEMES, VARIANT_LESSONS, load_bank

    lesson = notebook.removesuffix(".ipynb")
    themes = set(LESSON_THEMES.get(lesson, ()))
    variants = lesson in VARIANT_LESSONS
    return not themes or any(themes & set(p.themes) and p.variant == variants for p in load_bank().puzzles)


def choices(deal: PuzzleDeal) -> tuple[list[str], list[str]]:
    """A wrong answer and the right one, as card codes."""
    view, ex = deal.view(), deal.exercise
    if ex.kind == "legal":
        legal = view.legal_plays()
        illegal = [c for c in view.hand if c not in legal]
        return [card_str(illegal[0])], [card_str(legal[0])]
    if ex.kind == "pass":
        wrong = [c for c in view.hand if c not in ex.answer][:3]
        return [card_str(c) for c in wrong], [card_str(c) for c in ex.answer]
    wrong_card = next(c for c in view.legal_plays() if c not in ex.answer)
    return [card_str(wrong_card)], [card_str(ex.answer[0])]


def answer(page: object, name: str, codes: list[str], kind: str, expect: str) -> str:
    box = page.locator(f".ht-puzzle-{name}")  # type: ignore[attr-defined]
    for code in codes:
        box.locator(f".ht-card-{code}").click()
    if kind == "pass":
        box.locator(".ht-puzzle-submit").click()
    verdict = box.locator(".ht-puzzle-verdict")
    sync_api.expect(verdict).to_contain_text(expect, timeout=VERDICT_TIMEOUT_MS)
    text = verdict.inner_text()
    if kind == "pass":  # put the cards back for the next try
        for code in codes:
            box.locator(f".ht-card-{code}").click()
    return text


@pytest.mark.timeout(300)
@pytest.mark.parametrize("notebook", FIRST_NINE)
def test_lesson_renders_and_checks_answers(voila_url: str, lessons_context: Any, notebook: str) -> None:
    names = puzzles_in(notebook)
    assert names, f"{notebook} has no puzzle"
    with page_in(lessons_context) as (page, problems):
        page.goto(f"{voila_url}/voila/render/{notebook}", timeout=LOAD_TIMEOUT_MS)
        lesson_puzzles = page.locator(".ht-puzzle:not(.ht-practice-panel .ht-puzzle)")
        lesson_puzzles.first.wait_for(timeout=LOAD_TIMEOUT_MS)
        sync_api.expect(lesson_puzzles).to_have_count(len(names), timeout=LOAD_TIMEOUT_MS)
        # the practice cell at the end: one panel, showing a puzzle from the bank (the cell's words when the bank
        # holds none of the lesson's themes are tests/test_practice.py's)
        assert practice_pool(notebook), f"the bank holds no puzzle for {notebook}"
        sync_api.expect(page.locator(".ht-practice-panel .ht-puzzle-hand .ht-puzzle-card").first).to_be_visible(
            timeout=LOAD_TIMEOUT_MS)
        sync_api.expect(page.locator(".ht-practice-panel")).to_have_count(1)
        sync_api.expect(page.locator(".ht-table")).to_have_count(tables_in(notebook), timeout=LOAD_TIMEOUT_MS)
        for name in names:
            deal = PuzzleDeal.load(LESSONS / "deals" / f"{name}.json")
            wrong, right = choices(deal)
            box = page.locator(f".ht-puzzle-{name}")
            # the learner's hand and nothing else is clickable as cards
            assert box.locator(".ht-card").count() == len(set(deal.view().hand))
            text = answer(page, name, wrong, deal.exercise.kind, WRONG_WORDS)
            assert RIGHT_WORDS not in text
            assert box.locator(".ht-puzzle-answer").inner_text().strip() == "", "revealed after one wrong try"
            text = answer(page, name, right, deal.exercise.kind, RIGHT_WORDS)
            assert WRONG_WORDS not in text
            sync_api.expect(box.locator(".ht-puzzle-answer")).to_contain_text(deal.exercise.why[:40],
                                                                              timeout=VERDICT_TIMEOUT_MS)
        assert not problems, problems


@pytest.mark.timeout(120)
def test_index_links_every_lesson(voila_url: str, lessons_context: Any) -> None:
    with page_in(lessons_context) as (page, problems):
        page.goto(f"{voila_url}/voila/render/00_index.ipynb", timeout=LOAD_TIMEOUT_MS)
        for notebook in NOTEBOOKS:
            sync_api.expect(page.locator(f'a[href$="{notebook}"]')).to_have_count(1, timeout=LOAD_TIMEOUT_MS)
        assert not problems, problems
