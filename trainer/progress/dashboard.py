"""The progress dashboard's data, read from the store in one go (no Qt: the app's Progress page
runs it in a worker thread).

:func:`load_progress` opens the progress file read-only, runs the review queries for one
:class:`ProgressQuery` and closes it again, returning plain frozen values that compare equal
when nothing changed, so the page redraws only the charts whose inputs differ. The heatmap's
grid is a strategy chart's (:func:`grid_rows`); the reviews due per day are :func:`due_load`.

:func:`load_trends` is the page's second, slower read: what the player's play costs per 100
rounds, now and over time, per rule set (:mod:`trainer.progress.trend`). It needs each rule
set's curriculum (a few seconds the first time, then kept in memory), so the page shows the
first read's charts without waiting for it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from functools import cache
from pathlib import Path
from typing import NamedTuple, TypeVar

from strategy_charts.chart_layout import Row, chart_rows
from strategy_charts.tables import load_or_build
from trainer.drills.leak import SituationLeak
from trainer.progress import changes, review
from trainer.progress.apart import KeptApart, kept_apart
from trainer.progress.changes import Stamp
from trainer.progress.counting_glance import CountingGlance, counting_glance
from trainer.progress.filters import Filter
from trainer.progress.store import ProgressStore
from trainer.progress.study_store import flashcards_due, keep_made
from trainer.progress.trend import LeakTrend, leak_trend
from trainer.rules import DEFAULT_PRESET, PRESETS, RuleSet, preset, releases
from trainer.scheduler.retention import RETENTION
from trainer.scheduler.study import StudySettings
from trainer.teaching.curriculum import Prior, curriculum
from trainer.teaching.records import Mode
from trainer.teaching.situations import CUSTOM_PREFIX, preset_label

#: The strategy chart whose grid the heatmap uses when no single preset is chosen.
GRID_PRESET = DEFAULT_PRESET
LEAK_COUNT = 10
DUE_DAYS = 14
T = TypeVar("T")


@dataclass(frozen=True)
class ProgressQuery:
    """Which decisions the page covers: preset (None: all), mode (None: every mode of play;
    the counting drills' answers are reviewed on their own), local dates."""

    preset: str | None = None
    mode: Mode | None = None
    since: date | None = None          # first local day included
    until: date | None = None          # last local day included
    prior: Prior = Prior.CLASSIC       # what the study queue assumes of unanswered cards
    retention: float = RETENTION       # the desired retention: when a card falls due

    def filter(self) -> Filter:
        """The store filter: local calendar days turned into UTC bounds."""
        return Filter(self.preset, self.mode, _utc_midnight(self.since),
                      _utc_midnight(self.until + timedelta(days=1)) if self.until else None,
                      plays_only=True)


def _utc_midnight(day: date | None) -> datetime | None:
    if day is None:
        return None
    return datetime.combine(day, time()).astimezone().astimezone(UTC)


def utc_offset() -> int:
    """This machine's offset from UTC now, so days are the user's calendar days."""
    offset = datetime.now().astimezone().utcoffset() or timedelta()
    return int(offset.total_seconds() // 60)


@dataclass(frozen=True)
class ProgressData:
    """Everything the page draws for one query (see :mod:`trainer.progress.review`)."""

    query: ProgressQuery
    path: Path
    history: int                       # decisions stored at all (any filter): 0 = start screen
    days: tuple[review.DayStats, ...] = ()
    sessions: tuple[review.SessionStats, ...] = ()
    situations: tuple[review.SituationStats, ...] = ()
    leaks: tuple[SituationLeak, ...] = ()   # the costliest now, worth listing (see leak_list)
    retention: review.Retention | None = None
    response: tuple[review.ResponseDay, ...] = ()
    rows: tuple[Row, ...] = ()
    grid_preset: str = GRID_PRESET
    due: tuple[tuple[date, int], ...] = ()
    cards: int = 0
    today: int = 0                     # flashcards due today, as due mode counts them
    presets: tuple[str, ...] = ()      # every preset with history, custom rule sets included
    counts: tuple[tuple[str, int], ...] = ()   # decisions kept per preset (any mode, any date)
    counting: tuple[CountingGlance, ...] = ()  # the counting answers, per rule set and count
    apart: KeptApart = field(default_factory=KeptApart)   # plays kept apart (a depleted shoe)
    known: tuple[RuleSet, ...] = ()    # rules beyond the presets (the rules file set): named
    timings: dict[str, float] = field(default_factory=dict, compare=False)

    @property
    def decisions(self) -> int:
        """Decisions matching the query."""
        return sum(d.decisions for d in self.days)

    def title(self, label: str) -> str:
        """A rule set of the history as every page names it (:func:`preset_title`)."""
        return preset_title(label, self.known)


def grid_rows(preset: str | None) -> tuple[str, tuple[Row, ...]]:
    """The name of the chart the heatmap is laid on, and its rows: the preset's first-decision
    chart, or for all presets and custom rules, :data:`GRID_PRESET`'s (every chart has the same
    rows: hard, soft and pair hands)."""
    name = preset if preset in PRESETS else GRID_PRESET
    return preset_title(preset) if preset else name, _first_decision_rows(name)


@cache
def _first_decision_rows(name: str) -> tuple[Row, ...]:
    """The rows of a preset's first-decision chart (its shipped table read once)."""
    return tuple(chart_rows(load_or_build(PRESETS[name])["charts"]["real"]))


def due_load(due: Sequence[datetime], today: date, days: int = 14) -> list[tuple[date, int]]:
    """How many cards fall due on each of the ``days`` days from ``today`` (local dates);
    overdue cards count on ``today``."""
    counts = [0] * days
    local = datetime.now().astimezone().tzinfo
    for moment in due:
        offset = max(0, (moment.astimezone(local).date() - today).days)
        if offset < days:
            counts[offset] += 1
    return [(today + timedelta(days=i), n) for i, n in enumerate(counts)]


def preset_title(preset: str, known: Iterable[RuleSet] = ()) -> str:
    """How a rule set of the history (its label) is named on every page and by every command:
    custom rules by the name in their file when they are among ``known`` (the rules file set),
    else by fingerprint; a preset's older rules by their release ("evolution, rules of
    version 0.1")."""
    if preset.startswith(CUSTOM_PREFIX):
        found = next((r for r in known if preset_label(r) == preset), None)
        if found is not None:
            return releases.rules_file_title(found)
        return f"custom rules {preset.removeprefix(CUSTOM_PREFIX)[:8]}"
    return releases.title(preset) or preset


def load_progress(path: Path, query: ProgressQuery, today: date | None = None,
                  now: datetime | None = None, *, cards: bool = True,
                  rule_sets: Sequence[RuleSet] = ()) -> ProgressData:
    """Run every query of the page (``now``: the moment cards are due by, default the clock's;
    ``today``: the first local day of the due load; ``rule_sets``: rules beyond the presets
    whose counting may be costed); raises ProgressStoreError for a bad or locked file.
    Without ``cards`` the flashcards due are left out (``due`` empty, ``cards`` 0): they
    replay every answer through the study queue, the slowest read by far, so the page reads
    them apart (:func:`load_cards`) after showing the rest."""
    import time as clock
    timings: dict[str, float] = {}

    def timed(name: str, work: Callable[[], T]) -> T:
        start = clock.perf_counter()
        result = work()
        timings[name] = (clock.perf_counter() - start) * 1000
        return result

    with ProgressStore.open(path, read_only=True) as store, \
            ThreadPoolExecutor(1, thread_name_prefix="progress-overview") as beside:
        history = store.tuples("SELECT COUNT(*) FROM decisions")[0][0]
        if history == 0:
            return ProgressData(query, path, 0, timings=timings)
        only = query.filter()
        offset = utc_offset()

        def overview(reader: ProgressStore) -> review.Overview:
            return timed("overview", lambda: review.overview(reader, only,
                                                            utc_offset_minutes=offset))
        # the longest scan at once beside the others, through a reader of its own (SQLite lets
        # go of the interpreter while it reads), unless this one reads an older file's copy
        later = None if store.copied else beside.submit(_own_reader, path, overview)
        situations = timed("by_situation", lambda: review.by_situation(store, only))
        leaks = timed("leaks", lambda: leak_list(review.recent_leaks(store, only)))
        known = tuple(store.presets())
        counts = store.tuples("SELECT preset, COUNT(*) FROM decisions WHERE undone = 0 "
                              "GROUP BY preset ORDER BY preset")
        presets = [query.preset] if query.preset else known
        now = now or datetime.now(UTC)
        found = timed("cards", lambda: flashcards_due(store, presets, query.prior, now,
                                                      _study(query), rule_sets)
                      if cards else None)
        times = list(found.times) if found is not None else []
        counting = timed("counting", lambda: counting_glance(store, only, rule_sets))
        apart = timed("apart", lambda: kept_apart(store, only))
        seen = later.result() if later is not None else overview(store)
    grid_preset, rows = timed("grid", lambda: grid_rows(query.preset))
    due = timed("due", lambda: due_load(times, today or date.today(), DUE_DAYS)
                if cards else [])
    return ProgressData(query, path, history, tuple(seen.days), tuple(seen.sessions),
                        tuple(situations), tuple(leaks), seen.retention, tuple(seen.response), rows,
                        grid_preset, tuple(due), len(times),
                        found.counts.today if found is not None else 0, known,
                        tuple((name, n) for name, n in counts), tuple(counting), apart,
                        tuple(rule_sets), timings)


def _own_reader(path: Path, work: Callable[[ProgressStore], T]) -> T:
    """``work`` done through a reader of the file of its own (one per thread)."""
    with ProgressStore.open(path, read_only=True) as reader:
        return work(reader)


def _study(query: ProgressQuery) -> StudySettings:
    return StudySettings(retention=query.retention)


class DueLoad(NamedTuple):
    """The flashcards due: per day for :data:`DUE_DAYS` days, the cards answered, and the
    number due today as due mode counts it (the Flashcards page's due and learning)."""

    load: tuple[tuple[date, int], ...]
    cards: int
    today: int
    memory: str = ""        # how well the trainer knows the player's memory, in a sentence
    #: the file's stamp before and after the read kept what it made (None: it kept nothing),
    #: so that a page does not take its own keeping for news (:mod:`.changes`)
    kept: tuple[Stamp, Stamp] | None = None


def load_cards(path: Path, query: ProgressQuery, today: date | None = None,
               now: datetime | None = None, rule_sets: Sequence[RuleSet] = ()) -> DueLoad:
    """The flashcards due (:class:`DueLoad`) for the query's preset (or every preset with
    history; ``rule_sets``: custom rules whose cards may be counted, the rules file set);
    raises ProgressStoreError for a bad file. The pictures of the player's memory
    and the fits the read made are kept in the file when it can take them
    (:func:`keep_made`), so the next read replays only the answers given since."""
    with ProgressStore.open(path, read_only=True) as store:
        presets = [query.preset] if query.preset else store.presets()
        found = flashcards_due(store, presets, query.prior, now or datetime.now(UTC),
                               _study(query), rule_sets)
    before = changes.stamp(path)
    kept = (before, changes.stamp(path)) if keep_made(path, found) else None
    return DueLoad(tuple(due_load(found.times, today or date.today(), DUE_DAYS)),
                   len(found.times), found.counts.today,
                   found.memory[0] if len(found.memory) == 1 else "", kept)


def leak_list(leaks: Sequence[SituationLeak], count: int = LEAK_COUNT) -> list[SituationLeak]:
    """The leaks a player is shown: the ``count`` costliest worth listing (a single answer only
    when it was a blunder)."""
    return [leak for leak in leaks if leak.worth_listing][:count]


def load_trends(path: Path, rule_sets: Sequence[RuleSet], prior: Prior = Prior.CLASSIC,
                utc_offset_minutes: int | None = None) -> tuple[LeakTrend, ...]:
    """What the play of each of ``rule_sets`` costs now and over time (main bets per 100
    rounds), for those with answers in the file; raises ProgressStoreError for a bad file."""
    offset = utc_offset() if utc_offset_minutes is None else utc_offset_minutes
    with ProgressStore.open(path, read_only=True) as store:
        kept = {row[0] for row in store.tuples("SELECT DISTINCT preset FROM decisions")}
        return tuple(leak_trend(store, curriculum(rules, prior), label,
                                utc_offset_minutes=offset)
                     for rules in rule_sets if (label := preset_label(rules)) in kept)


def cost_rules(data: ProgressData, practised: RuleSet) -> list[RuleSet]:
    """The rule sets whose cost the headline gives: the filter's, or all with answers (a
    custom rule set only when it is the one ``practised``: its rules are in that file)."""
    known = [preset(name) for name in PRESETS]
    if preset_label(practised) not in PRESETS:
        known.append(practised)
    wanted = [data.query.preset] if data.query.preset else [n for n, _ in data.counts]
    return [rules for rules in known if preset_label(rules) in wanted]


__all__ = ["LEAK_COUNT", "DueLoad", "ProgressData", "ProgressQuery", "cost_rules", "due_load",
           "grid_rows", "leak_list", "load_cards", "load_progress", "load_trends", "preset_title",
           "utc_offset"]
