"""Full-shoe rounds as the progress store keeps them: their money, and what the round history
lists of each (its detail, JSON), read back from the ``shoe_rounds`` rows."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

#: The columns of a stored round, in :class:`ShoeRound`'s order.
ROUND_COLUMNS = "session_id, round, time, bets, net_result, expected_result, cards, detail"


@dataclass(frozen=True)
class ShoeRound:
    """One round of full-shoe practice with its money: actual against perfect-play expectation;
    ``detail`` is what the round history lists (None for a round stored without one, or one
    that cannot be read)."""

    session_id: int
    round: int
    time: str
    bets: dict[str, float]
    net_result: float
    expected_result: float
    cards: str
    detail: dict[str, Any] | None = None


@dataclass(frozen=True)
class PlayedRound:
    """A stored round for the round history, with its shoe's preset and start."""

    preset: str
    shoe_started: str
    round: ShoeRound


def detail_of(text: str | None) -> dict[str, Any] | None:
    """A round's stored detail, or None when there is none or it is not a JSON object."""
    if not text:
        return None
    try:
        value = json.loads(text)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


def shoe_round(row: Mapping[str, Any]) -> ShoeRound:
    """A stored round from its row (keyed by column name)."""
    return ShoeRound(row["session_id"], row["round"], row["time"], json.loads(row["bets"]),
                     row["net_result"], row["expected_result"], row["cards"],
                     detail_of(row["detail"]))


__all__ = ["ROUND_COLUMNS", "PlayedRound", "ShoeRound", "detail_of", "shoe_round"]
