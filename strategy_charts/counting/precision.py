"""The precision a player asks of the count lab: the spread (in true counts) the index plays
should be under, and the number of shoes that takes.

An index's spread over the lab's resamples (:mod:`.spread`) shrinks as one over the square root
of the shoes valued, so a target ``k`` times finer takes ``k²`` times the shoes: the shoes per
stratum (:data:`.draws.PER_STRATUM`), and a wager's extra shoes (:data:`.draws.WAGER_SHOES`),
are multiplied by ``ceil((DEFAULT / target)²)``. The
default, :data:`DEFAULT`, is the spread under which an index is taught, the lab's shoes as
shipped. A lab built to another precision records it (``method.precision``), and its chart marks
'?' only the indices still wider than it.
"""

from __future__ import annotations

import math
from typing import Any

from .draws import PER_STRATUM
from .spread import TRUSTED_SD

#: The default target: the spread under which an index is taught (the shipped labs' shoes).
DEFAULT = TRUSTED_SD
#: The finest target the lab takes (a thousand times the shoes below it would run for days).
FINEST = 0.02


def shoes_factor(target: float) -> int:
    """How many times the default shoes a ``target`` spread takes (1 at the default or
    coarser)."""
    if not target >= FINEST:
        raise ValueError(f"a precision of {target:g} TC is finer than the lab takes; give "
                         f"{FINEST:g} or more")
    return max(1, math.ceil((DEFAULT / target) ** 2 - 1e-9))


def samples_for(target: float) -> tuple[int, ...]:
    """The shoes per stratum of each stratifying count for ``target``."""
    return tuple(k * shoes_factor(target) for k in PER_STRATUM)


def target_of(lab: dict[str, Any]) -> float:
    """The precision a lab table was built to (the default when it records none)."""
    value = lab.get("method", {}).get("precision")
    return float(value) if value is not None else DEFAULT


def is_default(target: float | None) -> bool:
    """Whether ``target`` asks for the default lab (None: nothing asked)."""
    return target is None or target == DEFAULT


__all__ = ["DEFAULT", "FINEST", "is_default", "samples_for", "shoes_factor", "target_of"]
