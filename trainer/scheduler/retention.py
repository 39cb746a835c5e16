"""Desired retention: the recall under which a card or a skill is due again, for every drill.

One figure for the flashcards' study queue (:mod:`trainer.scheduler.study`) and the counting
drills' spacing (:mod:`trainer.drills.counting.spacing`), a setting the player may move
between :data:`LOWEST` and :data:`HIGHEST` (as Anki's desired retention: higher asks more
often and forgets less).
"""

from __future__ import annotations

#: The default: a card is due when its predicted recall falls under 90%.
RETENTION = 0.9
#: The range the setting allows.
LOWEST, HIGHEST = 0.80, 0.95


def checked(value: float) -> float:
    """``value`` if it is a retention the setting allows; ValueError otherwise."""
    if not LOWEST <= value <= HIGHEST:
        raise ValueError(f"desired retention {value!r} is out of range: give a share from "
                         f"{LOWEST:.2f} to {HIGHEST:.2f}")
    return value
