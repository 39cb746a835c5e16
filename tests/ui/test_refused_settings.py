"""A hand-edited settings value of the wrong type is refused, its default used, and said;
before, ``dir=/tmp/x/Smith, John`` (an unquoted comma reads as a list) became the folder
"['/tmp/x/Smith', 'John']" under the current directory, and ``dir=5`` the folder ./5."""

from __future__ import annotations

from pathlib import Path

import pytest

from trainer import settings as cfg
from trainer.settings import Settings
from trainer.ui.main_window import MainWindow


@pytest.mark.parametrize("line", ['dir = ["/tmp/x/Smith", "John"]', "dir = 5",
                                  'dir = "relative/folder"', 'dir = "/tmp/\\u001b[2J"'])
def test_a_data_folder_of_the_wrong_kind_is_refused_and_said(qtbot, tmp_path: Path,
                                                             line: str) -> None:
    path = tmp_path / "settings.toml"
    path.write_text(f"[data]\n{line}\n")
    store = Settings(path)
    assert store.get(cfg.DATA_DIR) == ""
    [said] = store.refused()
    assert said.startswith("Data location (data.dir): the value") and "is used instead" in said
    window = MainWindow(store)
    qtbot.addWidget(window)
    box = window.tell_refused_settings()
    assert box is not None and said in box.text() and str(path) in box.text()
    box.close()


def test_a_good_folder_is_used_and_nothing_said(qtbot, tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text(f'[data]\ndir = "{tmp_path / "mine"}"\n')
    store = Settings(path)
    assert store.get(cfg.DATA_DIR) == str(tmp_path / "mine")
    assert store.refused() == []


def test_an_unreadable_settings_file_is_said_by_the_window(qtbot, tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text("[look\ntheme = dark\n")
    window = MainWindow(Settings(path))
    qtbot.addWidget(window)
    box = window.tell_refused_settings()
    assert box is not None and "cannot be read" in box.text() and str(path) in box.text()
    box.close()
