"""The terminal commands of ``freebet-trainer``: the drills, their stats and the export.

This is where the drills meet the progress store: :mod:`trainer.drills` never touches a file,
so the wiring (load the answers and memory fit, record each answer as it is given, end the
session) lives here. Commands are declared beside their handlers (:mod:`.flashcards`: drill,
stats, export; :mod:`.counting`: the ``count`` drills and their stats) and gathered into one
program in :mod:`.program`, under the project's command-line convention
(:mod:`trainer.commands`).
"""
