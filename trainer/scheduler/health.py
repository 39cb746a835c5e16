"""The memory model's health check: how well it predicts answers it was not fitted to.

As Anki's FSRS health check and the srs-benchmark score a memory model, in words a player
reads. A fit made from every answer at once (the first, or one made again from the whole
history) holds out the latest 20% of them (:data:`trainer.scheduler.fitting.HELD_OUT`); a refit
made from the kept fit state holds out the answers given since the fit before (about the latest
23%: the fit is made again when the answers have grown by 30%): a split in time, the model
fitted on earlier answers only. Each held-out answer was predicted by the model as fitted
before it (its parameters and card mapping fixed, its picture of the player's memory taken on
by every answer as it came); only the answers its cards hold count (where the assumed play is
wrong), and of them only those given **a day or more after their card's last answer**, as the
srs-benchmark scores: an answer the same day says little of memory (FSRS-6 would give it recall
1, and a miss would cost it ln 10⁴), so same-day answers are counted apart and never scored.
The model's log loss, AUC and RMSE (bins) (:mod:`trainer.scheduler.scores`, as the
srs-benchmark's) are set beside those of others on the same answers:

* **a fixed guess** (the srs-benchmark's AVG): every answer right with the share of right
  answers scored before the fit;
* **a moving average** of the player's answers, every answer the cards hold (:data:`MOVING`);
* **FSRS-6** with its default parameters (:mod:`trainer.scheduler.fsrs6`), one card per card of
  the same mapping, its recall over fractional days, a right answer's chance R + (1 − R)·guess
  as the trainer's; and, where the answers before were at hand to fit it, FSRS-6 fitted to
  them (:mod:`trainer.scheduler.fsrs6_fit`).

The same figures choose the memory model the study queue runs on (:mod:`trainer.drills.
fitting`): the trainer's own or FSRS-6 fitted, whichever had the lower log loss on them (FSRS-6
only on :data:`AT_LEAST` answers or more): :attr:`Health.uses`, :func:`choose`.

Its sentence names the model chosen and claims only what the figures show, with the figures:
better than another model only by :data:`BETTER` of its log loss **and** an AUC no lower,
"about as well" within it.

The fit's replay (:class:`~trainer.scheduler.memory_fit.Replay`) gives each scored answer's
chances under the model fitted and FSRS-6, answer by answer; :class:`Mark` is its state at a
fit, :class:`Predicted` the answers scored since.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from .scores import Score, bins, log_loss, margin, score

#: Held-out answers needed before the check says anything.
AT_LEAST = 100
#: How much lower a log loss must be (a share of the other's) to count as better.
BETTER = 0.05


@dataclass(frozen=True)
class Mark:
    """The fit's replay at a fit: the mapping and candidate chosen; of the answers scored so
    far (a day or more after their card's last), their count and the right ones; the
    same-day answers so far (:class:`~trainer.scheduler.memory_fit.Replay`); every answer
    replayed so far (FSRS-6 is fitted to those: :mod:`trainer.scheduler.fitting`)."""

    mapping: str
    index: int
    answered: int
    rights: int
    chosen: str = ""         # the model fitted then, in words
    same_day: int = 0
    upto: int = 0

    def to_plain(self) -> list[Any]:
        """As JSON values."""
        return [self.mapping, self.index, self.answered, self.rights, self.chosen,
                self.same_day, self.upto]

    @classmethod
    def from_plain(cls, plain: Sequence[Any]) -> Mark:
        """Read :meth:`to_plain` back."""
        mapping, index, answered, rights, chosen, same_day, upto = plain
        return cls(str(mapping), int(index), int(answered), int(rights), str(chosen),
                   int(same_day), int(upto))


#: The weight of the latest answer in the moving average (about the last 20 answers count).
MOVING = 0.05
#: The moving average before any answer.
MOVING_START = 0.5
#: The rows of :class:`Predicted`: each answer's place in the answers replayed, the fitted
#: model's chance of a right answer, FSRS-6's, right (1.0) or not, days since the card's last
#: answer, the answer's number on its card, the card's lapses before it, the moving average,
#: and 1.0 for an answer given the same day as its card's last (never scored, but the choice
#: of model weighs it: :func:`choose`).
PLACE, MODEL, FSRS6, RIGHT, ELAPSED, NUMBER, LAPSES, AVERAGE, SAME = range(9)
ROWS = SAME + 1


@dataclass(frozen=True, eq=False)
class Predicted:
    """The held-out answers after a card's first, one column each (rows: :data:`PLACE` …)."""

    rows: np.ndarray

    @classmethod
    def empty(cls) -> Predicted:
        """No answer."""
        return cls(np.zeros((ROWS, 0)))

    @classmethod
    def of(cls, parts: Sequence[np.ndarray]) -> Predicted:
        """Columns found in parts, in the order of their places."""
        if not parts:
            return cls.empty()
        rows = np.concatenate(parts, axis=1)
        return cls(rows[:, np.argsort(rows[PLACE], kind="stable")])

    @property
    def size(self) -> int:
        """The answers held."""
        return int(self.rows.shape[1])

    def moved(self, averages: np.ndarray, offset: int) -> Predicted:
        """These answers with their moving averages (``averages``: before each answer
        replayed) and their places counted from ``offset``."""
        rows = self.rows.copy()
        rows[AVERAGE] = averages[rows[PLACE].astype(int)]
        rows[PLACE] += offset
        return Predicted(rows)

    def scored(self) -> Predicted:
        """The answers the check scores: a day or more after their card's last."""
        return Predicted(self.rows[:, self.rows[SAME] < 0.5])

    def then(self, other: Predicted) -> Predicted:
        """These answers, then ``other``'s."""
        return Predicted(np.concatenate([self.rows, other.rows], axis=1))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Predicted) and np.array_equal(self.rows, other.rows)


def moving_averages(start: float, right: Sequence[bool], counted: Sequence[bool] | None = None
                    ) -> tuple[np.ndarray, float]:
    """The moving average before each answer (weight :data:`MOVING` for the latest), and
    after the last: a guess that follows the player's recent form, whatever the card. Only the
    answers ``counted`` move it (the ones the cards hold, which the models predict; all by
    default)."""
    before = np.empty(len(right))
    value = start
    for i, ok in enumerate(right):
        before[i] = value
        if counted is None or counted[i]:
            value += MOVING * (float(ok) - value)
    return before, value


_NONE = Score(0.0, 0.5, 0.0)


@dataclass(frozen=True)
class Health:
    """The check's figures: the held-out answers it scored (a day or more after their card's
    last) and each model's log loss, AUC and RMSE (bins) on them (:mod:`trainer.drills.
    scores`): the model fitted, a fixed guess, a moving average, FSRS-6 at its defaults and,
    where made, FSRS-6 fitted to the answers before; the model chosen, in words; the held-out
    answers given the same day, counted apart; and the model these figures chose (``"model"``,
    the trainer's own, or :data:`FITTED`: :func:`choose`)."""

    answers: int
    model: Score
    fixed: Score
    moving: Score
    fsrs6: Score
    chosen: str = ""
    same_day: int = 0
    fitted: Score | None = None
    uses: str = "model"
    #: the log loss of the held-out answers given the same day as their card's last, of the
    #: trainer's own model and FSRS-6 fitted (None: FSRS-6 not fitted, or no such answer)
    apart: tuple[float, float] | None = None
    #: the trainer's own model's log loss less FSRS-6 fitted's on the scored answers, and the
    #: standard error of that difference (:func:`~trainer.scheduler.scores.margin`; None: FSRS-6
    #: not fitted)
    margin: tuple[float, float] | None = None

    @property
    def used(self) -> Score:
        """The figures of the model chosen (:attr:`uses`)."""
        return self.fitted if self.uses == FITTED and self.fitted is not None else self.model

    def sentence(self) -> str:
        """What the figures mean, in one sentence, with the figures."""
        if self.answers < AT_LEAST:
            return ("The trainer checks how well it knows your memory once you have given "
                    f"{AT_LEAST} answers, each a day or more after the card's last, since its "
                    f"last fit ({self.answers} so far).")
        figures, mine = self.figures(), self.used
        name = NAMES[self.uses]
        if self.fitted is None:
            chose = f"Your memory model is {name}"
        else:
            other = NAMES["model" if self.uses == FITTED else FITTED]
            chose = (f"Your memory model is {name}, chosen over {other} by how well each "
                     "predicted your latest answers")
        if not (_better(mine, self.fixed) and _better(mine, self.moving)):
            return (f"{chose}; it predicts your answers no better than a simple guess yet: it "
                    f"is still learning how you remember {figures}.")
        if _better(mine, self.fsrs6):
            return (f"{chose}; it predicts your answers better than a simple guess and better "
                    f"than FSRS-6 at its default parameters {figures}.")
        if _better(self.fsrs6, mine):
            return (f"{chose}; it predicts your answers better than a simple guess, though "
                    f"FSRS-6 at its default parameters predicts them better still {figures}.")
        if _lower(mine.log_loss, self.fsrs6.log_loss) or _lower(self.fsrs6.log_loss,
                                                                 mine.log_loss):
            return (f"{chose}; it predicts your answers better than a simple guess; against "
                    "FSRS-6 at its default parameters one has the lower log loss, the other "
                    f"the higher AUC {figures}.")
        return (f"{chose}; it predicts your answers better than a simple guess, and about as "
                f"well as FSRS-6 at its default parameters {figures}.")

    def figures(self) -> str:
        """The figures, in words: log loss, AUC and RMSE (bins) of each model."""
        named = [("the trainer's own model", self.model), ("a fixed guess", self.fixed),
                 ("a moving average", self.moving), ("FSRS-6 at its defaults", self.fsrs6)]
        if self.fitted is not None:
            named.append(("FSRS-6 fitted to you", self.fitted))
        each = ", ".join(f"{name} {s.log_loss:.3f} / {s.auc:.2f} / {s.rmse:.3f}"
                         for name, s in named)
        apart = (f"; {self.same_day} answered the same day as the card's last, not scored"
                 if self.same_day else "")
        if self.same_day and self.apart is not None:
            apart += (f" (their log loss: the trainer's own model {self.apart[0]:.3f}, FSRS-6 "
                      f"fitted to you {self.apart[1]:.3f})")
        return (f"(log loss / AUC / RMSE of bins: {each}; on {self.answers} answers given a day "
                f"or more after the card's last{apart})")

    def scores(self) -> dict[str, Score | None]:
        """Each model's figures by the name ``stats --json`` gives it."""
        return dict(zip(MODELS, (self.model, self.fixed, self.moving, self.fsrs6, self.fitted),
                        strict=True))

    def to_plain(self) -> dict[str, Any]:
        """As JSON values (what the fit keeps)."""
        return {"held_out": self.answers, "model": self.chosen, "same_day": self.same_day,
                "scored": SCORED, "uses": self.uses,
                "same_day_log_loss": None if self.apart is None else [
                    round(v, 6) for v in self.apart],
                "margin": None if self.margin is None else [round(v, 6) for v in self.margin],
                "figures": {name: None if s is None else s.to_plain()
                            for name, s in self.scores().items()}}

    @classmethod
    def from_plain(cls, plain: Mapping[str, Any]) -> Health:
        """Read :meth:`to_plain` back (KeyError for a check scored otherwise: before, every
        held-out answer was scored, same-day ones too; or kept before its AUC and RMSE were:
        its figures are not told)."""
        if plain.get("scored") != SCORED:
            raise KeyError("scored")
        figures = plain["figures"]
        fitted = figures.get(FITTED)
        uses = plain.get("uses", "model")       # a check kept before FSRS-6 could be chosen
        if uses not in NAMES or (uses == FITTED and fitted is None):
            raise ValueError("uses")
        losses = plain.get("same_day_log_loss")
        apart = None if losses is None else (float(losses[0]), float(losses[1]))
        gap = plain.get("margin")                 # None in a check kept before it was
        margin = None if gap is None else (float(gap[0]), float(gap[1]))
        return cls(int(plain["held_out"]), Score.from_plain(figures["model"]),
                   Score.from_plain(figures["avg"]), Score.from_plain(figures["moving_avg"]),
                   Score.from_plain(figures["fsrs6"]), str(plain.get("model", "")),
                   int(plain["same_day"]),
                   None if fitted is None else Score.from_plain(fitted), str(uses), apart,
                   margin)


#: The models a check scores, by the names ``stats --json`` and the kept check give them.
MODELS = ("model", "avg", "moving_avg", "fsrs6", "fsrs6_fitted")
#: FSRS-6 fitted's name there, and what the two models a fit may choose are called.
FITTED = "fsrs6_fitted"
NAMES = {"model": "the trainer's own model", FITTED: "FSRS-6 fitted to your answers"}
#: Which held-out answers a check scores, as kept with it.
SCORED = "a day or more after the card's last"


def _lower(one: float, other: float) -> bool:
    """True when log loss ``one`` is lower than ``other`` by :data:`BETTER` of it."""
    return one < (1.0 - BETTER) * other


def _better(one: Score, other: Score) -> bool:
    """True when ``one`` predicts better than ``other``: a log loss lower by :data:`BETTER`
    of it, and an AUC no lower."""
    return _lower(one.log_loss, other.log_loss) and one.auc >= other.auc


def check(mark: Mark, held: Predicted, same_day: int,
          fitted: np.ndarray | None = None) -> Health | None:
    """The health of the model fitted at ``mark`` over the answers since: ``held`` the ones it
    scores, ``same_day`` its mapping's same-day answers now (the mark's are not counted),
    ``fitted`` FSRS-6 fitted at the mark's chance of each of ``held`` (None: not fitted);
    None when no answer came since. It uses the trainer's own model (:func:`choose` says which
    one the figures choose)."""
    apart = same_day - mark.same_day
    same = held.rows[SAME] > 0.5
    losses = None
    if fitted is not None and same.any():
        right = held.rows[RIGHT, same]
        losses = (log_loss(held.rows[MODEL, same], right), log_loss(fitted[same], right))
    if fitted is not None:
        fitted = fitted[~same]
    held = held.scored()
    if held.size == 0:
        return None if apart <= 0 else Health(0, _NONE, _NONE, _NONE, _NONE, mark.chosen,
                                              apart, apart=losses)
    rows = held.rows
    right, group = rows[RIGHT], bins(rows[ELAPSED], rows[NUMBER], rows[LAPSES])
    share = mark.rights / mark.answered if mark.answered else 0.5
    return Health(held.size, score(rows[MODEL], right, group),
                  score(np.full(held.size, share), right, group),
                  score(rows[AVERAGE], right, group), score(rows[FSRS6], right, group),
                  mark.chosen, apart, None if fitted is None else score(fitted, right, group),
                  apart=losses,
                  margin=None if fitted is None else margin(rows[MODEL], fitted, right))


def choose(health: Health | None) -> Health | None:
    """``health`` using the model its figures choose: FSRS-6 fitted where it was fitted, on
    :data:`AT_LEAST` answers or more, with a lower log loss than the trainer's own model, and
    likelier than it over those and the same-day answers together (the study queue asks a card
    again the same day on the model's word too: a model that gets those wrong teaches worse,
    whatever it says of the next day); else the trainer's own."""
    if health is None:
        return None
    fitted = health.fitted
    same = (0.0, 0.0) if health.apart is None else health.apart
    better = (fitted is not None and health.answers >= AT_LEAST
              and fitted.log_loss < health.model.log_loss
              and health.answers * fitted.log_loss + health.same_day * same[1]
              < health.answers * health.model.log_loss + health.same_day * same[0])
    return replace(health, uses=FITTED if better else "model")


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
    except (KeyError, TypeError, ValueError, AttributeError):
        return None
    return found if found.answers >= 0 else None
