"""The saving line says an answer is saved only once its commit returned, and offers Try again
while anything waits."""

from __future__ import annotations

from pathlib import Path

from trainer.progress.errors import CorruptDatabaseError, DatabaseLockedError
from trainer.progress.saving import SaveState
from trainer.ui.practice.progress_link import saving_line

PATH = Path("/data/progress.sqlite3")


def test_the_line_claims_only_what_a_commit_confirmed() -> None:
    assert saving_line(SaveState(0, 0), PATH) == f"Your answers will be saved to {PATH}"
    assert saving_line(SaveState(2, 1, None, 4), PATH) == f"Saving to {PATH}…"
    assert saving_line(SaveState(0, 0, None, 1), PATH) == f"Saved: 1 answer in {PATH}"
    assert saving_line(SaveState(0, 0, None, 5), PATH) == f"Saved: 5 answers in {PATH}"


def test_a_fault_is_said_with_what_waits() -> None:
    locked = SaveState(3, 2, DatabaseLockedError(PATH), 7)
    assert saving_line(locked, PATH).startswith("2 answers are not saved yet: the progress "
                                                "file is locked")
    damaged = SaveState(1, 1, CorruptDatabaseError(PATH, "it is damaged"), 0)
    assert saving_line(damaged, PATH) == ("Not saving: the progress file is damaged. 1 answer "
                                          "is kept only until you close the trainer.")
