"""The defects of the last play-throughs (issue 23), measured in Chromium at a laptop and a phone held both ways.

- Seventeen cards (three players): the "10" index of a card is not cut by the next card, and a raised (chosen)
  card leaves each neighbour a strip wide enough to tap.
- At the end of a hand whose review is long, the score pad that opens is in sight.
- A phone held sideways (844x390): the page does not scroll while a hand is played.
- Cancellation: when the trick holds cancelled cards, the status line names the card winning it so far.
- Every word on the felt (seat names and lines, the trick's and the last trick's cards, the status line, the hand's
  corners) shows at 11 px or more as drawn, the felt's zoom included, at all three sizes (issue 33).

Every table is a notebook served by Voila with the app's template (``voila_server``), so the rules, the seed and
the moves made before the page opens are chosen here.

Opening a table starts a kernel that plays the notebook, most of a test's time: a test that only looks at a table
shares one page of the notebook with the other sizes (``tables``: the page is resized, and the layout is CSS media
queries), the three hands played to their end load and finish at once (``hands_ended``), and the hand that must
hold still is played once, measured at each size at every turn (``whole_hand``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_util import CARD_CODE, ENABLED_CARD, new_page, require_browser, shown_words, voila_server

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(300)]

LAPTOP, PHONE, PHONE_SIDEWAYS = (1280, 800), (390, 844), (844, 390)
SIZES = [pytest.param(size, id=f"{size[0]}x{size[1]}") for size in (LAPTOP, PHONE, PHONE_SIDEWAYS)]
# WCAG 2.2 (success criterion 2.5.8, "target size (minimum)"): a target at least 24 CSS pixels across, the
# smallest that a finger hits reliably; the strip of a card that shows between its neighbours is its target
TAP = 24

_PRELUDE = ("from hearts_tutor.engine.hand import Phase\nfrom hearts_tutor.engine.rules import Rules\n"
            "from hearts_tutor.table import Table\n")
NOTEBOOKS = {  # none saves its game: the tables share a data directory, and a saved game adds a resume offer
    # three players, 17 cards each; seed 3 deals the learner 10♠ and 10♥
    "three": "t = Table(Rules.preset('n_player'), seed=3, speed='test', save=False)\nt",
    "four": "t = Table(seed=5, speed='test', save=False)\nt",
    # a hand played to its last card, always the learner's highest legal card: seven mistakes to review
    "review": ("t = Table(seed=5, mode='sync', speed='test', save=False)\nc = t.core\n"
               "for i in range(3):\n    c.click_card(i)\n"
               "c.pass_selected(confirmed=True)\nc.run_until_learner()\n"
               "while len(c.learner_view().hand) > 1:\n"
               "    c.play_card(c.learner_view().legal_plays()[-1])\n    c.run_until_learner()\nt"),
    # two tricks played, the third under way: the felt with every kind of word on it (seats, the trick, the last
    # trick, the hand); seed 5: Blue Otter leads the third trick, Yellow Bird and Red Fox follow (9♠, 2♠)
    "midhand": ("t = Table(seed=5, mode='sync', speed='test', save=False)\nc = t.core\n"
                "for i in range(3):\n    c.click_card(i)\n"
                "c.pass_selected(confirmed=True)\nc.run_until_learner()\n"
                "for _ in range(2):\n    c.play_card(c.learner_view().legal_plays()[0])\n    c.run_until_learner()\nt"),
    # Cancellation, seed 0: after the pass, the learner (last of eight) sees 10♣ 2♣ 9♣ 7♣ 6♥ 8♣ 10♣; the two
    # tens of clubs cancel and the nine of clubs is winning (found with the engine; CANCEL_SEED below)
    "cancel": ("t = Table(Rules.preset('cancellation'), seed=0, mode='sync', speed='test', grading=False,"
               " save=False)\n"
               "for i in range(3):\n    t.core.click_card(i)\n"
               "t.core.pass_selected(confirmed=True)\nt.core.run_until_learner()\nt"),
}


def _notebook(path: Path, source: str) -> None:
    cell = {"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [], "source": source}
    path.write_text(json.dumps({"cells": [cell], "metadata": {"kernelspec": {
        "name": "python3", "display_name": "Python 3", "language": "python"}}, "nbformat": 4, "nbformat_minor": 5}))


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """One Voila server for the module, on a folder of the notebooks above; yields its URL."""
    require_browser()
    root = tmp_path_factory.mktemp("defects")
    (root / "nb").mkdir()
    for name, source in NOTEBOOKS.items():
        _notebook(root / "nb" / f"{name}.ipynb", _PRELUDE + source)
    with voila_server(root / "nb", root, {"HEARTS_TUTOR_DATA_DIR": str(root / "data")}) as url:
        yield url


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the tests leave screenshots of what they measured."""
    return tmp_path_factory.mktemp("screenshots")


READY = ENABLED_CARD


def open_table(page: Any, server: str, name: str, ready: str = READY, *, wait: bool = True) -> None:
    """Open notebook ``name`` in ``page``; unless not ``wait``, wait until ``ready`` shows and the fonts are in."""
    page.goto(f"{server}voila/render/{name}.ipynb", wait_until="load" if wait else "commit")
    if wait:
        table_ready(page, ready)


def table_ready(page: Any, ready: str = READY) -> None:
    page.wait_for_selector(ready, timeout=120_000)
    page.wait_for_function("document.fonts.status === 'loaded'")


# True once the window has the size asked for and the boxes of the table and its cards have not moved for five
# frames in a row (``window.__htSettle`` holds the last boxes; ``resize`` clears it).
SETTLED_JS = """([w, h]) => {
  if (innerWidth !== w || innerHeight !== h) return false;
  const boxes = JSON.stringify([...document.querySelectorAll('.ht-table, .ht-table .ht-card, .ht-side')].map(e => {
    const r = e.getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; }));
  const s = window.__htSettle || (window.__htSettle = {boxes: '', same: 0});
  s.same = boxes === s.boxes ? s.same + 1 : 0;
  s.boxes = boxes;
  return s.same >= 5;
}"""


def resize(page: Any, size: tuple[int, int]) -> None:
    """Give ``page`` a window of ``size``, scrolled to its top as a page opened there is, once its layout settles."""
    if page.viewport_size == {"width": size[0], "height": size[1]}:
        return
    page.evaluate("() => { window.__htSettle = null; }")
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.evaluate("() => window.scrollTo(0, 0)")
    page.wait_for_function(SETTLED_JS, arg=list(size), polling="raf", timeout=10_000)



Table = Callable[[str, tuple[int, int]], tuple[Any, list[str]]]


@pytest.fixture(scope="module")
def tables(server: str, browser: Any) -> Table:
    """``tables(name, size)``: the page of notebook ``name`` (opened at the first call, at ``size``), resized to
    ``size``, and the list of its console errors since it opened. Only for tests that leave the game as it was."""
    opened: dict[str, tuple[Any, list[str]]] = {}

    def table(name: str, size: tuple[int, int]) -> tuple[Any, list[str]]:
        if name not in opened:
            page, problems = new_page(browser, size)
            open_table(page, server, name)
            opened[name] = page, problems
        page, problems = opened[name]
        resize(page, size)
        return page, problems

    return table


def _name(card: Any) -> str:
    return next((c for c in (card.get_attribute("class") or "").split() if c.startswith("ht-card-")), "a card")


# The "10" of a card's index: where its two glyphs are drawn, and what a click there would hit.
TEN_JS = """(card) => {
  const text = [...card.childNodes].find(n => n.nodeType === Node.TEXT_NODE && n.textContent.startsWith('10'));
  const range = document.createRange();
  range.setStart(text, 0); range.setEnd(text, 2);
  const g = range.getBoundingClientRect(), y = g.top + g.height / 2;
  const at = x => { const hit = document.elementFromPoint(x, y); return !!hit && card.contains(hit); };
  return {left: g.left, right: g.right, centre: at((g.left + g.right) / 2), end: at(g.right - 1)};
}"""


@pytest.mark.parametrize("size", SIZES)
def test_the_10_index_shows_whole_in_a_17_card_hand(tables: Table, size: tuple[int, int]) -> None:
    page, problems = tables("three", size)
    tens = [c for c in page.locator(".ht-card").element_handles() if (c.inner_text() or "").startswith("10")]
    assert len(tens) == 2, "seed 3 deals the learner two tens"
    for card in tens:
        card.scroll_into_view_if_needed()
        spot = card.evaluate(TEN_JS)
        assert spot["centre"] and spot["end"], f"the '10' of {_name(card)} is covered by the next card: {spot}"
    assert not problems, problems


# How wide a strip of ``card`` a click hits, along the card's middle line (one-pixel steps).
STRIP_JS = """(card) => {
  const b = card.getBoundingClientRect(), y = b.top + b.height / 2;
  let run = 0, best = 0;
  for (let x = Math.ceil(b.left); x < b.right; x++) {
    const hit = document.elementFromPoint(x, y);
    run = hit && card.contains(hit) ? run + 1 : 0;
    best = Math.max(best, run);
  }
  return best;
}"""


def click_strip(page: Any, card: Any) -> None:
    """Click ``card`` in the middle of the part of it that shows (a card under the next one is not hit at its
    centre)."""
    card.scroll_into_view_if_needed()
    box = card.bounding_box()
    for dx in range(int(box["width"]) - 2, 1, -2):  # from the right edge, the first point that hits the card
        x, y = box["x"] + dx, box["y"] + box["height"] / 2
        if page.evaluate("([x, y, c]) => c.contains(document.elementFromPoint(x, y))", [x, y, card]):
            page.mouse.click(x - 4, y)
            return
    over = page.evaluate("([x, y]) => { const e = document.elementFromPoint(x, y); return e ? e.outerHTML.slice(0, 160)"
                         " : 'nothing'; }", [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
    raise CardCovered(f"{_name(card)} cannot be clicked anywhere; at its centre is {over}")


class CardCovered(AssertionError):
    """No point of a card's middle line hits the card."""


@pytest.mark.parametrize("size", SIZES)
def test_a_raised_card_leaves_its_neighbours_room_to_tap(tables: Table, size: tuple[int, int], shots: Path) -> None:
    page, problems = tables("three", size)
    cards = page.locator(".ht-card").element_handles()
    assert len(cards) == 17
    middle = 8
    click_strip(page, cards[middle])
    try:
        page.wait_for_function("document.querySelectorAll('.ht-card.ht-selected').length === 1")
        page.wait_for_timeout(200)  # the card's rise is animated (0.12 s)
        page.screenshot(path=str(shots / f"raised_{size[0]}x{size[1]}.png"))
        for neighbour in (cards[middle - 1], cards[middle + 1]):
            neighbour.scroll_into_view_if_needed()
            strip = neighbour.evaluate(STRIP_JS)
            assert strip >= TAP, (f"beside the raised {_name(cards[middle])}, {_name(neighbour)} can be tapped on "
                                  f"a strip {strip} px wide (at least {TAP})")
    finally:  # the page goes on to the next size: the card is put back (a second click)
        if page.evaluate("document.querySelectorAll('.ht-card.ht-selected').length") == 1:
            click_strip(page, cards[middle])
            page.wait_for_function("document.querySelectorAll('.ht-card.ht-selected').length === 0")
    assert not problems, problems


# What of the score pad is in sight: inside the window and inside every box that clips it, and hit there.
SEEN_JS = """(pad) => {
  let top = 0, bottom = innerHeight;
  for (let p = pad.parentElement; p; p = p.parentElement) {
    if (getComputedStyle(p).overflowY === 'visible') continue;
    const r = p.getBoundingClientRect();
    if (p !== document.documentElement && p !== document.body) { top = Math.max(top, r.top);
                                                                   bottom = Math.min(bottom, r.bottom); }
  }
  const b = pad.getBoundingClientRect();
  const shown = Math.max(0, Math.min(b.bottom, bottom) - Math.max(b.top, top));
  const y = Math.max(b.top, top) + 10, hit = document.elementFromPoint(b.left + 20, y);
  return {top: b.top, bottom: b.bottom, height: b.height, shown, hit: !!hit && pad.contains(hit)};
}"""


Ended = dict[tuple[int, int], tuple[Any, list[str], BaseException | None]]


@pytest.fixture(scope="module")
def hands_ended(server: str, browser: Any) -> Ended:
    """At each size a page of its own, on the "review" notebook, where the learner has played the hand's last card;
    the pages load at once, and each card is played as soon as its page is ready, so the kernels play the notebooks
    and review the hands side by side. What went wrong at a size is left to the test at that size to raise."""
    pages = {size: new_page(browser, size) for size in (LAPTOP, PHONE, PHONE_SIDEWAYS)}
    for page, _ in pages.values():
        open_table(page, server, "review", wait=False)
    ended: Ended = {}
    for size, (page, problems) in pages.items():
        try:
            table_ready(page)
            last = page.locator(".ht-card").element_handles()
            assert len(last) == 1
            click_strip(page, last[0])
            ended[size] = page, problems, None
        except Exception as e:  # raised by the test at this size
            ended[size] = page, problems, e
    return ended


@pytest.mark.parametrize("size", SIZES)
def test_the_score_pad_is_in_sight_when_a_hand_ends(hands_ended: Ended, size: tuple[int, int], shots: Path) -> None:
    page, problems, error = hands_ended[size]
    if error is not None:
        raise error
    page.wait_for_selector(".ht-scorepad:visible", timeout=60_000)
    page.wait_for_function("document.querySelector('.ht-coach').innerText.includes('things to learn from')",
                           timeout=60_000)
    page.wait_for_timeout(300)
    page.screenshot(path=str(shots / f"hand_over_{size[0]}x{size[1]}.png"))
    seen = page.locator(".ht-scorepad").evaluate(SEEN_JS)
    assert seen["hit"] and seen["shown"] >= min(seen["height"], 150), (
        f"the score pad opened out of sight after the hand's review: {seen} in a {size} window")
    assert not problems, problems


# Every box from the table up to the page that scrolls, and by how much.
SCROLLS_JS = """() => {
  const out = [];
  for (let p = document.querySelector('.ht-table'); p; p = p.parentElement) {
    const s = getComputedStyle(p), page = p === document.scrollingElement;
    if (!page && s.overflowY !== 'auto' && s.overflowY !== 'scroll') continue;
    if (p.scrollHeight > p.clientHeight + 1) out.push(`${p.tagName}#${p.id}.${p.className}: `
        + `${p.scrollHeight} px in ${p.clientHeight}`);
  }
  const t = document.querySelector('.ht-table').getBoundingClientRect();
  if (t.bottom > innerHeight + 1) out.push(`the table ends at ${t.bottom.toFixed(0)} px of ${innerHeight}`);
  return out;
}"""


UNSCROLLED = (PHONE_SIDEWAYS, LAPTOP)
Scrolls = Callable[[str], tuple[dict[tuple[int, int], list[str]], dict[tuple[int, int], list[str]], list[str]]]
# For about half a second after the learner's pass the coach grades it (a line that a longer text then replaces):
# the moment the learner plays from, and at which the table is measured
GRADING_JS = "() => document.querySelector('.ht-coach').innerText.includes('Grading your move')"


def pass_three(page: Any) -> None:
    """Pass the first three cards, and wait until the learner may play."""
    for card in page.locator(".ht-card").element_handles()[:3]:
        click_strip(page, card)
    page.wait_for_function("document.querySelectorAll('.ht-card.ht-selected').length === 3")
    page.locator(".ht-pass").click()
    page.wait_for_selector(".ht-pass", state="detached")
    page.wait_for_selector(".ht-card:not([disabled])", timeout=60_000)


@pytest.fixture(scope="module")
def scrolls(server: str, browser: Any) -> Scrolls:
    """``scrolls(name)``: what scrolls on a table of notebook ``name`` at each size of ``UNSCROLLED`` while the
    learner passes, and then while the learner plays; and the page's console errors. Measured once, on one page
    resized (the cards passed at the first size), unless the coach's grade of the pass comes in before the table is
    measured at a later size: then a page at that size passes the cards itself."""
    measured: dict[str, Any] = {}

    def measure(name: str) -> Any:
        if name not in measured:
            page, problems = new_page(browser, UNSCROLLED[0])
            open_table(page, server, name)
            passing, playing = {}, {}
            for size in UNSCROLLED:
                resize(page, size)
                passing[size] = page.evaluate(SCROLLS_JS)
            resize(page, UNSCROLLED[0])
            pass_three(page)
            playing[UNSCROLLED[0]] = page.evaluate(SCROLLS_JS)
            grading = page.evaluate(GRADING_JS)
            for size in UNSCROLLED[1:]:
                resize(page, size)
                playing[size] = page.evaluate(SCROLLS_JS)
                if grading and not page.evaluate(GRADING_JS):
                    other, more = new_page(browser, size)
                    open_table(other, server, name)
                    pass_three(other)
                    playing[size] = other.evaluate(SCROLLS_JS)
                    other.context.close()
                    problems += more
            page.context.close()
            measured[name] = passing, playing, problems
        return measured[name]

    return measure


@pytest.mark.parametrize("size", [pytest.param(PHONE_SIDEWAYS, id="844x390"), pytest.param(LAPTOP, id="1280x800")])
@pytest.mark.parametrize("name", ["four", "three"])
def test_a_hand_is_played_without_scrolling(scrolls: Scrolls, size: tuple[int, int], name: str) -> None:
    """The phone held upright is left out: there the coach sits under the felt, and the page scrolls to it."""
    passing, playing, problems = scrolls(name)
    assert passing[size] == [], "the page scrolls while the learner passes"
    assert playing[size] == [], "the page scrolls while the learner plays"
    assert not problems, problems


CANCEL_SEED = 0  # Table(Rules.preset("cancellation"), seed=0): see the "cancel" notebook


def test_the_cancel_notebook_deals_cancelled_cards() -> None:
    """The deal the next test relies on, replayed with the engine alone: two tens of clubs cancel, 9♣ wins."""
    from hearts_tutor.engine.cards import card_str
    from hearts_tutor.engine.rules import Rules
    from hearts_tutor.table.core import TableCore
    from hearts_tutor.table.render import cancelled

    core = TableCore(Rules.preset("cancellation"), seed=CANCEL_SEED, mode="sync", speed="test", grading=False)
    for i in range(3):
        core.click_card(i)
    core.pass_selected(confirmed=True)
    core.run_until_learner()
    trick = core.learner_view().trick
    assert core.learner_to_play()
    assert [card_str(c) for c in trick] == ["TC", "2C", "9C", "7C", "6H", "8C", "TC"]
    assert [card_str(c) for c in cancelled(list(trick), 2)] == ["TC"]
    core.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_status_names_the_winning_card_when_cards_cancel(tables: Table, size: tuple[int, int],
                                                              shots: Path) -> None:
    page, problems = tables("cancel", size)
    page.locator(".ht-status").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / f"cancelled_{size[0]}x{size[1]}.png"))
    assert page.locator(".ht-trick .htc-cancelled").count() == 2
    status = page.locator(".ht-status").inner_text()
    assert "9♣" in status and "winning" in status, f"the status does not say that 9♣ is winning: {status!r}"
    assert not problems, problems


# ----- issue 33: a table that holds still, the review in view on a phone held sideways, a laptop's width used

HAND_TOP_JS = "() => document.querySelector('.ht-hand').getBoundingClientRect().top + scrollY"
# the heights of the rows of the felt, and of the boxes of its top row (what moved, when the hand moved)
ROWS_JS = ("() => [...document.querySelectorAll('.ht-felt > *, .ht-top > *, .ht-bottom > *')]"
           ".map(e => Math.round(e.getBoundingClientRect().height))")
STILL = 2  # pixels the hand's top edge may move over a whole hand


Still = dict[tuple[int, int], tuple[list[float], list[Any], list[str], BaseException | None]]


@pytest.fixture(scope="module")
def whole_hand(server: str, browser: Any, shots: Path) -> Still:
    """One page of the "four" notebook plays a whole hand (the clicks at the laptop's size); at the pass and at
    each of the learner's turns the page is resized to each size and the hand's top edge and the felt's rows are
    measured there (the layout is CSS media queries: a resized page lays out as one opened at that size). At each
    size: the tops, the rows, the page's console errors and what went wrong (raised by the test at that size)."""
    from playwright.sync_api import Error as PlaywrightError

    sizes = (LAPTOP, PHONE, PHONE_SIDEWAYS)
    tops: dict[tuple[int, int], list[float]] = {size: [] for size in sizes}
    rows: dict[tuple[int, int], list[Any]] = {size: [] for size in sizes}
    page, problems = new_page(browser, LAPTOP)
    error: BaseException | None = None

    def look() -> dict[tuple[int, int], tuple[float, Any]]:
        seen = {}
        for size in sizes:
            resize(page, size)
            seen[size] = page.evaluate(HAND_TOP_JS), page.evaluate(ROWS_JS)
        resize(page, LAPTOP)
        return seen

    def keep(seen: dict[tuple[int, int], tuple[float, Any]]) -> None:
        for size, (top, row) in seen.items():
            tops[size].append(top)
            rows[size].append(row)

    try:
        open_table(page, server, "four")
        page.wait_for_timeout(300)
        keep(look())
        misses: list[str] = []  # looks whose card was drawn again before the click
        pass_three(page)
        while True:
            page.wait_for_selector(f"{ENABLED_CARD}, .ht-action", timeout=60_000)
            if page.locator(".ht-action").count():
                break
            page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
            if not page.locator(ENABLED_CARD).count():  # the turn moved on between the two looks
                continue
            seen = look()
            cards = page.locator(ENABLED_CARD).element_handles()
            if not cards:
                continue
            code = CARD_CODE.search(cards[0].get_attribute("class") or "")
            assert code
            try:
                click_strip(page, cards[0])
            except (PlaywrightError, CardCovered) as e:  # drawn again between the look and the click: look again
                misses.append(str(e))
                assert len(misses) <= 20, f"the cards stayed unclickable: {misses[-3:]}"
                page.wait_for_timeout(100)
                continue
            keep(seen)
            page.wait_for_selector(f".ht-card-{code.group(1)}", state="detached", timeout=30_000)
        for size in sizes:
            resize(page, size)
            page.screenshot(path=str(shots / f"still_{size[0]}x{size[1]}.png"))
    except Exception as e:  # raised by the test at each size
        error = e
    page.context.close()
    return {size: (tops[size], rows[size], problems, error) for size in sizes}


@pytest.mark.parametrize("size", SIZES)
def test_the_hand_holds_still_over_a_whole_hand(whole_hand: Still, size: tuple[int, int]) -> None:
    """The hand's top edge is measured at the pass and at each of the learner's thirteen turns: the status line,
    the hearts-broken line, the seats and the last trick keep their heights, so the cards never shift under the
    pointer."""
    tops, rows, problems, error = whole_hand[size]
    if error is not None:
        raise error
    assert len(tops) == 14, tops
    assert max(tops) - min(tops) <= STILL, (f"the hand's top edge moved between {min(tops):.0f} and {max(tops):.0f} "
                                           f"px: {[round(t) for t in tops]}, rows {rows}")
    assert not problems, problems


# Whether ``el`` shows in the window at the page's scroll, and the boxes between it and the page that scroll.
IN_VIEW_JS = """(el) => {
  const r = el.getBoundingClientRect(), boxes = [];
  for (let p = el.parentElement; p && !p.classList.contains('ht-table'); p = p.parentElement) {  // the table's
    const s = getComputedStyle(p);
    if ((s.overflowY === 'auto' || s.overflowY === 'scroll') && p.scrollHeight > p.clientHeight + 1)
      boxes.push(`${p.className.slice(0, 80)}: ${p.scrollHeight} px in ${p.clientHeight}`);
  }
  return {top: r.top, bottom: r.bottom, height: innerHeight, boxes};
}"""


def test_the_review_is_in_view_at_hand_end_on_a_phone_held_sideways(hands_ended: Ended, shots: Path) -> None:
    page, problems, error = hands_ended[PHONE_SIDEWAYS]
    if error is not None:
        raise error
    review = page.locator(".ht-coach p", has_text="things to learn from")
    review.wait_for(timeout=60_000)
    page.wait_for_timeout(300)
    page.screenshot(path=str(shots / "review_844x390.png"))
    seen = review.evaluate(IN_VIEW_JS)
    assert not seen["boxes"], f"the review is in a box that scrolls: {seen['boxes']}"
    assert seen["top"] >= 0 and seen["bottom"] <= seen["height"], f"the review's first line is out of view: {seen}"
    mistake = page.locator(".ht-coach .ht-flag.warning").first.evaluate(IN_VIEW_JS)
    assert mistake["top"] < mistake["height"] - 20, f"the first mistake is out of view: {mistake}"
    assert not problems, problems


def test_a_laptop_window_is_used_to_its_width(tables: Table) -> None:
    page, problems = tables("four", LAPTOP)
    used = page.evaluate("() => [document.querySelector('.ht-table').getBoundingClientRect().right, innerWidth]")
    assert used[0] >= used[1] - 40, f"the table ends at {used[0]:.0f} px of a {used[1]} px window"
    assert not problems, problems


# Every word drawn on the felt, at the size it shows: its font size times the scale its box is drawn at (the box's
# width on screen, CSS zoom and transforms included, over its width in its own CSS pixels; measured on the nearest
# box at least 24 pixels wide, whose whole-pixel offsetWidth makes the ratio exact enough), and what it labels.
LEGIBLE = 11  # CSS pixels: the smallest a word on the felt may show
FELT_KINDS = [(".ht-avatar", "seat name"), (".ht-seatinfo", "seat line"), (".ht-trickarea .htc", "trick card"),
              (".ht-lt-who", "last trick name"), (".ht-last-trick .htc", "last trick card"),
              (".ht-last-trick", "last trick"), (".ht-status", "status"), (".ht-cardbtn", "hand card")]


@pytest.mark.parametrize("size", SIZES)
def test_every_word_on_the_felt_is_legible(tables: Table, size: tuple[int, int], shots: Path) -> None:
    """Seat names and lines, the trick's and the last trick's cards, the names over them, the status line and the
    hand's corners all show at 11 px or more, as drawn (a felt zoomed to fit counts at its zoom)."""
    page, problems = tables("midhand", size)
    page.screenshot(path=str(shots / f"words_{size[0]}x{size[1]}.png"))
    labels = shown_words(page.locator(".ht-felt"), FELT_KINDS)
    kinds = {label["kind"] for label in labels}
    assert kinds >= {"seat name", "seat line", "trick card", "last trick name", "last trick card", "status",
                     "hand card"}, f"the felt does not show what it should: {sorted(kinds)}"
    smallest = {kind: min(round(label["px"], 1) for label in labels if label["kind"] == kind) for kind in kinds}
    print(f"smallest words on the felt at {size[0]}x{size[1]}: {smallest}")
    small = [f"{label['kind']} {label['text']!r}: {label['px']:.1f} px" for label in labels if label["px"] < LEGIBLE]
    assert not small, f"words on the felt under {LEGIBLE} px at {size[0]}x{size[1]}: {small[:8]}; smallest {smallest}"
    assert not problems, problems
