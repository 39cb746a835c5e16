"""A hand-edited settings value of the wrong type is refused, its default used, and said;
before, ``dir=/tmp/x/Smith, John`` (an unquoted comma reads as a list) became the folder
"['/tmp/x/Smith', 'John']" under the current directory, and ``dir=5`` the folder ./5."""

from __future__ import annotations

from pathlib import Path

import pytest
from PyQt6.QtCore import QSettings

from trainer.ui.main_window import MainWindow
from trainer.ui.settings import declarations as cfg


@pytest.mark.parametrize("line", ["dir=/tmp/x/Smith, John", "dir=5", "dir=relative/folder",
                                  "dir=/tmp/\\x1b[2J"])
def test_a_data_folder_of_the_wrong_kind_is_refused_and_said(qtbot, tmp_path: Path,
                                                             line: str) -> None:
    ini = tmp_path / "settings.ini"
    ini.write_text(f"[data]\n{line}\n")
    store = QSettings(str(ini), QSettings.Format.IniFormat)
    assert cfg.read(store, cfg.DATA_DIR) == ""
    [said] = cfg.refused(store)
    assert said.startswith("Data location: the stored value") and "is used instead" in said
    window = MainWindow(store)
    qtbot.addWidget(window)
    box = window.tell_refused_settings()
    assert box is not None and said in box.text() and str(ini) in box.text()
    box.close()


def test_a_good_folder_is_used_and_nothing_said(qtbot, tmp_path: Path) -> None:
    ini = tmp_path / "settings.ini"
    ini.write_text(f"[data]\ndir={tmp_path / 'mine'}\n")
    store = QSettings(str(ini), QSettings.Format.IniFormat)
    assert cfg.read(store, cfg.DATA_DIR) == str(tmp_path / "mine")
    assert cfg.refused(store) == []
