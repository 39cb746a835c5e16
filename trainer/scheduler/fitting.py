"""Which model of the player a study queue uses: the starting point their first answers show,
and the memory model fitted to their answers (the stored fit, or a new one when it is stale).

The starting point set chooses the curriculum taught (what the assumed play gets wrong); the
first answer of each chart row — a few hundred at most, so it costs nothing — is read every
session (:mod:`trainer.scheduler.start`) for how a right answer without recall is read (a novice's
share of luck) and for another starting point to suggest (asked, never taken alone). The
memory fit (:mod:`trainer.scheduler.memory_fit`) is made for that curriculum once there are
:data:`FIT_AFTER` answers, and again when they have grown by :data:`REFIT_GROWTH` or when it
was made under another starting point.

Each fit also chooses the memory model by held-out likelihood (:func:`fit_for_state`): the
grid's best, fitted to the answers before the latest (the latest 20%, or those since the fit
before), and FSRS-6 fitted to the same answers by fsrs-rs's optimizer
(:mod:`trainer.scheduler.fsrs6_fit`, on the cards of the same mapping) are scored on the latest
answers given a day or more after their card's last (:mod:`trainer.scheduler.health`); where
FSRS-6 had the lower log loss on at least :data:`~trainer.scheduler.health.AT_LEAST` of them, and
was the likelier with the same-day ones too (:func:`~trainer.scheduler.health.choose`), it is
fitted again to every answer and the queue runs on it (:meth:`Fit.memory`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace

from trainer.teaching.answers import Answer
from trainer.teaching.curriculum import Curriculum, Prior

from . import fsrs6_fit
from .health import FITTED, PLACE, Health, check, choose
from .memory import EXPONENTIAL, POWER, MemoryParams
from .memory_fit import Fit, FitState
from .start import Opening, Start, infer, openings

#: Answers needed before the memory model is fitted to the player (defaults before that).
FIT_AFTER = 50
#: Refit when the answers have grown by this factor since the last fit.
REFIT_GROWTH = 1.3


def stale(fitted: Fit, answers: int) -> bool:
    """True when the fit should be made again for ``answers`` answers: they have grown by
    :data:`REFIT_GROWTH` since, or the fit claims that many more than there are."""
    return answers >= FIT_AFTER and (answers >= REFIT_GROWTH * max(fitted.answers, 1)
                                     or fitted.answers >= REFIT_GROWTH * answers)


def fits_start(fitted: Fit, course: Curriculum, start: Start) -> bool:
    """True when ``fitted`` was made for this curriculum's starting point and share of luck
    (a fit stored before either was kept is of the starting point assumed, at full luck)."""
    prior = fitted.prior or start.prior.value
    return (prior == course.prior.value and fitted.params.share == start.share
            and fitted.cards in course.decks)


def choose_fit(course: Curriculum, answers: int, fitted: Fit | None,
               refit: Callable[[], Fit], start: Start | None = None) -> Fit | None:
    """The fit a queue of ``answers`` answers uses: ``fitted`` (the stored one) unless it is
    stale or not of this curriculum and start, else ``refit()`` once there are
    :data:`FIT_AFTER` answers (None before: the defaults)."""
    start = start or Start(course.prior, 1.0, 0.0, 0.0, 0)
    if fitted is not None and fits_start(fitted, course, start) and not stale(fitted, answers):
        return fitted
    return refit() if answers >= FIT_AFTER else None


def fitted_model(course: Curriculum, found: Fit | None,
                 start: Start | None = None) -> tuple[MemoryParams, str]:
    """The parameters and card mapping of ``found``; before a fit the defaults (at the start's
    share of luck) and facts (what most people memorise: the first mapping)."""
    if found is None:
        share = 1.0 if start is None else start.share
        return MemoryParams(share=share), next(iter(course.decks))
    return found.memory(), found.cards


def start_of(course: Curriculum, first: Mapping[str, Opening]) -> tuple[Curriculum, Start]:
    """``course`` (the starting point set: it is taught whatever the answers show) and the
    start ``first`` answers show, with any suggestion to change it."""
    return course, infer(first, course.prior)


def as_read(course: Curriculum, answers: Iterable[Answer], start: Start) -> list[Answer]:
    """``answers`` as ``course`` reads them at ``start``'s share of luck."""
    return [course.as_read(a, start.share) for a in answers]


#: A fit made from every answer at once is checked on the latest 20% of them: fitted first
#: to the answers before (:func:`held_out_mark`).
HELD_OUT = 0.8


def held_out_mark(course: Curriculum, state: FitState, answers: Sequence[Answer],
                  start: Start) -> FitState:
    """``state`` after ``answers``, marked at their fit (the answers after are the health
    check's: :mod:`trainer.scheduler.health`); unmarked when there are too few to fit."""
    state = state.extend(answers, course.mappings())
    if len(answers) < FIT_AFTER:
        return state
    fitted = fit_for_state(course, state, start)
    return state.marked(fitted, describe(fitted))


def fit_for(course: Curriculum, answers: Sequence[Answer], start: Start) -> Fit:
    """The memory fit of ``answers`` (read by ``course`` already) under ``start``, with its
    health check on the latest 20% of them."""
    cut = int(HELD_OUT * len(answers))
    state = held_out_mark(course, FitState.start(list(course.mappings())), answers[:cut],
                          start)
    return fit_for_state(course, state.extend(answers[cut:], course.mappings()), start,
                         answers)


def fit_against_fsrs6(course: Curriculum, answers: Sequence[Answer], start: Start) -> Fit:
    """The fit of the answers before the latest 20% (:func:`fit_for`, its model chosen by its
    own held-out answers within them), checked on the latest 20%: its health check scores the
    grid's best and FSRS-6 fitted to those answers (FSRS-6 fitted to them even where not
    chosen), and :attr:`Health.uses` is the model that fit chose, before the answers it is
    scored on. It needs every answer at hand, as the learning bench has them."""
    cut = int(HELD_OUT * len(answers))
    mappings = course.mappings()
    chosen = fit_for(course, answers[:cut], start)
    before = held_out_mark(course, FitState.start(list(mappings)), answers[:cut], start)
    after = before.extend(answers[cut:], mappings)
    found = fit_for_state(course, after, start)
    mark = after.mark
    if mark is None or mark.mapping not in after.replays:
        return found
    card_of = mappings[mark.mapping]
    w = chosen.fsrs if chosen.cards == mark.mapping and chosen.fsrs is not None else (
        fsrs6_fit.fit_parameters(answers[:cut], card_of))
    if w is None:
        return found
    told = fsrs6_fit.chances(w, answers, card_of)[after.held.rows[PLACE].astype(int)]
    health = check(mark, after.held, after.replays[mark.mapping].tallies[2], told)
    if health is None:
        return found
    return replace(found, health=replace(health, uses=FITTED if chosen.fsrs else "model"))


def fit_for_state(course: Curriculum, state: FitState, start: Start,
                  answers: Sequence[Answer] | None = None) -> Fit:
    """The likeliest model of ``state``'s answers, kept with the start it was made for (and
    the health check of the fit before it, when ``state`` was marked at that one). Given
    ``answers``, every answer ``state`` replayed, the memory model is also chosen between the
    grid's best and FSRS-6 fitted (the module docstring)."""
    found = state.best()
    found = replace(found, params=replace(found.params, share=start.share),
                    prior=course.prior.value)
    return found if answers is None else with_fsrs6(course, state, found, answers)


def with_fsrs6(course: Curriculum, state: FitState, found: Fit,
               answers: Sequence[Answer]) -> Fit:
    """``found`` with FSRS-6 fitted to ``answers`` (every answer ``state`` replayed) where that
    predicted the answers since ``state``'s mark better than the grid's best as fitted then
    (:func:`trainer.scheduler.health.choose`); its health check then scores both."""
    mark, mappings = state.mark, course.mappings()
    if (mark is None or mark.mapping not in state.replays or len(answers) != state.answers
            or not 0 < mark.upto <= len(answers)):
        return found
    card_of = mappings[mark.mapping]
    health: Health | None = found.health
    w = fsrs6_fit.fit_parameters(answers[:mark.upto], card_of)
    if w is not None:
        told = fsrs6_fit.chances(w, answers, card_of)[state.held.rows[PLACE].astype(int)]
        health = check(mark, state.held, state.replays[mark.mapping].tallies[2], told)
    health = choose(health)
    found = replace(found, health=health)
    if health is None or health.uses != FITTED:
        return found
    w = fsrs6_fit.fit_parameters(answers, mappings[found.cards])
    if w is None:
        return replace(found, health=replace(health, uses="model"))
    return replace(found, fsrs=w)


#: What each forgetting curve is called.
CURVE_WORDS = {POWER: "FSRS-4 curve", EXPONENTIAL: "exponential curve"}
#: What each card mapping means to a player.
KINDS = {"facts": "facts", "situations": "single chart cells", "rows": "chart rows"}


def describe(fit: Fit) -> str:
    """The model ``fit`` chose, in words: 'exponential curve; you learn facts; you started
    from classic basic strategy' (and '; 3% of answers slip' when the fit found slips), or
    'FSRS-6 fitted to your answers (decay 0.31); you learn facts; …'."""
    start = {"classic": "classic basic strategy", "novice": "new to blackjack"}.get(
        fit.prior or "", "the starting point set")
    luck = ("" if fit.prior != "novice" else
            f" (right by luck {fit.params.share:.0%} as often as a random pick)")
    slip = f"; {fit.params.slip:.0%} of answers slip" if fit.params.slip > 0 else ""
    curve = CURVE_WORDS.get(fit.params.curve, fit.params.curve)
    if fit.fsrs is not None:
        curve, slip = f"FSRS-6 fitted to your answers (decay {fit.fsrs[20]:.2f})", ""
    return (f"{curve}; you learn {KINDS.get(fit.cards, fit.cards)}; you started from "
            f"{start}{luck}{slip}")


def model_of(course: Curriculum, answers: Sequence[Answer], fitted: Fit | None
             ) -> tuple[Curriculum, Start, list[Answer], Fit | None]:
    """The curriculum, start, answers as read and fit a queue of ``answers`` uses (assumed
    by ``course``; ``fitted``: the stored fit)."""
    taught, start = start_of(course, openings(course, answers))
    read = as_read(taught, answers, start)
    found = choose_fit(taught, len(read), fitted, lambda: fit_for(taught, read, start), start)
    return taught, start, read, found


__all__ = ["FIT_AFTER", "HELD_OUT", "KINDS", "REFIT_GROWTH", "Prior", "as_read", "choose_fit",
           "describe", "fit_against_fsrs6", "fit_for", "fit_for_state", "fits_start",
           "fitted_model", "held_out_mark", "model_of", "stale", "start_of", "with_fsrs6"]
