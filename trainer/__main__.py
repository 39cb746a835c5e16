"""``freebet-trainer``: the desktop trainer's entry point.

Without a subcommand it opens the desktop app (:mod:`trainer.ui.app`; unknown options such as
``--quit-after-show`` pass to it; ``--self-test`` checks an installation offscreen).
Subcommands (see :mod:`trainer.cli`): ``drill``, flashcards in
the terminal; ``stats``, your history; ``export``, every decision as CSV; ``count``, the
counting drills (:mod:`trainer.count_cli`).
"""

from __future__ import annotations

import argparse
import os
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
        return _run_command(args)
    from trainer.ui.self_test import SELF_TEST, run_self_test

    if SELF_TEST in args.qt_args:
        return run_self_test()
    from trainer.ui.app import run

    return run([sys.argv[0], *args.qt_args])


def _run_command(args: argparse.Namespace) -> int:
    """Run a terminal command: Ctrl-C ends it quietly (answers are saved as they are given),
    and so does a reader that goes away (``stats | head``)."""
    try:
        return int(args.run(args))
    except KeyboardInterrupt:
        sys.stderr.write("\n")
        return 130
    except BrokenPipeError:
        # Python's advice: point stdout at devnull, so the flush at exit does not fail again
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(main())
