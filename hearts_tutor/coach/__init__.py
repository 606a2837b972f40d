"""The coach: legality in plain words, pass and mid-range flags, move grades with retry before reveal,
hints, tutor warnings and the per-hand review (SPEC section 6)."""

from .dangers import hand_dangers, panel_flags
from .exercise import Attempt, Exercise
from .flags import Flag
from .grading import BANDS, Grade, band_of, grade_pass, grade_play
from .hints import Hint, hint, tutor_warning
from .legality import legality
from .midrange import midrange_flags
from .passing import PassReview, remembered_pass, review_pass, suggest_pass
from .review import HandReview, review_hand
from .score_advice import line_words
from .score_grading import grade_at_score

__all__ = [
    "BANDS", "Attempt", "Exercise", "Flag", "Grade", "HandReview", "Hint", "PassReview", "band_of", "grade_at_score",
    "grade_pass", "grade_play", "hand_dangers", "hint", "legality", "line_words", "midrange_flags", "panel_flags",
    "remembered_pass", "review_hand", "review_pass", "suggest_pass", "tutor_warning",
]
