"""The PyQt6 desktop app, in folders that match what the player sees.

The only package that imports Qt. It calls the core (``trainer.rules``, ``strategy_charts``,
``trainer.drills``, ``trainer.progress``) and holds no game logic. Start it with
:func:`trainer.ui.app.run`. The window (:mod:`.main_window`) lists the pages of the registry
(:mod:`.pages`) and makes each when first shown; the pages live in :mod:`.practice`
(Flashcards, Shoe practice, on the felt of :mod:`.table`), :mod:`.charts`, :mod:`.progress` and
:mod:`.settings`. Heavy modules (matplotlib) are imported with the pages that need them, so the
window appears within a second; long work runs off the UI thread as one typed job
(:mod:`.background`).
"""
