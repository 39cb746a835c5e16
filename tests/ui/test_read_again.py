"""The Progress page reads the progress file again when what it shows may have changed (answers
saved on another page or by another program, the day), not on every switch. Before: every
switch back to it read the whole history again."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.progress.factories import decision
from trainer.progress.location import database_path
from trainer.progress.saving import SessionSaver
from trainer.progress.store import ProgressStore
from trainer.settings import Settings
from trainer.teaching.records import Mode
from trainer.ui.progress import page as page_module
from trainer.ui.progress.page import ProgressPage

from .test_faults import answer, window_dealing

ROOT = Path(__file__).resolve().parents[2]


def test_the_progress_page_reads_again_only_when_answers_were_saved(
        qtbot, store: Settings, data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    reads: list[object] = []
    real = page_module.load_progress
    monkeypatch.setattr(page_module, "load_progress",
                        lambda *args, **kwargs: reads.append(args) or real(*args, **kwargs))
    window, flashcards = window_dealing(qtbot, store)
    path = database_path(str(data_dir))
    answer(qtbot, flashcards)
    qtbot.waitUntil(lambda: flashcards.link.saver.state.saved, timeout=20_000)

    def shown() -> ProgressPage:
        progress = window.show_page("progress")
        assert isinstance(progress, ProgressPage)
        qtbot.waitUntil(lambda: not progress.reading(), timeout=20_000)
        return progress

    progress = shown()           # (the window's warm-up may have made and read it already)
    assert progress.data is not None and progress.data.history == 1
    first = len(reads)
    window.show_page("flashcards")
    shown()
    assert len(reads) == first                # nothing answered meanwhile: nothing read

    window.show_page("flashcards")
    answer(qtbot, flashcards)
    qtbot.waitUntil(lambda: flashcards.link.saver.state.saved, timeout=20_000)
    shown()
    assert len(reads) == first + 1 and progress.data.history == 2

    saver = SessionSaver(lambda: ProgressStore.open(path))    # a save while it is in view
    saver.start("evolution", Mode.FLASHCARDS, {})
    saver.decision(decision())
    saver.close()
    qtbot.waitUntil(lambda: len(reads) == first + 2 and not progress.reading(), timeout=20_000)
    assert progress.data.history == 3

    window.show_page("flashcards")           # another program's answer, seen on the disk
    subprocess.run([sys.executable, "-c", _OTHER_PROGRAM, str(path)], cwd=ROOT, check=True,
                   timeout=120)
    shown()
    assert len(reads) == first + 3 and progress.data.history == 4


_OTHER_PROGRAM = """
import sys
from tests.progress.factories import decision
from trainer.teaching.records import Mode
from trainer.progress.store import ProgressStore
from trainer.settings import Settings
with ProgressStore.open(sys.argv[1]) as store:
    store.record_decision(store.start_session("evolution", Mode.FLASHCARDS, {}), decision())
"""
