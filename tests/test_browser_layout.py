"""The table fits the screen: on a laptop, a tablet and a phone every card of the hand can be seen and clicked.

Chromium through Playwright (see ``browser_util``). At each window size: no card of the learner's hand is cut
off or covered where it shows, the coach panel is inside the window (beside the felt when there is room, under it
when not), no toolbar button is cut short, and the page does not scroll sideways. On a phone the learner
passes and plays by clicking the small cards. A three-player hand (17 cards) fits too, and so does a table in a
narrow notebook column.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from browser_util import page_of, play_server, require_browser, voila_server

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(240)]

# (width, height, where the coach should be)
SIZES = [(1366, 700, "beside"), (1280, 900, "beside"), (1024, 768, "beside"), (768, 1024, "under"),
         (390, 844, "under")]

LAYOUT_JS = """() => {
  const W = document.documentElement.clientWidth;
  const box = el => { const b = el.getBoundingClientRect();
                      return {left: b.left, right: b.right, top: b.top, bottom: b.bottom}; };
  const truncated = [...document.querySelectorAll('.ht-toolbar .jupyter-button')]
      .filter(b => b.scrollWidth > b.clientWidth + 1).map(b => b.innerText);
  return {W, scrollWidth: document.documentElement.scrollWidth, truncated,
          felt: box(document.querySelector('.ht-felt')), coach: box(document.querySelector('.ht-coach'))};
}"""

# The felt's words drawn under 8 px (font size times the zoom of the felt and of the table).
FONTS_JS = """() => {
  const zoom = el => { let z = 1;
                       for (let p = el; p; p = p.parentElement) z *= parseFloat(getComputedStyle(p).zoom) || 1;
                       return z; };
  return ['.ht-seatinfo', '.ht-level', '.htb-count', '.ht-status', '.ht-last-trick', '.ht-avatar', '.ht-finish']
    .map(sel => [sel, document.querySelector(sel)]).filter(([, el]) => el)
    .map(([sel, el]) => [sel, parseFloat(getComputedStyle(el).fontSize) * zoom(el)]).filter(([, px]) => px < 8);
}"""

# True when an ancestor that clips its overflow (a scrolling box) hides part of the element's width.
CLIPPED_JS = """const clipped = (el) => {
  const b = el.getBoundingClientRect();
  for (let p = el.parentElement; p && p !== document.documentElement; p = p.parentElement) {
    const s = getComputedStyle(p);
    if (s.overflowX === 'visible') continue;
    const r = p.getBoundingClientRect();
    if (b.left < r.left - 0.5 || b.right > r.right + 0.5) return true;
  }
  return false;
};"""

# Where on each card a player would click: the strip that shows before the next card covers it (a long hand
# goes in two rows: the first card of the second row covers nothing of the last card of the first).
HIT_JS = """(card) => {
  const b = card.getBoundingClientRect();
  const next = card.nextElementSibling && card.nextElementSibling.getBoundingClientRect();
  const covers = next && next.left > b.left && next.top < b.bottom && next.bottom > b.top;
  const right = covers ? Math.min(b.right, next.left) : b.right;
  const x = (b.left + right) / 2, y = b.top + b.height / 2;
  const hit = document.elementFromPoint(x, y);
  return {left: b.left, right: b.right, x, y, strip: right - b.left, hit: !!hit && card.contains(hit)};
}"""


def hand_problems(page: Any) -> list[str]:
    """Every card of the hand that is outside the window, cut by a scrolling box, or covered where it shows."""
    # first the clipping, before any scrolling could bring a cut card into its box's view
    problems = [f"{name} is cut off by a scrolling box" for name in page.evaluate(
        "() => {" + CLIPPED_JS + " return [...document.querySelectorAll('.ht-card')].filter(clipped)"
        ".map(c => c.className.match(/ht-card-\\w\\w/)[0]); }")]
    width = page.evaluate("document.documentElement.clientWidth")
    for card in page.locator(".ht-card").element_handles():
        card.scroll_into_view_if_needed()
        spot = card.evaluate(HIT_JS)
        name = next((c for c in (card.get_attribute("class") or "").split() if c.startswith("ht-card-")), "a card")
        if spot["left"] < 0 or spot["right"] > width:
            problems.append(f"{name} is cut off: {spot['left']:.0f}-{spot['right']:.0f} in a {width} px window")
        elif spot["strip"] < 8 or not spot["hit"]:
            problems.append(f"{name} cannot be clicked where it shows ({spot})")
    return problems


def test_table_fits_every_window(tmp_path: Path, browser: Any) -> None:
    require_browser()
    env = {"HEARTS_TUTOR_SPEED": "test", "HEARTS_TUTOR_SEED": "5", "HEARTS_TUTOR_DATA_DIR": str(tmp_path / "data")}
    with play_server(tmp_path, env, one_page=True) as url, page_of(browser, SIZES[0][:2]) as (page, problems):
        page.goto(url)
        page.wait_for_selector(".ht-card:not([disabled])", timeout=60_000)
        for width, height, coach_at in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(300)
            page.screenshot(path=str(tmp_path / f"table_{width}x{height}.png"))
            where = f"at {width}x{height}"
            layout = page.evaluate(LAYOUT_JS)
            assert layout["scrollWidth"] <= layout["W"], f"the page scrolls sideways {where}: {layout}"
            assert not layout["truncated"], f"toolbar buttons cut short {where}: {layout['truncated']}"
            felt, coach = layout["felt"], layout["coach"]
            assert felt["left"] >= 0 and felt["right"] <= layout["W"], f"the felt is cut off {where}: {felt}"
            assert coach["left"] >= 0 and coach["right"] <= layout["W"], f"the coach is cut off {where}: {coach}"
            if coach_at == "beside":
                assert coach["left"] >= felt["right"] - 1, f"the coach should sit beside the felt {where}"
            else:
                assert coach["top"] >= felt["bottom"] - 1, f"the coach should sit under the felt {where}"
            assert not hand_problems(page), f"{where}: {hand_problems(page)}"
            if width < 600:  # a phone: the felt is laid out again, not just zoomed, so cards stay big enough to tap
                card = page.locator(".ht-card").first.bounding_box()
                assert card and card["width"] >= 34, f"cards are {card and card['width']:.0f} px wide {where}"
                small = page.evaluate(FONTS_JS)
                assert not small, f"words on the felt shown smaller than 8 px {where}: {small}"

        # on the phone: choose three cards and pass, then play a card, all by clicking where the cards show
        for card in page.locator(".ht-card").element_handles()[:3]:
            card.scroll_into_view_if_needed()
            spot = card.evaluate(HIT_JS)
            page.mouse.click(spot["x"], spot["y"])
        page.wait_for_function("document.querySelectorAll('.ht-card.ht-selected').length === 3")
        page.locator(".ht-pass").click()
        page.wait_for_selector(".ht-pass", state="detached")
        page.wait_for_selector(".ht-card:not([disabled])", timeout=30_000)
        before = page.locator(".ht-card").count()
        card = page.locator(".ht-card:not([disabled])").first.element_handle()
        card.scroll_into_view_if_needed()
        spot = card.evaluate(HIT_JS)
        page.mouse.click(spot["x"], spot["y"])
        page.wait_for_function(f"document.querySelectorAll('.ht-card').length === {before - 1}", timeout=10_000)
        assert not problems, problems


def _notebook(path: Path, source: str) -> Path:
    cell = {"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [], "source": source}
    path.write_text(json.dumps({"cells": [cell], "metadata": {"kernelspec": {
        "name": "python3", "display_name": "Python 3", "language": "python"}}, "nbformat": 4, "nbformat_minor": 5}))
    return path


AVATARS_JS = """(table) => {""" + CLIPPED_JS + """
  return [...table.querySelectorAll('.ht-avatar')].filter(clipped).map(a => a.innerText); }"""


def test_long_hand_big_table_and_narrow_column(tmp_path: Path, browser: Any) -> None:
    """Seventeen cards (three players) all show; eleven players all show; in a 700-pixel column the table is
    drawn smaller, all of it."""
    require_browser()
    nb = _notebook(tmp_path / "tables.ipynb", "from hearts_tutor.engine.rules import Rules\n"
                   "from hearts_tutor.table import Table\n"
                   "display(Table(Rules.preset('n_player'), seed=3, speed='test'))\n"
                   "Table(Rules.preset('cancellation', players=11), seed=3, speed='test')")
    with voila_server(nb, tmp_path) as url, page_of(browser, (1280, 900)) as (page, problems):
        page.goto(url)
        page.wait_for_function("document.querySelectorAll('.ht-table').length === 2 && "
                               "document.querySelectorAll('.ht-card:not([disabled])').length > 20", timeout=60_000)
        three, eleven = page.locator(".ht-table").element_handles()
        assert len(three.query_selector_all(".ht-card")) == 17
        assert not hand_problems(page)
        assert eleven.evaluate(AVATARS_JS) == [], "every seat of an eleven-player table shows whole"
        assert len(eleven.query_selector_all(".ht-avatar")) == 11
        height = eleven.evaluate("(t) => t.querySelector('.ht-felt').getBoundingClientRect().bottom"
                                 " - t.getBoundingClientRect().top")
        assert height <= 900, f"an eleven-player table is {height:.0f} px tall: its hand is off a laptop screen"
        page.evaluate("document.querySelector('.ht-table').parentElement.style.width = '700px'")
        page.wait_for_timeout(300)
        page.screenshot(path=str(tmp_path / "three_players_narrow.png"))
        felt = three.evaluate("(t) => { const b = t.querySelector('.ht-felt').getBoundingClientRect();"
                              " const p = t.getBoundingClientRect(); return [b.left, b.right, p.left, p.right]; }")
        assert felt[0] >= felt[2] and felt[1] <= felt[3] + 1, f"the felt overflows its 700 px column: {felt}"
        assert not hand_problems(page)
        assert not problems, problems
