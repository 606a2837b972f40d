"""The referee (SPEC section 4), in process and through ``python -m hearts_tutor.cli referee``."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from hearts_tutor.engine.record import referee_record, run_referee

GOLDEN = Path(__file__).with_name("golden")
SUITS, RANKS = "CDSH", "23456789TJQKA"
CLUBS = [f"{r}C" for r in RANKS]
DIAMONDS = [f"{r}D" for r in RANKS]
SPADES = [f"{r}S" for r in RANKS]
HEARTS = [f"{r}H" for r in RANKS]

# Seat 0 holds every club, so it leads and wins every trick; seat 3 holds the queen of spades and 12 hearts.
SWEEP_DEAL = [CLUBS, DIAMONDS, [c for c in SPADES if c != "QS"] + ["2H"], ["QS", *HEARTS[1:]]]


def sweep_plays() -> list[str]:
    """Each trick: seat 0's club, then the lowest card of seats 1-3 (seat 2 must keep its heart for the end)."""
    plays = []
    spades = [c for c in SPADES if c != "QS"] + ["2H"]
    for t in range(13):
        plays += [CLUBS[t], DIAMONDS[t], spades[t], (["QS", *HEARTS[1:]])[t]]
    return plays


def record(**kw: object) -> str:
    base: dict[str, object] = {"rules": "standard", "hand_number": 3, "deal": SWEEP_DEAL, "plays": sweep_plays()}
    base.update(kw)
    return json.dumps(base)


def _sort_key(text: str) -> tuple[int, int]:
    return SUITS.index(text[1]), RANKS.index(text[0])


def test_complete_hand_output() -> None:
    out = referee_record(record())
    assert set(out) == {"ok", "legal", "to_move", "trick_winners", "points", "complete"}
    assert out["ok"] is True and out["complete"] is True
    assert out["to_move"] == [0, 1, 2, 3] * 13
    assert out["trick_winners"] == [0] * 13
    assert out["points"] == [0, 26, 26, 26]  # the moon: seat 0 took every heart and the queen
    assert out["legal"][0] == ["2C"]
    assert out["legal"][1] == DIAMONDS  # void in clubs, no points in the hand
    assert out["legal"][2] == [c for c in SPADES if c != "QS"]  # no heart, no queen on the first trick
    assert out["legal"][3] == ["QS", *HEARTS[1:]]  # nothing but points: anything, spades before hearts
    assert out["legal"][4] == CLUBS[1:]
    for legal in out["legal"]:
        assert legal == sorted(legal, key=_sort_key) and len(set(legal)) == len(legal)


def test_partial_hand_raw_points_and_moon_choice() -> None:
    out = referee_record(record(plays=sweep_plays()[:10]))
    assert out["ok"] and out["complete"] is False
    assert out["trick_winners"] == [0, 0] and out["points"] == [13 + 1, 0, 0, 0]  # QS and 3H so far
    assert len(out["legal"]) == len(out["to_move"]) == 10
    moon = referee_record(record(rules={"preset": "n_player", "players": 4, "pass_cycle": ["keep"]}))
    assert moon["ok"] and moon["complete"] is False and moon["points"] == [26, 0, 0, 0]  # the shooter must choose
    chosen = referee_record(record(rules={"preset": "n_player", "players": 4, "pass_cycle": ["keep"]},
                                   moon_choice="subtract_from_self"))
    assert chosen["complete"] is True and chosen["points"] == [-26, 0, 0, 0]
    sweep = referee_record(record(rules="duell"))
    assert sweep["points"] == [0, 52, 52, 52]
    jack = referee_record(record(rules="deluxe"))
    assert jack["points"] == [-36, 0, 0, 0]


def test_cancelled_trick_is_null() -> None:
    from test_hand_golden import CANCEL, CANCEL_PREFS, hand_from, play_out

    from hearts_tutor.engine.record import HandRecord
    from hearts_tutor.engine.rules import Rules

    h = hand_from(Rules.preset("cancellation", players=6), CANCEL, kitty="6C AH", dealer=5)
    play_out(h, CANCEL_PREFS)
    text = HandRecord.from_state(h).dumps()
    out = referee_record(text)
    assert out["ok"] and out["complete"]
    assert out["trick_winners"] == [None] + [0] * 15 + [None]
    assert out["points"] == [22, 0, 0, 0, 0, 0]
    assert out["to_move"][:7] == [0, 1, 2, 3, 4, 5, 0]  # the same player leads again after a cancelled trick
    assert json.loads(text)["plays"][:6] == ["9C", "9C", "5C", "5C", "3C", "3C"]
    assert 'null' in json.dumps(out)


def test_openspiel_golden_hands() -> None:
    """Hands played in OpenSpiel, with OpenSpiel's legal moves, movers, trick winners and points."""
    lines = (GOLDEN / "openspiel_hands.jsonl").read_text().splitlines()
    assert len(lines) >= 8
    for line in lines:
        case = json.loads(line)
        out = referee_record(json.dumps(case["record"]))
        want = case["expected"]
        assert out["ok"], out
        assert out["legal"] == want["legal"] and out["to_move"] == want["to_move"]
        assert out["trick_winners"][:12] == want["trick_winners_1_12"] and out["points"] == want["points"]


BAD = [
    ('{"rules": "standard", "deal": [', "malformed_record", None, "not valid JSON"),
    ('[1, 2]', "malformed_record", None, "JSON object"),
    (record(deal=[["ZZ", *CLUBS[1:]], *SWEEP_DEAL[1:]]), "bad_card", None, "'ZZ'"),
    (record(deal=[["2C", *CLUBS[:-1]], *SWEEP_DEAL[1:]]), "bad_deal", None, "2C is dealt 2 times"),
    (record(deal=[CLUBS[:-1], *SWEEP_DEAL[1:]], plays=[]), "bad_deal", None, "seat 0 was dealt 12 cards"),
    (json.dumps({"rules": "n_player", "deal": [CLUBS + DIAMONDS[:4], DIAMONDS[4:] + SPADES[:8],
                                               SPADES[8:] + HEARTS[:12]]}), "bad_deal", None, "2D is not in play"),
    (record(plays=["3C"]), "first_lead_lowest_club", 0, "may not play 3C"),
    (record(plays=["2C", "2D", "2H"]), "first_trick_no_points", 2, "seat 2 may not play 2H"),
    (record(plays=[*sweep_plays()[:5], "AS"]), "not_in_hand", 5, "do not hold"),
    (record(plays=[*sweep_plays()[:5], "2D"]), "not_in_hand", 5, "2D"),
    (record(plays=[*sweep_plays(), "2C"]), "hand_over", 52, "after the hand is over"),
    (record(rules={"preset": "standard", "players": 5}), "bad_rules", None, "across"),
    (record(rules="cutthroat"), "bad_rules", None, "unknown preset 'cutthroat'"),
    (record(rules={"preset": "standard", "moon": "sideways"}), "bad_rules", None, "moon must be one of"),
    (record(moon_choice="add_to_others"), "no_moon_choice", None, "no shooter"),
    (record(passes=[["2C", "3C", "4C"]] * 4), "no_passing", None, "keep hand"),
    (record(hand_number=0, plays=["2C"]), "passing_phase", 0, "before every seat has passed"),
    (record(hand_number=0, passes=[CLUBS[:3], DIAMONDS[:3], ["2S", "3S", "AH"], HEARTS[:3]], plays=[]),
     "pass_not_held", None, "seat 2's pass: You do not hold the ace of hearts"),
    (record(surprise=1), "malformed_record", None, "unknown field 'surprise'"),
    (record(rules="n_player", players=5, **{"pass": "across"}), "bad_pass_direction", None, "even number of players"),
    (record(**{"pass": "north"}), "malformed_record", None, "pass must be one of left, right, across, keep"),
    (record(dealer=-1), "malformed_record", None, "dealer must be a whole number >= 0, not -1"),
    (record(plays="2C"), "malformed_record", None, "plays must be a list of cards"),
    (record(dealer=4), "malformed_record", None, "dealer must be a seat from 0 to 3, not 4"),
    (record(plays=["2C", "1X"]), "bad_card", 1, "plays[1]: not a card: '1X'"),
    ("[" * 100_000, "malformed_record", None, "nested too deeply"),
    ('{"dealer": ' + "9" * 5000 + "}", "malformed_record", None, "not valid JSON"),
    ('{"rules": "standard", "deal": "unterminated', "malformed_record", None, "starting at line 1 column"),
    (record(rules={"preset": "standard", "pass_cycle": "left"}), "bad_rules", None, "pass_cycle must be a list"),
    (record(rules={"preset": "standard", "name": "x"}), "bad_rules", None, "unknown rule key: 'name'"),
]


@pytest.mark.parametrize(("line", "rule", "play", "words"), BAD)
def test_bad_records_name_the_problem(line: str, rule: str, play: int | None, words: str) -> None:
    out = referee_record(line)
    assert set(out) == {"ok", "error", "play", "rule"}
    assert out["ok"] is False and out["rule"] == rule and out["play"] == play
    assert words in out["error"], out["error"]


def test_run_referee_goes_on_after_a_bad_line() -> None:
    lines = [record(), "", "{not json", record(plays=["3C"]), record(plays=[])]
    out = io.StringIO()
    assert run_referee(io.StringIO("\n".join(lines) + "\n"), out) == 1
    answers = [json.loads(x) for x in out.getvalue().splitlines()]
    assert [a["ok"] for a in answers] == [True, False, False, True]
    out = io.StringIO()
    assert run_referee(io.StringIO(record() + "\n" + record(plays=[]) + "\n"), out) == 0


def test_a_cut_short_record_may_carry_its_moon_choice() -> None:
    """Any prefix of a hand is valid, including one whose record already says what the shooter chose."""
    rules = {"preset": "standard", "moon": "shooter_chooses"}
    out = referee_record(record(rules=rules, plays=sweep_plays()[:8], moon_choice="add_to_others"))
    assert out["ok"] and not out["complete"], out
    out = referee_record(record(plays=sweep_plays()[:8], moon_choice="add_to_others"))
    assert not out["ok"] and out["rule"] == "no_moon_choice", "standard rules have no choice to make"


def _cli(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "hearts_tutor.cli", "referee", *args], input=stdin,
                          capture_output=True, timeout=60, check=False)


def test_cli_exit_codes(tmp_path: Path) -> None:
    good = tmp_path / "good.jsonl"
    good.write_text(record() + "\n" + record(plays=sweep_plays()[:3]) + "\n", encoding="utf-8")
    done = _cli(str(good))
    assert done.returncode == 0, done.stderr
    answers = [json.loads(x) for x in done.stdout.decode().splitlines()]
    assert [a["complete"] for a in answers] == [True, False]
    mixed = tmp_path / "mixed.jsonl"
    mixed.write_text("\n".join([record(), "nope", record(plays=["3C"]), record()]) + "\n", encoding="utf-8")
    done = _cli(str(mixed))
    assert done.returncode == 1
    answers = [json.loads(x) for x in done.stdout.decode().splitlines()]
    assert [a["ok"] for a in answers] == [True, False, False, True]
    assert answers[2] == {"ok": False, "error": answers[2]["error"], "play": 0, "rule": "first_lead_lowest_club"}
    piped = _cli("-", stdin=(record() + "\n").encode())
    assert piped.returncode == 0 and json.loads(piped.stdout)["points"] == [0, 26, 26, 26]
    default_stdin = _cli(stdin=(record(plays=["3C"]) + "\n").encode())
    assert default_stdin.returncode == 1


def test_cli_unreadable_input(tmp_path: Path) -> None:
    missing = _cli(str(tmp_path / "nowhere.jsonl"))
    assert missing.returncode == 2 and b"nowhere.jsonl" in missing.stderr and not missing.stdout
    binary = tmp_path / "latin1.jsonl"
    binary.write_bytes(b'{"rules": "standard", "deal": "\xff\xfe"}\n')
    bad = _cli(str(binary))
    assert bad.returncode == 2 and b"unreadable" in bad.stderr
    piped = _cli("-", stdin=b"\xff\xfe\n")
    assert piped.returncode == 2
    directory = _cli(str(tmp_path))
    assert directory.returncode == 2


def test_cli_bench_engine_prints_hands_per_second() -> None:
    done = subprocess.run([sys.executable, "-m", "hearts_tutor.cli", "bench", "engine", "--seconds", "0.2", "--json"],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert set(out) == {"hands_per_s"} and out["hands_per_s"] > 0
    plain = subprocess.run([sys.executable, "-m", "hearts_tutor.cli", "bench", "engine", "--seconds", "0.1"],
                           capture_output=True, text=True, timeout=60, check=False)
    assert plain.returncode == 0 and plain.stdout.strip().endswith("hands/s")
