"""The table widget in process: passing, legality, telepathy, undo, finishing a hand, settings, CSS names."""

from __future__ import annotations

import asyncio
import html
import re

import ipywidgets as W
import pytest

from hearts_tutor.engine.cards import card_str, parse_card
from hearts_tutor.engine.hand import Phase
from hearts_tutor.engine.rules import Rules
from hearts_tutor.practice.stats_store import StatsStore
from hearts_tutor.table import Table, art
from hearts_tutor.table.art import seat_animals
from hearts_tutor.table.layout import seat_sides
from hearts_tutor.table.panels import named, note_html


@pytest.fixture
def make(tmp_path):  # type: ignore[no-untyped-def]
    tables: list[Table] = []

    def factory(rules: Rules | None = None, **kw) -> Table:  # type: ignore[no-untyped-def]
        kw.setdefault("mode", "sync")
        kw.setdefault("grading", False)
        t = Table(rules, stats=StatsStore(tmp_path / "learner.sqlite3"), **kw)
        tables.append(t)
        return t

    yield factory
    for t in tables:
        t.close()


def walk(w: W.Widget):  # type: ignore[no-untyped-def]
    yield w
    for c in getattr(w, "children", ()) or ():
        yield from walk(c)


def classes(table: Table) -> list[tuple[W.Widget, list[str]]]:
    return [(w, list(w._dom_classes)) for w in walk(table.widget)]


def pass_three(t: Table) -> None:
    for b in t.card_buttons()[:3]:
        b.click()
    t.pass_button.click()


def test_css_names_of_section_10(make) -> None:  # type: ignore[no-untyped-def]
    t = make(seed=1)
    found = {c for _, cs in classes(t) for c in cs}
    for name in ("ht-table", "ht-card", "ht-pass", "ht-seat-0", "ht-seat-1", "ht-seat-2", "ht-seat-3", "ht-trick",
                 "ht-last-trick", "ht-status", "ht-coach", "ht-hint", "ht-finish", "ht-new-game", "ht-hearts-broken"):
        assert name in found, name
    hand = set(t.card_buttons())
    for w, cs in classes(t):
        has_card = "ht-card" in cs or any(re.fullmatch(r"ht-card-[2-9TJQKA][CDSH]", c) for c in cs)
        assert has_card == (w in hand), f"ht-card classes only on the learner's card buttons: {cs}"
    for b in t.card_buttons():
        codes = [c for c in b._dom_classes if c.startswith("ht-card-")]
        assert codes == [f"ht-card-{card_str(parse_card(codes[0][8:]))}"]
    t.seat_buttons[1].click()
    assert any("ht-telepathy" in cs for _, cs in classes(t))


def test_select_unselect_and_pass_by_the_receiver(make) -> None:  # type: ignore[no-untyped-def]
    t = make(seed=2)
    assert t.core.match.hand.pass_direction == "left"
    b = t.card_buttons()
    b[0].click()
    b[1].click()
    assert t.pass_button.disabled and "(2/3)" in t.pass_button.description
    b[1].click()  # unselect
    assert t.core.selected == [0] and "ht-selected" not in b[1]._dom_classes
    for i in (1, 2):
        b[i].click()
    b[5].click()  # a fourth is refused with the reason
    assert len(t.core.selected) == 3 and "put it back" in t.status.value
    assert not t.pass_button.disabled and t.pass_button.description.startswith("◀ Pass left")
    assert t.pass_slots["left"].children == (t.pass_button,), "the pass button sits by the receiver"
    chosen = [t.core.learner_view().hand[i] for i in t.core.selected]
    t.pass_button.click()
    h = t.core.match.hand
    assert h.phase is Phase.PLAY and h.passes[0] == tuple(sorted(chosen))
    assert not any(slot.children for slot in t.pass_slots.values())


def test_pass_right_and_across_sit_on_their_sides(make) -> None:  # type: ignore[no-untyped-def]
    t = make(Rules.preset("standard"), seed=3)
    t.core.finish_hand()
    t.next_button.click()
    assert t.core.match.hand.pass_direction == "right" and t.pass_slots["right"].children
    assert "Pass right ▶" in t.pass_button.description
    t.core.finish_hand()
    t.next_button.click()
    assert t.core.match.hand.pass_direction == "across" and t.pass_slots["top"].children
    t.core.finish_hand()
    t.next_button.click()
    assert t.core.match.hand.pass_direction == "keep"
    assert not any(slot.children for slot in t.pass_slots.values()), "keep hands have no pass button"
    assert t.core.match.hand.phase is Phase.PLAY


def test_illegal_cards_are_disabled_with_the_reason(make) -> None:  # type: ignore[no-untyped-def]
    t = make(seed=4)
    pass_three(t)
    view = t.core.learner_view()
    assert view.my_turn
    for b, c in zip(t.card_buttons(), view.hand, strict=True):
        verdict = view.why_illegal(c)
        assert b.disabled == (verdict is not None)
        if verdict:
            assert b.tooltip == verdict.reason
            t.core.click_card(view.hand.index(c))  # a click that gets through anyway says why
            assert verdict.reason.split(":")[0] in t.status.value
    assert "Why some cards are greyed" in t.coach_html.value or all(not b.disabled for b in t.card_buttons())


def test_out_of_turn_clicks_say_whose_turn(make) -> None:  # type: ignore[no-untyped-def]
    t = make(seed=5, mode="manual")
    t.core.run_until_learner()
    pass_three(t)
    h = t.core.match.hand
    if h.to_move == 0:
        t.card_buttons()[0].click() if not t.card_buttons()[0].disabled else None
    while h.to_move == 0 and h.phase is Phase.PLAY:
        next(b for b in t.card_buttons() if not b.disabled).click()
    before = len(h.history)
    t.card_buttons()[0].click()
    assert len(h.history) == before and "turn" in t.status.value


def test_play_a_whole_hand_then_scorepad_and_broken_hearts(make) -> None:  # type: ignore[no-untyped-def]
    t = make(seed=6)
    pass_three(t)
    plays = 0
    while t.core.match.hand.phase is Phase.PLAY:
        next(b for b in t.card_buttons() if not b.disabled).click()
        plays += 1
    assert plays == 13
    assert t.core.hand_scored and t.scorepad_toggle.value
    assert "Hand 1" in t.scorepad.value and "<svg" in t.scorepad.value
    assert "Hearts broken" in t.hearts_broken.value
    assert t.actions.children == (t.next_button,)
    assert "Last trick" in t.last_trick.value


def test_undo_takes_back_the_learners_last_card(make) -> None:  # type: ignore[no-untyped-def]
    t = make(seed=7)
    pass_three(t)
    hand_before = t.core.learner_view().hand
    next(b for b in t.card_buttons() if not b.disabled).click()
    assert len(t.core.learner_view().hand) == 12
    t.undo_button.click()
    assert t.core.learner_view().hand == hand_before and t.core.learner_view().my_turn
    t.core.practice = False
    next(b for b in t.card_buttons() if not b.disabled).click()
    t.core.undo()
    assert len(t.core.learner_view().hand) == 12 and "practice" in t.status.value


def test_finish_the_hand_for_me(make) -> None:  # type: ignore[no-untyped-def]
    t = make(seed=8)
    t.finish_button.click()
    assert t.core.match.hand.phase is Phase.DONE and t.core.hand_scored
    t.next_button.click()
    assert t.core.match.hand.phase is Phase.PASS and not t.core.autopilot


def test_telepathy_steps(make) -> None:  # type: ignore[no-untyped-def]
    t = make(seed=9)
    t.seat_buttons[2].click()
    d = t.core.decisions[2]
    assert t.telepathy.layout.display == ""
    assert f"Reading {t.core.names[2]}&#x27;s mind" in t.status.value, \
        "the status line says where the thoughts are shown"
    assert t.tele_html.value.count('class="ht-step') == 1
    for i in range(2, len(d.steps) + 2):
        t.tele_next.click()
        assert t.tele_html.value.count('class="ht-step') == min(i, len(d.steps))
    assert "seat 3" in " ".join(st.text for st in d.steps), "the bot passed to seat 3 (on its left)"
    assert "Red Fox (on my left)" in t.tele_html.value and "seat 3" not in t.tele_html.value.lower()
    t.tele_prev.click()
    assert t.tele_html.value.count('class="ht-step') == len(d.steps) - 1
    t.core.telepathy_enabled = False
    t.tele_close.click()
    t.seat_buttons[2].click()
    assert t.core.telepathy_seat is None and t.tele_html.value == ""


def play_it_myself(t: Table) -> None:
    """The learner passes the first three cards and plays the first legal card each turn, to the end of the hand."""
    while not t.core.hand_scored:
        h = t.core.match.hand
        if h.phase is Phase.PASS and h.passes[0] is None:
            for i in range(t.core.rules.pass_count):
                t.core.click_card(i)
            t.core.pass_selected(confirmed=True)
        else:
            t.core.play_card(t.core.learner_view().legal_plays()[0])


def test_review_leaves_out_the_moves_the_computer_made(make) -> None:  # type: ignore[no-untyped-def]
    """After "finish the hand for me" the review blames the learner only for the cards they chose themselves."""
    from hearts_tutor.coach.review import HandReview, Mistake

    t = make(seed=12)
    if t.core.match.hand.phase is Phase.PASS:
        for i in range(t.core.rules.pass_count):
            t.core.click_card(i)
        t.core.pass_selected(confirmed=True)
    for _ in range(2):  # the learner plays two cards, the computer the rest
        t.core.play_card(t.core.learner_view().legal_plays()[0])
    t.core.finish_hand()
    plays = t.core.learner_view().plays()
    own, computers = [[j for j, (seat, _) in enumerate(plays) if seat == 0 and (j in t.core.computer_moves) == by]
                      for by in (False, True)]
    assert len(own) == 2 and computers
    mistakes = tuple(Mistake("play", j, (plays[j][1],), "mistake", 2.0, "A mistake.") for j in own + computers)
    t.core.coach.show_review((), HandReview(seat=0, rules_name="standard", players=4, pass_review=None,
                                            pass_grade=None, plays=(), mistakes=mistakes))
    note = note_html(t.core, "review")
    assert note.count("costs 2.0") == len(own) and "Moves the computer made for you are not reviewed" in note


def test_hand_review_shows_what_the_bots_thought_on_the_trick(make) -> None:  # type: ignore[no-untyped-def]
    """Each mistake in the end-of-hand review carries the table's own bots' reasoning on that trick."""
    from hearts_tutor.coach.review import HandReview, Mistake

    t = make(seed=12)
    play_it_myself(t)
    plays = t.core.learner_view().plays()
    index = next(j for j, (seat, _) in enumerate(plays) if seat == 0 and j // 4 == 2)  # trick 3
    mine = (plays[index][1],)
    review = HandReview(seat=0, rules_name="standard", players=4, pass_review=None, pass_grade=None, plays=(),
                        mistakes=(Mistake("play", index, mine, "mistake", 2.5, "A mistake."),))
    t.core.coach.show_review((), review)
    note = note_html(t.core, "review")
    assert "Trick 3" in note and "costs 2.5" in note and "not reviewed" not in note
    others = [t.core.play_decisions[j] for j in range(8, 12) if j != index]
    assert len(others) == 3
    for d in others:
        assert f"What {t.core.names[d.seat]} ({d.level} bot) was thinking before playing" in note
        assert html.escape(named(t.core.names, d.steps[-1].text)) in note


def test_telepathy_shows_the_candidates_scores() -> None:
    """A considered step lists its candidates best first with the choice in bold: numbers when they are expected
    points from played-out deals, only the order when they are rule-of-thumb ratings."""
    from hearts_tutor.bots.base import Step
    from hearts_tutor.table.panels import step_scores

    played_out = Step("considered", "I played the hand out 16 times (lower is better).",
                      {"playouts": {"8S": 3.31, "5S": 3.12, "3S": 3.19}})
    assert step_scores(played_out, (parse_card("8S"),)) == \
        '<div class="ht-scores">5♠ 3.1 · 3♠ 3.2 · <b>8♠ 3.3</b></div>'
    rated = Step("considered", "How much I want to be rid of each card (higher: pass it first).",
                 {"scores": {"2C": 0.0, "QS": 40.0, "AH": 12.0, "KD": 7.5}})
    assert step_scores(rated, tuple(parse_card(c) for c in ("QS", "AH", "KD"))) == \
        '<div class="ht-scores">in order: <b>Q♠</b> · <b>A♥</b> · <b>K♦</b> · 2♣</div>'
    passes = Step("considered", "Expected points after each pass (lower is better).",
                  {"scores": {"AC 8H QH": 8.4, "QS 8H QH": 5.75}, "samples": 20})
    chosen = tuple(parse_card(c) for c in ("QS", "8H", "QH"))
    assert "<b>Q♠ 8♥ Q♥ 5.8</b> · A♣ 8♥ Q♥ 8.4" in step_scores(passes, chosen)
    assert step_scores(Step("observed", "I am leading.", {"hearts_broken": False}), ()) == ""


def test_new_game_and_game_over(make) -> None:  # type: ignore[no-untyped-def]
    t = make(Rules.preset("duell", hands=1), seed=10)
    t.core.finish_hand()
    assert t.core.match.is_over and "Game over" in t.trick.value and "Game over" in t.status.value
    assert not t.actions.children
    t.new_game_button.click()
    assert not t.core.match.is_over and t.core.match.hand_number == 0 and len(t.card_buttons()) == 13
    assert t.core.store.stats.games == 1


def test_settings_speak_plain_words(make) -> None:  # type: ignore[no-untyped-def]
    """Every rule option in the settings reads as words (no JSON key such as add_to_others), and values stay."""
    t = make(seed=2)
    for key, w in [("preset", t.settings.preset_w), *t.settings.rule_widgets.items()]:
        labels = list(w._options_labels) if isinstance(w, W.Dropdown) else []
        assert all("_" not in label for label in labels), (key, labels)
    assert dict(t.settings.rule_widgets["moon"].options)["others get 26"] == "add_to_others"
    assert "test" not in t.settings.speed_w.options or t.core.speed == "test"


def test_every_hand_fits_the_hand_area(make) -> None:  # type: ignore[no-untyped-def]
    """Hands longer than thirteen cards (3 players: 17) go in two rows, each as wide as the hand area at most."""
    longest = max(Rules.preset(name, players=n).hand_size for name, counts in
                  (("n_player", range(3, 8)), ("cancellation", range(6, 12))) for n in counts)
    assert longest == art.MAX_HAND == 17
    css = art.style_sheet(seat_animals(4))
    for n in range(14, longest + 1):
        margin = int(re.search(rf"ht-hand-n{n} [^{{]*{{ margin-left: -(\d+)px", css).group(1))
        first = int(re.search(rf"ht-hand-n{n} [^{{]*nth-child\((\d+)\) {{ margin-left: 0", css).group(1)) - 1
        assert first == (n + 1) // 2 and margin > 0, n  # the longer row first; the cards still overlap
        assert art.CARD_WIDTH + (first - 1) * (art.CARD_WIDTH - margin) <= art.HAND_WIDTH, n
    t = make(Rules.preset("n_player"), seed=4)
    assert len(t.card_buttons()) == 17 and "ht-hand-n17" in t.hand_box._dom_classes
    pass_three(t)
    t.core.click_card(t.card_buttons().index(next(b for b in t.card_buttons() if not b.disabled)))
    assert len(t.card_buttons()) < 17 and not any(c.startswith("ht-hand-n17") for c in t.hand_box._dom_classes)


def test_settings_apply_every_rule_and_refuse_impossible_ones(make) -> None:  # type: ignore[no-untyped-def]
    t = make(seed=11)
    t.settings.preset_w.value = "n_player"
    t.settings.rule_widgets["players"].value = 5
    t.settings.rule_widgets["jack_points"].value = -10
    t.settings.rule_widgets["handicap"].value = 20
    t.settings.rule_widgets["turn_clock"].value = 15
    t.settings.level_widgets[0].value = "easy"
    t.settings.apply_button.click()
    r = t.core.rules
    assert (r.players, r.jack_points, r.handicap, r.turn_clock) == (5, -10, (20, 0, 0, 0, 0), 15)
    assert t.core.match.scores[0] == 20 and len(t.seat_buttons) == 5 and len(t.card_buttons()) == 10
    assert t.core.bots[1].level in ("easy", "simple")
    t.settings.rule_widgets["pass_cycle"].value = ("left", "right", "across", "keep")
    t.settings.apply_button.click()
    assert "across" in t.settings.message.value and t.core.rules.players == 5, "an impossible combination is refused"
    assert not t.core.errors


@pytest.mark.parametrize("n", range(3, 12))
def test_seats_for_3_to_11_players(n: int) -> None:
    names = [a[0] for a in seat_animals(n)]
    assert names[0] == "brown monkey" and len(set(names)) == n
    if n == 4:
        assert names[1:] == ["blue otter", "yellow bird", "red fox"]
    sides = seat_sides(n)
    assert sorted(sides) == list(range(1, n))


def test_seats_say_only_what_they_played_to_this_trick(make) -> None:  # type: ignore[no-untyped-def]
    t = make(seed=5)
    pass_three(t)
    for _ in range(6):
        trick = {art.card_face(c) for c in t.core.learner_view().trick}
        for s in range(1, 4):
            said = t.core.said.get(s, "")
            assert not said.startswith("played") or said.removeprefix("played ") in trick, (said, trick)
        t.core.play_card(t.core.learner_view().legal_plays()[0])


def test_cancelled_cards_are_marked_and_a_long_last_trick_stays_narrow(make) -> None:  # type: ignore[no-untyped-def]
    t = make(Rules.preset("cancellation"), seed=3)
    pass_three(t)
    h = t.core.match.hand
    while not any(any(tr.cards.count(c) > 1 for c in tr.cards) for tr in h.tricks[-1:]):
        t.core.play_card(t.core.learner_view().legal_plays()[0])
    last = h.tricks[-1]
    twins = {c for c in last.cards if last.cards.count(c) > 1}
    shown = t.last_trick.value
    assert shown.count("htc-cancelled") == sum(1 for c in last.cards if c in twins)
    widths = [int(w) for w in re.findall(r'<div style="width:(\d+)px">', shown)]
    assert len(widths) == 8 and 8 * (widths[0] + 3) <= 240, "eight cards overlap to keep clear of the seats"


def test_settings_show_the_target_or_the_number_of_hands(make) -> None:  # type: ignore[no-untyped-def]
    t = make(seed=1)
    target, hands = t.settings.rule_widgets["target"], t.settings.rule_widgets["hands"]
    assert target.layout.display == "" and hands.layout.display == "none"
    t.settings.rule_widgets["end"].value = "hands"
    assert target.layout.display == "none" and hands.layout.display == ""
    t.settings.preset_w.value = "deluxe"  # ends when a player passes the target
    assert target.layout.display == "" and hands.layout.display == "none"


def test_received_cards_say_who_passed_them(make) -> None:  # type: ignore[no-untyped-def]
    t = make(seed=4)
    pass_three(t)
    view = t.core.learner_view()
    giver = t.core.names[view.pass_source()]
    tips = [b.tooltip for b in t.card_buttons() if "ht-received" in b._dom_classes]
    assert len(tips) == len(view.received) == 3 and all(f"{giver} passed you this card" in tip for tip in tips)


def test_big_tables_get_compact_seats(make) -> None:  # type: ignore[no-untyped-def]
    """Three seats a side (9-11 players) draws smaller seats; a new game with fewer players draws them full size."""
    t = make(Rules.preset("cancellation", players=9), seed=1)
    assert "ht-crowded" in t.felt._dom_classes and ".ht-crowded" in t.style.value
    t.core.new_game(Rules.preset("cancellation", players=8))
    assert "ht-crowded" not in t.felt._dom_classes


def test_demonstration_plays_every_seat(make) -> None:  # type: ignore[no-untyped-def]
    t = make(Rules.preset("duell", hands=2), seed=12, demo=True)
    assert t.core.match.is_over and len(t.core.match.hand_points) == 2
    assert t.core.store.stats.games == 0, "demonstrations do not count in the learner's statistics"


def test_a_grade_taken_back_with_undo_stays_out_of_the_statistics(make) -> None:  # type: ignore[no-untyped-def]
    class Grade:
        band, cost, best, explanation = "mistake", 3.0, None, ""

    for undo in (False, True):
        t = make(seed=7)
        pass_three(t)
        card, at = t.core.learner_view().legal_plays()[0], len(t.core.learner_view().plays())
        t.core.play_card(card)
        t.core.coach.show_grade("play", card, Grade(), at, t.core.hand_version)  # as the graded move's result arrives
        if undo:
            t.core.undo()
        before = t.core.store.stats.mistakes.get("mistake", 0)
        t.core.finish_hand()
        assert t.core.store.stats.mistakes.get("mistake", 0) - before == (0 if undo else 1)


def test_the_pass_hint_ends_with_the_pass_and_a_new_hand_has_its_own_status(make) -> None:  # type: ignore[no-untyped-def]
    t = make(seed=7)
    t.core.hint_cards = tuple(t.core.learner_view().hand[-3:])  # as the pass hint leaves it
    pass_three(t)
    assert t.core.hint_cards == () and not any("ht-hinted" in b._dom_classes for b in t.card_buttons())
    t.core.finish_hand()
    assert "Hand over" in t.status.value
    t.next_button.click()
    assert "Hand over" not in t.status.value and "Choose 3 cards" in t.status.value


def test_tutor_warning_accept_or_take_back(make, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    from hearts_tutor.table import coaching

    class Flag:
        reason = "That card is risky."

    real = coaching.Coach.call

    def fake(self, name, *args):  # type: ignore[no-untyped-def]
        return Flag() if name == "tutor_warning" else real(self, name, *args)

    monkeypatch.setattr(coaching.Coach, "call", fake)
    t = make(seed=13, tutor=True)
    pass_three(t)
    n = len(t.core.learner_view().hand)
    next(b for b in t.card_buttons() if not b.disabled).click()
    assert t.core.warning is not None and "risky" in t.warn_html.value and t.warn_box.layout.display == ""
    assert "warning for you" in t.status.value and t.warn_box not in t.coach.children, \
        "the warning is on the felt by the status line, where a phone shows it, and the status line says so"
    t.warn_back.click()
    assert t.core.warning is None and len(t.core.learner_view().hand) == n
    next(b for b in t.card_buttons() if not b.disabled).click()
    t.warn_accept.click()
    assert len(t.core.learner_view().hand) == n - 1


def test_hint_highlights_the_coachs_cards(make) -> None:  # type: ignore[no-untyped-def]
    t = make(seed=14)
    t.hint_button.click()
    assert "Hint" in t.coach_html.value
    assert any("ht-hinted" in b._dom_classes for b in t.card_buttons())


def test_callback_errors_are_shown_not_lost(make) -> None:  # type: ignore[no-untyped-def]
    t = make(seed=15)

    def boom() -> None:
        raise RuntimeError("kaboom")

    t.core.ask_hint = boom  # type: ignore[method-assign]
    t.hint_button._click_handlers.callbacks.clear()
    t.hint_button.on_click(t._guarded(lambda _: t.core.ask_hint()))
    t.hint_button.click()
    assert "kaboom" in t.log.value and t.core.errors


def test_async_mode_bots_move_with_pauses(tmp_path) -> None:  # type: ignore[no-untyped-def]
    async def main() -> None:
        t = Table(seed=16, mode="async", speed="test", grading=False, stats=StatsStore(tmp_path / "s.sqlite3"))
        for _ in range(200):
            await asyncio.sleep(0.01)
            if all(t.core.match.hand.passes[s] is not None for s in range(1, 4)):
                break
        pass_three(t)
        for _ in range(13):
            for _ in range(500):
                await asyncio.sleep(0.01)
                if t.core.learner_view().my_turn or t.core.match.hand.phase is not Phase.PLAY:
                    break
            if t.core.match.hand.phase is not Phase.PLAY:
                break
            next(b for b in t.card_buttons() if not b.disabled).click()
        for _ in range(500):
            await asyncio.sleep(0.01)
            if t.core.hand_scored:
                break
        assert t.core.hand_scored and not t.core.errors
        t.close()

    asyncio.run(main())


def test_for_app_reads_speed_and_seed(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("HEARTS_TUTOR_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("QUERY_STRING", "speed=fast&seed=5")
    t = Table.for_app(mode="sync", grading=False)
    assert t.core.speed == "fast"
    t2 = Table.for_app(mode="sync", grading=False)
    assert t.core.learner_view().hand == t2.core.learner_view().hand, "the same seed deals the same cards"
    t.close()
    t2.close()


def test_for_app_reads_the_coach_deals_from_the_url(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The static site's browser tests ask for fewer deals so (``?coach_deals=40``); a bad value is ignored."""
    monkeypatch.setenv("HEARTS_TUTOR_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("HEARTS_TUTOR_COACH_DEALS", raising=False)
    for query, deals in (("coach_deals=40", 40), ("coach_deals=1", None), ("coach_deals=x", None), ("", None)):
        monkeypatch.setenv("QUERY_STRING", query)
        t = Table.for_app(mode="sync", grading=False)
        assert t.core.coach_deals == deals, query
        t.close()


def test_turn_clock_plays_a_random_legal_card(tmp_path) -> None:  # type: ignore[no-untyped-def]
    async def main() -> None:
        rules = Rules.preset("standard", turn_clock=0.3, pass_cycle=("keep",))
        t = Table(rules, seed=17, mode="async", speed="test", grading=False, stats=StatsStore(tmp_path / "s.sqlite3"))
        for _ in range(300):
            await asyncio.sleep(0.01)
            if any(a.kind == "play" and a.seat == 0 for a in t.core.match.hand.history):
                break
        assert any(a.kind == "play" and a.seat == 0 for a in t.core.match.hand.history), \
            "the clock played for the learner"
        assert not t.core.errors
        t.close()

    asyncio.run(main())


def test_a_bots_illegal_move_is_reported_and_the_game_goes_on(make) -> None:  # type: ignore[no-untyped-def]
    from hearts_tutor.bots.base import Decision

    t = make(seed=18, mode="manual")

    class Broken:
        level = "broken"

        def decide(self, view):  # type: ignore[no-untyped-def]
            bad = next(c for c in range(52) if c not in view.hand)
            return Decision("pass" if view.phase is Phase.PASS else "play", view.seat, (bad,) * 3)

    t.core.bots[1] = Broken()  # type: ignore[assignment]
    t.core.run_until_learner()
    assert t.core.errors and "refused" in t.core.errors[0]
    assert t.core.match.hand.passes[1] is not None


def test_tutor_questions_a_dangerous_pass(make, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    from hearts_tutor.table import coaching

    class Flag:
        severity = "danger"
        reason = "You keep the queen of spades with short spades."

    class Review:
        flags = (Flag(),)

    real = coaching.Coach.call

    def fake(self, name, *args):  # type: ignore[no-untyped-def]
        return Review() if name == "review_pass" else real(self, name, *args)

    monkeypatch.setattr(coaching.Coach, "call", fake)
    t = make(seed=19, tutor=True)
    for b in t.card_buttons()[:3]:
        b.click()
    t.pass_button.click()
    assert t.core.match.hand.phase is Phase.PASS and "Are you sure about passing" in t.warn_html.value
    t.warn_back.click()
    assert t.core.warning is None and t.core.match.hand.passes[0] is None
    t.pass_button.click()
    t.warn_accept.click()
    assert t.core.match.hand.passes[0] is not None


def test_the_first_lead_choices_say_the_rule_the_engine_keeps() -> None:
    """Left of the dealer (or in turn) the first lead may not be a heart or the queen of spades (SPEC 2): the
    settings say so; the lowest club in play is the 3 with five players."""
    from hearts_tutor.engine.cards import HEARTS, suit_of
    from hearts_tutor.engine.hand import HandState
    from hearts_tutor.table.settings import OPTION_LABELS

    labels = OPTION_LABELS["first_lead"]
    for key in ("left_of_dealer", "rotate"):
        assert "heart" in labels[key] and "queen of spades" in labels[key]
        state = HandState.deal_random(Rules.preset("standard", first_lead=key), seed=4, hand_number=3)
        view = state.view(state.to_move) if state.phase is Phase.PLAY else None
        if view is not None and any(suit_of(c) != HEARTS for c in view.hand):
            assert not any(suit_of(c) == HEARTS for c in view.legal_plays())
    assert "the 3 with 5 players" in labels["lowest_club"]
    assert "others 52" in OPTION_LABELS["preset"]["duell"]


def test_a_best_move_is_not_said_to_cost_anything() -> None:
    """A best grade's cost is within sampling noise of the coach's choice: the grade line does not say 'costs 0.2
    pts against the best'; a worse band does say its cost."""
    from hearts_tutor.table import panels
    from hearts_tutor.table.coaching import Grade

    best = panels.grade_html(Grade("play", parse_card("3C"), "best", 0.2, (parse_card("8C"),), "", 5))
    assert "against the best" not in best and "best" in best
    worse = panels.grade_html(Grade("play", parse_card("3C"), "inaccuracy", 1.6, (parse_card("8C"),), "", 5))
    assert "costs 1.6 pts against the best" in worse
