"""``freebet-trainer``: the desktop trainer's entry point.

Without a command it opens the desktop app (:mod:`trainer.ui.app`; ``--data-dir DIR`` for this
run; options it does not know, such as ``--quit-after-show`` or Qt's own, pass to the window;
``--self-test`` checks an installation offscreen). With one it runs that terminal command
(:mod:`trainer.cli`: ``drill``, ``stats``, ``export``, ``count ...``).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from . import __version__


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the command line and run a command, or the window."""
    from .cli.program import trainer_program
    program = trainer_program(__version__)
    parser = program.parser(required=False)
    args, rest = parser.parse_known_args(argv)
    if args.command is not None:
        if rest:
            parser.error(f"unrecognized arguments: {' '.join(rest)}")
        if getattr(args, "data_dir", None) is None:   # freebet-trainer --data-dir DIR stats
            args.data_dir = args.window_data_dir
        return program.run(args)
    from trainer.ui.self_test import SELF_TEST, run_self_test

    if SELF_TEST in rest:
        return run_self_test()
    from trainer.ui.app import run

    return run([sys.argv[0], *rest], data_dir=args.window_data_dir)


if __name__ == "__main__":
    sys.exit(main())
