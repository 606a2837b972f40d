"""hearts_tutor: learn Hearts by playing it, with a coach, bots that show their thinking, and lessons."""

from .engine.cards import Card, CardError, CardSet, card_name, card_str, cards_str, parse_card, parse_cards
from .engine.hand import HandState, IllegalMove, Phase, Trick, Verdict
from .engine.match import Match
from .engine.record import HandRecord, RecordError, referee_record
from .engine.rules import PRESETS, Rules, RulesError
from .engine.sampling import sample_deal
from .engine.view import PlayerView

__version__ = "0.1.0"

__all__ = [
    "PRESETS", "Card", "CardError", "CardSet", "HandRecord", "HandState", "IllegalMove", "Match", "Phase",
    "PlayerView", "RecordError", "Rules", "RulesError", "Trick", "Verdict", "card_name", "card_str",
    "cards_str", "parse_card", "parse_cards", "referee_record", "sample_deal",
]
