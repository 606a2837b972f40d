"""The Rules value: options, presets, derived facts and clear errors for impossible combinations (SPEC section 3)."""

from __future__ import annotations

import dataclasses

import pytest

from hearts_tutor.engine.rules import PRESETS, RULE_KEYS, Rules, RulesError


def test_defaults_are_the_first_value_of_each_spec_row() -> None:
    r = Rules()
    assert (r.players, r.decks, r.pass_cycle, r.pass_count, r.first_lead, r.first_trick_points) == (
        4, 1, ("left", "right", "across", "keep"), 3, "lowest_club", "forbidden")
    assert (r.queen_breaks_hearts, r.queen_lead_before_broken, r.hearts_lead_before_broken) == (True, True, False)
    assert (r.queen_points, r.jack_points, r.clean_hand_bonus, r.moon, r.sweep) == (
        13, 0, None, "add_to_others", "none")
    assert (r.end, r.target, r.hands, r.handicap, r.turn_clock) == ("reach", 100, 4, (), None)
    assert r == Rules.preset("standard")


def test_frozen_and_keyword_only() -> None:
    r = Rules()
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.players = 5  # type: ignore[misc]
    with pytest.raises(TypeError):
        Rules(4)  # type: ignore[misc]
    assert hash(r) == hash(Rules())


@pytest.mark.parametrize(("players", "hand", "kitty"), [(6, 17, 2), (7, 14, 6), (8, 13, 0), (9, 11, 5), (10, 10, 4),
                                                         (11, 9, 5)])
def test_two_deck_layouts(players: int, hand: int, kitty: int) -> None:
    r = Rules.preset("cancellation", players=players)
    assert (r.hand_size, r.kitty_size, r.tricks_per_hand, r.cards_in_play) == (hand, kitty, hand, 104)
    assert r.removed_cards == 0 and r.moon_points == 52


def test_one_deck_layouts_and_offsets() -> None:
    assert [Rules.preset("n_player", players=n).hand_size for n in range(3, 8)] == [17, 13, 10, 8, 7]
    assert Rules().moon_points == 26 and Rules(queen_points=0).moon_points == 13
    r = Rules()
    assert [r.pass_offset(d) for d in ("left", "right", "across", "keep")] == [1, 3, 2, 0]
    assert [r.pass_direction(k) for k in range(6)] == ["left", "right", "across", "keep", "left", "right"]
    assert Rules(handicap=(10, 0, 5, 0)).starting_scores() == [10, 0, 5, 0] and r.starting_scores() == [0] * 4


@pytest.mark.parametrize(("options", "words"), [
    ({"players": 5}, "passing 'across' needs an even number of players, not 5"),
    ({"players": 8}, "one deck is for 3-7 players, not 8"),
    ({"players": 2, "pass_cycle": ("keep",)}, "one deck is for 3-7 players, not 2"),
    ({"decks": 2, "players": 12, "first_lead": "rotate"}, "two decks are for 6-11 players, not 12"),
    ({"decks": 3}, "decks must be 1 or 2, not 3"),
    ({"decks": 2, "players": 8}, "first_lead 'lowest_club' needs one deck"),
    ({"pass_cycle": ()}, "pass_cycle must name at least one direction"),
    ({"pass_cycle": ("left", "sideways")}, "pass_cycle entries must be left, right, across or keep, not 'sideways'"),
    ({"pass_count": 13}, "pass_count must be between 1 and 12, not 13"),
    ({"pass_count": 0}, "pass_count must be between 1 and 12, not 0"),
    ({"first_lead": "dealer"}, "first_lead must be one of"),
    ({"first_trick_points": "sometimes"}, "first_trick_points must be one of 'forbidden', 'allowed'"),
    ({"queen_breaks_hearts": "yes"}, "queen_breaks_hearts must be true or false"),
    ({"queen_points": 26}, "queen_points must be one of 13, 0, not 26"),
    ({"jack_points": -5}, "jack_points must be one of 0, -10, not -5"),
    ({"jack_points": False}, "jack_points must be one of 0, -10, not False"),
    ({"clean_hand_bonus": "always"}, "clean_hand_bonus must be one of null, 'no_tricks', 'no_points'"),
    ({"moon": "double"}, "moon must be one of"),
    ({"sweep": "plus_26"}, "sweep must be one of 'none', 'plus_52'"),
    ({"end": "never"}, "end must be one of 'reach', 'exceed', 'hands'"),
    ({"target": 0}, "target must be positive, not 0"),
    ({"target": 99.5}, "target must be a whole number, not 99.5"),
    ({"hands": -1}, "hands must be positive, not -1"),
    ({"players": "4"}, "players must be a whole number, not '4'"),
    ({"handicap": (1, 2, 3)}, "handicap must give a whole-number starting score for each of the 4 seats"),
    ({"handicap": (1, 2, 3, "x")}, "handicap must give a whole-number starting score"),
    ({"turn_clock": 0}, "turn_clock must be null or a positive number of seconds, not 0"),
])
def test_impossible_rules_are_clear_errors(options: dict[str, object], words: str) -> None:
    with pytest.raises(RulesError) as e:
        Rules(**options)  # type: ignore[arg-type]
    assert words in str(e.value)
    assert isinstance(e.value, ValueError)


def test_presets_and_overrides() -> None:
    assert set(PRESETS) == {"standard", "animal_table", "deluxe", "omnibus", "duell", "cancellation", "n_player"}
    for name, r in PRESETS.items():
        assert r.name == name and Rules.preset(name) is r
    r = Rules.preset("deluxe", target=50)
    assert r.target == 50 and r.jack_points == -10 and r.name == "deluxe"
    with pytest.raises(RulesError, match="unknown preset 'cutthroat'"):
        Rules.preset("cutthroat")
    with pytest.raises(RulesError, match="unknown rule key: 'jokers'"):
        Rules.preset("standard", jokers=2)
    with pytest.raises(RulesError, match="passing 'across' needs an even number of players, not 3"):
        Rules.preset("standard", players=3)
    assert Rules.preset("n_player", players=5).removed_cards_text == ["2C", "2D"]
    assert "jack_points" in RULE_KEYS and "name" not in RULE_KEYS


def test_json_round_trip() -> None:
    for name, preset in PRESETS.items():
        assert Rules.from_json(name) == preset and Rules.from_json(preset.to_json()) == preset
        assert preset.to_json() == {"preset": name}
    r = Rules.preset("omnibus", pass_cycle=("left", "right"), handicap=(0, 5, 0, 5), clean_hand_bonus="no_points")
    data = r.to_json()
    assert data == {"preset": "omnibus", "pass_cycle": ["left", "right"], "handicap": [0, 5, 0, 5],
                    "clean_hand_bonus": "no_points"}
    assert Rules.from_json(data) == r and Rules.from_json({"pass_cycle": ["keep"]}).pass_cycle == ("keep",)
    custom = Rules(players=6, jack_points=-10)
    assert Rules.from_json(custom.to_json()) == custom
    with pytest.raises(RulesError, match="rules must be a preset name or an object"):
        Rules.from_json(5)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="preset must be a name"):
        Rules.from_json({"preset": 3})


def test_describe_reads_like_a_sentence() -> None:
    text = Rules.preset("cancellation").describe()
    assert "8 players" in text and "two decks with cancellation" in text and "game to 150" in text
    assert "jack of diamonds -10" in Rules.preset("omnibus").describe()
    assert "ends after 4 hands" in Rules.preset("duell").describe() and "sweep +52" in Rules.preset("duell").describe()
