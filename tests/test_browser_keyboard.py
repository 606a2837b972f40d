"""The table with the keyboard alone, and an axe-core audit of the page (issue 23, point 3).

A whole hand is played with Tab, Enter and Space (no mouse): the pass, a hint, telepathy, every card; once a
card is played the focus goes to a card of the hand, not back to the top of the page. The focused control shows
a clear outline, and each card button's accessible name says the card (and, when it
cannot be played, why). The audit injects axe-core (the copy bundled by the ``axe-playwright-python`` package of
the ``test`` extra) and allows no serious or critical violation; its full result goes to ``axe.json`` in the
test's tmp_path and is printed.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from browser_util import ENABLED_CARD, page_of, play_server, require_browser
from test_browser_resume import finished_hand, learner_card

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(300)]

CARD_NAME = re.compile(r"^(2|3|4|5|6|7|8|9|10|Jack|Queen|King|Ace) of (clubs|diamonds|spades|hearts)")


def tab_to(page, selector: str, limit: int = 400) -> None:  # type: ignore[no-untyped-def]
    """Press Tab until the focused element matches ``selector`` (the page's widgets may still be updating)."""
    for _ in range(limit):
        if page.evaluate("s => !!document.activeElement && document.activeElement.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def focus_outline(page) -> str:  # type: ignore[no-untyped-def]
    """The focused element's outline as shown: its style and its width in screen pixels (the table may be drawn
    zoomed: the width times the element's CSS zoom), rounded to a tenth."""
    return str(page.evaluate("() => { const e = document.activeElement, s = getComputedStyle(e); "
                             "const px = parseFloat(s.outlineWidth) * (e.currentCSSZoom || 1); "
                             "return s.outlineStyle + ' ' + (Math.round(px * 10) / 10) + 'px'; }"))


def test_a_whole_hand_with_the_keyboard_alone(tmp_path: Path, browser: Any) -> None:
    require_browser()
    from playwright.sync_api import expect
    data = tmp_path / "data"
    env = {"HEARTS_TUTOR_SPEED": "test", "HEARTS_TUTOR_SEED": "11", "HEARTS_TUTOR_DATA_DIR": str(data)}
    with play_server(tmp_path, env, one_page=True) as url, page_of(browser) as (page, problems):
        page.goto(url)
        page.wait_for_selector(ENABLED_CARD, timeout=60_000)
        codes = [re.search(r"ht-card-(\w\w)", c.get_attribute("class") or "").group(1)  # type: ignore[union-attr]
                 for c in page.locator(".ht-card").all()]
        expect(page.locator(f".ht-card-{codes[0]}")).to_have_accessible_name(CARD_NAME)
        # ---- the pass: three cards chosen with Enter and Space, then the pass button
        for code, key in zip(codes[:3], ("Enter", "Space", "Enter"), strict=True):
            tab_to(page, f".ht-card-{code}")
            assert focus_outline(page) == "solid 3px", "the focused card shows a clear outline"
            page.keyboard.press(key)
            page.wait_for_selector(f".ht-card-{code}.ht-selected")
        expect(page.locator(f".ht-card-{codes[0]}")).to_have_accessible_name(re.compile("chosen to pass$"))
        tab_to(page, ".ht-pass:not([disabled])")
        assert focus_outline(page) == "solid 3px"
        page.keyboard.press("Enter")
        page.wait_for_selector(".ht-pass", state="detached")
        # ---- every card, with a hint and a look into a bot's mind on the way
        played, after, saw_blocked = 0, -1, False
        while (turn := learner_card(data, after)) is not None:
            code, after = turn
            if played == 2:
                tab_to(page, ".ht-hint")
                page.keyboard.press("Enter")
                page.wait_for_function("document.querySelector('.ht-coach').innerText.includes('Hint:')",
                                       timeout=30_000)
            if played == 3:
                tab_to(page, ".ht-seat-1")
                page.keyboard.press("Enter")
                page.wait_for_selector(".ht-telepathy .ht-step", timeout=10_000)
                steps = page.locator(".ht-telepathy .ht-step").count()
                if page.get_by_role("button", name="Next step ▶").is_enabled():
                    tab_to(page, ".ht-telepathy button:not([disabled])")  # Next step ▶ comes first
                    page.keyboard.press("Enter")
                    page.wait_for_function(f"document.querySelectorAll('.ht-telepathy .ht-step').length > {steps}")
            blocked = page.locator(".ht-card[disabled]")
            if not saw_blocked and blocked.count():
                expect(blocked.first).to_have_accessible_name(re.compile(CARD_NAME.pattern + " — cannot play: .+"))
                saw_blocked = True
            tab_to(page, f".ht-card-{code}:not([disabled])")
            page.keyboard.press("Enter")
            page.wait_for_selector(f".ht-card-{code}", state="detached", timeout=30_000)
            played += 1
            if played == 1:  # the focus stays in the hand: the next card to play is one Tab or Enter away
                page.wait_for_function("document.activeElement && "
                                       f"document.activeElement.matches('{ENABLED_CARD}')", timeout=30_000)
        page.wait_for_selector(".ht-action", timeout=30_000)
        page.screenshot(path=str(tmp_path / "keyboard_hand.png"), full_page=True)
        assert played == 13 and saw_blocked
        assert len(finished_hand(data)["plays"]) == 52
        assert not problems


def run_axe(page) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    import axe_playwright_python  # the test extra: it bundles axe-core (a missing package fails the test)

    page.add_script_tag(path=str(Path(axe_playwright_python.__file__).parent / "axe.min.js"))
    return dict(page.evaluate("async () => { const r = await axe.run(document, "
                              "{resultTypes: ['violations', 'incomplete']}); "
                              "return {version: r.testEngine.version, violations: r.violations, "
                              "incomplete: r.incomplete}; }"))


def test_axe_finds_no_serious_or_critical_violation(tmp_path: Path, browser: Any) -> None:
    require_browser()
    env = {"HEARTS_TUTOR_SPEED": "test", "HEARTS_TUTOR_SEED": "11", "HEARTS_TUTOR_DATA_DIR": str(tmp_path / "d")}
    audits = {}
    with play_server(tmp_path, env, one_page=True) as url, page_of(browser) as (page, problems):
        page.goto(url)
        page.wait_for_selector(ENABLED_CARD, timeout=60_000)
        audits["deal"] = run_axe(page)
        for i in range(3):
            page.locator(".ht-card").nth(i).click()
        page.locator(".ht-pass:not([disabled])").click()
        page.wait_for_selector(".ht-pass", state="detached")
        page.locator(".ht-hint").click()
        page.locator(".ht-seat-1").click()
        page.wait_for_selector(".ht-telepathy .ht-step", timeout=10_000)
        page.locator(".ht-toolbar .widget-toggle-button").first.click()  # the score pad
        audits["playing, with hint, telepathy and score pad"] = run_axe(page)
        page.locator(".ht-practice").click()  # a puzzle on the felt, answered, with its feedback
        page.wait_for_selector(".ht-puzzle .ht-pfelt .ht-puzzle-card", timeout=30_000)
        page.locator(".ht-puzzle-reveal").click()
        page.wait_for_selector(".ht-feedback table", timeout=30_000)
        audits["practice: a puzzle on the felt, its answer shown"] = run_axe(page)
        assert not problems
    (tmp_path / "axe.json").write_text(json.dumps(audits, indent=1))
    bad = []
    for state, result in audits.items():
        print(f"axe-core {result['version']}, {state}:")
        for kind in ("violations", "incomplete"):
            for rule in result[kind]:
                print(f"  {kind}: {rule['id']} ({rule['impact']}) x{len(rule['nodes'])}")
                if kind == "violations" and rule["impact"] in ("serious", "critical"):
                    bad.append(f"{state}: {rule['id']} {[n['target'] for n in rule['nodes'][:5]]}")
    assert not bad, bad
