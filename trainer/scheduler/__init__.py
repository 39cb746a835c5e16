"""The scheduler: the player's memory, fitted to their answers, and the study queue it orders.

Modules: :mod:`.memory` and :mod:`.fsrs6` (the memory models), :mod:`.memory_fit`,
:mod:`.fit_grid`, :mod:`.replay`, :mod:`.fsrs6_fit`, :mod:`.card_rows` and :mod:`.fitting`
(fitted to the player's answers, the better model chosen), :mod:`.health` and :mod:`.scores`
(how well it predicts answers it was not fitted to), :mod:`.start` (where the player starts),
:mod:`.spacing` and :mod:`.plan` (sessions and a card's worth over them), :mod:`.retention` and
:mod:`.today` (desired retention, the queue's day and settings), :mod:`.interleave` (a
session's order), :mod:`.study` (the study queue), :mod:`.picture` (its picture of the
player's memory, kept between sessions).

Above what is taught (:mod:`trainer.teaching`), below the drills (:mod:`trainer.drills`), which
ask it what to study next; it imports no drill, no progress store and no Qt.
"""
