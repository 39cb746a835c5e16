"""When the learner practises: one session a day of ``per_day`` answers, or irregular sessions."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any


def sessions(params: dict[str, Any], seed: int) -> Iterator[tuple[int, int]]:
    """Each session's day and number of answers, for ever (the run stops them)."""
    if params["schedule"] == "daily":
        per_day = int(params["per_day"])
        day = 0
        while True:
            yield day, per_day
            day += 1
    elif params["schedule"] == "irregular":
        rng = random.Random(f"schedule-{seed}")
        low, high = (int(x) for x in params["per_session"])
        shortest, longest = (int(x) for x in params["gap_days"])
        day = 0
        while True:
            yield day, rng.randint(low, high)
            day += rng.randint(shortest, longest)
    else:
        raise ValueError(f"schedule must be 'daily' or 'irregular', not {params['schedule']!r}")
