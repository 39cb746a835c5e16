"""The count lab: exact Free Bet effects of removal, card-counting systems, edge by true count,
index plays and bet ramps.

Modules: :mod:`.systems` (count tags, running and true counts, betting correlation, playing
efficiency, the search for tags), :mod:`.removal` (exact effects of removal of the main game,
its decisions and the side bets), :mod:`.shoes` (shoe compositions at a depth and a count:
their exact chances and samples), :mod:`.values` (every figure the lab needs at one
composition, exactly), :mod:`.lab` (the lab table of a rule set: built, saved, cached),
:mod:`.indices` (index plays from the exact values by true count), :mod:`.ramp` (bet ramps),
:mod:`.player` (a counter playing real shoes through the rules core), :mod:`.chart` (the index
chart). No Qt.
"""
