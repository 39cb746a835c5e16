"""The keys of a strategy table's entries: one decision as context, stakes, cards and up card.

A key reads ``context:stakes:cards:vUP``, for example ``first:real:10,2:v4`` (hard 12 against a
4, first decision), ``split:free:8,3:v6`` (a free-stake 8,3 made by splitting eights) or
``drawn:real:5,4,3:v10``. Card values are 1 (ace) to 10 (ten-values); a split hand lists its
split card first. A pair met while the seat holds three or more hands has its own entry with
the count appended (``split:free:8,8:v6:h3``). Keys are written by the table build and read by
the drills; this module is the one place that knows their format.
"""

from __future__ import annotations

from functools import cache

from .composition import Composition, of_values


@cache    # a few thousand hands, asked for tens of thousands of times as a catalog is built
def cards_key(hand: Composition) -> str:
    """Card values of a hand, high to low, as text: "10,6" or "7,5,2" (aces are 1)."""
    values = [v for v in range(10, 0, -1) for _ in range(hand[v - 1])]
    return ",".join(map(str, values))


def table_key(context: str, stakes: str, hand: Composition, up: int,
                  split_card: int | None = None, hands: int = 2) -> str:
    """The table key of one decision: context, stakes, the player's cards, the dealer's up card.

    A split hand's cards list the split card first ("3,8": a split 3 that drew an 8), since
    the same two cards are a different situation after splitting 8s. A split hand's key is
    for a seat of two hands; a pair that may be resplit in a seat of more hands has its own
    entry, the count appended ("split:free:8,8:v6:h3"), since its resplit can make fewer hands.
    """
    if context == "split":
        if split_card is None or not hand[split_card - 1]:
            raise ValueError(f"a split hand's key needs its split card, not {split_card!r}")
        rest = list(hand)
        rest[split_card - 1] -= 1
        seat = f":h{hands}" if hands > 2 else ""
        return f"{context}:{stakes}:{split_card},{cards_key(tuple(rest))}:v{up}{seat}"
    return f"{context}:{stakes}:{cards_key(hand)}:v{up}"


def split_card_of(key: str) -> int:
    """The split card of a split hand's table key."""
    return int(key.split(":")[2].split(",")[0])


def hands_of(key: str) -> int:
    """How many hands the seat holds in a split hand's table key (two unless it says)."""
    parts = key.split(":")
    return int(parts[4][1:]) if len(parts) > 4 else 2


@cache    # each key is read by the catalog, its weights and the classic play
def parse_table_key(key: str) -> tuple[str, str, Composition, int]:
    """(context, stakes, hand composition, up card) of a table key like ``first:real:10,2:v4``
    (a resplit's count of hands in the seat, ``:h3``, is not part of it: see :func:`hands_of`)."""
    context, stakes, cards, up = key.split(":")[:4]
    return context, stakes, of_values(int(v) for v in cards.split(",")), int(up[1:])


__all__ = ["cards_key", "hands_of", "parse_table_key", "split_card_of", "table_key"]
