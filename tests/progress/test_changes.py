"""A progress file's commits are announced, and its stamp moves when, and only when, answers
were saved: here (announced by the saver) or by another program (seen on disk)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.faults.locks import LockHolder
from tests.progress.factories import decision
from trainer.progress import changes
from trainer.progress.saving import SessionSaver
from trainer.progress.store import ProgressStore
from trainer.teaching.records import Mode

_OTHER_PROGRAM = """
import sys
from tests.progress.factories import decision
from trainer.teaching.records import Mode
from trainer.progress.store import ProgressStore
with ProgressStore.open(sys.argv[1]) as store:
    store.record_decision(store.start_session("evolution", Mode.FLASHCARDS, {}), decision())
"""


def test_a_saver_announces_each_save_that_committed_and_nothing_else(db_path: Path) -> None:
    heard: list[Path] = []
    stop = changes.subscribe(heard.append)
    try:
        saver = SessionSaver(lambda: ProgressStore.open(db_path, busy_timeout=0.1))
        saver.start("evolution", Mode.FLASHCARDS, {})
        saver.decision(decision())
        before = changes.stamp(db_path)
        assert saver.save().saved and heard == [db_path]
        after = changes.stamp(db_path)
        assert after != before and after.generation == before.generation + 1
        assert saver.save().saved and heard == [db_path]       # nothing waited: no news
        with LockHolder(db_path):
            saver.decision(decision())
            assert not saver.save(wait=True).saved             # locked: nothing committed
        assert heard == [db_path] and changes.stamp(db_path) == after
        assert saver.save().saved and heard == [db_path] * 2
        saver.close()                                          # the session's end
        assert heard == [db_path] * 3
    finally:
        stop()
    saver.start("evolution", Mode.FLASHCARDS, {})
    saver.save()
    saver.close()
    assert heard == [db_path] * 3                              # no longer listening


def test_another_programs_answers_move_the_stamp_though_nobody_announced_them(
        db_path: Path) -> None:
    with ProgressStore.open(db_path):
        pass
    before = changes.stamp(db_path)
    assert changes.stamp(db_path) == before                  # reading it changes nothing
    root = Path(__file__).resolve().parents[2]
    subprocess.run([sys.executable, "-c", _OTHER_PROGRAM, str(db_path)], cwd=root, check=True,
                   timeout=120)
    after = changes.stamp(db_path)
    assert after != before and after.generation == before.generation


def test_the_same_file_by_another_name_is_the_same_stamp(db_path: Path) -> None:
    with ProgressStore.open(db_path):
        pass
    roundabout = db_path.parent / ".." / db_path.parent.name / db_path.name
    changes.announce(roundabout)
    assert changes.stamp(roundabout) == changes.stamp(db_path)
