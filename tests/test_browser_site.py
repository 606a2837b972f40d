"""The static site (``make site``, SPEC section 12) in Chromium with every request to another host blocked and
counted: the table page (Pyodide and html-manager, no JupyterLite) plays a whole hand by clicking, with a hint
and telepathy, says when the hand is on the drive and a reload right then finds it in the statistics; a second
tab takes over from the first with a notice; a lesson runs in JupyterLite and its puzzle is answered; the lesson
and the table page keep each other's attempts. Nothing may be asked of another host. The two lesson tests share one
lesson (``lesson_beside_table``): booting JupyterLite's Python and running a lesson is most of either's time; the
second tab's test goes on in the table page the first test left (``table_tab``), and every page is in one Chromium
(each test's pages in a context of their own).

The site is built once per session (``make site``: cached, rebuilt only when an input changed) and served by
``python -m http.server`` on 127.0.0.1. Load times are printed and written to ``site_metrics.json`` in the test's
tmp_path (measured, not asserted: benchmarks/README.md).
"""

from __future__ import annotations

import json
import re
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from browser_util import ENABLED_CARD, ROOT, offline_browser, offline_context_page, require_browser, static_server

from hearts_tutor.engine.cards import card_str
from hearts_tutor.table.puzzle import RIGHT_WORDS, PuzzleDeal

# Beside another test file (two at a time on two cores) Pyodide starts slower: every wait allows for that
pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(900)]

LOAD_TIMEOUT_MS = 180_000
STEP_TIMEOUT_MS = 120_000
"""The most a step in a loaded page may take (the page's Python runs in Pyodide, slower on a busy machine)."""
PYTHON_ERRORS = '[data-mime-type="application/vnd.jupyter.stderr"], .jp-RenderedText[data-mime-type*="error"]'
LESSON = "02_passing"
PLAY = "play/index.html?coach_deals=40"
"""The table page, its coach judging on 40 sampled deals as the Voila test servers' do (``QUICK_COACH``): with the
coach's own budget, Pyodide spends most of a played hand grading its moves."""


@pytest.fixture(scope="session")
def site_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site, built if an input changed, served on a free port; yields its URL."""
    require_browser()
    subprocess.run(["make", "--no-print-directory", "site"], cwd=ROOT, check=True)
    with static_server(ROOT / "site", tmp_path_factory.mktemp("site")) as url:
        yield url


@pytest.fixture(scope="module")
def site_browser(site_url: str) -> Iterator[Any]:
    """One Chromium for the module, for which only the site's host exists; each test's pages are in a context of
    their own (``offline_context_page``: their own drive)."""
    with offline_browser(site_url) as browser:
        yield browser


@pytest.fixture(scope="module")
def table_tab(site_url: str, site_browser: Any) -> Iterator[tuple[Any, set[str]]]:
    """One table page, offline, for the two tests that play at the table (booting the page's Python is most of
    their time): the first plays a hand and reloads; the second goes on in the page the first left, a table
    after a reload, as the older of two tabs. The requests to other hosts the page made."""
    with offline_context_page(site_browser, site_url) as opened:
        yield opened


def open_statistics(page) -> None:  # type: ignore[no-untyped-def]
    if not page.locator(".ht-panel >> text=Average points per hand").is_visible():
        page.get_by_role("button", name="Statistics").click()
    page.wait_for_selector(".ht-panel >> text=Average points per hand")


def statistics_text(page) -> str:  # type: ignore[no-untyped-def]
    return str(page.locator(".ht-panel", has_text="Statistics").first.inner_text())


SPOT_JS = """([selector, down]) => {
    const all = document.querySelectorAll(selector);
    const el = all[all.length - 1];
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height * down);
    if (!hit) return "nothing (off the screen)";
    return el.contains(hit) || hit.contains(el) ? "" : String(hit.className || hit.tagName);
}"""


def assert_nothing_covers_the_table(page) -> None:  # type: ignore[no-untyped-def]
    """Nothing lies over the toolbar or the foot of the hand's last card (JupyterLite's grey bars did after a
    reload)."""
    for selector, down in ((".ht-toolbar", 0.5), (".ht-card", 0.9)):
        page.locator(selector).last.scroll_into_view_if_needed()
        over = page.evaluate(SPOT_JS, [selector, down])
        assert not over, f"{over} lies over {selector}"


def pass_three_cards(page) -> None:  # type: ignore[no-untyped-def]
    cards = page.locator(".ht-card")
    for i in range(3):
        cards.nth(i).click()
    page.wait_for_function("document.querySelectorAll('.ht-card.ht-selected').length === 3")
    page.locator(".ht-pass").click()
    page.wait_for_selector(".ht-pass", state="detached", timeout=STEP_TIMEOUT_MS)


def hands_counted(page) -> int:  # type: ignore[no-untyped-def]
    match = re.search(r"Hands\s*(\d+)", statistics_text(page))
    assert match, f"the statistics panel shows hands: {statistics_text(page)!r}"
    return int(match.group(1))


def test_the_table_plays_offline_and_keeps_statistics(site_url: str, table_tab: tuple[Any, set[str]],
                                                      tmp_path: Path) -> None:
    from playwright.sync_api import expect

    metrics: dict[str, object] = {}
    page, other_hosts = table_tab
    start = time.perf_counter()
    page.goto(f"{site_url}{PLAY}")
    page.wait_for_selector(ENABLED_CARD, timeout=LOAD_TIMEOUT_MS)
    metrics["cold_load_to_clickable_card_s"] = round(time.perf_counter() - start, 1)
    expect(page.locator(".ht-card")).to_have_count(13)
    # the bots play without pauses (the settings' animation speed): the test waits on thinking, not on art
    page.get_by_role("button", name="Settings").click()
    page.locator(".ht-settings .widget-dropdown", has_text="Animation speed").locator("select").select_option(
        "instant")
    page.get_by_role("button", name="Settings").click()
    page.wait_for_selector(".ht-settings", state="hidden")
    open_statistics(page)
    assert "Could not open" not in statistics_text(page) and "/drive/" in statistics_text(page)
    before = hands_counted(page)

    # ---- pass three cards, then play every card of the hand, with a hint and telepathy on the way
    pass_three_cards(page)
    played = 0
    hand_start = time.perf_counter()
    while True:
        page.wait_for_selector(f"{ENABLED_CARD}, .ht-action", timeout=STEP_TIMEOUT_MS)
        if page.locator(".ht-action").count():
            break
        if played == 2 and "hint_s" not in metrics:
            hint_start = time.perf_counter()
            page.locator(".ht-hint").click()
            page.wait_for_function("document.querySelector('.ht-coach').innerText.includes('Hint:')",
                                   timeout=STEP_TIMEOUT_MS)
            metrics["hint_click_to_shown_s"] = round(time.perf_counter() - hint_start, 2)
            metrics["hint_s"] = True
        if played == 3 and "telepathy" not in metrics:
            page.locator(".ht-seat-1").click()
            page.wait_for_selector(".ht-telepathy .ht-step", timeout=STEP_TIMEOUT_MS)
            page.get_by_role("button", name="Close").click()
            page.wait_for_selector(".ht-telepathy .ht-step", state="detached")
            metrics["telepathy"] = True
        card = page.locator(ENABLED_CARD).first
        code = re.search(r"\bht-card-(\w\w)\b", card.get_attribute("class") or "")
        assert code, "every card button carries ht-card-<CODE>"
        card.click()
        page.wait_for_selector(f".ht-card-{code.group(1)}", state="detached", timeout=STEP_TIMEOUT_MS)
        played += 1
    assert played == 13, f"the learner played {played} cards"
    metrics["hand_played_s"] = round(time.perf_counter() - hand_start, 1)
    expect(page.locator(".ht-scorepad")).to_contain_text(re.compile(r"Hand 1(?! so far)"))
    expect(page.locator(".ht-panel", has_text="Statistics").first).to_contain_text(
        re.compile(rf"Hands\s*{before + 1}(?!\d)"))
    assert page.locator(PYTHON_ERRORS).count() == 0, page.locator(PYTHON_ERRORS).all_inner_texts()

    # ---- the page says the hand is on the drive (IndexedDB, strict durability) only once it is; a reload
    # right then (a new Python in the same browser) finds the hand in the statistics
    expect(page.locator("#ht-saved")).to_have_attribute("data-state", "saved", timeout=STEP_TIMEOUT_MS)
    start = time.perf_counter()
    page.reload()
    page.wait_for_selector(ENABLED_CARD, timeout=LOAD_TIMEOUT_MS)
    metrics["warm_load_to_clickable_card_s"] = round(time.perf_counter() - start, 1)
    assert_nothing_covers_the_table(page)
    open_statistics(page)
    assert hands_counted(page) == before + 1
    page.screenshot(path=str(tmp_path / "site_table.png"))
    assert not other_hosts, f"{len(other_hosts)} requests to other hosts: {sorted(other_hosts)[:10]}"
    metrics["blocked_requests"] = len(other_hosts)
    (tmp_path / "site_metrics.json").write_text(json.dumps(metrics, indent=1))
    print("\nsite metrics:", json.dumps(metrics))


def test_a_second_tab_takes_over_with_a_notice_and_goes_on_from_the_first_tabs_moves(
        site_url: str, table_tab: tuple[Any, set[str]]) -> None:
    """Two table tabs never overwrite each other's learner database in silence: the newer one waits for the
    older one's last write, reads it, and the older one says it no longer saves. The first tab is the table page
    the test above left after its reload (opened anew here if that test stopped before)."""
    from playwright.sync_api import expect

    page, other_hosts = table_tab
    if not page.url.endswith(PLAY) or not page.locator(ENABLED_CARD).count():
        page.goto(f"{site_url}{PLAY}")
    page.wait_for_selector(ENABLED_CARD, timeout=LOAD_TIMEOUT_MS)
    expect(page.locator("#ht-takeover")).to_be_hidden()
    pass_three_cards(page)
    expect(page.locator("#ht-saved")).to_have_attribute("data-state", "saved", timeout=STEP_TIMEOUT_MS)

    second = page.context.new_page()
    second.goto(f"{site_url}{PLAY}")
    expect(page.locator("#ht-takeover")).to_contain_text("open in another tab", timeout=LOAD_TIMEOUT_MS)
    # the first tab's game (its pass) is what the second one offers to go on with
    second.locator(".ht-resume-bar").wait_for(timeout=LOAD_TIMEOUT_MS)
    expect(second.locator("#ht-takeover")).to_be_hidden()
    assert not other_hosts, f"{len(other_hosts)} requests to other hosts: {sorted(other_hosts)[:10]}"


def test_requests_to_other_hosts_are_counted_from_the_page_and_from_workers(site_url: str,
                                                                           site_browser: Any) -> None:
    """The count the tests above assert is 0 sees what the kernel's web worker asks for too."""
    with offline_context_page(site_browser, site_url) as (page, other_hosts):
        page.goto(f"{site_url}index.html")
        answered = page.evaluate("""async () => {
            const page = await fetch('https://cdn.jsdelivr.net/npm/from-page').then(() => true, () => false);
            const src = "fetch('https://cdn.jsdelivr.net/npm/from-worker')"
                + ".then(() => postMessage(true), () => postMessage(false))";
            const worker = new Worker(URL.createObjectURL(new Blob([src], {type: 'text/javascript'})));
            const fromWorker = await new Promise(resolve => { worker.onmessage = e => resolve(e.data); });
            return page || fromWorker;
        }""")
        page.wait_for_timeout(500)  # the events of the worker's failed request reach us
        assert answered is False, "a request to another host got an answer"
        assert {"https://cdn.jsdelivr.net/npm/from-page", "https://cdn.jsdelivr.net/npm/from-worker"} <= other_hosts


# The lesson tests come last: their lesson's pages (a module fixture) last to the end of the module.


def first_exercise() -> tuple[str, PuzzleDeal]:
    """The name and deal of the lesson's first exercise (a pass)."""
    cells = json.loads((ROOT / "lessons" / f"{LESSON}.ipynb").read_text(encoding="utf-8"))["cells"]
    name = re.findall(r"""Puzzle\(\s*["']([\w-]+)["']""", "".join("".join(c["source"]) for c in cells))[0]  # its first
    return name, PuzzleDeal.load(ROOT / "lessons" / "deals" / f"{name}.json")


@dataclass
class LessonBesideTable:
    """The table page and, opened after it in the same browser (one drive), the lesson in JupyterLite with all its
    cells run; the requests to other hosts both made; how long the lesson took to show its first exercise's cards
    and how many Run All Cells it took."""

    table: Any
    lesson: Any
    other_hosts: set[str]
    load_s: float
    tries: int


@pytest.fixture(scope="module")
def lesson_beside_table(site_url: str, site_browser: Any,
                        tmp_path_factory: pytest.TempPathFactory) -> Iterator[LessonBesideTable]:
    """One JupyterLite lesson (a Pyodide kernel booted, the lesson's cells run) for the two tests that need one:
    the lesson's exercise is answered in it, and its practice panel writes the drive beside the table page (the
    exercise writes nothing there)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    shots = tmp_path_factory.mktemp("site-lesson")
    name, _deal = first_exercise()
    with offline_context_page(site_browser, site_url) as (table, other_hosts):
        table.goto(f"{site_url}{PLAY}")
        table.wait_for_selector(ENABLED_CARD, timeout=LOAD_TIMEOUT_MS)
        page = table.context.new_page()
        start = time.perf_counter()
        page.goto(f"{site_url}notebooks/index.html?path={LESSON}.ipynb")
        # the notebook's cells are on the page before "Run All Cells" (else, on a busy machine, it runs nothing)
        page.locator(".jp-Notebook .jp-CodeCell").first.wait_for(timeout=LOAD_TIMEOUT_MS)
        box = page.locator(f".ht-puzzle-{name}")
        tries = 0
        while True:  # a "Run All Cells" sent before JupyterLite's kernel is ready may run nothing: once more then
            tries += 1
            page.get_by_role("menuitem", name="Run").click(timeout=LOAD_TIMEOUT_MS)
            page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
            try:
                box.locator(".ht-card").first.wait_for(timeout=LOAD_TIMEOUT_MS // 2)
                break
            except PlaywrightTimeout:
                page.screenshot(path=str(shots / f"site_lesson_stalled_{tries}.png"))
                assert page.locator(PYTHON_ERRORS).count() == 0, page.locator(PYTHON_ERRORS).all_inner_texts()
                if tries == 2:
                    raise
                accept = page.locator(".jp-Dialog .jp-mod-accept")  # e.g. a kernel chooser left open
                if accept.count():
                    accept.first.click()
        yield LessonBesideTable(table, page, other_hosts, round(time.perf_counter() - start, 1), tries)


def test_a_lesson_runs_in_jupyterlite_and_its_puzzle_is_answered(lesson_beside_table: LessonBesideTable,
                                                                 tmp_path: Path) -> None:
    from playwright.sync_api import expect

    name, deal = first_exercise()
    assert deal.exercise.kind == "pass"
    page, other_hosts = lesson_beside_table.lesson, lesson_beside_table.other_hosts
    page.bring_to_front()
    box = page.locator(f".ht-puzzle-{name}")
    for code in (card_str(c) for c in deal.exercise.answer):
        box.locator(f".ht-card-{code}").click()
    box.locator(".ht-puzzle-submit").click()
    expect(box.locator(".ht-puzzle-verdict")).to_contain_text(RIGHT_WORDS, timeout=STEP_TIMEOUT_MS)
    expect(box.locator(".ht-puzzle-answer")).to_contain_text(deal.exercise.why[:40], timeout=STEP_TIMEOUT_MS)
    page.screenshot(path=str(tmp_path / "site_lesson.png"))
    assert page.locator(PYTHON_ERRORS).count() == 0, page.locator(PYTHON_ERRORS).all_inner_texts()
    assert not other_hosts, f"{len(other_hosts)} requests to other hosts: {sorted(other_hosts)[:10]}"
    print(f"\nsite lesson: open to the puzzle's cards in {lesson_beside_table.load_s} s "
          f"({lesson_beside_table.tries} Run All); blocked requests: {len(other_hosts)}")


DRIVE_DB_JS = """async () => {
    const storage = await import(new URL("storage.js", location.href).href);
    const files = await storage.readFolder(await storage.openDrive(), ".hearts_tutor");
    const db = files.find((f) => f.path.endsWith("/learner.sqlite3"));
    return db ? btoa(Array.from(db.data, (b) => String.fromCharCode(b)).join("")) : "";
}"""


def drive_attempts(page) -> list[tuple[str, str | None]]:  # type: ignore[no-untyped-def]
    """(source, puzzle id) of each attempt in the learner database on the drive now (what a reload reads)."""
    import base64
    import sqlite3

    data = base64.b64decode(page.evaluate(DRIVE_DB_JS))
    if not data:
        return []
    conn = sqlite3.connect(":memory:")
    conn.deserialize(data)
    try:
        return [(str(s), p) for s, p in conn.execute("SELECT source, puzzle_id FROM attempts ORDER BY time")]
    finally:
        conn.close()


def test_a_lesson_and_the_table_page_open_at_once_keep_each_others_attempts(
        lesson_beside_table: LessonBesideTable) -> None:
    """The table page and a lesson's kernel each keep the learner database in memory and write it whole to the
    drive: before writing, each takes in what the other wrote since it read the file, so neither drops the other's
    attempts (a table move, a lesson's puzzle), whichever writes last."""
    from playwright.sync_api import expect

    table, lesson = lesson_beside_table.table, lesson_beside_table.lesson
    other_hosts = lesson_beside_table.other_hosts
    # the table page read the drive before the lesson opened (the fixture)
    lesson.bring_to_front()
    practice = lesson.locator(".ht-practice-panel")

    def give_up_a_lesson_puzzle() -> None:  # a rated miss: an attempt of source "puzzle"
        practice.locator(".ht-puzzle-reveal").click(timeout=LOAD_TIMEOUT_MS)
        expect(practice.locator(".ht-feedback")).to_contain_text("The coach's answer", timeout=STEP_TIMEOUT_MS)

    give_up_a_lesson_puzzle()  # the lesson writes after the table page read the drive
    assert [s for s, _p in drive_attempts(table)] == ["puzzle"]
    table.bring_to_front()
    pass_three_cards(table)  # the table page files its graded pass: an attempt of source "table"
    expect(table.locator("#ht-saved")).to_have_attribute("data-state", "saved", timeout=STEP_TIMEOUT_MS)
    deadline = time.monotonic() + 60
    while "table" not in (sources := [s for s, _p in drive_attempts(table)]):
        assert time.monotonic() < deadline, f"the table's graded pass never reached the drive: {sources}"
        table.wait_for_timeout(500)
    assert sorted(sources) == ["puzzle", "table"], "the table page kept the lesson's attempt"

    lesson.bring_to_front()
    practice.locator(".ht-next-puzzle").click()  # the lesson writes again, after the table page
    give_up_a_lesson_puzzle()
    sources = [s for s, _p in drive_attempts(table)]
    assert sorted(sources) == ["puzzle", "puzzle", "table"], f"the lesson kept the table's attempt: {sources}"
    assert lesson.locator(PYTHON_ERRORS).count() == 0, lesson.locator(PYTHON_ERRORS).all_inner_texts()
    assert not other_hosts, f"{len(other_hosts)} requests to other hosts: {sorted(other_hosts)[:10]}"
