"""``freebet-trainer``: the desktop trainer's entry point.

Without a command it opens the desktop app (:mod:`trainer.ui.app`; ``--data-dir DIR`` for this
run; options it does not know, such as ``--quit-after-show`` or Qt's own, pass to the window;
``--self-test`` checks an installation offscreen). With one it runs that terminal command
(:mod:`trainer.cli`: ``drill``, ``stats``, ``export``, ``count ...``).

Before Qt is loaded, the window's platform is checked (:mod:`trainer.ui.display`): with no
display, or a system library Qt's platform plugin needs missing, the program says which (and
the package that provides it) and exits 2, instead of Qt's own abort.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from . import __version__


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the command line and run a command, or the window."""
    from .cli.program import trainer_program
    from .commands.streams import hold_closed
    hold_closed()   # a closed standard stream's number is never taken by a file of ours
    program = trainer_program(__version__)
    given = list(sys.argv[1:] if argv is None else argv)
    if _names_a_command(given) or {"-h", "--help"} & set(given):
        args = program.parser().parse_args(given)
        if getattr(args, "data_dir", "") is None:   # freebet-trainer --data-dir DIR stats
            args.data_dir = args.window_data_dir
        return program.run(args)
    args, rest = program.parser(commands=False).parse_known_args(given)
    from trainer.ui.self_test import SELF_TEST, run_self_test

    if SELF_TEST in rest:
        return run_self_test()
    from trainer.commands import BAD_INPUT, CommandError
    from trainer.ui.display import display_problem

    problem = display_problem(os.environ, rest)
    if problem is not None:
        return program.say(CommandError(problem.message(), BAD_INPUT))
    from trainer.ui.app import run

    return run([sys.argv[0], *rest], data_dir=args.window_data_dir)


def _names_a_command(argv: list[str]) -> bool:
    """True when a word follows the window's own options: a command (or a mistyped one, which
    the parser names); options alone belong to the window (``-platform offscreen``,
    ``--quit-after-show``)."""
    rest = argv
    while rest and (rest[0] == "--data-dir" or rest[0].startswith("--data-dir=")):
        rest = rest[1:] if "=" in rest[0] else rest[2:]
    return bool(rest) and not rest[0].startswith("-")


if __name__ == "__main__":
    sys.exit(main())
