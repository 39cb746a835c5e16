"""The memory model's health check: how well it predicts answers it was not fitted to.

As Anki's FSRS health check and the srs-benchmark score a memory model, in words a player
reads. A fit made from every answer at once (the first, or one made again from the whole
history) holds out the latest 20% of them (:data:`trainer.drills.fitting.HELD_OUT`); a refit
made from the kept fit state holds out the answers given since the fit before (about the latest
23%: the fit is made again when the answers have grown by 30%): a split in time, the model
fitted on earlier answers only. Each held-out answer was predicted by the model as fitted
before it (its parameters and card mapping fixed, its picture of the player's memory taken on
by every answer as it came); only the answers its cards hold count (where the assumed play is
wrong), and of them only those given **a day or more after their card's last answer**, as the
srs-benchmark scores: an answer the same day says little of memory (FSRS-6 would give it recall
1, and a miss would cost it ln 10⁴), so same-day answers are counted apart and never scored.
The model's log loss (the mean of −ln p, p the chance it gave to what the player did) is set
beside two others on the same answers:

* **a fixed guess** (Anki's AVG): every answer right with the share of right answers before;
* **FSRS-6** with its default parameters (:mod:`trainer.drills.fsrs6`), one card per card of
  the same mapping, its recall over fractional days, a right answer's chance R + (1 − R)·guess
  as the trainer's.

Its sentence claims only what the figures show, with the figures: better than another model
only by :data:`BETTER` of its log loss, "about as well" within it.

The fit's replay (:class:`~trainer.drills.memory_fit.Replay`) keeps what the two others need,
answer by answer; :class:`Mark` is its state at a fit.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

#: Held-out answers needed before the check says anything.
AT_LEAST = 100
#: How much lower a log loss must be (a share of the other's) to count as better.
BETTER = 0.05
_CLIP = 1e-4


def _log(p: float, right: bool) -> float:
    p = min(max(p, _CLIP), 1.0 - _CLIP)
    return math.log(p if right else 1.0 - p)


@dataclass(frozen=True)
class Mark:
    """The fit's replay at a fit: the mapping and candidate chosen, and of the answers scored
    so far (a day or more after their card's last), that candidate's log-likelihood, their
    count, the right ones and FSRS-6's log-likelihood; the same-day answers so far
    (:class:`~trainer.drills.memory_fit.Replay`)."""

    mapping: str
    index: int
    model_log: float
    answered: int
    rights: int
    fsrs_log: float
    chosen: str = ""         # the model fitted then, in words
    same_day: int = 0

    def to_plain(self) -> list[Any]:
        """As JSON values."""
        return [self.mapping, self.index, self.model_log, self.answered, self.rights,
                self.fsrs_log, self.chosen, self.same_day]

    @classmethod
    def from_plain(cls, plain: Sequence[Any]) -> Mark:
        """Read :meth:`to_plain` back."""
        mapping, index, model_log, answered, rights, fsrs_log, chosen, same_day = plain
        return cls(str(mapping), int(index), float(model_log), int(answered), int(rights),
                   float(fsrs_log), str(chosen), int(same_day))


@dataclass(frozen=True)
class Health:
    """The check's figures: the held-out answers it scored (a day or more after their card's
    last) and each log loss on them; the model chosen, in words; the held-out answers given
    the same day, counted apart."""

    answers: int
    model: float
    fixed: float
    fsrs6: float
    chosen: str = ""
    same_day: int = 0

    def sentence(self) -> str:
        """What the figures mean, in one sentence, with the figures."""
        if self.answers < AT_LEAST:
            return ("The trainer checks how well it knows your memory once you have given "
                    f"{AT_LEAST} answers, each a day or more after the card's last, since its "
                    f"last fit ({self.answers} so far).")
        figures = (f"(log loss {self.model:.3f}, against {self.fixed:.3f} for a fixed guess and "
                   f"{self.fsrs6:.3f} for FSRS-6, on {self.answers} answers given a day or more "
                   "after the card's last)")
        if not _lower(self.model, self.fixed):
            return ("The trainer predicts your answers no better than a fixed guess yet: it is "
                    f"still learning how you remember {figures}.")
        if _lower(self.model, self.fsrs6):
            return ("The trainer predicts your answers better than a fixed guess and better "
                    f"than FSRS-6 {figures}.")
        if _lower(self.fsrs6, self.model):
            return ("The trainer predicts your answers better than a fixed guess, though FSRS-6 "
                    f"predicts them better still {figures}.")
        return ("The trainer predicts your answers better than a fixed guess, and about as "
                f"well as FSRS-6 {figures}.")

    def to_plain(self) -> dict[str, Any]:
        """As JSON values (what ``stats --json`` prints and the fit keeps)."""
        return {"held_out": self.answers, "log_loss": round(self.model, 6),
                "avg_log_loss": round(self.fixed, 6), "fsrs6_log_loss": round(self.fsrs6, 6),
                "model": self.chosen, "same_day": self.same_day, "scored": SCORED}

    @classmethod
    def from_plain(cls, plain: Mapping[str, Any]) -> Health:
        """Read :meth:`to_plain` back (KeyError for a check scored otherwise: before, every
        held-out answer was scored, same-day ones too, and its figures are not told)."""
        if plain.get("scored") != SCORED:
            raise KeyError("scored")
        return cls(int(plain["held_out"]), float(plain["log_loss"]),
                   float(plain["avg_log_loss"]), float(plain["fsrs6_log_loss"]),
                   str(plain.get("model", "")), int(plain["same_day"]))


#: Which held-out answers a check scores, as kept with it.
SCORED = "a day or more after the card's last"


def _lower(one: float, other: float) -> bool:
    """True when log loss ``one`` is lower than ``other`` by :data:`BETTER` of it."""
    return one < (1.0 - BETTER) * other


def check(mark: Mark, model_log: float, answered: int, rights: int, fsrs_log: float,
          same_day: int = 0) -> Health | None:
    """The health of the model fitted at ``mark`` over the answers since: ``model_log`` is
    its candidate's log-likelihood of the scored answers now, ``answered``, ``rights`` and
    ``fsrs_log`` its mapping's scored answers now, ``same_day`` the rest; None when no
    answer came since."""
    held, apart = answered - mark.answered, same_day - mark.same_day
    if held <= 0:
        return None if apart <= 0 else Health(0, 0.0, 0.0, 0.0, mark.chosen, apart)
    right = rights - mark.rights
    share = mark.rights / mark.answered if mark.answered else 0.5
    fixed = -(right * _log(share, True) + (held - right) * _log(share, False)) / held
    return Health(held, -(model_log - mark.model_log) / held, fixed,
                  -(fsrs_log - mark.fsrs_log) / held, mark.chosen, same_day - mark.same_day)


def says(health: Health | None, fitted: bool) -> str:
    """The sentence for a player: the check's (:meth:`Health.sentence`), or why there is none
    yet (no fit yet, or a fit not yet checked)."""
    if health is not None:
        return health.sentence()
    if fitted:
        return "The trainer checks how well it knows your memory at its next fit to your answers."
    return "The trainer fits its model of your memory once you have answered enough cards."


def health_of(plain: object) -> Health | None:
    """A stored health check (a mapping, or JSON text of one), None when it is not one."""
    if isinstance(plain, str):
        try:
            plain = json.loads(plain)
        except ValueError:
            return None
    if not isinstance(plain, Mapping):
        return None
    try:
        found = Health.from_plain(plain)
    except (KeyError, TypeError, ValueError):
        return None
    values = (found.model, found.fixed, found.fsrs6)
    return found if found.answers >= 0 and all(math.isfinite(v) for v in values) else None
