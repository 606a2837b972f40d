"""Playing to the score: the chance of winning the game from a score line (issue 31).

:class:`GameOdds` reads the shipped table (:mod:`.model`); :mod:`.selfplay` and :mod:`.build` make it from
bot self-play; :mod:`.bench` builds and tests it (``hearts-tutor bench equity``). The coach's use of it lives
in :mod:`hearts_tutor.coach.to_score`.
"""

from __future__ import annotations

from .model import EquityUnavailable, GameOdds, final_shares, game_over

__all__ = ["EquityUnavailable", "GameOdds", "final_shares", "game_over"]
