"""The saving line says an answer is saved only once its commit returned, and offers Try again
while anything waits."""

from __future__ import annotations

from pathlib import Path

from PyQt6.QtCore import QObject, pyqtSignal

from trainer.progress.errors import CorruptDatabaseError, DatabaseLockedError
from trainer.progress.saving import SaveState
from trainer.ui.practice.progress_link import saving_line
from trainer.ui.practice.save_status import SaveStatus

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


class _Link(QObject):
    """What the status line reads of a progress link: its line, what waits, Try again."""

    changed = pyqtSignal()

    def __init__(self, line: str, waiting: SaveState | None = None) -> None:
        super().__init__()
        self.line, self.waiting = line, waiting

    def status(self) -> str:
        return self.line

    def unsaved(self) -> SaveState | None:
        return self.waiting

    def try_again(self) -> None:
        """Nothing to open again here."""


def test_the_line_of_where_answers_are_saved_keeps_to_one_line(qtbot) -> None:
    """A long path to the progress file is shortened in its middle to the room there is, the
    whole line in the tooltip (it had wrapped onto a second line the page had no room for, and
    was cut); with room, the whole line and no tooltip; a fault's words wrap, never shortened."""
    deep = Path("/home/a-player-with-a-long-name") / ("folder-within-folders/" * 6) / PATH.name
    line = f"Saved: 29 answers in {deep}"
    link = _Link(line)
    status = SaveStatus(link)   # type: ignore[arg-type]
    qtbot.addWidget(status)
    status.resize(360, 40)
    status.show()
    qtbot.waitExposed(status)
    label = status.label
    shown = label.text()
    assert shown != line and "…" in shown
    assert shown.startswith("Saved: ") and shown.endswith("sqlite3")
    assert label.fontMetrics().horizontalAdvance(shown) <= label.contentsRect().width()
    assert not label.wordWrap() and label.toolTip() == line
    status.resize(label.fontMetrics().horizontalAdvance(line) + 200, 40)
    qtbot.waitUntil(lambda: label.text() == line)
    assert label.toolTip() == ""
    fault = "2 answers are not saved yet: the progress file is locked by another program. " * 3
    link.line, link.waiting = fault, SaveState(3, 2, DatabaseLockedError(PATH), 7)
    status.resize(360, 200)
    link.changed.emit()
    assert label.text() == fault and label.wordWrap() and label.toolTip() == ""
