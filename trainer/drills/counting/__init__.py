"""Counting drills: the running count, the true count, index plays at a true count, and whole
shoes counted, bet and played (Qt-free, injected clocks, seeded).

Modules: :mod:`.keys` (the stable keys these answers are stored under), :mod:`.answers`
(reading a typed count, grading and recording it), :mod:`.running` (running count),
:mod:`.true_count` (true count), :mod:`.index_cards` (index flashcards), :mod:`.spacing`
(the three spaced across days by the memory model), :mod:`.due` (what is due today), :mod:`.shoe`
(counting in shoe practice: count checks, bets against the ramp, plays against the index the
player could know), :mod:`.terminal` (the terminal's ``count`` commands). The numbers come from
the count lab (:mod:`strategy_charts.counting`).
"""
