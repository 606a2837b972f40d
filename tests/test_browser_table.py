"""The table in a real browser: ``hearts-tutor play`` (Voila) driven by Playwright through Debian's Chromium.

Plays whole hands by clicking: selects and unselects cards, passes, plays every card of a hand, opens
telepathy, asks for a hint, finishes a hand with the cup of joe, reaches the score pad, starts a new game and
opens the settings to play another preset, and finds its statistics again in a new kernel.
No console error may appear. Screenshots go to the test's tmp_path; the load and click times are printed and
written to ``browser_metrics.json`` there (measured, not asserted: see the brief's targets).
"""

from __future__ import annotations

import json
import re
import statistics
import time
from pathlib import Path
from typing import Any

import pytest
from browser_util import CARD_CODE, ENABLED_CARD, page_of, play_server, require_browser

from hearts_tutor.engine.cards import parse_card
from hearts_tutor.table.art import card_face

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(240)]



def card_code(locator) -> str:  # type: ignore[no-untyped-def]
    match = CARD_CODE.search(locator.get_attribute("class") or "")
    assert match, "every card button carries ht-card-<CODE>"
    return match.group(1)


WATCH_JS = """([code, face]) => {
  window.__htClick = null; window.__htDone = null;
  document.addEventListener('click', e => { if (!window.__htClick && e.target.closest('.ht-card'))
      window.__htClick = performance.now(); }, {capture: true, once: true});
  const obs = new MutationObserver(() => {
    const status = document.querySelector('.ht-status');
    if (window.__htClick && !document.querySelector('.ht-card-' + code)
        && status && status.innerText.includes('You played ' + face)) {
      window.__htDone = performance.now(); obs.disconnect(); } });
  obs.observe(document.body, {childList: true, subtree: true, characterData: true});
}"""


def selected_count(page) -> int:  # type: ignore[no-untyped-def]
    return page.locator(".ht-card.ht-selected").count()


def test_play_hands_by_clicking(tmp_path: Path, browser: Any) -> None:
    require_browser()
    from playwright.sync_api import expect
    env = {"HEARTS_TUTOR_SPEED": "test", "HEARTS_TUTOR_SEED": "11", "HEARTS_TUTOR_DATA_DIR": str(tmp_path / "data")}
    shots = tmp_path / "screenshots"
    shots.mkdir()
    metrics: dict[str, object] = {}
    click_times: list[float] = []

    with play_server(tmp_path, env) as url, page_of(browser) as (page, problems):
        def shot(name: str) -> None:
            page.screenshot(path=str(shots / f"{name}.png"), full_page=True)

        start = time.perf_counter()
        page.goto(url)
        page.wait_for_selector(ENABLED_CARD, timeout=60_000)
        metrics["load_to_clickable_hand_s"] = round(time.perf_counter() - start, 3)
        assert page.locator(".ht-table").count() == 1
        expect(page.locator(".ht-card")).to_have_count(13)
        for name in ("ht-status", "ht-trick", "ht-last-trick", "ht-coach", "ht-hint", "ht-finish", "ht-new-game",
                     "ht-hearts-broken", "ht-seat-0", "ht-seat-1", "ht-seat-2", "ht-seat-3"):
            assert page.locator(f".{name}").count() == 1, name
        shot("01_deal")

        # ---- passing: select, refuse a fourth, unselect, reselect, pass
        cards = page.locator(".ht-card")
        for i in range(3):
            cards.nth(i).click()
        page.wait_for_function("document.querySelectorAll('.ht-card.ht-selected').length === 3")
        expect(page.locator(".ht-pass")).to_be_enabled()  # widget updates arrive one by one: expect retries
        expect(page.locator(".ht-pass")).to_contain_text("Pass left")
        cards.nth(3).click()  # a fourth card is refused with a reason
        page.wait_for_function("document.querySelector('.ht-status').innerText.includes('put it back')")
        assert selected_count(page) == 3
        cards.nth(0).click()  # unselect
        page.wait_for_function("document.querySelectorAll('.ht-card.ht-selected').length === 2")
        expect(page.locator(".ht-pass")).to_be_disabled()
        cards.nth(4).click()
        page.wait_for_function("document.querySelectorAll('.ht-card.ht-selected').length === 3")
        shot("02_pass_chosen")
        page.locator(".ht-pass").click()
        page.wait_for_selector(".ht-pass", state="detached")

        # ---- play every card of the first hand, with telepathy, a hint and a look at an illegal card
        played = 0
        saw_telepathy = saw_hint = saw_reason = False
        while True:
            page.wait_for_selector(f"{ENABLED_CARD}, .ht-action", timeout=30_000)
            if page.locator(".ht-action").count():
                break
            if not saw_reason and page.locator(".ht-card[disabled]").count():
                title = page.locator(".ht-card[disabled]").first.get_attribute("title") or ""
                assert title.strip(), "a disabled card says why as its tooltip"
                saw_reason = True
            if played == 2 and not saw_hint:
                page.locator(".ht-hint").click()
                page.wait_for_function("document.querySelector('.ht-coach').innerText.includes('Hint:')",
                                       timeout=30_000)
                saw_hint = True
                shot("04_hint")
            if played == 3 and not saw_telepathy:
                page.locator(".ht-seat-1").click()
                page.wait_for_selector(".ht-telepathy .ht-step", timeout=10_000)
                steps_before = page.locator(".ht-telepathy .ht-step").count()
                next_step = page.get_by_role("button", name="Next step ▶")
                if next_step.is_enabled():
                    next_step.click()
                    page.wait_for_function(f"document.querySelectorAll('.ht-telepathy .ht-step').length > "
                                           f"{steps_before}")
                shot("05_telepathy")
                page.get_by_role("button", name="Close").click()
                page.wait_for_selector(".ht-telepathy .ht-step", state="detached")
                saw_telepathy = True
            for _attempt in range(20):  # a card's element may be redrawn between finding and clicking it
                card = page.locator(ENABLED_CARD).first.element_handle()  # pinned: the click goes to this card
                code = card_code(card)
                # times the click in the page: from the click event to the new hand and status line
                page.evaluate(WATCH_JS, [code, card_face(parse_card(code))])
                try:
                    card.click(timeout=5_000)
                    break
                except Exception:
                    page.wait_for_timeout(100)
            try:
                page.wait_for_selector(f".ht-card-{code}", state="detached", timeout=10_000)
            except Exception:
                shot("99_failure")
                raise AssertionError(f"clicking {code} did not play it; the table says: "
                                     f"{page.locator('.ht-status').inner_text()!r} / "
                                     f"{page.locator('.ht-log').inner_text()!r}") from None
            page.wait_for_function("window.__htDone !== null")
            click_times.append(page.evaluate("window.__htDone - window.__htClick") / 1000)
            played += 1
            if played == 1:
                shot("03_first_play")
        assert played == 13, f"the learner played {played} cards in the first hand"
        assert saw_telepathy and saw_hint
        page.wait_for_selector(".ht-scorepad", state="visible")
        expect(page.locator(".ht-scorepad")).to_contain_text(re.compile(r"Hand 1(?! so far)"))
        shot("06_hand_over_scorepad")

        # ---- the second hand: pass, then the cup of joe finishes it
        page.locator(".ht-action").click()
        page.wait_for_selector(".ht-pass", timeout=30_000)
        cards = page.locator(".ht-card")
        for i in range(3):
            cards.nth(i).click()
        page.wait_for_function("document.querySelectorAll('.ht-card.ht-selected').length === 3")
        page.locator(".ht-pass").click()
        page.wait_for_selector(".ht-pass", state="detached")
        page.locator(".ht-finish").click()
        page.wait_for_selector(".ht-action", timeout=60_000)  # "Next hand": the computer finished the hand
        expect(page.locator(".ht-scorepad")).to_contain_text(re.compile(r"Hand 2(?! so far)"))  # the whole hand
        shot("07_after_finish")
        expect(page.locator(".ht-card")).to_have_count(0)

        # ---- a new game
        page.locator(".ht-new-game").click()
        page.wait_for_function("document.querySelectorAll('.ht-card').length === 13", timeout=30_000)
        expect(page.locator(".ht-scorepad")).not_to_contain_text(re.compile(r"Hand 1(?! so far)"))  # a clean pad
        expect(page.locator(".ht-status")).to_contain_text("Choose 3 cards")
        shot("08_new_game")
        assert not problems, problems

        # ---- the settings panel (built when first opened): another preset starts a new game with its rules
        expect(page.locator(".ht-rules-line")).not_to_contain_text("jack of diamonds")
        page.get_by_role("button", name="Settings").click()
        settings = page.locator(".ht-settings")
        expect(settings).to_be_visible()
        settings.locator(".widget-dropdown", has_text="Preset").locator("select").select_option(
            label="Omnibus (jack of diamonds -10)")
        expect(settings.get_by_label("Jack of diamonds", exact=True)).to_have_value("-10 points")  # the preset's
        page.get_by_role("button", name="Apply rules and start a new game").click()
        expect(page.locator(".ht-rules-line")).to_contain_text("jack of diamonds -10")
        expect(page.locator(".ht-status")).to_contain_text("Choose 3 cards")
        page.get_by_role("button", name="Settings").click()
        expect(settings).to_be_hidden()
        assert not problems, problems

        # ---- statistics survive the kernel: a fresh page (a new kernel) shows the two hands played
        page.reload()
        page.wait_for_selector(ENABLED_CARD, timeout=60_000)
        page.get_by_role("button", name="Statistics").click()
        page.wait_for_selector(".ht-panel >> text=Average points per hand")
        assert re.search(r"Hands\s+2\b", page.locator(".ht-panel", has_text="Statistics").first.inner_text())
        shot("09_statistics")
        assert not problems, problems

    metrics["click_to_update_ms"] = {
        "n": len(click_times), "median": round(1000 * statistics.median(click_times), 1),
        "p90": round(1000 * sorted(click_times)[int(0.9 * (len(click_times) - 1))], 1),
        "max": round(1000 * max(click_times), 1)}
    metrics["screenshots"] = str(shots)
    (tmp_path / "browser_metrics.json").write_text(json.dumps(metrics, indent=1))
    print("\nbrowser metrics:", json.dumps(metrics))
