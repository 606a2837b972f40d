"""Differential test: our engine against OpenSpiel's ``hearts`` on random hands under every flag combination.

Each OpenSpiel hand (pass-direction chance outcome, deal, passes, random legal plays) is turned into one of our
hand records (SPEC section 4) and run through the referee. Before every play our legal cards must equal
OpenSpiel's legal actions, every trick winner and the running points must agree, and the final points must equal
OpenSpiel's.

How OpenSpiel's conventions map to ours (read from open_spiel/games/hearts/hearts.{h,cc}):

- A card is ``rank * 4 + suit`` with suits in the order clubs, diamonds, HEARTS, SPADES (ours: ``suit * 13 +
  rank`` with clubs, diamonds, spades, hearts).
- Pass direction chance outcome: 0 no pass, 1 left (+1 seat), 2 across (+2), 3 right (+3). Its play order is
  ``player + 1`` like ours, so its left is our left. With ``pass_cards=false`` the only outcome is "no pass".
- Cards are dealt one at a time to seats 0, 1, 2, 3, 0, ...; passes are three single-card actions per seat,
  seat 0 first.
- ``Returns()`` is ``26 - points``: points are ``26 - return``. Its moon ("all tricks holding points taken by
  one player", the jack of diamonds not needed) subtracts 26 from the shooter and adds 26 to everyone else, so
  the shooter ends on 0 (or -10 with the jack) and the others on 26 (+ their jack): our ``add_to_others``.
- ``avoid_all_tricks_bonus`` is -5 for taking no trick, not given when the moon was shot: our
  ``clean_hand_bonus: "no_tricks"``.
- ``must_break_hearts=false`` starts the hand with hearts broken: our ``hearts_lead_before_broken=true``. The
  queen of spades may always be led in OpenSpiel: our ``queen_lead_before_broken=true`` (the default).
- ``can_lead_hearts_instead_of_qs`` has no counterpart in our rules (SPEC section 3 has no such option); it stays
  false here.
- OpenSpiel does not expose the winner of the 13th trick (the state is terminal after it); the first 12 winners
  are the next trick's leaders, and the 13th is covered by the final points whenever that trick matters to them.
"""

from __future__ import annotations

import itertools
import json
import random

import pytest

from hearts_tutor.engine.cards import card_str
from hearts_tutor.engine.record import referee_record

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel (pip package open_spiel, in the 'test' extra) is needed for the differential test")

FLAGS = ("pass_cards", "no_pts_on_first_trick", "can_lead_any_club", "jd_bonus", "avoid_all_tricks_bonus",
         "qs_breaks_hearts", "must_break_hearts")
HANDS_PER_COMBINATION = 32  # 2**7 combinations -> 4,096 hands
PASS_DIRECTION = {0: "keep", 1: "left", 2: "across", 3: "right"}
_OUR_SUIT = (0, 1, 3, 2)  # OpenSpiel suit (C, D, H, S) -> our suit (C, D, S, H)


def ours(os_card: int) -> int:
    """Our card for an OpenSpiel card."""
    return _OUR_SUIT[os_card % 4] * 13 + os_card // 4


def rules_for(flags: dict[str, bool]) -> dict[str, object]:
    """Our rules JSON for a combination of OpenSpiel flags."""
    rules: dict[str, object] = {"preset": "standard"}
    if not flags["pass_cards"]:
        rules["pass_cycle"] = ["keep"]
    rules["first_trick_points"] = "forbidden" if flags["no_pts_on_first_trick"] else "allowed"
    rules["first_lead"] = "any_club" if flags["can_lead_any_club"] else "lowest_club"
    rules["jack_points"] = -10 if flags["jd_bonus"] else 0
    rules["clean_hand_bonus"] = "no_tricks" if flags["avoid_all_tricks_bonus"] else None
    rules["queen_breaks_hearts"] = flags["qs_breaks_hearts"]
    rules["hearts_lead_before_broken"] = not flags["must_break_hearts"]
    return rules


def openspiel_hand(game: pyspiel.Game, rng: random.Random, shooter: int | None = None) -> dict[str, object]:
    """Play one random hand in OpenSpiel; return it as a hand record plus what OpenSpiel reported.

    With a ``shooter``, that seat is mostly dealt the highest cards left and always plays its highest legal card
    while the others mostly play their lowest: hands where someone shoots the moon become common.
    """
    state = game.new_initial_state()
    # the first chance node's legal actions honour pass_cards (its chance_outcomes() always lists all four)
    direction = rng.choice(state.legal_actions())
    state.apply_action(direction)
    deal: list[list[str]] = [[], [], [], []]
    dealt = 0
    while state.is_chance_node():
        outcomes = [a for a, _ in state.chance_outcomes()]
        if shooter is not None and dealt % 4 == shooter and rng.random() < 0.8:
            c = max(outcomes, key=lambda x: x // 4)  # OpenSpiel's rank is card // 4
        else:
            c = rng.choice(outcomes)
        deal[dealt % 4].append(card_str(ours(c)))
        dealt += 1
        state.apply_action(c)
    passes: list[list[str]] = [[], [], [], []]
    plays: list[str] = []
    legal: list[list[str]] = []
    to_move: list[int] = []
    leaders: list[int] = []  # who moves after each completed trick = its winner
    running: list[list[float]] = []  # OpenSpiel's points after each completed trick
    while not state.is_terminal():
        player = state.current_player()
        actions = state.legal_actions()
        a = rng.choice(actions)
        passing = len(plays) == 0 and len(passes[3]) < 3 and direction != 0
        if shooter is not None and not passing and (player == shooter or rng.random() < 0.8):
            a = (max if player == shooter else min)(actions, key=lambda x: x // 4)
        if passing:
            passes[player].append(card_str(ours(a)))
        else:
            legal.append(sorted(card_str(ours(x)) for x in actions))
            to_move.append(player)
            plays.append(card_str(ours(a)))
        state.apply_action(a)
        if plays and len(plays) % 4 == 0 and len(running) < len(plays) // 4 and not state.is_terminal():
            leaders.append(state.current_player())
            running.append([state.points(p) for p in range(4)])
    record: dict[str, object] = {"rules": None, "dealer": 0, "hand_number": 0, "deal": deal, "kitty": [],
                                 "plays": plays}
    if game.get_parameters()["pass_cards"]:  # else our rules' pass_cycle ["keep"] decides
        record["pass"] = PASS_DIRECTION[direction]
    if direction != 0:
        record["passes"] = passes
    return {"record": record, "legal": legal, "to_move": to_move, "winners": leaders, "running": running,
            "points": [26 - r for r in state.returns()]}


def _sort_key(text: str) -> tuple[int, int]:
    return "CDSH".index(text[1]), "23456789TJQKA".index(text[0])


def check_against_openspiel(spiel: dict[str, object], flags: dict[str, bool], number: int) -> None:
    """Our referee's answer for OpenSpiel's hand equals what OpenSpiel said about it."""
    record = spiel["record"]
    record["rules"] = rules_for(flags)  # type: ignore[index]
    where = f"flags {flags}, hand {number}: {json.dumps(record)}"
    answer = referee_record(json.dumps(record))
    assert answer["ok"], f"{answer} for {where}"
    if not flags["pass_cards"]:
        assert "passes" not in record and answer["to_move"][0] == spiel["to_move"][0]  # type: ignore[index]
    for k, (ours_legal, theirs) in enumerate(zip(answer["legal"], spiel["legal"], strict=True)):  # type: ignore[call-overload]
        assert ours_legal == sorted(theirs, key=_sort_key), f"legal cards before play {k} differ; {where}"
    assert answer["to_move"] == spiel["to_move"], where
    assert answer["trick_winners"][:12] == spiel["winners"], where
    assert answer["complete"] is True
    assert answer["points"] == spiel["points"], where


def game_for(combination: int) -> tuple[dict[str, bool], pyspiel.Game]:
    flags = {name: bool(combination >> i & 1) for i, name in enumerate(FLAGS)}
    return flags, pyspiel.load_game("hearts", {**flags, "can_lead_hearts_instead_of_qs": False})


@pytest.mark.parametrize("combination", range(2 ** len(FLAGS)))
def test_engine_agrees_with_openspiel(combination: int) -> None:
    flags, game = game_for(combination)
    rng = random.Random(combination)
    for number in range(HANDS_PER_COMBINATION):
        check_against_openspiel(openspiel_hand(game, rng), flags, number)


def test_moon_hands_agree_with_openspiel() -> None:
    """Hands steered towards a moon (random play almost never shoots it), 4 per flag combination."""
    moons = 0
    for combination in range(2 ** len(FLAGS)):
        flags, game = game_for(combination)
        rng = random.Random(1000 + combination)
        for number in range(4):
            spiel = openspiel_hand(game, rng, shooter=rng.randrange(4))
            check_against_openspiel(spiel, flags, number)
            points = sorted(spiel["points"])  # type: ignore[call-overload]
            moons += points[0] <= 0 and points[1] >= 16  # only a moon leaves three seats on 16 or more
    assert moons >= 10, f"only {moons} moons in 512 steered hands"


def test_running_points_agree_trick_by_trick() -> None:
    """Raw points after each of the first 12 tricks equal OpenSpiel's running points (jack included)."""
    from hearts_tutor.engine.record import HandRecord

    flags = dict.fromkeys(FLAGS, True)
    game = pyspiel.load_game("hearts", flags)
    rng = random.Random(99)
    for _ in range(50):
        spiel = openspiel_hand(game, rng)
        record = spiel["record"]
        record["rules"] = rules_for(flags)
        plays = record["plays"]
        for t, theirs in enumerate(spiel["running"]):
            prefix = HandRecord.from_json({**record, "plays": plays[:4 * (t + 1)]}).to_state()
            assert prefix.raw_points() == theirs, f"after trick {t}: {json.dumps(record)}"


def test_every_flag_combination_is_covered() -> None:
    names = set(pyspiel.load_game("hearts").get_parameters())
    assert names == {*FLAGS, "can_lead_hearts_instead_of_qs"}, "OpenSpiel's hearts flags changed"
    seen = {tuple(bool(c >> i & 1) for i in range(len(FLAGS))) for c in range(2 ** len(FLAGS))}
    assert seen == set(itertools.product([False, True], repeat=len(FLAGS)))
