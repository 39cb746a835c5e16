"""Numbers typed on a command line, checked against declared bounds as they are parsed.

A :class:`Whole` or :class:`Real` is an argparse ``type``: it turns the text into a number or
raises ``argparse.ArgumentTypeError`` with a message built from its bounds, which argparse
prefixes with the option's name::

    argument --wong: 100 is out of range: give a whole number from -10 to 10

So no command starts its work with a number it cannot use (infinity, NaN, a negative seed, a
spread of 0), and every message says which option is wrong and what it allows.
"""

from __future__ import annotations

import argparse
import math
import re
from dataclasses import dataclass

_WHOLE = re.compile(r"[+-]?\d+")
#: More digits than any bound here has: out of range without converting (Python refuses to
#: convert strings of thousands of digits).
_MOST_DIGITS = 30


def shown(value: float) -> str:
    """A bound as a message shows it: 1,000,000 for a whole number, 0.05 otherwise."""
    if float(value).is_integer() and abs(value) < 1e18:
        return f"{int(value):,}"
    return f"{value:g}"


@dataclass(frozen=True)
class Whole:
    """A whole number from ``low`` to ``high`` (either may be None: unbounded that way)."""

    low: int | None = None
    high: int | None = None

    def describe(self) -> str:
        """What the bounds allow, in words ("a whole number from 1 to 100")."""
        return "a whole number" + _range(self.low, self.high, False, False)

    def __call__(self, text: str) -> int:
        cleaned = text.strip()
        if not _WHOLE.fullmatch(cleaned):
            raise argparse.ArgumentTypeError(
                f"{text!r} is not a whole number: give {self.describe()}")
        if len(cleaned.lstrip("+-")) > _MOST_DIGITS:
            raise argparse.ArgumentTypeError(f"{text} is out of range: give {self.describe()}")
        value = int(cleaned)
        if (self.low is not None and value < self.low) or (
                self.high is not None and value > self.high):
            raise argparse.ArgumentTypeError(
                f"{value} is out of range: give {self.describe()}")
        return value


@dataclass(frozen=True)
class Real:
    """A finite number from ``low`` to ``high``; ``above``/``below``: the bound itself is
    excluded (a bankroll is more than 0)."""

    low: float | None = None
    high: float | None = None
    above: bool = False
    below: bool = False

    def describe(self) -> str:
        """What the bounds allow, in words ("a number more than 0 and at most 1")."""
        return "a number" + _range(self.low, self.high, self.above, self.below)

    def __call__(self, text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{text!r} is not a number: give {self.describe()}") from None
        if math.isnan(value):
            raise argparse.ArgumentTypeError(f"{text!r} is not a number: give "
                                             f"{self.describe()}")
        if not (self._above_low(value) and self._below_high(value)) or math.isinf(value):
            raise argparse.ArgumentTypeError(f"{text.strip()} is out of range: give "
                                             f"{self.describe()}")
        return value

    def _above_low(self, value: float) -> bool:
        if self.low is None:
            return True
        return value > self.low if self.above else value >= self.low

    def _below_high(self, value: float) -> bool:
        if self.high is None:
            return True
        return value < self.high if self.below else value <= self.high


def _range(low: float | None, high: float | None, above: bool, below: bool) -> str:
    """" from 1 to 10", " more than 0 and at most 1", " of at least 1", ""."""
    if low is not None and high is not None and not above and not below:
        return f" from {shown(low)} to {shown(high)}"
    parts = []
    if low is not None:
        parts.append(f"more than {shown(low)}" if above else f"of at least {shown(low)}")
    if high is not None:
        parts.append(f"less than {shown(high)}" if below else f"at most {shown(high)}")
    return " " + " and ".join(parts) if parts else ""


__all__ = ["Real", "Whole", "shown"]
