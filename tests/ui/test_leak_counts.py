"""The Flashcards page's day counts in "Your leaks" mode are the study queue's as the core counts
them for the same history (the Progress page's "flashcards due today"), after each answer too.

As a player met it: in "Your leaks" mode the line said "Learning 24" while Progress said 14: it
kept the counts the load found, though every answer given in the mode is kept and teaches the
queue (the next read counts it)."""

from __future__ import annotations

import re
from pathlib import Path

from trainer import settings as cfg
from trainer.drills.flashcards import FlashcardSession, FlashMode
from trainer.progress.location import database_path
from trainer.progress.store import ProgressStore
from trainer.progress.study_store import flashcards_due
from trainer.rules import Action, preset
from trainer.settings import Settings
from trainer.teaching.catalog import catalog
from trainer.teaching.records import Mode
from trainer.ui.practice.flashcards_page import FlashcardsPage
from trainer.ui.settings.chosen import prior_of, study_of

RULES = preset("evolution")


def _history(path: Path, clock) -> list[str]:
    """Flashcards on two days four days apart, every third answer the worst play; the keys
    missed."""
    session = FlashcardSession(catalog(RULES), FlashMode.ALL, seed=4, clock=clock)
    missed: list[str] = []
    with ProgressStore.open(path) as store:
        kept = store.start_session(RULES.name, Mode.FLASHCARDS, {})
        for n in range(60):
            card = session.next()
            clock.advance(20 if n != 30 else 4 * 86_400)   # half the answers 4 days later
            evs, best = session.catalog.evs(card.spot)
            offered = {a.value for a in card.actions}
            worst = min((a for a in evs if a in offered), key=lambda a: evs[a])
            decision = session.answer(Action(worst if n % 3 == 0 else best))
            store.record_decision(kept, decision)
            if not decision.right:
                missed.append(card.situation.key)
    return sorted(set(missed))


def _shown(page: FlashcardsPage) -> tuple[int, int, int]:
    """The page's line: (due, learning, new)."""
    found = re.search(r"Due (\d+) · Learning (\d+) · New (\d+)", page.day_label.text())
    assert found, page.day_label.text()
    return int(found[1]), int(found[2]), int(found[3])


def _core(path: Path, store: Settings, clock) -> tuple[int, int, int]:
    """The core's count of the same history (the Progress page's), read afresh."""
    with ProgressStore.open(path, read_only=True) as kept:
        counts = flashcards_due(kept, [RULES.name], prior_of(store), clock(),
                                study_of(store)).counts
    return counts.due, counts.learning, counts.new


def test_the_leaks_modes_counts_are_the_cores_and_follow_each_answer(
        qtbot, store: Settings, data_dir: Path, clock) -> None:
    path = database_path(str(data_dir))
    path.parent.mkdir(parents=True, exist_ok=True)
    leaks = _history(path, clock)
    clock.advance(86_400)                       # the next day: some cards are due
    store.set(cfg.PRESET, RULES.name)
    page = FlashcardsPage(store, seed=7, clock=clock)
    qtbot.addWidget(page)
    page.show()
    page.drill_on(leaks)
    qtbot.waitUntil(lambda: page.session is not None and page.card is not None, timeout=60_000)
    assert page.mode_box.currentText() == f"Your leaks ({len(leaks)})"
    core = _core(path, store, clock)
    assert core[0] + core[1] > 0
    assert _shown(page) == core
    seen = {core}
    for n in range(8):                  # the best play mostly, a miss too, kept as they go
        card, session = page.card, page.session
        assert card is not None and session is not None and card.situation.key in leaks
        clock.advance(15)
        _, best = session.catalog.evs(card.spot)
        other = next(a for a in card.actions if a.value != best)
        page.answer(other if n == 5 else Action(best))
        page.link.saver.save(wait=True)
        core = _core(path, store, clock)
        qtbot.waitUntil(lambda c=core: _shown(page) == c, timeout=20_000)   # read off the thread
        seen.add(core)
        page.deal()
    assert len(seen) > 1                # the answers moved the counts
    page.shutdown()
