"""The coach's hand review and ``hearts-tutor review`` (SPEC section 9), on records of every preset."""

from __future__ import annotations

import io
import json
import random
import sys

import pytest

import hearts_tutor.coach.grading as grading
from hearts_tutor.batch.tournament import play_hand
from hearts_tutor.bots import make_bot
from hearts_tutor.cli import main
from hearts_tutor.coach import BANDS, band_of, review_hand
from hearts_tutor.engine.cards import cards_str, parse_card
from hearts_tutor.engine.hand import HandState
from hearts_tutor.engine.record import HandRecord, RecordError, referee_record
from hearts_tutor.engine.rules import PRESETS, Rules

ROLLOUTS = 6


def finished_record(preset: str, seed: int, hand_number: int = 0) -> HandRecord:
    rules = Rules.preset(preset)
    state = HandState.deal_random(rules, random.Random(f"review:{preset}:{seed}"), hand_number=hand_number)
    play_hand(state, [make_bot("easy" if s % 2 else "medium", seed=seed * 10 + s) for s in range(rules.players)])
    return HandRecord.from_state(state)


@pytest.fixture(scope="module")
def reviews() -> list[tuple[str, HandRecord, int, dict]]:
    out = []
    for i, preset in enumerate(PRESETS):
        record = finished_record(preset, i, hand_number=i % 2)
        seat = i % record.rules.players
        out.append((preset, record, seat, review_hand(record, seat=seat, seed=i, rollouts=ROLLOUTS).to_json()))
    return out


def test_every_preset_is_reviewed(reviews):
    assert {p for p, *_ in reviews} == set(PRESETS)
    for preset, record, _, js in reviews:
        assert set(js) == {"pass", "plays"}
        n = record.rules.players
        assert len(js["plays"]) == record.rules.tricks_per_hand, preset
        assert all(js_play["index"] % 1 == 0 for js_play in js["plays"])
        if record.to_state().pass_direction == "keep":
            assert js["pass"] is None
        else:
            p = js["pass"]
            assert set(p) == {"cards", "flags", "best", "cost", "band"}
            assert p["cards"] == cards_str(sorted(parse_card(t) for t in p["cards"]))
            assert len(p["best"]) == record.rules.pass_count
            assert all(set(f) == {"id", "severity", "reason"} for f in p["flags"])
        assert n == record.rules.players


def test_legal_lists_equal_the_referees(reviews):
    for preset, record, _, js in reviews:
        ref = referee_record(record.to_json())
        assert ref["ok"] and ref["complete"], preset
        for play in js["plays"]:
            k = play["index"]
            assert play["legal"] == ref["legal"][k], (preset, k)
            assert play["card"] == record.to_json()["plays"][k]
            assert play["card"] in play["legal"]


def test_every_other_held_card_has_a_rule_and_a_reason(reviews):
    for preset, record, seat, js in reviews:
        plays = record.to_json()["plays"]
        for play in js["plays"]:
            before = HandRecord.from_json({**record.to_json(), "plays": plays[:play["index"]]}).to_state()
            held = set(cards_str(before.hand_of(seat)))
            assert set(play["legal"]) | set(play["illegal"]) == held, (preset, play["index"])
            assert not set(play["legal"]) & set(play["illegal"])
            for card, why in play["illegal"].items():
                assert why["rule"] and why["reason"].endswith("."), (preset, card, why)
                assert why["reason"] == before.why_illegal(parse_card(card)).reason


def test_best_costs_nothing_and_expected_covers_the_legal_cards(reviews):
    for preset, _, _, js in reviews:
        for play in js["plays"]:
            assert set(play["expected"]) == set(play["legal"]), preset
            assert play["best"] in play["legal"]
            best_value = play["expected"][play["best"]]
            assert best_value == min(play["expected"].values())
            if play["card"] == play["best"]:
                assert play["cost"] == 0 and play["band"] == "best"
            assert play["cost"] >= 0
            assert play["cost"] <= play["expected"][play["card"]] - best_value + 2e-3  # both rounded to 3 places


def test_bands_follow_costs_monotonically(reviews):
    graded = [(p["cost"], p["band"]) for *_, js in reviews for p in js["plays"]]
    graded += [(js["pass"]["cost"], js["pass"]["band"]) for *_, js in reviews if js["pass"]]
    assert all(b in BANDS for _, b in graded)
    graded.sort()
    ranks = [BANDS.index(b) for _, b in graded]
    assert ranks == sorted(ranks)
    for cost, band in graded:
        assert band_of(cost) == band
    assert any(b != "best" for _, b in graded), "easy bots should make at least one costly move"


def test_mistakes_come_in_order_with_the_bots_thinking():
    record = finished_record("standard", 11, hand_number=3)
    review = review_hand(record, seat=1, seed=0, rollouts=ROLLOUTS)
    indexes = [m.index for m in review.mistakes]
    assert indexes == sorted(indexes)
    for m in review.mistakes:
        assert m.band in ("inaccuracy", "mistake", "blunder") and m.cost > 0 and m.explanation
        if m.kind == "play":
            assert m.thoughts and all(t.steps for t in m.thoughts)
            assert all(t.seat != 1 for t in m.thoughts)
    text = review.to_text()
    assert "Review of seat 1" in text and "Trick 13: you played" in text
    assert "_" not in text.split("\n", 1)[1]


def test_review_rejects_incomplete_and_bad_records():
    record = finished_record("standard", 3)
    short = HandRecord.from_json({**record.to_json(), "plays": record.to_json()["plays"][:10]})
    with pytest.raises(RecordError, match="incomplete"):
        review_hand(short, rollouts=2)
    with pytest.raises(RecordError, match="no seat 7"):
        review_hand(record, seat=7, rollouts=2)
    nopass = HandRecord.from_json({**record.to_json(), "passes": []})
    with pytest.raises(RecordError, match="passes"):
        review_hand(nopass, rollouts=2)


@pytest.fixture
def fast_grades(monkeypatch):
    monkeypatch.setattr(grading, "PLAY_BUDGET", 24)
    monkeypatch.setattr(grading, "MIN_ROLLOUTS", 4)
    monkeypatch.setattr(grading, "PASS_BUDGET", 24)
    monkeypatch.setattr(grading, "PASS_MIN_ROLLOUTS", 4)
    monkeypatch.setattr(grading, "FORCED_ROLLOUTS", 2)


def run_cli(args: list[str], stdin: str, monkeypatch, capsys) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(["review", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_json(fast_grades, monkeypatch, capsys, tmp_path):
    record = finished_record("omnibus", 5)
    path = tmp_path / "hand.json"
    path.write_text(record.dumps())
    code, out, err = run_cli([str(path), "--seat", "2", "--seed", "4", "--json"], "", monkeypatch, capsys)
    assert code == 0, err
    js = json.loads(out)
    assert set(js) == {"pass", "plays"} and len(js["plays"]) == 13
    assert {p["index"] for p in js["plays"]} <= set(range(52))
    code, out2, _ = run_cli(["-", "--seat", "2", "--seed", "4", "--json"], record.dumps() + "\n", monkeypatch, capsys)
    assert code == 0 and json.loads(out2) == js
    code, text, _ = run_cli([str(path), "--seat", "2"], "", monkeypatch, capsys)
    assert code == 0 and text.startswith("Review of seat 2")


def test_cli_errors(fast_grades, monkeypatch, capsys, tmp_path):
    code, _, err = run_cli([str(tmp_path / "missing.json")], "", monkeypatch, capsys)
    assert code == 2 and "cannot read" in err
    bad = tmp_path / "bad.bin"
    bad.write_bytes(b"\xff\xfe\x00garbage")
    code, _, err = run_cli([str(bad)], "", monkeypatch, capsys)
    assert code == 2
    code, _, err = run_cli(["-"], "{not json", monkeypatch, capsys)
    assert code == 1 and "not valid JSON" in err
    code, _, err = run_cli(["-"], "", monkeypatch, capsys)
    assert code == 1 and "empty" in err
    record = finished_record("standard", 2).to_json()
    record["plays"] = record["plays"][:20]
    code, _, err = run_cli(["-"], json.dumps(record), monkeypatch, capsys)
    assert code == 1 and "incomplete" in err and "20 of 52" in err
    record = finished_record("standard", 2).to_json()
    record["plays"][5], record["plays"][6] = record["plays"][6], record["plays"][5]
    code, _, err = run_cli(["-"], json.dumps(record), monkeypatch, capsys)
    assert code == 1 and "bad record" in err
    record = finished_record("standard", 2).to_json()
    del record["deal"]
    code, _, err = run_cli(["-"], json.dumps(record), monkeypatch, capsys)
    assert code == 1 and "no deal" in err


#: A hand in which seat 0 shot the moon (found by a moon-trying hard bot against three easy ones).
MOON_RECORD = {
    "rules": "standard",
    "dealer": 0,
    "hand_number": 8,
    "pass": "left",
    "deal": [
        ["2C", "JC", "QC", "4D", "TD", "KD", "6S", "9S", "TS", "QS", "KS", "AS", "5H"],
        ["8C", "TC", "2D", "6D", "JD", "AD", "5S", "7S", "JS", "3H", "4H", "7H", "KH"],
        ["4C", "6C", "3D", "5D", "8D", "QD", "2S", "3S", "8S", "2H", "9H", "JH", "AH"],
        ["3C", "5C", "7C", "9C", "KC", "AC", "7D", "9D", "4S", "6H", "8H", "TH", "QH"],
    ],
    "kitty": [],
    "passes": [
        ["2C", "4D", "5H"],
        ["JD", "AD", "KH"],
        ["9H", "JH", "AH"],
        ["AC", "TH", "QH"],
    ],
    "plays": [
        "2C", "6C", "5C", "AC",
        "AS", "JS", "8S", "4S",
        "KD", "6D", "QD", "9D",
        "KS", "7S", "3S", "AH",
        "QC", "TC", "4C", "9C",
        "QS", "5S", "2S", "JH",
        "QH", "7H", "2H", "9H",
        "JC", "8C", "KH", "7C",
        "TD", "4D", "8D", "7D",
        "TS", "5H", "AD", "8H",
        "TH", "4H", "JD", "6H",
        "9S", "3H", "5D", "KC",
        "6S", "2D", "3D", "3C",
    ],
}


def test_a_review_after_a_moon_says_who_shot_it_and_why_the_grades_stand() -> None:
    from hearts_tutor.table.panels import review_html

    record = HandRecord.from_json(MOON_RECORD)
    mine = review_hand(record, seat=0, seed=0, rollouts=ROLLOUTS)
    assert (mine.shooter, mine.moon_choice) == (0, "add_to_others") and mine.points == (0, 26, 26, 26)
    said = "You shot the moon: every other player takes 26 points."
    assert said in mine.to_text() and said in review_html(mine)
    shown = review_html(mine)  # on the table the list comes first (a phone held sideways shows it), then the moon
    assert not mine.mistakes or shown.index("to learn from") < shown.index(said)
    stands = "judges its move before the other hands were known"
    assert (stands in mine.to_text()) == bool(mine.mistakes)
    theirs = review_hand(record, seat=1, seed=0, rollouts=ROLLOUTS)
    assert theirs.shooter == 0
    assert "The player on your right shot the moon: 26 points to you and every other player." in theirs.to_text()
    assert stands not in theirs.to_text()
