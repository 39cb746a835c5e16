"""Typed counts: read them, grade them, and make the stored record of a counting answer.

A count is typed as a whole number with an optional sign: ``5``, ``+5``, ``-3`` (a typographic
minus "−" too). Anything else is refused with a plain :class:`CountInputError` that says what to
type, and nothing is graded or stored.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

from trainer.teaching.records import GradedDecision, Mode, Verdict

from .keys import CountingKey

_WHOLE = re.compile(r"[+-]?\d+")
#: More digits than any count has: out of range without converting (Python refuses to convert
#: thousands of digits).
_MOST_DIGITS = 9


class CountInputError(ValueError):
    """A typed count that is not a whole number in range (the message says what to type)."""


def read_count(text: str, what: str = "running count", limit: int = 999) -> int:
    """The whole number typed in ``text``; CountInputError if it is none or beyond ``limit``."""
    cleaned = text.strip().replace("−", "-").replace(" ", "")
    if not _WHOLE.fullmatch(cleaned):
        shown = text.strip() or "nothing"
        raise CountInputError(f"{shown!r} is not a {what}: type a whole number such as -3, 0 "
                              "or +5")
    digits = cleaned.lstrip("+-")
    if len(digits) > _MOST_DIGITS or abs(int(cleaned)) > limit:
        shown = (f"{int(cleaned):+d}" if len(digits) <= _MOST_DIGITS else
                 f"{cleaned[:len(cleaned) - len(digits) + _MOST_DIGITS]}…")
        raise CountInputError(f"{shown} is out of range for a {what}: it lies between "
                              f"-{limit} and +{limit}")
    return int(cleaned)


def signed(value: int) -> str:
    """A count as shown and stored: '+3', '0', '-2'."""
    return f"{value:+d}" if value else "0"


def count_record(key: CountingKey, typed: int, correct: int, when: datetime,
                 response_ms: int, mode: Mode, shown: str, *, up: str = "",
                 timed_out: bool = False) -> GradedDecision:
    """The stored record of a typed count: right or wrong, no EV at stake (EV lost 0, weight
    0), the typed and the right count as its action and best action, and what was shown."""
    return GradedDecision(
        time=stamp(when), preset=key.preset, mode=mode,
        situation_key=key.key, cards=shown, dealer_up=up, action=signed(typed),
        best_action=signed(correct),
        verdict=Verdict.CORRECT if typed == correct else Verdict.WRONG, ev_loss=0.0,
        response_ms=response_ms, evs={}, weight=0.0, timed_out=timed_out)


def stamp(when: datetime) -> str:
    """A record's time: ISO 8601 UTC to the second, as every drill stores it."""
    return when.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def elapsed_ms(start: datetime, end: datetime) -> int:
    """Whole milliseconds from ``start`` to ``end`` (0 if the clock went back)."""
    return max(0, round((end - start).total_seconds() * 1000))
