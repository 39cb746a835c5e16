"""What is taught: situations and their keys, the strategy table as situations, facts, the
classic play, the curriculum, and how a decision is graded and recorded.

Modules: :mod:`.situations` (stable keys, live hand -> situation and table entry),
:mod:`.frequency` (natural frequency of each table entry), :mod:`.catalog` (a preset's table as
situations), :mod:`.exact` (perfect-play EVs at a live shoe), :mod:`.classic` (classic basic
strategy's play here), :mod:`.facts` (what a player memorises), :mod:`.curriculum` (what to
teach under an assumed starting play), :mod:`.grading` (verdicts, EV lost, explanations),
:mod:`.records` (the graded decision the progress store keeps), :mod:`.answers` (an answer as
the memory model reads it), :mod:`.once` (a value built once across threads), :mod:`.kept`
(work kept across launches in the cache folder, which the scheduler's plans use too).

Below the scheduler (:mod:`trainer.scheduler`) and the drills (:mod:`trainer.drills`), which
both read it; it imports neither. Importing this package loads nothing, so the progress store
can read the records without the engine.
"""
