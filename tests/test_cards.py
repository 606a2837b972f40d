"""Cards and card sets (SPEC section 2)."""

from __future__ import annotations

import pytest

from hearts_tutor.engine.cards import (
    ALL_CARDS,
    HEART_MASK,
    JACK_OF_DIAMONDS,
    QUEEN_OF_SPADES,
    SUIT_MASKS,
    TWO_OF_CLUBS,
    CardError,
    card,
    card_name,
    card_str,
    cards_in,
    cards_str,
    count,
    highest,
    in_suit,
    iter_cards,
    join_names,
    lowest,
    mask_of,
    parse_card,
    parse_cards,
    rank_of,
    suit_of,
)

ALL_TEXT = [r + s for s in "CDSH" for r in "23456789TJQKA"]


def test_every_card_round_trips_in_suit_then_rank_order() -> None:
    assert [card_str(c) for c in range(52)] == ALL_TEXT
    assert [parse_card(t) for t in ALL_TEXT] == list(range(52))


@pytest.mark.parametrize(("text", "canonical"), [
    ("10H", "TH"), ("10h", "TH"), ("th", "TH"), (" qs ", "QS"), ("Q♠", "QS"), ("q♠", "QS"), ("A♥", "AH"),
    ("2♣", "2C"), ("J♦", "JD"), ("10♥", "TH"), ("K♡", "KH"), ("a♤", "AS"),
])
def test_parsing_accepts_the_spec_spellings(text: str, canonical: str) -> None:
    assert card_str(parse_card(text)) == canonical


@pytest.mark.parametrize("text", ["", "1H", "11H", "QX", "Q", "QSS", "♠Q", "ZZ", "0H", "10", "joker"])
def test_unknown_text_is_a_clear_error(text: str) -> None:
    with pytest.raises(CardError, match="not a card") as e:
        parse_card(text)
    assert repr(text) in str(e.value)


def test_non_text_is_an_error() -> None:
    with pytest.raises(CardError, match="not a card: 12"):
        parse_card(12)  # type: ignore[arg-type]
    assert issubclass(CardError, ValueError)


def test_named_cards_and_helpers() -> None:
    assert card_str(QUEEN_OF_SPADES) == "QS" and card_str(JACK_OF_DIAMONDS) == "JD" and card_str(TWO_OF_CLUBS) == "2C"
    assert card(10, 2) == QUEEN_OF_SPADES and (suit_of(QUEEN_OF_SPADES), rank_of(QUEEN_OF_SPADES)) == (2, 10)
    assert card_name(parse_card("QS")) == "the queen of spades"
    assert card_name(parse_card("TH")) == "the 10 of hearts"
    assert join_names(parse_cards("2C 3C AH")) == "the 2 of clubs, the 3 of clubs and the ace of hearts"
    assert join_names(parse_cards("KD")) == "the king of diamonds" and join_names([]) == ""
    assert cards_str(parse_cards("ah, 2c  10d")) == ["AH", "2C", "TD"]
    assert parse_cards(["QS", "qs"]) == [QUEEN_OF_SPADES, QUEEN_OF_SPADES]


def test_card_sets() -> None:
    m = mask_of(parse_cards("AH 2C QS 2C"))
    assert count(m) == 3 and cards_str(cards_in(m)) == ["2C", "QS", "AH"] and list(iter_cards(m)) == cards_in(m)
    assert card_str(lowest(m)) == "2C" and card_str(highest(m)) == "AH"
    assert cards_str(cards_in(in_suit(m, 2))) == ["QS"]
    assert cards_in(HEART_MASK) == list(range(39, 52)) and count(ALL_CARDS) == 52
    assert sum(SUIT_MASKS) == ALL_CARDS and all(count(s) == 13 for s in SUIT_MASKS)
