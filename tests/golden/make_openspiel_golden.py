"""Regenerate openspiel_hands.jsonl: hands played in OpenSpiel's ``hearts`` with what OpenSpiel said about them.

Each line: {"flags": {...}, "record": <our hand record>, "expected": {"legal", "to_move", "trick_winners_1_12",
"points"}}; every expected value comes from OpenSpiel (legal actions, movers, the leader after each trick,
26 - returns), none from hearts_tutor. Run from the repository root:

    .venv/bin/python tests/golden/make_openspiel_golden.py
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import pyspiel
from test_openspiel_oracle import FLAGS, _sort_key, openspiel_hand, rules_for


def main() -> None:
    rng = random.Random(2024)
    lines = []
    for combination in (0, 127, 5, 42, 96, 127, 0, 77):  # default-ish, everything on, and a few mixtures
        flags = {name: bool(combination >> i & 1) for i, name in enumerate(FLAGS)}
        game = pyspiel.load_game("hearts", flags)
        spiel = openspiel_hand(game, rng)
        record = spiel["record"]
        record["rules"] = rules_for(flags)
        expected = {"legal": [sorted(x, key=_sort_key) for x in spiel["legal"]], "to_move": spiel["to_move"],
                    "trick_winners_1_12": spiel["winners"], "points": spiel["points"]}
        lines.append(json.dumps({"flags": flags, "record": record, "expected": expected}))
    Path(__file__).with_name("openspiel_hands.jsonl").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
