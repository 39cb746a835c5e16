"""A number with its noun in agreement, for every page and command that says a count: the one
place the plural is made, so "1 decisions" and "1 decks left" are never said."""

from __future__ import annotations


def counted(number: float, one: str, many: str | None = None) -> str:
    """'1 deviation missed', '2 deviations missed', '1.5 decks left': the plural ``many``, else
    ``one`` with an s on its first word, for any number but exactly 1 (whole numbers with a
    thousands comma, others as few digits as they need)."""
    if number == 1:
        return f"1 {one}"
    said = f"{int(number):,}" if float(number).is_integer() else f"{number:g}"
    first, _, rest = one.partition(" ")
    return f"{said} {many if many is not None else (first + 's ' + rest).rstrip()}"


__all__ = ["counted"]
