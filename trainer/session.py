"""The practice sessions the terminal and the window both run, composed in one place (the
flashcards' whole session; the counting drills' earlier answers: :func:`counting_answers`).

Anki's front end never composes its core's calls itself: each action is a thin operation on
one collection method. Here the same: a flashcard session is prepared from what the player
chose (:class:`FlashcardPlan`) and the progress file's saver by :func:`prepare_flashcards` —
the strategy table, the curriculum, the study queue from the stored answers and the kept
picture of the player's memory, the session itself — and begun and ended by
:func:`begin_flashcards` and :func:`keep_fit`; the card browser reads its table by
:func:`browse_cards` and marks cards by :func:`mark_cards`. ``freebet-trainer drill`` and the
Flashcards page call these and only add their own input and output. Nothing here imports Qt;
the work may wait for a locked file, so the window calls it off its UI thread.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from trainer.drills.browse import CardRow, Try, card_rows
from trainer.drills.flashcards import FlashcardSession, FlashMode
from trainer.progress import review
from trainer.progress.counting import skill_answers
from trainer.progress.saving import SessionSaver
from trainer.progress.study_store import StudyHistory, flashcards_due, keep_picture, load_study
from trainer.rules import RuleSet
from trainer.rules.releases import history_label
from trainer.scheduler.fitting import describe
from trainer.scheduler.health import MODELS, SCORED, says
from trainer.scheduler.memory_fit import Fit
from trainer.scheduler.start import Suggestion
from trainer.scheduler.study import DEFAULT_STUDY, Counts, StudyQueue, StudySettings
from trainer.teaching.answers import Answer
from trainer.teaching.catalog import catalog
from trainer.teaching.curriculum import Prior, curriculum
from trainer.teaching.grading import Clock, utc_now
from trainer.teaching.records import Mode
from trainer.teaching.situations import preset_label


@dataclass(frozen=True)
class FlashcardPlan:
    """What the player chose for a flashcard session."""

    rules: RuleSet
    mode: FlashMode = FlashMode.DUE
    prior: Prior = Prior.CLASSIC
    seed: int = 0
    study: StudySettings = DEFAULT_STUDY
    only: Collection[str] | None = None    # a drill on these situations alone (the leaks)
    #: read the study queue outside due mode too (the window shows the day's counts beside
    #: any mode; the terminal reads it only in due mode)
    always_study: bool = False
    #: mode changes: the rules the player has practised, compared with ``rules``
    practised: RuleSet | None = None


@dataclass(frozen=True)
class PreparedFlashcards:
    """A flashcard session ready to deal, and what the stored answers said on the way."""

    session: FlashcardSession
    history: StudyHistory | None          # None: not read (another mode), or unreadable
    day: Counts | None = None             # the study queue's day, outside due mode
    notes: list[str] = field(default_factory=list)   # plain lines: rows left out, a clock

    @property
    def suggestion(self) -> Suggestion | None:
        """Another starting point the first answers show: a question for the player (the
        session teaches from the one set until they say yes)."""
        return self.history.suggestion if self.history is not None else None


def prepare_flashcards(plan: FlashcardPlan, saver: SessionSaver, *,
                       now: datetime | None = None, clock: Clock = utc_now
                       ) -> PreparedFlashcards:
    """The session ``plan`` asks for, its study queue read through ``saver`` (a newer picture
    of the player's memory is queued to be kept). Raises ValueError for a mode these rules do
    not have, and the table's own error for a damaged or missing table."""
    saver.adopt(plan.rules)             # answers filed under a former label: found first
    table = catalog(plan.rules)
    if plan.mode is FlashMode.DIFFERENCES:
        table.differences()             # built now, off the window's UI thread
    if plan.mode is FlashMode.CHANGES and plan.practised is not None:
        table.changes_from(plan.practised)      # the other table loaded (or built) now
    course = curriculum(plan.rules, plan.prior)
    moment = now or clock()
    history = None
    if plan.always_study or plan.mode is FlashMode.DUE:
        history = saver.read(lambda store: load_study(store, course, moment,
                                                      settings=plan.study), None)
    if history is not None and history.keep is not None:
        kept = history.keep
        saver.write(lambda store: keep_picture(store, kept))
    session = FlashcardSession(table, plan.mode, seed=plan.seed, prior=plan.prior,
                               study=plan.study, only=plan.only, clock=clock,
                               queue=history.queue if history else None,
                               fitted=history.fitted if history else None,
                               practised=plan.practised)
    day = None
    if session.queue is None and history is not None:
        day = history.queue.counts(moment)
    return PreparedFlashcards(session, history, day, history.notes() if history else [])


def day_counts(plan: FlashcardPlan, saver: SessionSaver, now: datetime) -> Counts | None:
    """The study queue's day at ``now`` as the kept answers give it, every answer waiting
    saved first: the count the Progress page shows
    (:func:`trainer.progress.study_store.flashcards_due`), for a mode other than due, whose
    answers teach the queue only through the file. None when the file cannot be read."""
    saver.save(wait=True)
    label = history_label(plan.rules)
    due = saver.read(lambda store: flashcards_due(store, [label], plan.prior, now, plan.study,
                                                  [plan.rules]), None)
    return None if due is None else due.counts


def head_start(rules: RuleSet, prior: Prior) -> None:
    """Build what every flashcard session of ``rules`` under ``prior`` reads first: the
    catalog, the classic play and the curriculum (about a second or two, kept in memory). The
    window runs this in a thread from its start, so its first card waits only for what is
    left; a session prepared meanwhile waits for these values instead of building them again
    (:func:`trainer.teaching.once.built_once`)."""
    curriculum(rules, prior)


def counting_answers(saver: SessionSaver, rules: RuleSet, context: str,
                     count: str) -> list[Answer]:
    """The player's earlier answers of a counting skill (``context``: index, count, truecount)
    under ``rules`` and ``count``: what a counting drill is spaced by, in the terminal and the
    window alike — read after the answers still waiting are saved and those filed under the
    rules' former label moved to their label now, so none is missed. An unreadable file gives
    none (the saver keeps the fault, which the caller says)."""
    saver.save(wait=True)
    saver.adopt(rules)
    preset = preset_label(rules)
    return saver.read(lambda store: skill_answers(store, preset, context, count), [])


def begin_flashcards(prepared: PreparedFlashcards, saver: SessionSaver, mode: Mode,
                     settings: Mapping[str, Any]) -> None:
    """Start the session's record in the progress file (its answers are saved under it), and
    keep a memory model fitted anew while preparing it."""
    session = prepared.session
    compared = {"from": session.practised.name} if session.practised is not None else {}
    saver.start(session.catalog.preset, mode, {"flashcards": session.mode.value, **compared,
                                               **settings})
    keep_fit(session, saver)


def keep_fit(session: FlashcardSession, saver: SessionSaver) -> bool:
    """Queue the session's memory model when it was fitted anew; True when one was."""
    queue = session.queue
    if queue is None or not queue.refitted or queue.fit is None:
        return False
    saver.fit(queue.course.catalog.preset, queue.fit.to_plain())
    return True


def memory_report(fit: Fit | None) -> dict[str, Any]:
    """The memory model's health check as ``stats --json`` prints it (:mod:`trainer.drills.
    health`): the model chosen, the answers it was fitted to, the held-out answers, and on
    them the log loss, AUC and RMSE (bins) of the model, of a fixed guess (AVG), of a moving
    average, of FSRS-6 and of FSRS-6 fitted (None where not made) (the held-out answers given
    a day or more after their card's last: ``scored``; the ones given the same day counted
    apart, never scored), and one sentence."""
    health = fit.health if fit is not None else None
    scored = health is not None and health.answers > 0
    figures: dict[str, float | None] = {}
    found_by = health.scores() if health is not None else {}
    for name in MODELS:
        found = found_by.get(name)
        head = "" if name == "model" else f"{name}_"
        told = found if scored else None
        figures[f"{head}log_loss"] = None if told is None else round(told.log_loss, 6)
        figures[f"{head}auc"] = None if told is None else round(told.auc, 6)
        figures[f"{head}rmse_bins"] = None if told is None else round(told.rmse, 6)
    return {"model": describe(fit) if fit is not None else None,
            "answers": fit.answers if fit is not None else 0,
            "held_out": health.answers if health else None,
            "held_out_same_day": health.same_day if health else None,
            "scored": SCORED, **figures,
            "says": says(health, fit is not None)}


@dataclass(frozen=True)
class CardTable:
    """The card browser's table: every card of the study queue, and what the reading said."""

    preset: str
    mapping: str                       # what a card is for this player: facts or situations
    rows: list[CardRow]
    suspended: frozenset[str] = frozenset()   # the situations suspended
    notes: list[str] = field(default_factory=list)


def browse_cards(plan: FlashcardPlan, saver: SessionSaver, *, now: datetime | None = None,
                 clock: Clock = utc_now) -> CardTable:
    """Every card of ``plan``'s study queue with what the trainer believes of it and the
    latest answers of its situations (:mod:`trainer.drills.browse`), read through ``saver``."""
    course = curriculum(plan.rules, plan.prior)
    moment = now or clock()
    history = saver.read(lambda store: load_study(store, course, moment,
                                                  settings=plan.study), None)
    if history is None:             # the file cannot be read: the queue of no answers
        history = StudyHistory(StudyQueue(course, [], moment, settings=plan.study), None)
    label = course.catalog.preset
    nothing: dict[str, list[tuple[str, bool, str]]] = {}
    tried = saver.read(lambda store: review.latest_tries(store, label), nothing)
    tries = {key: [Try(*t) for t in found] for key, found in tried.items()}
    queue = history.queue
    return CardTable(label, queue.mapping, card_rows(queue, moment, tries), queue.suspended,
                     history.notes())


def mark_cards(saver: SessionSaver, preset: str, situations: Collection[str],
               mark: str) -> None:
    """Queue a card browser mark (suspend, unsuspend, reset) of ``situations`` and save it."""
    saver.marks(preset, situations, mark)
    saver.save(wait=True)


__all__ = ["CardTable", "FlashcardPlan", "PreparedFlashcards", "begin_flashcards",
           "browse_cards", "counting_answers", "day_counts", "head_start", "keep_fit",
           "mark_cards", "memory_report", "prepare_flashcards"]
