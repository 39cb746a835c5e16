"""One writer per progress file in a process: savers share it, a fault lets it go for all, the
last saver to give it back closes it, and no answer is lost on the way."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.faults.locks import writers_opened
from tests.progress.factories import decision
from trainer.progress import writers
from trainer.progress.saving import SessionSaver
from trainer.progress.store import ProgressStore
from trainer.progress.study_store import DueCards, keep_made
from trainer.progress.writers import SharedStores
from trainer.scheduler.memory import MemoryParams
from trainer.scheduler.memory_fit import Fit
from trainer.scheduler.today import Counts
from trainer.teaching.records import Mode


def _keys(path: Path) -> list[str]:
    with ProgressStore.open(path, read_only=True) as store:
        return [s.decision.situation_key for s in store.decisions()]


def _saver(path: Path) -> SessionSaver:
    saver = SessionSaver(SharedStores(lambda: path))
    saver.start("evolution", Mode.FLASHCARDS, {})
    return saver


def test_savers_of_one_file_share_one_writer_closed_by_the_last(db_path: Path) -> None:
    first, second = _saver(db_path), _saver(db_path)
    first.decision(decision(situation_key="a"))
    second.decision(decision(situation_key="b"))
    assert first.save().saved and second.save().saved
    shared = writers.writer(db_path)
    assert first.store is second.store and shared.openings == 1
    assert first.close().saved and shared.open          # the other saver still holds it
    second.decision(decision(situation_key="c"))
    assert second.close().saved and not shared.open
    assert sorted(_keys(db_path)) == ["a", "b", "c"]
    assert writers.writer(db_path.parent / "." / db_path.name) is shared   # by its real path


def test_a_writer_let_go_by_one_saver_is_opened_again_by_the_other(db_path: Path) -> None:
    first, second = _saver(db_path), _saver(db_path)
    assert first.save().saved and second.save().saved
    held = second.store
    assert held is not None
    writers.writer(db_path).let_go(held)         # a fault the first met, say
    assert held.closed
    second.decision(decision(situation_key="after"))
    state = second.save()                        # the closed store is noticed: a new one
    assert state.saved and state.problem is None and second.store is not held
    first.decision(decision(situation_key="first"))
    assert first.save().saved and first.store is second.store
    assert writers.writer(db_path).openings == 2
    first.close(), second.close()
    assert sorted(_keys(db_path)) == ["after", "first"]


def test_a_store_closed_while_a_saver_writes_loses_nothing(db_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    """Another saver lets the store go between this saver's check and its write."""
    saver = _saver(db_path)
    assert saver.save().saved
    held = saver.store
    assert held is not None
    real = ProgressStore.record_decision
    calls: list[int] = []

    def let_go_first(store: ProgressStore, *args: object, **kwargs: object) -> int:
        calls.append(1)
        if len(calls) == 1:
            writers.writer(db_path).let_go(store)
        return real(store, *args, **kwargs)      # type: ignore[arg-type]
    monkeypatch.setattr(ProgressStore, "record_decision", let_go_first)
    saver.decision(decision(situation_key="kept"))
    state = saver.save()
    assert state.saved and state.problem is None and len(calls) == 2
    saver.close()
    assert _keys(db_path) == ["kept"]


def test_the_progress_page_keeps_what_it_made_through_the_pages_writer(
        db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Progress page's read keeps the fit it made (:func:`keep_made`) on the writer the
    practice pages hold: no second connection that writes."""
    saver = _saver(db_path)
    assert saver.save().saved
    opened = writers_opened(monkeypatch)
    fit = Fit(MemoryParams(0.02, 10.0, 0.3), "facts", -12.5, 400)
    assert keep_made(db_path, DueCards(Counts(0, 0, 0), (), fits=(("evolution", fit),)))
    assert opened == [] and writers.writer(db_path).open
    saver.close()
    assert not writers.writer(db_path).open
    with ProgressStore.open(db_path, read_only=True) as store:
        assert store.load_fit("evolution") == fit.to_plain()
