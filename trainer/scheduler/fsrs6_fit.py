"""FSRS-6 fitted to one player's answers: a memory model the study queue may choose
(:mod:`trainer.scheduler.fitting`) and the health check's strongest yardstick.

The fit is fsrs-rs's own optimizer (the one Anki runs), through its Python binding
``fsrs-rs-python`` (a dependency: a wheel of 0.4–0.6 MB, 1.5 MB installed, no other package;
made off the UI thread with the rest of the memory fit): the answers become FSRS
review histories, one per card of a mapping (rated Good when right, Again when wrong, the days
between answers counted whole, as FSRS counts them), every history prefix that ends a day or
more after the answer before it an item to fit. Its chances are then the same equations as
FSRS-6 at its defaults (:mod:`trainer.scheduler.fsrs6`) with the fitted parameters, recall over
fractional days and a right answer's chance R + (1 − R)·guess, so the two are set side by side
on the same footing.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence

import fsrs_rs_python as rs
import numpy as np

from trainer.teaching.answers import Answer

from . import fsrs6
from .card_rows import by_card
from .scores import CHANCE_CLIP as _CLIP

#: Fewer items than this and the optimizer's fit says nothing (fsrs-rs itself asks for more
#: before it leaves its defaults).
AT_LEAST = 64


def histories(answers: Sequence[Answer], card_of: Mapping[str, str]
              ) -> list[list[tuple[int, int]]]:
    """Each card's answers as FSRS reviews: (rating, whole days since the card's last)."""
    _, day, right, _, present, _ = by_card(answers, card_of, {})
    found = []
    for row in range(day.shape[0]):
        n = int(present[row].sum())
        days = day[row, :n]
        gaps = np.concatenate([[0], np.floor(np.diff(days) + 1e-9)]).astype(int)
        found.append([(fsrs6.GOOD if right[row, k] > 0.5 else fsrs6.AGAIN, int(gaps[k]))
                      for k in range(n)])
    return found


def fit_parameters(answers: Sequence[Answer], card_of: Mapping[str, str]
                   ) -> tuple[float, ...] | None:
    """FSRS-6's parameters fitted to ``answers`` by fsrs-rs's optimizer; None when there are
    too few items to fit (:data:`AT_LEAST`) or its fit is not 21 finite numbers."""
    items = []
    for reviews in histories(answers, card_of):
        for end in range(2, len(reviews) + 1):
            if reviews[end - 1][1] >= 1:
                items.append(rs.FSRSItem([rs.FSRSReview(r, t) for r, t in reviews[:end]]))
    if len(items) < AT_LEAST:
        return None
    found = tuple(float(w) for w in rs.FSRS(rs.DEFAULT_PARAMETERS).compute_parameters(items))
    if len(found) != len(fsrs6.W) or not all(math.isfinite(w) for w in found):
        return None
    return found


def chances(w: Sequence[float], answers: Sequence[Answer], card_of: Mapping[str, str]
            ) -> np.ndarray:
    """FSRS-6's chance (parameters ``w``) of a right answer at each of ``answers`` (NaN for an
    answer no card of ``card_of`` holds, or a card's first), in their order."""
    _, day, right, guess, present, place = by_card(answers, card_of, {})
    told = np.full(len(answers), np.nan)
    if day.shape[1] == 0:
        return told
    s, d = fsrs6.first_arrays(right[:, 0], w)
    for k in range(1, day.shape[1]):
        here = present[:, k]
        gap = day[here, k] - day[here, k - 1]
        r = fsrs6.recall_fractional(s[here], gap, w)
        told[place[here, k]] = np.clip(r + (1.0 - r) * guess[here, k], _CLIP, 1.0 - _CLIP)
        s[here], d[here] = fsrs6.review_arrays(s[here], d[here], gap, right[here, k], w)
    return told


def kept(plain: object) -> tuple[float, ...] | None:
    """FSRS-6's parameters as kept (JSON text of them, or a list), or None when they are not
    21 finite numbers with a decay and first stabilities above 0 (None: no FSRS-6, or a fit
    to make again)."""
    if isinstance(plain, str):
        try:
            plain = json.loads(plain)
        except ValueError:
            return None
    if not (isinstance(plain, list | tuple) and len(plain) == len(fsrs6.W) and all(
            isinstance(w, int | float) and not isinstance(w, bool) and math.isfinite(w)
            for w in plain)):
        return None
    found = tuple(float(w) for w in plain)
    return found if found[20] > 0 and min(found[:4]) > 0 else None
