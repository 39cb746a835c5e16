"""``freebet-trainer`` as one program: its commands gathered from the modules that declare them,
the window's own options, and the trainer's faults told apart (:func:`translate`)."""

from __future__ import annotations

from trainer import PROGRAM
from trainer.commands import FAILED, CommandError, Option, Program, commands_in

from . import counting, flashcards, settings
from .defaults import from_settings

DESCRIPTION = """\
Free Bet Blackjack strategy trainer.

Without a command it opens the trainer's window: --data-dir DIR keeps the progress file in DIR
for this run (instead of the folder set in Settings), --self-test checks an installation
without a screen, and Qt's own options (such as -platform offscreen) pass to the window.

The commands run the drills in a terminal, every answer saved as it is given:

    drill     flashcards            stats     your leak, today's cards, your costliest leaks
    export    every decision as CSV count     the counting drills (count --help)
    backup    the whole history in one file, the way to back it up
    settings  list, set or reset your settings (the window's Settings page too)

Each command's defaults are your settings (data folder, rules, cut card, starting point, new
cards a day, desired retention); --data-dir, --preset and --rules override them for one run.

Exit status: 0 done, 2 bad input, 1 a file that cannot be used, 130 after Ctrl-C."""

#: The window's folder of the progress file, for this run (a command's own --data-dir wins).
WINDOW_DATA_DIR = Option(("--data-dir",), {
    "dest": "window_data_dir", "metavar": "DIR", "default": None,
    "help": "the window's progress file folder for this run (default: the one set in "
            "Settings, else $FREEBET_TRAINER_DATA, else the user data folder)"})


def translate(exc: Exception) -> CommandError | None:
    """The trainer's faults as command errors (exit 1): a damaged or missing table, a progress
    file that cannot be used, a file or folder the system refuses; None for a bug."""
    from strategy_charts.tables import TableError
    from trainer.progress.errors import ProgressStoreError
    if isinstance(exc, TableError | ProgressStoreError):
        return CommandError(str(exc), FAILED)
    if isinstance(exc, OSError):
        where = f" {exc.filename}" if exc.filename else ""
        return CommandError(f"cannot use{where}: {exc.strerror or exc}", FAILED)
    return None


def trainer_program(version: str) -> Program:
    """The program, ``--version`` printing ``version``."""
    return Program(PROGRAM, DESCRIPTION, commands_in(flashcards, counting, settings),
                   options=(WINDOW_DATA_DIR,), version=f"freebet-trainer {version}",
                   translate=translate, prepare=from_settings)


__all__ = ["DESCRIPTION", "WINDOW_DATA_DIR", "trainer_program", "translate"]
