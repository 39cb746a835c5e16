"""``freebet-trainer``: the desktop trainer's entry point.

Without a subcommand it opens the desktop app (:mod:`trainer.ui.app`; unknown options such as
``--quit-after-show`` pass to it; ``--self-test`` checks an installation offscreen).
Subcommands (see :mod:`trainer.cli`): ``drill``, flashcards in
the terminal; ``stats``, your history; ``export``, every decision as CSV.
"""

from __future__ import annotations

import argparse
import sys

from . import __version__


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run."""
    parser = argparse.ArgumentParser(prog="freebet-trainer", description=__doc__)
    parser.add_argument("--version", action="version", version=f"freebet-trainer {__version__}")
    from .cli import add_commands
    add_commands(parser.add_subparsers(dest="command"))
    args, qt_args = parser.parse_known_args(argv)
    args.qt_args = qt_args
    if args.command is not None:
        if qt_args:
            parser.error(f"unrecognized arguments: {' '.join(qt_args)}")
        return int(args.run(args))
    from trainer.ui.self_test import SELF_TEST, run_self_test

    if SELF_TEST in args.qt_args:
        return run_self_test()
    from trainer.ui.app import run

    return run([sys.argv[0], *args.qt_args])


if __name__ == "__main__":
    sys.exit(main())
