"""Drills: situation keys, grading against the tables, flashcards, shoe practice, timed play.

Modules: :mod:`.situations` (stable keys, live hand -> situation and table entry),
:mod:`.frequency` (natural frequency of each table entry), :mod:`.catalog` (a preset's table as
situations), :mod:`.exact` (perfect-play EVs at a live shoe), :mod:`.grading` (verdicts, EV lost,
explanations, records), :mod:`.spacing` (fsrs), :mod:`.flashcards`, :mod:`.shoe_practice`,
:mod:`.timed`, :mod:`.terminal`. Importing this package loads only the records, so the progress
store can use them without the engine.
"""

from .records import GradedDecision, Mode, Verdict

__all__ = ["GradedDecision", "Mode", "Verdict"]
