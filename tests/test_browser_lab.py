"""The lessons in JupyterLab, as ``hearts-tutor lessons --no-browser --port N`` serves them (issue 32).

JupyterLab opens on the learner's own copy of the course: after *Run All Cells* and a save, the copy holds the
outputs and a checkout's ``lessons/`` is as it was (``git status``). The new lessons are played there as a
learner would: each exercise answered once wrong and once right, and the practice cell's puzzle solved. The tests
share one JupyterLab page (``lab_page``): each opens its notebook there, alone, as the learner opens the next lesson.
Needs Debian's Chromium at /usr/bin/chromium; skipped with a message when it is missing.
"""

from __future__ import annotations

import json
import re
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_util import LAB_TOKEN, ROOT, lessons_server, page_of, require_browser

from hearts_tutor.practice.bank import LESSON_THEMES, load_bank
from hearts_tutor.table.puzzle import RIGHT_WORDS, WRONG_WORDS, PuzzleDeal

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LESSONS = ROOT / "lessons"
NEW_LESSONS = ("10_spades.ipynb", "11_first_trick.ipynb", "12_shooting.ipynb", "13_moon_defence.ipynb",
               "14_play_to_score.ipynb")
PUZZLE_CALL = re.compile(r"""Puzzle\(\s*["']([\w-]+)["']\s*\)""")
PUZZLE_ID = re.compile(r"\bht-puzzle-id-(\S+)")
TIMEOUT_MS = 120_000


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """One ``hearts-tutor lessons`` server for the module: its URL and the learner's copy it serves."""
    require_browser()
    work = tmp_path_factory.mktemp("lab")
    copy = work / "my-lessons"
    with lessons_server(work, copy, {"HEARTS_TUTOR_SPEED": "test"}) as url:
        yield url, copy




def git_status() -> str:
    return subprocess.run(["git", "status", "--porcelain", "--", "lessons"], cwd=ROOT, capture_output=True,
                          text=True, check=True).stdout


@pytest.fixture(scope="module")
def lab_page(browser: Any) -> Iterator[tuple[Any, list[str]]]:
    """One JupyterLab page for the module, and the list of its console errors: booting JupyterLab in a page is
    most of what opening a notebook costs, so each test opens its notebook in this page (``open_and_run_all``)."""
    with page_of(browser) as opened:
        yield opened


def menu(page: Any, menu_name: str, item: str) -> None:
    """Click ``item`` in JupyterLab's menu ``menu_name``."""
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(rf"^{menu_name}$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(rf"^{re.escape(item)}$")).click()


def open_and_run_all(page: Any, url: str, notebook: str) -> None:
    """Open ``notebook`` in JupyterLab and run every cell (the Run menu's *Run All Cells*): in a page that shows
    no JupyterLab yet, at its URL in a fresh workspace; else with *Open from Path…*, after closing every tab an
    earlier test left open (unsaved changes discarded), so that the page shows this notebook alone."""
    from playwright.sync_api import expect

    if "/lab/" not in page.url:
        workspace = notebook.removesuffix(".ipynb")  # a fresh workspace: no notebook left open in it
        page.goto(f"{url}/lab/workspaces/{workspace}/tree/{notebook}?reset&token={LAB_TOKEN}", timeout=TIMEOUT_MS)
    else:
        menu(page, "File", "Close All Tabs")
        while page.locator(".jp-Dialog").count():  # "Save your work": the earlier test's notebook has changed
            page.locator(".jp-Dialog button", has_text=re.compile(r"^(Discard|Don't Save)$")).click()
            page.wait_for_timeout(200)
        expect(page.locator(".jp-Notebook")).to_have_count(0)
        menu(page, "File", "Open from Path…")
        page.locator(".jp-Dialog input").fill(notebook)
        page.locator(".jp-Dialog .jp-mod-accept").click()
    page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=TIMEOUT_MS)
    expect(page.locator(".jp-StatusBar-TextItem", has_text="| Idle")).to_have_count(1, timeout=TIMEOUT_MS)
    menu(page, "Run", "Run All Cells")


def save(page: Any, copy: Path, notebook: str) -> None:
    """Save the notebook (Ctrl+S) and wait until the file in the copy holds outputs."""
    page.locator(".jp-Notebook").click(position={"x": 5, "y": 5})
    page.keyboard.press("Control+s")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        cells = json.loads((copy / notebook).read_text(encoding="utf-8"))["cells"]
        if any(c.get("outputs") for c in cells if c["cell_type"] == "code"):
            return
        time.sleep(0.5)
    raise AssertionError(f"{notebook} was not saved with its outputs in {copy}")


def answer_exercise(page: Any, name: str) -> None:
    """Answer the lesson's exercise ``name`` once wrong and once right, checking the coach's verdicts."""
    from playwright.sync_api import expect

    deal = PuzzleDeal.load(LESSONS / "deals" / f"{name}.json")
    view, ex = deal.view(), deal.exercise
    box = page.locator(f".ht-puzzle-{name}")
    box.wait_for(state="attached", timeout=TIMEOUT_MS)
    box.scroll_into_view_if_needed()
    if ex.kind == "pass":
        wrong = [c for c in view.hand if c not in ex.answer][:3]
    else:
        wrong = [next(c for c in view.legal_plays() if c not in ex.answer)]
    for codes, words in ((wrong, WRONG_WORDS), (list(ex.answer if ex.kind == "pass" else ex.answer[:1]),
                                                RIGHT_WORDS)):
        from hearts_tutor.engine.cards import card_str

        for c in codes:
            box.locator(f".ht-card-{card_str(c)}").click()
        if ex.kind == "pass":
            box.locator(".ht-puzzle-submit").click()
        expect(box.locator(".ht-puzzle-verdict")).to_contain_text(words, timeout=TIMEOUT_MS)
        if ex.kind == "pass" and words == WRONG_WORDS:
            for c in codes:
                box.locator(f".ht-card-{card_str(c)}").click()


def solve_practice(page: Any, lesson: str) -> str:
    """Solve the puzzle the practice cell shows with the coach's best move; its id. (Every lesson's themes have
    puzzles in the bank; the cell's words when a bank has none are tests/test_lesson_practice.py's.)"""
    from playwright.sync_api import expect

    panel = page.locator(".ht-practice-panel")
    themes = set(LESSON_THEMES[lesson])
    assert any(themes & set(p.themes) and not p.variant for p in load_bank().puzzles), f"no puzzle for {lesson}"
    shown = panel.locator(".ht-puzzle")
    shown.wait_for(state="attached", timeout=TIMEOUT_MS)
    shown.scroll_into_view_if_needed()
    expect(shown).to_have_class(PUZZLE_ID, timeout=TIMEOUT_MS)
    match = PUZZLE_ID.search(shown.get_attribute("class") or "")
    assert match
    puzzle = load_bank()[match.group(1)]
    for c in puzzle.best.split():
        panel.locator(f".ht-puzzle-card-{c}").click()
    if puzzle.kind == "pass":
        panel.locator(".ht-puzzle-submit").click()
    expect(panel.locator(".ht-feedback")).to_contain_text("Right!", timeout=TIMEOUT_MS)
    return puzzle.id


@pytest.mark.timeout(600)
def test_lessons_open_on_a_copy_and_run_all_leaves_the_checkout_clean(lab: tuple[str, Path],
                                                                      lab_page: tuple[Any, list[str]]) -> None:
    url, copy = lab
    before = git_status()
    assert (copy / "02_passing.ipynb").is_file(), "the learner's copy was made"
    page, all_problems = lab_page
    since = len(all_problems)
    open_and_run_all(page, url, "02_passing.ipynb")
    answer_exercise(page, "pass_short_queen")
    page.locator(".ht-table").first.wait_for(state="attached", timeout=TIMEOUT_MS)
    save(page, copy, "02_passing.ipynb")
    problems = all_problems[since:]
    assert not [p for p in problems if "favicon" not in p], problems
    assert git_status() == before, "Run All and a save changed the checkout's lessons"
    assert not any(c.get("outputs") for c in json.loads((LESSONS / "02_passing.ipynb").read_text())["cells"]
                   if c["cell_type"] == "code")


@pytest.mark.timeout(600)
@pytest.mark.parametrize("notebook", NEW_LESSONS)
def test_a_new_lesson_plays_in_jupyterlab(lab: tuple[str, Path], lab_page: tuple[Any, list[str]],
                                         notebook: str) -> None:
    url, _ = lab
    cells = json.loads((LESSONS / notebook).read_text(encoding="utf-8"))["cells"]
    names = [m for c in cells if c["cell_type"] == "code" for m in PUZZLE_CALL.findall("".join(c["source"]))]
    assert names, f"{notebook} has no exercise"
    page, all_problems = lab_page
    since = len(all_problems)
    open_and_run_all(page, url, notebook)
    for name in names:
        answer_exercise(page, name)
    solve_practice(page, notebook.removesuffix(".ipynb"))
    problems = all_problems[since:]
    assert not [p for p in problems if "favicon" not in p], problems
