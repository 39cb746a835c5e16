"""Drills: flashcards, shoe practice, timed play, betting, the counting drills.

What they teach and grade is :mod:`trainer.teaching`; what to study next, the scheduler's
(:mod:`trainer.scheduler`). Modules: :mod:`.flashcards`, :mod:`.shoe_practice` (and its
steps, seats, report, history, keeping), :mod:`.timed` and :mod:`.stopwatch`,
:mod:`.betting`, :mod:`.history` (stored decisions as answers), :mod:`.browse`,
:mod:`.when` (due times in words), :mod:`.leak` (main bets lost per 100 rounds),
:mod:`.reasons` and :mod:`.dealer_odds` (why a play is best), :mod:`.counting` (the count
drills).
"""
