"""No hidden card reaches the browser: the synced state of every live widget, at many points of whole hands.

A card is hidden from the learner while an opponent holds it, unless the learner passed it there. The test
looks for each hidden card in every form the table could write it: its code (``QS``), its face (``Q♠``,
``10♥``), its CSS class (``ht-card-QS``) and its name (``the jack of clubs``; except the queen of spades,
whose name is part of the rules' own sentences).
"""

from __future__ import annotations

import json
import re

import ipywidgets as W
import pytest
from ipywidgets.widgets.widget import _instances

from hearts_tutor.engine.cards import QUEEN_OF_SPADES, card_name, card_str, parse_card
from hearts_tutor.engine.hand import Phase
from hearts_tutor.engine.rules import Rules
from hearts_tutor.practice.stats_store import StatsStore
from hearts_tutor.table import Table
from hearts_tutor.table.art import card_face


class SyncedText:
    """Everything every live widget created after this reader would send to the browser, as one string.

    A widget's state reaches the browser only when one of its traits changes (the table sends no state or
    message of its own: no ``send_state``, no ``send``), so each widget's state is read again only after a trait
    of it changed: the same text as reading every widget each time, at a fraction of the cost."""

    def __init__(self) -> None:
        self.before = set(_instances)  # widgets of other tests in this process, from other deals
        self.states: dict[str, str] = {}
        self.watched: set[str] = set()

    def _changed(self, change: dict[str, object]) -> None:
        self.states.pop(getattr(change["owner"], "model_id", ""), None)

    def __call__(self) -> str:
        parts = []
        for key, widget in list(_instances.items()):
            if key in self.before:
                continue
            if key not in self.watched:
                widget.observe(self._changed)
                self.watched.add(key)
            if key not in self.states:
                self.states[key] = json.dumps(widget.get_state(), default=str, ensure_ascii=False)
            parts.append(self.states[key])
        return "\n".join(parts)


def hidden_cards(table: Table) -> set[int]:
    h = table.core.match.hand
    view = table.core.learner_view()
    seen = set(view.hand) | view_played(view) | set(view.kitty or ())  # with two decks a copy may be seen
    if h.phase is not Phase.PASS:
        seen |= set(h.passes[0] or ())
    hidden = set()
    for seat in range(1, h.n):
        hidden |= set(h.hand_of(seat)) - seen
    return hidden


def view_played(view) -> set[int]:  # type: ignore[no-untyped-def]
    return {c for t in view.tricks for c in t.cards} | set(view.trick)


CODE = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][CDSH])(?![A-Za-z0-9])")
FACE = re.compile(r"(10|[2-9JQKA])([♣♦♠♥])")
NAME = re.compile(r"the (2|3|4|5|6|7|8|9|10|jack|queen|king|ace) of (clubs|diamonds|spades|hearts)(?![0-9])",
                  re.IGNORECASE)


def leaks(text: str, cards: set[int]) -> list[str]:
    """Where the text names any of the cards: by code, face or name (one pass per form: the state is large)."""
    found = []
    for m in CODE.finditer(text):
        if parse_card(m.group(1)) in cards:
            found.append(m)
    for m in FACE.finditer(text):
        if parse_card(m.group(0)) in cards:
            found.append(m)
    for m in NAME.finditer(text):
        c = next(c for c in range(52) if card_name(c) == m.group(0).lower())
        if c in cards and c != QUEEN_OF_SPADES:
            found.append(m)
    return [f"{m.group(0)!r}: ...{text[max(0, m.start() - 60):m.end() + 60]}..." for m in found]


@pytest.fixture
def store(tmp_path):  # type: ignore[no-untyped-def]
    return StatsStore(tmp_path / "learner.sqlite3")


@pytest.mark.parametrize(("preset", "hands_to_play"), [("standard", 3), ("cancellation", 1)])
def test_no_hidden_card_in_any_synced_widget(preset: str, hands_to_play: int, store: StatsStore) -> None:
    synced_text = SyncedText()
    rules = Rules.preset(preset)
    table = Table(rules, seed=5, mode="manual", stats=store, tutor=True, grading=False)
    checked = 0
    hands = 0
    for _ in range(4000):
        hidden = hidden_cards(table)
        found = leaks(synced_text(), hidden)
        assert not found, f"hidden cards in the page state: {found[:3]}"
        checked += 1
        if hands == hands_to_play:
            break  # (after checking the next hand's fresh deal too)
        h = table.core.match.hand
        buttons = table.card_buttons()
        if h.phase is Phase.PASS and h.passes[0] is None and table.core.warning is not None:
            table.warn_accept.click()  # the tutor questioned the pass: pass anyway
        elif h.phase is Phase.PASS and h.passes[0] is None:
            for b in buttons[:rules.pass_count]:
                b.click()
            if preset == "standard":
                table.core.ask_hint()
            table.pass_button.click()
        elif h.phase is Phase.PLAY and h.to_move == 0 and table.core.shown_trick is None:
            if table.core.warning is not None:
                table.warn_accept.click()
                continue
            if len(h.tricks) == 5 and checked % 3 == 0:
                table.core.ask_hint()
            enabled = [b for b in buttons if not b.disabled]
            enabled[-1].click()
        elif h.phase is Phase.MOON and h.to_move == 0:
            table.moon_sub.click()
        elif h.phase is Phase.DONE and table.core.hand_scored:
            hands += 1
            table.scorepad_toggle.value = True
            table.stats_toggle.value = True
            table.next_button.click()
        else:
            assert table.core.step()
    assert hands == hands_to_play and checked > 30
    assert not table.core.errors
    table.close()


def test_the_check_can_fail(store: StatsStore) -> None:
    """A planted hidden card is found, also after a widget changed (so the test above would catch a real leak)."""
    synced_text = SyncedText()
    table = Table(seed=5, mode="sync", stats=store)
    hidden = sorted(hidden_cards(table))
    assert not leaks(synced_text(), set(hidden))
    spy = W.HTML(value=f"<div class='ht-card-{card_str(hidden[0])}'></div>")
    assert leaks(synced_text(), set(hidden))
    spy.value = f"Red Fox holds {card_face(hidden[1])}"  # a changed widget is read again
    assert leaks(synced_text(), {hidden[1]})
    assert not leaks(synced_text(), {hidden[0]})
    spy.close()
    table.close()


def test_telepathy_shows_thoughts_only_when_asked(store: StatsStore) -> None:
    table = Table(seed=8, mode="sync", stats=store)
    for b in table.card_buttons()[:3]:
        b.click()
    table.pass_button.click()
    seat = next(s for s in range(1, 4) if s in table.core.decisions)
    table.seat_buttons[seat].click()
    assert table.telepathy.layout.display != "none"
    assert "Inside" in table.tele_html.value and "ht-step" in table.tele_html.value
    first = table.tele_html.value.count("ht-step\"") + table.tele_html.value.count("ht-step ")
    table.tele_next.click()
    assert table.tele_html.value.count("ht-step") >= first
    table.tele_close.click()
    assert table.tele_html.value == "" and table.telepathy.layout.display == "none"
    table.close()
