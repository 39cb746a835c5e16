"""What the engine's commands share beyond the project's convention (:mod:`trainer.commands`):
the count option, the argparse types of cards and shoes, printing a result as text or JSON, and
the engine's faults told apart for the program (:func:`translate`)."""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from typing import Any

from trainer.commands import BAD_INPUT, FAILED, CommandError
from trainer.rules import Rank

from .composition import Composition, parse_counts
from .counting.systems import TRAINED, parse_tags


def tags_key(text: str) -> str:
    """A player's own tags as typed (``A:-1,2-6:1,T:-1``) as the key of their count (an
    argparse type: a known count's tags give that count's key)."""
    try:
        return parse_tags(text).key
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


@dataclass(frozen=True)
class CountOption:
    """``--count NAME`` (a trained count) or ``--tags TAGS`` (a player's own), never both;
    either leaves the count's key in ``args.count``."""

    default: str = "hilo"

    def add(self, parser: argparse.ArgumentParser) -> None:
        """Add both options, mutually exclusive, to ``parser``."""
        group = parser.add_mutually_exclusive_group()
        group.add_argument("--count", choices=sorted(TRAINED), default=self.default,
                           help=f"the count (default: {self.default})")
        group.add_argument("--tags", dest="count", type=tags_key, metavar="TAGS",
                           help="your own tags instead, e.g. \"A:-1,2-6:1,7-9:0,T:-1\" (a value "
                                "not named counts 0; halves allowed)")


#: The count a lab command (or a counting drill) is about: a trained one or your own tags.
COUNT = CountOption()


def card_values(text: str) -> list[int]:
    """Cards as typed (``7,5``, ``A,7,2``) as their values (an argparse type)."""
    try:
        return [Rank.parse(part).points for part in text.split(",") if part.strip()]
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def hand_cards(text: str) -> list[int]:
    """Two or more cards: a player's hand (an argparse type)."""
    values = card_values(text)
    if len(values) < 2:
        raise argparse.ArgumentTypeError(f"{text!r}: give two or more cards, e.g. 7,5")
    return values


def up_card(text: str) -> int:
    """One card: the dealer's up card (an argparse type)."""
    values = card_values(text)
    if len(values) != 1:
        raise argparse.ArgumentTypeError(f"{text!r}: give one card, e.g. 4 or A")
    return values[0]


def shoe_counts(text: str) -> Composition:
    """The cards of a shoe as ten counts, A, 2..9, ten (an argparse type)."""
    try:
        return parse_counts(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"{exc}; give ten whole numbers of at least 0, the "
                                         "cards of each value A, 2..9, ten") from None


def print_result(args: argparse.Namespace, data: dict[str, Any], text: str) -> None:
    """``data`` as JSON with ``--json``, else ``text``."""
    print(json.dumps(data, indent=2) if args.json else text)


def translate(exc: Exception) -> CommandError | None:
    """The engine's faults as command errors: a damaged or missing table, a file that cannot
    be used (1), a request the engine cannot answer (2); None for anything else (a bug)."""
    from .tables import TableError
    if isinstance(exc, TableError):
        return CommandError(str(exc), FAILED)
    if isinstance(exc, OSError):
        where = f" {exc.filename}" if exc.filename else ""
        return CommandError(f"cannot use{where}: {exc.strerror or exc}", FAILED)
    if isinstance(exc, ValueError):
        return CommandError(str(exc), BAD_INPUT)
    return None


__all__ = ["COUNT", "CountOption", "card_values", "hand_cards", "print_result", "shoe_counts",
           "tags_key", "translate", "up_card"]
