"""The engine's command line: ``freebet-charts`` (also ``python -m strategy_charts``).

The commands are declared beside their handlers (:mod:`strategy_charts.commands`, the count
lab's in :mod:`strategy_charts.counting.commands`) and run under the project's command-line
convention (:mod:`trainer.commands`).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from trainer.commands import Program, commands_in

from . import commands
from .command_line import translate
from .counting import commands as lab_commands
from .counting import risk_commands

DESCRIPTION = """\
The exact engine of Free Bet Blackjack on the command line.

    ev        whole-game EV of the first hand from a full shoe (cd or td strategy)
    hand      exact EV of every legal action of one hand, at any shoe
    sidebets  return to player of each side bet
    build     (re)build the tables in data/ (all presets, or one; --counts: the count labs)
    verify    check the shipped tables: right rules, right engine, byte-identical on rebuild
    chart     render a strategy chart to PNG, SVG or PDF
    eor, counts, edge, indices, ramp, risk   the count lab

Every command takes --preset NAME or --rules FILE; every command that prints numbers prints
JSON with --json. Exit status: 0 done, 2 bad input, 1 a file or table that cannot be used."""

CHARTS = Program("freebet-charts", DESCRIPTION, commands_in(commands, lab_commands, risk_commands),
                 translate=translate)


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; errors in rules, input, tables or files print a message (never a
    traceback) and exit 2 (bad input) or 1 (a file that cannot be used)."""
    return CHARTS.main(argv)


if __name__ == "__main__":
    sys.exit(main())
