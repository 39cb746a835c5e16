"""The memory model's health check: how well it predicts answers it was not fitted to.

As Anki's FSRS health check, in words a player reads. A fit made from every answer at once
(the first, or one made again from the whole history) holds out the latest 20% of them
(:data:`trainer.drills.fitting.HELD_OUT`); a refit made from the kept fit state holds out the
answers given since the fit before (about the latest 23%: the fit is made again when the
answers have grown by 30%). Each held-out answer was predicted by the model as fitted before
it (its parameters and card mapping fixed, its picture of the player's memory taken on by
every answer as it came); only the answers its cards hold count (where the assumed play is
wrong). Its log loss (the mean of −ln p, p the chance it gave to what the player did) is set
beside two others on the same answers:

* **a fixed guess** (Anki's AVG): every answer right with the share of right answers before;
* **FSRS-6** with its default parameters (:mod:`trainer.drills.fsrs6`), one card per card of
  the same mapping, a right answer's chance R + (1 − R)·guess as the trainer's.

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
#: How much better than a fixed guess (share of its log loss) counts as better.
BETTER = 0.05
_CLIP = 1e-4


def _log(p: float, right: bool) -> float:
    p = min(max(p, _CLIP), 1.0 - _CLIP)
    return math.log(p if right else 1.0 - p)


@dataclass(frozen=True)
class Mark:
    """The fit's replay at a fit: the mapping and candidate chosen, that candidate's
    log-likelihood so far, and the mapping's answers, right answers and FSRS-6's
    log-likelihood so far (:class:`~trainer.drills.memory_fit.Replay`)."""

    mapping: str
    index: int
    model_log: float
    answered: int
    rights: int
    fsrs_log: float
    chosen: str = ""         # the model fitted then, in words

    def to_plain(self) -> list[Any]:
        """As JSON values."""
        return [self.mapping, self.index, self.model_log, self.answered, self.rights,
                self.fsrs_log, self.chosen]

    @classmethod
    def from_plain(cls, plain: Sequence[Any]) -> Mark:
        """Read :meth:`to_plain` back."""
        mapping, index, model_log, answered, rights, fsrs_log, chosen = plain
        return cls(str(mapping), int(index), float(model_log), int(answered), int(rights),
                   float(fsrs_log), str(chosen))


@dataclass(frozen=True)
class Health:
    """The check's figures: held-out answers and each log loss; the model chosen, in words."""

    answers: int
    model: float
    fixed: float
    fsrs6: float
    chosen: str = ""

    def sentence(self) -> str:
        """What the figures mean, in one sentence."""
        if self.answers < AT_LEAST:
            return ("The trainer checks how well it knows your memory once you have given "
                    f"{AT_LEAST} answers since its last fit.")
        if self.model > (1.0 - BETTER) * self.fixed:
            return ("The trainer predicts your answers no better than a fixed guess yet: it "
                    "is still learning how you remember.")
        if self.model <= self.fsrs6:
            return ("The trainer predicts your answers better than a fixed guess and better "
                    "than FSRS-6: it knows your memory well.")
        return ("The trainer predicts your answers better than a fixed guess, though FSRS-6 "
                "would predict them better still: it knows your memory fairly well.")

    def to_plain(self) -> dict[str, Any]:
        """As JSON values (what ``stats --json`` prints and the fit keeps)."""
        return {"held_out": self.answers, "log_loss": round(self.model, 6),
                "avg_log_loss": round(self.fixed, 6), "fsrs6_log_loss": round(self.fsrs6, 6),
                "model": self.chosen}

    @classmethod
    def from_plain(cls, plain: Mapping[str, Any]) -> Health:
        """Read :meth:`to_plain` back."""
        return cls(int(plain["held_out"]), float(plain["log_loss"]),
                   float(plain["avg_log_loss"]), float(plain["fsrs6_log_loss"]),
                   str(plain.get("model", "")))


def check(mark: Mark, model_log: float, answered: int, rights: int, fsrs_log: float
          ) -> Health | None:
    """The health of the model fitted at ``mark`` over the answers since: ``model_log`` is
    its candidate's log-likelihood now, ``answered``, ``rights`` and ``fsrs_log`` its
    mapping's now; None when no answer came since."""
    held = answered - mark.answered
    if held <= 0:
        return None
    right = rights - mark.rights
    share = mark.rights / mark.answered if mark.answered else 0.5
    fixed = -(right * _log(share, True) + (held - right) * _log(share, False)) / held
    return Health(held, -(model_log - mark.model_log) / held, fixed,
                  -(fsrs_log - mark.fsrs_log) / held, mark.chosen)


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
    return found if found.answers > 0 and all(math.isfinite(v) for v in values) else None
