"""The count lab: exact Free Bet effects of removal, card-counting systems, edge by count, index
plays, bet ramps and their risk.

Modules: :mod:`.systems` (count tags, KO and a player's own tags, betting correlation, playing
efficiency, the search for tags), :mod:`.scales` (a count's decisions by true count or, for an
unbalanced count, by running count), :mod:`.removal` (exact effects of removal of the main
game, its decisions and the side bets), :mod:`.shoes` (shoe compositions at a depth and a count:
their exact chances and samples), :mod:`.draws` (the pool's strata and importance weights),
:mod:`.values` (every figure the lab needs at one composition, exactly), :mod:`.controls` (the
linear estimate as a control variate), :mod:`.expectations` (its means by count, exactly),
:mod:`.insurance_count` (insurance by count, exactly), :mod:`.indices` and :mod:`.fits` (index
plays from the exact values by count), :mod:`.spread` (how sure each index is),
:mod:`.lab_build` and :mod:`.lab` (the lab table of a rule set: built; saved, shipped, cached),
:mod:`.ramp` (bet ramps), :mod:`.risk` (SCORE, N0, DI, CE, risk of ruin), :mod:`.player` (a
counter playing real shoes through the rules core), :mod:`.chart` (the index chart), and the
commands (:mod:`.commands`, :mod:`.risk_commands`). No Qt.
"""
