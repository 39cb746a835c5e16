"""What a due-mode session needs from the progress store, and what it gives back.

The study queue (:mod:`trainer.scheduler.study`) is the player's memory as their stored answers
show it. :func:`load_study` makes it from the picture of that memory kept in the file
(:mod:`trainer.scheduler.picture`, table ``memory_pictures``) and the answers stored after it, so
a session reads and replays the answers since the last one, not every answer ever given; with
no picture to use (none yet, another memory fit, a decision it took in undone or edited) it
replays them all, as the queue always did, and gives a new picture for a writer to keep
(:func:`keep_picture`; a read of the flashcards due keeps its own and its fit made anew:
:func:`keep_made`); kept only if what it took in is still as stored, as another connection may
undo an answer between the read and the keeping (:class:`~trainer.progress.study_tables.MadeOf`).
The stored memory fit is checked before use (a damaged one is refitted), and so is every row
(:mod:`trainer.drills.history`): what is not as stored is counted and said
(:meth:`StudyHistory.notes`). The card browser's marks apply: suspended situations are never
asked, a reset situation's answers up to its reset are left out (a reset drops the kept
pictures). Shared by the terminal and the app.
"""

from __future__ import annotations

import contextlib
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from trainer.drills.history import Reading, notes, read_answers
from trainer.progress import writers
from trainer.progress.errors import DatabaseLockedError, DiskFullError, ProgressStoreError
from trainer.progress.filters import utc_text
from trainer.progress.store import ProgressStore
from trainer.progress.study_tables import MadeOf, rows_digest
from trainer.rules import RuleSet, releases
from trainer.scheduler.fitting import (
    HELD_OUT,
    as_read,
    choose_fit,
    describe,
    fit_for_state,
    fitted_model,
    held_out_mark,
    start_of,
)
from trainer.scheduler.health import says
from trainer.scheduler.memory import MODEL
from trainer.scheduler.memory_fit import Fit, FitState, checked_fit
from trainer.scheduler.picture import Picture, advance, course_digest, decode, empty, encode
from trainer.scheduler.start import Suggestion, openings
from trainer.scheduler.study import DEFAULT_STUDY, Counts, StudyQueue, StudySettings
from trainer.teaching.answers import Answer
from trainer.teaching.curriculum import Curriculum, Prior, curriculum

#: Keep a new picture once this many answers came after the kept one (fewer replay in
#: milliseconds; a session's start then writes nothing).
KEEP_AFTER = 200

Mark = tuple[str, int]


@dataclass(frozen=True)
class KeptPicture:
    """A picture for the file: its preset, assumed play, last decision and unreadable rows."""

    preset: str
    prior: str
    upto: Mark
    unreadable: int
    data: bytes
    made_of: MadeOf | None = None     # checked as it is kept (None: kept as it is)


@dataclass(frozen=True)
class StudyHistory:
    """A preset's study queue as the stored answers make it, and what was not as stored."""

    queue: StudyQueue
    fitted: Fit | None            # the stored fit, as read (None: none, or damaged)
    unreadable: int = 0           # rows left out: they cannot be read
    future: int = 0               # answers timed after now, counted as given now
    fit_damaged: bool = False     # a stored fit that could not be used: refitted
    keep: KeptPicture | None = None   # a newer picture to keep (a writer stores it)
    #: another starting point the first answers show: a question for the player
    suggestion: Suggestion | None = None

    def notes(self) -> list[str]:
        """Plain lines for the player about the history read (none when all was as stored)."""
        said = notes(self.unreadable, self.future)
        if self.fit_damaged:
            said.append("The stored memory model could not be read and is fitted again from "
                        "your answers.")
        return said


def load_study(store: ProgressStore, course: Curriculum, now: datetime, *,
               settings: StudySettings = DEFAULT_STUDY, day_start: datetime | None = None,
               priced: bool = True) -> StudyHistory:
    """The study queue of ``course``'s rule set at ``now``, from the store (see the module
    docstring); not ``priced``: a queue to be counted (:meth:`StudyQueue.of_picture`)."""
    return _Load(store, course, now).history(settings, day_start, priced)


class _Load:
    """One load: the kept picture, the rows after it, the fit, then the queue."""

    def __init__(self, store: ProgressStore, course: Curriculum, now: datetime) -> None:
        self.store, self.now, self.assumed = store, now, course.prior
        self.preset = course.catalog.preset
        self.marks = store.card_marks(self.preset)
        first = [(key, verdict != "wrong") for key, verdict in store.first_answers(self.preset)
                 if key not in self.marks.resets]
        self.course, self.origin = start_of(course, openings(course, first))
        course = self.course
        stored = store.load_fit(self.preset)
        self.fitted = checked_fit(stored, course.decks)
        self.fit_damaged = stored is not None and self.fitted is None
        self.kept: Picture | None = None
        self.mark: Mark | None = None
        self.since: tuple[str, int, bytes] | None = None    # the kept picture, as stored
        self.kept_unreadable = 0
        found = store.load_picture(self.preset, course.prior.value, MODEL)
        if found is not None:
            last_time, last_id, unreadable, data = found
            picture = decode(data)
            if (picture is not None and picture.model == MODEL
                    and picture.course == course_digest(course)
                    and picture.params.share == self.origin.share   # read with this luck
                    and not _after(last_time, now)):      # a picture from a clock set back
                self.kept, self.mark = picture, (last_time, last_id)
                self.since, self.kept_unreadable = (last_time, last_id, data), unreadable
        self._read(self.store.study_rows(self.preset, after=self.mark))
        self.fit_state: FitState | None = None     # the fit's state over the covered answers

    def _read(self, rows: Sequence[tuple[Any, ...]]) -> None:
        """Split the rows after the mark into those a new picture takes in (up to now) and
        those after now, and read both; and keep the stored rows the picture takes in, those
        the resets left out too (:class:`MadeOf`)."""
        stored = rows
        rows = self._after_resets(rows)
        cut = _covered(rows, self.now)
        self.newer: Reading = self._reading(rows[:cut])
        self.rest: Reading = self._reading(rows[cut:])
        self.upto: Mark | None = (rows[cut - 1][1], rows[cut - 1][0]) if cut else self.mark
        last = rows[cut - 1][0] if cut else None
        taken = next((i + 1 for i, row in enumerate(stored) if row[0] == last), 0)
        self.taken = stored[:taken]

    def _reading(self, rows: Sequence[tuple[Any, ...]]) -> Reading:
        """The answers of ``rows`` as the curriculum taught reads them, at the start's luck."""
        found = read_answers(self.course, (r[1:] for r in rows), self.now)
        return replace(found, answers=as_read(self.course, found.answers, self.origin))

    def _after_resets(self, rows: Sequence[tuple[Any, ...]]) -> Sequence[tuple[Any, ...]]:
        """``rows`` without the answers a reset in the card browser left out (a reset
        situation's answers up to its reset)."""
        resets = self.marks.resets
        if not resets:
            return rows
        return [r for r in rows if not (r[2] in resets and str(r[1]) <= resets[r[2]])]

    def _read_all(self) -> None:
        """Drop the kept picture and read every row."""
        if self.kept is not None or self.mark is not None:
            self.kept, self.mark, self.since, self.kept_unreadable = None, None, None, 0
            self._read(self.store.study_rows(self.preset))

    def _refit(self) -> Fit:
        """The fit of every answer: from the kept fit state and the newer answers, or from
        all of them (every answer is read for FSRS-6's fit, which needs whole histories)."""
        mappings = self.course.mappings()
        newer = self.newer.answers
        if self.kept is None or self.kept.fit_state is None:
            self._read_all()
            newer = self.newer.answers
            every = [*newer, *self.rest.answers]
            cut = int(HELD_OUT * len(every))
            base = held_out_mark(self.course, FitState.start(list(mappings)), newer[:cut],
                                 self.origin)
            newer = newer[cut:]
        else:
            base = self.kept.fit_state
            every = [*self._earlier(None), *self.newer.answers, *self.rest.answers]
        self.fit_state = base.extend(newer, mappings)
        return fit_for_state(self.course, self.fit_state.extend(self.rest.answers, mappings),
                             self.origin, every)

    def _earlier(self, situations: frozenset[str] | None) -> list[Answer]:
        """The kept picture's answers of ``situations`` (None: all), read again from the
        store."""
        if self.mark is None:
            return []
        rows = self._after_resets(self.store.study_rows(self.preset, upto=self.mark,
                                                         situations=situations))
        return self._reading(rows).answers

    def history(self, settings: StudySettings, day_start: datetime | None,
                priced: bool = True) -> StudyHistory:
        """The queue, and a picture to keep when the kept one is behind."""
        course = self.course
        count = (self.kept.answers if self.kept else 0) + len(self.newer.answers) + len(
            self.rest.answers)
        found = choose_fit(course, count, self.fitted, self._refit, self.origin)
        if self.fit_state is not None and found is not None and found is not self.fitted:
            self.fit_state = self.fit_state.marked(found, describe(found))   # checked next
        params, mapping = fitted_model(course, found, self.origin)
        if self.kept is not None and not self.kept.fits(course, params, mapping):
            self._read_all()
        kept = self.kept
        base = kept if kept is not None else empty(course, params, mapping)
        if self.fit_state is not None:      # taken on already: not twice
            base = replace(base, fit_state=None)
        picture = advance(course, base, self.newer.answers, self._earlier)
        if self.fit_state is not None:
            picture = replace(picture, fit_state=self.fit_state)
        newer = self.newer.answers

        def earlier(situations: frozenset[str]) -> list[Answer]:
            return self._earlier(situations) + [a for a in newer if a.situation in situations]

        now_picture = advance(course, picture, self.rest.answers, earlier)
        queue = StudyQueue.of_picture(course, now_picture, self.now, settings=settings,
                                      fit_used=found, fitted=self.fitted, day_start=day_start,
                                      suspended=self.marks.suspended, origin=self.origin,
                                      assumed=self.assumed, priced=priced)
        unreadable = self.kept_unreadable + self.newer.unreadable
        keep = None
        if self.upto is not None and (kept is None or len(newer) >= KEEP_AFTER):
            keep = KeptPicture(self.preset, course.prior.value, self.upto, unreadable,
                               encode(picture),
                               MadeOf(self.since, rows_digest(self.taken), self.marks.last_reset))
        return StudyHistory(queue, self.fitted, unreadable + self.rest.unreadable,
                            self.newer.future + self.rest.future, self.fit_damaged, keep,
                            self.origin.suggestion)


def _covered(rows: Sequence[tuple[Any, ...]], now: datetime) -> int:
    """How many of ``rows`` (in (time, id) order) a picture made at ``now`` takes in: those
    before the first one timed after now (an unreadable time that sorts before now is taken in
    and counted; one that sorts after, like a time after now, waits).

    Stored times sort as text, so the cut is found by bisection; only the times of now's
    second are read, where a fraction sorts before the whole second ("…:05.5Z" < "…:05Z")."""
    second = utc_text(now)[:19]      # "2026-11-29T12:00:05": every time of now's second
    cut = bisect_right(rows, f"{second}Z", key=_sorts_as)   # sorts at or before "…:05Z"
    start = cut
    while start > 0 and isinstance(rows[start - 1][1], str) and rows[start - 1][1][:19] == second:
        start -= 1
    for i in range(start, cut):
        try:
            if datetime.fromisoformat(rows[i][1]) > now:
                return i
        except (ValueError, TypeError):
            continue
    return cut


def _after(time: str, now: datetime) -> bool:
    """True for a stored time after ``now`` (an unreadable one: if it sorts after now)."""
    try:
        return datetime.fromisoformat(time) > now
    except (ValueError, TypeError):
        return time > utc_text(now)


def _sorts_as(row: tuple[Any, ...]) -> str:
    """A row's time as text that sorts as SQLite sorts it: numbers before text, blobs after."""
    time = row[1]
    if isinstance(time, str):
        return time
    return "\U0010ffff" if isinstance(time, bytes | bytearray) else ""


def keep_picture(store: ProgressStore, picture: KeptPicture) -> bool:
    """Store ``picture`` if what it was made of is still as stored (see
    :meth:`ProgressStore.save_picture`); True when kept."""
    return store.save_picture(picture.preset, picture.prior, MODEL, picture.upto,
                              picture.unreadable, picture.data, picture.made_of)


@dataclass(frozen=True)
class DueCards:
    """The flashcards due in some presets: today's counts as due mode counts them (the one
    count every page shows: :meth:`StudyQueue.counts`) and when each card answered falls due;
    and what the read made that the file does not keep yet (:func:`keep_made`)."""

    counts: Counts
    times: tuple[datetime, ...]
    memory: tuple[str, ...] = ()      # the memory model's health, in a sentence per preset
    pictures: tuple[KeptPicture, ...] = ()        # newer pictures of the player's memory
    fits: tuple[tuple[str, Fit], ...] = ()        # (preset, fit) of the fits made anew


def flashcards_due(store: ProgressStore, presets: Iterable[str], prior: Prior, now: datetime,
                   settings: StudySettings = DEFAULT_STUDY,
                   rule_sets: Iterable[RuleSet] = ()) -> DueCards:
    """:class:`DueCards` of ``presets`` at ``now``: custom rule sets counted when their rules
    are among ``rule_sets`` (the rules file set, whose cards the Flashcards page counts), else
    left out with a preset's older rules (their rules are not known here)."""
    given = {releases.history_label(rules): rules for rules in rule_sets}
    counts = Counts(0, 0, 0, 0)
    times: list[datetime] = []
    memory = []
    pictures: list[KeptPicture] = []
    fits: list[tuple[str, Fit]] = []
    for name in presets:
        rules = releases.known_rules(name) or given.get(name)
        if rules is not None:
            history = load_study(store, curriculum(rules, prior), now, settings=settings,
                                 priced=False)
            queue = history.queue
            counts = counts + queue.counts(now)
            times.extend(queue.due_times(now))
            fit = queue.fit
            memory.append(says(fit.health if fit else None, fit is not None))
            if history.keep is not None:
                pictures.append(history.keep)
            if queue.refitted and fit is not None:
                fits.append((queue.course.catalog.preset, fit))
    return DueCards(counts, tuple(times), tuple(memory), tuple(pictures), tuple(fits))


#: Seconds :func:`keep_made` waits for another writer before leaving what it would keep.
KEEP_WAIT = 1.0


def keep_made(path: Path, due: DueCards) -> bool:
    """Keep in the progress file at ``path`` the pictures and fits that ``due``'s read made
    (as a due-mode session's start keeps its own), so the next read replays only the answers
    given since; True when they were kept. A file that cannot be written now (read-only,
    locked past :data:`KEEP_WAIT`, gone) keeps nothing: the next read is as right, only
    slower."""
    return _keep(path, due.pictures, due.fits)


def keep_read(path: Path, study: StudyHistory) -> bool:
    """Keep in the progress file at ``path`` the picture and fit that a reader's
    :func:`load_study` made (``freebet-trainer stats``), as :func:`keep_made` does."""
    queue = study.queue
    fits = ((queue.course.catalog.preset, queue.fit),) if (
        queue.refitted and queue.fit is not None) else ()
    return _keep(path, () if study.keep is None else (study.keep,), fits)


def _keep(path: Path, pictures: Sequence[KeptPicture],
          fits: Sequence[tuple[str, Fit]]) -> bool:
    """Keep ``pictures`` and ``fits`` through the process's one writer of the file (see
    :func:`keep_made`)."""
    if not (pictures or fits) or not path.exists():
        return False
    shared = writers.writer(path)          # the process's one writer of the file
    try:
        store = shared.take(wait=KEEP_WAIT)
    except ProgressStoreError:
        return False
    try:
        with store.waiting(KEEP_WAIT):
            for preset, fit in fits:
                store.save_fit(preset, fit.to_plain())
            kept = [keep_picture(store, picture) for picture in pictures]
    except (DatabaseLockedError, DiskFullError):
        return False                    # the connection is fine: nothing kept, for now
    except ProgressStoreError:
        shared.let_go(store)
        return False
    finally:
        with contextlib.suppress(ProgressStoreError):
            shared.give_back(store)     # a fault the next user of the file meets again
    return all(kept)       # a picture of answers changed since its read is not kept


def due_times(store: ProgressStore, presets: Iterable[str], prior: Prior,
              now: datetime) -> list[datetime]:
    """When each card answered in ``presets`` falls due (see :func:`flashcards_due`)."""
    return list(flashcards_due(store, presets, prior, now).times)


def save_fit(store: ProgressStore, preset: str, fitted: Fit | None, known: Fit | None) -> None:
    """Store ``fitted`` when it is newer than the ``known`` one."""
    if fitted is not None and fitted != known:
        store.save_fit(preset, fitted.to_plain())
