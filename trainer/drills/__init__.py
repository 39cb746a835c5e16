"""Drills: situation keys, grading against the tables, flashcards, shoe practice, timed play.

Modules: :mod:`.situations` (stable keys, live hand -> situation and table entry),
:mod:`.frequency` (natural frequency of each table entry), :mod:`.catalog` (a preset's table as
situations), :mod:`.classic` (classic basic strategy's play here), :mod:`.facts` (what a player
memorises), :mod:`.curriculum` (what to teach under an assumed starting play), :mod:`.memory`
and :mod:`.memory_fit` (the player's memory, fitted to their answers), :mod:`.study` (the study
queue), :mod:`.picture` (its picture of the player's memory, kept between sessions),
:mod:`.history` (stored decisions as answers), :mod:`.when` (due times in words),
:mod:`.leak` (main bets lost per 100 rounds), :mod:`.exact` (perfect-play EVs at a live
shoe), :mod:`.grading` (verdicts, EV lost, explanations, records), :mod:`.reasons` and
:mod:`.dealer_odds` (why a play is best),
:mod:`.flashcards`, :mod:`.shoe_practice`, :mod:`.timed`, :mod:`.terminal`. Importing this
package loads only the records, so the progress store can use them without the engine.
"""

from .records import GradedDecision, Mode, Verdict

__all__ = ["GradedDecision", "Mode", "Verdict"]
