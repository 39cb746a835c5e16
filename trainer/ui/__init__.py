"""The PyQt6 desktop app: main window, pages, the felt table and the chart viewer.

The only package that imports Qt. It calls the core (``trainer.rules``, ``strategy_charts``, and
later ``trainer.drills`` and ``trainer.progress``) and never holds game logic. Start it with
:func:`trainer.ui.app.run`. Heavy modules (matplotlib) are imported when first needed, so the
window appears within a second.
"""
