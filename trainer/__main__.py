"""``freebet-trainer``: the desktop trainer's entry point.

The desktop app (flashcards, shoe practice, charts, progress) is being built; until it lands this
command without a subcommand says so and shows which strategy tables are installed. Subcommands
(see :mod:`trainer.cli`): ``drill``, flashcards in the terminal; ``stats``, your history.
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
    args = parser.parse_args(argv)
    if args.command is not None:
        return int(args.run(args))
    from strategy_charts.tables import TableError, load_table
    from trainer.rules import PRESETS

    print(f"Free Bet Blackjack Trainer {__version__}")
    print("The desktop app is not built yet. Installed strategy tables:")
    for rules in PRESETS.values():
        try:
            table = load_table(rules)
        except TableError as exc:
            print(f"  {rules.name}: unavailable ({exc})")
            continue
        rtp = table["game"]["cd"]["rtp"] * 100
        print(f"  {rules.name}: {len(table['situations'])} situations, main-game RTP {rtp:.2f}%")
    print("Try: python -m strategy_charts hand --preset evolution --player 7,5 --dealer 4")
    return 0


if __name__ == "__main__":
    sys.exit(main())
