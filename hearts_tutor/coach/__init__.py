"""The coach: legality in plain words, pass and mid-range flags, move grades, hints, tutor warnings and
the per-hand review (SPEC section 6)."""

from .flags import Flag
from .hints import Hint, hint, tutor_warning
from .legality import legality
from .midrange import midrange_flags
from .passing import PassReview, review_pass, suggest_pass

__all__ = [
    "Flag", "Hint", "PassReview", "hint", "legality", "midrange_flags", "review_pass", "suggest_pass",
    "tutor_warning",
]
